:- module(molinolog_board,
          [ point/2,                % +T, ?Point
            adjacent/3,             % +T, ?Point1, ?Point2
            mill/2,                 % +T, ?Points
            direction/2,            % ?Dir, ?K
            valid_point/2,          % +T, @Point
            point_index/2,          % +Point, -I
            index_point/2,          % +I, -Point
            points_bits/2,          % +Points, -Bits
            bit_indices/2,          % +Bits, -Indices
            t_full/2,               % ?T, -Bits
            t_adj/3,                % ?T, ?I, -Bits
            t_masks/3,              % ?T, -Spokes, -Starts
            t_mills/2,              % ?T, -Mills
            t_point_mills/3,        % ?T, ?I, -Mills
            empty_neighbours/5,     % +T, +B, +W, -Empty, -Sides
            mobility/4,             % +X, +Sides, -Mob, -Blocked
            lines/5                 % +X, +Empty, +Start, -Mills, -Twos
          ]).

/** <module> Molinolog: the board geometry, as points and as bit sets

Start reading at prolog/molinolog.pl (the entry module).  This module knows
the board and nothing of the game: its points, edges and mill lines, and the
bit-set tables and bit-set counts the rules (molinolog_rules) and the machine
(molinolog_machine) work with.  Everything here is pure.

## Points

A board of size T (1, 2 or 3) has T+1 concentric square rings; ring 1 is the
innermost.  A point is the course's pair `(Dir, Dist)`, e.g. `(n,2)`, with Dir in
`n, ne, e, se, s, sw, w, nw` and Dist the ring, 1..T+1.  Edges join neighbouring
directions on a ring (nw-n-ne-e-se-s-sw-w-nw) and neighbouring rings at n, e, s, w
only.  A mill is a side of a ring (nw,n,ne / ne,e,se / se,s,sw / sw,w,nw) or three
consecutive rings on n, e, s or w.  T=1: 16 points, 20 edges, 8 mills; T=2: 24,
32, 16; T=3: 32, 44, 24.

## Bit sets

Inside a state a point is a bit index `I = 8*(Dist-1) + D` where D (see
direction/2) counts the directions from n = 0 clockwise to nw = 7, and a set of
points is an integer whose bit I is set when point I is in the set.  The
tables t_full/2, t_adj/3, t_masks/3, t_mills/2 and t_point_mills/3 are
computed once, at load time, from point/2, adjacent/3 and mill/2.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).

                 /*******************************
                 *        BOARD GEOMETRY        *
                 *******************************/

%!  direction(?Dir, ?K) is nondet.
%
%   Dir is a direction and K its number, n = 0 clockwise to nw = 7.
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

%!  point_index(+Point, -I) is det.
%
%   I is the bit index of Point.
point_index((D, R), I) :-
    direction(D, K),
    I is 8 * (R - 1) + K.

%!  index_point(+I, -Point) is det.
%
%   Point is the point of bit index I.
index_point(I, (D, R)) :-
    K is I /\ 7,
    R is (I >> 3) + 1,
    direction(D, K).

%!  points_bits(+Points, -Bits) is det.
%
%   Bits is the bit set of the list Points.
points_bits(Points, Bits) :-
    foldl(add_point_bit, Points, 0, Bits).

add_point_bit(P, B0, B) :-
    point_index(P, I),
    B is B0 \/ (1 << I).

%!  bit_indices(+Bits, -Indices) is det.
%
%   Indices are the set bits of Bits, lowest first.
bit_indices(Bits, Is) :-
    (   Bits =:= 0
    ->  Is = []
    ;   I is lsb(Bits),
        Bits1 is Bits /\ (Bits - 1),
        Is = [I|Is1],
        bit_indices(Bits1, Is1)
    ).

%!  valid_point(+T, @Point) is semidet.
%
%   Point is a well-formed point `(Dir, Dist)` of the board of size T; fails
%   for anything else (also for a variable).
valid_point(T, P) :-
    nonvar(P),
    P = (D, R),
    atom(D),
    direction(D, _),
    integer(R),
    R >= 1,
    R =< T + 1.

                 /*******************************
                 *          TABLES              *
                 *******************************/

%!  t_full(?T, -Bits) is nondet.
%!  t_adj(?T, ?I, -Bits) is nondet.
%!  t_masks(?T, -Spokes, -Starts) is nondet.
%!  t_mills(?T, -Mills) is nondet.
%!  t_point_mills(?T, ?I, -Mills) is nondet.
%
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
                 *      COUNTS ON BIT SETS      *
                 *******************************/

%   These counts work on whole bit sets at once.  Within a ring (8 bits)
%   cw/1 moves each point's bit to its anticlockwise neighbour, so bit K of
%   cw(X) tells about point K+1 (clockwise of K), and ccw/1 the reverse;
%   X >> 8 and X << 8 look one ring out and one ring in.
cw(X, Y) :-
    Y is ((X >> 1) /\ 0x7F7F7F7F) \/ ((X << 7) /\ 0x80808080).
ccw(X, Y) :-
    Y is ((X << 1) /\ 0xFEFEFEFE) \/ ((X >> 7) /\ 0x01010101).

%!  empty_neighbours(+T, +B, +W, -Empty, -Sides) is det.
%
%   Empty is the set of empty points of the board of size T with black
%   pieces B and white pieces W; Sides = sides(CW, CCW, Out, In) are the
%   points whose neighbour clockwise, anticlockwise, one ring out, one ring
%   in is empty.
empty_neighbours(T, B, W, Empty, sides(CW, CCW, Out, In)) :-
    t_full(T, Full),
    t_masks(T, Spokes, _),
    Empty is Full /\ \ (B \/ W),
    cw(Empty, CW),
    ccw(Empty, CCW),
    Out is (Empty >> 8) /\ Spokes,
    In is (Empty << 8) /\ Spokes.

%!  mobility(+X, +Sides, -Mob, -Blocked) is det.
%
%   Mob is the number of moves along edges of the pieces X (piece-empty
%   neighbour pairs; Sides from empty_neighbours/5), Blocked the number of
%   pieces of X without an empty neighbour.
mobility(X, sides(CW, CCW, Out, In), Mob, Blocked) :-
    Mob is popcount(X /\ CW) + popcount(X /\ CCW)
         + popcount(X /\ Out) + popcount(X /\ In),
    Blocked is popcount(X /\ \ (CW \/ CCW \/ Out \/ In)).

%!  lines(+X, +Empty, +Start, -Mills, -Twos) is det.
%
%   Mills is the number of closed mills of X, Twos the number of mill lines
%   holding two of X and an empty point (Empty: the empty points; Start:
%   the inner ends of the mills across rings, from t_masks/3).  Ring sides
%   are read at their middle point (n, e, s, w: the even bits), lines across
%   rings at their inner end.
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
