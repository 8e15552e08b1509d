:- module(go_uct,
          [ uct_search/6             % +FB, +X, +Komi, +Candidates, +Options, -Ranked
          ]).

/** <module> Go: a search tree grown by random games (UCT with RAVE)

Start reading at prolog/go.pl (the entry module), then player.pl, which
calls uct_search/6 on boards up to 9x9.  It is the method of the strong
Go programs of 2007-2015 (MoGo, Fuego, Pachi) in a short form:

  1. The tree starts at the position, with one child per candidate
     move (player.pl's candidates).  Every simulation walks down the tree
     from the root, choosing at each node the child with the best value
     (select_child/4); when it reaches a child that has been visited
     often enough (expand_after/1) it gives that child children of its
     own (expand/4), one per point where the side to move may play that
     is not one of its eyes.
  2. From the end of the walk, the *playout*: both sides play by the
     policy of go_playout (captures and rescues around the last move,
     the 3x3 patterns of good shape, else random moves that do not fill
     an eye) until both pass; the board is counted by area with komi.
  3. The result goes back up the path: each child walked through counts
     a visit, and a win when its mover won.  Each node also gives an
     *all moves as first* (AMAF, or RAVE) visit to every child whose point
     the child's mover played later in the simulation, before the other
     side did: that tally fills fast and says early which points matter.

A child's value mixes its own win rate with its AMAF win rate; the AMAF
share, beta, falls as the child's own visits grow (Silver's schedule,
value/3).  Both tallies start with a prior: virtual games whose win rate
says what a move looks like before any game is played (prior/5: a
capture or a rescue is good, a self-atari poor, a point next to the last
move or on the third line worth a look, one on the edge less).

The move chosen is the root's child with the most visits.  The board is
go_fastboard's: a simulation runs inside \+ \+, so the board is as it was
after each one; the tree keeps its tallies with nb_setarg/3.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(fastboard).
:- use_module(playout).
:- use_module(tactics, [line/3]).

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

%   The constants of the search.
expand_after(4).             % a child gets children after this many visits
rave_equivalence(3000).      % own visits at which AMAF's share is down to a half
root_prior_games(20).        % virtual games behind a root candidate's prior
root_noise(0.1).             % the spread of the noise on a root prior's rate
max_game_plies(3).           % a simulation stops after 3 x points plies

%!  uct_search(+FB, +X, +Komi, +Candidates, +Options, -Ranked) is det.
%
%   Grows a tree from FB with colour X to move (komi Komi to White) and
%   the root's children Candidates, a list of I-Prior (a point and the
%   win rate in 0..1 it starts with, as root_prior_games/1 virtual games,
%   to which prior/5's are added).  Options: playouts(N), the number of
%   simulations (default 1000); last(L), the index of the opponent's
%   last move (default 0: none, or a pass).  Ranked is a list of
%   Visits-I-Rate, most visited first: Rate the share of the simulations through I that X won
%   (0.5 when none went through I).
uct_search(FB, X, Komi, Candidates, Options, Ranked) :-
    option(playouts(Playouts), Options, 1000),
    option(last(Last), Options, 0),
    option(patterns(Patterns), Options, true),
    root_prior_games(RootGames),
    maplist(root_child(FB, X, Last, RootGames), Candidates, Kids0),
    Kids =.. [k|Kids0],
    Root = n(Kids),
    fb_size(FB, Size),
    max_game_plies(M),
    MaxPly is M * Size * Size,
    arg(1, FB, Cells),
    functor(Cells, _, Arity),
    forall(between(1, Playouts, _),
           simulate(FB, X, Komi, Root, Arity, MaxPly, Patterns)),
    findall(Visits-I-Rate,
            ( arg(_, Kids, c(I, N, W, _, _, _, N0, W0)),
              Visits is N - N0,
              (   Visits > 0 -> Rate is (W - W0) / Visits ; Rate = 0.5 ) ),
            Ranked0),
    sort(0, @>=, Ranked0, Ranked).

%   c(I, N, W, AN, AW, Node, N0, W0): a child: its point I; its visits N
%   and wins W, the prior's N0 virtual games (W0 of them won) included;
%   its AMAF visits AN and wins AW (the prior included too); Node, none or
%   n(Kids) once expanded.
%   A root child's prior has a little noise (root_noise/1, a share of its
%   virtual games): moves that look alike are tried in another order with
%   another seed, so the machine does not play the same game every time.
root_child(FB, X, Last, N1, I-Prior, Child) :-
    prior(FB, X, Last, I, N2-P2),
    root_noise(Noise),
    N0 is N1 + N2,
    W0 is N1 * Prior + N2 * P2 + (random_float - 0.5) * Noise * N0,
    new_child(I, N0, W0, Child).

%   new_child(+I, +N0, +W0, -Child): a child with its prior only.  The
%   term is made once N0 and W0 are numbers: were they variables bound
%   later, its arguments would share one cell, and nb_setarg/3 on one
%   would change the others.
new_child(I, N0, W0, c(I, N0, W0, N0, W0, none, N0, W0)).

                 /*******************************
                 *          SIMULATION          *
                 *******************************/

