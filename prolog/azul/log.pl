:- module(azul_log,
          [ game_log//2,            % +State0, +Events
            table_lines/3,          % +Lang, +State, -Lines
            colour_letter/3,        % ?Lang, ?Colour, ?Letter
            player_name/3,          % +Lang, +Player, -Name
            player_number/2,        % +Player, -Number
            points_text/3,          % +Lang, +Points, -Text
            kind_name/3             % +Lang, ?Kind, ?Name
          ]).

/** <module> Azul: the game as text (the simulation's log, the table)

Start reading at prolog/azul.pl (the entry module).  Two pure texts, as lists
of lines (strings):

  - game_log//2: the readable log of a game from its first state and the
    events of all its turns (see take_turn/4 in prolog/azul/rules.pl): the
    setup, every turn (who took what from where to which line), each round's
    wall tiling with its points, the bonuses, the final scores and the winner.
    English; prolog/azul.pl writes it to a file.
  - table_lines/3: the table as it stands (factories, centre, and every
    player's pattern lines, wall and floor), in English (`en`: the REPL's
    print, tablero:game_show/3) or Spanish (`es`: the terminal game of
    prolog/azul_cli.pl).

Players are people (or seats) and every text numbers them from 1 ("Player 1"
is the player with index 0 in the state and "0" in the JSON view).  The
English texts number factories from 0, as the JSON view and the Python REPL's
take() do (a reader compares the two); the Spanish texts are for people at
the terminal and number factories from 1 too.  Pattern lines, wall rows and
wall columns count from 1 (as on the board).  A count of points says "1
point" / "2 points" ("1 punto" / "2 puntos"): points_text/3.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(board).

%!  game_log(+State0, +Events)// is det.
%
%   The lines of the log of the game that starts with State0 and goes
%   through Events.
game_log(State0, Events) -->
    { State0 = azul(Seed, _, _, Starter, _, Players, table(Fs, _, _, _, _), _, _),
      maplist(player_kind, Players, Kinds),
      numbered(Kinds, Numbered),
      atomic_list_concat(Numbered, ', ', Who),
      player_number(Starter, First)
    },
    line("Azul simulation, seed ~w (players count from 1, factories from 0; lines, rows and columns from 1)", [Seed]),
    line("Players: ~w", [Who]),
    line("Player ~w starts (drawn with the seed).", [First]),
    round_header(1, Fs, 0),
    events(Events, Kinds).

player_kind(player(Kind, _, _, _, _), Kind).

numbered(Kinds, Numbered) :-
    findall(N, (nth1(I, Kinds, K), format(atom(N), "~w ~w", [I, K])), Numbered).

line(Format, Args) -->
    { format(string(S), Format, Args) },
    [S].

events([], _) --> [].
events([E|Es], Kinds) -->
    event(E, Kinds),
    events(Es, Kinds).

event(took(P, Source, Colour, N, Line, ToFloor, ToLid, TookToken), Kinds) -->
    { nth0(P, Kinds, Kind),
      player_number(P, Who),
      source_text(Source, From),
      (   TookToken == true -> Token = " and the first-player token" ; Token = "" ),
      target_text(Line, To),
      overflow_text(Line, ToFloor, ToLid, Over)
    },
    line("  Player ~w (~w) takes ~w ~w~w from ~w to ~w~w.",
         [Who, Kind, N, Colour, Token, From, To, Over]).
event(round_end(Round, Tilings), _) -->
    line("  Wall tiling at the end of round ~w:", [Round]),
    tilings(Tilings, 1).
event(refill(Round, Fs, Pours), _) -->
    round_header(Round, Fs, Pours).
event(game_end(Reason, Bonuses, Scores, Winners), _) -->
    { reason_text(Reason, Why) },
    line("Game over: ~w.", [Why]),
    line("Bonuses (+2 per complete row, +7 per complete column, +10 per complete colour):", []),
    bonuses(Bonuses, 1),
    { findall(T, (nth1(N, Scores, S), format(atom(T), "player ~w ~w", [N, S])), Final),
      atomic_list_concat(Final, ', ', FinalText)
    },
    line("Final scores: ~w", [FinalText]),
    winner_line(Winners, Scores).

source_text(centre, "the centre").
source_text(factory(I), Text) :-
    format(string(Text), "factory ~w", [I]).

target_text(Line, Text) :-
    (   Line == floor
    ->  Text = "the floor line"
    ;   format(string(Text), "pattern line ~w", [Line])
    ).

overflow_text(floor, _, 0, "") :- !.
overflow_text(floor, _, ToLid, Text) :- !,
    format(string(Text), " (~w to the lid: the floor is full)", [ToLid]).
overflow_text(_, 0, 0, "") :- !.
overflow_text(_, ToFloor, 0, Text) :- !,
    format(string(Text), " (~w to the floor)", [ToFloor]).
overflow_text(_, ToFloor, ToLid, Text) :-
    format(string(Text), " (~w to the floor, ~w to the lid: the floor is full)", [ToFloor, ToLid]).

round_header(Round, Fs, Pours) -->
    line("Round ~w", [Round]),
    (   { Pours > 0 }
    ->  line("  The bag ran out: the lid was poured back into it.", [])
    ;   []
    ),
    { findall(T, (nth0(I, Fs, F), format(string(T), "~w ~w", [I, F])), Ts),
      atomic_list_concat(Ts, ', ', Text)
    },
    line("  Factories: ~w; the first-player token is in the centre.", [Text]).

tilings([], _) --> [].
tilings([tiling(Tiled, WallPts, Penalty, Score)|Ts], P) -->
    { maplist(tiled_text, Tiled, Texts),
      (   Texts == [] -> Placed = "no full line" ; atomic_list_concat(Texts, '; ', Placed) )
    },
    line("    Player ~w: ~w; wall +~w, floor -~w, score now ~w.",
         [P, Placed, WallPts, Penalty, Score]),
    { P1 is P + 1 },
    tilings(Ts, P1).

tiled_text(tiled(Row, Col, Colour, Points), Text) :-
    R is Row + 1,
    C is Col + 1,
    format(string(Text), "line ~w ~w to wall row ~w column ~w (+~w)", [R, Colour, R, C, Points]).

reason_text(row_complete, "a player completed a horizontal wall row").
reason_text(no_tiles, "no tiles are left to play").

bonuses([], _) --> [].
bonuses([bonus(Rows, Cols, Colours, Points)|Bs], P) -->
    line("  Player ~w: ~w rows, ~w columns, ~w colours: +~w",
         [P, Rows, Cols, Colours, Points]),
    { P1 is P + 1 },
    bonuses(Bs, P1).

winner_line([W], Scores) -->
    !,
    { nth0(W, Scores, S),
      player_number(W, N),
      points_text(en, S, Points)
    },
    line("Winner: player ~w with ~w.", [N, Points]).
winner_line(Ws, Scores) -->
    { Ws = [W|_],
      nth0(W, Scores, S),
      maplist(player_number, Ws, Ns),
      atomic_list_concat(Ns, ' and ', Who),
      points_text(en, S, Points)
    },
    line("Shared victory: players ~w with ~w and as many complete rows.", [Who, Points]).

                 /*******************************
                 *           THE TABLE          *
                 *******************************/

