:- module(molinolog_rules,
          [ molinolog_initial/2,    % +T, -State
            molinolog_initial/3,    % +T, +Options, -State
            position_state/6,       % +T, +Options, +Pieces, +ToMove, +InHand, -State
            state_size/2,           % +State, -T
            state_to_move/2,        % +State, -Colour
            state_phase/2,          % +State, -Phase
            state_in_hand/3,        % +State, ?Colour, -N
            state_on_board/3,       % +State, ?Colour, -N
            state_piece/3,          % +State, ?Point, ?Colour
            state_mill/2,           % +State, -Points
            state_quiet/2,          % +State, -Turns
            state_outcome/2,        % +State, -Outcome
            legal_step/2,           % +State, -Step
            step/3,                 % +State0, +Step, -State
            step_refusal/3,         % +State, +Step, -Code
            legal_move/2,           % +State, -Move
            play_move/3,            % +State0, +Move, -State
            move_steps/2,           % +Move, -Steps
            hand_count/3,           % +Colour, +Hand, -N
            two_pieces_loser/2,     % +State, -Loser
            drawn/2,                % +State, -Reason
            i_moves/2,              % +State, -Moves
            i_play/3,               % +State0, +Move, -State
            i_move_move/2           % +IMove, -Move
          ]).

/** <module> Molinolog: the rules of play (states, steps, whole turns)

Start reading at prolog/molinolog/course.pl: the same rules as the course
writes them, which judge every human action; this module is the engine the
machine's search plays with, the rules on bit sets (prolog/molinolog_course.plt
holds the two equal).  The entry module is prolog/molinolog.pl.  This module holds
the rules of docs/molinolog.md (UdelaR "Programación Lógica" 2019, *Juego del
molino*): the state term, the steps of a turn, whole turns and the end of
the game.  The board (points, edges, mills, the pieces as
bit sets) is molinolog_board's.  Everything here is pure.

Besides the game's exports, hand_count/3, two_pieces_loser/2, drawn/2 and
the internal moves (i_moves/2, i_play/3, i_move_move/2) are exported for the
machine player and the perft count, molinolog_machine; the entry module
does not re-export them.

## The state term

    molinolog(Rules, Black, White, ToMove, Hand, Pending, Quiet, History)

  - `Rules = rules(T, ProtectMills)`: the board size and the option
    protect_mills (true or false).
  - `Black`, `White`: the bit sets of the points holding a black / white piece
    (bit I is point I of molinolog_board's point_index/2).
  - `ToMove`: `b` or `w`, the player whose turn it is (during a pending capture,
    the player who formed the mill).
  - `Hand = hand(NB, NW)`: pieces each player has still to place.
  - `Pending`: `none`, or `capture(MillBits)` after a place or move step formed
    mill(s) (MillBits: their points) and before the mover's capture step.
  - `Quiet`: turns played since the last capture (placing turns count).
  - `History`: keys `k(Black, White, ToMove)` of the positions at the start of
    each turn since the last placement or capture, newest (the current one)
    first.  Placements and captures cannot be undone, so no older position can
    come back.

A *step* is one action: `place(P)`, `move(From, To)` or `capture(P)`.  A *move*
is a whole turn, the unit of the search and of the perft count: `place(P)`,
`place(P, C)`, `move(From, To)`, `move(From, To, C)` (C: the captured point), or
`capture(C)` when a state with a pending capture is the start.  Internally a
move names points by bit index: pl(I), pl(I, C), mv(I, J), mv(I, J, C), cp(C).

## Rule choices the course document leaves open (docs/molinolog.md)

  - Phase: a player places while they have pieces in hand.  Black places first
    and White last, so the moving phase starts with Black.  Pieces never fly
    (a player with three pieces moves along edges as before).
  - A capture may take any opponent piece.  With protect_mills(true) a piece in
    a mill can be taken only when every opponent piece is in a mill.
  - "Two pieces or fewer" counts pieces on the board plus pieces in hand, so a
    player is not lost at the start of the placing phase.
  - The end is checked at the start of each turn, in this order: the player to
    move (or the other) has two pieces or fewer (`two_pieces`); the player to
    move has no legal move (`no_moves`, only possible in the moving phase);
    the position occurs for the third time (`repetition`); 100 turns (50 by
    each side) without a capture (`fifty_moves`).  Outcomes are `none`,
    `win(Colour, Reason)` and `draw(Reason)`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(board).

                 /*******************************
                 *            STATES            *
                 *******************************/

