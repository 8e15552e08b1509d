:- module(go_uct,
          [ uct_search/6,            % +FB, +X, +Komi, +Candidates, +Options, -Ranked
            clock_time/2             % +Clock, -Seconds
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
     the last good reply to it, the 3x3 patterns of good shape, else
     random moves that do not fill an eye) until both pass; the board is
     counted by area with komi.  The winner's moves, the tree's and the
     playout's, become its last good replies to the moves before them
     (the loser's are forgotten), which the next playouts play.
  3. The result goes back up the path: each child walked through counts
     a visit, and a win when its mover won.  Each node also gives an
     *all moves as first* (AMAF, or RAVE) visit to every child whose point
     the child's mover played later in the simulation, before the other
     side did: that tally fills fast and says early which points matter.

A child's value mixes its own win rate with its AMAF win rate; the AMAF
share, beta, falls as the child's own visits grow (Silver's schedule,
value/3).  Both tallies start with a prior: virtual games whose win rate
says what a move looks like before any game is played.  The priors are
go_prior's (prior.pl), learned from GNU Go's games: the 3x3 shape, the
distances to the last two moves, the line, captures, ataris and
self-ataris; option priors(hand) keeps the previous release's
hand-written ones (go_prior:hand_prior/5: a capture is good, a self-atari poor, a
point next to the last move or on the third line worth a look, one on
the edge less), for comparison.

The move chosen is the root's child with the most visits.  The board is
go_fastboard's: a simulation runs inside \+ \+, so the board is as it was
after each one; the tree keeps its tallies with nb_setarg/3.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(aggregate)).
:- use_module(library(error)).
:- use_module(fastboard).
:- use_module(playout).
:- use_module(prior).

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

%   The constants of the search.
expand_after(4).             % a child gets children after this many visits
rave_equivalence(3000).      % own visits at which AMAF's share is down to a half
root_prior_games(20).        % virtual games behind a root candidate's prior
root_noise(0.1).             % the spread of the noise on a root prior's rate
max_game_plies(3).           % a simulation stops after 3 x points plies
check_every(10).             % simulations between two checks for an early stop
clock_simulations(100).      % a search on the clock plays at most this x points simulations