%!  table_lines(+Lang, +State, -Lines) is det.
%
%   Lines draw State (see prolog/azul/rules.pl) in language Lang (`en` or
%   `es`): a heading, the factories, the centre, then every player's pattern
%   lines beside the wall (a placed tile in upper case, an empty cell as the
%   lower-case letter of its printed colour) and the floor with its penalty.
%   The player to move is marked with `>`.  Colours are letters
%   (colour_letter/3); `1` is the first-player token.
%
%   ?- azul_rules:initial_state([human, greedy], 3, _S),
%      azul_log:table_lines(en, _S, [Heading, Factories|_]).
%   Heading = "Azul, seed 3, round 1: player 2 to move; bag 80, lid 0",
%   Factories = "Factories  0:BBYK  1:YRKW  2:YRRW  3:BBYY  4:BRKW".
table_lines(Lang, State, Lines) :-
    State = azul(Seed, _, Round, _, ToMove, Players, Table, _, Phase),
    Table = table(Fs, Centre, Token, Bag, Lid),
    counts_total(Bag, NB),
    counts_total(Lid, NL),
    (   Phase == playing
    ->  player_number(ToMove, Mover),
        words(Lang, to_move(Mover), State0)
    ;   words(Lang, over, State0)
    ),
    words(Lang, heading(Seed, Round, State0, NB, NL), Heading),
    factories_text(Lang, Fs, FsText),
    words(Lang, factories(FsText), FactoriesLine),
    (   Token == centre -> Items = [first|Centre] ; Items = Centre ),
    tiles_text(Lang, Items, CentreText),
    words(Lang, centre(CentreText), CentreLine),
    wall_pattern(Pattern),
    findall(PlayerLines,
            ( nth0(I, Players, Player),
              (   Phase == playing, I == ToMove -> Mark = '>' ; Mark = ' ' ),
              player_lines(Lang, Pattern, Token, Phase, Mark, I, Player, PlayerLines) ),
            PlayersLines),
    append([[Heading, FactoriesLine, CentreLine]|PlayersLines], Lines0),
    (   Phase = over(_, _, Winners)
    ->  nth0(0, Winners, W),
        nth0(W, Players, player(_, Score, _, _, _)),
        maplist(player_number, Winners, Names),
        (   Names = [N]
        ->  words(Lang, game_over(N, Score), End)
        ;   words(Lang, and, And),
            atomic_list_concat(Names, And, Who),
            words(Lang, shared_victory(Who, Score), End)
        ),
        append(Lines0, [End], Lines)
    ;   Lines = Lines0
    ).

