:- module(go_dead,
          [ dead_stones/2,           % +Board, -Dead
            dead_stones/3,           % +Board, +ToMove, -Dead
            dead_verdicts/2,         % +Board, -Verdicts
            dead_verdicts/3,         % +Board, +ToMove, -Verdicts
            chain_stones/3,          % +Board, +Pos, -Stones
            remove_stones/3,         % +Board, +Stones, -RBoard
            seki_points/3,           % +Board, +Dead, -Seki
            territory_owner/4        % +Board, +Dead, -Owner, -Score
          ]).

/** <module> Go: which stones are dead at the end of a game

Start reading at prolog/go.pl (the entry module).  After two passes the
rules (go_rules) open a scoring phase with a proposal of dead stones made
here; the players change it if they disagree.  The proposal is a rule of
thumb a student can check by hand, not a reading of the position: it looks
at walls and eyes only.

## Units, walls and eyes

The proposal judges *units*: for a colour X and its opponent Y, the X
stones of one *hole* of Y (a connected set of points that are not Y's
stones), walled in by Y's stones next to it, its *wall*; a unit's *eyes*
are the empty regions of its hole that touch no stone of Y's, worth 0, 1
or 2 by their shape (go_eyes, prolog/go/eyes.pl).  A unit whose eyes are
worth two or more lives; one with less is *weak*, and its strength is the
pair Eyes-Liberties.  A weak unit joined only through *open corridors*,
empty points Y can take from its wall, falls into parts.  go_units
(prolog/go/units.pl) finds the units, and its header explains them and the
corridors, with the 13x13 game of issue 23 that needed the cut.

## The proposal

    1. take the stones found dead so far off the board;
    2. find the weak units of both colours (cut at open corridors);
    3. a weak unit with no eye whose only eye space is filled by the
       other's invaders is dead ("An eye space the invader fills",
       below); every other weak unit that is weaker than each weak unit
       of the other colour it touches (its stones in the other's wall,
       or the other's in its own) is dead, if the other colour can fill
       one of its liberties (go_units' approachable/3: not when every
       such move would put the filler's own stones in atari: then it
       lives in seki), unless it
       can first capture a chain of the wall that cannot be saved (below:
       then that chain dies instead), and unless it stands with the
       other on open ground (below: then only its parts in danger are
       compared): add the stones of the weakest of them and go back
       to 1.
       A weak unit that touches no weak unit is walled in by living
       stones: it is dead.  An invader that fills the only eye space of
       a wall with no eye dies last, in a round where nothing else does
       (below).

One unit dies a round, the weakest first: taking it off can leave two
others on open ground (below), and then neither of them dies.

It stops when every weak unit left touches an opponent unit that is as
weak or weaker, or stands with it on open ground.

## Open ground

Step 3 compares two weak units as a capturing race: the weaker runs out
of liberties first.  That holds when they are shut in, not when the game
stopped before the fight.  Two weak units of two colours that are each
other's whole wall, one of them with room to make eyes nearer to it than
to the other, stand on *open ground*: they are not compared, and if they
stand so at the end, dead_verdicts/2 calls them unsettled, not seki.
But open ground holds nothing together: a *part* of such a unit with two
liberties or fewer is in danger, and is compared alone.  go_open_ground
(prolog/go/open_ground.pl: open_pair/4, part_in_danger/5) decides both;
its header explains them, with the games that needed them.

## An invader that captures first

A stone inside an eye space is usually dead: it is weaker than the wall
around it, and step 3 takes it off, which leaves the owner a bigger eye.
But the invader may cut a chain of the wall off from the rest: a chain
whose only liberty is a liberty of the invader too.  Then the invader is
not the one that dies.  Its side plays that liberty and captures the
chain; the owner cannot save it, since the owner's own stone there would
capture nothing and leave the chain with one liberty or none.  So before
a weak unit is called dead, step 3 asks whether it can capture such a
chain (captures_first/5); if it can, the *chain* is taken off instead,
and the next round looks again at the unit, which now has the captured
chain's points for room, and at the wall, which lost part of its eye
space.

A game of issue 23 (GNU Go level 1 Black, the machine White, seed 720)
ended so: White's central group had the eye space H5 J5 H4 J4 J3 with a
Black stone on H3, and White's H2 J2 J1 below it had one liberty, J3.
Taken alone, H3 is weaker than the wall, and without it the six points
H3-J5 make two eyes: the group looked alive.  But Black on J3 takes H2 J2
J1 (White on J3 would leave them with J4 only), H3 joins Black's stones
outside through the captured points, and the eye space left to White,
H5 J5 H4 (and J4, J3 next to Black's stones), is no eye at all: the
whole group is dead, as GNU Go counts it (B+49.5).

## An eye space the invader fills

Taking an invader off gives its wall the invader's points back as eye
space.  But the wall must capture it first, and that can leave little.
Take a weak unit U of X's, with no eye, inside a unit V of Y's that has
no eye either, where every empty point of U's hole is a liberty of U and
of V.  Y can make no eye there without taking U (any point Y plays is
next to U's stones), and to take U it must fill every one of U's
liberties: all the empty points of the hole.  What is left to V is the
points U's stones stood on, and if they are a killing shape (three
points or fewer, or a shape of go_eyes:killing_shape/4, which X fills
again at its vital point), that is one eye.  So V, with no eye
elsewhere, has one eye at most: when every weak unit of X's that V
touches is such an invader that V can approach (not a seki), V is the
one that dies, not the invaders (nakade_wall/5).  V must have a liberty
outside the hole too; if it has none, U and V only share liberties, and
that is a race or a seki (below).

A game GNU Go played against itself (held-out seed 20067) ended so:
White's eleven stones on the lower left had the eye space A1 B1 C1 B2 C2
B3, with Black's B1 B2 inside and one liberty outside, D4.  Taken alone,
Black's two (no eye, four liberties) are weaker than White's eleven (five
liberties), and without them the six points made White two eyes.  But
White takes them only by filling A1 C1 C2 B3, which leaves it the
two-point eye B1 B2: White is dead, as GNU Go counts it.

The hole may also hold empty points that U does not touch.  Once V has
filled U's liberties, each of them is a one-point eye closed by V's
stones; if X's stones stand on its diagonal points (two of them, or one
on the edge) it is a *false* eye (go_eyes), worth nothing, and V is
still dead (false_eyes_left/5).  A bigger region there, or a real eye,
is an eye of V's, and the rule does not apply.

Whether V dies or U does, the stones around V may decide: while V
touches another weak unit of X's, that unit may die first and leave V
surrounded by living stones.  So an invader of a wall with no eye waits
(waits/4): it is called dead only in a round where nothing else dies.

A game against GNU Go level 1 (bench/go_machine.py seed 883, the machine
White with its two-liberty rule) ended so: Black's eight stones B4-D3-B1
and its A5 on the lower left had no eye; White's A2 B2 sat in their
hole with two liberties, A3 and A1, and the third empty point, A4, lay
between A5 and B4.  Black's stones B7 B6 above, in atari, first made
White's side weak too, so the proposal compared A2 B2 (no eye, two
liberties) with Black's nine (no eye, four) and called White's two dead,
which left Black the five points A4-A1 B2 and two eyes.  But Black takes
them only by filling A3 and A1, which leaves the two-point eye A2 B2 and
A4, whose diagonal B5 is White's: a false eye (White plays A6 and takes
A5 on A4).  Black's nine are dead whoever moves first, as GNU Go counts
it (W+42.5).

## Capturing races and seki

Two weak units of equal strength whose stones touch are in a *capturing race*
(each must capture the other to live) or in *seki* (neither can attack).
Which one depends on their *shared* liberties, the empty points next to
both: to capture the other, a side first fills the other's outside
liberties, then the shared ones, and a shared point it fills takes a
liberty from itself too.  With equal strength, each has as many outside
liberties as the other, so whoever fills first runs out first once only
shared liberties are left, unless they share too few for that:

  - without eyes, two shared liberties or more are seki (filling one puts
    the filler in atari); with one or none, whoever moves first captures;
  - with one eye each (the eye is a last liberty the other can only fill
    at the end), one shared liberty or more is seki; with none, whoever
    moves first captures.

So with the side to move known (dead_verdicts/3, as the rules know it
when play ends: GNU Go's final count also lets it move first), the other
side's unit in such a race is dead and taken off, and the proposal goes
on.  Without it (dead_verdicts/2) a race is left standing, as seki:
nobody has captured yet.  The units left in the end live in *seki*.  Taking a dead unit off can give the
stones around it a new eye, so a living group whose territory held an
invader is seen alive on the next round.

## Seki and territory scoring

seki_points/3 gives the stones and eye points of the units in seki once
the agreed dead stones are off the board: weak units that share a
liberty with a weak unit of the other colour.  territory_owner/4 counts
territory the Japanese way: empty regions enclosed by one colour, with
the eyes of units in seki counted for nobody (their shared liberties
touch both colours, so they are nobody's under every preset).

Points are [R, C] at the boundary of the module; inside, indices of the
flat board of flat_board/3.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module(library(aggregate)).
:- use_module(board).
:- use_module(units).
:- use_module(open_ground).
:- use_module(eyes, [killing_shape/4, false_eye/4, neighbours/3, point_index/3]).

                 /*******************************
                 *         THE PROPOSAL         *
                 *******************************/

