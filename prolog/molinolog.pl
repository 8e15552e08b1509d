:- module(molinolog,
          [ point/2,                % +T, ?Point
            adjacent/3,             % +T, ?Point1, ?Point2
            mill/2,                 % +T, ?Points
            initial_state/2,        % +T, -State
            initial_state/3,        % +T, +Options, -State
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
            count_moves/3,          % +T, +Depth, -N
            minimax_depth/1,        % ?Depth
            set_minimax_depth/1,    % +Depth
            best_move/2,            % +State, -Move
            best_move/3,            % +State, +Depth, -Move
            best_move_nodes/4,      % +State, +Depth, -Move, -Nodes
            evaluate/2,             % +State, -Score
            state_features/3,       % +State, +Colour, -Features
            random_move/2,          % +State, -Move
            self_play/5             % +State0, +Black, +White, -Moves, -Outcome
          ]).

/** <module> Molinolog: nine men's morris on boards of size 1, 2 and 3

The rules of GAMES.md section 2 (UdelaR "Programación Lógica" 2019, *Juego del
molino*), a machine player (minimax with alpha-beta) and the Tablero protocol.
The terminal game molinolog/3 lives in molinolog_cli.pl.

## Board and points

A board of size T (1, 2 or 3) has T+1 concentric square rings; ring 1 is the
innermost.  A point is the course's pair `(Dir, Dist)`, e.g. `(n,2)`, with Dir in
`n, ne, e, se, s, sw, w, nw` and Dist the ring, 1..T+1.  Edges join neighbouring
directions on a ring (nw-n-ne-e-se-s-sw-w-nw) and neighbouring rings at n, e, s, w
only.  A mill is a side of a ring (nw,n,ne / ne,e,se / se,s,sw / sw,w,nw) or three
consecutive rings on n, e, s or w.  T=1: 16 points, 20 edges, 8 mills; T=2: 24,
32, 16; T=3: 32, 44, 24.

Inside the state a point is a bit index `I = 8*(Dist-1) + D` where D counts the
directions from n = 0 clockwise to nw = 7, and a set of points is an integer
whose bit I is set when point I is in the set.

## The state term

    molinolog(Rules, Black, White, ToMove, Hand, Pending, Quiet, History)

  - `Rules = rules(T, ProtectMills)`: the board size and the option
    protect_mills (true or false).
  - `Black`, `White`: the bit sets of the points holding a black / white piece.
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
is a whole turn, the unit of the search and of count_moves/3: `place(P)`,
`place(P, C)`, `move(From, To)`, `move(From, To, C)` (C: the captured point), or
`capture(C)` when a state with a pending capture is the start.

## Rule choices GAMES.md leaves open

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
  - count_moves/3 counts whole turns: a turn that forms a mill counts once per
    possible capture; no moves are counted from a finished game.

## The machine

best_move/3 searches whole turns (a capture is part of the turn that formed
the mill) with negamax and alpha-beta.  Captures are searched first, then
moves onto a point where the opponent has two of a mill line; deeper in the
tree the children are sorted by their static value.  evaluate/2 weighs
pieces, closed mills, open twos, blocked pieces and mobility (see
weights/5); a won game is worth more the sooner it comes.  Ties go to the
first move in search order, so the search is deterministic.

## The Tablero protocol (game `molinolog`)

  - State: `game(players(Black, White), Depth, Last, State)`: Black and White
    are human or machine, Depth the machine's search depth, Last the last
    step (or none) and State the rules state above.
  - Options: `size` 1..3 (default 2), `black` and `white` "human" or
    "machine" (default human / machine), `depth` 1..5 (default
    minimax_depth/1), `protect_mills` true/false (default false).
  - Actions, one step each: `{"kind":"place","point":["n",2]}`,
    `{"kind":"move","from":P,"to":P}`, `{"kind":"capture","point":P}`.  A
    place or move that forms a mill leaves phase "capture" for the same
    player.  game_machine/3 answers one step: the place or move of its
    best_move/3, and on the next call (capture pending) its capture.
  - View: size, points ([{point, piece: "b"|"w"|null}]), edges (pairs of
    points), to_move, phase ("place"|"move"|"capture"), in_hand and on_board
    ({b, w}), mill (points of the mill(s) awaiting the capture), last (the
    last action or null), status ({es, en}), over, winner ("b"|"w"|null),
    result ("b"|"w"|"draw"|null), result_reason, legal (the legal actions),
    quiet_turns, protect_mills, players ({b, w}), depth.
  - Refusal codes: those of step_refusal/3; a malformed action is
    `invalid`/`bad_action`, a bad option `invalid`/`bad_option`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(tablero).

:- dynamic minimax_depth/1.

%!  minimax_depth(?Depth) is det.
%
%   Depth is the machine's default search depth in turns (3 unless changed
%   with set_minimax_depth/1).
minimax_depth(3).

%!  set_minimax_depth(+Depth) is det.
%
%   Makes Depth (1..10) the machine's default search depth.
set_minimax_depth(Depth) :-
    must_be(between(1, 10), Depth),
    retractall(minimax_depth(_)),
    assertz(minimax_depth(Depth)).

                 /*******************************
                 *        BOARD GEOMETRY        *
                 *******************************/

