:- module(molinolog_cli,
          [ molinolog/3,            % +JugadorNegro, +JugadorBlanco, +T
            molinolog/4,            % +JugadorNegro, +JugadorBlanco, +T, +Options
            play_molinolog/7,       % +In, +Out, +Black, +White, +T, +Depth, -Outcome
            play_molinolog/8        % +In, +Out, +Black, +White, +T, +Depth, +Options, -Outcome
          ]).

/** <module> Molinolog in a terminal

Start here to play: `swipl prolog/molinolog.pl` (or this file) and then
`molinolog(humano, maquina, 2).` at the `?-` prompt.  The game is judged by
the course's rules (prolog/molinolog/course.pl): like the course's game it
keeps the game in progress (guardar_estado/1) and shows it with
print_state/0; each typed action is refused with rechazo/3's reason or
played with aplicar/3.  The machine chooses its whole turn with the bit-set
engine (best_move/3 on the engine's state of the game, convert.pl), and the
course's jugar/3 plays it.  prolog/molinolog.pl re-exports molinolog/3.

Typed input, one Prolog term a line (the full stop may be left out):

    (n,2).            place a piece on (n,2), or capture the piece on (n,2)
    (n,2)-(ne,2).     move the piece on (n,2) to (ne,2)
    ayuda.            show this help
    salir.            abandon the game (so does the end of the input)

A point is `(Dir, Dist)`: Dir is n, ne, e, se, s, sw, w or nw and Dist the ring,
1 (innermost) to T+1.  On the board, X is a black piece, O a white one, + an
empty point and * a piece of the mill just formed.

The game speaks Spanish, the course's language; `molinolog(humano, maquina,
2, [lang(en)])` speaks English.  Every sentence is a message term
molinolog(Message) printed with print_message_lines/3; its words are in
prolog/molinolog/messages.pl (prolog:message//1,2), chosen by the flag
message_language, which the game sets for its duration.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(readutil)).
:- use_module(molinolog/course).
:- use_module(molinolog/convert, [course_engine/2, move_jugada/2]).
:- use_module(molinolog/machine, [minimax_depth/1, best_move/3]).
:- use_module(molinolog/convert, [colour_color/2]).
:- use_module(molinolog/board, [board_lines/4]).
:- use_module(library(option)).
:- use_module(molinolog/messages, []).

%!  molinolog(+JugadorNegro, +JugadorBlanco, +T) is det.
%
%   Plays Molinolog on the terminal on a board of size T (1..3); each player
%   is `humano` or `maquina` (minimax of minimax_depth/1 turns).  At the end
%   asks "¿Jugar de nuevo? (s/n)" and plays again with the same settings on
%   `s`.
molinolog(Black, White, T) :-
    molinolog(Black, White, T, []).

%!  molinolog(+JugadorNegro, +JugadorBlanco, +T, +Options) is det.
%
%   As molinolog/3; Options: lang(Lang), `es` (the default) or `en`.
molinolog(Black, White, T, Options) :-
    must_be(list, Options),
    option(lang(Lang), Options, es),
    must_be(oneof([es, en]), Lang),
    set_stream(user_output, encoding(utf8)),
    setup_call_cleanup(prompt(Old, ''),
                       in_language(Lang, sessions(Black, White, T, Lang)),
                       prompt(_, Old)).

sessions(Black, White, T, Lang) :-
    minimax_depth(Depth),
    play_molinolog(user_input, user_output, Black, White, T, Depth, [lang(Lang)], Outcome),
    (   Outcome \== abandonada,
        play_again(user_input, user_output)
    ->  sessions(Black, White, T, Lang)
    ;   true
    ).

%   in_language(+Lang, :Goal): Goal with the flag message_language set to
%   Lang, which chooses the words of messages.pl.
in_language(Lang, Goal) :-
    current_prolog_flag(message_language, Old),
    setup_call_cleanup(set_prolog_flag(message_language, Lang),
                       Goal,
                       set_prolog_flag(message_language, Old)).

%   say(+Out, +Message): the message molinolog(Message) in the current
%   language, on Out.
say(Out, Message) :-
    phrase(prolog:translate_message(molinolog(Message)), Lines),
    print_message_lines(Out, '', Lines).

%!  play_molinolog(+In, +Out, +Black, +White, +T, +Depth, -Resultado) is det.
%
%   Plays one game reading the humans' input from stream In and writing to
%   stream Out; machines search Depth turns.  Resultado is the course's
%   result of the game (fin_del_juego/2), or `abandonada`.
%
%   ?- open_string("", _In), with_output_to(string(_),
%      play_molinolog(_In, current_output, maquina, maquina, 1, 2, Resultado)).
%   Resultado = gana(negro, sin_movimientos).
play_molinolog(In, Out, Black, White, T, Depth, Outcome) :-
    play_molinolog(In, Out, Black, White, T, Depth, [], Outcome).

%!  play_molinolog(+In, +Out, +Black, +White, +T, +Depth, +Options, -Resultado) is det.
%
%   As play_molinolog/7; Options: lang(Lang), `es` (the default) or `en`.
%
%   ?- open_string("", _In), with_output_to(string(_Out),
%      play_molinolog(_In, current_output, maquina, maquina, 1, 2, [lang(en)], _)),
%      sub_string(_Out, 0, 28, _, First).
%   First = "Molinolog, board of size 1.\n".
play_molinolog(In, Out, Black, White, T, Depth, Options, Outcome) :-
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    must_be(between(1, 3), T),
    must_be(positive_integer, Depth),
    must_be(list, Options),
    option(lang(Lang), Options, es),
    must_be(oneof([es, en]), Lang),
    in_language(Lang, play(In, Out, Black, White, T, Depth, Lang, Outcome)).

play(In, Out, Black, White, T, Depth, Lang, Outcome) :-
    estado_inicial(T, false, E0),
    say(Out, start(T)),
    (   memberchk(humano, [Black, White])
    ->  help(Out)
    ;   true
    ),
    turn(E0, game(In, Out, players(Black, White), Depth, Lang), Outcome).

turn(E, G, Outcome) :-
    G = game(_, Out, Players, Depth, Lang),
    guardar_estado(E),
    nl(Out),
    show(Lang, E, Out),
    (   fin_del_juego(E, Outcome0)
    ->  Outcome = Outcome0
    ;   (   fase(E, capturar(Molino))
        ->  say(Out, mill(Molino))
        ;   true
        ),
        turno(E, C),
        player(C, Players, Player),
        (   Player == maquina
        ->  course_engine(E, S),
            best_move(S, Depth, Move),
            move_jugada(Move, Jugada),
            jugar(E, Jugada, E1),
            say(Out, machine(C, Jugada)),
            turn(E1, G, Outcome)
        ;   human_step(E, G, Next),
            (   Next == abandonada
            ->  say(Out, abandoned),
                Outcome = abandonada
            ;   turn(Next, G, Outcome)
            )
        )
    ).

%   show(+Lang, +E, +Out): the board and the status line.  In Spanish the
%   course's print_state/0 of the stored game; in English the same board and
%   the status line in English.
show(es, _, Out) :-
    with_output_to(Out, print_state).
show(en, E, Out) :-
    E = estado(T, _, _, Fase, _, _, _, _),
    findall(P-C, ( ficha_en(E, P, Color), colour_color(C, Color) ), Pieces),
    (   Fase = capturar(Molino) -> true ; Molino = [] ),
    board_lines(T, Pieces, Molino, Lines),
    forall(member(L, Lines), format(Out, "~s~n", [L])),
    say(Out, status(E)).

player(negro, players(P, _), P).
player(blanco, players(_, P), P).

%   human_step(+E, +Game, -Next): reads input until it is a legal action;
%   Next is the course's state after it, or `abandonada`.
human_step(E, G, Next) :-
    G = game(In, Out, _, _, _),
    say(Out, prompt),
    flush_output(Out),
    read_input(In, Input),
    (   Input == quit
    ->  Next = abandonada
    ;   Input == help
    ->  help(Out),
        human_step(E, G, Next)
    ;   input_answer(Input, E, Answer),
        (   Answer = next(Next0)
        ->  Next = Next0
        ;   Answer = error(Why),
            say(Out, error(Why)),
            human_step(E, G, Next)
        )
    ).

%   read_input(+In, -Input): the next line that is not blank, as term(T),
%   syntax(Message), help or quit.  A missing full stop is forgiven.
read_input(In, Input) :-
    read_line_to_string(In, Line0),
    (   Line0 == end_of_file
    ->  Input = quit
    ;   normalize_space(string(Line), Line0),
        (   Line == ""
        ->  read_input(In, Input)
        ;   line_input(Line, Input)
        )
    ).

line_input(Line, Input) :-
    (   sub_string(Line, _, 1, 0, ".")
    ->  Text = Line
    ;   string_concat(Line, ".", Text)
    ),
    catch(term_string(Term, Text), E, true),
    (   nonvar(E)
    ->  syntax_text(E, Message),
        Input = syntax(Message)
    ;   Term == salir
    ->  Input = quit
    ;   Term == ayuda
    ->  Input = help
    ;   Input = term(Term)
    ).

syntax_text(E, syntax) :-
    E = error(syntax_error(_), _),
    !.
syntax_text(E, _) :-
    throw(E).

%   input_answer(+Input, +E, -Answer): next(Estado) after the action the
%   input asks for in this phase, or error(Why) saying why there is none (a
%   message of messages.pl: syntax, unbound, phase(Fase), refused(Code, T)).
input_answer(syntax(Why), _, error(Why)).
input_answer(term(Term), E, Answer) :-
    fase(E, Fase0),
    phase_name(Fase0, Fase),
    (   \+ ground(Term)
    ->  Answer = error(unbound)
    ;   \+ phase_input(Fase, Term, _)
    ->  Answer = error(phase(Fase))
    ;   phase_input(Fase, Term, Accion),
        rechazo(E, Accion, Code)
    ->  refusal_why(Code, E, Why),
        Answer = error(Why)
    ;   phase_input(Fase, Term, Accion),
        aplicar(E, Accion, Next),
        Answer = next(Next)
    ).

phase_name(capturar(_), capturar) :- !.
phase_name(Fase, Fase).

phase_input(colocar, (D, R), colocar((D, R))).
phase_input(capturar, (D, R), capturar((D, R))).
phase_input(mover, (D1, R1)-(D2, R2), mover((D1, R1), (D2, R2))).

%   refusal_why(+Code, +E, -Why): what to say about rechazo/3's Code: a
%   refusal for being in the wrong phase says what this phase takes.
refusal_why(wrong_phase, E, phase(Fase)) :-
    !,
    fase(E, Fase0),
    phase_name(Fase0, Fase).
refusal_why(Code, E, refused(Code, T)) :-
    arg(1, E, T).

help(Out) :-
    say(Out, help).

play_again(In, Out) :-
    say(Out, play_again),
    flush_output(Out),
    read_input(In, Input),
    (   ( Input == term(s) ; Input == term(y) )
    ->  true
    ;   Input == term(n)
    ->  fail
    ;   Input == quit
    ->  fail
    ;   say(Out, yes_or_no),
        play_again(In, Out)
    ).