factories_text(Lang, Fs, Text) :-
    findall(T,
            ( nth0(I, Fs, F),
              factory_number(Lang, I, N),
              tiles_text(Lang, F, FT),
              format(string(T), "~w:~w", [N, FT]) ),
            Ts),
    atomic_list_concat(Ts, '  ', Text).

player_lines(Lang, Pattern, Token, Phase, Mark, I, Player, [Head|Rows]) :-
    Player = player(Kind, Score, Lines, Wall, Floor),
    player_name(Lang, I, Name),
    kind_name(Lang, Kind, KindName),
    words(Lang, score(Score), ScoreText),
    (   Token == held(I) -> words(Lang, token, T), Marks0 = [T] ; Marks0 = [] ),
    (   Phase = over(_, Bonuses, _)
    ->  nth0(I, Bonuses, Bonus),
        words(Lang, Bonus, B),
        append(Marks0, [B], Marks)
    ;   Marks = Marks0
    ),
    atomic_list_concat([KindName, ScoreText|Marks], ', ', About),
    format(string(Head), "~w ~w: ~w", [Mark, Name, About]),
    findall(Row,
            ( nth1(K, Lines, Line), nth1(K, Wall, Cells), nth1(K, Pattern, Printed),
              board_row(Lang, K, Line, Cells, Printed, Row) ),
            BoardRows),
    floor_penalty(Floor, Penalty),
    Points is -Penalty,
    tiles_text(Lang, Floor, FloorText),
    words(Lang, floor(FloorText, Points), FloorRow),
    append(BoardRows, [FloorRow], Rows).

board_row(Lang, K, Line, Cells, Printed, Row) :-
    (   Line = line(Colour, N) -> true ; N = 0 ),
    Free is K - N,
    length(Dots, Free),
    maplist(=('.'), Dots),
    length(Tiles, N),
    maplist(=(Colour), Tiles),
    maplist(colour_letter(Lang), Tiles, Letters),
    append(Dots, Letters, Chars),
    atomic_list_concat(Chars, Slots),
    format(string(SlotsText), "~t~w~5|", [Slots]),
    maplist(wall_cell(Lang), Cells, Printed, CellTexts),
    atomic_list_concat(CellTexts, ' ', WallText),
    format(string(Row), "    ~w ~w | ~w", [K, SlotsText, WallText]).

wall_cell(Lang, Cell, Printed, Text) :-
    (   Cell == empty
    ->  colour_letter(Lang, Printed, L),
        downcase_atom(L, Text)
    ;   colour_letter(Lang, Cell, Text)
    ).

tiles_text(_, [], '-') :- !.
tiles_text(Lang, Tiles, Text) :-
    maplist(colour_letter(Lang), Tiles, Letters),
    atomic_list_concat(Letters, Text).

%!  colour_letter(?Lang, ?Colour, ?Letter) is nondet.
%
%   Letter stands for Colour (or `first`, the first-player token) in the
%   tables of language Lang.
%
%   ?- findall(_L, azul_log:colour_letter(es, _, _L), Letters).
%   Letters = ['A', 'M', 'R', 'N', 'B', '1'].
colour_letter(en, Colour, Letter) :-
    letters(Colour, Letter, _).
colour_letter(es, Colour, Letter) :-
    letters(Colour, _, Letter).

%   letters(?Colour, ?English, ?Spanish)
letters(blue, 'B', 'A').
letters(yellow, 'Y', 'M').
letters(red, 'R', 'R').
letters(black, 'K', 'N').
letters(white, 'W', 'B').
letters(first, '1', '1').

