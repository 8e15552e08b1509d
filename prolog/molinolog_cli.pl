:- module(molinolog_cli,
          [ molinolog/3,            % +JugadorNegro, +JugadorBlanco, +T
            play_molinolog/7        % +In, +Out, +Black, +White, +T, +Depth, -Outcome
          ]).

/** <module> Molinolog in a terminal

Start here to play: `swipl prolog/molinolog.pl` (or this file) and then
`molinolog(humano, maquina, 2).` at the `?-` prompt.  The rules are those of
the modules under prolog/molinolog/; this module only reads, prints and
asks.  prolog/molinolog.pl re-exports molinolog/3.

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
:- use_module(molinolog/board, [board_lines/4]).
:- use_module(molinolog/rules).
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
    (   Outcome \== abandoned,
        play_again(user_input, user_output)
    ->  sessions(Black, White, T)
    ;   true
    ).

%!  play_molinolog(+In, +Out, +Black, +White, +T, +Depth, -Outcome) is det.
%
%   Plays one game reading the humans' input from stream In and writing to
%   stream Out; machines search Depth turns.  Outcome is the final outcome
%   of state_outcome/2, or `abandoned`.
%
%   ?- open_string("", _In), with_output_to(string(_),
%      play_molinolog(_In, current_output, maquina, maquina, 1, 2, Outcome)).
%   Outcome = win(b, no_moves).
play_molinolog(In, Out, Black, White, T, Depth, Outcome) :-
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    must_be(between(1, 3), T),
    must_be(positive_integer, Depth),
    molinolog_initial(T, S0),
    format(Out, "Molinolog, tablero de tamaño ~d.~n", [T]),
    (   memberchk(humano, [Black, White])
    ->  help(Out)
    ;   true
    ),
    turn(S0, game(In, Out, players(Black, White), Depth), Outcome).

turn(S, G, Outcome) :-
    G = game(_, Out, Players, Depth),
    draw_board(Out, S),
    state_outcome(S, Outcome0),
    (   Outcome0 \== none
    ->  end_text(Outcome0, End),
        format(Out, "~s~n", [End]),
        Outcome = Outcome0
    ;   status_line(S, Status),
        format(Out, "~s~n", [Status]),
        state_to_move(S, C),
        player(C, Players, Player),
        (   Player == maquina
        ->  best_move(S, Depth, Move),
            play_move(S, Move, S1),
            machine_text(C, Move, Said),
            format(Out, "~s~n", [Said]),
            turn(S1, G, Outcome)
        ;   human_step(S, G, Next),
            (   Next == abandoned
            ->  format(Out, "Partida abandonada.~n", []),
                Outcome = abandoned
            ;   turn(Next, G, Outcome)
            )
        )
    ).

player(b, players(P, _), P).
player(w, players(_, P), P).

%   human_step(+S, +Game, -Next): reads input until it is a legal step;
%   Next is the state after it, or `abandoned`.
human_step(S, G, Next) :-
    G = game(In, Out, _, _),
    format(Out, "> ", []),
    flush_output(Out),
    read_input(In, Input),
    (   Input == quit
    ->  Next = abandoned
    ;   Input == help
    ->  help(Out),
        human_step(S, G, Next)
    ;   input_answer(Input, S, Answer),
        (   Answer = next(Next0)
        ->  Next = Next0
        ;   Answer = error(Text),
            format(Out, "Error: ~s~n", [Text]),
            human_step(S, G, Next)
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

%   input_answer(+Input, +S, -Answer): next(State) after the step the input
%   asks for in this phase, or error(Text) saying why there is none.
input_answer(syntax(Text), _, error(Text)).
input_answer(term(Term), S, Answer) :-
    state_phase(S, Phase),
    (   \+ ground(Term)
    ->  Answer = error("escriba coordenadas sin variables, p. ej. (n,2).")
    ;   \+ phase_input(Phase, Term, _)
    ->  phase_hint(Phase, Hint),
        Answer = error(Hint)
    ;   phase_input(Phase, Term, Step),
        step_refusal(S, Step, Code)
    ->  refusal_text(Code, S, Text),
        Answer = error(Text)
    ;   phase_input(Phase, Term, Step),
        step(S, Step, Next),
        Answer = next(Next)
    ).

phase_input(place, (D, R), place((D, R))).
phase_input(capture, (D, R), capture((D, R))).
phase_input(move, (D1, R1)-(D2, R2), move((D1, R1), (D2, R2))).

phase_hint(place, "en la fase colocar escriba un punto, p. ej. (n,2).").
phase_hint(capture, "escriba el punto de la pieza a capturar, p. ej. (n,2).").
phase_hint(move, "en la fase mover escriba Origen-Destino, p. ej. (n,2)-(ne,2).").

refusal_text(occupied, _, "ese punto ya está ocupado.").
refusal_text(not_adjacent, _, "solo se puede mover a un punto vecino, siguiendo una arista.").
refusal_text(not_your_piece, _, "en ese punto no hay una pieza suya.").
refusal_text(must_capture, _, "formó un molino: primero debe capturar una pieza del oponente.").
refusal_text(not_capturable, _, "debe capturar una pieza del oponente.").
refusal_text(in_mill, _, "esa pieza está en un molino y el oponente tiene piezas fuera de molinos.").
refusal_text(wrong_phase, S, Text) :-
    state_phase(S, Phase),
    phase_hint(Phase, Text).
refusal_text(off_board, S, Text) :-
    state_size(S, T),
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

colour_name(b, "negro").
colour_name(w, "blanco").

status_line(S, Text) :-
    state_to_move(S, C),
    colour_name(C, Name),
    state_phase(S, Phase),
    (   Phase == place
    ->  state_in_hand(S, C, N),
        (   N =:= 1
        ->  Fichas = "ficha"
        ;   Fichas = "fichas"
        ),
        format(string(Text), "Jugador ~w, colocar ~d ~w", [Name, N, Fichas])
    ;   Phase == move
    ->  format(string(Text), "Jugador ~w, mover", [Name])
    ;   state_mill(S, Mill),
        points_text(Mill, MillText),
        format(string(Text), "Molino en ~s.~nJugador ~w, capturar",
               [MillText, Name])
    ).

machine_text(C, Move, Text) :-
    colour_name(C, Name),
    move_steps(Move, Steps),
    maplist(step_text, Steps, Texts),
    atomic_list_concat(Texts, ' y ', All),
    format(string(Text), "La máquina (~w) ~w.", [Name, All]).

step_text(place(P), Text) :-
    point_text(P, PT),
    format(string(Text), "coloca en ~s", [PT]).
step_text(move(F, T), Text) :-
    point_text(F, FT),
    point_text(T, TT),
    format(string(Text), "mueve ~s-~s", [FT, TT]).
step_text(capture(P), Text) :-
    point_text(P, PT),
    format(string(Text), "captura ~s", [PT]).

point_text((D, R), Text) :-
    format(string(Text), "(~w,~w)", [D, R]).

points_text(Ps, Text) :-
    maplist(point_text, Ps, Ts),
    atomic_list_concat(Ts, ' ', Text0),
    atom_string(Text0, Text).

end_text(win(C, Why), Text) :-
    colour_name(C, Name),
    other_name(C, Loser),
    win_why(Why, Loser, Reason),
    format(string(Text), "¡Ganó el jugador ~w! (~w)", [Name, Reason]).
end_text(draw(repetition), "Tablas: la misma posición se repitió tres veces.").
end_text(draw(fifty_moves), "Tablas: 50 jugadas de cada jugador sin capturas.").

other_name(b, "blanco").
other_name(w, "negro").

win_why(two_pieces, Loser, Text) :-
    format(string(Text), "el jugador ~w quedó con dos fichas", [Loser]).
win_why(no_moves, Loser, Text) :-
    format(string(Text), "el jugador ~w no puede mover", [Loser]).

                 /*******************************
                 *          THE BOARD           *
                 *******************************/

draw_board(Out, S) :-
    state_size(S, T),
    findall(P-C, state_piece(S, P, C), Pieces),
    state_mill(S, Mill),
    board_lines(T, Pieces, Mill, Lines),
    nl(Out),
    forall(member(L, Lines), format(Out, "~s~n", [L])).
