:- module(go_messages, []).  % only clauses of prolog:message//1,2

/** <module> Go: the terminal game's words, in Spanish and English

The terminal game (prolog/go_cli.pl) says everything through
print_message_lines/3 of a message term go(Message), translated here the
way SWI-Prolog translates its own messages: prolog:message(es, Term)//
gives the Spanish words (the course's language), prolog:message(Term)// the
English ones, chosen by the flag message_language, which the game sets for
its duration (es unless English is asked for with lang(en)), as
prolog/molinolog_cli.pl does.  A translator edits this file only.  The
board (board_text/3 of go/rules.pl) is drawn the same in both.

The messages (P is "b" or "w", a Vertex is a GTP name such as "D4"):

    start(Size, Preset, Komi)      a new game
    help                           how to type an action
    to_move(P, CapturesB, CapturesW)   the line under the board in play
    scoring(P, Dead, B, W, Komi)   the lines under the board in the scoring
                                   phase: Dead the vertices of the stones
                                   marked dead, B and W the count with them
                                   off, P the player it waits for
    prompt(P)                      ask a human for an action (no newline)
    error(Why)                     a line that is no action now: empty,
                                   not_understood or refused(Code, Size)
                                   (a refusal code of go_play/4)
    machine(P, Said)               what the machine did; Said is
                                   move(Vertex), pass, resign,
                                   toggle(Vertex, alive or dead), accept
                                   or resume
    human(P, Said)                 what a human did (not a move)
    stopped                        a human stopped the game
    over(Code, Outcome)            the end: the result code ("W+R") and
                                   go_outcome/2's Outcome
    count(Preset, B, W, Komi)      the points at the end of a counted game
    play_again                     ask whether to play again
    yes_or_no                      an answer that is neither yes nor no
*/

:- use_module(library(lists)).
:- use_module(rules, [gtp_vertex/3]).

:- multifile
    prolog:message//1,
    prolog:message//2.

                 /*******************************
                 *            SPANISH           *
                 *******************************/

prolog:message(es, go(Message)) -->
    es(Message).

es(start(Size, Preset, Komi)) -->
    [ 'Go, tablero de ~dx~d, reglas ~w, komi ~w.'-[Size, Size, Preset, Komi] ].
es(help) -->
    [ 'Escriba una jugada como d4. (columna y fila, como en los bordes del tablero),', nl,
      'pass. para pasar, resign. para abandonar, ayuda. para ver esto, salir. para terminar.', nl,
      'X negras, O blancas.  Dos pases seguidos terminan el juego; luego se marcan', nl,
      'las piedras muertas: d4. marca (o desmarca) la cadena de D4, aceptar. acepta,', nl,
      'seguir. vuelve a jugar.' ].
es(to_move(P, Bc, Wc)) -->
    { es_colour(P, Name) },
    [ 'Juegan ~w.  Capturas: negras ~d, blancas ~d.'-[Name, Bc, Wc] ].
es(scoring(P, Dead, B, W, Komi)) -->
    { es_colour(P, Name),
      vertices_text(Dead, ninguna, Vertices) },
    [ 'Fase de recuento.  Muertas (x, o): ~w.'-[Vertices], nl,
      'Con ellas fuera: negras ~w, blancas ~w (komi ~w incluido).'-[B, W, Komi], nl,
      'Esperando a las ~w: un punto marca su cadena muerta o viva, aceptar. acepta, seguir. vuelve a jugar.'-[Name] ].
es(prompt(P)) -->
    { es_title(P, Name) },
    [ '~w> '-[Name], flush ].
es(error(Why)) -->
    { es_error(Why, Text) },
    [ 'Error: ~w'-[Text] ].
es(machine(P, Said)) -->
    { es_colour(P, Name),
      es_said(Said, singular, Text) },
    [ 'La máquina (~w) ~w.'-[Name, Text] ].
es(human(P, Said)) -->
    { es_colour(P, Name),
      es_said(Said, plural, Text) },
    [ 'Las ~w ~w.'-[Name, Text] ].
es(stopped) -->
    [ 'Partida interrumpida.' ].
es(over(Code, Outcome)) -->
    { es_outcome(Outcome, Text) },
    [ 'Fin de la partida: ~w.  ~w'-[Code, Text] ].
es(count(Preset, B, W, Komi)) -->
    { (   Preset == japanese
      ->  How = 'por territorio y prisioneros'
      ;   How = 'por área'
      ) },
    [ 'Puntos ~w: negras ~w, blancas ~w (komi ~w incluido).'-[How, B, W, Komi] ].