%!  player_name(+Lang, +Player, -Name) is det.
%
%   Name is how the texts of language Lang call Player (the index, from 0):
%   both languages count people from 1.
%
%   ?- azul_log:player_name(es, 0, Name).
%   Name = "Jugador 1".
%   ?- azul_log:player_name(en, 1, Name).
%   Name = "Player 2".
player_name(Lang, I, Name) :-
    player_number(I, N),
    words(Lang, player(N), Name).

%!  player_number(+Player, -Number) is det.
%
%   Number is Player (the index in the state, from 0) as a person counts
%   players, from 1.
player_number(I, N) :-
    N is I + 1.

%!  points_text(+Lang, +Points, -Text) is det.
%
%   Text is Points with its noun in the right number for language Lang:
%   "1 point", "0 points", "1 punto", "2 puntos".
%
%   ?- azul_log:points_text(en, 1, One), azul_log:points_text(es, 7, Seven).
%   One = "1 point",
%   Seven = "7 puntos".
points_text(Lang, Points, Text) :-
    point_nouns(Lang, One, Other),
    (   Points =:= 1 -> Noun = One ; Noun = Other ),
    format(string(Text), "~w ~w", [Points, Noun]).

%   point_nouns(?Lang, ?One, ?Other): the noun for one point and for any
%   other number of them.
point_nouns(en, point, points).
point_nouns(es, punto, puntos).

%!  kind_name(+Lang, ?Kind, ?Name) is nondet.
%
%   Name is the seat kind Kind (human, greedy, random, lookahead) in
%   language Lang.
%
%   ?- azul_log:kind_name(es, greedy, Name).
%   Name = goloso.
kind_name(en, Kind, Kind) :-
    kind_es(Kind, _).
kind_name(es, Kind, Name) :-
    kind_es(Kind, Name).

%   factory_number(+Lang, +Index, -Number): factories count from 0 in
%   English (as the JSON and take/4 do), from 1 in Spanish (the terminal).
factory_number(en, I, I).
factory_number(es, I, N) :-
    N is I + 1.

kind_es(human, humano).
kind_es(greedy, goloso).
kind_es(random, aleatorio).
kind_es(lookahead, previsor).

%   words(+Lang, +What, -Text): the table's words (a score in What is a
%   number of points, written with its noun by points_text/3).
%   Args of words_/4 are one list for both languages, or EnArgs-EsArgs.
words(Lang, What0, Text) :-
    counted(Lang, What0, What),
    words_(What, En, Es, Args),
    (   Args = EnArgs-EsArgs -> true ; EnArgs = Args, EsArgs = Args ),
    (   Lang == en -> format(string(Text), En, EnArgs) ; format(string(Text), Es, EsArgs) ).

counted(Lang, score(S), score(S, P)) :- !,
    points_text(Lang, S, P).
counted(Lang, game_over(N, S), game_over(N, P)) :- !,
    points_text(Lang, S, P).
counted(Lang, shared_victory(Who, S), shared_victory(Who, P)) :- !,
    points_text(Lang, S, P).
counted(_, What, What).

words_(to_move(N),
       "player ~w to move",
       "le toca al jugador ~w", [N]).
words_(over,
       "game over",
       "partida terminada", []).
words_(heading(S, R, St, B, L),
       "Azul, seed ~w, round ~w: ~w; bag ~w, lid ~w",
       "Azul, semilla ~w, ronda ~w: ~w; bolsa ~w, tapa ~w", [S, R, St, B, L]).
words_(factories(T),
       "Factories  ~w",
       "Fábricas   ~w", [T]).
words_(centre(T),
       "Centre     ~w",
       "Centro     ~w", [T]).
words_(player(N),
       "Player ~w",
       "Jugador ~w", [N]).
words_(score(S, P),
       "score ~w",
       "~w", [S]-[P]).
words_(token,
       "first-player token",
       "ficha de jugador inicial", []).
words_(bonus(R, C, K, P),
       "bonus +~w (~w rows, ~w columns, ~w colours)",
       "bonificación +~w (~w filas, ~w columnas, ~w colores)", [P, R, C, K]).
words_(floor(T, P),
       "    floor ~w (~w)",
       "    suelo ~w (~w)", [T, P]).
words_(game_over(N, Score),
       "Game over: player ~w wins with ~w.",
       "Fin de la partida: gana el jugador ~w con ~w.", [N, Score]).
words_(shared_victory(Who, Score),
       "Game over: shared victory of players ~w with ~w.",
       "Fin de la partida: victoria compartida de los jugadores ~w con ~w.",
       [Who, Score]).
words_(and,
       " and ",
       " y ", []).
