:- module(go_units,
          [ all_units/4,             % +Flat, +Width, +ToMove, -Units
            weak/1,                  % +Unit
            strength/2,              % +Unit, -Strength
            opponents/2,             % +U, +V
            touch/2,                 % +U, +V
            flood/7,                 % +Stack, +Width, +Flat, +Seen, +Inside, +Points0, -Points
            chain_indices/5,         % +I, +Cell, +Flat, +Width, -Chain
            neighbour_cells/6,       % +Flat, +Width, +Cell, +I, +Set0, -Set
            cell_is/3,               % +Flat, +Cell, +I
            captures_at/4,           % +L, +X, +Flat, +Width
            chain_liberties_after/5, % +L, +Y, +Flat, +Width, -K
            put_cells/4,             % +Flat, +Indices, +Cell, -Flat1
            remove_indices/3,        % +Flat, +Indices, -Flat1
            indices_points/3,        % +Width, +Indices, -Points
            points_indices/3,        % +Width, +Points, -Indices
            held_parts/4,            % +Stones, +Held, +Width, -Parts
            liberty_points/4,        % +Unit, +Flat, +Width, -Points
            approachable/3           % +Unit, +Flat, +Width
          ]).

/** <module> Go: the units of a position, their walls and eyes

Start reading at prolog/go.pl (the entry module).  The dead-stone
proposal (go_dead, prolog/go/dead.pl) judges *units*, not chains: the
stones of one colour that stand or fall together.  This module finds
them, with their walls, eyes and liberties, and cuts a weak unit at its
open corridors.  What an eye is worth is go_eyes' (prolog/go/eyes.pl).

## Units, walls and eyes

Take a colour X and its opponent Y.  A *hole* of Y is a maximal connected
set of points that are not Y's stones (empty points and X's stones): Y's
stones wall it in.  The X stones of one hole are a *unit*: they stand or
fall together, since Y's wall keeps them from any other X stone.  The Y
stones next to the hole are the unit's *wall*.

An *eye* of a unit is an empty region (a maximal connected set of empty
points) of its hole whose neighbours are all X's stones.  What an eye is
worth, 0 (a false eye), 1 or 2 (room for two eyes whatever Y does), is
read from its shape by go_eyes (prolog/go/eyes.pl, eye_value/7): the
killing shapes, the corner shapes and false eyes are explained there.

A unit whose eyes are worth two or more lives.  A unit with less is *weak*,
and its strength is the pair Eyes-Liberties (its empty neighbours).

## Open corridors

A hole can be wide, and X's stones in it far apart: joined only through
empty points along Y's wall, say the first line under it.  Y can take
such a point from its wall and cut them; the unit is not held together.
So a weak unit is looked at part by part.  A *part* is X's stones joined
through stones and through the points Y cannot take from its wall: the
points next to no stone of Y's (an eye, or X's own side of an open
area), and the points where Y's stone would capture nothing and be left
with fewer than two liberties (counting Y's chains it joins), such as a
point between X's stones on the edge.  A part with no eye and two
liberties or fewer is in danger: Y puts it in atari at once.  Such a part
is a unit of its own; the rest of the hole stays one unit (a part with
more liberties is left joined to it: an open area is room, not a
weakness).  A living unit is never cut.

A 13x13 game of issue 23 (the machine Black against GNU Go level 1)
ended so: Black's A7 B7 B6 sat in White's left side with two liberties,
and the empty first line, A6 down to A1 and D1 E1 F1, joined them to
Black's B1-D3 and G1-J1 below.  As one unit they had seven liberties, as
many as White's upper left group, which has no eye (its eye space
touches A7), and the proposal called White's whole left side dead
(B+59.5).  Cut off, each of the three parts has two liberties, is weaker
than White's stones around it, and dies, as GNU Go counts it (W+62.5;
the plunit units go_units and go_dead in prolog/go.plt hold both).

## The unit term

all_units/4 gives each unit as unit(Colour, Stones, Eyes, Liberties,
Wall, EyePoints): Stones, Wall and EyePoints ordered lists of indices of
the flat board (go_board:flat_board/3), Eyes the worth of its eyes,
Liberties the number of its empty neighbours.  The small predicates on
flat boards that the proposal shares (floods, chains, liberties after a
move, whether the opponent can fill a unit's liberty: approachable/3) are
here too.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(board).
:- use_module(eyes, [eye_value/7, neighbours/3, point_index/3]).

                 /*******************************
                 *            UNITS             *
                 *******************************/

