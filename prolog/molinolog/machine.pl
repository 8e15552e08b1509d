:- module(molinolog_machine,
          [ minimax_depth/1,        % ?Depth
            set_minimax_depth/1,    % +Depth
            best_move/2,            % +State, -Move
            best_move/3,            % +State, +Depth, -Move
            best_move_nodes/4,      % +State, +Depth, -Move, -Nodes
            best_move_within/4,     % +State, +Depth, +Seconds, -Move
            state_value/2,          % +State, -Score
            state_features/3,       % +State, +Colour, -Features
            random_move/2,          % +State, -Move
            self_play/5,            % +State0, +Black, +White, -Moves, -Outcome
            count_moves/3           % +T, +Depth, -N
          ]).

/** <module> Molinolog: the machine player (minimax with alpha-beta)

Start reading at prolog/molinolog.pl (the entry module).  This module
chooses whole turns for the player to move of a rules state; it changes no
rule.  The root of the search uses the internal moves of molinolog_rules
(i_moves/2, i_play/3); below it the search generates and plays the same
moves itself on the bit sets of molinolog_board (gen_moves/7, play/14; a
test checks that gen_moves/7 lists exactly i_moves/2's moves).

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
then the rest; ties go to the first move in that order, so the search is
deterministic.  Below the root the move order only decides how much of the
tree is cut off (see node/15): three turns or more above the leaves the
children are sorted by their static value; one and two turns above them
they are taken class by class as at the root, one at a time, without a list
of moves (by_class/15).  state_value/2 weighs pieces, closed mills, open
twos, blocked pieces and mobility (see weights/5); a won game is worth more
the sooner it comes.  The evaluation (leaf/10) is one clause of arithmetic
on whole bit sets, compiled to virtual machine instructions (the optimise
flag, below); it is where most of the time goes.  bench/molinolog_ai.py
measures the search against the previous one, kept there.

## Playing and counting

random_move/2 and self_play/5 play whole games (for tests and bench/).
count_moves/3 is the perft count of i_moves/2, the moves the search plays:
sequences of whole turns, a turn that forms a mill counted once per
possible capture, no moves counted from a finished game.
*/

%   Arithmetic is compiled to virtual machine instructions in this file
%   only (the flag is local to a source file): the search spends most of
%   its time on bit-set arithmetic.
:- set_prolog_flag(optimise, true).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(library(time)).
:- use_module(board).
:- use_module(rules).

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

%   Tuning constants of the evaluation (per piece, closed mill, open two,
%   blocked piece, free move) and the value of a won game.
weights(1000, 40, 25, 15, 4).
win_value(100000).
infinity(1000000).

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
    S = molinolog(_, B, W, C, hand(NB, NW), _, Q, [_|Keys]),
    search_env(S, Env),
    leaf(Env, C, B, W, NB, NW, Q, Keys, 0, Score).

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
    get_time(Start),
    Deadline is Start + Seconds,
    best_move(S, 1, Move1),
    deepen(2, Depth, S, Deadline, Move1, Move).

deepen(D, Depth, _, _, Move, Move) :-
    D > Depth,
    !.