es(play_again) -->
    [ '¿Jugar de nuevo? (s/n)' ].
es(yes_or_no) -->
    [ 'Responda s. o n.' ].

es_colour("b", negras).
es_colour("w", blancas).

es_title("b", 'Negras').
es_title("w", 'Blancas').

%   es_said(+Said, +Number, -Text): the verb phrase of Said, for the machine
%   (singular) or "las negras" (plural).
es_said(move(V), singular, Text) :-
    format(atom(Text), 'juega ~w', [V]).
es_said(pass, singular, pasa).
es_said(pass, plural, pasan).
es_said(resign, singular, abandona).
es_said(resign, plural, abandonan).
es_said(toggle(V, Now), Number, Text) :-
    es_verb(Number, marca, marcan, Verb),
    es_now(Now, NowText),
    format(atom(Text), '~w ~w la cadena de ~w', [Verb, NowText, V]).
es_said(accept, Number, Text) :-
    es_verb(Number, acepta, aceptan, Verb),
    format(atom(Text), '~w el recuento', [Verb]).
es_said(resume, Number, Text) :-
    es_verb(Number, vuelve, vuelven, Verb),
    format(atom(Text), '~w a jugar', [Verb]).

es_verb(singular, V, _, V).
es_verb(plural, _, V, V).

es_now(alive, viva).
es_now(dead, muerta).

es_outcome(resign(P), Text) :-
    es_colour(P, Name),
    format(atom(Text), 'Ganan las ~w por abandono.', [Name]).
es_outcome(score(P, Margin), Text) :-
    es_colour(P, Name),
    (   Margin =:= 1 -> Points = punto ; Points = puntos ),
    format(atom(Text), 'Ganan las ~w por ~w ~w.', [Name, Margin, Points]).
es_outcome(tie(P), Text) :-
    es_colour(P, Name),
    format(atom(Text), 'Empate en puntos: ganan las ~w (regla de los documentos).', [Name]).
es_outcome(draw, 'Empate.').

es_error(empty, 'escriba una jugada, p. ej. d4. (ayuda. muestra las opciones)').
es_error(not_understood, 'no se entiende la entrada; escriba p. ej. d4. o pass.').
es_error(refused(Code, Size), Text) :-
    es_refusal(Code, Size, Text).

es_refusal(occupied, _, 'ese punto ya está ocupado.').
es_refusal(suicide, _, 'suicidio: la piedra quedaría sin libertades y no captura nada.').
es_refusal(ko, _, 'ko: repetiría la posición anterior a la última jugada del oponente; juegue en otro lugar primero.').
es_refusal(superko, _, 'superko: repetiría una posición anterior.').
es_refusal(off_board, Size, Text) :-
    last_column(Size, Last),
    format(atom(Text), 'ese punto no está en el tablero: columnas A a ~w (sin I), filas 1 a ~d.', [Last, Size]).
es_refusal(game_over, _, 'la partida terminó.').
es_refusal(not_your_turn, _, 'no es su turno.').
es_refusal(bad_action, _, 'esa jugada no existe.').
es_refusal(scoring_phase, _, 'el juego terminó: marque las piedras muertas, aceptar. o seguir.').
es_refusal(not_scoring, _, 'las piedras muertas se marcan después de dos pases.').
es_refusal(not_a_stone, _, 'no hay ninguna piedra en ese punto.').
es_refusal(already_accepted, _, 'ya aceptó este recuento.').

                 /*******************************
                 *            ENGLISH           *
                 *******************************/

prolog:message(go(Message)) -->
    en(Message).

en(start(Size, Preset, Komi)) -->
    [ 'Go, ~dx~d board, ~w rules, komi ~w.'-[Size, Size, Preset, Komi] ].
en(help) -->
    [ 'Type a move as d4. (column and row, as on the edges of the board),', nl,
      'pass. to pass, resign. to resign, help. for this help, quit. to stop.', nl,
      'X Black, O White.  Two passes in a row end play; then the dead stones', nl,
      'are marked: d4. marks (or unmarks) the chain on D4, accept. accepts,', nl,
      'resume. goes back to play.' ].
en(to_move(P, Bc, Wc)) -->
    { en_colour(P, Name) },
    [ '~w to play.  Captures: Black ~d, White ~d.'-[Name, Bc, Wc] ].