simulate(FB, X, Komi, Root, Arity, MaxPly, Patterns) :-
    functor(First, first, Arity),
    \+ \+ ( descend(Root, FB, X, 1, Path, First, Ply, Last, Next),
            policy_game(FB, Next, Last, Ply, MaxPly, First, Patterns),
            fb_area(FB, Area),
            Black is Area - Komi,
            backup(Path, Black, First) ).

%   descend(+Node, +FB, +X, +Ply, -Path, +First, -PlyOut, -Last, -Next):
%   walks down from Node, X to move at ply Ply, playing the chosen
%   children's moves on FB; Path lists step(Kids, Child, X, Ply) from the
%   top; the walk ends at a child without children, the playout then
%   starts at ply PlyOut with Next to move after the move Last.
descend(n(Kids), FB, X, Ply, [step(Kids, Child, X, Ply)|Path], First, PlyOut, Last, Next) :-
    select_child(Kids, FB, X, Child),
    !,
    arg(1, Child, I),
    fb_play(FB, X, I, _),
    arg(I, First, F), ( var(F) -> F = X-Ply ; true ),
    Y is 3 - X,
    Ply1 is Ply + 1,
    arg(6, Child, Node),
    (   Node = n(_)
    ->  descend(Node, FB, Y, Ply1, Path, First, PlyOut, Last, Next)
    ;   arg(2, Child, N), arg(7, Child, N0),
        expand_after(E),
        N - N0 >= E
    ->  expand(FB, Y, I, NewNode),
        nb_setarg(6, Child, NewNode),
        arg(6, Child, Stored),
        descend(Stored, FB, Y, Ply1, Path, First, PlyOut, Last, Next)
    ;   Path = [], PlyOut = Ply1, Last = I, Next = Y
    ).
descend(_, _, X, Ply, [], _, Ply, 0, X).

%   select_child(+Kids, +FB, +X, -Child): the child of best value whose
%   move X may play now (a simple ko may forbid one).
select_child(Kids, FB, X, Child) :-
    functor(Kids, _, K),
    K > 0,
    best_child(1, K, Kids, FB, X, none, -1.0, Child),
    Child \== none.

best_child(J, K, Kids, FB, X, Best0, V0, Best) :-
    (   J > K
    ->  Best = Best0
    ;   arg(J, Kids, C),
        value(C, V),
        J1 is J + 1,
        (   V > V0, arg(1, C, I), fb_legal(FB, X, I)
        ->  best_child(J1, K, Kids, FB, X, C, V, Best)
        ;   best_child(J1, K, Kids, FB, X, Best0, V0, Best)
        )
    ).

%!  value(+Child, -V) is det.
%
%   V mixes the child's win rate with its AMAF win rate: beta, the AMAF
%   share, is AN / (AN + N + AN N / E) (Silver's schedule, E
%   rave_equivalence/1).
value(c(_, N, W, AN, AW, _, _, _), V) :-
    rave_equivalence(E),
    Beta is AN / (AN + N + AN * N / E),
    V is (1 - Beta) * W / N + Beta * AW / AN.

%   backup(+Path, +Black, +First): the simulation's result goes up Path:
%   Black > 0 is a win for Black.
backup([], _, _).
backup([step(Kids, Child, X, Ply)|Path], Black, First) :-
    (   ( X =:= 1 -> Black > 0 ; Black < 0 ) -> Win = 1 ; Win = 0 ),
    add(2, Child, 1), add(3, Child, Win),
    functor(Kids, _, K),
    amaf(1, K, Kids, First, X, Ply, Win),
    backup(Path, Black, First).

