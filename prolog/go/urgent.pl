:- module(go_urgent,
          [ urgent/4,                % +Candidates, +Tried, +How, -U
            not_clearly_worse/2      % +N-Rate, +NBest-Best
          ]).

/** <module> Go: when a tactical move goes before the search's choice

Start reading at prolog/go.pl, then player.pl: the machine player ranks its
candidate points by a search of random games, and a capture, a rescue or an
answer to an approach may still go first (urgent/4), because a few hundred
random games often miss what it is worth.  This module says when: unless
the search finds it clearly worse than its own first choice.
*/

:- use_module(library(lists)).
:- use_module(library(pairs)).

%!  urgent(+Candidates, +Tried, +How, -U) is semidet.
%
%   Candidates are I-Value pairs (a point's index and its tactical value:
%   go_tactics:move_value/4 with go_weighing's answered and raced values);
%   Tried is the search's ranking, N-I-Rate (simulations, point, win rate),
%   its first choice first.  U is the candidate with the best tactical value
%   (of several, the one the search ranks first), worth a capture or more
%   (capture_weight/1 of go_tactics), and the search does not find it
%   clearly worse than its first choice.  Tactics first: a few hundred
%   random games often miss what a capture or a rescue is worth.  By How:
%
%     - fixed: U had fewer than 20 simulations, or its win rate is at
%       most urgent_margin/1 (a quarter) below the first choice's;
%     - noise: U's win rate is below the first choice's by no more than
%       the noise of the two rates, two standard errors of their
%       difference (not_clearly_worse/2): few simulations, much noise.
%
%   The fixed margin lets a move through that the search finds losing.
%   In a game against GNU Go level 1 (bench/go_machine.py seed 885, the
%   machine Black, move 45) every move of Black's was poor: searched
%   again with seed 1 and 600 simulations, the first choice, D6, won 13%
%   of its games, and A8, a capture of two stones, none of its 36, still
%   within a quarter.  Black played A8, and White's D6 killed Black's
%   centre.  How often the override played such moves in the machine's
%   lost games, and what urgent(noise) measured: docs/go.md, *Measured*.
urgent(Candidates, Tried, How, U) :-
    transpose_pairs(Candidates, ByValue),
    max_member(Value-_, ByValue),
    Value >= 12,
    once(( member(_-U-_, Tried), memberchk(U-Value, Candidates) )),   % the search's best of them
    memberchk(N-U-Rate, Tried),
    Tried = [NBest-_-Best|_],
    (   How == noise -> not_clearly_worse(N-Rate, NBest-Best)
    ;   N < 20 -> true
    ;   urgent_margin(Margin), Rate >= Best - Margin
    ).

urgent_margin(0.25).

%!  not_clearly_worse(+N-Rate, +NBest-Best) is semidet.
%
%   A move that won the share Rate of its N simulations is not clearly
%   worse than one that won Best of NBest: the difference is at most
%   twice its standard error, the spread that chance alone gives two win
%   rates measured on that many games.  Each rate's spread is
%   P(1-P)/(N+2), P the rate counted with one more win and one more loss
%   (spread/3), so that a move seen in a few games, all lost, is not
%   taken for sure, and one never tried is not judged at all.  A capture
%   that won 0 of 36 games against a best move that won 13% of 94 is
%   clearly worse (the noise is 9 points); 37% of 60 against 48% of 100
%   is not (16 points):
%
%   ?- not_clearly_worse(36-0.0, 94-0.13).
%   false.
%
%   ?- not_clearly_worse(60-0.37, 100-0.48).
%   true.
not_clearly_worse(N-Rate, NBest-Best) :-
    spread(N, Rate, V),
    spread(NBest, Best, VBest),
    Noise is 2 * sqrt(V + VBest),
    Rate >= Best - Noise.

%   spread(+N, +Rate, -V): the variance of a win rate Rate measured on N
%   games, counted with one more win and one more loss.
spread(N, Rate, V) :-
    P is (Rate * N + 1) / (N + 2),
    V is P * (1 - P) / (N + 2).
