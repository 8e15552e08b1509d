:- module(go_eyes,
          [ eye_value/5,             % +Region, +Flat, +Width, +Y, -Value
            eye_value/6,             % +Region, +Flat, +Width, +Y, +First, -Value
            eye_value/7,             % +Region, +Flat, +Width, +Y, +First, +Outside, -Value
            killing_shape/4,         % +Region, +Flat, +Width, +Outside
            false_eye/4,             % +I, +Flat, +Width, +Y
            neighbours/3,            % +Width, +I, -Neighbours
            point_index/3            % +Width, ?Point, ?Index
          ]).

/** <module> Go: what an eye is worth

Start reading at prolog/go.pl (the entry module).  The dead-stone
proposal (go_dead, prolog/go/dead.pl) finds the units of each colour and
their eyes; this module says what each eye is worth, from its shape.

Take a colour X, its opponent Y, and a unit of X (go_dead's: X's stones
that Y's wall keeps together).  An *eye* of the unit is an empty region
(a maximal connected set of empty points) inside the wall whose
neighbours are all X's stones.  An eye is worth

  - 0 when it is one point and *false*: Y's stones stand on two of its
    diagonal points, or on one when the point is on the edge;
  - 2 when it has room for two eyes whatever Y does: 4 points or more
    that are not a *killing shape* (see eye_value/7): a shape where Y's
    stone on one point, the vital point, leaves one eye.  The killing
    shapes are
      - the square four;
      - the *nakade* shapes: a point next to all the others (the pyramid
        four, the crossed five), or to all but one that is itself next
        to two of its neighbours (the bulky five, the rabbity six).  A
        five shaped like a T or a Y also has a point with three
        neighbours, but the point it leaves out is next to one of them
        only: X makes an eye there, and the shape lives;
      - in the corner, where X cannot take back Y's stones inside
        without filling its own last liberties, three shapes when the
        wall around them has few liberties outside the eye: the *bent
        four in the corner* (A9 B9 C9 and A8 on 9x9: Y's stone on B9
        makes a ko Y starts when it suits it, after taking away X's ko
        threats) and the *rectangular six in the corner* (A9 B9 C9 A8
        B8 C8) with one liberty outside or none, the rectangular six
        with B7 too with none.  With more they live, as GNU Go says.
    The L group (X's B7 C7 D7 D8, its eye space open on A7 and D9) and
    the carpenter's square are dead or alive by the same rules once Y
    has played its hanes: an eye space that touches Y's stones is no
    eye, one that Y's hanes closed is a shape above.
    bench/go_eyeshapes.py compares every eye space of four to seven
    points in the corner and on the edge with GNU Go.  When X is the
    side to move (dead_verdicts/3), a killing shape but the square four
    is worth 2: X takes the vital point itself;
  - 1 otherwise.

Boards here are the flat boards of go_board:flat_board/3: a term whose
arguments are the cells, "#" around the board, the point [R, C] at index
(R + 1) * Width + C + 2, where Width is the board's size plus one.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).

%!  eye_value(+Region, +Flat, +Width, +Y, -Value) is det.
%!  eye_value(+Region, +Flat, +Width, +Y, +First, -Value) is det.
%!  eye_value(+Region, +Flat, +Width, +Y, +First, +Outside, -Value) is det.
%
%   Value is what an eye of the points Region is worth to the colour
%   playing against Y (see the module header).  First is true when that
%   colour moves first: then a killing shape is worth two, since it
%   takes the vital point itself (A9 or B8 in the bent four in the
%   corner), but for the square four, one eye whatever it plays.
%   Outside is the number of the unit's liberties outside Region: a
%   corner shape of corner_killing_shape/2 kills only when the wall
%   around it has that many or fewer.  The forms without it take a wall
%   with no liberty outside the eye (Outside = 0).
eye_value(Region, Flat, Width, Y, V) :-
    eye_value(Region, Flat, Width, Y, false, 0, V).

eye_value(Region, Flat, Width, Y, First, V) :-
    eye_value(Region, Flat, Width, Y, First, 0, V).

eye_value([I], Flat, Width, Y, _, _, V) :-
    !,
    (   false_eye(I, Flat, Width, Y) -> V = 0 ; V = 1 ).
eye_value(Region, Flat, Width, _, First, Outside, V) :-
    length(Region, N),
    (   N =< 3
    ->  V = 1
    ;   square_four(Region, Width)
    ->  V = 1
    ;   killing_shape(Region, Flat, Width, Outside)
    ->  (   First == true -> V = 2 ; V = 1 )
    ;   V = 2
    ).

square_four([A, B, C, D], Width) :-
    B =:= A + 1, C =:= A + Width, D =:= C + 1.

%!  killing_shape(+Region, +Flat, +Width, +Outside) is semidet.
%
%   True for an eye of four
%   points or more that the opponent's stone on one point (the vital
%   point) leaves with one eye (nakade): the square four, a nakade shape
%   (nakade_shape/2), or a corner shape of corner_killing_shape/2 whose
%   wall has at most its number of liberties Outside the eye.
killing_shape(Region, Flat, Width, Outside) :-
    (   square_four(Region, Width)
    ->  true
    ;   nakade_shape(Region, Width)
    ->  true
    ;   corner_shape(Region, Flat, Width, Shape),
        corner_killing_shape(Shape, Most),
        Outside =< Most
    ).

%   nakade_shape(+Region, +Width): a point V of Region (the vital point)
%   is next to every other point, or to every other point but one that is
%   itself next to two of V's neighbours.  After the opponent's stone on V
%   the owner's moves on the points left cannot make two eyes: they are
%   all next to that stone, or (the last point) walled in by them.  These
%   are the pyramid four and the crossed five (V next to all), the bulky
%   five and the rabbity six (a square of four with V at one corner and a
%   point or two beside V).  No other shape is one: a point of a
%   T-shaped or a Y-shaped five has three neighbours too, but the point
%   it leaves out is next to one of them only, and the owner makes an eye
%   there (GNU Go agrees: bench and tests below).
nakade_shape(Region, Width) :-
    member(V, Region),
    neighbours(Width, V, Ns),
    include(in_region(Region), Ns, In),
    ord_subtract(Region, [V|In], Rest0),
    sort(In, InSet),
    ord_subtract(Rest0, InSet, Rest),
    (   Rest == []
    ->  true
    ;   Rest = [R],
        neighbours(Width, R, RNs),
        include(in_region(InSet), RNs, [_, _])
    ),
    !.

%   corner_shape(+Region, +Flat, +Width, -Shape): Region holds a corner
%   point of the board; Shape are its points as [Down, Along], counted
%   from that corner along the two edges, ordered, so that a shape and
%   its mirror image along the diagonal give one of the two orders of
%   corner_killing_shape/2.
corner_shape(Region, _Flat, Width, Shape) :-
    N is Width - 1,
    Last is N - 1,
    maplist(point_index(Width), Points, Region),
    member(R0, [0, Last]), member(C0, [0, Last]),
    memberchk([R0, C0], Points),
    (   Mirror = false ; Mirror = true ),
    findall([D, A],
            ( member([R, C], Points),
              DR is abs(R - R0), DC is abs(C - C0),
              ( Mirror == false -> D-A = DR-DC ; D-A = DC-DR ) ),
            Shape0),
    sort(Shape0, Shape).

%   corner_killing_shape(?Shape, ?Most): Shape, as corner_shape/4 gives
%   it from the corner, kills (the opponent's stone inside makes it one
%   eye) when the wall around it has Most liberties or fewer outside it.
%   In the corner the owner cannot take back the stones the opponent
%   plays inside without filling its own last liberties (a shortage of
%   liberties), so with a wall short of liberties these shapes are one
%   eye, though elsewhere they are two.  Checked against GNU Go's
%   final_status_list, the attacker moving first, on every eye space of
%   four to seven points in the corner of 9x9, the wall with no
%   liberty, one, and two outside (tests in prolog/go.plt):
%
%     - the bent four in the corner, A9 B9 C9 and A8 on 9x9: the
%       opponent's stone on B9 makes a ko the owner cannot win in the
%       end; with two liberties outside GNU Go calls the owner alive;
%     - the rectangular six in the corner, A9 B9 C9 A8 B8 C8: the
%       opponent plays B8, then A8 or B9;
%     - the same with a point below its middle, B7, only with no liberty
%       outside.
corner_killing_shape([[0, 0], [0, 1], [0, 2], [1, 0]], 1).
corner_killing_shape([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]], 1).
corner_killing_shape([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 1]], 0).

in_region(Region, J) :-
    memberchk(J, Region).

%!  false_eye(+I, +Flat, +Width, +Y) is semidet.
%
%   The one-point eye I has Y's stones on
%   two of its diagonal points, or on one when it is on the edge.
false_eye(I, Flat, Width, Y) :-
    NW is I - Width - 1, NE is I - Width + 1, SW is I + Width - 1, SE is I + Width + 1,
    foldl(diagonal(Flat, Y), [NW, NE, SW, SE], 0-0, OnBoard-Enemies),
    (   OnBoard < 4 -> Enemies >= 1 ; Enemies >= 2 ).

diagonal(Flat, Y, J, B0-E0, B-E) :-
    (   arg(J, Flat, Cell0) -> Cell = Cell0 ; Cell = "#" ),  % past the last frame cell
    (   Cell == "#" -> B = B0 ; B is B0 + 1 ),
    (   Cell == Y -> E is E0 + 1 ; E = E0 ).

                 /*******************************
                 *      THE FLAT BOARD          *
                 *******************************/

%!  neighbours(+Width, +I, -Neighbours) is det.
%
%   Neighbours are the indices above, below, left and right of the index
%   I of a flat board of Width (some may be the border "#").
neighbours(Width, I, [Up, Down, Left, Right]) :-
    Up is I - Width, Down is I + Width, Left is I - 1, Right is I + 1.

%!  point_index(+Width, ?Point, ?Index) is det.
%
%   Index is the index on a flat board of Width of the point [R, C].
point_index(Width, [R, C], I) :-
    (   integer(I)
    ->  I0 is I - 2, R is I0 // Width - 1, C is I0 mod Width
    ;   I is (R + 1) * Width + C + 2
    ).
