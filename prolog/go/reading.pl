:- module(go_reading,
          [ critical_chains/4,       % +FB, +X, +Options, -Critical
            reading_points/4,        % +FB, +X, +Options, -Points
            killed/5,                % +FB, +Y, +T, +Depth, +Nodes
            saved/5                  % +FB, +X, +T, +Depth, +Nodes
          ]).

/** <module> Go: reading whether a chain in danger lives or dies

Start reading at prolog/go.pl (the entry module), then player.pl.  The
tactics of go_tactics read chains with one or two liberties: an atari, a
ladder.  In the middle of a game a chain of three or four liberties can be
just as lost: the opponent plays on its liberties and next to them, and it
runs out of room before it makes eyes or joins a friend.  Here a small
search reads such a chain, with the opponent to move:

  - killed/5: the attacker, to move, captures the chain within Depth
    moves (its own and the defender's);
  - saved/5: the defender, to move, plays so that the attacker can no
    longer capture it.

## The search

Both read on the board that changes in place (go_fastboard): a move is
tried with fb_play/4 and undone on backtracking.  At each turn the chain
is judged first, without a move:

  - no stone of it left: captured;
  - one liberty and the attacker to move: captured (the attacker fills
    it, if the rules let it);
  - safe_liberties/1 liberties or more, or two eyes of one point
    (go_fastboard:fb_eye/3) among its liberties: it lives;
  - Depth used up: it lives (the attacker has not shown the capture).

The attacker plays on the chain's liberties, and while it has three
liberties or fewer, on the empty points next to them too (a net: a
stone that blocks the way out without touching the chain); never a
move that puts its own stone in atari without capturing.  The defender
plays on the chain's liberties, or on a liberty of an attacking chain
next to it that has two liberties or fewer (a capture, or an atari that
gains time).  The moves are tried best first: the attacker's that leave
the chain fewest liberties, the defender's that leave it most.

Every search counts its positions against a budget of nodes (option
nodes(N), default node_budget/1); a search that runs out is *unknown*,
never taken for a capture nor for a rescue.

## Critical chains

A chain of X's of min_stones/1 stones or more and two to
safe_liberties/1 - 1 liberties is *critical* when the opponent, to move,
kills it, and X, to move, has a move after which it no longer can: that
move is a *defence point*.  The same for the opponent's chains, read
with X to move: X's killing moves are *attack points*.
reading_points/4 gives both with the stones at stake, for the player
(go_weighing, option reading(true)): it weighs them like a rescue or a
capture of that many stones.  Black's two stones [2, 1] and [2, 2] have
two liberties; White to move captures them (an atari on [2, 3], then
the edge); Black saves them by extending on [2, 3], or on [3, 3], which
takes the point White needs to close the net:

    ?- board_rows(_B, ["-----", "-ww--", "wbb--", "-w---", "-----"]),
       fb_new(_B, _FB), critical_chains(_FB, 1, [], [c(_T, Size, _Ds)]),
       findall(P, ( member(I, _Ds), fb_index(_FB, P, I) ), Defences).
    Size = 2,
    Defences = [[2, 3], [3, 3]].

GNU Go's own reading (its dragon_status) found a group of ours critical
and left undefended at 56 of our moves in 19 of 31 lost games against it
(bench/go_machine.py, 9x9, seeds 921-960; docs/go.md, *The machine
player*).  Most of those groups had four liberties or more and needed an
eye or a connection, which this search does not read; where the chain
itself was short of liberties it finds GNU Go's point: in the game of
seed 953, before Black's 53rd move, Black's A2 B2 B3 are critical and
A6, the capture of five stones, is their one defence (the unit
go_reading of prolog/go.plt has this and two more positions of those
games).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(pairs)).
:- use_module(library(ordsets)).
:- use_module(fastboard).

:- set_prolog_flag(optimise, true).

safe_liberties(5).        % a chain with this many liberties lives
min_stones(2).            % smaller chains are left to the tactics and the search
read_depth(8).            % moves read, both sides
node_budget(400).         % positions a search may look at

%!  killed(+FB, +Y, +T, +Depth, +Nodes) is semidet.
%
%   Y, to move, captures the chain of the stone T (the opponent's) within
%   Depth moves.  Nodes is n(K, Safe): K the positions left to look at (a
%   counter changed in place; the search throws reading_budget when it
%   runs out), Safe the liberties with which a chain lives
%   (safe_liberties/1's by default).
killed(FB, Y, T, Depth, Nodes) :-
    X is 3 - Y,
    (   \+ fb_cell(FB, T, X)
    ->  true
    ;   tick(Nodes),
        fb_liberties(FB, T, 9, Ls),
        length(Ls, K),
        (   K =:= 1
        ->  Ls = [L], fb_legal(FB, Y, L)
        ;   lives_now(FB, X, K, Ls, Nodes)
        ->  fail
        ;   Depth =< 0
        ->  fail
        ;   D1 is Depth - 1,
            attack_moves(FB, Y, T, Ls, Ms),
            member(M, Ms),
            \+ \+ ( fb_play(FB, Y, M, _),
                    \+ saved(FB, X, T, D1, Nodes) ),
            !
        )
    ).

%!  saved(+FB, +X, +T, +Depth, +Nodes) is semidet.
%
%   X, to move, keeps its chain of the stone T from being captured by the
%   opponent within Depth moves (see killed/5).
saved(FB, X, T, Depth, Nodes) :-
    fb_cell(FB, T, X),
    tick(Nodes),
    fb_liberties(FB, T, 9, Ls),
    length(Ls, K),
    (   lives_now(FB, X, K, Ls, Nodes)
    ->  true
    ;   Depth =< 0
    ->  true
    ;   Y is 3 - X,
        D1 is Depth - 1,
        defence_moves(FB, X, T, Ls, Ms),
        member(M, Ms),
        \+ \+ ( fb_play(FB, X, M, _),
                \+ killed(FB, Y, T, D1, Nodes) ),
        !
    ).

%   lives_now(+FB, +X, +K, +Ls, +Nodes): X's chain with the K liberties
%   Ls lives as it stands: Safe of them (Nodes = n(_, Safe)), or two eyes
%   among them.
lives_now(FB, X, K, Ls, Nodes) :-
    (   arg(2, Nodes, Safe), K >= Safe
    ->  true
    ;   include(fb_eye(FB, X), Ls, [_, _|_])
    ).

tick(Nodes) :-
    arg(1, Nodes, K),
    (   K =< 0
    ->  throw(reading_budget)
    ;   K1 is K - 1,
        nb_setarg(1, Nodes, K1)
    ).

%   attack_moves(+FB, +Y, +T, +Ls, -Ms): Y's moves against the chain of T
%   with liberties Ls, those leaving it fewest liberties first.
attack_moves(FB, Y, T, Ls, Ms) :-
    length(Ls, K),
    (   K =< 3
    ->  foldl(next_empty(FB), Ls, [], Near0),
        sort(Ls, Sorted),
        ord_subtract(Near0, Sorted, Near),
        append(Ls, Near, Points)
    ;   Points = Ls
    ),
    ranked_moves(FB, Y, Points, attack_key(FB, T), Ms).

%   attack_key(+FB, +T, +M, +Captured, -Key): after Y's stone on M, which
%   captured Captured stones: the chain of T's liberties (0 if taken) times
%   four, less M's own (at most two); fails for a stone left in atari that
%   took nothing.
attack_key(FB, T, M, Captured, Key) :-
    fb_liberties(FB, M, 2, Own), length(Own, NOwn),
    ( NOwn >= 2 ; Captured > 0 ),
    !,
    (   fb_cell(FB, T, 0) -> KT = 0
    ;   fb_liberties(FB, T, 9, LT), length(LT, KT)
    ),
    Key is KT * 4 - NOwn.

%   defence_moves(+FB, +X, +T, +Ls, -Ms): X's moves for the chain of T
%   with liberties Ls: its liberties and the liberties of attacking
%   chains with two or fewer; those leaving it most liberties first.
defence_moves(FB, X, T, Ls, Ms) :-
    Y is 3 - X,
    fb_chain(FB, T, Stones),
    findall(L,
            ( member(S, Stones), fb_neighbours(FB, S, Js), member(J, Js),
              fb_cell(FB, J, Y),
              fb_liberties(FB, J, 3, JLs), JLs = [_|Rest], Rest \= [_, _],
              member(L, JLs) ),
            Counter),
    append(Ls, Counter, Points0),
    sort(Points0, Points),
    ranked_moves(FB, X, Points, defence_key(FB, T), Ms).

%   defence_key(+FB, +T, +M, +Captured, -Key): after X's stone on M, minus
%   the liberties of the chain of T; fails if it has fewer than two.
defence_key(FB, T, _M, _Captured, Key) :-
    fb_liberties(FB, T, 9, LT), length(LT, KT),
    KT >= 2,
    Key is -KT.

%   ranked_moves(+FB, +C, +Points, :Key, -Ms): the points of Points where C
%   may play, ordered by call(Key, M, Captured, K) on the board after C's
%   stone on M (undone at once); a point where Key fails is left out.
ranked_moves(FB, C, Points, Key, Ms) :-
    findall(K-M,
            ( member(M, Points),
              fb_legal(FB, C, M),
              findall(K0, ( fb_play(FB, C, M, Captured),
                            call(Key, M, Captured, K0) ), [K]) ),
            Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ms).

next_empty(FB, L, Set0, Set) :-
    fb_neighbours(FB, L, Js),
    include(empty_at(FB), Js, Es),
    append(Es, Set0, Set1),
    sort(Set1, Set).

empty_at(FB, J) :-
    fb_cell(FB, J, 0).

                 /*******************************
                 *        CRITICAL CHAINS       *
                 *******************************/

