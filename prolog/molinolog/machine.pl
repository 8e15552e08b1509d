:- module(molinolog_machine,
          [ minimax_depth/1,        % ?Depth
            set_minimax_depth/1,    % +Depth
            best_move/2,            % +State, -Move
            best_move/3,            % +State, +Depth, -Move
            best_move_nodes/4,      % +State, +Depth, -Move, -Nodes
            best_move_within/4,     % +State, +Depth, +Seconds, -Move
            best_move_within/5,     % +State, +Depth, +Seconds, -Move, -Reached
            state_value/2,          % +State, -Score
            state_features/3,       % +State, +Colour, -Features
            random_move/2,          % +State, -Move
            self_play/5,            % +State0, +Black, +White, -Moves, -Outcome
            count_moves/3           % +T, +Depth, -N
          ]).

/** <module> Molinolog: the machine player (minimax with alpha-beta)

Start reading at prolog/molinolog.pl (the entry module).  This module
chooses whole turns for the player to move of a rules state; it changes no
rule.  It holds the machine's public predicates: they check their
arguments, choose the moves of the root and their order, and give the
game's moves (i_move_move/2 of molinolog_rules).  The search itself, with
the static value it ends in, is molinolog_search's
(prolog/molinolog/search.pl); the root moves are i_moves/2's.

## The state it reads

    molinolog(rules(T, ProtectMills), Black, White, ToMove, hand(NB, NW),
              Pending, Quiet, History)

documented in full in prolog/molinolog/rules.pl: Black and White are the bit
sets of the pieces, ToMove is b or w, NB and NW the pieces still in hand.
The only other state is the dynamic minimax_depth/1, the default depth.

## The search

best_move/3 searches whole turns (a capture is part of the turn that formed
the mill) with negamax and alpha-beta.  At the root, captures are searched
first, then moves onto a point where the opponent has two of a mill line,
then the rest (order_moves/3); ties go to the first move in that order, so
the search is deterministic.  Below the root the move order only decides
how much of the tree is cut off: three turns or more above the leaves the
children are sorted by their static value; one and two turns above them
they are taken class by class as at the root.  state_value/2 weighs pieces,
closed mills, open twos, blocked pieces and mobility; a won game is worth
more the sooner it comes.  search.pl's header tells how, and where the
time goes; bench/molinolog_ai.py measures the search against the previous
one, kept there.

## Playing and counting

random_move/2 and self_play/5 play whole games (for tests and bench/).
count_moves/3 is the perft count of i_moves/2, the moves the search plays:
sequences of whole turns, a turn that forms a mill counted once per
possible capture, no moves counted from a finished game.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(time)).
:- use_module(board).
:- use_module(rules).
:- use_module(search).

:- dynamic minimax_depth/1.

%!  minimax_depth(?Depth) is det.
%
%   Depth is the machine's default search depth in turns (3 unless changed
%   with set_minimax_depth/1).
%
%   ?- minimax_depth(D).
%   D = 3.
minimax_depth(3).

%!  set_minimax_depth(+Depth) is det.
%
%   Makes Depth (1..10) the machine's default search depth.
set_minimax_depth(Depth) :-
    must_be(between(1, 10), Depth),
    retractall(minimax_depth(_)),
    assertz(minimax_depth(Depth)).

                 /*******************************
                 *       THE MACHINE PLAYER     *
                 *******************************/

%!  state_value(+State, -Score) is det.
%
%   Score is the static value of State for the player to move: pieces (on
%   the board and in hand), closed mills, open twos (two pieces and an empty
%   point on a mill line), the opponent's blocked pieces and mobility.
%
%   ?- position_state(1, [], [(n,1)-b, (s,1)-b, (e,2)-b, (w,2)-b,
%                             (n,2)-w, (s,2)-w, (e,1)-w], b, 0-0, _S),
%      state_value(_S, V).
%   V = 1012.
state_value(S, Score) :-
    static_value(S, Score).

%!  state_features(+State, +Colour, -Features) is det.
%
%   Features = features(Pieces, Mills, Twos, Mobility, Blocked) are the
%   terms state_value/2 weighs for Colour: pieces on the board and in hand,
%   closed mills, open twos, moves along edges (piece-empty neighbour pairs)
%   and pieces without an empty neighbour.
%
%   ?- position_state(1, [], [(nw,1)-b, (n,1)-b, (ne,1)-b, (s,1)-b,
%                             (n,2)-w, (w,1)-w], b, 1-4, _S),
%      state_features(_S, b, F).
%   F = features(5, 1, 0, 4, 2).
state_features(molinolog(rules(T, _), B, W, _, H, _, _, _), C,
               features(Pieces, Mills, Twos, Mob, Blk)) :-
    colour_bits(C, B, W, X),
    hand_count(C, H, N),
    Pieces is popcount(X) + N,
    empty_neighbours(T, B, W, Empty, Sides),
    mobility(X, Sides, Mob, Blk),
    t_masks(T, _, Start),
    lines(X, Empty, Start, Mills, Twos).

%!  best_move(+State, -Move) is semidet.
%!  best_move(+State, +Depth, -Move) is semidet.
%
%   Move is the machine's whole turn for the player to move, from a minimax
%   search with alpha-beta of Depth turns (default: minimax_depth/1).  Fails
%   if the game is over.  Deterministic: the first best move in the search
%   order wins ties, so a state with a pending capture gets the capture the
%   machine planned when it chose the mill-forming step (same Depth).
%
%   ?- molinolog_initial(2, _S0),
%      foldl([_M, _A, _B]>>play_move(_A, _M, _B),
%            [place((nw,1)), place((s,3)), place((n,1)), place((s,2))], _S0, _S),
%      best_move(_S, 2, M).
%   M = place((ne,1), (s,3)).
best_move(S, Move) :-
    minimax_depth(Depth),
    best_move(S, Depth, Move).

