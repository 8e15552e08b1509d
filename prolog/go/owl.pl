:- module(go_owl,
          [ eye_points/4,            % +FB, +X, +Options, -Points
            weak_groups/3,           % +FB, +X, -Groups
            group_defences/5,        % +FB, +X, +Stone, -Now, -Defences
            dead_after/4,            % +FB, +Z, +I, +Stone
            group_eyes/6,            % +Flat, +Width, +X, +Stone, +First, -Eyes
            group_status/5,          % +FB, +X, +Stone, +Options, -Status
            owl_lives/6,             % +FB, +X, +Stone, +ToMove, +Depth, +Nodes
            owl_move/7,              % +FB, +X, +Stone, +Z, +Depth, +Nodes, -Move
            owl_points/4,            % +FB, +X, +Options, -Points
            owl_defences/4,          % +FB, +X, +Options, -Points
            owl_kills/4,             % +FB, +X, +Options, -Points
            owl_critical/4,          % +FB, +X, +Options, -Groups
            owl_groups/4             % +FB, +X, +Options, -Groups
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
option eyes(true) of the player); and it reads a group a few moves deep,
both sides taking turns on its eye space, to tell the groups that live
or die whoever moves first from the *critical* ones, where the next move
decides (group_status/5, owl_points/4, option owl(true): the section
*Reading several moves* below).

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
The player (go_player, option eyes(true)) adds a fixed weight to such a
point, enough to play it before its search's choice unless the search
finds it clearly worse.  The cost: two to four evaluations of the board a
point of a weak group's eye space, each a copy of the board and a flood
of the group's hole; 0.05 s of CPU a move on 9x9 on average, 0.18 s on
13x13 (docs/go.md, *Measured*, with what it did on GNU Go's positions:
it finds the second eye of a group closed in, and often a point for a
group that was not in danger).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(ordsets)).
:- use_module(library(pairs)).
:- use_module(fastboard).
:- use_module(board, [opponent/2, board_rows/2, flat_board/3]).  % the last two for the examples
:- use_module(units, [all_units/4, flood/7, neighbour_cells/6, cell_is/3]).
:- use_module(eyes, [eye_value/7, neighbours/3]).

%   Constants of the reading.
min_stones(3).                  % a group of fewer stones is left to tactics

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

%   sum_stones(+Pairs, -Points): the I-Stones pairs, sorted by I, with one
%   pair a point, its stones summed.
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

%   parts(+Stones, +Taken, +Width, +P, +Q, -Parts): the ordered Stones
%   as g(S, Size) for each hole of the board Taken (the margins given
%   to Q) that holds some of them: S the first of them, Size how many.
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

%   eye_space(+Flat, +Width, +S, -Space): the empty points next to the
%   stones of S's group (its hole once the margins are the opponent's:
%   group_eyes/6) or next to those, and the empty points of that hole,
%   ordered.
eye_space(Flat, Width, S, Space) :-
    arg(S, Flat, Cell),
    opponent(Cell, Y),
    margins_taken(Flat, Width, Y, Taken),
    hole(Taken, Width, S, Y, Hole),
    partition(cell_is(Taken, Cell), Hole, Stones, Inside),
    foldl(neighbour_cells(Flat, Width, "-"), Stones, [], Libs),
    foldl(neighbour_cells(Flat, Width, "-"), Libs, Libs, Near),
    ord_union(Near, Inside, Space).

touches(Flat, Width, Y, I) :-
    neighbours(Width, I, Ns),
    member(J, Ns),
    arg(J, Flat, Y),
    !.

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

%   hole_eyes(+Flat, +Width, +X, +S, +First, -Empties, -Eyes): Eyes as
%   group_eyes/6's; Empties the empty points of the group's hole once the
%   margins are the opponent's ([] when S holds no stone of X's).
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

