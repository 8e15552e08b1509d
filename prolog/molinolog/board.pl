:- module(molinolog_board,
          [ point/2,                % +T, ?Point
            adjacent/3,             % +T, ?Point1, ?Point2
            mill/2,                 % +T, ?Points
            board_lines/4,          % +T, +Pieces, +Marked, -Lines
            direction/2,            % ?Dir, ?K
            valid_point/2,          % +T, @Point
            point_index/2,          % +Point, -I
            index_point/2,          % +I, -Point
            points_bits/2,          % +Points, -Bits
            bits_points/2,          % +Bits, -Points
            bit_indices/2,          % +Bits, -Indices
            other/2,                % ?Colour, ?Opponent
            colour_bits/4,          % +Colour, +B, +W, -Bits
            add_bits/6,             % +Colour, +Bits, +B0, +W0, -B, -W
            flip_bits/6,            % +Colour, +Bits, +B0, +W0, -B, -W
            pieces_bits/3,          % +Pieces, -B, -W
            formed_mills/4,         % +T, +I, +Own, -Bits
            forms_mill/3,           % +T, +I, +Own
            mill_bits/3,            % +T, +X, -Bits
            t_full/2,               % ?T, -Bits
            t_adj/3,                % ?T, ?I, -Bits
            t_masks/3,              % ?T, -Spokes, -Starts
            t_mills/2,              % ?T, -Mills
            t_point_mills/3,        % ?T, ?I, -Mills
            empty_neighbours/5,     % +T, +B, +W, -Empty, -Sides
            mobility/4,             % +X, +Sides, -Mob, -Blocked
            lines/5                 % +X, +Empty, +Start, -Mills, -Twos
          ]).

/** <module> Molinolog: the board geometry, as points, bit sets and text

Start reading at prolog/molinolog.pl (the entry module).  This module knows
the board and the pieces on it, and nothing of the turns of the game: its
points, edges and mill lines, the pieces of each colour as bit sets (the
tables and counts the rules, molinolog_rules, and the machine,
molinolog_machine, work with) and the board drawn as text.  Everything here
is pure.

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

## Pieces

A piece is black (`b`) or white (`w`).  A position's pieces are two bit sets,
B (the black pieces) and W (the white ones); a list of pieces, as the
predicates for people take it, is a list of Point-Colour pairs.
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
%
%   ?- aggregate_all(count, point(2, _), N).
%   N = 24.
point(T, (D, R)) :-
    ring(T, R),
    direction(D, _).

%!  adjacent(+T, ?Point1, ?Point2) is nondet.
%
%   Point1 and Point2 are joined by an edge of the board of size T.
%
%   ?- findall(_Q, adjacent(2, (n,2), _Q), Qs).
%   Qs = [(ne,2), (nw,2), (n,3), (n,1)].
%
%   ?- aggregate_all(count, (adjacent(2, _P, _Q), _P @< _Q), N).
%   N = 32.
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
%
%   ?- aggregate_all(count, mill(2, _), N).
%   N = 16.
%
%   ?- mill(2, [(w,1)|Ps]).
%   Ps = [(w,2), (w,3)].
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

%!  bits_points(+Bits, -Points) is det.
%
%   Points are the points of the bit set Bits, in bit order.
bits_points(Bits, Points) :-
    bit_indices(Bits, Is),
    maplist(index_point, Is, Points).

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
                 *      PIECES AS BIT SETS      *
                 *******************************/

%!  other(?Colour, ?Opponent) is nondet.
%
%   Opponent is the other player of Colour (b or w).
other(b, w).
other(w, b).

%!  colour_bits(+Colour, +B, +W, -Bits) is det.
%
%   Bits is the bit set of Colour's pieces, of black pieces B and white W.
colour_bits(b, B, _, B).
colour_bits(w, _, W, W).

%!  add_bits(+Colour, +Bits, +B0, +W0, -B, -W) is det.
%!  flip_bits(+Colour, +Bits, +B0, +W0, -B, -W) is det.
%
%   B-W are the pieces B0-W0 with the points Bits added to (add_bits/6) or
%   flipped in (flip_bits/6: a piece moved, or a capture) Colour's set.
add_bits(b, Bits, B0, W, B, W) :- B is B0 \/ Bits.
add_bits(w, Bits, B, W0, B, W) :- W is W0 \/ Bits.

flip_bits(b, Bits, B0, W, B, W) :- B is B0 xor Bits.
flip_bits(w, Bits, B, W0, B, W) :- W is W0 xor Bits.

%!  pieces_bits(+Pieces, -B, -W) is det.
%
%   B and W are the bit sets of the black and the white pieces of the list
%   Pieces (Point-Colour pairs).
pieces_bits(Pieces, B, W) :-
    foldl(add_piece, Pieces, 0-0, B-W).

add_piece(P-C, B0-W0, B-W) :-
    point_index(P, I),
    add_bits(C, 1 << I, B0, W0, B, W).

%!  formed_mills(+T, +I, +Own, -Bits) is det.
%
%   Bits are the points of the mills through point I that the pieces Own
%   fill (0 if none), on the board of size T.
formed_mills(T, I, Own, Bits) :-
    t_point_mills(T, I, Ms),
    foldl(filled_mill(Own), Ms, 0, Bits).

filled_mill(Own, M, B0, B) :-
    (   M /\ Own =:= M
    ->  B is B0 \/ M
    ;   B = B0
    ).

