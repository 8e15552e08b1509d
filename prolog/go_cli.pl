:- module(go_cli,
          [ go/3,                   % +JugadorNegro, +JugadorBlanco, +Size
            go/4,                   % +JugadorNegro, +JugadorBlanco, +Size, +Options
            play_go/6               % +In, +Out, +Black, +White, +Options, -Game
          ]).

/** <module> Go in a terminal

Start here to play: `swipl prolog/go_cli.pl` and then
`?- go(humano, maquina, 9).`  The rules are those of go.pl; this module only
reads, prints and asks.

Typed input, one line each (the full stop at the end may be left out):

    d4.          play a stone on D4 (column letter A-Z without I, row number
                 from the bottom, as printed around the board)
    pass.        pass (also "pasar."); two passes in a row end play
    resign.      resign (also "abandonar.")
    ayuda.       show this help
    salir.       stop the game (so does the end of the input)

After two passes comes the scoring phase: the board shows the stones the
rules propose as dead in lower case (x, o), and each player in turn types

    d4.          mark the chain on D4 dead, or alive again
    aceptar.     accept the marking (also "acepto.", "accept.")
    seguir.      go back to play (also "resume."): the opponent of the last
                 passer moves

When both accept, the count is shown: by area (stones plus the empty
points each player encloses) or, with the Japanese preset, by territory and
prisoners; the dead stones are taken off first, and komi goes to White.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(readutil)).
:- use_module(go).

%!  go(+JugadorNegro, +JugadorBlanco, +Size) is det.
%
%   Plays Go on the terminal on a Size x Size board (2..25) with the course
%   documents' rules (komi 0, simple ko, a tie goes to White); each player is
%   `humano` or `maquina` (go_machine_action/2).  At the end asks
%   "¿Jugar de nuevo? (s/n)" and plays again with the same settings on `s`.
go(Black, White, Size) :-
    go(Black, White, Size, []).

%!  go(+JugadorNegro, +JugadorBlanco, +Size, +Options) is det.
%
%   As go/3 with more options of go_new/2, e.g. [preset(chinese)] or
%   [komi(6.5), ko(superko)].
go(Black, White, Size, Options) :-
    set_stream(user_output, encoding(utf8)),
    setup_call_cleanup(prompt(Old, ''),
                       sessions(Black, White, [size(Size)|Options]),
                       prompt(_, Old)).

sessions(Black, White, Options) :-
    play_go(user_input, user_output, Black, White, Options, Game),
    (   go_outcome(Game, Outcome),
        Outcome \== none,
        play_again(user_input, user_output)
    ->  sessions(Black, White, Options)
    ;   true
    ).

%!  play_go(+In, +Out, +Black, +White, +Options, -Game) is det.
%
%   Plays one game of go_new/2 Options, reading the humans' input from
%   stream In and writing to stream Out; Black and White are `humano` or
%   `maquina`.  Game is the last game term: over, or as it was when a human
%   stopped (salir or the end of the input).  Two machines on 3x3, the
%   keyboard an empty string and what is printed kept in a string (the
%   machine's random choices seeded, so the game is always the same; White
%   resigns):
%
%   ?- set_random(seed(1)), open_string("", _In),
%      with_output_to(string(_Printed),
%                     play_go(_In, current_output, maquina, maquina, [size(3)], _G)),
%      go_outcome(_G, O).
%   O = resign("b").
play_go(In, Out, Black, White, Options, Game) :-
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    go_new(Options, Game0),
    Game0 = go(settings(Size, Preset, _, Komi, _, _), _, _, _, _, _, _, _),
    format(Out, "Go, tablero de ~dx~d, reglas ~w, komi ~w.~n", [Size, Size, Preset, Komi]),
    (   memberchk(humano, [Black, White])
    ->  help(Out)
    ;   true
    ),
    turn(Game0, cli(In, Out, players(Black, White)), Game).

turn(Game0, Cli, Game) :-
    Cli = cli(_, Out, Players),
    draw(Out, Game0),
    (   go_to_move(Game0, P)
    ->  player(P, Players, Who),
        (   Who == maquina
        ->  go_machine_action(Game0, Action),
            go_play(Game0, Action, Game1, _),
            colour_name(P, Name),
            action_text(Game0, Action, Said),
            format(Out, "La máquina (~w) ~w.~n", [Name, Said]),
            turn(Game1, Cli, Game)
        ;   human_action(Game0, Cli, Next),
            (   Next == stop
            ->  format(Out, "Partida interrumpida.~n", []),
                Game = Game0
            ;   Next = played(Action, Game1),
                (   Action = move(_, _)
                ->  true
                ;   colour_name(P, Name),
                    human_text(Game0, Action, Said),
                    format(Out, "Las ~w ~w.~n", [Name, Said])
                ),
                turn(Game1, Cli, Game)
            )
        )
    ;   announce(Out, Game0),
        Game = Game0
    ).

player("b", players(B, _), B).
player("w", players(_, W), W).

%   human_action(+Game, +Cli, -Next): reads lines until one is a legal
%   action; Next is played(Action, Game1), or stop.
human_action(Game, Cli, Next) :-
    Cli = cli(In, Out, _),
    go_to_move(Game, P),
    colour_title(P, Name),
    format(Out, "~w> ", [Name]),
    flush_output(Out),
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  Next = stop
    ;   input(Line, Game, P, Input),
        input_next(Input, Game, Cli, Next)
    ).

input_next(stop, _, _, stop).
input_next(help, Game, Cli, Next) :-
    Cli = cli(_, Out, _),
    help(Out),
    human_action(Game, Cli, Next).
input_next(error(Text), Game, Cli, Next) :-
    Cli = cli(_, Out, _),
    format(Out, "Error: ~w~n", [Text]),
    human_action(Game, Cli, Next).
input_next(action(Action), Game, Cli, Next) :-
    catch(( go_play(Game, Action, Game1, _),
            Next = played(Action, Game1) ),
          Refusal,
          ( refusal_code(Refusal, Code),
            refusal_text(Code, Game, Text),
            input_next(error(Text), Game, Cli, Next) )).

refusal_code(refusal(Code, _), Code) :- !.
refusal_code(refusal(Code, _, _), Code) :- !.
refusal_code(Error, _) :-
    throw(Error).

%   input(+Line, +Game, +P, -Input): what a typed line asks for: action(A),
%   help, stop or error(Text).
input(Line, Game, P, Input) :-
    split_string(Line, "", " \t.", [Word0]),
    string_lower(Word0, Word),
    (   Word == ""
    ->  Input = error("escriba una jugada, p. ej. d4. (ayuda. muestra las opciones)")
    ;   word(Word, P, Input0)
    ->  Input = Input0
    ;   Game = go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, Status),
        vertex_syntax(Word)
    ->  (   gtp_vertex(Size, Pos, Word)
        ->  (   Status = scoring(_, _, _, _)
            ->  Input = action(toggle(P, Pos))
            ;   Input = action(move(P, Pos))
            )
        ;   refusal_text(off_board, Game, Text),
            Input = error(Text)
        )
    ;   Input = error("no se entiende la entrada; escriba p. ej. d4. o pass.")
    ).

%   word(?Word, ?P, ?Input): a word the terminal game understands, typed by
%   the player P.
word("pass", P, action(pass(P))).
word("pasar", P, action(pass(P))).
word("paso", P, action(pass(P))).
word("resign", P, action(resign(P))).
word("aceptar", P, action(accept(P))).
word("acepto", P, action(accept(P))).
word("accept", P, action(accept(P))).
word("seguir", P, action(resume(P))).
word("resume", P, action(resume(P))).
word("abandonar", P, action(resign(P))).
word("ayuda", _, help).
word("help", _, help).
word("salir", _, stop).
word("quit", _, stop).

%   vertex_syntax(+Word): a letter and a number, as "d4".
vertex_syntax(Word) :-
    string_chars(Word, [L|Digits]),
    char_type(L, lower(_)),
    Digits \== [],
    forall(member(D, Digits), char_type(D, digit(_))).

play_again(In, Out) :-
    format(Out, "¿Jugar de nuevo? (s/n)~n", []),
    flush_output(Out),
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  fail
    ;   split_string(Line, "", " \t.", [Answer]),
        (   Answer == "s"
        ->  true
        ;   Answer == "n"
        ->  fail
        ;   format(Out, "Responda s. o n.~n", []),
            play_again(In, Out)
        )
    ).

                 /*******************************
                 *            TEXTS             *
                 *******************************/

