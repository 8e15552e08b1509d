:- module(go_open_ground,
          [ open_pair/4,             % +U, +V, +Flat, +Width
            part_in_danger/5         % +U, +V, +Flat, +Width, -Part
          ]).

/** <module> Go: weak units on open ground (the dead-stone proposal)

Start reading at prolog/go/dead.pl (go_dead): this module is the *open
ground* of step 3 of its proposal, where two weak units are not compared
as a capturing race (open_pair/4), and the *parts in danger* that are
compared all the same (part_in_danger/5).  The units, their walls, eyes
and corridors are go_units' (prolog/go/units.pl); what an eye is worth is
go_eyes' (prolog/go/eyes.pl).

Step 3 compares two weak units as a capturing race: the weaker runs out
of liberties first.  That holds when they are shut in, each pressed by
the other and by stones around them; not when the game stopped before
the fight.  Two weak units U and V of two colours stand on *open ground*
when each is the other's whole wall (every stone around U's hole is V's,
and every stone around V's hole is U's: no third stone presses either)
and U has *room*: a region of empty points next to no stone, outside U's
eyes and nearer to U's stones than to V's (in steps along the lines; a
tie is nobody's), that would be worth two as an eye (four points or
more, not a killing shape: go_eyes), next to one of U's liberties, so
that U reaches it in one move, before V does.  U is not enclosed: it can
play there and make eyes, and it cannot be captured before it does.  The
position is unsettled, not a race, so step 3 does not compare U with V,
U races with nobody ("Capturing races and seki" in go_dead's header),
and if it stands so at the end, go_dead's dead_verdicts/2 calls it
unsettled, not seki.  Room is U's own: a unit whose liberties all lie
among the other's stones has none, however much open ground lies
elsewhere on the board.

But open ground holds nothing together.  A *part* of U here is its
stones joined through stones and through the empty points where V's
colour cannot play (its stone there would capture nothing and have
fewer than two liberties), as go_units cuts a weak unit at its
corridors, but with no open ground to join them.  A part with two
liberties or fewer (none of them in U's eyes) is in danger: V ataris it
at once, and the open ground beside it is V's to take too.  Step 3
compares such a part, alone, with V: weaker, it dies (part_in_danger/5),
and the rest of U stays on open ground.

A 9x9 game against the machine ended so after twelve plies (B C7, W C5,
B G3, W E5, B G7, W F7, B C3, W E3, Black passes, W G6, both pass).  On
an open board each colour's stones are one unit (nothing of the other's
walls any of them off), Black's with no eye and 14 liberties, White's
with none and 15, each the other's whole wall, and the empty points next
to no stone make a region of 44 points.  The proposal called Black's four
dead for the one liberty they lacked, and gave White the board (W+81).
Now only G7 dies: next to F7 and G6 it has two liberties, G8 and H7, a
part in danger weaker than White's unit (0-2 against 0-15).  C7, C3 and
G3, four liberties each, stay on open ground with White's five.  GNU Go
counts it so (G7 dead, W+5.0).  A lone stone in the corner against one
in the centre is a part in danger too (two liberties), and dies, as GNU
Go calls it.  White's E1 under Black's E2, with D2 beside D1, is not:
Black's stone on D1 would have one liberty, so D1 joins E1 to D2, and
the part has four liberties.

Open ground nearer to V is V's to take.  On 5x5, White's A1 and A2 in
the corner against Black's B3 and C3 have open ground on the right, but
every point of it is as near to Black's stones as to White's, or nearer:
White has no room, is compared, and dies, as GNU Go counts it (A1 A2
dead, B+17.5).

A game GNU Go played against itself (seed 19 of bench/go_deadstones.py)
ended with White's fourteen stones in the middle and the top hemmed in
by Black's loose framework, nine liberties, and the open ground on the
left, the right and the bottom next to Black's liberties only.  Once
White's stones in atari are off, each colour is one unit, each the
other's whole wall, but White has no room: it is compared, and dies,
as GNU Go counts it (B+81).

A stone in atari on open ground is not spared either: split off at its
open corridor (go_units), its only wall is the unit around it, but that
unit's wall holds more stones than it, so the two are not each other's
whole wall; it is weaker, and dies first.  Then the rest stands on open
ground (GNU Go level 1 against itself, 12 plies on 9x9: White's G3 in
atari dies, nothing else, as GNU Go counts it).  And a small board has
no open ground: on 3x3, White's stone in the corner against Black's in
the centre leaves three empty points next to no stone, the other three
corners, one point each.  White's stone, 2 liberties against 4, dies.
The invader of gt_invaded (prolog/go.plt) is enclosed: Black's wall
around it is pressed by White's living stones too, so the two are not
each other's whole wall, and the invader dies as before.

Points are indices of the flat board of go_board:flat_board/3, as in
go_dead and go_units.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(library(aggregate)).
:- use_module(board, [opponent/2, board_rows/2, flat_board/3]).  % the last two for the examples
:- use_module(units, [ flood/7, held_parts/4, strength/2, neighbour_cells/6,
                       captures_at/4, chain_liberties_after/5, liberty_points/4,
                       approachable/3,
                       all_units/4, indices_points/3      % for the examples
                     ]).
:- use_module(eyes, [eye_value/5, neighbours/3, point_index/3]).

%!  open_pair(+U, +V, +Flat, +Width) is semidet.
%
%   The weak units U and V (go_units:all_units/4) of the flat board Flat,
%   of two colours, stand on open ground (see the header): each is the
%   other's whole wall, and U has room on open ground: a region of empty
%   points next to no stone, outside U's eyes, nearer to U's stones than
%   to V's (nearer/4), that go_eyes would value two as an eye (four points
%   or more, not a killing shape), next to one of U's liberties (U reaches
%   it in one move).  On 5x5, Black's B3 C3 have room on the right; White's
%   A1 A2 have none (every open point is as near to Black's stones or
%   nearer):
%
%   ?- board_rows(_B, ["-----", "-----", "-bb--", "w----", "w----"]),
%      flat_board(_B, _W, _F), all_units(_F, _W, none, [_Black, _White]),
%      open_pair(_Black, _White, _F, _W).
%   true.
%
%   ?- board_rows(_B, ["-----", "-----", "-bb--", "w----", "w----"]),
%      flat_board(_B, _W, _F), all_units(_F, _W, none, [_Black, _White]),
%      open_pair(_White, _Black, _F, _W).
%   false.
open_pair(U, V, Flat, Width) :-
    U = unit(X, SU, _, _, WU, EyesU),
    V = unit(Y, SV, _, _, WV, _),
    opponent(X, Y),
    WU \== [],
    ord_subset(WU, SV),
    ord_subset(WV, SU),
    SU = [I|_],
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    flood([I], Width, Flat, Seen, not(Y), [], Hole),
    include(open_point(Flat, Width), Hole, Open0),
    ord_subtract(Open0, EyesU, Open1),
    include(nearer(SU, SV, Width), Open1, Open),
    held_parts(Open, Open, Width, Regions),     % go_units: each piece of Open
    liberty_points(U, Flat, Width, Libs),
    member(Region, Regions),
    eye_value(Region, Flat, Width, Y, V2),
    V2 >= 2,
    next_to_some(Region, Libs, Width),
    !.

%   nearer(+Own, +Other, +Width, +I): the point I is fewer steps along the
%   lines from a stone of Own than from any stone of Other (a tie is
%   nobody's): open ground U would reach before V.
nearer(Own, Other, Width, I) :-
    point_index(Width, [R, C], I),
    steps(Own, Width, R, C, D1),
    steps(Other, Width, R, C, D2),
    D1 < D2.

steps(Stones, Width, R, C, D) :-
    aggregate_all(min(S),
                  ( member(J, Stones),
                    point_index(Width, [R1, C1], J),
                    S is abs(R - R1) + abs(C - C1) ),
                  D).

%   next_to_some(+Region, +Points, +Width): a point of Region is next to
%   one of the ordered Points.
next_to_some(Region, Points, Width) :-
    member(I, Region),
    neighbours(Width, I, Ns),
    member(J, Ns),
    ord_memberchk(J, Points),
    !.

%!  part_in_danger(+U, +V, +Flat, +Width, -Part) is nondet.
%
%   U stands on open ground with V (open_pair/4), and Part, as a unit of
%   its own (no eye, no wall), is a part of U's: its stones joined through
%   stones and through the empty points where V's colour cannot play (its
%   stone there would capture nothing and have fewer than two liberties),
%   as go_units cuts at corridors but with no open ground to hold it; it
%   has two liberties or fewer, none of them a point of U's eyes, is
%   weaker than V, and V can approach it (go_units:approachable/3).  The
%   open ground does not hold it to the rest of U.  On 9x9, White's lone
%   stone in the corner against Black's in the centre has room on open
%   ground, but two liberties, against Black's four:
%
%   ?- board_rows(_B, ["w--------", "---------", "---------", "---------",
%                      "----b----", "---------", "---------", "---------",
%                      "---------"]),
%      flat_board(_B, _W, _F), all_units(_F, _W, none, [_Black, _White]),
%      open_pair(_White, _Black, _F, _W),
%      part_in_danger(_White, _Black, _F, _W, unit(C, _S, E, L, _, _)),
%      indices_points(_W, _S, Stones).
%   C = "w",
%   E = 0,
%   L = 2,
%   Stones = [[0, 0]].
part_in_danger(U, V, Flat, Width, unit(X, Part, 0, L, [], [])) :-
    U = unit(X, Stones, _, _, _, EyePoints),
    opponent(X, Y),
    strength(V, SV),
    member(I, Stones),
    part_flood([I], X, Y, Flat, Width, [], [], Part),
    Part = [I|_],
    foldl(neighbour_cells(Flat, Width, "-"), Part, [], Libs),
    length(Libs, L),
    L =< 2,
    \+ ( member(P, Libs), ord_memberchk(P, EyePoints) ),
    0-L @< SV,
    approachable(unit(X, Part, 0, L, [], []), Flat, Width).

%   part_flood(+Stack, +X, +Y, +Flat, +Width, +Seen, +Part0, -Part): Part
%   are Part0 and X's stones reached from Stack through X's stones and the
%   empty points where Y cannot play, ordered.
part_flood([], _, _, _, _, _, Part0, Part) :-
    sort(Part0, Part).
part_flood([I|Stack], X, Y, Flat, Width, Seen, Part0, Part) :-
    (   memberchk(I, Seen)
    ->  part_flood(Stack, X, Y, Flat, Width, Seen, Part0, Part)
    ;   arg(I, Flat, X)
    ->  neighbours(Width, I, Ns),
        append(Ns, Stack, Stack1),
        part_flood(Stack1, X, Y, Flat, Width, [I|Seen], [I|Part0], Part)
    ;   arg(I, Flat, "-"),
        \+ captures_at(I, X, Flat, Width),
        chain_liberties_after(I, Y, Flat, Width, K),
        K < 2
    ->  neighbours(Width, I, Ns),
        append(Ns, Stack, Stack1),
        part_flood(Stack1, X, Y, Flat, Width, [I|Seen], Part0, Part)
    ;   part_flood(Stack, X, Y, Flat, Width, [I|Seen], Part0, Part)
    ).

%   open_point(+Flat, +Width, +I): I is an empty point next to no stone.
open_point(Flat, Width, I) :-
    arg(I, Flat, "-"),
    neighbours(Width, I, Ns),
    forall(member(J, Ns), \+ ( arg(J, Flat, C), ( C == "b" ; C == "w" ) )).