deepen(D, Depth, S, Deadline, Move0, Move) :-
    get_time(Now),
    Left is Deadline - Now,
    (   Left > 0,
        catch(call_with_time_limit(Left, best_move(S, D, Move1)), time_limit_exceeded, fail)
    ->  D1 is D + 1,
        deepen(D1, Depth, S, Deadline, Move1, Move)
    ;   Move = Move0
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
    search_env(S, Env),
    infinity(Inf),
    Alpha is -Inf,
    D1 is Depth - 1,
    Ms = [First|_],
    root(Ms, S, Env, D1, Alpha, First, Best, 1, Nodes),
    i_move_move(Best, Move).

%   search_env(+State, -Env): what the search reads of the board, once per
%   search: env(T, ProtectMills, AllPoints, Spokes, Starts) (t_full/2,
%   t_masks/3).
search_env(molinolog(rules(T, Protect), _, _, _, _, _, _, _),
           env(T, Protect, Full, Spokes, Start)) :-
    t_full(T, Full),
    t_masks(T, Spokes, Start).

root([], _, _, _, _, Best, Best, N, N).
root([M|Ms], S, Env, D, Alpha, Best0, Best, N0, N) :-
    i_play(S, M, S1),
    S1 = molinolog(_, B, W, C, hand(NB, NW), _, Q, [_|Keys]),
    infinity(Inf),
    NegInf is -Inf,
    Beta is -Alpha,
    node(D, Env, C, B, W, NB, NW, Q, Keys, 1, NegInf, Beta, V1, N0, N1),
    V is -V1,
    (   V > Alpha
    ->  root(Ms, S, Env, D, V, M, Best, N1, N)
    ;   root(Ms, S, Env, D, Alpha, Best0, Best, N1, N)
    ).

/*  The search below the root works on a position taken apart into
    arguments, not on the state term: C (the player to move), B and W (the
    bit sets), NB and NW (the pieces in hand), Q (the quiet turns) and Keys,
    the keys k(B, W, C) of the earlier positions that can come back (the
    state's History without its head, the key of this position; [] after a
    placement or a capture).  Env is search_env/2's.  Pending is always none
    below the root: the search plays whole turns.

    node(+Depth, +Env, +C, +B, +W, +NB, +NW, +Q, +Keys, +Ply, +Alpha, +Beta,
    -Value, +N0, -N) is negamax with fail-soft alpha-beta; Value is for C.
    N0/N count the positions visited.  Children are searched in this order:
    three turns or more above the leaves, by their static value (best for
    the mover first: sorting costs one evaluation per child, paid back by
    the cut-offs it brings high in the tree); one or two turns above the
    leaves, by class (captures, then moves onto a point where the opponent
    has two of a mill line, then the rest: order_moves/3's), played one at
    a time (by_class/15).  The order changes how much of the tree is cut
    off, never a value: alpha-beta answers the minimax value whatever the
    order below the root, so the root's choice is that of a full minimax
    search with the root's own order breaking ties.
*/
node(D, Env, C, B, W, NB, NW, Q, Keys, Ply, Alpha, Beta, V, N0, N) :-
    N1 is N0 + 1,
    (   popcount(B) + NB =< 2
    ->  lost_value(b, C, Ply, V),
        N = N1
    ;   popcount(W) + NW =< 2
    ->  lost_value(w, C, Ply, V),
        N = N1
    ;   D =:= 0
    ->  leaf(Env, C, B, W, NB, NW, Q, Keys, Ply, V),
        N = N1
    ;   D =< 2
    ->  by_class(D, Env, C, B, W, NB, NW, Q, Keys, Ply, Alpha, Beta, V, N1, N)
    ;   gen_moves(Env, C, B, W, NB, NW, Moves),
        (   Moves == []
        ->  lost_value(C, C, Ply, V),
            N = N1
        ;   drawn(Q, Keys, B, W, C)
        ->  V = 0,
            N = N1
        ;   other(C, O),
            valued_children(Moves, Env, C, O, B, W, NB, NW, Q, Keys, Keyed),
            keysort(Keyed, Sorted),
            D1 is D - 1,
            Ply1 is Ply + 1,
            infinity(Inf),
            Best0 is -Inf,
            children(Sorted, D1, Env, O, Ply1, Alpha, Beta, Best0, V, N1, N)
        )
    ).

%   lost_value(+Loser, +C, +Ply, -V): the value for C of a game Loser lost
%   at Ply: the sooner, the better for the winner.
lost_value(Loser, C, Ply, V) :-
    win_value(Win),
    (   Loser == C
    ->  V is Ply - Win
    ;   V is Win - Ply
    ).

%   children(+Sorted, +D, +Env, +C, +Ply, +Alpha, +Beta, +Best0, -Best,
%   +N0, -N): the children (Key-ch(B, W, NB, NW, Q, Keys), C to move in
%   them) searched in order until one refutes the parent (Alpha >= Beta).
children([], _, _, _, _, _, _, Best, Best, N, N).
children([_-ch(B, W, NB, NW, Q, Keys)|Cs], D, Env, C, Ply, Alpha, Beta, Best0, Best,
         N0, N) :-
    A1 is -Beta,
    B1 is -Alpha,
    node(D, Env, C, B, W, NB, NW, Q, Keys, Ply, A1, B1, V1, N0, N1),
    V is -V1,
    Best1 is max(Best0, V),
    Alpha1 is max(Alpha, V),
    (   Alpha1 >= Beta
    ->  Best = Best1,
        N = N1
    ;   children(Cs, D, Env, C, Ply, Alpha1, Beta, Best1, Best, N1, N)
    ).

%   by_class(+D, +Env, +C, +B, +W, +NB, +NW, +Q, +Keys, +Ply, +Alpha, +Beta,
%   -V, +N0, -N): node/15 one or two turns (D) above the leaves.  No list
%   of moves is made: the children are played and searched one at a time,
%   class by class (captures, then blocking moves, then the rest; within a
%   class in generation order), until one refutes this position.  Comp(X)
%   (see completions/3) tells at once which empty points would close a mill
%   of X.
by_class(D, Env, C, B, W, NB, NW, Q, Keys, Ply, Alpha, Beta, V, N0, N) :-
    Env = env(T, Protect, Full, Spokes, Start),
    (   C == b
    ->  Own = B, Opp = W, Hand = NB
    ;   Own = W, Opp = B, Hand = NW
    ),
    capturable(Protect, T, Opp, Caps),
    Empty is Full /\ \ (B \/ W),
    completions(Own, Start, CompOwn0),
    CompOwn is CompOwn0 /\ Empty,
    (   no_moves(Caps, Hand, Own, Empty, Spokes, Env, C, B, W, NB, NW)
    ->  lost_value(C, C, Ply, V),
        N = N0
    ;   drawn(Q, Keys, B, W, C)
    ->  V = 0,
        N = N0
    ;   other(C, O),
        Ply1 is Ply + 1,
        D1 is D - 1,
        Ctx = ctx(Env, C, O, B, W, NB, NW, Q, Keys, Ply1, Beta, D1),
        infinity(Inf),
        Best0 is -Inf,
        (   Hand > 0
        ->  mill_places(CompOwn, Caps, Ctx, Alpha, Best0, N0, A1, Best1, N1)
        ;   TOE = T-Own-Empty,
            mill_moves(Own, TOE, CompOwn, Caps, Ctx, Alpha, Best0, N0, A1, Best1, N1)
        ),
        (   cut_off(Ctx, A1)
        ->  V = Best1,
            N = N1
        ;   completions(Opp, Start, CompOpp0),
            CompOpp is CompOpp0 /\ Empty,
            (   Hand > 0
            ->  Quiet is Empty /\ \ CompOwn,
                Block is Quiet /\ CompOpp,
                Rest is Quiet /\ \ CompOpp,
                places(Block, Ctx, A1, Best1, N1, A2, Best2, N2),
                places(Rest, Ctx, A2, Best2, N2, _, V, N)
            ;   Block is Empty /\ CompOpp,
                Rest is Empty /\ \ CompOpp,
                quiet_moves(Own, TOE, CompOwn, Block, Ctx, A1, Best1, N1, A2, Best2, N2),
                quiet_moves(Own, TOE, CompOwn, Rest, Ctx, A2, Best2, N2, _, V, N)
            )
        )
    ).

%   no_moves(+Caps, +Hand, +Own, +Empty, +Spokes, +Env, +C, +B, +W, +NB,
%   +NW): C has no whole turn.  While there is something to capture, C has
%   one if there is an empty point to place on (Hand > 0) or a piece with
%   an empty neighbour; with nothing to capture a turn that closes a mill
%   cannot end, and the list of moves decides.
no_moves(Caps, Hand, Own, Empty, Spokes, Env, C, B, W, NB, NW) :-
    (   Caps =:= 0
    ->  gen_moves(Env, C, B, W, NB, NW, [])
    ;   Hand > 0
    ->  Empty =:= 0
    ;   Free is ((((Empty >> 1) /\ 0x7F7F7F7F) \/ ((Empty << 7) /\ 0x80808080))
                \/ (((Empty << 1) /\ 0xFEFEFEFE) \/ ((Empty >> 7) /\ 0x01010101))
                \/ ((Empty >> 8) /\ Spokes) \/ ((Empty << 8) /\ Spokes)),
        Own /\ Free =:= 0
    ).

%   The loops below search the children of a by_class/15 position: each
%   threads Alpha, Best and the node count, and stops when Alpha >= Beta.
%   mill_places(+Points, +Caps, ...): place on each of Points (each closes
%   a mill) with each capture; places(+Points, ...): quiet placements.
mill_places(Is, Caps, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Is =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Is),
        Is1 is Is /\ (Is - 1),
        place_captures(Caps, I, Ctx, A0, B0, N0, A1, B1, N1),
        mill_places(Is1, Caps, Ctx, A1, B1, N1, A, Best, N)
    ).

