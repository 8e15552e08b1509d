/*  Run by bench/go_playout.py (see there).  Loaded with the environment
    variable GO_LIB set to a directory holding board.pl, fastboard.pl and
    montecarlo.pl (and playout.pl for the new policy): prolog/go, or the
    baseline's files copied from an older commit.

    speed(+Which, +N, +Seed): prints "speed Which Position Ms" for N playouts
    from the empty 9x9 board and from a mid-game position, Which old
    (montecarlo.pl's random_game/6, as playout/4 runs it) or new (policy_game/6).
    strength(+Games, +Playouts, +Seed): flat Monte Carlo players with the new
    and the old policy play Games games on 9x9 (komi 7.5), colours
    alternating; prints "game K NewColour Score Moves Winner" per game;
    strength/4 with nopat: the new side without the patterns.
    duel(+Games, +Seed): the two policies play each other, one move a turn.
*/

load_go :-
    getenv('GO_LIB', Dir),
    forall(member(M, [board, fastboard, montecarlo]),
           ( atomic_list_concat([Dir, '/', M], F), use_module(F) )),
    atomic_list_concat([Dir, '/playout.pl'], P),
    (   exists_file(P) -> use_module(P) ; true ).

:- initialization(load_go, now).

%   A mid-game position, Black to move: 40 moves of a seeded game
%   (policy_move/5, set_random(seed(3))).
mid_game(["---ww-bww",
          "----bbbwb",
          "wwwwwwbwb",
          "bbbbb--wb",
          "---wb-w-b",
          "---w-----",
          "w----b-bb",
          "-----b-ww",
          "b-w------"]).

board_of(empty, B) :- emptyBoard(9, B).
board_of(mid, B) :- mid_game(Rows), board_rows(B, Rows).

first_term(FB, First) :-
    arg(1, FB, Cells),
    functor(Cells, _, Size),
    functor(First, first, Size).

%   one_playout(+Which, +FB, +X, +Last): a random game to the end, FB as it was.
one_playout(old, FB, X, Last) :-
    first_term(FB, First),
    \+ \+ ( go_montecarlo:random_game(FB, X, Last, 0, 1000, First), fb_area(FB, _) ).
one_playout(new, FB, X, Last) :-
    first_term(FB, First),
    \+ \+ ( go_playout:policy_game(FB, X, Last, 1, 1000, First), fb_area(FB, _) ).

speed(Which, N, Seed) :-
    forall(member(Pos, [empty, mid]),
           ( board_of(Pos, B), fb_new(B, FB),
             set_random(seed(Seed)),
             one_playout(Which, FB, 1, 0),          % warm up (the pattern table)
             garbage_collect,
             statistics(cputime, T0),
             forall(between(1, N, _), one_playout(Which, FB, 1, 0)),
             statistics(cputime, T1),
             Ms is (T1 - T0) * 1000 / N,
             format("speed ~w ~w ~4f~n", [Which, Pos, Ms]) )).

                 /*******************************
                 *     FLAT MONTE CARLO GAMES   *
                 *******************************/

%   A flat Monte Carlo player: Playouts random games per move, each
%   starting with one of its candidates (legal points not its own eyes)
%   chosen by UCB1 on a value that mixes the candidate's win rate with its
%   AMAF win rate (the games in which the player played it first at any
%   time: with a few hundred games and some 80 candidates, a candidate's
%   own games are too few), as montecarlo.pl does; the candidate started
%   most often is played.  It passes when it has no candidate.
strength(Games, Playouts, Seed) :-
    forall(between(1, Games, K),
           ( S is Seed * 1000 + K,
             set_random(seed(S)),
             (   K mod 2 =:= 1 -> NewColour = 1 ; NewColour = 2 ),
             emptyBoard(9, B), fb_new(B, FB),
             play(FB, 1, NewColour, Playouts, 0, 0, Moves),
             fb_area(FB, Score),
             (   Score > 7.5 -> Winner = 1 ; Winner = 2 ),
             (   Winner =:= NewColour -> Who = new ; Who = old ),
             format("game ~w ~w ~w ~w ~w~n", [K, NewColour, Score, Moves, Who]),
             flush_output )).

play(FB, X, NewColour, Playouts, Passes, Ply, Moves) :-
    (   ( Passes >= 2 ; Ply >= 250 )
    ->  Moves = Ply
    ;   (   X =:= NewColour -> Which = new ; Which = old ),
        Y is 3 - X,
        Ply1 is Ply + 1,
        (   flat_move(FB, X, Which, Playouts, I)
        ->  fb_play(FB, X, I, _),
            play(FB, Y, NewColour, Playouts, 0, Ply1, Moves)
        ;   arg(4, FB, State), setarg(2, State, 0),
            Passes1 is Passes + 1,
            play(FB, Y, NewColour, Playouts, Passes1, Ply1, Moves)
        )
    ).

flat_move(FB, X, Which, Playouts, I) :-
    findall(J, ( fb_empties(FB, Js), member(J, Js), \+ fb_eye(FB, X, J), fb_legal(FB, X, J) ), Cs),
    Cs \== [],
    length(Cs, K),
    findall(t(J, 0, 0, 0, 0), member(J, Cs), Ts),
    Table =.. [t|Ts],
    forall(between(1, Playouts, T), flat_playout(FB, X, Which, Table, K, T)),
    findall(N-V-J, ( between(1, K, A), arg(A, Table, Tally), arg(1, Tally, J), arg(2, Tally, N),
                     value(Tally, V) ), Ranked),
    max_member(_-_-I, Ranked).

