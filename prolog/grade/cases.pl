:- module(grade_cases,
          [ cases/2,                 % +Seed, -Cases
            section/3                % ?Section, ?Contract, ?Title
          ]).

/** <module> What the grader asks a student's module, and what it expects

cases/2 builds, before the student's code runs at all, every question the
grader asks (so nothing the student's code does, such as calling random/1,
changes them).  A case is one of:

    move(Section, Name, Title, Board, Player, Pos, Expected)
        goMove(Board, Player, Pos, RBoard): Expected is board(RBoard) or
        refused(Reason) (occupied, suicide, off_board).
    score(Section, Name, Title, Board, PuntosB, PuntosW)
        the area score of Board.
    internal(Section, Message)
        our own rules disagree with the recorded data (a bug of the
        grader's, not the student's).

Sections, in the order they run (see section/3): targeted positions written by
hand (positions.pl), scores, GNU Go self-play games replayed move by move
(gnugo_games.pl), random games against our rules in windows of the board, and
last the 9x9 games, beyond the course contract (its boards are 19x19).  The
expected boards of the games are our rules' (prolog/go.pl, loaded only through
its entry module and its exports).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module('../go', []).
:- use_module(positions).
:- use_module(gnugo_games).

%!  section(?Section, ?Contract, ?Title) is nondet.
%
%   The sections in the order they run.  Contract is false for the sections
%   beyond the course contract: their failures are warnings.
section(positions, true,  "Targeted positions (19x19)").
section(score,     true,  "Score (19x19)").
section(gnugo19,   true,  "GNU Go games, 19x19, move by move").
section(random19,  true,  "Random games against our rules (19x19)").
section(gnugo9,    false, "GNU Go games, 9x9 (beyond the contract)").
section(random9,   false, "Random game, 9x9 (beyond the contract)").
section(score9,    false, "Score, 9x9 (beyond the contract)").

%!  cases(+Seeds, -Cases) is det.
%
%   Cases are every case, section by section; Seeds (a list, or one seed)
%   choose the random games: nine windows of the 19x19 board per seed (70
%   attempts each with one seed, 50 with several), the 9x9 game by the first.
cases(Seeds0, Cases) :-
    (   is_list(Seeds0) -> Seeds = Seeds0 ; Seeds = [Seeds0] ),
    Seeds = [Seed|_],
    findall(Case, position_case(Case), Positions),
    findall(Case, score_case(Case), Scores),
    games(19, Games19, Finals19),
    games(9, Games9, Finals9),
    length(Seeds, NSeeds),
    (   NSeeds > 1 -> Attempts = 50 ; Attempts = 70 ),
    foldl(seed_cases(NSeeds, Attempts), Seeds, Random19, []),
    random9_cases(Seed, Random9),
    append([Positions, Scores, Finals19, Games19, Random19, Games9, Random9, Finals9],
           Cases).

position_case(move(positions, Name, Title, Board, Player, Pos, Expected)) :-
    position(Name, Title, Player, Board, Pos, Expected).

score_case(score(score, Name, Title, Board, B, W)) :-
    score_position(Name, Title, Board, B, W).

                 /*******************************
                 *        GNU GO REPLAYS        *
                 *******************************/

