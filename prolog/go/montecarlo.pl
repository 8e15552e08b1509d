:- module(go_montecarlo,
          [ mc_search/6,             % +FB, +X, +Komi, +Candidates, +Playouts, -Ranked
            playout/4                % +FB, +X, +Komi, -Win
          ]).

/** <module> Go: choosing a move by random games (Monte Carlo)

Start reading at prolog/go.pl (the entry module).  On a small board the
machine player (go_player) picks its move by playing many random games
from the position: a move after which its side wins more of them is
better.  It is the idea of the strong Go programs, in its simplest form:

  1. each *playout* starts with one of the candidate moves, chosen by
     select_candidate/4 (below), then both sides play random moves that do
     not fill their own eyes (fb_random_move/3) until both pass, except
     that a chain put in atari by the last move is captured or saved
     (local_reply/4): random games that see that much judge fights better;
  2. the finished board is counted by area (fb_area/2) with komi: a win or
     a loss for the side to move;
  3. every candidate keeps two tallies: the playouts that started with it,
     and the playouts in which the side to move played it first at any
     time (*all moves as first*, AMAF).  The second tally grows much
     faster and says early which points matter; the first is exact.
     A candidate's value mixes them, the first weighing more as it grows
     (value/4), and starts with a prior: virtual playouts whose win rate
     the tactics gave (go_tactics:move_value/4).

select_candidate/4 takes the candidate with the best value plus an
exploration bonus that shrinks as a candidate is tried (UCB), so good
candidates are tried most and poor ones now and then.  The candidate tried
most is the choice.

The board is go_fastboard's: a playout runs inside \+ \+, so the board is
as it was after each one; the tallies survive backtracking (nb_setarg/3).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(fastboard).

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

%   The constants of the search.
rave_equivalence(400).     % playouts at which both tallies weigh the same
exploration(0.25).         % the weight of UCB's bonus

%!  mc_search(+FB, +X, +Komi, +Candidates, +Playouts, -Ranked) is det.
%
%   Runs Playouts random games from FB with colour X to move (komi Komi to
%   White), each starting with one of Candidates, a list of I-Prior: a
%   point and the prior win rate in 0..1 given to it (as if ten playouts).
%   Ranked is a list of Tried-I-Rate, most tried first: Rate the share of
%   the playouts that started with I that X won (0.5 when none did).
mc_search(FB, X, Komi, Candidates, Playouts, Ranked) :-
    maplist(new_tally, Candidates, Tallies),
    Table =.. [t|Tallies],
    length(Candidates, K),
    fb_size(FB, N),
    MaxMoves is 3 * N * N,
    forall(between(1, Playouts, T),
           simulate(FB, X, Komi, Table, K, T, MaxMoves)),
    findall(Tried-I-Rate,
            ( member(tally(I, Tried, Won, _, _, _, _), Tallies),
              (   Tried > 0 -> Rate is Won / Tried ; Rate = 0.5 ) ),
            Ranked0),
    sort(0, @>=, Ranked0, Ranked).

%   tally(I, Tried, Won, AmafTried, AmafWon, PriorTried, PriorWon)
new_tally(I-Prior, tally(I, 0, 0, 0, 0, 10, PW)) :-
    PW is 10 * Prior.

simulate(FB, X, Komi, Table, K, T, MaxMoves) :-
    select_candidate(Table, K, T, Tally),
    arg(1, Tally, I),
    arg(1, FB, Cells),
    functor(Cells, _, Size),
    functor(First, first, Size),
    \+ \+ ( fb_play(FB, X, I, _),
            arg(I, First, X),
            Y is 3 - X,
            random_game(FB, Y, I, 0, MaxMoves, First),
            fb_area(FB, Area),
            won(X, Area, Komi, Win),
            update(Table, K, Tally, X, First, Win) ).

%   random_game(+FB, +X, +Last, +Passes, +Left, +First): X to move, Last
%   the opponent's last move (0: none); plays until two passes in a row
%   (or Left moves), binding in First, for each point, the colour that
%   played there first.  A move is local_reply/4's if there is one, else
%   a random one.
random_game(FB, X, Last, Passes, Left, First) :-
    (   ( Passes >= 2 ; Left =< 0 )
    ->  true
    ;   Y is 3 - X,
        (   (   local_reply(FB, X, Last, I)
            ->  true
            ;   fb_random_move(FB, X, I)
            )
        ->  fb_play(FB, X, I, _),
            arg(I, First, F),
            ( var(F) -> F = X ; true ),
            Left1 is Left - 1,
            random_game(FB, Y, I, 0, Left1, First)
        ;   arg(4, FB, State),
            setarg(2, State, 0),
            Passes1 is Passes + 1,
            random_game(FB, Y, 0, Passes1, Left, First)
        )
    ).

%   local_reply(+FB, +X, +Last, -I): the answer to the opponent's last
%   move Last that any player sees: capture a chain of the opponent's in
%   atari at Last or next to it, else save a chain of X's next to Last
%   that Last put in atari by extending on its liberty (when the point has
%   two empty neighbours).
local_reply(FB, X, Last, I) :-
    Last > 0,
    Y is 3 - X,
    fb_neighbours(FB, Last, Js),
    (   member(J, [Last|Js]),
        fb_cell(FB, J, Y),
        fb_atari(FB, J, I),
        fb_legal(FB, X, I)
    ->  true
    ;   member(J, Js),
        fb_cell(FB, J, X),
        fb_atari(FB, J, I),
        fb_legal(FB, X, I),
        fb_neighbours(FB, I, Ks),
        two_empty(Ks, FB)
    ->  true
    ).

two_empty(Ks, FB) :-
    include(empty_point(FB), Ks, [_, _|_]).

empty_point(FB, K) :-
    fb_cell(FB, K, 0).

%!  playout(+FB, +X, +Komi, -Win) is det.
%
%   One random game from FB, X to move (see random_game/5); Win is 1 if X
%   wins it by area with Komi, else 0.  FB is left as it was.
playout(FB, X, Komi, Win) :-
    arg(1, FB, Cells),
    functor(Cells, _, Size),
    functor(First, first, Size),
    findall(W, ( random_game(FB, X, 0, 0, 1000, First),
                 fb_area(FB, Area),
                 won(X, Area, Komi, W) ),
            [Win]).

won(1, Area, Komi, Win) :- ( Area > Komi -> Win = 1 ; Win = 0 ).
won(2, Area, Komi, Win) :- ( Area < Komi -> Win = 1 ; Win = 0 ).

%   update(+Table, +K, +Tally, +X, +First, +Win): the playout that started
%   with Tally's move ended in Win; every candidate X played first in it
%   gets an AMAF playout.
update(Table, K, Tally, X, First, Win) :-
    add(2, Tally, 1),
    add(3, Tally, Win),
    forall(( between(1, K, J),
             arg(J, Table, T),
             arg(1, T, I),
             arg(I, First, F), F == X ),
           ( add(4, T, 1), add(5, T, Win) )).

add(Arg, Term, D) :-
    arg(Arg, Term, V0),
    V is V0 + D,
    nb_setarg(Arg, Term, V).

%   select_candidate(+Table, +K, +T, -Tally): the tally of the candidate
%   with the best value/4 plus UCB's bonus for the T-th playout.
select_candidate(Table, K, T, Best) :-
    arg(1, Table, First),
    score(First, T, S1),
    best_of(2, K, Table, T, First, S1, Best).

best_of(J, K, _, _, Best, _, Best) :-
    J > K,
    !.
best_of(J, K, Table, T, Best0, S0, Best) :-
    arg(J, Table, Tally),
    score(Tally, T, S),
    (   S > S0 -> Best1 = Tally, S1 = S ; Best1 = Best0, S1 = S0 ),
    J1 is J + 1,
    best_of(J1, K, Table, T, Best1, S1, Best).

score(Tally, T, S) :-
    value(Tally, V, N),
    exploration(C),
    S is V + C * sqrt(log(T + 1) / N).

%   value(+Tally, -V, -N): V mixes the candidate's win rate over the
%   playouts that started with it (prior included) with its AMAF win rate;
%   N is the playouts behind the first (prior included).
value(tally(_, Tried, Won, AT, AW, PT, PW), V, N) :-
    N is Tried + PT,
    Q is (Won + PW) / N,
    (   AT > 0
    ->  rave_equivalence(E),
        Beta is sqrt(E / (3 * N + E)),
        V is (1 - Beta) * Q + Beta * AW / AT
    ;   V = Q
    ).