flat_playout(FB, X, Which, Table, K, T) :-
    ucb(Table, K, T, Tally),
    arg(1, Tally, I),
    Y is 3 - X,
    first_term(FB, First),
    \+ \+ ( fb_play(FB, X, I, _),
            arg(I, First, X-0),
            continue(Which, FB, Y, I, First),
            fb_area(FB, Area),
            (   X =:= 1 -> ( Area > 7.5 -> Win = 1 ; Win = 0 )
            ;   ( Area < 7.5 -> Win = 1 ; Win = 0 )
            ),
            add(2, Tally, 1), add(3, Tally, Win),
            forall(( between(1, K, A), arg(A, Table, Tj), arg(1, Tj, J),
                     arg(J, First, F), played_first(F, X) ),
                   ( add(4, Tj, 1), add(5, Tj, Win) )) ).

%   The old random game binds First to the colour, the new to Colour-Ply.
played_first(F, X) :-
    nonvar(F),
    (   F == X -> true ; F = X-_ ).

add(Arg, Term, D) :-
    arg(Arg, Term, V0), V is V0 + D, nb_setarg(Arg, Term, V).

%   value(+Tally, -V): the win rate mixed with the AMAF win rate, the
%   AMAF share falling as the candidate's own games grow.
value(t(_, N, W, AN, AW), V) :-
    Q is (W + 0.5) / (N + 1),
    (   AN > 0
    ->  Beta is sqrt(500 / (3 * N + 500)),
        V is (1 - Beta) * Q + Beta * AW / AN
    ;   V = Q
    ).

continue(old, FB, Y, I, First) :-
    go_montecarlo:random_game(FB, Y, I, 0, 300, First).
continue(new, FB, Y, I, First) :-
    (   nb_current(go_playout_variant, nopat)
    ->  nopat_game(FB, Y, I, 0, 0, 1, 300, First)
    ;   go_playout:policy_game(FB, Y, I, 1, 300, First)
    ).

ucb(Table, K, T, Best) :-
    findall(S-A, ( between(1, K, A), arg(A, Table, Tally), arg(2, Tally, N),
                   value(Tally, V),
                   S is V + 0.3 * sqrt(log(T + 1) / (N + 1)) + 0.0001 * random_float ), Ss),
    max_member(_-A, Ss),
    arg(A, Table, Best).

                 /*******************************
                 *    THE POLICIES AS PLAYERS   *
                 *******************************/

%   duel(+Games, +Seed): the policies themselves play Games games on 9x9
%   (one move each turn, no search), the new one Black in odd games;
%   prints "duel Wins Games" for the new policy (komi 7.5).
duel(Games, Seed) :-
    emptyBoard(9, B), fb_new(B, FB),
    set_random(seed(Seed)),
    aggregate_all(count,
                  ( between(1, Games, K),
                    (   K mod 2 =:= 1 -> NewColour = 1 ; NewColour = 2 ),
                    \+ \+ ( duel_game(FB, 1, NewColour, 0, 0, 0, 0),
                            fb_area(FB, A),
                            (   A > 7.5 -> Winner = 1 ; Winner = 2 ),
                            Winner =:= NewColour ) ),
                  Wins),
    format("duel ~w ~w~n", [Wins, Games]).

duel_game(FB, X, NewColour, Last, Last2, Passes, Ply) :-
    (   ( Passes >= 2 ; Ply >= 300 )
    ->  true
    ;   Y is 3 - X,
        Ply1 is Ply + 1,
        (   duel_move(X, NewColour, FB, Last, Last2, I)
        ->  fb_play(FB, X, I, _),
            duel_game(FB, Y, NewColour, I, Last, 0, Ply1)
        ;   arg(4, FB, State), setarg(2, State, 0),
            Passes1 is Passes + 1,
            duel_game(FB, Y, NewColour, 0, Last, Passes1, Ply1)
        )
    ).

duel_move(X, X, FB, Last, Last2, I) :-
    !,
    go_playout:policy_move(FB, X, Last, Last2, I).
duel_move(X, _, FB, Last, _, I) :-         % montecarlo.pl's random game's move
    (   Last > 0, go_montecarlo:local_reply(FB, X, Last, I0)
    ->  I = I0
    ;   fb_random_move(FB, X, I)
    ).

%   nopat: the new policy without its patterns (rule 2), for an ablation:
%   strength(Games, Playouts, Seed, nopat) has it play the old one.
strength(Games, Playouts, Seed, Variant) :-
    b_setval(go_playout_variant, Variant),
    strength(Games, Playouts, Seed).

nopat_game(FB, X, Last, Last2, Passes, Ply, MaxPly, First) :-
    (   ( Passes >= 2 ; Ply > MaxPly )
    ->  true
    ;   Y is 3 - X,
        Ply1 is Ply + 1,
        (   (   Last > 0, go_playout:atari_reply(FB, X, Last, I0) -> I = I0
            ;   Last2 > 0, fb_cell(FB, Last2, X), go_playout:capture_next_to(FB, X, Last2, I0) -> I = I0
            ;   go_playout:random_move(FB, X, I)
            )
        ->  fb_play(FB, X, I, _),
            arg(I, First, F), ( var(F) -> F = X-Ply ; true ),
            nopat_game(FB, Y, I, Last, 0, Ply1, MaxPly, First)
        ;   arg(4, FB, State), setarg(2, State, 0),
            Passes1 is Passes + 1,
            nopat_game(FB, Y, 0, Last, Passes1, Ply1, MaxPly, First)
        )
    ).