place_captures(Ks, I, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Ks =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   K is lsb(Ks),
        Ks1 is Ks /\ (Ks - 1),
        child(Ctx, pl(I, K), A0, B0, N0, A1, B1, N1),
        place_captures(Ks1, I, Ctx, A1, B1, N1, A, Best, N)
    ).

places(Is, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Is =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Is),
        Is1 is Is /\ (Is - 1),
        child(Ctx, pl(I), A0, B0, N0, A1, B1, N1),
        places(Is1, Ctx, A1, B1, N1, A, Best, N)
    ).

%   mill_moves(+Fs, +T-Own-Empty, +CompOwn, +Caps, ...): the moves of the
%   pieces Fs that close a mill, with each capture.
mill_moves(Fs, TOE, CompOwn, Caps, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Fs =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Fs),
        Fs1 is Fs /\ (Fs - 1),
        TOE = T-Own-Empty,
        t_adj(T, I, Adj),
        Js is Adj /\ Empty /\ CompOwn,
        Own1 is Own xor (1 << I),
        mill_moves_from(Js, I, T, Own1, Caps, Ctx, A0, B0, N0, A1, B1, N1),
        mill_moves(Fs1, TOE, CompOwn, Caps, Ctx, A1, B1, N1, A, Best, N)
    ).