help(Out) :-
    format(Out, "Escriba una jugada como d4. (columna y fila, como en los bordes del tablero),~n", []),
    format(Out, "pass. para pasar, resign. para abandonar, ayuda. para ver esto, salir. para terminar.~n", []),
    format(Out, "X negras, O blancas.  Dos pases seguidos terminan el juego; luego se marcan~n", []),
    format(Out, "las piedras muertas: d4. marca (o desmarca) la cadena de D4, aceptar. acepta,~n", []),
    format(Out, "seguir. vuelve a jugar.~n", []).

colour_name("b", "negras").
colour_name("w", "blancas").

colour_title("b", "Negras").
colour_title("w", "Blancas").

draw(Out, Game) :-
    go_board(Game, Board),
    go_dead_marking(Game, Dead),
    board_text(Board, Dead, Text),
    nl(Out),
    format(Out, "~s", [Text]),
    Game = go(_, _, _, Bc-Wc, _, _, _, Status),
    (   Status = scoring(_, _, _, _)
    ->  go_to_move(Game, P),
        colour_name(P, Name),
        go_score(Game, score(B, W, Komi, _), _),
        dead_vertices(Game, Dead, Vertices),
        format(Out, "Fase de recuento.  Muertas (x, o): ~w.~n", [Vertices]),
        format(Out, "Con ellas fuera: negras ~w, blancas ~w (komi ~w incluido).~n", [B, W, Komi]),
        format(Out, "Esperando a las ~w: un punto marca su cadena muerta o viva, aceptar. acepta, seguir. vuelve a jugar.~n",
               [Name])
    ;   go_to_move(Game, P)
    ->  colour_name(P, Name),
        format(Out, "Juegan ~w.  Capturas: negras ~d, blancas ~d.~n", [Name, Bc, Wc])
    ;   true
    ).