direction(n, 0).
direction(ne, 1).
direction(e, 2).
direction(se, 3).
direction(s, 4).
direction(sw, 5).
direction(w, 6).
direction(nw, 7).

board_size(T) :- between(1, 3, T).

ring(T, R) :-
    Max is T + 1,
    between(1, Max, R).

%!  point(+T, ?Point) is nondet.
%
%   Point `(Dir, Dist)` is a point of the board of size T; ring by ring from
%   ring 1, each ring from n clockwise.
point(T, (D, R)) :-
    ring(T, R),
    direction(D, _).

%!  adjacent(+T, ?Point1, ?Point2) is nondet.
%
%   Point1 and Point2 are joined by an edge of the board of size T.
adjacent(T, P, Q) :-
    point(T, P),
    neighbour(P, Q),
    point(T, Q).

neighbour((D1, R), (D2, R)) :-
    direction(D1, K1),
    member(Step, [1, 7]),
    K2 is (K1 + Step) mod 8,
    direction(D2, K2).
neighbour((D, R1), (D, R2)) :-
    direction(D, K),
    K mod 2 =:= 0,
    member(Step, [1, -1]),
    R2 is R1 + Step.

%!  mill(+T, ?Points) is nondet.
%
%   Points, a list of three points, is a mill line of the board of size T:
%   ring sides first (listed corner, middle, corner), then the lines across
%   three rings (innermost first).
mill(T, [(D1, R), (D2, R), (D3, R)]) :-
    ring(T, R),
    member(K, [0, 2, 4, 6]),
    K1 is (K + 7) mod 8,
    K3 is K + 1,
    direction(D1, K1),
    direction(D2, K),
    direction(D3, K3).
mill(T, [(D, R1), (D, R2), (D, R3)]) :-
    member(D, [n, e, s, w]),
    T1 is T - 1,
    between(1, T1, R1),
    R2 is R1 + 1,
    R3 is R1 + 2.

point_index((D, R), I) :-
    direction(D, K),
    I is 8 * (R - 1) + K.

index_point(I, (D, R)) :-
    K is I /\ 7,
    R is (I >> 3) + 1,
    direction(D, K).

points_bits(Points, Bits) :-
    foldl(add_point_bit, Points, 0, Bits).

add_point_bit(P, B0, B) :-
    point_index(P, I),
    B is B0 \/ (1 << I).

%   bit_indices(+Bits, -Indices): the set bits, lowest first.
bit_indices(Bits, Is) :-
    (   Bits =:= 0
    ->  Is = []
    ;   I is lsb(Bits),
        Bits1 is Bits /\ (Bits - 1),
        Is = [I|Is1],
        bit_indices(Bits1, Is1)
    ).

%   Bit-set tables, computed once at load time from point/2, adjacent/3 and
%   mill/2: t_full(T, AllPoints), t_adj(T, I, Neighbours), t_masks(T,
%   Spokes, Starts) (the n/e/s/w points; the inner ends of the mills across
%   rings), t_mills(T, Mills) and t_point_mills(T, I, MillsThroughI).
term_expansion(molinolog_tables, Clauses) :-
    findall(Clause, table_clause(Clause), Clauses).

table_clause(t_full(T, Bits)) :-
    board_size(T),
    findall(P, point(T, P), Ps),
    points_bits(Ps, Bits).
table_clause(t_adj(T, I, Bits)) :-
    board_size(T),
    point(T, P),
    point_index(P, I),
    findall(Q, adjacent(T, P, Q), Qs),
    points_bits(Qs, Bits).
table_clause(t_masks(T, Spokes, Start)) :-
    board_size(T),
    findall(P, (point(T, P), P = (D, _), memberchk(D, [n, e, s, w])), Ps),
    points_bits(Ps, Spokes),
    findall(P, mill(T, [P, (D, _), (D, _)]), Ss),
    points_bits(Ss, Start).
table_clause(t_mills(T, Mills)) :-
    board_size(T),
    findall(M, (mill(T, Ps), points_bits(Ps, M)), Mills).
table_clause(t_point_mills(T, I, Mills)) :-
    board_size(T),
    point(T, P),
    point_index(P, I),
    findall(M, (mill(T, Ps), memberchk(P, Ps), points_bits(Ps, M)), Mills).