%!  all_units(+Flat, +Width, +ToMove, -Units) is det.
%
%   Units are the units of Black, then White's, of the flat board Flat
%   (go_board:flat_board/3), a weak unit cut at its open corridors (see
%   the header).  A unit is unit(Colour, Stones, Eyes, Liberties, Wall,
%   EyePoints): Stones, Wall and EyePoints ordered lists of indices, Eyes
%   the worth of its eyes (ToMove, "b", "w" or none, plays first: it
%   decides a corner shape's ko), Liberties the number of its empty
%   neighbours.  White's B4, alone in Black's corner, has no eye and two
%   liberties; Black's unit has the open side of the board for eye space
%   (eyes worth two) and eight liberties:
%
%   ?- board_rows(_B, ["--b--", "-wb--", "bbb--", "-----", "-----"]),
%      flat_board(_B, _W, _F), all_units(_F, _W, none, _Us),
%      findall(_C-_E-_L, member(unit(_C, _, _E, _L, _, _), _Us), Units).
%   Units = ["b"-2-8, "w"-0-2].
all_units(Flat, Width, ToMove, Units) :-
    colour_units(Flat, Width, ToMove, "b", Bs),
    colour_units(Flat, Width, ToMove, "w", Ws),
    append(Bs, Ws, Units).

colour_units(Flat, Width, ToMove, X, Units) :-
    opponent(X, Y),
    (   X == ToMove -> First = true ; First = false ),
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    functor(EyeSeen, seen, Size),
    findall(I, arg(I, Flat, X), Starts),
    foldl(unit_from(Flat, Width, X, Y-First, Seen, EyeSeen), Starts, Units, []).

%   unit_from(..., +I, -Units, ?Tail): the unit of X's stone at I, unless
%   an earlier stone's hole took it in.
unit_from(Flat, Width, X, Y-First, Seen, EyeSeen, I, Units, Tail) :-
    arg(I, Seen, S),
    (   nonvar(S)
    ->  Units = Tail
    ;   flood([I], Width, Flat, Seen, not(Y), [], Hole),
        unit(Flat, Width, X, Y-First, EyeSeen, Hole, Unit),
        split_weak_unit(Unit, Flat, Width, X, Y-First, Hole, Parts),
        append(Parts, Tail, Units)
    ).

%   split_weak_unit(+Unit, +Flat, +Width, +X, +Y-First, +Hole, -Parts):
%   Parts are the units that a weak Unit falls into when Y cuts off its
%   parts in danger (see "Open corridors" in the header): X's stones
%   joined through stones and the points Y cannot take (held_points/7)
%   make a part; a part with no eye and two liberties or fewer is a unit
%   of its own, and the rest of the hole is one unit.  A living unit, or
%   a weak one with no part to cut off, is kept whole: Parts = [Unit].
split_weak_unit(Unit, Flat, Width, X, Y-First, Hole, Parts) :-
    (   weak(Unit),
        Unit = unit(_, Stones, _, _, _, _),
        held_points(Hole, Stones, Flat, Width, X, Y, Held),
        held_parts(Stones, Held, Width, PartHoles),
        PartHoles = [_, _|_],
        functor(Flat, _, Size),
        maplist(part_unit(Flat, Width, X, Y-First, Size), PartHoles, PartUnits),
        include(in_danger, PartUnits, Cut),
        Cut \== []
    ->  foldl(unit_points, Cut, [], CutPoints),
        ord_subtract(Hole, CutPoints, RestHole),
        (   include(cell_is(Flat, X), RestHole, [])
        ->  Parts = Cut
        ;   part_unit(Flat, Width, X, Y-First, Size, RestHole, Rest),
            append(Cut, [Rest], Parts)
        )
    ;   Parts = [Unit]
    ).

%   in_danger(+Unit): no eye and two liberties or fewer: Y puts it in
%   atari at once.
in_danger(unit(_, _, 0, Libs, _, _)) :-
    Libs =< 2.

%   unit_points(+Unit, +Points0, -Points): Points0 and the stones and the
%   eye points of Unit.
unit_points(unit(_, Stones, _, _, _, EyePoints), Points0, Points) :-
    ord_union([Points0, Stones, EyePoints], Points).

%   held_points(+Hole, +Stones, +Flat, +Width, +X, +Y, -Held): the points
%   of the hole that hold X's stones together, ordered: X's Stones, the
%   points of its eyes (empty regions that touch no stone of Y's), and
%   the empty points where Y cannot cut from its wall (no_play_for/5).
held_points(Hole, Stones, Flat, Width, X, Y, Held) :-
    ord_subtract(Hole, Stones, Empties),
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    foldl(held_region(Flat, Width, X, Y, Seen), Empties, Stones, Held).

%   held_region(..., +I, +Held0, -Held): Held0 and the held points of the
%   empty region of I, if it was not seen yet.
held_region(Flat, Width, X, Y, Seen, I, Held0, Held) :-
    arg(I, Seen, S),
    (   nonvar(S)
    ->  Held = Held0
    ;   flood([I], Width, Flat, Seen, is("-"), [], Region),
        (   foldl(neighbour_cells(Flat, Width, Y), Region, [], [])
        ->  Points = Region
        ;   include(no_play_for(Y, X, Flat, Width), Region, Points)
        ),
        ord_union(Held0, Points, Held)
    ).

%   no_play_for(+Y, +X, +Flat, +Width, +I): Y cannot cut at the empty
%   point I from its wall: no stone of Y's is next to it, or Y's stone
%   there would capture nothing and be left with fewer than two liberties.
no_play_for(Y, X, Flat, Width, I) :-
    (   neighbours(Width, I, Ns),
        \+ ( member(J, Ns), arg(J, Flat, Y) )
    ->  true
    ;   \+ captures_at(I, X, Flat, Width),
        chain_liberties_after(I, Y, Flat, Width, K),
        K < 2
    ).

%!  held_parts(+Stones, +Held, +Width, -Parts) is det.
%
%   Parts are the points of Held (ordered indices of a board Width wide)
%   joined through neighbours in Held, one ordered list for each group
%   that holds a stone of Stones (Stones = Held: every piece of Held).
%
%   ?- held_parts([1, 3], [1, 2, 3, 9], 3, Parts).
%   Parts = [[1, 2, 3]].
held_parts([], _, _, []).
held_parts([S|Ss], Held, Width, [Part|Parts]) :-
    held_flood([S], Held, Width, [], Part),
    ord_subtract(Ss, Part, Rest),
    held_parts(Rest, Held, Width, Parts).

held_flood([], _, _, Part0, Part) :-
    sort(Part0, Part).
held_flood([I|Stack], Held, Width, Part0, Part) :-
    (   memberchk(I, Part0)
    ->  held_flood(Stack, Held, Width, Part0, Part)
    ;   neighbours(Width, I, Ns),
        include(in_set(Held), Ns, Next),
        append(Next, Stack, Stack1),
        held_flood(Stack1, Held, Width, [I|Part0], Part)
    ).

in_set(Set, I) :-
    ord_memberchk(I, Set).

%   part_unit(+Flat, +Width, +X, +Y-First, +Size, +PartHole, -Unit): the
%   unit of a part, as unit/7 makes it from a hole (its wall the stones of
%   Y next to the part, its eyes those inside it).
part_unit(Flat, Width, X, Y-First, Size, PartHole, Unit) :-
    functor(EyeSeen, seen, Size),
    unit(Flat, Width, X, Y-First, EyeSeen, PartHole, Unit).

unit(Flat, Width, X, Y-First, EyeSeen, Hole, unit(X, Stones, Eyes, Libs, Wall, EyePoints)) :-
    partition(cell_is(Flat, X), Hole, Stones, Empties),
    foldl(neighbour_cells(Flat, Width, Y), Hole, [], Wall),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], LibPoints),
    length(LibPoints, Libs),
    foldl(eye(Flat, Width, Y-First, EyeSeen, LibPoints), Empties, 0-[], Eyes-EyePoints0),
    sort(EyePoints0, EyePoints).