%!  molinolog_initial(+T, -State) is det.
%!  molinolog_initial(+T, +Options, -State) is det.
%
%   State is the empty board of size T, Black to place.  Options:
%   protect_mills(Bool) (default false).
%
%   ?- molinolog_initial(1, S).
%   S = molinolog(rules(1, false), 0, 0, b, hand(6, 6), none, 0, [k(0, 0, b)]).
molinolog_initial(T, State) :-
    molinolog_initial(T, [], State).

molinolog_initial(T, Options,
                  molinolog(rules(T, Protect), 0, 0, b, hand(N, N), none, 0,
                            [k(0, 0, b)])) :-
    must_be(between(1, 3), T),
    option(protect_mills(Protect), Options, false),
    must_be(boolean, Protect),
    N is 3 * (T + 1).

%!  position_state(+T, +Options, +Pieces, +ToMove, +InHand, -State) is det.
%
%   State is the position of size T with Pieces (a list of Point-Colour),
%   ToMove (b or w) to play, InHand = NB-NW pieces still to place, no capture
%   pending, no turn played yet; Options as molinolog_initial/3.  For setting
%   up positions to study or test.
%
%   ?- position_state(1, [], [(n,1)-b, (s,2)-w], w, 5-6, S), state_phase(S, P).
%   S = molinolog(rules(1, false), 1, 4096, w, hand(5, 6), none, 0, [k(1, 4096, w)]),
%   P = place.
position_state(T, Options, Pieces, C, NB-NW,
               molinolog(R, B, W, C, hand(NB, NW), none, 0, [k(B, W, C)])) :-
    molinolog_initial(T, Options, molinolog(R, _, _, _, _, _, _, _)),
    must_be(oneof([b, w]), C),
    must_be(nonneg, NB),
    must_be(nonneg, NW),
    must_be(list, Pieces),
    pairs_keys_values(Pieces, Points, Colours),
    (   is_set(Points),
        forall(member(P, Points), valid_point(T, P))
    ->  true
    ;   domain_error(distinct_points, Points)
    ),
    forall(member(Colour, Colours), must_be(oneof([b, w]), Colour)),
    pieces_bits(Pieces, B, W).

colour(b).
colour(w).

%!  hand_count(+Colour, +Hand, -N) is det.
%
%   Colour has N pieces in Hand = hand(NB, NW).
hand_count(b, hand(N, _), N).
hand_count(w, hand(_, N), N).

%!  state_size(+State, -T) is det.
%
%   T (1..3) is the size of State's board.
state_size(molinolog(rules(T, _), _, _, _, _, _, _, _), T).

%!  state_to_move(+State, -Colour) is det.
%
%   Colour (b or w) is the player whose turn it is.
state_to_move(molinolog(_, _, _, C, _, _, _, _), C).

%!  state_phase(+State, -Phase) is det.
%
%   Phase is `capture` (a capture is pending), `place` or `move`.
state_phase(molinolog(_, _, _, C, H, P, _, _), Phase) :-
    (   P = capture(_)
    ->  Phase = capture
    ;   hand_count(C, H, N),
        N > 0
    ->  Phase = place
    ;   Phase = move
    ).

%!  state_in_hand(+State, ?Colour, -N) is nondet.
%
%   Colour still has N pieces to place.
state_in_hand(molinolog(_, _, _, _, H, _, _, _), C, N) :-
    colour(C),
    hand_count(C, H, N).

%!  state_on_board(+State, ?Colour, -N) is nondet.
%
%   Colour has N pieces on the board.
state_on_board(molinolog(_, B, W, _, _, _, _, _), C, N) :-
    colour(C),
    colour_bits(C, B, W, X),
    N is popcount(X).

%!  state_piece(+State, ?Point, ?Colour) is nondet.
%
%   A piece of Colour stands on Point.
state_piece(molinolog(rules(T, _), B, W, _, _, _, _, _), P, C) :-
    point(T, P),
    point_index(P, I),
    (   B >> I /\ 1 =:= 1
    ->  C = b
    ;   W >> I /\ 1 =:= 1
    ->  C = w
    ).