%!  dead_stones(+Board, -Dead) is det.
%!  dead_stones(+Board, +ToMove, -Dead) is det.
%
%   Dead is the ordered list of the points [R, C] of the stones the
%   proposer calls dead (see the module header).  A white stone alone in
%   Black's corner has no eye and is dead; Black's wall has two eyes:
%
%   ?- board_rows(_B, ["--b--", "-wb--", "bbb--", "-----", "-----"]),
%      dead_stones(_B, Dead).
%   Dead = [[1, 1]].
%
%   Two groups with no eye sharing their liberties live in seki:
%
%   ?- board_rows(_B, ["b-w", "b-w", "b-w"]), dead_stones(_B, Dead).
%   Dead = [].
dead_stones(Board, Dead) :-
    dead_stones(Board, none, Dead).

dead_stones(Board, ToMove, Dead) :-
    dead_verdicts(Board, ToMove, Verdicts),
    findall(Stones, member(dead(_, Stones, _), Verdicts), Lists),
    append(Lists, Dead0),
    sort(Dead0, Dead).

%!  dead_verdicts(+Board, -Verdicts) is det.
%!  dead_verdicts(+Board, +ToMove, -Verdicts) is det.
%
%   Verdicts says why each unit of Board is dead or alive, ToMove ("b",
%   "w", or none, as in dead_verdicts/2) the side to move, who wins a
%   capturing race (see the header): a list of
%
%     - dead(Colour, Stones, Why): Why is why(Eyes, Liberties, Against),
%       Against the strengths Eyes-Liberties of the weak units of the
%       other colour it touched ([] when all its walls were alive), or
%       race(Eyes-Liberties, Shared) when it lost a capturing race to a
%       unit of that strength, Shared their shared liberties, the other
%       side to move, or captured(Point) when Stones are in atari, an
%       opponent's unit beside them takes them on Point and they cannot
%       be saved (why(0, 1, _): a chain of a wall that an invader cuts
%       off, see "An invader that captures first" in the header and
%       "Open corridors" in go_units');
%     - seki(Colour, Stones, Eyes-Liberties): weak, but as strong as a weak
%       opponent it touches;
%     - unsettled(Colour, Stones, Eyes-Liberties): weak, on open ground
%       with a weak opponent (see "Open ground" in the header): the game
%       ended before the fight;
%     - alive(Colour, Stones, Eyes): eyes worth two or more.
%
%   Stones are ordered lists of points [R, C]; the dead come in the order
%   they were found (one a round, weakest first), then the units left, as
%   on the board without the dead.
%
%   ?- board_rows(_B, ["--b--", "-wb--", "bbb--", "-----", "-----"]),
%      dead_verdicts(_B, Vs).
%   Vs = [dead("w", [[1, 1]], why(0, 2, [])),
%         alive("b", [[0, 2], [1, 2], [2, 0], [2, 1], [2, 2]], 3)].
dead_verdicts(Board, Verdicts) :-
    dead_verdicts(Board, none, Verdicts).

dead_verdicts(Board, ToMove, Verdicts) :-
    flat_board(Board, Width, Flat),
    proposal(Flat, Width, ToMove, [], Dead),
    foldl(dead_union, Dead, [], Gone),
    remove_indices(Flat, Gone, Final),
    all_units(Final, Width, ToMove, Units),
    maplist(final_verdict(Units, Final, Width), Units, Left),
    append(Dead, Left, Verdicts0),
    maplist(verdict_points_(Width), Verdicts0, Verdicts).

%   proposal(+Flat, +Width, +ToMove, +Dead0, -Dead): Dead are the verdicts
%   dead/3 of Dead0 and those found by repeating the three steps of the
%   header, then the capturing races that ToMove wins.
proposal(Flat, Width, ToMove, Dead0, Dead) :-
    foldl(dead_union, Dead0, [], Gone),
    remove_indices(Flat, Gone, Flat1),
    all_units(Flat1, Width, ToMove, Units),
    include(weak, Units, Weak),
    map_list_to_pairs(strength, Weak, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, ByStrength),
    findall(V-Filled, nakade_wall(V, Weak, Flat1, Width, Filled), Walls),
    pairs_keys(Walls, WallUnits),
    findall(dead(Y, VStones, why(0, VLibs, filled(Filled))),
            member(unit(Y, VStones, 0, VLibs, _, _)-Filled, Walls),
            WallsDead),
    partition(waits(Weak, Flat1, Width), ByStrength, Waiting, Ready),
    deaths(Ready, Weak, WallUnits, Flat1, Width, Found1),
    append(WallsDead, Found1, Found0),
    (   Found0 \== []
    ->  Found = Found0
    ;   deaths(Waiting, Weak, WallUnits, Flat1, Width, FoundW),
        FoundW \== []
    ->  Found = FoundW
    ;   races_lost(Weak, Flat1, Width, ToMove, Found)
    ),
    (   Found = [First|_]
    ->  append(Dead0, [First], Dead1),
        proposal(Flat, Width, ToMove, Dead1, Dead)
    ;   Dead = Dead0
    ).

%   deaths(+Units, +Weak, +WallUnits, +Flat, +Width, -Found): the verdicts
%   of step 3 on the weak Units (weakest first) but those that touch a
%   wall found dead by nakade_wall/5 (WallUnits): the units that die, or
%   the chains they capture first.
deaths(Units, Weak, WallUnits, Flat, Width, Found) :-
    findall(Verdict,
            ( member(U, Units),
              \+ ( member(V, WallUnits), touch(U, V) ),
              (   member(V, Weak), open_pair(U, V, Flat, Width)
              ->  part_in_danger(U, V, Flat, Width, Part),
                  strength(V, SV),
                  dead_or_captures(Part, [SV], Flat, Width, Verdict)
              ;   dies(U, Weak, Against),
                  ( Against == [] -> true ; approachable(U, Flat, Width) ),
                  dead_or_captures(U, Against, Flat, Width, Verdict)
              ) ),
            Found0),
    list_to_set(Found0, Found).           % two invaders may take one chain

%   waits(+Weak, +Flat, +Width, +U): the weak unit U is an invader in the
%   only eye space of a weak unit V with no eye (nakade_invader/4): U dies
%   only in a round where nothing else does, since the stones around V
%   may die first, and then V may be the one to die (nakade_wall/5).
waits(Weak, Flat, Width, U) :-
    member(V, Weak),
    V = unit(_, _, 0, _, _, _),
    opponents(U, V),
    touch(U, V),
    nakade_invader(U, V, Flat, Width),
    !.

%   dead_or_captures(+U, +Against, +Flat, +Width, -Verdict): the weak unit
%   U would die (step 3), unless it can first capture a chain of the wall
%   around it that cannot be saved (captures_first/5): then that chain is
%   the one taken off, and the next round looks at U again.
dead_or_captures(U, Against, Flat, Width, Verdict) :-
    U = unit(Colour, Stones, Eyes, Libs, _, _),
    (   captures_first(U, Flat, Width, L, Chain)
    ->  opponent(Colour, Y),
        Verdict = dead(Y, Chain, why(0, 1, captured(L)))
    ;   Against \== [],
        taken_on(U, Flat, Width, L)
    ->  Verdict = dead(Colour, Stones, why(0, 1, captured(L)))
    ;   Verdict = dead(Colour, Stones, why(Eyes, Libs, Against))
    ).

%   taken_on(+U, +Flat, +Width, -L): the unit U, no eye, is in atari on L
%   and cannot be saved: its owner's stone on L would capture nothing and
%   leave it with fewer than two liberties.  A chain of a wall cut off by
%   an invader ("Open corridors" in go_units' header) dies so: "taken on L".
taken_on(unit(X, Stones, 0, 1, _, _), Flat, Width, L) :-
    opponent(X, Y),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], [L]),
    \+ captures_at(L, Y, Flat, Width),
    chain_liberties_after(L, X, Flat, Width, K),
    K < 2.