%!  cell_is(+Flat, +Cell, +I) is semidet.
%
%   The point I of Flat holds Cell ("-", "b" or "w"; "#" off the board).
cell_is(Flat, Cell, I) :-
    arg(I, Flat, Cell).

%!  neighbour_cells(+Flat, +Width, +Cell, +I, +Set0, -Set) is det.
%
%   Set is the ordered set Set0 and the neighbours of I holding Cell:
%   folded over a chain's stones with Cell "-", its liberties.  The
%   liberties of Black's A3 B3 B2:
%
%   ?- board_rows(_B, ["bb-", "-bw", "--w"]), flat_board(_B, _W, _F),
%      maplist(point_index(_W), [[0, 0], [0, 1], [1, 1]], _Is),
%      foldl(neighbour_cells(_F, _W, "-"), _Is, [], _Ls),
%      maplist(point_index(_W), Libs, _Ls).
%   Libs = [[0, 2], [1, 0], [2, 1]].
neighbour_cells(Flat, Width, Cell, I, Set0, Set) :-
    neighbours(Width, I, Ns),
    include(cell_is(Flat, Cell), Ns, Js),
    sort(Js, Sorted),
    ord_union(Set0, Sorted, Set).

%   eye(..., +Libs, +I, +Eyes0-Points0, -Eyes-Points): the empty point I
%   starts an empty region not seen yet; if none of its neighbours is Y's
%   stone it is an eye, whose worth is added.  Libs are the unit's
%   liberties: those outside the eye count for the corner shapes.
eye(Flat, Width, Y-First, EyeSeen, Libs, I, E0-P0, E-P) :-
    arg(I, EyeSeen, S),
    (   nonvar(S)
    ->  E-P = E0-P0
    ;   flood([I], Width, Flat, EyeSeen, is("-"), [], Region),
        foldl(neighbour_cells(Flat, Width, Y), Region, [], Ys),
        (   Ys == []
        ->  ord_subtract(Libs, Region, OutsideLibs),
            length(OutsideLibs, Outside),
            eye_value(Region, Flat, Width, Y, First, Outside, V),
            E is E0 + V,
            append(Region, P0, P)
        ;   E-P = E0-P0
        )
    ).

                 /*******************************
                 *       UNITS COMPARED         *
                 *******************************/