%   margins_taken(+Flat, +Width, +Y, -Flat1): Flat with Y's stone on every
%   empty point next to a stone of Y's.
margins_taken(Flat, Width, Y, Flat1) :-
    Flat =.. [F|Cells],
    margin_cells(Cells, 1, Flat, Width, Y, Cells1),
    Flat1 =.. [F|Cells1].

margin_cells([], _, _, _, _, []).
margin_cells([C|Cs], I, Flat, Width, Y, [C1|Cs1]) :-
    (   C == "-", touches(Flat, Width, Y, I) -> C1 = Y ; C1 = C ),
    I1 is I + 1,
    margin_cells(Cs, I1, Flat, Width, Y, Cs1).


                 /*******************************
                 *     READING SEVERAL MOVES    *
                 *******************************/

/*  group_defences/5 looks one move ahead.  A group in trouble often
    needs more: a move that makes its eye space big enough that the
    opponent cannot reduce it, or a block the opponent answers and then
    a second eye.  GNU Go's "owl" reads such fights a few moves deep,
    both sides taking turns on the group's eye space; this is a small
    cousin of it.

    The search is a plain alternating one (an AND-OR tree):

      - the *owner* X, to move, lives when one of its candidate moves
        leaves a position where it lives with the opponent to move;
      - with the *opponent* Y to move, X lives when every candidate move
        of Y's leaves a position where X lives, X to move.

    At every node the group is first judged as it stands (settled/6):
    *dead* when its stone S is taken, or Y is to move and the chain of S
    is in atari; *alive* when its eyes (group_eyes/6, counted the
    pessimistic way) are worth two or more, or when its hole is large
    (escape_space/1 empty points or more: open space, out of the net,
    or an eye space too big to kill); else *open*.  An open group at
    the last ply read counts as not alive: a group that has not shown
    two eyes by then is in danger (GNU Go's owl does the same).

    The candidate moves (owl_moves/5) are the group's eye space
    (eye_space/4: the points of its hole and the points next to its
    stones and liberties), and for the owner the liberties of the
    opponent's chains next to it that have two liberties or fewer (a
    capture is an escape).  They are tried best first: for the owner the
    move after which the group counts most eyes and most room, for the
    opponent the one after which it counts fewest; only the owl_width/1
    best are read.  The tree is small: owl_depth/1 plies of at most
    owl_width/1 moves, and a budget of positions (owl_nodes/1) that stops
    the reading of a group (its verdict is then unknown, and no point is
    given).

    A group is *critical* when it lives if X moves first and dies if Y
    moves first: only then is a move there urgent, X's first move that
    lives (the defence point) and Y's first move that kills (the killing
    point).  A group that lives either way, or dies either way, needs no
    move now.
*/

owl_depth(3).           % plies read after the first move's side: X, Y, X or Y, X, Y
owl_width(6).           % candidate moves read at each position, the best first
owl_nodes(300).         % positions a group's reading may judge
escape_space(14).       % a hole with this many empty points is open space

%!  group_status(+FB, +X, +S, +Options, -Status) is det.
%
%   Status is what the search (see above) says of X's group of the stone
%   S: alive (it lives even if the opponent moves first), dead (it dies
%   even if X moves first), critical(D, K) (X's stone on D makes it live,
%   the opponent's on K kills it) or unknown (the reading ran out of its
%   budget of positions).  Options: depth(D), the plies read (default
%   owl_depth/1); escape(E), the empty points of a hole that count as
%   open space (default escape_space/1).  White's group of seven on the edge of a 7x7 board has
%   a straight three for eye space: the middle, [6, 3], is both sides'
%   vital point:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      fb_new(_B, _FB), fb_index(_FB, [5, 1], _S),
%      group_status(_FB, 2, _S, [], _St), _St = critical(_D, _K),
%      fb_index(_FB, D, _D), fb_index(_FB, K, _K).
%   D = [6, 3],
%   K = [6, 3].
group_status(FB, X, S, Options, Status) :-
    owl_depth(Depth0),
    option(depth(Depth), Options, Depth0),
    owl_nodes(Budget),
    escape_space(Open0),
    option(escape(Open), Options, Open0),
    Nodes = n(Budget, Open),
    Y is 3 - X,
    catch(( (   owl_move(FB, X, S, X, Depth, Nodes, D0)
            ->  (   owl_move(FB, X, S, Y, Depth, Nodes, K)
                ->  vital_first(FB, X, S, Depth, Nodes, K, D0, D),
                    Status = critical(D, K)
                ;   Status = alive
                )
            ;   Status = dead
            ) ),
          owl_budget,
          Status = unknown).