mill_moves_from(Js, I, T, Own1, Caps, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Js =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   J is lsb(Js),
        Js1 is Js /\ (Js - 1),
        t_pairs(T, J, Pairs),
        (   closes(Pairs, Own1)
        ->  move_captures(Caps, I, J, Ctx, A0, B0, N0, A1, B1, N1)
        ;   A1 = A0, B1 = B0, N1 = N0
        ),
        mill_moves_from(Js1, I, T, Own1, Caps, Ctx, A1, B1, N1, A, Best, N)
    ).

move_captures(Ks, I, J, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Ks =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   K is lsb(Ks),
        Ks1 is Ks /\ (Ks - 1),
        child(Ctx, mv(I, J, K), A0, B0, N0, A1, B1, N1),
        move_captures(Ks1, I, J, Ctx, A1, B1, N1, A, Best, N)
    ).

%   quiet_moves(+Fs, +T-Own-Empty, +CompOwn, +To, ...): the moves of the
%   pieces Fs to points of To that close no mill.
quiet_moves(Fs, TOE, CompOwn, To, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Fs =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Fs),
        Fs1 is Fs /\ (Fs - 1),
        TOE = T-Own-_,
        t_adj(T, I, Adj),
        Js is Adj /\ To,
        Own1 is Own xor (1 << I),
        quiet_moves_from(Js, I, T, Own1, CompOwn, Ctx, A0, B0, N0, A1, B1, N1),
        quiet_moves(Fs1, TOE, CompOwn, To, Ctx, A1, B1, N1, A, Best, N)
    ).

quiet_moves_from(Js, I, T, Own1, CompOwn, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Js =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   J is lsb(Js),
        Js1 is Js /\ (Js - 1),
        (   CompOwn >> J /\ 1 =:= 1,
            t_pairs(T, J, Pairs),
            closes(Pairs, Own1)
        ->  A1 = A0, B1 = B0, N1 = N0
        ;   child(Ctx, mv(I, J), A0, B0, N0, A1, B1, N1)
        ),
        quiet_moves_from(Js1, I, T, Own1, CompOwn, Ctx, A1, B1, N1, A, Best, N)
    ).

cut_off(ctx(_, _, _, _, _, _, _, _, _, _, Beta, _), Alpha) :-
    Alpha >= Beta.

%   child(+Ctx, +Move, +Alpha0, +Best0, +N0, -Alpha, -Best, -N): plays Move
%   and searches the position it leads to (a leaf valued here, or node/15).
child(ctx(Env, P, C, B, W, NB, NW, Q, Keys, Ply, Beta, D), M, A0, B0, N0, A, Best, N) :-
    play(M, P, B, W, NB, NW, Q, Keys, B1, W1, NB1, NW1, Q1, Keys1),
    (   D =:= 0
    ->  N is N0 + 1,
        (   popcount(B1) + NB1 =< 2
        ->  lost_value(b, C, Ply, V1)
        ;   popcount(W1) + NW1 =< 2
        ->  lost_value(w, C, Ply, V1)
        ;   leaf(Env, C, B1, W1, NB1, NW1, Q1, Keys1, Ply, V1)
        )
    ;   A1 is -Beta,
        B2 is -A0,
        node(D, Env, C, B1, W1, NB1, NW1, Q1, Keys1, Ply, A1, B2, V1, N0, N)
    ),
    V is -V1,
    Best is max(B0, V),
    A is max(A0, V).