%   captures_first(+U, +Flat, +Width, -L, -Chain): U, a unit of X's, has a
%   liberty L that is the last liberty of Chain, a chain of the opponent Y
%   (X's stone on L takes it), and Y cannot save Chain: Y's own stone on L
%   would capture nothing and leave Chain with fewer than two liberties.
%   An invader inside an eye space that cuts off a chain of the wall is so:
%   it is not dead, it captures first.
captures_first(unit(X, Stones, _, _, _, _), Flat, Width, L, Chain) :-
    opponent(X, Y),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], Libs),
    member(L, Libs),
    neighbours(Width, L, Ns),
    member(J, Ns),
    arg(J, Flat, Y),
    chain_indices(J, Y, Flat, Width, Chain),
    foldl(neighbour_cells(Flat, Width, "-"), Chain, [], [L]),
    \+ captures_at(L, X, Flat, Width),
    chain_liberties_after(L, Y, Flat, Width, K),
    K < 2,
    !.

%   nakade_wall(-V, +Weak, +Flat, +Width, -Filled): V is a weak unit with
%   no eye whose only eye space is filled by invaders (see "An eye space
%   the invader fills" in the header): every weak unit of the opponent it
%   touches is such an invader (nakade_invader/4) that V can approach;
%   Filled are their stones.
nakade_wall(V, Weak, Flat, Width, Filled) :-
    member(V, Weak),
    V = unit(_, _, 0, _, _, _),
    findall(U, ( member(U, Weak), opponents(V, U), touch(V, U) ), Us),
    Us \== [],
    forall(member(U, Us),
           ( nakade_invader(U, V, Flat, Width),
             approachable(U, Flat, Width) )),
    foldl([unit(_, S, _, _, _, _), F0, F]>>ord_union(F0, S, F), Us, [], Filled).

%   nakade_invader(+U, +V, +Flat, +Width): U has no eye, its liberties
%   are V's too (V can make no eye there without capturing it, and
%   capturing it fills them all), every other empty point of its hole is
%   a false eye once they are filled (false_eyes_left/5), V has a
%   liberty outside the hole (else they only share liberties: a race or
%   a seki, below), and U's stones are the points of a killing shape:
%   three points or fewer, or a shape of go_eyes:killing_shape/4 with V's
%   liberties outside the hole.  Taking U leaves V one eye there.
nakade_invader(U, V, Flat, Width) :-
    U = unit(X, Stones, 0, _, _, _),
    opponent(X, Y),
    Stones = [I|_],
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    flood([I], Width, Flat, Seen, not(Y), [], Hole),
    ord_subtract(Hole, Stones, Points),
    liberty_points(U, Flat, Width, ULibs),
    liberty_points(V, Flat, Width, VLibs),
    ord_subset(ULibs, VLibs),
    ord_subtract(VLibs, Hole, Outside),
    Outside \== [],
    ord_subtract(Points, ULibs, Others),
    false_eyes_left(Others, U, ULibs, Flat, Width),
    length(Stones, N),
    (   N =< 3
    ->  true
    ;   length(Outside, NOutside),
        killing_shape(Stones, Flat, Width, NOutside)
    ).