molinolog_tables.

                 /*******************************
                 *            STATES            *
                 *******************************/

%!  initial_state(+T, -State) is det.
%!  initial_state(+T, +Options, -State) is det.
%
%   State is the empty board of size T, Black to place.  Options:
%   protect_mills(Bool) (default false).
initial_state(T, State) :-
    initial_state(T, [], State).

initial_state(T, Options, molinolog(rules(T, Protect), 0, 0, b, hand(N, N),
                                    none, 0, [k(0, 0, b)])) :-
    must_be(between(1, 3), T),
    option(protect_mills(Protect), Options, false),
    must_be(boolean, Protect),
    N is 3 * (T + 1).

%!  position_state(+T, +Options, +Pieces, +ToMove, +InHand, -State) is det.
%
%   State is the position of size T with Pieces (a list of Point-Colour),
%   ToMove (b or w) to play, InHand = NB-NW pieces still to place, no capture
%   pending, no turn played yet; Options as initial_state/3.  For setting up
%   positions to study or test.
position_state(T, Options, Pieces, C, NB-NW,
               molinolog(R, B, W, C, hand(NB, NW), none, 0, [k(B, W, C)])) :-
    initial_state(T, Options, molinolog(R, _, _, _, _, _, _, _)),
    must_be(oneof([b, w]), C),
    must_be(nonneg, NB),
    must_be(nonneg, NW),
    pairs_keys_values(Pieces, Points, Colours),
    (   is_set(Points),
        forall(member(P, Points), valid_point(T, P))
    ->  true
    ;   domain_error(distinct_points, Points)
    ),
    colour_points(b, Points, Colours, Bs),
    colour_points(w, Points, Colours, Ws),
    points_bits(Bs, B),
    points_bits(Ws, W).

colour_points(C, Points, Colours, Ps) :-
    foldl(colour_point(C), Points, Colours, Ps, []).

colour_point(C, P, C1, Ps0, Ps) :-
    (   C == C1
    ->  Ps0 = [P|Ps]
    ;   Ps0 = Ps
    ).

colour(b).
colour(w).

other(b, w).
other(w, b).

colour_bits(b, B, _, B).
colour_bits(w, _, W, W).

hand_count(b, hand(N, _), N).
hand_count(w, hand(_, N), N).