%   completions(+X, +Start, -Comp): the points (empty or not) whose two
%   partners on some mill line are both in X.  On a ring side (corner,
%   middle, corner) the middle needs both neighbours on its ring, a corner
%   the two points beyond it on either side; on a line across rings
%   (Start: its inner ends) a point needs the two others on its spoke.
completions(X, Start, Comp) :-
    R1 is ((X >> 1) /\ 0x7F7F7F7F) \/ ((X << 7) /\ 0x80808080),
    L1 is ((X << 1) /\ 0xFEFEFEFE) \/ ((X >> 7) /\ 0x01010101),
    R2 is ((R1 >> 1) /\ 0x7F7F7F7F) \/ ((R1 << 7) /\ 0x80808080),
    L2 is ((L1 << 1) /\ 0xFEFEFEFE) \/ ((L1 >> 7) /\ 0x01010101),
    Comp is (L1 /\ R1 /\ 0x55555555)
          \/ (((L1 /\ L2) \/ (R1 /\ R2)) /\ 0xAAAAAAAA)
          \/ ((X >> 8) /\ (X >> 16) /\ Start)
          \/ ((X << 8) /\ (X >> 8) /\ (Start << 8))
          \/ ((X << 8) /\ (X << 16) /\ (Start << 16)).

%   valued_children(+Moves, +Env, +P, +C, +B, +W, +NB, +NW, +Q, +Keys,
%   -Keyed): the positions after P's Moves as Value-ch(...) pairs, Value
%   the child's static value for C (its player to move), in Moves' order.
valued_children([], _, _, _, _, _, _, _, _, _, []).
valued_children([M|Ms], Env, P, C, B, W, NB, NW, Q, Keys,
                [V-ch(B1, W1, NB1, NW1, Q1, Keys1)|Cs]) :-
    play(M, P, B, W, NB, NW, Q, Keys, B1, W1, NB1, NW1, Q1, Keys1),
    leaf(Env, C, B1, W1, NB1, NW1, Q1, Keys1, 0, V),
    valued_children(Ms, Env, P, C, B, W, NB, NW, Q, Keys, Cs).

%   play(+Move, +C, +B, +W, +NB, +NW, +Q, +Keys, -B1, -W1, -NB1, -NW1, -Q1,
%   -Keys1): the position after C's whole turn Move (as i_play/3 does on
%   the state term).
play(pl(I), C, B, W, NB, NW, Q, _, B1, W1, NB1, NW1, Q1, []) :-
    Q1 is Q + 1,
    (   C == b
    ->  B1 is B \/ (1 << I), W1 = W, NB1 is NB - 1, NW1 = NW
    ;   W1 is W \/ (1 << I), B1 = B, NW1 is NW - 1, NB1 = NB
    ).
play(pl(I, K), C, B, W, NB, NW, _, _, B1, W1, NB1, NW1, 0, []) :-
    (   C == b
    ->  B1 is B \/ (1 << I), W1 is W xor (1 << K), NB1 is NB - 1, NW1 = NW
    ;   W1 is W \/ (1 << I), B1 is B xor (1 << K), NW1 is NW - 1, NB1 = NB
    ).
play(mv(I, J), C, B, W, NB, NW, Q, Keys, B1, W1, NB, NW, Q1, [k(B, W, C)|Keys]) :-
    Q1 is Q + 1,
    (   C == b
    ->  B1 is B xor ((1 << I) \/ (1 << J)), W1 = W
    ;   W1 is W xor ((1 << I) \/ (1 << J)), B1 = B
    ).
play(mv(I, J, K), C, B, W, NB, NW, _, _, B1, W1, NB, NW, 0, []) :-
    (   C == b
    ->  B1 is B xor ((1 << I) \/ (1 << J)), W1 is W xor (1 << K)
    ;   W1 is W xor ((1 << I) \/ (1 << J)), B1 is B xor (1 << K)
    ).