%!  uct_search(+FB, +X, +Komi, +Candidates, +Options, -Ranked) is det.
%
%   Grows a tree from FB with colour X to move (komi Komi to White) and
%   the root's children Candidates, a list of I-Prior (a point and the
%   win rate in 0..1 it starts with, as root_prior_games/1 virtual games,
%   to which go_prior's are added).  How long it searches (budget/3):
%
%     - deadline(T): until the clock reaches T (the wall clock of
%       get_time/1, or with option clock(cpu) the CPU time of
%       statistics/2's cputime: clock_time/2), or
%       earlier when the most visited child is sure to stay so (grow/3),
%       and never more than clock_simulations/1 a point of the board (a
%       small board is decided long before its clock); the number of
%       simulations then depends on the machine's speed;
%     - playouts(N): N simulations at most (default 1000), fewer when the
%       most visited child is sure to stay so: the same seed gives the
%       same tree on any machine;
%     - simulations(N) with N a number: exactly N simulations, no early
%       stop.  With N a variable, N is bound to the simulations the search
%       played: a search stopped by the clock is played again move for
%       move, with the same random state, by simulations(N).
%
%   Other options: last(L), the index of the opponent's last move
%   (default 0: none, or a pass); patterns(false), playouts without
%   go_playout's patterns; replies(false), playouts without the last
%   good replies (go_playout:learn_replies/4: by default each search
%   learns them afresh from its own simulations, the tree's moves and the
%   playouts'); twolibs(false), playouts that do not give a third
%   liberty to a chain left with two (go_playout's rule 1c, on by
%   default); nakade(true), playouts that play the vital point of a
%   small eye space at the last move (go_playout's rule 1a, off by
%   default), nakade(full) that and random moves that keep one's own
%   empty eye spaces whole but their vital points; priors(hand), the
%   hand-written priors of
%   go_prior:hand_prior/5 instead of the learned ones; explore(C), an
%   exploration term of weight C in each child's value (select_child/5;
%   default 0, none).  Ranked is a list
%   of Visits-I-Rate, most visited first (of equal visits, the better
%   prior first: a clock spent before the first simulation leaves the
%   priors' order): Rate the share of the simulations through I that X
%   won (0.5 when none went through I).
uct_search(FB, X, Komi, Candidates, Options, Ranked) :-
    budget(FB, Options, Budget, Done),
    option(last(Last), Options, 0),
    option(patterns(Patterns), Options, true),
    option(priors(How), Options, learned),
    root_prior_games(RootGames),
    pairs_keys(Candidates, Points),
    child_priors(How, FB, X, Last, 0, Points, Priors),
    maplist(root_child(RootGames), Candidates, Priors, Kids0),
    Kids =.. [k|Kids0],
    Root = n(Kids),
    fb_size(FB, Size),
    max_game_plies(M),
    MaxPly is M * Size * Size,
    arg(1, FB, Cells),
    functor(Cells, _, Arity),
    option(replies(UseReplies), Options, true),
    (   UseReplies == true -> new_replies(Arity, Replies) ; Replies = none ),
    option(twolibs(TwoLibs), Options, true),
    option(nakade(Nakade), Options, false),
    must_be(oneof([false, true, full]), Nakade),
    option(explore(C), Options, 0),
    must_be(between(0.0, 10.0), C),
    grow(0, Budget, s(FB, X, Komi, Root, Arity, MaxPly, Patterns, tree(How, C), Last, Replies,
                      rules(TwoLibs, Nakade)), Done),
    findall(Visits-Prior-I-Rate,
            ( arg(_, Kids, c(I, N, W, _, _, _, N0, W0)),
              Visits is round(N - N0),
              Prior is W0 / N0,
              (   Visits > 0 -> Rate is (W - W0) / Visits ; Rate = 0.5 ) ),
            Ranked0),
    sort(0, @>=, Ranked0, Ranked1),              % equal visits: the better prior first
    findall(Visits-I-Rate, member(Visits-_-I-Rate, Ranked1), Ranked).

%   budget(+FB, +Options, -Budget, -Done): the search's budget on the
%   board FB as the options say (see uct_search/6), and Done, the
%   variable of simulations(Done) (a fresh one without that option).
%   Budget is one of
%     exactly(N)              N simulations, no early stop;
%     count(N)                N at most, with the early stop;
%     clock(Clock, Start, End, Max)  until the clock (clock_time/2) reaches
%                             End (it read Start at the start), with the
%                             early stop, Max simulations at most.
budget(FB, Options, Budget, Done) :-
    (   option(simulations(Done), Options) -> true ; true ),
    (   integer(Done)
    ->  Budget = exactly(Done)
    ;   option(deadline(End), Options)
    ->  option(clock(Clock), Options, wall),
        clock_time(Clock, Start),
        fb_size(FB, Size),
        clock_simulations(K),
        Max is K * Size * Size,
        Budget = clock(Clock, Start, End, Max)
    ;   option(playouts(N), Options, 1000),
        Budget = count(N)
    ).

%   c(I, N, W, AN, AW, Node, N0, W0): a child: its point I; its visits N
%   and wins W, the prior's N0 virtual games (W0 of them won) included;
%   its AMAF visits AN and wins AW (the prior included too); Node, none or
%   n(Kids) once expanded.
%   A root child's prior has a little noise (root_noise/1, a share of its
%   virtual games): moves that look alike are tried in another order with
%   another seed, so the machine does not play the same game every time.
root_child(N1, I-Prior, I-N2-W2, Child) :-
    root_noise(Noise),
    N0 is N1 + N2,
    W0 is N1 * Prior + W2 + (random_float - 0.5) * Noise * N0,
    new_child(I, N0, W0, Child).

%   new_child(+I, +N0, +W0, -Child): a child with its prior only.  The
%   term is made once N0 and W0 are numbers: were they variables bound
%   later, its arguments would share one cell, and nb_setarg/3 on one
%   would change the others.
new_child(I, N0, W0, c(I, N0, W0, N0, W0, none, N0, W0)).

                 /*******************************
                 *          SIMULATION          *
                 *******************************/

%   grow(+Done, +Budget, +Search, -Total): simulations until the budget
%   (budget/3) is spent, Done of them played so far, Total in all.  Every
%   check_every/1 simulations, a search that may stop early does so when
%   the most visited root child cannot be overtaken any more (the second
%   has fewer visits than the first minus the simulations left, left/3):
%   the move is then decided, and more simulations would not change it.
grow(Done, Budget, Search, Total) :-
    Search = s(_, _, _, Root, _, _, _, _, _, _, _),
    (   spent(Budget, Done)
    ->  Total = Done
    ;   Budget \= exactly(_),
        check_every(K),
        Done > 0, Done mod K =:= 0,
        left(Budget, Done, Left),
        decided(Root, Left)
    ->  Total = Done
    ;   simulate(Search),
        Done1 is Done + 1,
        grow(Done1, Budget, Search, Total)
    ).

%   spent(+Budget, +Done): no simulation is left after Done of them.
spent(exactly(N), Done) :- Done >= N.
spent(count(N), Done) :- Done >= N.
spent(clock(Clock, _, End, Max), Done) :-
    (   Done >= Max
    ->  true
    ;   clock_time(Clock, Now), Now >= End
    ).

%!  clock_time(+Clock, -Seconds) is det.
%
%   Seconds is the time on Clock: wall, the time of day (get_time/1), or
%   cpu, the CPU time this thread has used (statistics/2's cputime): a
%   budget in CPU time buys the same search however busy the machine is
%   (bench/go_machine.py measures the player so, on a shared machine).
clock_time(wall, T) :- get_time(T).
clock_time(cpu, T) :- statistics(cputime, T).

%   left(+Budget, +Done, -Left): the simulations still to come after Done:
%   for a clock, as many as the time left allows at the speed so far.
left(count(N), Done, Left) :-
    Left is N - Done.
left(clock(Clock, Start, End, Max), Done, Left) :-
    clock_time(Clock, Now),
    Left is min(Max - Done, Done * (End - Now) / max(Now - Start, 1.0e-6)).

%   decided(+Root, +Left): the root child with the most visits leads the
%   second by more than Left simulations.
decided(n(Kids), Left) :-
    functor(Kids, _, K),
    K >= 2,
    top_two(1, K, Kids, 0, 0, First, Second),
    First - Second > Left.
decided(n(Kids), _) :-
    functor(Kids, _, 1).

top_two(J, K, Kids, F0, S0, F, S) :-
    (   J > K
    ->  F = F0, S = S0
    ;   arg(J, Kids, c(_, N, _, _, _, _, N0, _)),
        V is round(N - N0),                      % the prior's games may be fractions
        J1 is J + 1,
        (   V > F0 -> top_two(J1, K, Kids, V, F0, F, S)
        ;   V > S0 -> top_two(J1, K, Kids, F0, V, F, S)
        ;   top_two(J1, K, Kids, F0, S0, F, S)
        )
    ).

%   simulate(+Search): one simulation; Search is s(FB, X, Komi, Root,
%   Arity, MaxPly, Patterns, Tree, Last, Replies, Rules): the board, the
%   colour to move, the komi, the tree, the size of FB's cells term, the
%   playouts' last ply, whether they use patterns, tree(How, C) (the
%   priors of new nodes, learned or hand, and the exploration weight of
%   option explore(C)), the opponent's last move before the root, the table of last
%   good replies (or none) and rules(TwoLibs, Nakade): whether the
%   playouts defend chains of two liberties (option twolibs, true by
%   default) and play the vital points of eye spaces (option nakade,
%   false by default).
simulate(s(FB, X, Komi, Root, Arity, MaxPly, Patterns, Tree, Last0, Replies,
           rules(TwoLibs, Nakade))) :-
    functor(First, first, Arity),
    \+ \+ ( descend(Root, FB, X, 1, Last0, Tree, Path, First, Ply, Last, Next),
            policy_game(FB, Next, Last, Ply, MaxPly, First, Patterns, Replies, TwoLibs, Nakade,
                        Moves),
            fb_area(FB, Area),
            Black is Area - Komi,
            backup(Path, Black, First),
            (   Replies == none
            ->  true
            ;   ( Black > 0 -> Winner = 1 ; Winner = 2 ),
                foldl(path_move, Path, [], Walked),
                append(Moves, Walked, All),
                learn_replies(Replies, Last0, All, Winner)
            ) ).

%   path_move(+Step, +Moves0, -Moves): the move of a step of the walk
%   down the tree added before Moves0 (the last first, as policy_game/9's).
path_move(step(_, Child, X, _), Moves0, [X-I|Moves0]) :-
    arg(1, Child, I).

%   descend(+Node, +FB, +X, +Ply, +Prev, +Tree, -Path, +First, -PlyOut,
%   -Last, -Next): walks down from Node, X to move at ply Ply after the
%   opponent's move Prev (0: none), Tree = tree(How, C) the priors of new
%   nodes (learned or hand) and the exploration weight, playing the chosen
%   children's moves on FB; Path lists step(Kids, Child, X, Ply) from the
%   top; the walk ends at a child without children, the playout then
%   starts at ply PlyOut with Next to move after the move Last.
descend(n(Kids), FB, X, Ply, Prev, Tree, [step(Kids, Child, X, Ply)|Path], First, PlyOut, Last, Next) :-
    Tree = tree(How, C),
    select_child(Kids, FB, X, C, Child),
    !,
    arg(1, Child, I),
    fb_play(FB, X, I, _),
    arg(I, First, F), ( var(F) -> F = X-Ply ; true ),
    Y is 3 - X,
    Ply1 is Ply + 1,
    arg(6, Child, Node),
    (   Node = n(_)
    ->  descend(Node, FB, Y, Ply1, I, Tree, Path, First, PlyOut, Last, Next)
    ;   arg(2, Child, N), arg(7, Child, N0),
        expand_after(E),
        N - N0 >= E
    ->  expand(How, FB, Y, I, Prev, NewNode),
        nb_setarg(6, Child, NewNode),
        arg(6, Child, Stored),
        descend(Stored, FB, Y, Ply1, I, Tree, Path, First, PlyOut, Last, Next)
    ;   Path = [], PlyOut = Ply1, Last = I, Next = Y
    ).
descend(_, _, X, Ply, _, _, [], _, Ply, 0, X).

%   select_child(+Kids, +FB, +X, +C, -Child): the child of best value
%   whose move X may play now (a simple ko may forbid one).  With C > 0
%   (option explore(C)) each child's value gets UCB1's exploration term,
%   C sqrt(ln(T + 1) / (N + 1)) with N the child's games (its prior's
%   virtual games included) and T all its siblings': without it (C = 0,
%   the default, as in Pachi and Fuego) a child whose AMAF win rate is
%   poor may never be tried, and a point that matters only if played now
%   (the vital point of an eye space, which the random games fill early
%   or late) is such a child.
select_child(Kids, FB, X, C, Child) :-
    functor(Kids, _, K),
    K > 0,
    (   C > 0
    ->  aggregate_all(sum(N), arg(_, Kids, c(_, N, _, _, _, _, _, _)), T),
        LogT is log(T + 1)
    ;   LogT = 0
    ),
    best_child(1, K, Kids, FB, X, C-LogT, none, -1.0, Child),
    Child \== none.