%!  state_size(+State, -T) is det.
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
state_mill(molinolog(_, _, _, _, _, Pending, _, _), Points) :-
    (   Pending = capture(Bits)
    ->  bit_indices(Bits, Is),
        maplist(index_point, Is, Points)
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
    bit_indices(Cap, Is),
    member(I, Is),
    index_point(I, P).
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
%   bad_point, must_capture, wrong_phase, occupied, not_your_piece,
%   not_adjacent, not_capturable or in_mill.  Fails if Step is legal.
step_refusal(S, Step, Code) :-
    once(refusal(S, Step, Code)).

refusal(S, _, game_over) :-
    \+ state_outcome(S, none).
refusal(_, Step, bad_step) :-
    \+ step_points(Step, _).
refusal(S, Step, bad_point) :-
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

valid_point(T, P) :-
    nonvar(P),
    P = (D, R),
    atom(D),
    direction(D, _),
    integer(R),
    R >= 1,
    R =< T + 1.

%!  step(+State0, +Step, -State) is semidet.
%
%   State is the game after the legal Step in State0.  A place or move step
%   that forms a mill leaves a capture pending for the same player; any other
%   step ends the turn.  Fails if the rules refuse Step.
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
    Bit is 1 << I,
    add_bit(C, Bit, B0, W0, B, W),
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

add_bit(b, Bit, B0, W, B, W) :- B is B0 \/ Bit.
add_bit(w, Bit, B, W0, B, W) :- W is W0 \/ Bit.

flip_bits(b, Bits, B0, W, B, W) :- B is B0 xor Bits.
flip_bits(w, Bits, B, W0, B, W) :- W is W0 xor Bits.

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

formed_mills(T, I, Own, Bits) :-
    t_point_mills(T, I, Ms),
    foldl(formed_mill(Own), Ms, 0, Bits).

formed_mill(Own, M, B0, B) :-
    (   M /\ Own =:= M
    ->  B is B0 \/ M
    ;   B = B0
    ).

forms_mill(T, I, Own) :-
    t_point_mills(T, I, Ms),
    member(M, Ms),
    M /\ Own =:= M,
    !.

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
    t_mills(T, Ms),
    foldl(formed_mill(Opp), Ms, 0, InMills),
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
legal_move(S, Move) :-
    state_outcome(S, none),
    i_moves(S, Ms),
    member(M, Ms),
    i_move_move(M, Move).

%!  play_move(+State0, +Move, -State) is semidet.
%
%   State is the game after the whole turn Move.  Fails if Move is not legal
%   (e.g. place(P) where P forms a mill: the capture is missing).
play_move(S0, Move, S) :-
    move_steps(Move, Steps),
    foldl(step_of_move, Steps, S0, S),
    \+ state_phase(S, capture).

step_of_move(Step, S0, S) :-
    step(S0, Step, S).

%!  move_steps(+Move, -Steps) is semidet.
%
%   Steps are the actions, in order, of the whole turn Move.
move_steps(place(P), [place(P)]).
move_steps(place(P, C), [place(P), capture(C)]).
move_steps(move(F, T), [move(F, T)]).
move_steps(move(F, T, C), [move(F, T), capture(C)]).
move_steps(capture(C), [capture(C)]).

%   Internal moves use bit indices: pl(I), pl(I, C), mv(I, J), mv(I, J, C)
%   and cp(C).
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

%   i_moves(+S, -Moves): every whole turn from S (S not finished).
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

%   i_play(+S0, +Move, -S): S is the state the steps of Move lead to; the
%   move generator already knows whether a mill is formed.
i_play(molinolog(R, B0, W0, C, H0, none, Q, Hist), pl(I), S) :-
    add_bit(C, 1 << I, B0, W0, B, W),
    take_from_hand(C, H0, H),
    end_turn(molinolog(R, B, W, C, H, none, Q, Hist), placement, S).
i_play(molinolog(R, B0, W0, C, H0, none, Q, Hist), pl(I, K), S) :-
    add_bit(C, 1 << I, B0, W0, B1, W1),
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

%!  count_moves(+T, +Depth, -N) is det.
%
%   N is the number of sequences of Depth whole turns from the start of the
%   game of size T (perft).  A turn that forms a mill counts once per capture.
count_moves(T, Depth, N) :-
    must_be(nonneg, Depth),
    initial_state(T, S),
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

                 /*******************************
                 *       THE MACHINE PLAYER     *
                 *******************************/

%   Tuning constants of the evaluation (per piece, closed mill, open two,
%   blocked piece, free move) and the value of a won game.
weights(1000, 40, 25, 15, 4).
win_value(100000).
infinity(1000000).

%!  evaluate(+State, -Score) is det.
%
%   Score is the static value of State for the player to move: pieces (on
%   the board and in hand), closed mills, open twos (two pieces and an empty
%   point on a mill line), the opponent's blocked pieces and mobility.
evaluate(S, Score) :-
    leaf_value(S, 0, Score).

leaf_value(S, Ply, V) :-
    S = molinolog(rules(T, _), B, W, C, H, _, _, _),
    other(C, O),
    colour_bits(C, B, W, Me),
    colour_bits(O, B, W, Op),
    hand_count(C, H, HMe),
    hand_count(O, H, HOp),
    empty_neighbours(T, B, W, Empty, Sides),
    mobility(Me, Sides, MobMe, BlkMe),
    (   HMe =:= 0,
        MobMe =:= 0
    ->  win_value(Win),
        V is Ply - Win
    ;   drawn(S, _)
    ->  V = 0
    ;   mobility(Op, Sides, MobOp, BlkOp),
        t_masks(T, _, Start),
        lines(Me, Empty, Start, MillsMe, TwosMe),
        lines(Op, Empty, Start, MillsOp, TwosOp),
        weights(WP, WM, W2, WB, WMob),
        V is WP * (popcount(Me) + HMe - popcount(Op) - HOp)
           + WM * (MillsMe - MillsOp) + W2 * (TwosMe - TwosOp)
           + WB * (BlkOp - BlkMe) + WMob * (MobMe - MobOp)
    ).

%!  state_features(+State, +Colour, -Features) is det.
%
%   Features = features(Pieces, Mills, Twos, Mobility, Blocked) are the
%   terms evaluate/2 weighs for Colour: pieces on the board and in hand,
%   closed mills, open twos, moves along edges (piece-empty neighbour pairs)
%   and pieces without an empty neighbour.
state_features(molinolog(rules(T, _), B, W, _, H, _, _, _), C,
               features(Pieces, Mills, Twos, Mob, Blk)) :-
    colour_bits(C, B, W, X),
    hand_count(C, H, N),
    Pieces is popcount(X) + N,
    empty_neighbours(T, B, W, Empty, Sides),
    mobility(X, Sides, Mob, Blk),
    t_masks(T, _, Start),
    lines(X, Empty, Start, Mills, Twos).

%   The evaluation works on whole bit sets at once.  Within a ring (8 bits)
%   cw/1 moves each point's bit to its anticlockwise neighbour, so bit K of
%   cw(X) tells about point K+1 (clockwise of K), and ccw/1 the reverse;
%   X >> 8 and X << 8 look one ring out and one ring in.
cw(X, Y) :-
    Y is ((X >> 1) /\ 0x7F7F7F7F) \/ ((X << 7) /\ 0x80808080).
ccw(X, Y) :-
    Y is ((X << 1) /\ 0xFEFEFEFE) \/ ((X >> 7) /\ 0x01010101).

%   empty_neighbours(+T, +B, +W, -Empty, -sides(CW, CCW, Out, In)): the empty
%   points, and for each point whether its neighbour clockwise, anticlockwise,
%   one ring out, one ring in is empty.
empty_neighbours(T, B, W, Empty, sides(CW, CCW, Out, In)) :-
    t_full(T, Full),
    t_masks(T, Spokes, _),
    Empty is Full /\ \ (B \/ W),
    cw(Empty, CW),
    ccw(Empty, CCW),
    Out is (Empty >> 8) /\ Spokes,
    In is (Empty << 8) /\ Spokes.

mobility(X, sides(CW, CCW, Out, In), Mob, Blocked) :-
    Mob is popcount(X /\ CW) + popcount(X /\ CCW)
         + popcount(X /\ Out) + popcount(X /\ In),
    Blocked is popcount(X /\ \ (CW \/ CCW \/ Out \/ In)).

%   lines(+X, +Empty, +Start, -Mills, -Twos): closed mills of X, and mill
%   lines holding two of X and an empty point.  Ring sides are read at
%   their middle point (n, e, s, w: the even bits), lines across rings at
%   their inner end (Start).
lines(X, E, Start, Mills, Twos) :-
    cw(X, XR), ccw(X, XL),
    cw(E, ER), ccw(E, EL),
    X1 is X >> 8, X2 is X >> 16,
    E1 is E >> 8, E2 is E >> 16,
    Mills is popcount(XL /\ X /\ XR /\ 0x55555555)
           + popcount(X /\ X1 /\ X2 /\ Start),
    Twos is popcount(((XL /\ X /\ ER) \/ (XL /\ E /\ XR) \/ (EL /\ X /\ XR))
                     /\ 0x55555555)
          + popcount(((X /\ X1 /\ E2) \/ (X /\ E1 /\ X2) \/ (E /\ X1 /\ X2))
                     /\ Start).

%!  best_move(+State, -Move) is semidet.
%!  best_move(+State, +Depth, -Move) is semidet.
%
%   Move is the machine's whole turn for the player to move, from a minimax
%   search with alpha-beta of Depth turns (default: minimax_depth/1).  Fails
%   if the game is over.  Deterministic: the first best move in the search
%   order wins ties, so a state with a pending capture gets the capture the
%   machine planned when it chose the mill-forming step (same Depth).
best_move(S, Move) :-
    minimax_depth(Depth),
    best_move(S, Depth, Move).

best_move(S, Depth, Move) :-
    best_move_nodes(S, Depth, Move, _).

%!  best_move_nodes(+State, +Depth, -Move, -Nodes) is semidet.
%
%   As best_move/3; Nodes is the number of positions the search visited.
best_move_nodes(S, Depth, Move, Nodes) :-
    must_be(positive_integer, Depth),
    state_outcome(S, none),
    i_moves(S, Ms0),
    order_moves(S, Ms0, Ms),
    infinity(Inf),
    Alpha is -Inf,
    D1 is Depth - 1,
    Ms = [First|_],
    root(Ms, S, D1, Alpha, First, Best, 1, Nodes),
    i_move_move(Best, Move).

root([], _, _, _, Best, Best, N, N).
root([M|Ms], S, D, Alpha, Best0, Best, N0, N) :-
    i_play(S, M, S1),
    infinity(Inf),
    NegInf is -Inf,
    Beta is -Alpha,
    negamax(S1, D, 1, NegInf, Beta, V1, N0, N1),
    V is -V1,
    (   V > Alpha
    ->  root(Ms, S, D, V, M, Best, N1, N)
    ;   root(Ms, S, D, Alpha, Best0, Best, N1, N)
    ).

%   negamax(+S, +Depth, +Ply, +Alpha, +Beta, -Value, +N0, -N): fail-soft
%   alpha-beta; Value is for the player to move; N0/N count nodes.
negamax(S, Depth, Ply, Alpha, Beta, V, N0, N) :-
    N1 is N0 + 1,
    (   two_pieces_loser(S, Loser)
    ->  lost_value(S, Loser, Ply, V),
        N = N1
    ;   Depth =:= 0
    ->  leaf_value(S, Ply, V),
        N = N1
    ;   i_moves(S, Moves),
        inner_value(Moves, S, Depth, Ply, Alpha, Beta, V, N1, N)
    ).

lost_value(molinolog(_, _, _, C, _, _, _, _), Loser, Ply, V) :-
    win_value(Win),
    (   Loser == C
    ->  V is Ply - Win
    ;   V is Win - Ply
    ).

%   inner_value(+Moves, +S, ...): the value of S, not a leaf, whose moves
%   are Moves: lost without moves, drawn, or the best child.
inner_value([], _, _, Ply, _, _, V, N, N) :-
    win_value(Win),
    V is Ply - Win.
inner_value([M|Ms], S, Depth, Ply, Alpha, Beta, V, N0, N) :-
    (   drawn(S, _)
    ->  V = 0,
        N = N0
    ;   D1 is Depth - 1,
        Ply1 is Ply + 1,
        ordered_children(S, D1, [M|Ms], Children),
        infinity(Inf),
        Best0 is -Inf,
        children(Children, D1, Ply1, Alpha, Beta, Best0, V, N0, N)
    ).

children([], _, _, _, _, Best, Best, N, N).
children([S1|Ss], D, Ply, Alpha, Beta, Best0, Best, N0, N) :-
    A1 is -Beta,
    B1 is -Alpha,
    negamax(S1, D, Ply, A1, B1, V1, N0, N1),
    V is -V1,
    Best1 is max(Best0, V),
    Alpha1 is max(Alpha, V),
    (   Alpha1 >= Beta
    ->  Best = Best1,
        N = N1
    ;   children(Ss, D, Ply, Alpha1, Beta, Best1, Best, N1, N)
    ).

%   ordered_children(+S, +Depth, +Moves, -Children): the positions after
%   Moves, in search order.  Deep in the tree (Depth >= 1 below them) the
%   children are sorted by their static value, best for the mover first;
%   just above the leaves the cheaper order_moves/3 is enough.
ordered_children(S, Depth, Ms0, Children) :-
    (   Depth >= 1
    ->  maplist(valued_child(S), Ms0, Keyed),
        keysort(Keyed, Sorted),
        pairs_values(Sorted, Children)
    ;   order_moves(S, Ms0, Ms),
        maplist(i_play(S), Ms, Children)
    ).

valued_child(S, M, V-S1) :-
    i_play(S, M, S1),
    leaf_value(S1, 0, V).

%   order_moves(+S, +Moves, -Ordered): captures first, then moves onto a
%   point where the opponent has two of a mill line, then the rest; stable,
%   so ties keep the generation order.
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
                 *     THE TABLERO PROTOCOL     *
                 *******************************/

tablero:game(molinolog).

tablero:game_new(molinolog, Options, game(players(Black, White), Depth, none, State)) :-
    dict_pairs(Options, _, Pairs),
    forall(member(Key-_, Pairs), known_option(Key)),
    minimax_depth(Depth0),
    option_value(Options, size, integer_in(1, 3), 2, T),
    option_value(Options, black, player, human, Black),
    option_value(Options, white, player, machine, White),
    option_value(Options, depth, integer_in(1, 5), Depth0, Depth),
    option_value(Options, protect_mills, boolean, false, Protect),
    initial_state(T, [protect_mills(Protect)], State).

%   A point that is not on the board is a malformed request (HTTP 400),
%   as off_board is in Go; the rest are the rules saying no.
refusal_kind(bad_point, invalid) :- !.
refusal_kind(_, refused).

tablero:game_act(molinolog, game(Players, Depth, _, S0), Action,
                 game(Players, Depth, Step, S), Explain) :-
    action_step(Action, Step),
    format(string(Q), "step_refusal(S0, ~q, Code)", [Step]),
    (   step_refusal(S0, Step, Code)
    ->  refusal_message(Code, Message),
        format(string(A), "Code = ~q", [Code]),
        refusal_kind(Code, Kind),
        throw(tablero(Kind, Code, Message, [Q-A]))
    ;   step(S0, Step, S),
        step_explain(S0, Step, S, Explain0),
        Explain = [Q-"false"|Explain0]
    ).

tablero:game_view(molinolog, game(players(PB, PW), Depth, Last, S), View) :-
    state_view(S, View0),
    last_json(Last, LastJSON),
    put_dict(_{ players:_{b:PB, w:PW}, depth:Depth, last:LastJSON }, View0, View).

tablero:game_machine(molinolog, game(_, Depth, _, S), Action) :-
    best_move(S, Depth, Move),
    move_steps(Move, [Step|_]),
    step_json(Step, Action).

known_option(Key) :-
    (   memberchk(Key, [size, black, white, depth, protect_mills])
    ->  true
    ;   format(string(M), "Unknown option ~w (known: size, black, white, depth, protect_mills)", [Key]),
        throw(tablero(invalid, bad_option, M))
    ).

option_value(Options, Key, Type, Default, Value) :-
    (   get_dict(Key, Options, V0)
    ->  (   option_type(Type, V0, Value)
        ->  true
        ;   option_type_text(Type, Text),
            format(string(M), "Option ~w must be ~w", [Key, Text]),
            throw(tablero(invalid, bad_option, M))
        )
    ;   Value = Default
    ).

option_type(integer_in(L, H), V, V) :-
    integer(V),
    between(L, H, V).
option_type(player, V, P) :-
    string(V),
    player_name(V, P).
option_type(boolean, V, V) :-
    (V == true ; V == false).

option_type_text(integer_in(L, H), T) :-
    format(string(T), "an integer from ~w to ~w", [L, H]).
option_type_text(player, "\"human\" or \"machine\"").
option_type_text(boolean, "true or false").

player_name("human", human).
player_name("machine", machine).

%   action_step(+Action, -Step): the step of an action dict.
action_step(Action, Step) :-
    (   get_dict(kind, Action, Kind),
        action_step_(Kind, Action, Step)
    ->  true
    ;   throw(tablero(invalid, bad_action,
                      "An action is {\"kind\":\"place\",\"point\":P}, {\"kind\":\"move\",\"from\":P,\"to\":P} or {\"kind\":\"capture\",\"point\":P}"))
    ).

action_step_("place", A, place(P)) :-
    json_point(A.get(point), P).
action_step_("move", A, move(F, T)) :-
    json_point(A.get(from), F),
    json_point(A.get(to), T).
action_step_("capture", A, capture(P)) :-
    json_point(A.get(point), P).

%   json_point(+JSON, -Point): ["n", 2] as (n,2); anything else becomes the
%   atom bad, refused later as bad_point.
json_point(JSON, Point) :-
    (   JSON = [D0, R],
        string(D0),
        atom_string(D, D0),
        direction(D, _)
    ->  Point = (D, R)
    ;   Point = bad
    ).

point_json((D, R), [DS, R]) :-
    atom_string(D, DS).

step_json(place(P), _{kind:"place", point:J}) :-
    point_json(P, J).
step_json(move(F, T), _{kind:"move", from:JF, to:JT}) :-
    point_json(F, JF),
    point_json(T, JT).
step_json(capture(P), _{kind:"capture", point:J}) :-
    point_json(P, J).

last_json(Step, J) :-
    (   Step == none
    ->  J = null
    ;   step_json(Step, J)
    ).

refusal_message(game_over, "The game is over").
refusal_message(bad_step, "That is not an action of this game").
refusal_message(bad_point, "That point is not on this board").
refusal_message(must_capture, "A mill was formed: capture an opponent's piece first").
refusal_message(wrong_phase, "That action does not belong to this phase of the game").
refusal_message(occupied, "That point is already occupied").
refusal_message(not_your_piece, "Move one of your own pieces").
refusal_message(not_adjacent, "A piece moves only along an edge to a neighbouring point").
refusal_message(not_capturable, "Capture one of the opponent's pieces").
refusal_message(in_mill, "That piece is in a mill and the opponent has pieces outside mills").

step_explain(S0, Step, S, Explain) :-
    format(string(Q1), "step(S0, ~q, S)", [Step]),
    step_rule_explain(Step, S0, E1),
    state_mill(S, Mill),
    (   Mill == []
    ->  E2 = []
    ;   format(string(A2), "Points = ~q", [Mill]),
        E2 = ["state_mill(S, Points)"-A2]
    ),
    state_outcome(S, Outcome),
    format(string(A3), "Outcome = ~q", [Outcome]),
    append([E1, [Q1-"true"], E2, ["state_outcome(S, Outcome)"-A3]], Explain).

step_rule_explain(move(F, T), S0, [Q-"true"]) :-
    state_size(S0, Size),
    format(string(Q), "adjacent(~q, ~q, ~q)", [Size, F, T]).
step_rule_explain(place(_), _, []).
step_rule_explain(capture(_), _, []).

%   state_view(+S, -View): the JSON-ready picture of a rules state.
state_view(S, View) :-
    state_size(S, T),
    view_board(S, T, Points, Edges),
    view_counts(S, InHand, OnBoard),
    state_to_move(S, C),
    state_phase(S, Phase),
    state_mill(S, Mill),
    maplist(point_json, Mill, MillJSON),
    state_outcome(S, Outcome),
    outcome_json(Outcome, Over, Winner, Result, Reason),
    status_text(Outcome, S, Es, En),
    findall(A, (legal_step(S, St), step_json(St, A)), Legal),
    state_quiet(S, Quiet),
    S = molinolog(rules(_, Protect), _, _, _, _, _, _, _),
    atom_string(C, CS),
    atom_string(Phase, PhaseS),
    View = _{ size:T, points:Points, edges:Edges, to_move:CS,
              phase:PhaseS, in_hand:InHand, on_board:OnBoard,
              mill:MillJSON, status:_{es:Es, en:En}, over:Over,
              winner:Winner, result:Result, result_reason:Reason,
              legal:Legal, quiet_turns:Quiet, protect_mills:Protect }.

view_board(S, T, Points, Edges) :-
    findall(_{point:J, piece:Piece},
            ( point(T, P), point_json(P, J), point_piece_json(S, P, Piece) ),
            Points),
    findall([JP, JQ],
            ( adjacent(T, P, Q),
              point_index(P, I), point_index(Q, J), I < J,
              point_json(P, JP), point_json(Q, JQ) ),
            Edges).

view_counts(S, _{b:HB, w:HW}, _{b:OB, w:OW}) :-
    state_in_hand(S, b, HB),
    state_in_hand(S, w, HW),
    state_on_board(S, b, OB),
    state_on_board(S, w, OW).

point_piece_json(S, P, Piece) :-
    (   state_piece(S, P, C)
    ->  atom_string(C, Piece)
    ;   Piece = null
    ).

outcome_json(none, false, null, null, null).
outcome_json(win(C, Why), true, W, W, R) :-
    atom_string(C, W),
    atom_string(Why, R).
outcome_json(draw(Why), true, null, "draw", R) :-
    atom_string(Why, R).

colour_words(b, "negro", "Black").
colour_words(w, "blanco", "White").

%   status_text(+Outcome, +S, -Es, -En): the status line in the course's
%   Spanish wording and in English.
status_text(none, S, Es, En) :-
    state_to_move(S, C),
    colour_words(C, CEs, CEn),
    state_phase(S, Phase),
    (   Phase == place
    ->  state_in_hand(S, C, N),
        plural(N, "ficha", "fichas", FEs),
        plural(N, "piece", "pieces", FEn),
        format(string(Es), "Jugador ~w, colocar ~d ~w", [CEs, N, FEs]),
        format(string(En), "~w to place ~d ~w", [CEn, N, FEn])
    ;   Phase == move
    ->  format(string(Es), "Jugador ~w, mover", [CEs]),
        format(string(En), "~w to move", [CEn])
    ;   format(string(Es), "Jugador ~w, capturar", [CEs]),
        format(string(En), "~w to capture", [CEn])
    ).
status_text(win(C, Why), _, Es, En) :-
    colour_words(C, CEs, CEn),
    other(C, L),
    colour_words(L, LEs, LEn),
    win_reason_text(Why, LEs, LEn, REs, REn),
    format(string(Es), "Ganó el jugador ~w (~w)", [CEs, REs]),
    format(string(En), "~w wins (~w)", [CEn, REn]).
status_text(draw(repetition), _, "Tablas por triple repetición",
            "Draw by threefold repetition").
status_text(draw(fifty_moves), _, "Tablas: 50 jugadas de cada uno sin capturas",
            "Draw: 50 moves by each side without a capture").

win_reason_text(two_pieces, LEs, LEn, REs, REn) :-
    format(string(REs), "el ~w quedó con dos fichas", [LEs]),
    format(string(REn), "~w is left with two pieces", [LEn]).
win_reason_text(no_moves, LEs, LEn, REs, REn) :-
    format(string(REs), "el ~w no puede mover", [LEs]),
    format(string(REn), "~w cannot move", [LEn]).

plural(1, One, _, One) :- !.
plural(_, _, Many, Many).

/* Examples (paste into swipl after use_module(prolog/molinolog)):

%?- aggregate_all(count, point(2, _), N).
%   N = 24.
%?- aggregate_all(count, (adjacent(2, P, Q), P @< Q), N).
%   N = 32.
%?- findall(Q, adjacent(2, (n,2), Q), Qs).
%   Qs = [(ne,2), (nw,2), (n,3), (n,1)].
%?- aggregate_all(count, mill(2, _), N).
%   N = 16.
%?- count_moves(2, 2, N).
%   N = 552.
%?- initial_state(1, S0), step(S0, place((n,1)), S), state_phase(S, P).
%   P = place.
%?- initial_state(2, S0), foldl([T,A,B]>>play_move(A,T,B),
%       [place((nw,1)), place((s,3)), place((n,1)), place((s,2))], S0, S),
%       best_move(S, 2, M).
%   M = place((ne,1), (s,3)).
*/