%!  forms_mill(+T, +I, +Own) is semidet.
%
%   The pieces Own fill a mill through point I.
forms_mill(T, I, Own) :-
    t_point_mills(T, I, Ms),
    member(M, Ms),
    M /\ Own =:= M,
    !.

%!  mill_bits(+T, +X, -Bits) is det.
%
%   Bits are the pieces of X that stand in a mill of X.
mill_bits(T, X, Bits) :-
    t_mills(T, Ms),
    foldl(filled_mill(X), Ms, 0, Bits).

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

                 /*******************************
                 *       THE BOARD AS TEXT      *
                 *******************************/

%!  board_lines(+T, +Pieces, +Marked, -Lines) is det.
%
%   Lines (strings) draw the board of size T with Pieces (Point-Colour
%   pairs) as the terminal game shows it: X a black piece, O a white one,
%   + an empty point and * a point of the list Marked (the pieces of a mill
%   just formed); the directions of the outer ring above and below, the
%   ring numbers on the left.
%
%   ?- board_lines(1, [(n,1)-b, (s,2)-w], [], Lines).
%   Lines = ["    nw       n      ne",
%            "  2  +-------+-------+",
%            "     |       |       |",
%            "  1  |   +---X---+   |",
%            "     |   |       |   |",
%            "  w  +---+       +---+  e",
%            "     |   |       |   |",
%            "  1  |   +---+---+   |",
%            "     |       |       |",
%            "  2  +-------O-------+",
%            "    sw       s      se"].
board_lines(T, Pieces, Marked, Lines) :-
    C is T + 1,
    Cols is 8 * C,
    Rows is 4 * C,
    findall(Seg, edge_segment(T, Seg), Segs),
    Grid = grid(Pieces, Marked, C, Segs),
    directions_line(C, nw-n-ne, Top),
    directions_line(C, sw-s-se, Bottom),
    findall(Line,
            ( between(0, Rows, Row),
              grid_line(Grid, Row, Cols, Line) ),
            Body),
    append([[Top], Body, [Bottom]], Lines).

%   The board is drawn on a grid: the centre is unit (C, C) with C = T+1; the
%   point (Dir, Dist) sits Dist units from it towards Dir; a unit is 4
%   columns and 2 lines.

%   directions_line(+C, +Left-Middle-Right, -Line): the names of the outer
%   ring's corners and middle, over their columns.
directions_line(C, L-M-R, Line) :-
    Gap1 is 4 * C - 1,
    Gap2 is 4 * C - 2,
    format(string(Line), "    ~w~*c~w~*c~w", [L, Gap1, 0' , M, Gap2, 0' , R]).

grid_line(Grid, Row, Cols, Line) :-
    Grid = grid(_, _, C, _),
    findall(Ch, ( between(0, Cols, Col), cell(Grid, Row, Col, Ch) ), Chars),
    string_chars(Cells, Chars),
    Y is Row // 2,
    (   Row mod 2 =:= 0,
        Y =\= C
    ->  Ring is abs(Y - C),
        format(string(Line), "~t~d~3|  ~s", [Ring, Cells])
    ;   Row mod 2 =:= 0
    ->  format(string(Line), "~t~w~3|  ~s  e", [w, Cells])
    ;   format(string(Line), "     ~s", [Cells])
    ).

cell(grid(Pieces, Marked, C, Segs), Row, Col, Ch) :-
    (   grid_point(C, Row, Col, P)
    ->  point_char(Pieces, Marked, P, Ch)
    ;   member(seg(Row, C1, Row, C2), Segs),
        Col > C1, Col < C2
    ->  Ch = '-'
    ;   member(seg(R1, Col, R2, Col), Segs),
        Row > R1, Row < R2
    ->  Ch = '|'
    ;   Ch = ' '
    ).

point_char(Pieces, Marked, P, Ch) :-
    (   memberchk(P, Marked)
    ->  Ch = '*'
    ;   memberchk(P-b, Pieces)
    ->  Ch = 'X'
    ;   memberchk(P-w, Pieces)
    ->  Ch = 'O'
    ;   Ch = '+'
    ).

%   grid_point(+C, +Row, +Col, -Point): the point drawn at Row, Col.
grid_point(C, Row, Col, (D, R)) :-
    Row mod 2 =:= 0,
    Col mod 4 =:= 0,
    DX is Col // 4 - C,
    DY is Row // 2 - C,
    R is max(abs(DX), abs(DY)),
    R > 0,
    (DX =:= 0 ; DY =:= 0 ; abs(DX) =:= abs(DY)),
    direction_offset(D, sign(DX), sign(DY)).

direction_offset(D, SX, SY) :-
    offset(D, X, Y),
    X =:= SX,
    Y =:= SY,
    !.

offset(n, 0, -1).
offset(ne, 1, -1).
offset(e, 1, 0).
offset(se, 1, 1).
offset(s, 0, 1).
offset(sw, -1, 1).
offset(w, -1, 0).
offset(nw, -1, -1).

point_cell(T, (D, R), Row, Col) :-
    C is T + 1,
    offset(D, X, Y),
    Col is 4 * (C + X * R),
    Row is 2 * (C + Y * R).

%   edge_segment(+T, -seg(Row1, Col1, Row2, Col2)): an edge as a horizontal
%   or vertical run of cells, from the smaller to the larger end.
edge_segment(T, seg(R1, C1, R2, C2)) :-
    adjacent(T, P, Q),
    point_cell(T, P, RP, CP),
    point_cell(T, Q, RQ, CQ),
    R1 is min(RP, RQ), R2 is max(RP, RQ),
    C1 is min(CP, CQ), C2 is max(CP, CQ).
