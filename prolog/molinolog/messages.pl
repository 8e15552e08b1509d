:- module(molinolog_messages, []).  % only clauses of prolog:message//1,2

/** <module> Molinolog: the terminal game's words, in Spanish and English

The terminal game (prolog/molinolog_cli.pl) says everything through
print_message_lines/3 of a message term molinolog(Message), translated here
the way SWI-Prolog translates its own messages: prolog:message(es, Term)//
gives the Spanish words (the course's language), prolog:message(Term)// the
English ones, chosen by the flag message_language, which the game sets for
its duration (es unless English is asked for with lang(en)).  A translator
edits this file only.  The board is drawn the same in both; in Spanish the
status line under it is the course's own (mensaje_estado/2 of
course.pl, as print_state/0 prints it).

The messages:

    start(T)                  a new game on a board of size T
    help                      how to type an action
    status(Estado)            the status line: whose turn and what to do, or the end
    mill(Points)              the mill just formed, awaiting its capture
    prompt                    ask a human for an action (no newline)
    error(Why)                a line that is no action now: syntax, unbound,
                              phase(Fase) (what this phase takes) or
                              refused(Code, T) (rechazo/3's code on a board of size T)
    machine(Color, Jugada)    the machine's whole turn
    abandoned                 a human left the game
    play_again                ask whether to play again (no newline)
    yes_or_no                 an answer that is neither yes nor no
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(course, [mensaje_estado/2, fin_del_juego/2, turno/2, fase/2, contrincante/2]).

:- multifile
    prolog:message//1,
    prolog:message//2.

                 /*******************************
                 *            SPANISH           *
                 *******************************/

prolog:message(es, molinolog(Message)) -->
    es(Message).

es(start(T)) -->
    [ 'Molinolog, tablero de tamaño ~d.'-[T] ].
es(help) -->
    [ 'Escriba (n,2) para colocar o capturar en (n,2), (n,2)-(ne,2) para mover,', nl,
      'ayuda para ver esto, salir para abandonar.  X negro, O blanco, * molino.' ].
es(status(Estado)) -->
    { mensaje_estado(Estado, Texto) },
    [ '~s'-[Texto] ].
es(mill(Points)) -->
    { points_text(Points, Text) },
    [ '(Molino en ~w.)'-[Text] ].
es(prompt) -->
    [ '> ', flush ].
es(error(Why)) -->
    { es_error(Why, Text) },
    [ 'Error: ~w'-[Text] ].
es(machine(Color, Jugada)) -->
    { jugada_steps(Jugada, Steps),
      maplist(es_step, Steps, Texts),
      atomic_list_concat(Texts, ' y ', All) },
    [ 'La máquina (~w) ~w.'-[Color, All] ].
es(abandoned) -->
    [ 'Partida abandonada.' ].
es(play_again) -->
    [ '¿Jugar de nuevo? (s/n)' ].
es(yes_or_no) -->
    [ 'Responda s o n.' ].

es_error(syntax, 'no se entiende la entrada; escriba p. ej. (n,2) o (n,2)-(ne,2).').
es_error(unbound, 'escriba coordenadas sin variables, p. ej. (n,2).').
es_error(phase(Fase), Text) :-
    es_phase(Fase, Text).
es_error(refused(Code, T), Text) :-
    es_refusal(Code, T, Text).

es_phase(colocar, 'en la fase colocar escriba un punto, p. ej. (n,2).').
es_phase(capturar, 'escriba el punto de la pieza a capturar, p. ej. (n,2).').
es_phase(mover, 'en la fase mover escriba Origen-Destino, p. ej. (n,2)-(ne,2).').

es_refusal(occupied, _, 'ese punto ya está ocupado.').
es_refusal(not_adjacent, _, 'solo se puede mover a un punto vecino, siguiendo una arista.').
es_refusal(not_your_piece, _, 'en ese punto no hay una pieza suya.').
es_refusal(must_capture, _, 'formó un molino: primero debe capturar una pieza del oponente.').
es_refusal(not_capturable, _, 'debe capturar una pieza del oponente.').
es_refusal(in_mill, _, 'esa pieza está en un molino y el oponente tiene piezas fuera de molinos.').
es_refusal(off_board, T, Text) :-
    Max is T + 1,
    format(atom(Text), 'ese punto no está en el tablero: la dirección es n, ne, e, se, s, sw, w o nw y la distancia de 1 a ~d.', [Max]).
es_refusal(bad_step, _, 'esa jugada no existe.').
es_refusal(game_over, _, 'la partida terminó.').

es_step(coloca(P), Text) :-
    point_text(P, PT),
    format(atom(Text), 'coloca en ~w', [PT]).
es_step(mueve(F, T), Text) :-
    point_text(F, FT),
    point_text(T, TT),
    format(atom(Text), 'mueve ~w-~w', [FT, TT]).
es_step(captura(P), Text) :-
    point_text(P, PT),
    format(atom(Text), 'captura ~w', [PT]).

                 /*******************************
                 *            ENGLISH           *
                 *******************************/

prolog:message(molinolog(Message)) -->
    en(Message).

en(start(T)) -->
    [ 'Molinolog, board of size ~d.'-[T] ].