%   false_eyes_left(+Others, +U, +ULibs, +Flat, +Width): the points Others
%   of U's hole that are not its liberties are empty, and each is a false
%   eye of the wall once the wall has filled U's liberties ULibs and taken
%   U: a point next to no other point of Others, whose diagonal holds U's
%   colour (go_eyes:false_eye/4).  They give the wall no eye.
false_eyes_left(Others, U, ULibs, Flat, Width) :-
    U = unit(X, Stones, _, _, _, _),
    opponent(X, Y),
    maplist(cell_is(Flat, "-"), Others),
    put_cells(Flat, ULibs, Y, Filled),
    remove_indices(Filled, Stones, Taken),
    forall(member(I, Others),
           ( neighbours(Width, I, Ns),
             \+ ( member(J, Ns), ord_memberchk(J, Others) ),
             false_eye(I, Taken, Width, X) )).

%   races_lost(+Weak, +Flat, +Width, +ToMove, -Found): the verdicts dead/3
%   of the weak units of ToMove's opponent that are in a capturing race
%   with a weak unit of ToMove (race/4); none when ToMove is none.
races_lost(_, _, _, none, []) :- !.
races_lost(Weak, Flat, Width, ToMove, Found) :-
    findall(dead(Colour, Stones, why(Eyes, Libs, race(SV, Shared))),
            ( member(U, Weak),
              U = unit(Colour, Stones, Eyes, Libs, _, _),
              Colour \== ToMove,
              once(( member(V, Weak), opponents(U, V), touch(U, V),
                     \+ open_pair(U, V, Flat, Width),
                     race(U, V, Flat, Width, Shared) )),
              strength(V, SV) ),
            Found).