%!  state_mill(+State, -Points) is det.
%
%   Points are the points of the mill(s) just formed while a capture is
%   pending; [] otherwise.
%
%   ?- position_state(1, [], [(nw,1)-b, (n,1)-b], b, 4-6, _S0),
%      step(_S0, place((ne,1)), _S), state_phase(_S, P), state_mill(_S, Ps).
%   P = capture,
%   Ps = [(n,1), (ne,1), (nw,1)].
state_mill(molinolog(_, _, _, _, _, Pending, _, _), Points) :-
    (   Pending = capture(Bits)
    ->  bits_points(Bits, Points)
    ;   Points = []
    ).

%!  state_quiet(+State, -Turns) is det.
%
%   Turns have been played since the last capture.
state_quiet(molinolog(_, _, _, _, _, _, Q, _), Q).

%!  state_outcome(+State, -Outcome) is det.
%
%   Outcome is `none` while the game goes on, else `win(Colour, Reason)` or
%   `draw(Reason)`; Reason is two_pieces, no_moves, repetition or fifty_moves.
%
%   ?- position_state(1, [], [(n,2)-w, (s,2)-w, (e,2)-w], b, 2-0, _S),
%      state_outcome(_S, O).
%   O = win(w, two_pieces).
state_outcome(S, Outcome) :-
    (   two_pieces_loser(S, Loser)
    ->  other(Loser, Winner),
        Outcome = win(Winner, two_pieces)
    ;   S = molinolog(_, _, _, C, _, none, _, _),
        \+ has_move(S)
    ->  other(C, Winner),
        Outcome = win(Winner, no_moves)
    ;   drawn(S, Reason)
    ->  Outcome = draw(Reason)
    ;   Outcome = none
    ).

%!  two_pieces_loser(+State, -Loser) is semidet.
%
%   Loser (b or w) has two pieces or fewer (on the board and in hand), no
%   capture being pending; black is looked at first.
two_pieces_loser(molinolog(_, B, W, _, hand(HB, HW), none, _, _), Loser) :-
    (   popcount(B) + HB =< 2
    ->  Loser = b
    ;   popcount(W) + HW =< 2
    ->  Loser = w
    ).

has_move(molinolog(rules(T, _), B, W, C, H, _, _, _)) :-
    hand_count(C, H, N),
    (   N > 0
    ->  true
    ;   colour_bits(C, B, W, Own),
        empty_neighbours(T, B, W, _, Sides),
        mobility(Own, Sides, Mob, _),
        Mob > 0
    ).

%!  drawn(+State, -Reason) is semidet.
%
%   State, no capture being pending, is drawn for Reason: repetition (the
%   third occurrence of the position) or fifty_moves (100 turns without a
%   capture).
drawn(molinolog(_, _, _, _, _, none, Q, [Key|Keys]), Reason) :-
    (   occurs_twice(Keys, Key)
    ->  Reason = repetition
    ;   Q >= 100
    ->  Reason = fifty_moves
    ).

occurs_twice([K|Ks], Key) :-
    (   K == Key
    ->  memberchk(Key, Ks)
    ;   occurs_twice(Ks, Key)
    ).

                 /*******************************
                 *    STEPS (ONE ACTION EACH)   *
                 *******************************/

%!  legal_step(+State, -Step) is nondet.
%
%   Step is an action the player to move may take now: `capture(P)` while a
%   capture is pending, else `place(P)` or `move(From, To)`.
legal_step(S, Step) :-
    state_outcome(S, none),
    state_phase(S, Phase),
    phase_step(Phase, S, Step).

phase_step(capture, S, capture(P)) :-
    capturable_bits(S, Cap),
    bits_points(Cap, Ps),
    member(P, Ps).
phase_step(place, S, place(P)) :-
    state_size(S, T),
    point(T, P),
    \+ state_piece(S, P, _).
phase_step(move, S, move(F, To)) :-
    S = molinolog(rules(T, _), _, _, C, _, _, _, _),
    state_piece(S, F, C),
    adjacent(T, F, To),
    \+ state_piece(S, To, _).