%!  critical_chains(+FB, +X, +Options, -Critical) is det.
%
%   Critical are the critical chains of colour X (see the module header),
%   each as c(T, Size, Defences), T a stone of the chain, Size its stones
%   and Defences the points where X's stone saves it, with the opponent
%   to move after it.  Options: nodes(N) a search's budget (default
%   node_budget/1), depth(D) its moves (read_depth/1), safe(S) the
%   liberties with which a chain lives (safe_liberties/1).
critical_chains(FB, X, Options, Critical) :-
    Y is 3 - X,
    read_options(Options, Depth, Budget, Safe),
    targets(FB, X, Safe, Targets),
    findall(c(T, Size, Defences),
            ( member(T-Size, Targets),
              known(killed(FB, Y, T, Depth, n(Budget, Safe)), true),
              chain_points(FB, X, T, Candidates),
              D1 is Depth - 1,
              include(defends(FB, X, Y, T, D1, Budget, Safe), Candidates, Defences),
              Defences \== [] ),
            Critical).

%!  reading_points(+FB, +X, +Options, -Points) is det.
%
%   Points are I-Stones pairs: X's stone on I saves Stones of X's
%   critical chains (critical_chains/4) or kills Stones of the
%   opponent's, read with X to move (X kills the chain, and the opponent,
%   to move, would save it).  A point that does both, or for several
%   chains, has their sum.
reading_points(FB, X, Options, Points) :-
    Y is 3 - X,
    critical_chains(FB, X, Options, Ours),
    findall(I-Size, ( member(c(_, Size, Ds), Ours), member(I, Ds) ), Saves),
    read_options(Options, Depth, Budget, Safe),
    targets(FB, Y, Safe, Theirs),
    D1 is Depth - 1,
    findall(I-Size,
            ( member(T-Size, Theirs),
              known(saved(FB, Y, T, Depth, n(Budget, Safe)), true),
              chain_points(FB, Y, T, Candidates),
              member(I, Candidates),
              fb_legal(FB, X, I),
              kills(FB, X, Y, T, D1, Budget, Safe, I) ),
            Kills),
    append(Saves, Kills, All),
    keysort(All, Sorted),
    group_pairs_by_key(Sorted, Grouped),
    findall(I-Sum, ( member(I-Ss, Grouped), sum_list(Ss, Sum) ), Points).

