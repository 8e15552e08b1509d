:- module(go_owl_reading,
          [ group_status/5,          % +FB, +X, +Stone, +Options, -Status
            owl_lives/6,             % +FB, +X, +Stone, +ToMove, +Depth, +Nodes
            owl_move/7,              % +FB, +X, +Stone, +Z, +Depth, +Nodes, -Move
            owl_points/4,            % +FB, +X, +Options, -Points
            owl_defences/4,          % +FB, +X, +Options, -Points
            owl_kills/4,             % +FB, +X, +Options, -Points
            owl_critical/4,          % +FB, +X, +Options, -Groups
            owl_groups/4             % +FB, +X, +Options, -Groups
          ]).

/** <module> Go: reading a weak group a few moves deep (the owl's search)

Start reading at prolog/go/owl.pl (go_owl): this module is the part of
its small "owl" that reads several moves, both sides taking turns on a
group's eye space.  What a group counts as it stands is go_owl's:
group_eyes/6 and hole_eyes/7 (its eyes, the pessimistic way),
eye_space/4, hole/5 and parts/6 (its hole and its stones once the
opponent has the margins, margins_taken/4), group_defences/5 (the
reading one move deep), min_stones/1 (the smallest group read).

## Reading several moves

group_defences/5 looks one move ahead.  A group in trouble often
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

Points are indices of the board of go_fastboard (fb_index/3), as in
go_owl; X, Y and Z are colours 1 or 2 (fb_colour/2).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(ordsets)).
:- use_module(library(pairs)).
:- use_module(fastboard).
:- use_module(board, [opponent/2, board_rows/2]).  % the last for the examples
:- use_module(units, [cell_is/3]).
:- use_module(owl, [ hole_eyes/7, eye_space/4, margins_taken/4, hole/5,
                     parts/6, sum_stones/2, min_stones/1 ]).

owl_depth(3).           % plies read after the first move's side: X, Y, X or Y, X, Y
owl_width(6).           % candidate moves read at each position, the best first
owl_nodes(300).         % positions a group's reading may judge
escape_space(14).       % a hole with this many empty points is open space

%!  group_status(+FB, +X, +S, +Options, -Status) is det.
%
%   Status is what the search (see the module header) says of X's group
%   of the stone S: alive (it lives even if the opponent moves first),
%   dead (it dies even if X moves first), critical(D, K) (X's stone on D
%   makes it live, the opponent's on K kills it) or unknown (the reading
%   ran out of its budget of positions).  Options: depth(D), the plies
%   read (default owl_depth/1); escape(E), the empty points of a hole
%   that count as open space (default escape_space/1).  White's group of
%   seven on the edge of a 7x7 board has a straight three for eye space:
%   the middle, [6, 3], is both sides' vital point:
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
%   plies of reading (see the module header).  Nodes is n(K, Open): K
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
%   open for X's group of the stone S, T to move (see the module
%   header); a hole of Open empty points or more is open space.
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
%   points summed a point; the player (go_weighing) weighs each group by
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
%   go_owl:weak_groups/3 gives them: the stones of X's that share a
%   hole once the opponent has the margins (go_owl:group_eyes/6),
%   min_stones/1 of them or more (option min_stones(N)), that are not
%   settled alive as they stand with the opponent to move (two eyes
%   counted the pessimistic way, or escape_space/1 empty points of
%   room).  Wider than go_owl:weak_groups/3, whose units count eyes the
%   optimistic way: a group whose eye space the opponent can still
%   reduce is read too.
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