%   amaf(+J, +K, +Kids, +First, +X, +Ply, +Win): every child whose point X
%   played first at ply Ply or later gets an AMAF visit (and win).
amaf(J, K, Kids, First, X, Ply, Win) :-
    (   J > K
    ->  true
    ;   arg(J, Kids, C),
        arg(1, C, I),
        arg(I, First, F),
        (   nonvar(F), F = X-P, P >= Ply
        ->  add(4, C, 1), add(5, C, Win)
        ;   true
        ),
        J1 is J + 1,
        amaf(J1, K, Kids, First, X, Ply, Win)
    ).

add(Arg, Term, D) :-
    arg(Arg, Term, V0),
    V is V0 + D,
    nb_setarg(Arg, Term, V).

                 /*******************************
                 *           EXPANSION          *
                 *******************************/

%   expand(+FB, +X, +Last, -Node): the node of the position FB, X to move
%   after the opponent's move Last: a child for each empty point where X
%   may play that is not one of its eyes, with its prior.
expand(FB, X, Last, n(Kids)) :-
    arg(2, FB, Empties),
    arg(4, FB, s(Count, _)),
    children(1, Count, Empties, FB, X, Last, Kids0),
    Kids =.. [k|Kids0].

children(K, Count, Empties, FB, X, Last, Kids) :-
    (   K > Count
    ->  Kids = []
    ;   arg(K, Empties, I),
        K1 is K + 1,
        (   \+ fb_eye(FB, X, I),
            fb_legal(FB, X, I)
        ->  prior(FB, X, Last, I, N0-P),
            W0 is N0 * P,
            new_child(I, N0, W0, Child),
            Kids = [Child|Kids1],
            children(K1, Count, Empties, FB, X, Last, Kids1)
        ;   children(K1, Count, Empties, FB, X, Last, Kids)
        )
    ).

%!  prior(+FB, +X, +Last, +I, -Prior) is det.
%
%   Prior is N0-P: N0 virtual games won at rate P for X's move on I, the
%   opponent's last move Last: what a move looks like before any game:
%   a capture, a self-atari, the distance to the last move, a shape of
%   go_playout's patterns, the third line or the first two in an empty
%   area (the priors of Pachi and michi, in fewer games).
prior(FB, X, Last, I, N-P) :-
    (   capture_point(FB, X, I)
    ->  N0 = 25, W0 = 20
    ;   self_atari(FB, X, I)
    ->  N0 = 20, W0 = 0
    ;   N0 = 10, W0 = 5
    ),
    (   Last > 0, distance(FB, Last, I, D), D =< 3
    ->  arg(D, d(24, 22, 8), Near)
    ;   Near = 0
    ),
    (   pattern_point(FB, I) -> Shape = 10 ; Shape = 0 ),
    line(FB, I, L),
    (   L =< 2, empty_around(FB, I) -> Edge = -10
    ;   L =:= 3, empty_around(FB, I) -> Edge = 10
    ;   Edge = 0
    ),
    N is N0 + Near + Shape + abs(Edge),
    P is (W0 + Near + Shape + max(0, Edge)) / N.

%   distance(+FB, +A, +B, -D): D is |dr| + |dc| + max(|dr|, |dc|) between
%   the points A and B (1 next to, 2 diagonal, 3 two away on a line).
distance(FB, A, B, D) :-
    fb_index(FB, [RA, CA], A),
    fb_index(FB, [RB, CB], B),
    DR is abs(RA - RB), DC is abs(CA - CB),
    D is DR + DC + max(DR, DC) - 1.

%   empty_around(+FB, +I): no stone within two lines of I.
empty_around(FB, I) :-
    fb_index(FB, [R, C], I),
    fb_size(FB, Size),
    \+ ( between(-2, 2, DR), between(-2, 2, DC),
          R1 is R + DR, C1 is C + DC,
          R1 >= 0, R1 < Size, C1 >= 0, C1 < Size,
          fb_index(FB, [R1, C1], J),
          fb_cell(FB, J, S), S > 0 ).

%   capture_point(+FB, +X, +I): a stone of X on I takes an opponent chain
%   (one of its neighbours is in atari with I its liberty).
capture_point(FB, X, I) :-
    Y is 3 - X,
    fb_neighbours(FB, I, Js),
    member(J, Js),
    fb_cell(FB, J, Y),
    fb_atari(FB, J, I),
    !.

%   self_atari(+FB, +X, +I): X's stone on I captures nothing and leaves
%   its chain with one liberty.
self_atari(FB, X, I) :-
    \+ \+ ( fb_play(FB, X, I, 0),
            fb_atari(FB, I, _) ).