%!  weak(+Unit) is semidet.
%
%   Unit's eyes are worth less than two: it does not live by itself.
%
%   ?- weak(unit("w", [15], 0, 2, [10, 16, 20, 21], [])).
%   true.
weak(unit(_, _, Eyes, _, _, _)) :-
    Eyes < 2.

%!  strength(+Unit, -Strength) is det.
%
%   Strength is Eyes-Liberties, the pair weak units are compared by
%   (standard order: more eyes first, then more liberties).
%
%   ?- strength(unit("w", [15], 0, 2, [10, 16, 20, 21], []), S).
%   S = 0-2.
strength(unit(_, _, Eyes, Libs, _, _), Eyes-Libs).

%!  opponents(+U, +V) is semidet.
%
%   The units U and V are of different colours.
opponents(unit(X, _, _, _, _, _), unit(Y, _, _, _, _, _)) :-
    opponent(X, Y).

%!  touch(+U, +V) is semidet.
%
%   A stone of one unit is in the wall of the other.
%
%   ?- touch(unit("b", [10, 16], 2, 8, [15], []), unit("w", [15], 0, 2, [10, 16], [])).
%   true.
touch(unit(_, SU, _, _, WU, _), unit(_, SV, _, _, WV, _)) :-
    (   ord_intersect(SV, WU) -> true ; ord_intersect(SU, WV) ).

                 /*******************************
                 *     FLOODS AND THE BOARD     *
                 *******************************/