best_child(J, K, Kids, FB, X, Explore, Best0, V0, Best) :-
    (   J > K
    ->  Best = Best0
    ;   arg(J, Kids, Child),
        value(Child, V1),
        explored(Explore, Child, V1, V),
        J1 is J + 1,
        (   V > V0, arg(1, Child, I), fb_legal(FB, X, I)
        ->  best_child(J1, K, Kids, FB, X, Explore, Child, V, Best)
        ;   best_child(J1, K, Kids, FB, X, Explore, Best0, V0, Best)
        )
    ).

%   explored(+C-LogT, +Child, +V0, -V): V0 plus the exploration term.
explored(C-LogT, Child, V0, V) :-
    (   C =:= 0
    ->  V = V0
    ;   arg(2, Child, N),
        V is V0 + C * sqrt(LogT / (N + 1))
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

%   expand(+How, +FB, +X, +Last, +Last2, -Node): the node of the position
%   FB, X to move after the opponent's move Last (X's own before it:
%   Last2): a child for each empty point where X may play that is not one
%   of its eyes, with its prior (How: learned or hand).
expand(How, FB, X, Last, Last2, n(Kids)) :-
    arg(2, FB, Empties),
    arg(4, FB, s(Count, _)),
    findall(I, ( between(1, Count, K), arg(K, Empties, I),
                 \+ fb_eye(FB, X, I), fb_legal(FB, X, I) ),
            Points),
    child_priors(How, FB, X, Last, Last2, Points, Priors),
    maplist(prior_child, Priors, Kids0),
    Kids =.. [k|Kids0].

prior_child(I-N0-W0, Child) :-
    new_child(I, N0, W0, Child).
