:- module(molinolog_convert,
          [ engine_course/2,        % +State, -Estado
            course_engine/2,        % +Estado, -State
            course_engine/4,        % +Estado0, +State0, +Estado, -State
            colour_color/2,         % ?Colour, ?Color
            step_action/2,          % ?Step, ?Accion
            move_jugada/2,          % ?Move, ?Jugada
            outcome_resultado/2     % ?Outcome, ?Resultado
          ]).

/** <module> Molinolog: between the course's rules and the bit-set engine

Start reading at prolog/molinolog/course.pl (the rules as the course writes
them).  The same game has two states: the course's

    estado(T, Proteger, Turno, Fase, Fichas, mano(N, B), SinCaptura, Historia)

(course.pl) and the engine's

    molinolog(rules(T, Protect), Black, White, ToMove, hand(NB, NW), Pending,
              Quiet, History)

(rules.pl: bit sets, fast, for the machine's search).  This module turns one
into the other, exactly: course_engine/2 of engine_course/2 gives back the
same term, so the web page can store the engine's state, judge each human
action with the course and store the course's answer.  It names the same
things in both vocabularies:

    b, w                      negro, blanco
    place(P), move(F, T),     colocar(P), mover(F, T),
    capture(P)                capturar(P)
    place(P, C), move(F, T, C)  colocar(P, C), mover(F, T, C)
    none                      (fin_del_juego/2 fails)
    win(b, two_pieces)        gana(negro, dos_fichas)
    win(w, no_moves)          gana(blanco, sin_movimientos)
    draw(repetition)          tablas(repeticion)
    draw(fifty_moves)         tablas(cincuenta_jugadas)
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(board, [bits_points/2, points_bits/2, point_index/2, index_point/2]).

%!  colour_color(?Colour, ?Color) is nondet.
%
%   Colour (b or w) is the engine's name of the course's Color.
colour_color(b, negro).
colour_color(w, blanco).

%!  engine_course(+State, -Estado) is det.
%
%   Estado is the course's state of the engine's State.
%
%   ?- engine_course(molinolog(rules(1, false), 1, 0, w, hand(5, 6), none, 1, [k(1, 0, w)]), E).
%   E = estado(1, false, blanco, colocar, [ficha(negro, n, 1)], mano(5, 6), 1, [posicion([ficha(negro, n, 1)], blanco)]).
engine_course(molinolog(rules(T, Pr), B, W, C, hand(NB, NW), Pending, Q, Keys),
              estado(T, Pr, Color, Fase, Fichas, mano(NB, NW), Q, Historia)) :-
    colour_color(C, Color),
    fichas(B, W, Fichas),
    (   Pending = capture(Bits)
    ->  bits_points(Bits, Ps),
        sort(Ps, Molino),
        Fase = capturar(Molino)
    ;   hand_of(C, NB, NW, N),
        N > 0
    ->  Fase = colocar
    ;   Fase = mover
    ),
    maplist(key_posicion, Keys, Historia).

hand_of(b, NB, _, NB).
hand_of(w, _, NW, NW).

key_posicion(k(B, W, C), posicion(Fichas, Color)) :-
    colour_color(C, Color),
    fichas(B, W, Fichas).

%   fichas(+B, +W, -Fichas): the pieces of the bit sets B (black) and W
%   (white), ring by ring: ring_fichas(Key, Fichas) lists the pieces of each
%   of the 256 bytes a ring can hold, for each colour and ring, Key being
%   (Colour*4 + Ring)*256 + Byte (a table made at load time, looked up by
%   its first argument).
fichas(B, W, Fichas) :-
    foldl(ring_pieces(B, W), [0, 1, 2, 3], [], F0),
    sort(F0, Fichas).

ring_pieces(B, W, K, F0, F) :-
    KB is K * 256 + ((B >> (8 * K)) /\ 255),
    KW is (4 + K) * 256 + ((W >> (8 * K)) /\ 255),
    ring_fichas(KB, FB),
    ring_fichas(KW, FW),
    append(FW, F0, F1),
    append(FB, F1, F).

term_expansion(ring_table, Clauses) :-
    findall(ring_fichas(Key, Fs),
            ( nth0(C, [negro, blanco], Color),
              between(0, 3, K),
              between(0, 255, Byte),
              Key is (C * 4 + K) * 256 + Byte,
              findall(ficha(Color, D, R),
                      ( between(0, 7, J),
                        Byte >> J /\ 1 =:= 1,
                        I is 8 * K + J,
                        index_point(I, (D, R)) ),
                      Fs) ),
            Clauses).

ring_table.

%!  course_engine(+Estado, -State) is det.
%
%   State is the engine's state of the course's Estado.
%
%   ?- course_engine(estado(1, false, blanco, colocar, [ficha(negro, n, 1)], mano(5, 6), 1,
%                           [posicion([ficha(negro, n, 1)], blanco)]), S).
%   S = molinolog(rules(1, false), 1, 0, w, hand(5, 6), none, 1, [k(1, 0, w)]).
course_engine(Estado, State) :-
    arg(8, Estado, Historia),
    maplist(posicion_key, Historia, Keys),
    course_engine_(Estado, Keys, State).

course_engine_(estado(T, Pr, Color, Fase, Fichas, mano(NB, NW), Q, _), Keys,
               molinolog(rules(T, Pr), B, W, C, hand(NB, NW), Pending, Q, Keys)) :-
    colour_color(C, Color),
    bits(Fichas, B, W),
    (   Fase = capturar(Molino)
    ->  points_bits(Molino, Bits),
        Pending = capture(Bits)
    ;   Pending = none
    ).

%!  course_engine(+Estado0, +State0, +Estado, -State) is det.
%
%   As course_engine/2, knowing that State0 is the engine's state of
%   Estado0, the state before one action: the history Estado shares with
%   Estado0 (all of it after a capture is chosen, all but the new position
%   after a move) is not converted again.
course_engine(Estado0, State0, Estado, State) :-
    arg(8, Estado0, H0),
    arg(8, Estado, H),
    arg(8, State0, Keys0),
    (   H == H0
    ->  Keys = Keys0
    ;   H = [P|H1], H1 == H0
    ->  posicion_key(P, K),
        Keys = [K|Keys0]
    ;   maplist(posicion_key, H, Keys)
    ),
    course_engine_(Estado, Keys, State).

posicion_key(posicion(Fichas, Color), k(B, W, C)) :-
    colour_color(C, Color),
    bits(Fichas, B, W).

bits(Fichas, B, W) :-
    foldl(ficha_bit, Fichas, 0-0, B-W).

ficha_bit(ficha(Color, D, R), B0-W0, B-W) :-
    point_index((D, R), I),
    (   Color == negro
    ->  B is B0 \/ (1 << I), W = W0
    ;   W is W0 \/ (1 << I), B = B0
    ).

%!  step_action(?Step, ?Accion) is semidet.
%
%   Step is the engine's name of the course's action Accion.
%
%   ?- step_action(move((n,1), (ne,1)), A).
%   A = mover((n, 1), (ne, 1)).
step_action(place(P), colocar(P)).
step_action(move(F, T), mover(F, T)).
step_action(capture(P), capturar(P)).

%!  move_jugada(?Move, ?Jugada) is semidet.
%
%   Move is the engine's name of the course's whole turn Jugada.
move_jugada(place(P), colocar(P)).
move_jugada(place(P, C), colocar(P, C)).
move_jugada(move(F, T), mover(F, T)).
move_jugada(move(F, T, C), mover(F, T, C)).
move_jugada(capture(C), capturar(C)).

%!  outcome_resultado(?Outcome, ?Resultado) is semidet.
%
%   Outcome (state_outcome/2 of the engine, not `none`) is the engine's name
%   of the course's Resultado (fin_del_juego/2).
%
%   ?- outcome_resultado(O, gana(negro, sin_movimientos)).
%   O = win(b, no_moves).
outcome_resultado(win(C, Why), gana(Color, Razon)) :-
    colour_color(C, Color),
    reason_razon(Why, Razon).
outcome_resultado(draw(Why), tablas(Razon)) :-
    reason_razon(Why, Razon).

reason_razon(two_pieces, dos_fichas).
reason_razon(no_moves, sin_movimientos).
reason_razon(repetition, repeticion).
reason_razon(fifty_moves, cincuenta_jugadas).