%   games(+Size, -Moves, -Finals): the move cases of every recorded game of
%   Size, and the score cases of their final positions (with any internal
%   disagreement between our rules and GNU Go's record).
games(Size, Moves, Finals) :-
    findall(Name-Ms-Score-Bl-Wh, gnugo_game(Name, Size, Ms, Score, Bl, Wh), Games),
    (   Size == 19
    ->  Section = gnugo19, ScoreSection = score
    ;   Section = gnugo9, ScoreSection = score9
    ),
    foldl(replay(Size, Section, ScoreSection), Games, []-[], Moves-Finals).

replay(Size, Section, ScoreSection, Name-Ms-Score-Bl-Wh, Moves0-Finals0, Moves-Finals) :-
    go:emptyBoard(Size, Board0),
    replay_moves(Ms, 1, "b", Size, Section, Name, Board0, Board, Cases, []),
    append(Moves0, Cases, Moves),
    go:terminarJuego(Board, W, B),
    format(string(Title), "the final position of GNU Go game ~w (GNU Go: ~w)", [Name, Score]),
    format(string(FName), "~w final", [Name]),
    Final = score(ScoreSection, FName, Title, Board, B, W),
    final_checks(Size, Section, Name, Board, Score, Bl, Wh, B-W, Checks),
    append([Finals0, [Final], Checks], Finals).

replay_moves([], _, _, _, _, _, Board, Board) --> [].
replay_moves([V|Vs], K, Player, Size, Section, Game, Board0, Board) -->
    { opponent(Player, Next), K1 is K + 1 },
    (   { V == "PASS" }
    ->  { Board1 = Board0 }
    ;   { go:gtp_vertex(Size, Pos, V) },
        (   { go:goMove(Board0, Player, Pos, Board1) }
        ->  { format(string(Name), "~w move ~d", [Game, K]),
              colour_name(Player, Colour),
              format(string(Title), "~w ~w (GTP ~w), move ~d of GNU Go game ~w",
                     [Colour, Pos, V, K, Game]) },
            [ move(Section, Name, Title, Board0, Player, Pos, board(Board1)) ]
        ;   { format(string(M), "our goMove/4 refuses GNU Go's move ~d (~w) of ~w", [K, V, Game]),
              Board1 = Board0 },
            [ internal(Section, M) ]
        )
    ),
    replay_moves(Vs, K1, Next, Size, Section, Game, Board1, Board).

final_checks(Size, Section, Name, Board, Score, Bl, Wh, B-W, Checks) :-
    stones(Size, Board, "b", OurBl),
    stones(Size, Board, "w", OurWh),
    msort(Bl, Bl1), msort(Wh, Wh1),
    (   OurBl == Bl1, OurWh == Wh1
    ->  C1 = []
    ;   format(string(M1), "replaying GNU Go game ~w with our rules gives other stones \c
                            than GNU Go's", [Name]),
        C1 = [internal(Section, M1)]
    ),
    Margin is B - W,
    (   score_margin(Score, Margin)
    ->  C2 = []
    ;   format(string(M2), "our score of ~w is B ~d, W ~d; GNU Go says ~w", [Name, B, W, Score]),
        C2 = [internal(Section, M2)]
    ),
    append(C1, C2, Checks).

stones(Size, Board, Colour, Vertices) :-
    findall(V, ( nth0(R, Board, Row), nth0(C, Row, Colour),
                 go:gtp_vertex(Size, [R, C], V0), string_upper(V0, V) ), Vs),
    msort(Vs, Vertices).

score_margin("0", 0) :- !.
score_margin(Score, Margin) :-
    sub_string(Score, 0, 1, _, Side),
    sub_string(Score, 2, _, 0, Num),
    number_string(N, Num),
    (   Side == "B" -> Margin =:= N ; Margin =:= -N ).

                 /*******************************
                 *         RANDOM GAMES         *
                 *******************************/

%   window(Rows0, Cols0, Height, Width): where the random games of 19x19
%   play: the four corners, the four edges and the centre, so that captures,
%   suicides and occupied points come up within a few dozen moves.
window(0, 0, 6, 6).
window(0, 13, 6, 6).
window(13, 0, 6, 6).
window(13, 13, 6, 6).
window(0, 6, 5, 7).
window(6, 0, 7, 5).
window(7, 7, 5, 5).
window(14, 6, 5, 7).
window(6, 14, 7, 5).

seed_cases(NSeeds, Attempts, Seed, Cases, Tail) :-
    random_cases(Seed, NSeeds, Attempts, Cases, Tail).

random_cases(Seed, NSeeds, Attempts, Cases, Tail) :-
    findall(W, ( W = window(_, _, _, _), call(W) ), Windows),
    foldl(random_window_game(Seed, NSeeds, Attempts), Windows, 1-Cases, _-Tail).

random_window_game(Seed, NSeeds, Attempts, window(R0, C0, H, W), N-Cases, N1-Tail) :-
    N1 is N + 1,
    GameSeed is Seed * 1000 + N,
    R1 is R0 + H - 1, C1 is C0 + W - 1,
    (   NSeeds > 1
    ->  format(string(Game), "random game ~d of seed ~d (rows ~d-~d, columns ~d-~d)",
               [N, Seed, R0, R1, C0, C1])
    ;   format(string(Game), "random game ~d (rows ~d-~d, columns ~d-~d)", [N, R0, R1, C0, C1])
    ),
    go:emptyBoard(19, Board),
    random_game(GameSeed, 19, R0-C0-H-W, Attempts, random19, Game, Board, Cases, Tail).

random9_cases(Seed, Cases) :-
    GameSeed is Seed * 1000 + 900,
    go:emptyBoard(9, Board),
    random_game(GameSeed, 9, 0-0-9-9, 150, random9, "random game 9x9", Board, Cases, []).

%   random_game(+Seed, +Size, +Window, +Attempts, +Section, +Game, +Board, -Cases, ?Tail):
%   Attempts random attempts, each judged by our goMove/4; an accepted move
%   passes the turn, a refused one is tried again by the same player.  Most
%   attempts go to an empty point of the window, one in six to any point of
%   it (so that occupied points come up too).
random_game(Seed, Size, Window, Attempts, Section, Game, Board, Cases, Tail) :-
    set_random(seed(Seed)),
    random_attempts(1, Attempts, Size, Window, Section, Game, "b", Board, Cases, Tail).

random_attempts(K, Attempts, _, _, _, _, _, _, Tail, Tail) :-
    K > Attempts,
    !.
random_attempts(K, Attempts, Size, Window, Section, Game, Player, Board0, [Case|Cases], Tail) :-
    random_point(Window, Board0, Pos),
    format(string(Name), "~w attempt ~d", [Game, K]),
    colour_name(Player, Colour),
    (   go:goMove(Board0, Player, Pos, Board1)
    ->  Expected = board(Board1),
        opponent(Player, Next),
        format(string(Title), "~w plays ~w, attempt ~d of ~w", [Colour, Pos, K, Game])
    ;   Pos = [R, C],
        nth0(R, Board0, Row), nth0(C, Row, Cell),
        (   Cell == "-" -> Reason = suicide ; Reason = occupied ),
        Expected = refused(Reason),
        Board1 = Board0, Next = Player,
        format(string(Title), "~w tries ~w (~w), attempt ~d of ~w", [Colour, Pos, Reason, K, Game])
    ),
    Case = move(Section, Name, Title, Board0, Player, Pos, Expected),
    K1 is K + 1,
    random_attempts(K1, Attempts, Size, Window, Section, Game, Next, Board1, Cases, Tail).

random_point(R0-C0-H-W, Board, [R, C]) :-
    findall([R1, C1], ( between(1, H, I), R1 is R0 + I - 1,
                        between(1, W, J), C1 is C0 + J - 1,
                        nth0(R1, Board, Row), nth0(C1, Row, "-") ), Empty),
    (   Empty \== [], random_between(1, 6, Dice), Dice > 1
    ->  random_member([R, C], Empty)
    ;   H1 is H - 1, W1 is W - 1,
        random_between(0, H1, DR), random_between(0, W1, DC),
        R is R0 + DR, C is C0 + DC
    ).

opponent("b", "w").
opponent("w", "b").

colour_name("b", "Black").
colour_name("w", "White").