%   vital_first(+FB, +X, +S, +Depth, +Nodes, +K, +D0, -D): D is the
%   opponent's killing point K if X's stone there lives too ("the
%   opponent's vital point is mine": it takes that point from the
%   opponent as well), else D0, the first defence found.
vital_first(FB, X, S, Depth, Nodes, K, D0, D) :-
    (   K =\= D0,
        fb_legal(FB, X, K),
        D1 is Depth - 1,
        Y is 3 - X,
        \+ \+ ( fb_play(FB, X, K, _), owl_lives(FB, X, S, Y, D1, Nodes) )
    ->  D = K
    ;   D = D0
    ).

%!  owl_lives(+FB, +X, +S, +T, +Depth, +Nodes) is semidet.
%
%   X's group of the stone S lives, T (1 or 2) to move, within Depth
%   plies of reading (see the section's text).  Nodes is n(K, Open): K
%   the positions the reading may still judge, changed in place (when it
%   runs out the reading throws owl_budget), Open the empty points of a
%   hole that count as open space (escape_space/1).
owl_lives(FB, X, S, T, Depth, Nodes) :-
    tick_owl(Nodes),
    arg(2, Nodes, Open),
    settled(FB, X, S, T, Open, Verdict),
    (   Verdict == alive
    ->  true
    ;   Verdict == dead
    ->  fail
    ;   Depth =< 0
    ->  fail                                    % not shown alive in time
    ;   T =:= X
    ->  owl_move(FB, X, S, X, Depth, Nodes, _)
    ;   \+ owl_move(FB, X, S, T, Depth, Nodes, _)
    ).

%!  owl_move(+FB, +X, +S, +Z, +Depth, +Nodes, -M) is semidet.
%
%   Z (X, the owner, or its opponent) has a move M, the first found of
%   its candidates, that reaches its goal for X's group of the stone S
%   within Depth plies: X's makes it live (owl_lives/6 with the opponent
%   to move), the opponent's leaves it not alive with X to move.
owl_move(FB, X, S, Z, Depth, Nodes, M) :-
    owl_moves(FB, X, S, Z, Ms),
    D1 is Depth - 1,
    W is 3 - Z,
    member(M, Ms),
    \+ \+ ( fb_play(FB, Z, M, _),
            (   Z =:= X
            ->  owl_lives(FB, X, S, W, D1, Nodes)
            ;   \+ owl_lives(FB, X, S, W, D1, Nodes)
            ) ),
    !.

tick_owl(Nodes) :-
    arg(1, Nodes, K),
    (   K =< 0
    ->  throw(owl_budget)
    ;   K1 is K - 1,
        nb_setarg(1, Nodes, K1)
    ).

%   settled(+FB, +X, +S, +T, +Open, -Verdict): Verdict is dead, alive or
%   open for X's group of the stone S, T to move (see the section's
%   text); a hole of Open empty points or more is open space.
settled(FB, X, S, T, Open, Verdict) :-
    (   \+ fb_cell(FB, S, X)
    ->  Verdict = dead
    ;   T =\= X, fb_atari(FB, S, _)
    ->  Verdict = dead
    ;   group_room(FB, X, S, T, Eyes, Room),
        (   ( Eyes >= 2 ; Room >= Open )
        ->  Verdict = alive
        ;   Verdict = open
        )
    ).