%!  step_refusal(+State, +Step, -Code) is semidet.
%
%   The rules refuse Step in State for the reason Code: game_over, bad_step,
%   off_board, must_capture, wrong_phase, occupied, not_your_piece,
%   not_adjacent, not_capturable or in_mill.  Fails if Step is legal.
%
%   ?- molinolog_initial(1, _S0), step(_S0, place((n,1)), _S),
%      step_refusal(_S, place((n,1)), Code1), step_refusal(_S, place((n,3)), Code2).
%   Code1 = occupied,
%   Code2 = off_board.
step_refusal(S, Step, Code) :-
    once(refusal(S, Step, Code)).

refusal(S, _, game_over) :-
    \+ state_outcome(S, none).
refusal(_, Step, bad_step) :-
    \+ step_points(Step, _).
refusal(S, Step, off_board) :-
    step_points(Step, Ps),
    state_size(S, T),
    member(P, Ps),
    \+ valid_point(T, P).
refusal(S, Step, must_capture) :-
    state_phase(S, capture),
    Step \= capture(_).
refusal(S, Step, wrong_phase) :-
    state_phase(S, Phase),
    \+ step_phase(Step, Phase).
refusal(S, place(P), occupied) :-
    state_piece(S, P, _).
refusal(S, move(F, _), not_your_piece) :-
    state_to_move(S, C),
    \+ state_piece(S, F, C).
refusal(S, move(_, To), occupied) :-
    state_piece(S, To, _).
refusal(S, move(F, To), not_adjacent) :-
    state_size(S, T),
    \+ adjacent(T, F, To).
refusal(S, capture(P), not_capturable) :-
    state_to_move(S, C),
    other(C, O),
    \+ state_piece(S, P, O).
refusal(S, capture(P), in_mill) :-
    capturable_bits(S, Cap),
    point_index(P, I),
    Cap >> I /\ 1 =:= 0.

step_points(place(P), [P]).
step_points(move(F, T), [F, T]).
step_points(capture(P), [P]).

step_phase(place(_), place).
step_phase(move(_, _), move).
step_phase(capture(_), capture).

%!  step(+State0, +Step, -State) is semidet.
%
%   State is the game after the legal Step in State0.  A place or move step
%   that forms a mill leaves a capture pending for the same player; any other
%   step ends the turn.  Fails if the rules refuse Step.
%
%   ?- molinolog_initial(1, _S0), step(_S0, place((n,1)), _S),
%      state_piece(_S, (n,1), C), state_to_move(_S, Next).
%   C = b,
%   Next = w.
step(S0, Step, S) :-
    \+ step_refusal(S0, Step, _),
    step_(Step, S0, S).

step_(place(P), S0, S) :-
    point_index(P, I),
    place_(S0, I, S).
step_(move(F, To), S0, S) :-
    point_index(F, I),
    point_index(To, J),
    move_(S0, I, J, S).
step_(capture(P), S0, S) :-
    point_index(P, I),
    capture_(S0, I, S).

place_(molinolog(R, B0, W0, C, H0, none, Q, Hist), I, S) :-
    add_bits(C, 1 << I, B0, W0, B, W),
    take_from_hand(C, H0, H),
    after_step(molinolog(R, B, W, C, H, none, Q, Hist), I, placement, S).

move_(molinolog(R, B0, W0, C, H, none, Q, Hist), I, J, S) :-
    Bits = (1 << I) \/ (1 << J),
    flip_bits(C, Bits, B0, W0, B, W),
    after_step(molinolog(R, B, W, C, H, none, Q, Hist), J, reversible, S).

capture_(molinolog(R, B0, W0, C, H, capture(_), Q, Hist), I, S) :-
    other(C, O),
    flip_bits(O, 1 << I, B0, W0, B, W),
    end_turn(molinolog(R, B, W, C, H, none, Q, Hist), capture, S).

take_from_hand(b, hand(NB0, NW), hand(NB, NW)) :- NB is NB0 - 1.
take_from_hand(w, hand(NB, NW0), hand(NB, NW)) :- NW is NW0 - 1.