%!  flood(+Stack, +Width, +Flat, +Seen, +Inside, +Points0, -Points) is det.
%
%   Points are Points0 and the points reachable from Stack through points
%   whose cell is Inside: is(Cell), or not(Y) (any point on the board but
%   Y's stones), ordered; each is marked in Seen, a term seen/N as long as
%   Flat whose arguments are free where nothing was seen yet.  The hole of
%   White that holds Black's A3 (all the board but White's B3 and C1):
%
%   ?- board_rows(_B, ["bw-", "-b-", "--w"]), flat_board(_B, _W, _F),
%      functor(_F, _, _N), functor(_S, seen, _N), point_index(_W, [0, 0], _I),
%      flood([_I], _W, _F, _S, not("w"), [], _Hole),
%      maplist(point_index(_W), Hole, _Hole).
%   Hole = [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1]].
flood([], _, _, _, _, Points0, Points) :-
    sort(Points0, Points).
flood([I|Stack], Width, Flat, Seen, Inside, Points0, Points) :-
    arg(I, Seen, S),
    (   nonvar(S)
    ->  flood(Stack, Width, Flat, Seen, Inside, Points0, Points)
    ;   S = seen,
        neighbours(Width, I, Ns),
        include(inside(Flat, Inside), Ns, Next),
        append(Next, Stack, Stack1),
        flood(Stack1, Width, Flat, Seen, Inside, [I|Points0], Points)
    ).

inside(Flat, is(Cell), J) :-
    arg(J, Flat, Cell).
inside(Flat, not(Y), J) :-
    arg(J, Flat, C),
    C \== Y,
    C \== "#".

%!  chain_indices(+I, +Cell, +Flat, +Width, -Chain) is det.
%
%   Chain are the indices, ordered, of the chain of the stone Cell at I.
%
%   ?- board_rows(_B, ["bb-", "-bw", "--w"]), flat_board(_B, _W, _F),
%      point_index(_W, [0, 0], _I), chain_indices(_I, "b", _F, _W, _Chain),
%      maplist(point_index(_W), Chain, _Chain).
%   Chain = [[0, 0], [0, 1], [1, 1]].
chain_indices(I, Cell, Flat, Width, Chain) :-
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    flood([I], Width, Flat, Seen, is(Cell), [], Chain).

%!  captures_at(+L, +X, +Flat, +Width) is semidet.
%
%   A chain of X next to the empty point L has L as its only liberty: the
%   opponent's stone on L takes it.  White's B3 is in atari at C3:
%
%   ?- board_rows(_B, ["bw-", "-b-", "---"]), flat_board(_B, _W, _F),
%      point_index(_W, [0, 2], _L), captures_at(_L, "w", _F, _W).
%   true.
captures_at(L, X, Flat, Width) :-
    neighbours(Width, L, Ns),
    member(J, Ns),
    arg(J, Flat, X),
    chain_indices(J, X, Flat, Width, Chain),
    foldl(neighbour_cells(Flat, Width, "-"), Chain, [], [L]),
    !.

%!  chain_liberties_after(+L, +Y, +Flat, +Width, -K) is det.
%
%   K liberties has the chain of Y's stone put on the empty point L (the
%   stone and Y's chains next to it), L itself no longer one; nothing is
%   taken off (captures are captures_at/4's).  White's C3 beside its B3
%   leaves the two stones one liberty, C2:
%
%   ?- board_rows(_B, ["bw-", "-b-", "---"]), flat_board(_B, _W, _F),
%      point_index(_W, [0, 2], _L), chain_liberties_after(_L, "w", _F, _W, K).
%   K = 1.
chain_liberties_after(L, Y, Flat, Width, K) :-
    neighbours(Width, L, Ns),
    include(cell_is(Flat, Y), Ns, Js),
    foldl(add_chain(Y, Flat, Width), Js, [L], Stones),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], Libs0),
    ord_del_element(Libs0, L, Libs),
    length(Libs, K).

add_chain(Y, Flat, Width, J, Stones0, Stones) :-
    chain_indices(J, Y, Flat, Width, Chain),
    ord_union(Stones0, Chain, Stones).

%!  liberty_points(+Unit, +Flat, +Width, -Points) is det.
%
%   Points are the liberties of Unit (its stones' empty neighbours),
%   ordered indices.  Black's three stones in the corner:
%
%   ?- board_rows(_B, ["bb-", "-bw", "--w"]), flat_board(_B, _W, _F),
%      points_indices(_W, [[0, 0], [0, 1], [1, 1]], _S),
%      liberty_points(unit("b", _S, 0, 3, [], []), _F, _W, _Ls),
%      indices_points(_W, _Ls, Libs).
%   Libs = [[0, 2], [1, 0], [2, 1]].
liberty_points(unit(_, Stones, _, _, _, _), Flat, Width, Points) :-
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], Points).

