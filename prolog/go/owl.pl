:- module(go_owl,
          [ eye_points/4,            % +FB, +X, +Options, -Points
            weak_groups/3,           % +FB, +X, -Groups
            group_defences/5,        % +FB, +X, +Stone, -Now, -Defences
            dead_after/4,            % +FB, +Z, +I, +Stone
            group_eyes/6,            % +Flat, +Width, +X, +Stone, +First, -Eyes
            hole_eyes/7,             % +Flat, +Width, +X, +Stone, +First, -Empties, -Eyes
            eye_space/4,             % +Flat, +Width, +Stone, -Space
            margins_taken/4,         % +Flat, +Width, +Y, -Flat1
            hole/5,                  % +Flat, +Width, +Stone, +Y, -Hole
            parts/6,                 % +Stones, +Taken, +Width, +P, +Q, -Parts
            sum_stones/2,            % +Pairs, -Points
            min_stones/1             % -N
          ]).

/** <module> Go: reading a group's eye space (a small "owl")

Start reading at prolog/go.pl (the entry module), then player.pl.  The
chain reader (go_reading) saves a chain short of liberties.  A group of
four liberties or more is seldom lost that way: it dies because it cannot
make two eyes, and the move that saves it is an eye-making move, often on
a point that touches none of its stones (the middle of a straight three,
a block on the edge that keeps the eye space long).  GNU Go reads such
groups with its "owl" code; this module is a small cousin of it: it looks
one move ahead, ours and the opponent's, on each point of a weak group's
eye space, and counts the eyes the group has afterwards (eye_points/4,
option eyes(true) of the player); and, with go_owl_reading
(prolog/go/owl_reading.pl, to read after this module), it reads a group
a few moves deep, both sides taking turns on its eye space, to tell the
groups that live or die whoever moves first from the *critical* ones,
where the next move decides (group_status/5, owl_points/4, option
owl(true): go_owl_reading's header).

## Counting eyes the pessimistic way

Take a colour X and its opponent Y.  group_eyes/6 counts the eyes of the
group of X's stone S on a board where Y is given every empty point that
touches a stone of Y's (a *margin*: Y can play there next, and often
will).  What is left of S's hole (go_units: the points that are not Y's,
reached from S) that is empty and touches no Y stone is eye space no one
can take from X for free; each of its empty regions is an eye whose worth
is go_eyes:eye_value/7's (a false eye 0, one eye 1, a shape that makes
two eyes whatever Y does 2; a killing shape 2 only if X moves next).
An open group in the middle of the board counts no eye this way: its
empty neighbours touch Y's stones or the margins.  That is the point: the
count says what the group has for sure.

## A group's defence points

A *weak* group is a unit of X's (go_units:all_units/4) of min_stones/1
stones or more whose eyes are worth less than two.  Its *eye space* are
the empty points of its hole next to its stones or to their liberties,
and its eye points (eye_space/4).  For each such point P:

  - X plays P (go_fastboard's fb_play/4, captures taken off), Y to move:
    if the group counts two eyes or more, P *makes it live*: a second
    eye, a split of a long eye in two, a block that keeps the eye space
    from shrinking, a capture inside it;
  - else nothing: a move that only adds some eye space leaves the group
    to the search.

The killing shapes take care of themselves: the middle of a straight
three, the bend of a bent three, the vital point of a bulky five are the
points where X's stone leaves two separate eyes, and Y's stone there
leaves one; the square four has no such point.

The opponent's weak groups are read the same way, from Y's side: Y's
defence points are X's *killing points* ("the opponent's vital point is
my vital point"), when X's stone there leaves the group fewer than two
eyes with Y to move.

## For the player

eye_points/4 gives both as I-Stones pairs, like go_reading:reading_points/4.
The player (go_weighing, option eyes(true)) adds a fixed weight to such a
point, enough to play it before its search's choice unless the search
finds it clearly worse.  The cost: two to four evaluations of the board a
point of a weak group's eye space, each a copy of the board and a flood
of the group's hole; 0.05 s of CPU a move on 9x9 on average, 0.18 s on
13x13 (docs/go.md, *Measured*, with what it did on GNU Go's positions:
it finds the second eye of a group closed in, and often a point for a
group that was not in danger).

## Shared with the reading a few moves deep

go_owl_reading judges a group with this module's counts, so these are
exported for it: margins_taken/4 (the board with the margins given to
the opponent), hole/5 (a group's hole on that board), parts/6 (a
colour's stones, group by group), eye_space/4 (the points a reading
tries), hole_eyes/7 (group_eyes/6 with the empty points of the hole),
sum_stones/2 (points summed as eye_points/4 sums them) and min_stones/1
(the smallest group read).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(ordsets)).
:- use_module(fastboard).
:- use_module(board, [opponent/2, board_rows/2, flat_board/3]).  % the last two for the examples
:- use_module(units, [all_units/4, flood/7, neighbour_cells/6, cell_is/3,
                      indices_points/3]).         % the last for the examples
:- use_module(eyes, [eye_value/7, neighbours/3]).

%!  min_stones(-N) is det.
%
%   N is the fewest stones of a group read by default (option
%   min_stones(N) of eye_points/4 and of go_owl_reading's owl_groups/4):
%   a group of fewer stones is left to the tactics.
%
%   ?- min_stones(N).
%   N = 3.
min_stones(3).

%!  eye_points(+FB, +X, +Options, -Points) is det.
%
%   Points are I-Stones pairs, I an index of FB, Stones the stones of a
%   group (summed over the groups where a point is both):
%
%     - X's stone on I makes a weak group of X's live (group_defences/5),
%       and the group is in danger: the opponent has a move on one of
%       those points after which it has none (killable/4).  A group with
%       two ways to live that the opponent cannot both take away is left
%       to the search;
%     - X's stone on I takes the point that would make a weak group of
%       the opponent's live, and after it the group has no such point
%       left (the opponent's vital point is ours; a group with two ways
%       to live is not killed by taking one).
%
%   Options: min_stones(N), the smallest group read (default
%   min_stones/1).
eye_points(FB, X, Options, Points) :-
    Y is 3 - X,
    weak_groups(FB, X, Options, Ours),
    findall(I-Size,
            ( member(g(S, Size), Ours),
              group_defences(FB, X, S, _, Ds),
              Ds \== [],
              killable(FB, Y, S, Ds),
              member(I, Ds) ),
            Saves),
    weak_groups(FB, Y, Options, Theirs),
    findall(I-Size,
            ( member(g(S, Size), Theirs),
              group_defences(FB, Y, S, _, Ds),
              member(I, Ds),
              \+ fb_self_atari(FB, X, I),
              dead_after(FB, X, I, S) ),
            Kills),
    append(Saves, Kills, All),
    msort(All, Sorted),
    sum_stones(Sorted, Points).

%!  sum_stones(+Pairs, -Points) is det.
%
%   Points are the I-Stones Pairs, sorted by I, with one pair a point,
%   its stones summed: a point that serves two groups counts the stones
%   of both.
%
%   ?- sum_stones([12-3, 12-7, 20-4], Points).
%   Points = [12-10, 20-4].
sum_stones([], []).
sum_stones([I-A, I-B|Ps], Points) :-
    !,
    C is A + B,
    sum_stones([I-C|Ps], Points).
sum_stones([P|Ps], [P|Points]) :-
    sum_stones(Ps, Points).

%   killable(+FB, +Y, +S, +Ds): Y's stone on one of the points Ds leaves
%   the group of the stone S (the opponent's of Y) dead_after/4.
killable(FB, Y, S, Ds) :-
    member(D, Ds),
    dead_after(FB, Y, D, S),
    !.

%!  dead_after(+FB, +Z, +I, +S) is semidet.
%
%   Z may play I, and after it the group of the stone S, the other
%   colour's, counts fewer than two eyes and has no point that gives it
%   two (group_defences/5), or is taken.
dead_after(FB, Z, I, S) :-
    fb_legal(FB, Z, I),
    \+ \+ ( fb_play(FB, Z, I, _),
            W is 3 - Z,
            (   fb_cell(FB, S, W)
            ->  group_defences(FB, W, S, Now, []),
                Now < 2
            ;   true
            ) ).

%!  weak_groups(+FB, +X, -Groups) is det.
%
%   Groups are X's weak groups (see the module header), each as g(S, Size):
%   S the first of its stones, Size their number.  A weak unit of
%   go_units may hold stones that only empty points along the opponent's
%   wall join; with the margins given to the opponent (group_eyes/6) they
%   fall apart, and each part is a group of its own.
weak_groups(FB, X, Groups) :-
    weak_groups(FB, X, [], Groups).

weak_groups(FB, X, Options, Groups) :-
    min_stones(Min0),
    option(min_stones(Min), Options, Min0),
    fb_flat(FB, Width, Flat),
    Y is 3 - X,
    fb_colour(P, X),
    fb_colour(Q, Y),
    all_units(Flat, Width, Q, Units),
    margins_taken(Flat, Width, Q, Taken),
    findall(Group,
            ( member(unit(P, Stones, Eyes, _, _, _), Units),
              Eyes < 2,
              length(Stones, N), N >= Min,
              parts(Stones, Taken, Width, P, Q, Parts),
              member(Group, Parts),
              Group = g(_, Size), Size >= Min ),
            Groups).

%!  parts(+Stones, +Taken, +Width, +P, +Q, -Parts) is det.
%
%   Parts are the ordered Stones (of P, "b" or "w") as g(S, Size) for
%   each hole of the flat board Taken (margins_taken/4: the margins
%   given to Q) that holds some of them: S the first of them, Size how
%   many.  Black's stones on the left and on the right of a 5x5 board,
%   White's stones between them: their margins cut them apart.
%
%   ?- board_rows(_B, ["--w--", "b---b", "b-w-b", "b---b", "--w--"]),
%      flat_board(_B, _W, _F), margins_taken(_F, _W, "w", _T),
%      findall(_I, arg(_I, _F, "b"), _Ss),
%      parts(_Ss, _T, _W, "b", "w", _Ps),
%      findall(_N-_P, ( member(g(_S, _N), _Ps),
%                       indices_points(_W, [_S], [_P]) ), Parts).
%   Parts = [3-[1, 0], 3-[1, 4]].
parts([], _, _, _, _, []).
parts([S|Ss], Taken, Width, P, Q, [g(S, Size)|Parts]) :-
    hole(Taken, Width, S, Q, Hole),
    ord_intersection([S|Ss], Hole, In),
    length(In, Size),
    ord_subtract(Ss, Hole, Rest),
    parts(Rest, Taken, Width, P, Q, Parts).

%!  group_defences(+FB, +X, +S, -Now, -Defences) is det.
%
%   Now are the eyes (group_eyes/6) of X's group of the stone S with the
%   opponent to move; Defences the points of its eye space (eye_space/4)
%   where X's stone gives it two eyes or more, the opponent to move: none
%   when it has two already.  A group of seven White stones on the edge of a
%   7x7 board, its eye space a straight three on the first line: White's
%   stone in the middle, [6, 3], makes two eyes:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      fb_new(_B, _FB), fb_index(_FB, [5, 1], _S),
%      group_defences(_FB, 2, _S, Now, _Ds),
%      findall(_P, ( member(_I, _Ds), fb_index(_FB, _P, _I) ), Defences).
%   Now = 1,
%   Defences = [[6, 3]].
group_defences(FB, X, S, Now, Defences) :-
    fb_flat(FB, Width, Flat),
    group_eyes(Flat, Width, X, S, false, Now),
    (   Now >= 2
    ->  Defences = []
    ;   eye_space(Flat, Width, S, Space),
        include(lives_by_move(FB, X, S), Space, Defences)
    ).

%   lives_by_move(+FB, +X, +S, +I): X's stone on I gives the group of S
%   two eyes or more, the opponent to move next.
lives_by_move(FB, X, S, I) :-
    fb_legal(FB, X, I),
    \+ \+ ( fb_play(FB, X, I, _),
            fb_flat(FB, Width, Flat),
            group_eyes(Flat, Width, X, S, false, Eyes),
            Eyes >= 2 ).

%!  eye_space(+Flat, +Width, +S, -Space) is det.
%
%   Space are the empty points next to the stones of S's group (its
%   hole once the margins are the opponent's: group_eyes/6) or next to
%   those, and the empty points of that hole, ordered: the points a
%   reading of the group tries.  White's group of seven on the edge of
%   a 7x7 board, its straight three on the first line:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      flat_board(_B, _W, _F), go_eyes:point_index(_W, [5, 1], _S),
%      eye_space(_F, _W, _S, _Sp), indices_points(_W, _Sp, Space).
%   Space = [[6, 2], [6, 3], [6, 4]].
eye_space(Flat, Width, S, Space) :-
    arg(S, Flat, Cell),
    opponent(Cell, Y),
    margins_taken(Flat, Width, Y, Taken),
    hole(Taken, Width, S, Y, Hole),
    partition(cell_is(Taken, Cell), Hole, Stones, Inside),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], Libs),
    foldl(neighbour_cells(Flat, Width, "-"), Libs, Libs, Near),
    ord_union(Near, Inside, Space).

%   touches(+Flat, +Width, +Y, +I): I is next to a stone of Y's.
touches(Flat, Width, Y, I) :-
    neighbours(Width, I, Ns),
    member(J, Ns),
    arg(J, Flat, Y),
    !.

%!  hole(+Flat, +Width, +S, +Y, -Hole) is det.
%
%   Hole are the points reached from S through points that are not Y's
%   ("b" or "w"), ordered: the hole of go_units that holds S.  On
%   margins_taken/4's board (the margins Y's) it is the group of S and
%   the empty points it keeps.  White's straight three on the edge of a
%   7x7 board: seven stones and the three points of the eye:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      flat_board(_B, _W, _F), margins_taken(_F, _W, "b", _T),
%      go_eyes:point_index(_W, [5, 1], _S),
%      hole(_T, _W, _S, "b", _H), length(_H, N).
%   N = 10.
hole(Flat, Width, S, Y, Hole) :-
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    flood([S], Width, Flat, Seen, not(Y), [], Hole).

%!  group_eyes(+Flat, +Width, +X, +S, +First, -Eyes) is det.
%
%   Eyes is what the eyes of the group of the stone S count, X its colour
%   ("b" or "w", or 1 or 2), on the flat board Flat (go_board:flat_board/3)
%   with every empty point next to an opponent's stone given to the
%   opponent (see the module header); 0 when S holds no stone of X's.
%   First is true when X moves next (a killing shape is then worth two).
%   A straight three on the first line is one eye; White's stone in its
%   middle makes it two:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      flat_board(_B, _W, _F), go_eyes:point_index(_W, [5, 1], _S),
%      group_eyes(_F, _W, "w", _S, false, Eyes).
%   Eyes = 1.
group_eyes(Flat, Width, X, S, First, Eyes) :-
    hole_eyes(Flat, Width, X, S, First, _, Eyes).

%!  hole_eyes(+Flat, +Width, +X, +S, +First, -Empties, -Eyes) is det.
%
%   Eyes as group_eyes/6's; Empties the empty points of the group's
%   hole once the margins are the opponent's, ordered ([] when S holds
%   no stone of X's): the group's room.  White's straight three on the
%   first line, one eye, three points:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      flat_board(_B, _W, _F), go_eyes:point_index(_W, [5, 1], _S),
%      hole_eyes(_F, _W, 2, _S, false, _Es, Eyes), length(_Es, Room).
%   Eyes = 1,
%   Room = 3.
hole_eyes(Flat, Width, X0, S, First, Empties, Eyes) :-
    (   integer(X0) -> fb_colour(X, X0) ; X = X0 ),   % 1 or 2, or "b" or "w"
    opponent(X, Y),
    (   arg(S, Flat, X)
    ->  margins_taken(Flat, Width, Y, Flat1),
        hole(Flat1, Width, S, Y, Hole),
        partition(cell_is(Flat1, X), Hole, Stones, Empties),
        foldl(neighbour_cells(Flat1, Width, "-"), Stones, [], Libs),
        functor(Flat1, _, Size),
        functor(Seen, seen, Size),
        foldl(eye(Flat1, Width, Y, First, Seen, Libs), Empties, 0, Eyes)
    ;   Empties = [], Eyes = 0
    ).

%   eye(+Flat, +Width, +Y, +First, +Seen, +Libs, +I, +Eyes0, -Eyes): the
%   empty point I starts an empty region not seen yet; if it touches no
%   stone of Y's, it is an eye and its worth (go_eyes:eye_value/7) is
%   added.  Libs are the group's liberties: those outside the region
%   count for the corner shapes.
eye(Flat, Width, Y, First, Seen, Libs, I, E0, E) :-
    arg(I, Seen, Mark),
    (   nonvar(Mark)
    ->  E = E0
    ;   flood([I], Width, Flat, Seen, is("-"), [], Region),
        (   foldl(neighbour_cells(Flat, Width, Y), Region, [], [])
        ->  ord_subtract(Libs, Region, Outside),
            length(Outside, NOutside),
            eye_value(Region, Flat, Width, Y, First, NOutside, V),
            E is E0 + V
        ;   E = E0
        )
    ).

%!  margins_taken(+Flat, +Width, +Y, -Flat1) is det.
%
%   Flat1 is the flat board Flat with Y's stone ("b" or "w") on every
%   empty point next to a stone of Y's: the margins given to Y (see the
%   module header).  A 3x3 board, Black's stone in the corner:
%
%   ?- board_rows(_B, ["b--", "---", "--w"]), flat_board(_B, _W, _F),
%      margins_taken(_F, _W, "b", _T),
%      findall(_I, arg(_I, _T, "b"), _Is), indices_points(_W, _Is, Black).
%   Black = [[0, 0], [0, 1], [1, 0]].
margins_taken(Flat, Width, Y, Flat1) :-
    Flat =.. [F|Cells],
    margin_cells(Cells, 1, Flat, Width, Y, Cells1),
    Flat1 =.. [F|Cells1].

margin_cells([], _, _, _, _, []).
margin_cells([C|Cs], I, Flat, Width, Y, [C1|Cs1]) :-
    (   C == "-", touches(Flat, Width, Y, I) -> C1 = Y ; C1 = C ),
    I1 is I + 1,
    margin_cells(Cs, I1, Flat, Width, Y, Cs1).
