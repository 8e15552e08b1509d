:- module(go_prior,
          [ node_priors/6,           % +FB, +X, +Last, +Last2, +Points, -Priors
            move_gamma/6,            % +FB, +X, +Last, +Last2, +I, -Gamma
            gamma_features/6,        % +FB, +X, +Last, +Last2, +I, -Features
            move_choices/3,          % +Size, +Moves, -Choices
            child_priors/7,          % +How, +FB, +X, +Last, +Last2, +Points, -Priors
            hand_prior/5             % +FB, +X, +Last, +I, -Prior
          ]).

/** <module> Go: what a move looks like before any game is played (priors)

Start reading at prolog/go.pl (the entry module), then uct.pl.  When the
search tree (go_uct) gives a node its children, each child starts with a
*prior*: virtual games, so that the moves that look good are tried first
and the random games only have to confirm or refute them.  With a few
hundred games a move, as here, the priors decide much of the play.

A move's look is a handful of *features*, each with a learned strength,
its *gamma* (go_gammas, written by scripts/go_gammas.py from GNU Go's
games against itself):

  - pat3: the 3x3 neighbourhood of the point, seen from the mover's side
    (go_playout's code/4 number with the colours as own and opponent's);
  - dist: the distance to the opponent's last move, dist2: to the
    mover's own previous move (|dr| + |dc| + max(|dr|, |dc|) - 1: 1 next
    to it, 2 diagonal, 3 two away on a line..., 8 for anything farther, 0
    when there is none: a pass, or the start);
  - line: 1 on the edge, 2, 3, 4, 5 the middle of the 9x9 board;
  - capture (1 stone, 2 or more), takelast (the capture takes the stone
    the opponent just played), selfatari (the mover's chain left with
    one liberty and nothing taken: 1 a lone stone, 2 a chain), escape (a
    chain of the mover's in atari next to the point gets out of atari),
    atari (an opponent's chain next to the point is put in atari).

A move's strength is the product of its features' gammas; the chance
that GNU Go plays it is its strength over the sum of the strengths of
every move there (Coulom's generalized Bradley-Terry model).  The prior
turns that chance P into virtual games as michi (Petr Baudis) does with
its pattern probabilities: ten games at one half for every move, and
learned_games/1 x sqrt(P) more, all won, so the likely moves lead at
first and a few real games are enough to pull down a bad one.
hand_prior/5 keeps the previous release's priors, written by hand, to
compare with (child_priors/7 gives either).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(board, [board_rows/2, emptyBoard/2]).
:- use_module(fastboard).
:- use_module(playout, [pattern_code/3, pattern_point/2, code_table/4]).
:- use_module(tactics, [line/3]).
:- use_module(gammas, [gamma/3]).

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

even_games(10).              % virtual games at one half for every move
learned_games(50).           % virtual wins for a move GNU Go would surely play
far(8).                      % distances of 8 or more are one value

%!  node_priors(+FB, +X, +Last, +Last2, +Points, -Priors) is det.
%
%   Priors are I-N0-W0 for each point I of Points: N0 virtual games, W0
%   of them won, for colour X's move on I (the header explains them);
%   Last is the opponent's last move and Last2 X's own previous move
%   (indices, 0 for none or a pass).
node_priors(FB, X, Last, Last2, Points, Priors) :-
    maplist(move_gamma(FB, X, Last, Last2), Points, Gammas),
    sum_list(Gammas, Total0),
    Total is max(Total0, 1.0e-9),
    even_games(E),
    learned_games(L),
    maplist(prior_games(E, L, Total), Points, Gammas, Priors).

prior_games(E, L, Total, I, G, I-N0-W0) :-
    Extra is L * sqrt(G / Total),
    N0 is E + Extra,
    W0 is E / 2 + Extra.

%!  child_priors(+How, +FB, +X, +Last, +Last2, +Points, -Priors) is det.
%
%   Priors are I-N0-W0 for each point of Points, X to move after the
%   opponent's Last (X's own before it: Last2): the learned priors of
%   node_priors/6 (How = learned) or the hand-written ones of
%   hand_prior/5 (How = hand, the previous release's).
child_priors(learned, FB, X, Last, Last2, Points, Priors) :-
    node_priors(FB, X, Last, Last2, Points, Priors).
child_priors(hand, FB, X, Last, _, Points, Priors) :-
    findall(I-N0-W0, ( member(I, Points), hand_prior(FB, X, Last, I, N0-P), W0 is N0 * P ),
            Priors).

%!  hand_prior(+FB, +X, +Last, +I, -Prior) is det.
%
%   Prior is N0-P: N0 virtual games won at rate P for X's move on I, the
%   opponent's last move Last: what a move looks like before any game:
%   a capture, a self-atari, the distance to the last move, a shape of
%   go_playout's patterns, the third line or the first two in an empty
%   area (the priors of Pachi and michi, in fewer games): the previous
%   release's priors, written by hand, kept for comparison (priors(hand)).
hand_prior(FB, X, Last, I, N-P) :-
    (   capture_point(FB, X, I)
    ->  N0 = 25, W0 = 20
    ;   self_atari(FB, X, I)
    ->  N0 = 20, W0 = 0
    ;   N0 = 10, W0 = 5
    ),
    (   distance_value(FB, Last, I, D), D >= 1, D =< 3
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
    once(fb_captures(FB, X, I, _)).

%   self_atari(+FB, +X, +I): X's stone on I captures nothing and leaves
%   its chain with one liberty.
self_atari(FB, X, I) :-
    \+ \+ ( fb_play(FB, X, I, 0),
            fb_atari(FB, I, _) ).

%!  move_gamma(+FB, +X, +Last, +Last2, +I, -Gamma) is det.
%
%   Gamma is the strength of X's move on the empty point I: the product of
%   the gammas of its features (gamma_features/6; 1 for a value without a
%   fact).  0 if X may not play there.
move_gamma(FB, X, Last, Last2, I, Gamma) :-
    (   gamma_features(FB, X, Last, Last2, I, Features)
    ->  gamma_table(Table),
        foldl(feature_gamma(Table), Features, 1.0, Gamma)
    ;   Gamma = 0.0
    ).

feature_gamma(Table, pat3-Code, G0, G) :-
    !,
    K is Code + 1,
    arg(K, Table, G1),
    G is G0 * G1.
feature_gamma(_, Feature-Value, G0, G) :-
    (   gamma(Feature, Value, G1) -> G is G0 * G1 ; G = G0 ).

%!  gamma_features(+FB, +X, +Last, +Last2, +I, -Features) is semidet.
%
%   Features are the Feature-Value pairs of X's move on the empty point I
%   (the header lists them; capture, selfatari, escape and atari only
%   when they hold); fails if X may not play on I.  Black's stone on
%   [1, 0] takes White's stone on the corner point, two points along a
%   line from Black's previous move [1, 2]:
%
%   ?- board_rows(_B, ["wb---", "-----", "-----", "-----", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [1, 0], _I), fb_index(_FB, [1, 2], _L2),
%      gamma_features(_FB, 1, 0, _L2, _I, Fs).
%   Fs = [pat3-3291, dist-0, dist2-3, line-1, capture-1].
gamma_features(FB, X, Last, Last2, I, Features) :-
    fb_legal(FB, X, I),
    pattern_code(FB, I, Code0),
    own_view(X, Code0, Code),
    distance_value(FB, Last, I, D),
    distance_value(FB, Last2, I, D2),
    line(FB, I, Line),
    (   weak_neighbour(FB, X, I) -> Weak = true ; Weak = false ),
    (   Last > 0, fb_cell(FB, Last, Y), Y =:= 3 - X, fb_atari(FB, Last, I)
    ->  TakeLast = [takelast-1]
    ;   TakeLast = []
    ),
    findall(Fs, ( fb_play(FB, X, I, Captured),
                  played_features(FB, X, I, Captured, Weak, Fs0),
                  append(TakeLast, Fs0, Fs) ),
            [Tactical]),
    Features = [pat3-Code, dist-D, dist2-D2, line-Line|Tactical].

%!  move_choices(+Size, +Moves, -Choices) is det.
%
%   What the learning of the gammas reads (scripts/go_gammas.py): Moves
%   are the moves of a game from the empty Size x Size board, each
%   m(X, Pos, Learn) with X the colour (1 black, 2 white), Pos a point
%   [R, C] or pass, and Learn true for a move to learn from (one GNU Go
%   chose).  Choices has, for each of those, [K, Candidates]: the
%   features (gamma_features/6, as [Feature, Value] lists) of every point
%   where X could play there that is not one of its eyes, and K the place
%   (from 0) of the point played among them.  The board is the fast board
%   (simple ko included), as the search sees it.  Black's first move on
%   the 2x2 board could have been any of the four points:
%
%   ?- move_choices(2, [m(1, [0, 0], true)], [[K, _Cs]]), length(_Cs, N).
%   K = 0,
%   N = 4.
move_choices(Size, Moves, Choices) :-
    emptyBoard(Size, Board),
    fb_new(Board, FB),
    choices(Moves, FB, 0, 0, Choices).

choices([], _, _, _, []).
choices([m(X, Pos, Learn)|Moves], FB, Last, Last2, Choices) :-
    (   Pos == pass
    ->  arg(4, FB, State),
        setarg(2, State, 0),                     % a pass ends a ko
        Choices = Rest,
        choices(Moves, FB, 0, Last, Rest)
    ;   fb_index(FB, Pos, I),
        (   Learn == true
        ->  fb_empties(FB, Empties),
            findall(J-Fs, ( member(J, Empties),
                            ( J =:= I -> true ; \+ fb_eye(FB, X, J) ),
                            gamma_features(FB, X, Last, Last2, J, Fs0),
                            maplist(pair_list, Fs0, Fs) ),
                    Candidates),
            (   nth0(K, Candidates, I-_)
            ->  pairs_values(Candidates, Cs),
                Choices = [[K, Cs]|Rest]
            ;   Choices = Rest
            )
        ;   Choices = Rest
        ),
        fb_play(FB, X, I, _),
        choices(Moves, FB, I, Last, Rest)
    ).

pair_list(F-V, [F, V]).

%   own_view(+X, +Code0, -Code): the neighbourhood's number with X's
%   stones as 1 and the opponent's as 2 (for White, 1 and 2 swap: a field
%   with exactly one bit set has both flipped).
own_view(1, Code, Code).
own_view(2, Code0, Code) :-
    One is (Code0 /\ 0x5555) xor ((Code0 >> 1) /\ 0x5555),
    Code is Code0 xor (One \/ (One << 1)).

distance_value(FB, A, B, D) :-
    (   A =:= 0
    ->  D = 0
    ;   fb_index(FB, [RA, CA], A),
        fb_index(FB, [RB, CB], B),
        DR is abs(RA - RB), DC is abs(CA - CB),
        far(Far),
        D is min(Far, DR + DC + max(DR, DC) - 1)
    ).

%   weak_neighbour(+FB, +X, +I): a chain of X's next to I is in atari.
weak_neighbour(FB, X, I) :-
    fb_neighbours(FB, I, Js),
    member(J, Js),
    fb_cell(FB, J, X),
    fb_atari(FB, J, _),
    !.

%   played_features(+FB, +X, +I, +Captured, +Weak, -Fs): once X's stone is
%   on I (Captured stones taken, Weak: a chain of X's next to I was in
%   atari), the tactical features that hold.
played_features(FB, X, I, Captured, Weak, Fs) :-
    (   Captured > 0 -> C is min(Captured, 2), Fs = [capture-C|Fs1] ; Fs = Fs1 ),
    (   fb_atari(FB, I, _)
    ->  (   Captured =:= 0
        ->  fb_chain(FB, I, Stones), length(Stones, K), S is min(K, 2),
            Fs1 = [selfatari-S|Fs2]
        ;   Fs1 = Fs2
        )
    ;   Weak == true
    ->  Fs1 = [escape-1|Fs2]
    ;   Fs1 = Fs2
    ),
    Y is 3 - X,
    (   fb_neighbours(FB, I, Js), member(J, Js), fb_cell(FB, J, Y), fb_atari(FB, J, _)
    ->  Fs2 = [atari-1]
    ;   Fs2 = []
    ).

%   gamma_table(-Table): a term of 65536 arguments, the gamma of each
%   pat3 number (1.0 for a shape without a fact).  go_gammas holds one
%   fact per shape, under the smallest number of its turns and mirrors;
%   every turn and mirror gets its gamma here (go_playout:code_table/4:
%   made once for each thread, kept in a global variable).
gamma_table(Table) :-
    code_table(go_prior_gammas, shape_gammas, 1.0, Table).

shape_gammas(Pairs) :-
    findall(Code-G, ( gamma(pat3, Shape, G), shape_variant(Shape, Code) ), Pairs0),
    sort(Pairs0, Pairs).

%!  shape_variant(+Code, -Variant) is nondet.
%
%   Variant is the pat3 number of the shape Code turned a quarter 0-3
%   times, mirrored or not (the same number may come more than once).
%   The eight fields, row by row, are NW N NE W E SW S SE:
%
%   ?- findall(_V, shape_variant(1, _V), _Vs), sort(_Vs, S).
%   S = [1, 16, 1024, 16384].
shape_variant(Code, Variant) :-
    numlist(0, 7, Ks),
    maplist(field(Code), Ks, Fields0),
    (   Fields1 = Fields0 ; mirror(Fields0, Fields1) ),
    between(0, 3, Turns),
    turned(Turns, Fields1, Fields),
    foldl(add_field, Fields, 0-0, Variant-_).

field(Code, K, F) :-
    F is (Code >> (2 * K)) /\ 3.

add_field(F, V0-K, V-K1) :-
    V is V0 + (F << (2 * K)),
    K1 is K + 1.

%   mirror(+Fields, -Mirrored): left and right swapped.
mirror([NW, N, NE, W, E, SW, S, SE], [NE, N, NW, E, W, SE, S, SW]).

%   turned(+Turns, +Fields, -Turned): turned a quarter clockwise Turns
%   times (the west point goes north).
turned(0, Fields, Fields) :- !.
turned(K, [NW, N, NE, W, E, SW, S, SE], Turned) :-
    K1 is K - 1,
    turned(K1, [SW, W, NW, S, N, SE, E, NE], Turned).