%!  approachable(+Unit, +Flat, +Width) is semidet.
%
%   The opponent can fill a liberty
%   of Unit: its stone there captures stones of Unit, or leaves its own
%   chain (the stone and the opponent's chains it joins) with two
%   liberties or more.  When every liberty of a weak unit that touches a
%   weak unit of the opponent is one the opponent could only fill by
%   putting its own stones in atari (or by suicide), the opponent cannot
%   attack it: it lives in seki, however weak.  (Walled in by living
%   stones only, a unit is dead all the same: the opponent first makes
%   room outside, then fills.)  go_dead's proposal asks it before it calls
%   a weak unit dead.  White's stone on either liberty of Black's B3 B2,
%   C3 or A2, would capture nothing and have one liberty:
%
%   ?- board_rows(_B, ["wb-", "-bw", "ww-"]), flat_board(_B, _W, _F),
%      all_units(_F, _W, none, [_Black|_]),
%      approachable(_Black, _F, _W).
%   false.
%
%   White's stone alone in Black's corner is approachable:
%
%   ?- board_rows(_B, ["--b--", "-wb--", "bbb--", "-----", "-----"]),
%      flat_board(_B, _W, _F), all_units(_F, _W, none, [_, _White]),
%      approachable(_White, _F, _W).
%   true.
approachable(unit(X, Stones, _, _, _, _), Flat, Width) :-
    opponent(X, Y),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], Libs),
    member(L, Libs),
    (   captures_at(L, X, Flat, Width)
    ->  true
    ;   chain_liberties_after(L, Y, Flat, Width, K),
        K >= 2
    ),
    !.

%!  put_cells(+Flat, +Indices, +Cell, -Flat1) is det.
%
%   Flat1 is Flat with Cell at the ordered Indices (a new term: Flat is
%   left as it was).  White on B2 of a 2x2 board ("#" is off the board):
%
%   ?- board_rows(_B, ["b-", "-w"]), flat_board(_B, _W, _F),
%      points_indices(_W, [[0, 1]], _Is), put_cells(_F, _Is, "w", F1).
%   F1 = b("#", "#", "#", "#", "b", "w", "#", "-", "w", "#", "#", "#").
put_cells(Flat, [], _, Flat) :- !.
put_cells(Flat, Indices, Cell, Flat1) :-
    Flat =.. [F|Cells],
    put_at(Cells, 1, Indices, Cell, Cells1),
    Flat1 =.. [F|Cells1].

put_at(Cells, _, [], _, Cells) :- !.
put_at([C|Cs], I, [J|Js], Cell, [C1|Cs1]) :-
    (   I =:= J -> C1 = Cell, Js1 = Js ; C1 = C, Js1 = [J|Js] ),
    I1 is I + 1,
    put_at(Cs, I1, Js1, Cell, Cs1).

%!  remove_indices(+Flat, +Indices, -Flat1) is det.
%
%   Flat1 is Flat with the cells at the ordered Indices made empty: the
%   stones found dead taken off.
remove_indices(Flat, Indices, Flat1) :-
    put_cells(Flat, Indices, "-", Flat1).

%!  indices_points(+Width, +Indices, -Points) is det.
%!  points_indices(+Width, +Points, -Indices) is det.
%
%   The points [R, C] of the Indices of a flat board of Width, ordered,
%   and back (go_eyes:point_index/3 on each).
%
%   ?- points_indices(4, [[0, 0], [2, 2]], Is), indices_points(4, Is, Ps).
%   Is = [6, 16],
%   Ps = [[0, 0], [2, 2]].
indices_points(Width, Is, Ps) :-
    maplist(point_index(Width), Ps0, Is),
    sort(Ps0, Ps).

points_indices(Width, Ps, Is) :-
    maplist(point_index(Width), Ps, Is0),
    sort(Is0, Is).