read_options(Options, Depth, Budget, Safe) :-
    read_depth(D0), node_budget(B0), safe_liberties(S0),
    option(depth(Depth), Options, D0),
    option(nodes(Budget), Options, B0),
    option(safe(Safe), Options, S0).

%   targets(+FB, +X, -Targets): X's chains worth reading: min_stones/1
%   stones or more, two liberties to one fewer than safe_liberties/1;
%   each T-Size, T a stone of it.
targets(FB, X, Safe, Targets) :-
    Max is Safe - 1,
    min_stones(Min),
    fb_points(FB, Is),
    findall(R-S, ( member(S, Is), fb_cell(FB, S, X), fb_chain(FB, S, [R|_]) ), Pairs0),
    sort(1, @<, Pairs0, Pairs),
    findall(S-Size,
            ( member(_-S, Pairs),
              fb_liberties(FB, S, Safe, Ls), length(Ls, K), K >= 2, K =< Max,
              fb_chain(FB, S, Stones), length(Stones, Size), Size >= Min ),
            Targets).

%   chain_points(+FB, +X, +T, -Points): the points where a stone matters
%   for X's chain of T: what either side would play in its reading.
chain_points(FB, X, T, Points) :-
    Y is 3 - X,
    fb_liberties(FB, T, 9, Ls),
    attack_moves(FB, Y, T, Ls, As),
    defence_moves(FB, X, T, Ls, Ds),
    append(As, Ds, Ps),
    sort(Ps, Points).

%   defends(+FB, +X, +Y, +T, +Depth, +Budget, +I): X's stone on I leaves
%   the chain of T alive against Y to move, as far as a search of Budget
%   nodes reads (unknown is no).
defends(FB, X, Y, T, Depth, Budget, Safe, I) :-
    fb_legal(FB, X, I),
    \+ \+ ( fb_play(FB, X, I, _),
            fb_cell(FB, T, X),
            known(killed(FB, Y, T, Depth, n(Budget, Safe)), false) ).

%   kills(+FB, +X, +Y, +T, +Depth, +Budget, +I): X's stone on I captures
%   Y's chain of T, or leaves it unable to live with Y to move.
kills(FB, X, Y, T, Depth, Budget, Safe, I) :-
    \+ \+ ( fb_play(FB, X, I, _),
            (   \+ fb_cell(FB, T, Y)
            ->  true
            ;   known(saved(FB, Y, T, Depth, n(Budget, Safe)), false)
            ) ).

%   known(+Goal, ?Answer): Goal's answer within its budget, true or
%   false; fails when the budget ran out.
known(Goal, Answer) :-
    catch(( call(Goal) -> A = true ; A = false ), reading_budget, fail),
    Answer = A.