%   group_room(+FB, +X, +S, +T, -Eyes, -Room): Eyes as group_eyes/6
%   counts them (T to move), Room the empty points of the group's hole
%   once the opponent has the margins.
group_room(FB, X, S, T, Eyes, Room) :-
    fb_flat(FB, Width, Flat),
    (   T =:= X -> First = true ; First = false ),
    hole_eyes(Flat, Width, X, S, First, Empties, Eyes),
    length(Empties, Room).

%   owl_moves(+FB, +X, +S, +Z, -Ms): Z's candidate moves for or against
%   X's group of the stone S, the owl_width/1 best, best first: its eye
%   space (eye_space/4), and for X the liberties of the opponent's
%   chains next to the group with two liberties or fewer.  A move of
%   X's is better when the group then counts more eyes, then more room
%   (the opponent to move); one of the opponent's when it counts fewer.
owl_moves(FB, X, S, Z, Ms) :-
    fb_flat(FB, Width, Flat),
    eye_space(Flat, Width, S, Space),
    (   Z =:= X
    ->  fb_chain(FB, S, Chain),
        findall(L,
                ( member(C, Chain), fb_neighbours(FB, C, Js), member(J, Js),
                  fb_cell(FB, J, Y), Y =:= 3 - X,
                  fb_liberties(FB, J, 3, Ls), Ls \= [_, _, _],
                  member(L, Ls) ),
                Counter),
        sort(Counter, Counter1),
        ord_union(Space, Counter1, Points)
    ;   Points = Space
    ),
    W is 3 - Z,
    findall(Key-M,
            ( member(M, Points),
              fb_legal(FB, Z, M),
              \+ fb_self_atari(FB, Z, M),
              \+ \+ fb_eye_of(FB, Z, M, X),
              findall(K, ( fb_play(FB, Z, M, _),
                           move_key(FB, X, S, Z, W, K) ), [Key]) ),
            Keyed),
    keysort(Keyed, Sorted),
    owl_width(Width0),
    length(Sorted, N),
    Take is min(N, Width0),
    length(Best, Take),
    append(Best, _, Sorted),
    pairs_values(Best, Ms).

%   fb_eye_of(+FB, +Z, +M, +X): the owner X does not fill one of its own
%   one-point eyes (the opponent may play anywhere it can).
fb_eye_of(FB, Z, M, X) :-
    (   Z =:= X -> \+ fb_eye(FB, X, M) ; true ).

%   move_key(+FB, +X, +S, +Z, +W, -Key): the key that orders Z's moves
%   (smallest first), on the board after Z's move, W to move.
move_key(FB, X, S, Z, W, Key) :-
    (   \+ fb_cell(FB, S, X)
    ->  Eyes = 0, Room = 0
    ;   group_room(FB, X, S, W, Eyes, Room)
    ),
    Score is min(Eyes, 2) * 100 + Room,
    (   Z =:= X -> Key is -Score ; Key = Score ).

%!  owl_points(+FB, +X, +Options, -Points) is det.
%
%   Points are I-Stones pairs, I an index of FB, Stones the stones of a
%   group (summed where a point serves several): the points of
%   owl_defences/4 and of owl_kills/4 together.  Groups that live or die
%   whoever moves first give nothing.
owl_points(FB, X, Options, Points) :-
    owl_defences(FB, X, Options, Saves),
    owl_kills(FB, X, Options, Kills),
    append(Saves, Kills, All),
    msort(All, Sorted),
    sum_stones(Sorted, Points).

%!  owl_defences(+FB, +X, +Options, -Points) is det.
%
%   Points are I-Stones pairs, ordered by I, one a point: for each group
%   of X's worth reading (owl_groups/4) that group_status/5 finds
%   critical, its defence point and the group's stones.  Options: as
%   group_status/5's and owl_groups/4's.
owl_defences(FB, X, Options, Points) :-
    critical_points(FB, X, Options, defence, Points).

