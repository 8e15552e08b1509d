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
    ayuda.       show this help (also "help.")
    salir.       stop the game (also "quit."; so does the end of the input)

After two passes comes the scoring phase: the board shows the stones the
rules propose as dead in lower case (x, o), and each player in turn types

    d4.          mark the chain on D4 dead, or alive again
    aceptar.     accept the marking (also "acepto.", "accept.")
    seguir.      go back to play (also "resume."): the opponent of the last
                 passer moves

When both accept, the count is shown: by area (stones plus the empty
points each player encloses) or, with the Japanese preset, by territory and
prisoners; the dead stones are taken off first, and komi goes to White.

The game speaks Spanish, the course's language; `go(humano, maquina, 9,
[lang(en)])` speaks English (the words typed are understood in both).
Every sentence is a message term go(Message) printed with
print_message_lines/3; its words are in prolog/go/messages.pl
(prolog:message//1,2), chosen by the flag message_language, which the game
sets for its duration, as in prolog/molinolog_cli.pl.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(readutil)).
:- use_module(go).
:- use_module(go/messages, []).

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
%   As go/3 with more options: lang(Lang), `es` (the default) or `en`;
%   machine(MachineOptions), the options of the machine's turns
%   (go_machine_action/3, e.g. [seconds(3)] or [playouts(500)]; default
%   []); and those of go_new/2, e.g. [preset(chinese)] or [komi(6.5),
%   ko(superko)].
go(Black, White, Size, Options) :-
    must_be(list, Options),
    option(lang(Lang), Options, es),
    must_be(oneof([es, en]), Lang),
    set_stream(user_output, encoding(utf8)),
    setup_call_cleanup(prompt(Old, ''),
                       in_language(Lang, sessions(Black, White, [size(Size)|Options])),
                       prompt(_, Old)).

sessions(Black, White, Options) :-
    play_go(user_input, user_output, Black, White, Options, Game),
    (   go_outcome(Game, Outcome),
        Outcome \== none,
        play_again(user_input, user_output)
    ->  sessions(Black, White, Options)
    ;   true
    ).

%   in_language(+Lang, :Goal): Goal with the flag message_language set to
%   Lang, which chooses the words of go/messages.pl.
in_language(Lang, Goal) :-
    current_prolog_flag(message_language, Old),
    setup_call_cleanup(set_prolog_flag(message_language, Lang),
                       Goal,
                       set_prolog_flag(message_language, Old)).

%   say(+Out, +Message): the message go(Message) in the current language,
%   on Out.
say(Out, Message) :-
    phrase(prolog:translate_message(go(Message)), Lines),
    print_message_lines(Out, '', Lines).

%!  play_go(+In, +Out, +Black, +White, +Options, -Game) is det.
%
%   Plays one game of go_new/2 Options, reading the humans' input from
%   stream In and writing to stream Out; Black and White are `humano` or
%   `maquina`.  Options may also hold lang(Lang), `es` (the default) or
%   `en`, and machine(MachineOptions) for go_machine_action/3 (default []:
%   a search on the clock).  Game is the last game term: over, or as it was when a human
%   stopped (salir or the end of the input).  Two machines on 3x3, the
%   keyboard an empty string and what is printed kept in a string (the
%   machine's random choices seeded and its search a count of simulations,
%   playouts(100), so the game is the same on any machine however busy;
%   it is counted, White ahead by a point):
%
%   ?- set_random(seed(1)), open_string("", _In),
%      with_output_to(string(_Printed),
%                     play_go(_In, current_output, maquina, maquina,
%                             [size(3), machine([playouts(100)])], _G)),
%      go_outcome(_G, O).
%   O = score("w", 1).
%
%   The same game in English; the last line printed:
%
%   ?- set_random(seed(1)), open_string("", _In),
%      with_output_to(string(_Printed),
%                     play_go(_In, current_output, maquina, maquina,
%                             [size(3), lang(en), machine([playouts(100)])], _)),
%      split_string(_Printed, "\n", "", _Lines), reverse(_Lines, ["", Last|_]).
%   Last = "Points by area: Black 3, White 4 (komi 0 included).".
play_go(In, Out, Black, White, Options, Game) :-
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    must_be(list, Options),
    select_option(lang(Lang), Options, Options1, es),
    must_be(oneof([es, en]), Lang),
    select_option(machine(Machine), Options1, GameOptions, []),
    must_be(list, Machine),
    go_new(GameOptions, Game0),
    in_language(Lang, play(In, Out, Black, White, Machine, Game0, Game)).

play(In, Out, Black, White, Machine, Game0, Game) :-
    Game0 = go(settings(Size, Preset, _, Komi, _, _), _, _, _, _, _, _, _),
    say(Out, start(Size, Preset, Komi)),
    (   memberchk(humano, [Black, White])
    ->  say(Out, help)
    ;   true
    ),
    turn(Game0, cli(In, Out, players(Black, White), Machine), Game).

turn(Game0, Cli, Game) :-
    Cli = cli(_, Out, Players, Machine),
    draw(Out, Game0),
    (   go_to_move(Game0, P)
    ->  player(P, Players, Who),
        (   Who == maquina
        ->  go_machine_action(Game0, Machine, Action),
            go_play(Game0, Action, Game1, _),
            said(Game0, Action, Said),
            say(Out, machine(P, Said)),
            turn(Game1, Cli, Game)
        ;   human_action(Game0, Cli, Next),
            (   Next == stop
            ->  say(Out, stopped),
                Game = Game0
            ;   Next = played(Action, Game1),
                (   Action = move(_, _)
                ->  true
                ;   said(Game0, Action, Said),
                    say(Out, human(P, Said))
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
    Cli = cli(In, Out, _, _),
    go_to_move(Game, P),
    say(Out, prompt(P)),
    flush_output(Out),
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  Next = stop
    ;   input(Line, Game, P, Input),
        input_next(Input, Game, Cli, Next)
    ).

input_next(stop, _, _, stop).
input_next(help, Game, Cli, Next) :-
    Cli = cli(_, Out, _, _),
    say(Out, help),
    human_action(Game, Cli, Next).
input_next(error(Why), Game, Cli, Next) :-
    Cli = cli(_, Out, _, _),
    say(Out, error(Why)),
    human_action(Game, Cli, Next).
input_next(action(Action), Game, Cli, Next) :-
    catch(( go_play(Game, Action, Game1, _),
            Next = played(Action, Game1) ),
          Refusal,
          ( refusal_code(Refusal, Code),
            game_size(Game, Size),
            input_next(error(refused(Code, Size)), Game, Cli, Next) )).

refusal_code(refusal(Code, _), Code) :- !.
refusal_code(refusal(Code, _, _), Code) :- !.
refusal_code(Error, _) :-
    throw(Error).

game_size(go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, _), Size).

%   input(+Line, +Game, +P, -Input): what a typed line asks for: action(A),
%   help, stop or error(Why) (a message of go/messages.pl: empty,
%   not_understood or refused(Code, Size)).  The full stop at the end may
%   be left out.
input(Line, Game, P, Input) :-
    split_string(Line, "", " \t.", [Word0]),
    string_lower(Word0, Word),
    (   Word == ""
    ->  Input = error(empty)
    ;   word(Word, P, Input0)
    ->  Input = Input0
    ;   Game = go(settings(Size, _, _, _, _, _), _, _, _, _, _, _, Status),
        vertex_syntax(Word)
    ->  (   gtp_vertex(Size, Pos, Word)
        ->  (   Status = scoring(_, _, _, _)
            ->  Input = action(toggle(P, Pos))
            ;   Input = action(move(P, Pos))
            )
        ;   Input = error(refused(off_board, Size))
        )
    ;   Input = error(not_understood)
    ).

%   word(?Word, ?P, ?Input): a word the terminal game understands, typed by
%   the player P, in either language.
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

%   play_again(+In, +Out): asks whether to play again; true on s or y
%   (either language), false on n or the end of the input.
play_again(In, Out) :-
    say(Out, play_again),
    flush_output(Out),
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  fail
    ;   split_string(Line, "", " \t.", [Answer0]),
        string_lower(Answer0, Answer),
        (   memberchk(Answer, ["s", "y"])
        ->  true
        ;   Answer == "n"
        ->  fail
        ;   say(Out, yes_or_no),
            play_again(In, Out)
        )
    ).

                 /*******************************
                 *      WHAT IS SHOWN, SAID     *
                 *******************************/

%   draw(+Out, +Game): the board and the lines under it.
draw(Out, Game) :-
    go_board(Game, Board),
    go_dead_marking(Game, Dead),
    board_text(Board, Dead, Text),
    nl(Out),
    format(Out, "~s", [Text]),
    Game = go(_, _, _, Bc-Wc, _, _, _, Status),
    (   Status = scoring(_, _, _, _)
    ->  go_to_move(Game, P),
        go_score(Game, score(B, W, Komi, _), _),
        game_size(Game, Size),
        maplist(gtp_vertex(Size), Dead, Vertices),
        say(Out, scoring(P, Vertices, B, W, Komi))
    ;   go_to_move(Game, P)
    ->  say(Out, to_move(P, Bc, Wc))
    ;   true
    ).

%   said(+Game, +Action, -Said): what a player did, as the messages take
%   it: move(Vertex), pass, resign, toggle(Vertex, alive or dead), accept or
%   resume.
said(Game, move(_, Pos), move(Vertex)) :-
    game_size(Game, Size),
    gtp_vertex(Size, Pos, Vertex).
said(_, pass(_), pass).
said(_, resign(_), resign).
said(Game, toggle(_, Pos), toggle(Vertex, Now)) :-
    game_size(Game, Size),
    gtp_vertex(Size, Pos, Vertex),
    go_dead_marking(Game, Dead),
    (   memberchk(Pos, Dead) -> Now = alive ; Now = dead ).
said(_, accept(_), accept).
said(_, resume(_), resume).

%   announce(+Out, +Game): the result, and the count of a counted game.
announce(Out, Game) :-
    go_outcome(Game, Outcome),
    go_result_code(Outcome, Code),
    say(Out, over(Code, Outcome)),
    (   Outcome = resign(_)
    ->  true
    ;   go_score(Game, score(B, W, Komi, _), _),
        Game = go(settings(_, Preset, _, _, _, _), _, _, _, _, _, _, _),
        say(Out, count(Preset, B, W, Komi))
    ).