%   drawn(+Q, +Keys, +B, +W, +C): the position is drawn (100 quiet turns,
%   or its third occurrence), as drawn/2 of molinolog_rules.
drawn(Q, Keys, B, W, C) :-
    (   Q >= 100
    ->  true
    ;   Keys \== [],
        occurs_twice(Keys, k(B, W, C))
    ).

occurs_twice([K|Ks], Key) :-
    (   K == Key
    ->  memberchk(Key, Ks)
    ;   occurs_twice(Ks, Key)
    ).

%   leaf(+Env, +C, +B, +W, +NB, +NW, +Q, +Keys, +Ply, -V): the static value
%   for C (X below: C's pieces; Y: the opponent's): lost at Ply if C has
%   nothing in hand and no move, 0 if drawn, else the weighed features of
%   state_features/3.  They are computed on whole bit sets with the
%   expressions of molinolog_board's empty_neighbours/5, mobility/4 and
%   lines/5, written out in one clause so that they compile to arithmetic
%   instructions: XR and XL have bit K set when X holds the point next to K
%   on its ring clockwise and anticlockwise (ER, EL: the empty points), X1
%   and X2 when X holds the point one and two rings out.
leaf(env(_, _, Full, Spokes, Start), C, B, W, NB, NW, Q, Keys, Ply, V) :-
    (   C == b
    ->  X = B, Y = W, HX = NB, HY = NW
    ;   X = W, Y = B, HX = NW, HY = NB
    ),
    E is Full /\ \ (B \/ W),
    ER is ((E >> 1) /\ 0x7F7F7F7F) \/ ((E << 7) /\ 0x80808080),
    EL is ((E << 1) /\ 0xFEFEFEFE) \/ ((E >> 7) /\ 0x01010101),
    Out is (E >> 8) /\ Spokes,
    In is (E << 8) /\ Spokes,
    MobX is popcount(X /\ ER) + popcount(X /\ EL)
          + popcount(X /\ Out) + popcount(X /\ In),
    (   HX =:= 0,
        MobX =:= 0
    ->  win_value(Win),
        V is Ply - Win
    ;   drawn(Q, Keys, B, W, C)
    ->  V = 0
    ;   weights(WP, WM, W2, WB, WMob),
        Blocked is \ (ER \/ EL \/ Out \/ In),
        E1 is E >> 8,
        E2 is E >> 16,
        XR is ((X >> 1) /\ 0x7F7F7F7F) \/ ((X << 7) /\ 0x80808080),
        XL is ((X << 1) /\ 0xFEFEFEFE) \/ ((X >> 7) /\ 0x01010101),
        X1 is X >> 8,
        X2 is X >> 16,
        YR is ((Y >> 1) /\ 0x7F7F7F7F) \/ ((Y << 7) /\ 0x80808080),
        YL is ((Y << 1) /\ 0xFEFEFEFE) \/ ((Y >> 7) /\ 0x01010101),
        Y1 is Y >> 8,
        Y2 is Y >> 16,
        V is WP * (popcount(X) + HX - popcount(Y) - HY)
           + WM * ( popcount(XL /\ X /\ XR /\ 0x55555555)
                  + popcount(X /\ X1 /\ X2 /\ Start)
                  - popcount(YL /\ Y /\ YR /\ 0x55555555)
                  - popcount(Y /\ Y1 /\ Y2 /\ Start) )
           + W2 * ( popcount(((XL /\ X /\ ER) \/ (XR /\ ((XL /\ E) \/ (EL /\ X))))
                             /\ 0x55555555)
                  + popcount(((X /\ X1 /\ E2) \/ (X2 /\ ((X /\ E1) \/ (E /\ X1))))
                             /\ Start)
                  - popcount(((YL /\ Y /\ ER) \/ (YR /\ ((YL /\ E) \/ (EL /\ Y))))
                             /\ 0x55555555)
                  - popcount(((Y /\ Y1 /\ E2) \/ (Y2 /\ ((Y /\ E1) \/ (E /\ Y1))))
                             /\ Start) )
           + WB * ( popcount(Y /\ Blocked) - popcount(X /\ Blocked) )
           + WMob * ( MobX - popcount(Y /\ ER) - popcount(Y /\ EL)
                    - popcount(Y /\ Out) - popcount(Y /\ In) )
    ).