%   race(+U, +V, +Flat, +Width, -Shared): the weak units U and V, of equal
%   strength, are in a capturing race, not in seki: they share Shared
%   liberties, fewer than two without eyes, none with one eye each (see
%   the header).
race(U, V, Flat, Width, Shared) :-
    strength(U, S), strength(V, S),
    S = Eyes-_,
    stones_touch(U, V, Flat, Width),
    liberty_points(U, Flat, Width, LU),
    liberty_points(V, Flat, Width, LV),
    ord_intersection(LU, LV, Both),
    length(Both, Shared),
    Shared < 2 - Eyes.

%   stones_touch(+U, +V, +Flat, +Width): a stone of U stands next to a stone
%   of V.  Two lone stones far apart on an open board are not racing: a race
%   is between chains in contact.
stones_touch(unit(_, SU, _, _, _, _), unit(CV, SV, _, _, _, _), Flat, Width) :-
    foldl(neighbour_cells(Flat, Width, CV), SU, [], Next),
    ord_intersect(Next, SV).

dead_union(dead(_, Stones, _), Gone0, Gone) :-
    ord_union(Gone0, Stones, Gone).

%   dies(+Unit, +Weak, -Against): Unit is weaker than every weak unit of the
%   other colour that it touches; Against are their strengths.
dies(U, Weak, Against) :-
    strength(U, S),
    findall(SV, ( member(V, Weak), opponents(U, V), touch(U, V), strength(V, SV) ), Against),
    forall(member(SV, Against), S @< SV).