dead_vertices(_, [], "ninguna") :- !.
dead_vertices(Game, Dead, Text) :-
    Game = go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, _),
    maplist(gtp_vertex(Size), Dead, Vs),
    atomic_list_concat(Vs, ' ', Text).

%   action_text(+Game, +Action, -Text): what a player did, in words.
action_text(Game, move(_, Pos), Text) :-
    Game = go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, _),
    gtp_vertex(Size, Pos, Vertex),
    format(string(Text), "juega ~w", [Vertex]).
action_text(_, pass(_), "pasa").
action_text(_, resign(_), "abandona").
action_text(Game, toggle(_, Pos), Text) :-
    toggle_text(Game, Pos, "marca", Text).
action_text(_, accept(_), "acepta el recuento").
action_text(_, resume(_), "vuelve a jugar").

human_text(_, pass(_), "pasan").
human_text(_, resign(_), "abandonan").
human_text(Game, toggle(_, Pos), Text) :-
    toggle_text(Game, Pos, "marcan", Text).
human_text(_, accept(_), "aceptan el recuento").
human_text(_, resume(_), "vuelven a jugar").

toggle_text(Game, Pos, Verb, Text) :-
    Game = go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, _),
    gtp_vertex(Size, Pos, Vertex),
    go_dead_marking(Game, Dead),
    (   memberchk(Pos, Dead) -> Now = "viva" ; Now = "muerta" ),
    format(string(Text), "~w ~w la cadena de ~w", [Verb, Now, Vertex]).

announce(Out, Game) :-
    go_outcome(Game, Outcome),
    go_result_code(Outcome, Code),
    outcome_text(Outcome, Text),
    format(Out, "Fin de la partida: ~w.  ~w~n", [Code, Text]),
    (   Outcome = resign(_)
    ->  true
    ;   go_score(Game, score(B, W, Komi, _), _),
        Game = go(settings(_, Preset, _, _, _, _), _, _, _, _, _, _, _),
        (   Preset == japanese -> How = "por territorio y prisioneros" ; How = "por área" ),
        format(Out, "Puntos ~w: negras ~w, blancas ~w (komi ~w incluido).~n", [How, B, W, Komi])
    ).

outcome_text(resign(P), Text) :-
    colour_name(P, Name),
    format(string(Text), "Ganan las ~w por abandono.", [Name]).
outcome_text(score(P, Margin), Text) :-
    colour_name(P, Name),
    (   Margin =:= 1 -> Puntos = "punto" ; Puntos = "puntos" ),
    format(string(Text), "Ganan las ~w por ~w ~w.", [Name, Margin, Puntos]).
outcome_text(tie(P), Text) :-
    colour_name(P, Name),
    format(string(Text), "Empate en puntos: ganan las ~w (regla de los documentos).", [Name]).
outcome_text(draw, "Empate.").

refusal_text(occupied, _, "ese punto ya está ocupado.").
refusal_text(suicide, _, "suicidio: la piedra quedaría sin libertades y no captura nada.").
refusal_text(ko, _, "ko: repetiría la posición anterior a la última jugada del oponente; juegue en otro lugar primero.").
refusal_text(superko, _, "superko: repetiría una posición anterior.").
refusal_text(off_board, Game, Text) :-
    Game = go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, _),
    C is Size - 1,
    gtp_vertex(Size, [0, C], Corner),
    sub_string(Corner, 0, 1, _, Last),
    format(string(Text), "ese punto no está en el tablero: columnas A a ~w (sin I), filas 1 a ~d.", [Last, Size]).
refusal_text(game_over, _, "la partida terminó.").
refusal_text(not_your_turn, _, "no es su turno.").
refusal_text(bad_action, _, "esa jugada no existe.").
refusal_text(scoring_phase, _, "el juego terminó: marque las piedras muertas, aceptar. o seguir.").
refusal_text(not_scoring, _, "las piedras muertas se marcan después de dos pases.").
refusal_text(not_a_stone, _, "no hay ninguna piedra en ese punto.").
refusal_text(already_accepted, _, "ya aceptó este recuento.").