/*  gen_moves(+Env, +C, +B, +W, +NB, +NW, -Moves): the moves of a position
    below the root, in i_moves/2's order (points by bit index, lowest
    first; a turn that forms a mill once per capture): pl(I), pl(I, K),
    mv(I, J), mv(I, J, K).
*/
gen_moves(env(T, Protect, Full, _, Start), C, B, W, NB, NW, Moves) :-
    (   C == b
    ->  Own = B, Opp = W, Hand = NB
    ;   Own = W, Opp = B, Hand = NW
    ),
    capturable(Protect, T, Opp, Caps),
    Empty is Full /\ \ (B \/ W),
    completions(Own, Start, Comp0),
    Comp is Comp0 /\ Empty,
    (   Hand > 0
    ->  place_moves(Empty, Comp, Caps, Moves, [])
    ;   move_moves(Own, T, Own, Empty, Comp, Caps, Moves, [])
    ).

capturable(false, _, Opp, Opp).
capturable(true, T, Opp, Caps) :-
    mill_bits(T, Opp, InMills),
    Free is Opp /\ \ InMills,
    (   Free =:= 0
    ->  Caps = Opp
    ;   Caps = Free
    ).

place_moves(Es, Comp, Caps, Ms0, Ms) :-
    (   Es =:= 0
    ->  Ms0 = Ms
    ;   I is lsb(Es),
        Es1 is Es /\ (Es - 1),
        (   Comp >> I /\ 1 =:= 1
        ->  capture_moves(Caps, pl(I), Ms0, Ms1)
        ;   Ms0 = [pl(I)|Ms1]
        ),
        place_moves(Es1, Comp, Caps, Ms1, Ms)
    ).

move_moves(Fs, T, Own, Empty, Comp, Caps, Ms0, Ms) :-
    (   Fs =:= 0
    ->  Ms0 = Ms
    ;   I is lsb(Fs),
        Fs1 is Fs /\ (Fs - 1),
        t_adj(T, I, Adj),
        Js is Adj /\ Empty,
        Own1 is Own xor (1 << I),
        moves_from(Js, I, T, Own1, Comp, Caps, Ms0, Ms1),
        move_moves(Fs1, T, Own, Empty, Comp, Caps, Ms1, Ms)
    ).

%   moves_from(+Js, +I, +T, +Own1, ...): the moves of the piece on I to
%   the points Js; Own1 are the mover's other pieces.
moves_from(Js, I, T, Own1, Comp, Caps, Ms0, Ms) :-
    (   Js =:= 0
    ->  Ms0 = Ms
    ;   J is lsb(Js),
        Js1 is Js /\ (Js - 1),
        (   Comp >> J /\ 1 =:= 1,
            t_pairs(T, J, Pairs),
            closes(Pairs, Own1)
        ->  capture_moves(Caps, mv(I, J), Ms0, Ms1)
        ;   Ms0 = [mv(I, J)|Ms1]
        ),
        moves_from(Js1, I, T, Own1, Comp, Caps, Ms1, Ms)
    ).

%   capture_moves(+Caps, +Move, ...): Move (pl(I) or mv(I, J)) with each
%   capture of Caps: pl(I, K) or mv(I, J, K).
capture_moves(Ks, M, Ms0, Ms) :-
    (   Ks =:= 0
    ->  Ms0 = Ms
    ;   K is lsb(Ks),
        Ks1 is Ks /\ (Ks - 1),
        with_capture(M, K, MK),
        Ms0 = [MK|Ms1],
        capture_moves(Ks1, M, Ms1, Ms)
    ).

with_capture(pl(I), K, pl(I, K)).
with_capture(mv(I, J), K, mv(I, J, K)).

%   closes(+Pairs, +X): X holds both other points of a mill line through
%   the point whose Pairs these are.
closes([P|Ps], X) :-
    (   X /\ P =:= P
    ->  true
    ;   closes(Ps, X)
    ).

%   t_pairs(?T, ?I, -Pairs): for each mill line through point I of the
%   board of size T, the bit set of its two other points; computed at load
%   time from t_point_mills/3.
term_expansion(machine_tables, Clauses) :-
    findall(t_pairs(T, I, Pairs),
            ( t_point_mills(T, I, Mills),
              findall(P, ( member(M, Mills), P is M xor (1 << I) ), Pairs) ),
            Clauses).

machine_tables.

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