en(scoring(P, Dead, B, W, Komi)) -->
    { en_colour(P, Name),
      vertices_text(Dead, none, Vertices) },
    [ 'Counting.  Dead (x, o): ~w.'-[Vertices], nl,
      'With them off: Black ~w, White ~w (komi ~w included).'-[B, W, Komi], nl,
      'Waiting for ~w: a point marks its chain dead or alive, accept. accepts, resume. goes back to play.'-[Name] ].
en(prompt(P)) -->
    { en_colour(P, Name) },
    [ '~w> '-[Name], flush ].
en(error(Why)) -->
    { en_error(Why, Text) },
    [ 'Error: ~w'-[Text] ].
en(machine(P, Said)) -->
    { en_colour(P, Name),
      en_said(Said, Text) },
    [ 'The machine (~w) ~w.'-[Name, Text] ].
en(human(P, Said)) -->
    { en_colour(P, Name),
      en_said(Said, Text) },
    [ '~w ~w.'-[Name, Text] ].
en(stopped) -->
    [ 'Game stopped.' ].
en(over(Code, Outcome)) -->
    { en_outcome(Outcome, Text) },
    [ 'Game over: ~w.  ~w'-[Code, Text] ].
en(count(Preset, B, W, Komi)) -->
    { (   Preset == japanese
      ->  How = 'by territory and prisoners'
      ;   How = 'by area'
      ) },
    [ 'Points ~w: Black ~w, White ~w (komi ~w included).'-[How, B, W, Komi] ].
en(play_again) -->
    [ 'Play again? (y/n)' ].
en(yes_or_no) -->
    [ 'Answer y. or n.' ].

en_colour("b", 'Black').
en_colour("w", 'White').

en_said(move(V), Text) :-
    format(atom(Text), 'plays ~w', [V]).
en_said(pass, passes).
en_said(resign, resigns).
en_said(toggle(V, Now), Text) :-
    format(atom(Text), 'marks the chain on ~w ~w', [V, Now]).
en_said(accept, 'accepts the count').
en_said(resume, 'resumes play').

en_outcome(resign(P), Text) :-
    en_colour(P, Name),
    format(atom(Text), '~w wins by resignation.', [Name]).
en_outcome(score(P, Margin), Text) :-
    en_colour(P, Name),
    (   Margin =:= 1 -> Points = point ; Points = points ),
    format(atom(Text), '~w wins by ~w ~w.', [Name, Margin, Points]).
en_outcome(tie(P), Text) :-
    en_colour(P, Name),
    format(atom(Text), 'A tie on points: ~w wins (the documents\' rule).', [Name]).
en_outcome(draw, 'Draw.').

en_error(empty, 'type a move, e.g. d4. (help. shows the options)').
en_error(not_understood, 'the input is not understood; type e.g. d4. or pass.').
en_error(refused(Code, Size), Text) :-
    en_refusal(Code, Size, Text).

en_refusal(occupied, _, 'that point is already occupied.').
en_refusal(suicide, _, 'suicide: the stone would have no liberties and captures nothing.').
en_refusal(ko, _, 'ko: it would repeat the position before the opponent\'s last move; play elsewhere first.').
en_refusal(superko, _, 'superko: it would repeat an earlier position.').
en_refusal(off_board, Size, Text) :-
    last_column(Size, Last),
    format(atom(Text), 'that point is not on the board: columns A to ~w (no I), rows 1 to ~d.', [Last, Size]).
en_refusal(game_over, _, 'the game is over.').
en_refusal(not_your_turn, _, 'it is not your turn.').
en_refusal(bad_action, _, 'there is no such action.').
en_refusal(scoring_phase, _, 'play has ended: mark the dead stones, accept. or resume.').
en_refusal(not_scoring, _, 'dead stones are marked after two passes.').
en_refusal(not_a_stone, _, 'there is no stone on that point.').
en_refusal(already_accepted, _, 'you have already accepted this count.').

                 /*******************************
                 *            SHARED            *
                 *******************************/

%   vertices_text(+Vertices, +None, -Text): the vertices separated by
%   spaces, or None when there are none.
vertices_text([], None, None) :- !.
vertices_text(Vertices, _, Text) :-
    atomic_list_concat(Vertices, ' ', Text).

%   last_column(+Size, -Letter): the letter of the last column (no I).
last_column(Size, Last) :-
    C is Size - 1,
    gtp_vertex(Size, [0, C], Corner),
    sub_atom(Corner, 0, 1, _, Last).