%   after_step(+S0, +I, +Kind, -S): a piece of the mover has just arrived on
%   point I; the turn ends unless it formed mill(s).
after_step(S0, I, Kind, S) :-
    S0 = molinolog(R, B, W, C, H, none, Q, Hist),
    R = rules(T, _),
    colour_bits(C, B, W, Own),
    formed_mills(T, I, Own, Mills),
    (   Mills =:= 0
    ->  end_turn(S0, Kind, S)
    ;   S = molinolog(R, B, W, C, H, capture(Mills), Q, Hist)
    ).

%   end_turn(+S0, +Kind, -S): the other player's turn starts.  Kind is
%   reversible (a move), placement or capture.
end_turn(molinolog(R, B, W, C, H, none, Q0, Hist0), Kind, S) :-
    other(C, C1),
    Key = k(B, W, C1),
    (   Kind == capture
    ->  Q = 0
    ;   Q is Q0 + 1
    ),
    (   Kind == reversible
    ->  Hist = [Key|Hist0]
    ;   Hist = [Key]
    ),
    S = molinolog(R, B, W, C1, H, none, Q, Hist).

%   capturable_bits(+S, -Bits): the opponent's pieces that may be captured.
capturable_bits(molinolog(rules(T, Protect), B, W, C, _, _, _, _), Bits) :-
    other(C, O),
    colour_bits(O, B, W, Opp),
    capturable(Protect, T, Opp, Bits).

capturable(false, _, Opp, Opp).
capturable(true, T, Opp, Bits) :-
    mill_bits(T, Opp, InMills),
    Free is Opp /\ \ InMills,
    (   Free =:= 0
    ->  Bits = Opp
    ;   Bits = Free
    ).

                 /*******************************
                 *     MOVES (WHOLE TURNS)      *
                 *******************************/

%!  legal_move(+State, -Move) is nondet.
%
%   Move is a legal whole turn in State (see the module comment).
%
%   ?- molinolog_initial(2, _S), aggregate_all(count, legal_move(_S, _), N).
%   N = 24.
legal_move(S, Move) :-
    state_outcome(S, none),
    i_moves(S, Ms),
    member(M, Ms),
    i_move_move(M, Move).

%!  play_move(+State0, +Move, -State) is semidet.
%
%   State is the game after the whole turn Move.  Fails if Move is not legal
%   (e.g. place(P) where P forms a mill: the capture is missing).
%
%   ?- molinolog_initial(1, _S0), play_move(_S0, place((n,1)), _S),
%      state_to_move(_S, C), state_in_hand(_S, b, N).
%   C = w,
%   N = 5.
play_move(S0, Move, S) :-
    move_steps(Move, Steps),
    foldl(step_of_move, Steps, S0, S),
    \+ state_phase(S, capture).

step_of_move(Step, S0, S) :-
    step(S0, Step, S).

%!  move_steps(+Move, -Steps) is semidet.
%
%   Steps are the actions, in order, of the whole turn Move.
%
%   ?- move_steps(move((e,1), (ne,1), (s,2)), Steps).
%   Steps = [move((e,1), (ne,1)), capture((s,2))].
move_steps(place(P), [place(P)]).
move_steps(place(P, C), [place(P), capture(C)]).
move_steps(move(F, T), [move(F, T)]).
move_steps(move(F, T, C), [move(F, T), capture(C)]).
move_steps(capture(C), [capture(C)]).

%!  i_move_move(+IMove, -Move) is det.
%
%   Move is the whole turn IMove, an internal move (pl(I), pl(I, C), mv(I,
%   J), mv(I, J, C), cp(C): points by bit index), with its points named.
i_move_move(pl(I), place(P)) :-
    index_point(I, P).
i_move_move(pl(I, K), place(P, Q)) :-
    index_point(I, P),
    index_point(K, Q).
i_move_move(mv(I, J), move(P, Q)) :-
    index_point(I, P),
    index_point(J, Q).
i_move_move(mv(I, J, K), move(P, Q, X)) :-
    index_point(I, P),
    index_point(J, Q),
    index_point(K, X).
i_move_move(cp(K), capture(X)) :-
    index_point(K, X).