%!  owl_kills(+FB, +X, +Options, -Points) is det.
%
%   Points are I-Stones pairs as owl_defences/4's: for each critical
%   group of the opponent's, its killing point (X's stone there) and the
%   group's stones.
owl_kills(FB, X, Options, Points) :-
    Y is 3 - X,
    critical_points(FB, Y, Options, kill, Points).

%   critical_points(+FB, +Owner, +Options, +Which, -Points): for each of
%   Owner's groups worth reading that group_status/5 finds critical, its
%   defence point (Which = defence: Owner's stone there) or its killing
%   point (Which = kill: the opponent's), with the group's stones; one
%   pair a point, ordered by point.
critical_points(FB, Owner, Options, Which, Points) :-
    owl_groups(FB, Owner, Options, Groups),
    findall(I-Size,
            ( member(g(S, Size), Groups),
              group_status(FB, Owner, S, Options, critical(D, K)),
              (   Which == defence -> I = D ; I = K ) ),
            Found),
    msort(Found, Sorted),
    sum_stones(Sorted, Points).

%!  owl_critical(+FB, +X, +Options, -Groups) is det.
%
%   Groups are X's groups worth reading (owl_groups/4) that
%   group_status/5 finds critical, each as critical(Stones, D, K):
%   Stones the group's stones (ordered indices of FB: X's stones in its
%   hole once the opponent has the margins), D its defence point, K the
%   opponent's killing point.  owl_defences/4 gives the same defence
%   points summed a point; the player (go_player) weighs each group by
%   what else is on the board (a chain in atari to save first, the
%   opponent's last move).  White's group of seven on the edge of a 7x7
%   board, the middle of its straight three both sides' vital point:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      fb_new(_B, _FB), owl_critical(_FB, 2, [], [critical(_Ss, _D, _K)]),
%      length(_Ss, N), fb_index(_FB, D, _D), fb_index(_FB, K, _K).
%   N = 7,
%   D = [6, 3],
%   K = [6, 3].
owl_critical(FB, X, Options, Groups) :-
    owl_groups(FB, X, Options, Found),
    fb_flat(FB, Width, Flat),
    fb_colour(P, X),
    opponent(P, Q),
    margins_taken(Flat, Width, Q, Taken),
    findall(critical(Stones, D, K),
            ( member(g(S, _), Found),
              group_status(FB, X, S, Options, critical(D, K)),
              hole(Taken, Width, S, Q, Hole),
              include(cell_is(Taken, P), Hole, Stones) ),
            Groups).

%!  owl_groups(+FB, +X, +Options, -Groups) is det.
%
%   Groups are X's groups worth reading, each g(S, Size) as
%   weak_groups/3 gives them: the stones of X's that share a hole once
%   the opponent has the margins (group_eyes/6), min_stones/1 of them or
%   more (option min_stones(N)), that are not settled alive as they
%   stand with the opponent to move (two eyes counted the pessimistic
%   way, or escape_space/1 empty points of room).  Wider than
%   weak_groups/3, whose units count eyes the optimistic way: a group
%   whose eye space the opponent can still reduce is read too.
owl_groups(FB, X, Options, Groups) :-
    min_stones(Min0),
    option(min_stones(Min), Options, Min0),
    fb_flat(FB, Width, Flat),
    fb_colour(P, X),
    opponent(P, Q),
    margins_taken(Flat, Width, Q, Taken),
    findall(I, arg(I, Flat, P), Stones),
    parts(Stones, Taken, Width, P, Q, Parts),
    escape_space(Open0),
    option(escape(Open), Options, Open0),
    Y is 3 - X,
    findall(g(S, Size),
            ( member(g(S, Size), Parts),
              Size >= Min,
              settled(FB, X, S, Y, Open, open) ),
            Groups).
