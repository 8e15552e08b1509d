:- module(molinolog_cli,
          [ molinolog/3,            % +JugadorNegro, +JugadorBlanco, +T
            play_molinolog/7        % +In, +Out, +Black, +White, +T, +Depth, -Outcome
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
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(readutil)).
:- use_module(molinolog/course).
:- use_module(molinolog/convert, [course_engine/2, move_jugada/2]).
:- use_module(molinolog/machine, [minimax_depth/1, best_move/3]).

%!  molinolog(+JugadorNegro, +JugadorBlanco, +T) is det.
%
%   Plays Molinolog on the terminal on a board of size T (1..3); each player
%   is `humano` or `maquina` (minimax of minimax_depth/1 turns).  At the end
%   asks "¿Jugar de nuevo? (s/n)" and plays again with the same settings on
%   `s`.
molinolog(Black, White, T) :-
    set_stream(user_output, encoding(utf8)),
    setup_call_cleanup(prompt(Old, ''),
                       sessions(Black, White, T),
                       prompt(_, Old)).

sessions(Black, White, T) :-
    minimax_depth(Depth),
    play_molinolog(user_input, user_output, Black, White, T, Depth, Outcome),
    (   Outcome \== abandonada,
        play_again(user_input, user_output)
    ->  sessions(Black, White, T)
    ;   true
    ).

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
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    must_be(between(1, 3), T),
    must_be(positive_integer, Depth),
    estado_inicial(T, false, E0),
    format(Out, "Molinolog, tablero de tamaño ~d.~n", [T]),
    (   memberchk(humano, [Black, White])
    ->  help(Out)
    ;   true
    ),
    turn(E0, game(In, Out, players(Black, White), Depth), Outcome).

turn(E, G, Outcome) :-
    G = game(_, Out, Players, Depth),
    guardar_estado(E),
    nl(Out),
    with_output_to(Out, print_state),
    (   fin_del_juego(E, Outcome0)
    ->  Outcome = Outcome0
    ;   (   fase(E, capturar(Molino))
        ->  points_text(Molino, MillText),
            format(Out, "(Molino en ~s.)~n", [MillText])
        ;   true
        ),
        turno(E, C),
        player(C, Players, Player),
        (   Player == maquina
        ->  course_engine(E, S),
            best_move(S, Depth, Move),
            move_jugada(Move, Jugada),
            jugar(E, Jugada, E1),
            machine_text(C, Jugada, Said),
            format(Out, "~s~n", [Said]),
            turn(E1, G, Outcome)
        ;   human_step(E, G, Next),
            (   Next == abandonada
            ->  format(Out, "Partida abandonada.~n", []),
                Outcome = abandonada
            ;   turn(Next, G, Outcome)
            )
        )
    ).

player(negro, players(P, _), P).
player(blanco, players(_, P), P).

%   human_step(+E, +Game, -Next): reads input until it is a legal action;
%   Next is the course's state after it, or `abandonada`.
human_step(E, G, Next) :-
    G = game(In, Out, _, _),
    format(Out, "> ", []),
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
        ;   Answer = error(Text),
            format(Out, "Error: ~s~n", [Text]),
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

syntax_text(E, "no se entiende la entrada; escriba p. ej. (n,2) o (n,2)-(ne,2).") :-
    E = error(syntax_error(_), _),
    !.
syntax_text(E, _) :-
    throw(E).

%   input_answer(+Input, +E, -Answer): next(Estado) after the action the
%   input asks for in this phase, or error(Text) saying why there is none.
input_answer(syntax(Text), _, error(Text)).
input_answer(term(Term), E, Answer) :-
    fase(E, Fase0),
    phase_name(Fase0, Fase),
    (   \+ ground(Term)
    ->  Answer = error("escriba coordenadas sin variables, p. ej. (n,2).")
    ;   \+ phase_input(Fase, Term, _)
    ->  phase_hint(Fase, Hint),
        Answer = error(Hint)
    ;   phase_input(Fase, Term, Accion),
        rechazo(E, Accion, Code)
    ->  refusal_text(Code, E, Text),
        Answer = error(Text)
    ;   phase_input(Fase, Term, Accion),
        aplicar(E, Accion, Next),
        Answer = next(Next)
    ).

phase_name(capturar(_), capturar) :- !.
phase_name(Fase, Fase).

phase_input(colocar, (D, R), colocar((D, R))).
phase_input(capturar, (D, R), capturar((D, R))).
phase_input(mover, (D1, R1)-(D2, R2), mover((D1, R1), (D2, R2))).

phase_hint(colocar, "en la fase colocar escriba un punto, p. ej. (n,2).").
phase_hint(capturar, "escriba el punto de la pieza a capturar, p. ej. (n,2).").
phase_hint(mover, "en la fase mover escriba Origen-Destino, p. ej. (n,2)-(ne,2).").

refusal_text(occupied, _, "ese punto ya está ocupado.").
refusal_text(not_adjacent, _, "solo se puede mover a un punto vecino, siguiendo una arista.").
refusal_text(not_your_piece, _, "en ese punto no hay una pieza suya.").
refusal_text(must_capture, _, "formó un molino: primero debe capturar una pieza del oponente.").
refusal_text(not_capturable, _, "debe capturar una pieza del oponente.").
refusal_text(in_mill, _, "esa pieza está en un molino y el oponente tiene piezas fuera de molinos.").
refusal_text(wrong_phase, E, Text) :-
    fase(E, Fase0),
    phase_name(Fase0, Fase),
    phase_hint(Fase, Text).
refusal_text(off_board, E, Text) :-
    arg(1, E, T),
    Max is T + 1,
    format(string(Text), "ese punto no está en el tablero: la dirección es n, ne, e, se, s, sw, w o nw y la distancia de 1 a ~d.", [Max]).
refusal_text(bad_step, _, "esa jugada no existe.").
refusal_text(game_over, _, "la partida terminó.").

help(Out) :-
    format(Out, "Escriba (n,2) para colocar o capturar en (n,2), (n,2)-(ne,2) para mover,~n", []),
    format(Out, "ayuda para ver esto, salir para abandonar.  X negro, O blanco, * molino.~n", []).

play_again(In, Out) :-
    format(Out, "¿Jugar de nuevo? (s/n)~n", []),
    flush_output(Out),
    read_input(In, Input),
    (   Input == term(s)
    ->  true
    ;   Input == term(n)
    ->  fail
    ;   Input == quit
    ->  fail
    ;   format(Out, "Responda s o n.~n", []),
        play_again(In, Out)
    ).

                 /*******************************
                 *            TEXTS             *
                 *******************************/

machine_text(Color, Jugada, Text) :-
    jugada_steps(Jugada, Steps),
    maplist(step_text, Steps, Texts),
    atomic_list_concat(Texts, ' y ', All),
    format(string(Text), "La máquina (~w) ~w.", [Color, All]).

jugada_steps(colocar(P), [coloca(P)]).
jugada_steps(colocar(P, C), [coloca(P), captura(C)]).
jugada_steps(mover(F, T), [mueve(F, T)]).
jugada_steps(mover(F, T, C), [mueve(F, T), captura(C)]).
jugada_steps(capturar(C), [captura(C)]).

step_text(coloca(P), Text) :-
    point_text(P, PT),
    format(string(Text), "coloca en ~s", [PT]).
step_text(mueve(F, T), Text) :-
    point_text(F, FT),
    point_text(T, TT),
    format(string(Text), "mueve ~s-~s", [FT, TT]).
step_text(captura(P), Text) :-
    point_text(P, PT),
    format(string(Text), "captura ~s", [PT]).

point_text((D, R), Text) :-
    format(string(Text), "(~w,~w)", [D, R]).

points_text(Ps, Text) :-
    maplist(point_text, Ps, Ts),
    atomic_list_concat(Ts, ' ', Text0),
    atom_string(Text0, Text).