%!  i_moves(+State, -Moves) is det.
%
%   Moves are the internal moves of every whole turn from State (State not
%   finished), in generation order.
i_moves(S, Moves) :-
    S = molinolog(rules(T, _), B, W, C, H, Pending, _, _),
    capturable_bits(S, CapBits),
    bit_indices(CapBits, Caps),
    colour_bits(C, B, W, Own),
    t_full(T, Full),
    Empty is Full /\ \ (B \/ W),
    hand_count(C, H, N),
    (   Pending = capture(_)
    ->  capture_moves(Caps, Moves)
    ;   N > 0
    ->  bit_indices(Empty, Es),
        place_moves(Es, T, Own, Caps, Moves, [])
    ;   bit_indices(Own, Fs),
        move_moves(Fs, T, Own, Empty, Caps, Moves, [])
    ).

capture_moves([], []).
capture_moves([K|Ks], [cp(K)|Ms]) :-
    capture_moves(Ks, Ms).

place_moves([], _, _, _, Ms, Ms).
place_moves([I|Is], T, Own, Caps, Ms0, Ms) :-
    Own1 is Own \/ (1 << I),
    (   forms_mill(T, I, Own1)
    ->  place_captures(Caps, I, Ms0, Ms1)
    ;   Ms0 = [pl(I)|Ms1]
    ),
    place_moves(Is, T, Own, Caps, Ms1, Ms).

place_captures([], _, Ms, Ms).
place_captures([K|Ks], I, [pl(I, K)|Ms0], Ms) :-
    place_captures(Ks, I, Ms0, Ms).

move_moves([], _, _, _, _, Ms, Ms).
move_moves([I|Is], T, Own, Empty, Caps, Ms0, Ms) :-
    t_adj(T, I, Adj),
    Dests is Adj /\ Empty,
    bit_indices(Dests, Js),
    moves_from(Js, I, T, Own, Caps, Ms0, Ms1),
    move_moves(Is, T, Own, Empty, Caps, Ms1, Ms).

moves_from([], _, _, _, _, Ms, Ms).
moves_from([J|Js], I, T, Own, Caps, Ms0, Ms) :-
    Own1 is Own xor ((1 << I) \/ (1 << J)),
    (   forms_mill(T, J, Own1)
    ->  move_captures(Caps, I, J, Ms0, Ms1)
    ;   Ms0 = [mv(I, J)|Ms1]
    ),
    moves_from(Js, I, T, Own, Caps, Ms1, Ms).

move_captures([], _, _, Ms, Ms).
move_captures([K|Ks], I, J, [mv(I, J, K)|Ms0], Ms) :-
    move_captures(Ks, I, J, Ms0, Ms).

%!  i_play(+State0, +IMove, -State) is det.
%
%   State is the state the steps of the internal move IMove lead to from
%   State0; the move generator already knows whether a mill is formed.
i_play(molinolog(R, B0, W0, C, H0, none, Q, Hist), pl(I), S) :-
    add_bits(C, 1 << I, B0, W0, B, W),
    take_from_hand(C, H0, H),
    end_turn(molinolog(R, B, W, C, H, none, Q, Hist), placement, S).
i_play(molinolog(R, B0, W0, C, H0, none, Q, Hist), pl(I, K), S) :-
    add_bits(C, 1 << I, B0, W0, B1, W1),
    take_from_hand(C, H0, H),
    other(C, O),
    flip_bits(O, 1 << K, B1, W1, B, W),
    end_turn(molinolog(R, B, W, C, H, none, Q, Hist), capture, S).
i_play(molinolog(R, B0, W0, C, H, none, Q, Hist), mv(I, J), S) :-
    flip_bits(C, (1 << I) \/ (1 << J), B0, W0, B, W),
    end_turn(molinolog(R, B, W, C, H, none, Q, Hist), reversible, S).
i_play(molinolog(R, B0, W0, C, H, none, Q, Hist), mv(I, J, K), S) :-
    flip_bits(C, (1 << I) \/ (1 << J), B0, W0, B1, W1),
    other(C, O),
    flip_bits(O, 1 << K, B1, W1, B, W),
    end_turn(molinolog(R, B, W, C, H, none, Q, Hist), capture, S).
i_play(S0, cp(K), S) :-
    capture_(S0, K, S).