%   final_verdict(+Units, +Flat, +Width, +Unit, -Verdict): the verdict of
%   a unit that survived the proposal.
final_verdict(Units, Flat, Width, U, Verdict) :-
    U = unit(Colour, Stones, Eyes, Libs, _, _),
    (   Eyes >= 2
    ->  Verdict = alive(Colour, Stones, Eyes)
    ;   member(V, Units), weak(V), open_pair(U, V, Flat, Width)
    ->  Verdict = unsettled(Colour, Stones, Eyes-Libs)
    ;   Verdict = seki(Colour, Stones, Eyes-Libs)
    ).

verdict_points_(Width, V0, V) :-
    verdict_points(V0, Width, V).

verdict_points(dead(C, S0, Why0), Width, dead(C, S, Why)) :-
    indices_points(Width, S0, S),
    (   Why0 = why(E, L, captured(I))
    ->  point_index(Width, P, I),
        Why = why(E, L, captured(P))
    ;   Why0 = why(E, L, filled(Is))
    ->  indices_points(Width, Is, Ps),
        Why = why(E, L, filled(Ps))
    ;   Why = Why0
    ).
verdict_points(seki(C, S0, St), Width, seki(C, S, St)) :-
    indices_points(Width, S0, S).
verdict_points(unsettled(C, S0, St), Width, unsettled(C, S, St)) :-
    indices_points(Width, S0, S).