en(help) -->
    [ 'Type (n,2) to place on (n,2) or capture there, (n,2)-(ne,2) to move,', nl,
      'ayuda for this help, salir to leave.  X black, O white, * mill.' ].
en(status(Estado)) -->
    { en_status(Estado, Text) },
    [ '~w'-[Text] ].
en(mill(Points)) -->
    { points_text(Points, Text) },
    [ '(Mill at ~w.)'-[Text] ].
en(prompt) -->
    [ '> ', flush ].
en(error(Why)) -->
    { en_error(Why, Text) },
    [ 'Error: ~w'-[Text] ].
en(machine(Color, Jugada)) -->
    { en_colour(Color, Name),
      jugada_steps(Jugada, Steps),
      maplist(en_step, Steps, Texts),
      atomic_list_concat(Texts, ' and ', All) },
    [ 'The machine (~w) ~w.'-[Name, All] ].
en(abandoned) -->
    [ 'Game abandoned.' ].
en(play_again) -->
    [ 'Play again? (y/n)' ].
en(yes_or_no) -->
    [ 'Answer y or n.' ].

en_colour(negro, 'Black').
en_colour(blanco, 'White').

%   en_status(+Estado, -Text): the status line in English, as the web page
%   words it.
en_status(Estado, Text) :-
    (   fin_del_juego(Estado, Resultado)
    ->  en_result(Resultado, Text)
    ;   turno(Estado, Color),
        en_colour(Color, Name),
        fase(Estado, Fase),
        en_phase_status(Fase, Estado, Name, Text)
    ).

en_phase_status(colocar, estado(_, _, Color, _, _, mano(NB, NW), _, _), Name, Text) :-
    (   Color == negro -> N = NB ; N = NW ),
    (   N =:= 1 -> Pieces = piece ; Pieces = pieces ),
    format(atom(Text), '~w to place ~d ~w', [Name, N, Pieces]).
en_phase_status(mover, _, Name, Text) :-
    format(atom(Text), '~w to move', [Name]).
en_phase_status(capturar(_), _, Name, Text) :-
    format(atom(Text), '~w to capture', [Name]).

en_result(gana(Color, Razon), Text) :-
    en_colour(Color, Name),
    contrincante(Color, Otro),
    en_colour(Otro, Loser),
    en_reason(Razon, Loser, Why),
    format(atom(Text), '~w wins (~w)', [Name, Why]).
en_result(tablas(repeticion), 'Draw by threefold repetition').
en_result(tablas(cincuenta_jugadas), 'Draw: 50 moves by each side without a capture').

en_reason(dos_fichas, Loser, Why) :-
    format(atom(Why), '~w is left with two pieces', [Loser]).
en_reason(sin_movimientos, Loser, Why) :-
    format(atom(Why), '~w cannot move', [Loser]).

en_error(syntax, 'the input is not understood; type e.g. (n,2) or (n,2)-(ne,2).').
en_error(unbound, 'type points without variables, e.g. (n,2).').
en_error(phase(Fase), Text) :-
    en_phase(Fase, Text).
en_error(refused(Code, T), Text) :-
    en_refusal(Code, T, Text).

en_phase(colocar, 'while placing, type a point, e.g. (n,2).').
en_phase(capturar, 'type the point of the piece to capture, e.g. (n,2).').
en_phase(mover, 'while moving, type From-To, e.g. (n,2)-(ne,2).').

en_refusal(occupied, _, 'that point is already occupied.').
en_refusal(not_adjacent, _, 'a piece moves only along a line to a neighbouring point.').
en_refusal(not_your_piece, _, 'there is no piece of yours on that point.').
en_refusal(must_capture, _, 'you formed a mill: capture an opponent\'s piece first.').
en_refusal(not_capturable, _, 'capture one of the opponent\'s pieces.').
en_refusal(in_mill, _, 'that piece is in a mill and the opponent has pieces outside mills.').
en_refusal(off_board, T, Text) :-
    Max is T + 1,
    format(atom(Text), 'that point is not on the board: the direction is n, ne, e, se, s, sw, w or nw and the distance 1 to ~d.', [Max]).
en_refusal(bad_step, _, 'there is no such action.').
en_refusal(game_over, _, 'the game is over.').

en_step(coloca(P), Text) :-
    point_text(P, PT),
    format(atom(Text), 'places on ~w', [PT]).
en_step(mueve(F, T), Text) :-
    point_text(F, FT),
    point_text(T, TT),
    format(atom(Text), 'moves ~w-~w', [FT, TT]).
en_step(captura(P), Text) :-
    point_text(P, PT),
    format(atom(Text), 'captures ~w', [PT]).

                 /*******************************
                 *            SHARED            *
                 *******************************/

jugada_steps(colocar(P), [coloca(P)]).
jugada_steps(colocar(P, C), [coloca(P), captura(C)]).
jugada_steps(mover(F, T), [mueve(F, T)]).
jugada_steps(mover(F, T, C), [mueve(F, T), captura(C)]).
jugada_steps(capturar(C), [captura(C)]).

point_text((D, R), Text) :-
    format(atom(Text), '(~w,~w)', [D, R]).

points_text(Ps, Text) :-
    maplist(point_text, Ps, Ts),
    atomic_list_concat(Ts, ' ', Text).