best_move(S, Depth, Move) :-
    best_move_nodes(S, Depth, Move, _).

%!  best_move_within(+State, +Depth, +Seconds, -Move) is semidet.
%
%   Move is the best move of the deepest search, 1 to Depth turns, that
%   ends within Seconds (iterative deepening): a deep search on a slow
%   machine answers the best move found in time instead of running on.  The
%   search of depth 1 always runs to its end.
%
%   ?- molinolog_initial(2, _S), best_move_within(_S, 3, 5, M).
%   M = place((n,2)).
best_move_within(S, Depth, Seconds, Move) :-
    best_move_within(S, Depth, Seconds, Move, _).

%!  best_move_within(+State, +Depth, +Seconds, -Move, -Reached) is semidet.
%
%   As best_move_within/4; Reached is the depth of the search whose move
%   it answers, so best_move(State, Reached, Move) gives the same Move (each
%   depth is a search of its own).
%
%   ?- molinolog_initial(2, _S), best_move_within(_S, 3, 5, M, D).
%   M = place((n,2)),
%   D = 3.
best_move_within(S, Depth, Seconds, Move, Reached) :-
    get_time(Start),
    Deadline is Start + Seconds,
    best_move(S, 1, Move1),
    deepen(2, Depth, S, Deadline, Move1-1, Move-Reached).

deepen(D, Depth, _, _, Found, Found) :-
    D > Depth,
    !.
deepen(D, Depth, S, Deadline, Found0, Found) :-
    get_time(Now),
    Left is Deadline - Now,
    (   Left > 0,
        catch(call_with_time_limit(Left, best_move(S, D, Move1)), time_limit_exceeded, fail)
    ->  D1 is D + 1,
        deepen(D1, Depth, S, Deadline, Move1-D, Found)
    ;   Found = Found0
    ).

%!  best_move_nodes(+State, +Depth, -Move, -Nodes) is semidet.
%
%   As best_move/3; Nodes is the number of positions the search visited
%   (the root and every position given to the search below it; the
%   children only valued to sort them are not counted).
best_move_nodes(S, Depth, Move, Nodes) :-
    must_be(positive_integer, Depth),
    state_outcome(S, none),
    i_moves(S, Ms0),
    order_moves(S, Ms0, Ms),
    search_moves(S, Ms, Depth, Best, Nodes),
    i_move_move(Best, Move).

%   order_moves(+S, +Moves, -Ordered): captures first, then moves onto a
%   point where the opponent has two of a mill line, then the rest; stable,
%   so ties keep the generation order.  The order of the root's moves.
order_moves(S, Ms, Ordered) :-
    S = molinolog(rules(T, _), B, W, C, _, _, _, _),
    other(C, O),
    colour_bits(O, B, W, Op),
    map_list_to_pairs(move_class(T, Op), Ms, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered).

move_class(T, Op, Move, K) :-
    move_class_(Move, T, Op, K).

move_class_(pl(_, _), _, _, 0).
move_class_(mv(_, _, _), _, _, 0).
move_class_(cp(_), _, _, 0).
move_class_(pl(I), T, Op, K) :-
    block_class(T, I, Op, K).
move_class_(mv(_, J), T, Op, K) :-
    block_class(T, J, Op, K).

block_class(T, I, Op, K) :-
    t_point_mills(T, I, Ms),
    (   member(M, Ms),
        popcount(M /\ Op) =:= 2
    ->  K = 1
    ;   K = 2
    ).

%!  random_move(+State, -Move) is semidet.
%
%   Move is a legal whole turn chosen at random (library(random)); fails if
%   the game is over.
random_move(S, Move) :-
    findall(M, legal_move(S, M), Ms),
    random_member(Move, Ms).

%!  self_play(+State0, +Black, +White, -Moves, -Outcome) is det.
%
%   Plays from State0 to the end; Black and White are `minimax(Depth)` or
%   `random`.  Moves are the whole turns played, Outcome the final outcome.
%   Ends always: captures are finite and the draw rules stop quiet play.
self_play(S0, Black, White, Moves, Outcome) :-
    state_outcome(S0, Outcome0),
    (   Outcome0 == none
    ->  state_to_move(S0, C),
        colour_player(C, Black, White, Player),
        player_move(Player, S0, M),
        play_move(S0, M, S),
        Moves = [M|Moves1],
        self_play(S, Black, White, Moves1, Outcome)
    ;   Moves = [],
        Outcome = Outcome0
    ).

colour_player(b, P, _, P).
colour_player(w, _, P, P).

player_move(minimax(D), S, M) :-
    best_move(S, D, M).
player_move(random, S, M) :-
    random_move(S, M).

                 /*******************************
                 *        THE PERFT COUNT       *
                 *******************************/

%!  count_moves(+T, +Depth, -N) is det.
%
%   N is the number of sequences of Depth whole turns from the start of the
%   game of size T (perft).  A turn that forms a mill counts once per capture.
%
%   ?- count_moves(2, 2, N).
%   N = 552.
count_moves(T, Depth, N) :-
    must_be(nonneg, Depth),
    molinolog_initial(T, S),
    perft(Depth, S, N).

perft(Depth, S, N) :-
    (   Depth =:= 0
    ->  N = 1
    ;   state_outcome(S, Outcome),
        Outcome \== none
    ->  N = 0
    ;   i_moves(S, Ms),
        (   Depth =:= 1
        ->  length(Ms, N)
        ;   D1 is Depth - 1,
            foldl(perft_child(D1, S), Ms, 0, N)
        )
    ).

perft_child(Depth, S0, M, N0, N) :-
    i_play(S0, M, S),
    perft(Depth, S, N1),
    N is N0 + N1.