verdict_points(alive(C, S0, E), Width, alive(C, S, E)) :-
    indices_points(Width, S0, S).

                 /*******************************
                 *   MARKING AND COUNTING       *
                 *******************************/

%!  chain_stones(+Board, +Pos, -Stones) is semidet.
%
%   Stones are the points of the chain (the stones joined through
%   neighbours of one colour) of the stone at Pos, ordered.  Fails if Pos
%   is empty or off the board.
%
%   ?- board_rows(_B, ["bb-", "-bw", "--w"]), chain_stones(_B, [0,0], S).
%   S = [[0, 0], [0, 1], [1, 1]].
chain_stones(Board, Pos, Stones) :-
    Pos = [R, C],
    board_cell(Board, R, C, X),
    X \== "-",
    flat_board(Board, Width, Flat),
    point_index(Width, Pos, I),
    functor(Flat, _, Size),
    functor(Seen, seen, Size),
    flood([I], Width, Flat, Seen, is(X), [], Is),
    indices_points(Width, Is, Stones).

%!  remove_stones(+Board, +Stones, -RBoard) is det.
%
%   RBoard is Board with the points Stones ([R, C]) made empty.
%
%   ?- remove_stones([["b","w"],["-","b"]], [[0,1]], B).
%   B = [["b","-"],["-","b"]].
remove_stones(Board, Stones, RBoard) :-
    maplist(point_terna, Stones, Ternas),
    eliminarEncerrados(Board, Ternas, RBoard).

point_terna([R, C], [_, R, C]).

%!  seki_points(+Board, +Dead, -Seki) is det.
%
%   Seki are the points, ordered, of the stones and the eyes of the units
%   living in seki once the points Dead are off Board: weak units (eyes
%   worth less than two) that touch a weak unit of the other colour, but
%   not on open ground with it (unsettled: see the header).
%
%   ?- board_rows(_B, ["b-w", "b-w", "b-w"]), seki_points(_B, [], S).
%   S = [[0, 0], [0, 2], [1, 0], [1, 2], [2, 0], [2, 2]].
seki_points(Board, Dead, Seki) :-
    flat_board(Board, Width, Flat0),
    points_indices(Width, Dead, Gone),
    remove_indices(Flat0, Gone, Flat),
    all_units(Flat, Width, none, Units),
    include(weak, Units, Weak),
    findall(Points,
            ( member(U, Weak),
              once(( member(V, Weak), opponents(U, V), touch(U, V) )),
              \+ ( member(V, Weak), open_pair(U, V, Flat, Width) ),
              U = unit(_, Stones, _, _, _, Eyes),
              ord_union(Stones, Eyes, Points) ),
            Lists),
    ord_union(Lists, Is),
    indices_points(Width, Is, Seki).

%!  territory_owner(+Board, +Dead, -Owner, -Score) is det.
%
%   Score is B-W, the territory of each colour once the points Dead are off
%   Board: the empty points of every region that touches one colour only,
%   but the eyes of units in seki (seki_points/3).  Owner is a string like
%   board_string/2's: "b" or "w" for a point of territory, "-" for the
%   rest (stones included: territory scoring does not count them).
%
%   ?- board_rows(_B, ["-b-w-", "bb-ww", "-----", "ww-bb", "-w-b-"]),
%      territory_owner(_B, [], Owner, Score).
%   Owner = "b---w---------------w---b",
%   Score = 2-2.
territory_owner(Board, Dead, Owner, B-W) :-
    remove_stones(Board, Dead, Board1),
    score_owner(Board1, Area, _),
    seki_points(Board, Dead, Seki),
    append(Board1, Cells),
    string_chars(Area, AreaChars),
    length(Board, N),
    Last is N * N - 1,
    numlist(0, Last, Ks),
    maplist(territory_point(N, Seki), Ks, Cells, AreaChars, Os),
    atomics_to_string(Os, Owner),
    aggregate_all(count, member(b, Os), B),
    aggregate_all(count, member(w, Os), W).

territory_point(N, Seki, K, Cell, A, O) :-
    R is K // N, C is K mod N,
    (   Cell == "-", A \== '-', \+ memberchk([R, C], Seki)
    ->  O = A
    ;   O = '-'
    ).
