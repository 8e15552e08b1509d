:- module(molinolog_course,
          [ contrincante/2,         % ?Color, ?Otro
            punto/2,                % +T, ?Punto
            adyacentes/3,           % +T, ?Punto1, ?Punto2
            molino/2,               % +T, ?Puntos
            estado_inicial/3,       % +T, +Proteger, -Estado
            turno/2,                % +Estado, -Color
            fase/2,                 % +Estado, -Fase
            ficha_en/3,             % +Estado, ?Punto, ?Color
            accion_legal/2,         % +Estado, ?Accion
            rechazo/3,              % +Estado, +Accion, -Codigo
            aplicar/3,              % +Estado0, +Accion, -Estado
            jugada_legal/2,         % +Estado, ?Jugada
            jugar/3,                % +Estado0, +Jugada, -Estado
            fin_del_juego/2,        % +Estado, -Resultado
            mensaje_estado/2,       % +Estado, -Texto
            guardar_estado/1,       % +Estado
            estado_actual/1,        % -Estado
            print_state/0
          ]).

/** <module> Molinolog: the rules as the course writes them

Start reading here to learn the rules of Molinolog (UdelaR "Programación
Lógica" 2019, *Juego del molino*; docs/molinolog.md).  This module is the
rules as a student of that course writes them: points are the document's
radial coordinates `(Dirección, Distancia)`, pieces are the atoms `negro` and
`blanco`, the board is the list of `ficha(Color, Dir, Dist)` terms that the
course's graficos.pl draws (gr_dibujar_tablero/3), the phases are the
document's `colocar`, `mover` and `capturar`, and contrincante/2 is the
course's base code.  Nothing here is fast: every question walks a list.

The terminal game (prolog/molinolog_cli.pl) and the web page
(prolog/molinolog/protocol.pl) judge and play every human action with this
module.  The machine player searches with the bit-set engine of rules.pl
(prolog/molinolog/rules.pl and search.pl), far faster; convert.pl translates
between the two, and prolog/molinolog_course.plt checks, on thousands of
random positions, that both give the same legal actions and the same result
for each of them.

## The state

    estado(T, Proteger, Turno, Fase, Fichas, mano(N, B), SinCaptura, Historia)

  - T: the size of the board, 1, 2 or 3 (T+1 rings of 8 points).
  - Proteger: `true` when a piece in a mill may be captured only if every
    piece of its colour is in a mill (the option protect_mills), else `false`.
  - Turno: `negro` or `blanco`, whose turn it is.
  - Fase: `colocar` (the player to move still has pieces to place), `mover`,
    or `capturar(Molino)` after a placement or a move that formed a mill:
    Molino lists the points of the mill(s) formed, and the same player must
    now capture.
  - Fichas: the pieces on the board, an ordered list (a set) of
    `ficha(Color, Dir, Dist)`.
  - mano(N, B): the pieces black and white have still to place.
  - SinCaptura: the turns played since the last capture.
  - Historia: the positions `posicion(Fichas, Turno)` at the start of each
    turn since the last placement or capture, the current one first (to see
    a position come back a third time).

An *action* (accion) is one click of the course's game: `colocar(P)`,
`mover(De, A)` or `capturar(P)`.  A *move* (jugada) is a whole turn:
`colocar(P)`, `colocar(P, C)`, `mover(De, A)`, `mover(De, A, C)` with C the
captured point, or `capturar(C)` from a state where the capture is pending.

## The rules the document leaves open (as docs/molinolog.md says)

Black places first and White last, so Black also opens the moving phase.
Pieces never fly.  "Two pieces or fewer" counts the pieces in hand.  A
player who cannot move loses.  The game is drawn when a position comes back
a third time, or after 100 turns without a capture.  A refused action gets
the code the web page shows: game_over, bad_step, off_board, must_capture,
wrong_phase, occupied, not_your_piece, not_adjacent, not_capturable, in_mill.

The examples print terms in full after

    ?- set_prolog_flag(answer_write_options, [quoted(true), portray(true), max_depth(0), spacing(next_argument)]).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(board, [board_lines/4]).

:- dynamic partida/1.

                 /*******************************
                 *          THE BOARD           *
                 *******************************/

%!  contrincante(?Color, ?Otro) is nondet.
%
%   Otro plays against Color (the course's base code).
contrincante(negro, blanco).
contrincante(blanco, negro).

direccion(n).
direccion(ne).
direccion(e).
direccion(se).
direccion(s).
direccion(sw).
direccion(w).
direccion(nw).

%   siguiente(D1, D2): D2 follows D1 clockwise round a ring.
siguiente(n, ne).
siguiente(ne, e).
siguiente(e, se).
siguiente(se, s).
siguiente(s, sw).
siguiente(sw, w).
siguiente(w, nw).
siguiente(nw, n).

%   cardinal(D): the rings are joined at the middles of the sides only.
cardinal(n).
cardinal(e).
cardinal(s).
cardinal(w).

%   lado(D1, D2, D3): the three points of one side of a ring.
lado(nw, n, ne).
lado(ne, e, se).
lado(se, s, sw).
lado(sw, w, nw).

anillo(T, R) :-
    Max is T + 1,
    between(1, Max, R).

%!  punto(+T, ?Punto) is nondet.
%
%   Punto `(Dir, Dist)` is a point of the board of size T.
%
%   ?- findall(_P, punto(1, _P), Ps), length(Ps, N).
%   Ps = [(n, 1), (ne, 1), (e, 1), (se, 1), (s, 1), (sw, 1), (w, 1), (nw, 1), (n, 2), (ne, 2), (e, 2), (se, 2), (s, 2), (sw, 2), (w, 2), (nw, 2)],
%   N = 16.
punto(T, (D, R)) :-
    anillo(T, R),
    direccion(D).

%   punto_valido(+T, @P): P is a point of the board, and not a variable.
punto_valido(T, P) :-
    nonvar(P),
    P = (D, R),
    atom(D),
    direccion(D),
    integer(R),
    R >= 1,
    R =< T + 1.

%!  adyacentes(+T, ?Punto1, ?Punto2) is nondet.
%
%   An edge of the board of size T joins Punto1 and Punto2: round a ring,
%   or between two rings at n, e, s or w.
%
%   ?- findall(_Q, adyacentes(2, (n,2), _Q), Qs).
%   Qs = [(ne, 2), (nw, 2), (n, 1), (n, 3)].
%
%   ?- adyacentes(2, (ne,1), (ne,2)).
%   false.
adyacentes(T, (D1, R), (D2, R)) :-
    punto(T, (D1, R)),
    (   siguiente(D1, D2)
    ;   siguiente(D2, D1)
    ).
adyacentes(T, (D, R1), (D, R2)) :-
    punto(T, (D, R1)),
    cardinal(D),
    (   R2 is R1 - 1
    ;   R2 is R1 + 1
    ),
    anillo(T, R2).

%!  molino(+T, ?Puntos) is nondet.
%
%   Puntos, three points, make a mill line of the board of size T: one side
%   of a ring, or three rings in a row at n, e, s or w.
%
%   ?- findall(_M, (molino(2, _M), memberchk((n,2), _M)), Ms).
%   Ms = [[(nw, 2), (n, 2), (ne, 2)], [(n, 1), (n, 2), (n, 3)]].
molino(T, [(D1, R), (D2, R), (D3, R)]) :-
    anillo(T, R),
    lado(D1, D2, D3).
molino(T, [(D, R1), (D, R2), (D, R3)]) :-
    cardinal(D),
    anillo(T, R1),
    R2 is R1 + 1,
    R3 is R1 + 2,
    R3 =< T + 1.

                 /*******************************
                 *          THE STATE           *
                 *******************************/

%!  estado_inicial(+T, +Proteger, -Estado) is det.
%
%   Estado is the start of a game on the board of size T: the board empty,
%   3*(T+1) pieces in each hand, black to place.  Proteger is `true` or
%   `false` (see the state above).
%
%   ?- estado_inicial(1, false, E).
%   E = estado(1, false, negro, colocar, [], mano(6, 6), 0, [posicion([], negro)]).
estado_inicial(T, Proteger, estado(T, Proteger, negro, colocar, [], mano(N, N), 0,
                                   [posicion([], negro)])) :-
    must_be(between(1, 3), T),
    must_be(boolean, Proteger),
    N is 3 * (T + 1).

%!  turno(+Estado, -Color) is det.
%
%   Color plays now (during a capture, the player who formed the mill).
turno(Estado, Color) :-
    arg(3, Estado, Color).

%!  fase(+Estado, -Fase) is det.
%
%   Fase is `colocar`, `mover` or `capturar(Molino)`.
fase(Estado, Fase) :-
    arg(4, Estado, Fase).

%!  ficha_en(+Estado, ?Punto, ?Color) is nondet.
%
%   A piece of Color stands on Punto.
ficha_en(Estado, (D, R), Color) :-
    arg(5, Estado, Fichas),
    member(ficha(Color, D, R), Fichas).

ocupado(Estado, P) :-
    ficha_en(Estado, P, _),
    !.

en_mano(negro, mano(N, _), N).
en_mano(blanco, mano(_, B), B).

quitar_de_mano(negro, mano(N0, B), mano(N, B)) :- N is N0 - 1.
quitar_de_mano(blanco, mano(N, B0), mano(N, B)) :- B is B0 - 1.

%   fase_de_turno(+Color, +Mano, -Fase): a player places while they have
%   pieces in hand, and moves after.
fase_de_turno(Color, Mano, Fase) :-
    en_mano(Color, Mano, N),
    (   N > 0
    ->  Fase = colocar
    ;   Fase = mover
    ).

                 /*******************************
                 *            MILLS             *
                 *******************************/

%   molinos_por(+T, +Fichas, +Color, +P, -Puntos): Puntos (ordered) are the
%   points of every mill of Color through P; [] if none.
molinos_por(T, Fichas, Color, P, Puntos) :-
    findall(Q, ( molino(T, M),
                 memberchk(P, M),
                 forall(member((D, R), M), memberchk(ficha(Color, D, R), Fichas)),
                 member(Q, M) ),
            Qs),
    sort(Qs, Puntos).

en_molino(T, Fichas, Color, P) :-
    molinos_por(T, Fichas, Color, P, [_|_]).

%   capturable(+Estado, ?P): the player to move may capture the piece on P:
%   any piece of the opponent, unless Proteger is true and the piece is in a
%   mill while another of theirs is not.
capturable(estado(T, Proteger, Color, _, Fichas, _, _, _), (D, R)) :-
    contrincante(Color, Otro),
    member(ficha(Otro, D, R), Fichas),
    \+ protegida(Proteger, T, Fichas, Otro, (D, R)).

protegida(true, T, Fichas, Otro, P) :-
    en_molino(T, Fichas, Otro, P),
    member(ficha(Otro, D, R), Fichas),
    \+ en_molino(T, Fichas, Otro, (D, R)),
    !.

                 /*******************************
                 *           ACTIONS            *
                 *******************************/

%!  accion_legal(+Estado, ?Accion) is nondet.
%
%   Accion is an action the player to move may take now: colocar(P) in the
%   placing phase, mover(De, A) in the moving phase, capturar(P) after a
%   mill.  None when the game is over.
%
%   ?- estado_inicial(1, false, _E0), aplicar(_E0, colocar((n,1)), _E),
%      aggregate_all(count, accion_legal(_E, _), N).
%   N = 15.
accion_legal(Estado, Accion) :-
    \+ fin_del_juego(Estado, _),
    fase(Estado, Fase),
    accion_de(Fase, Estado, Accion).

accion_de(colocar, Estado, colocar(P)) :-
    arg(1, Estado, T),
    punto(T, P),
    \+ ocupado(Estado, P).
accion_de(mover, Estado, mover(De, A)) :-
    Estado = estado(T, _, Color, _, _, _, _, _),
    ficha_en(Estado, De, Color),
    adyacentes(T, De, A),
    \+ ocupado(Estado, A).
accion_de(capturar(_), Estado, capturar(P)) :-
    capturable(Estado, P).

%!  rechazo(+Estado, +Accion, -Codigo) is semidet.
%
%   The rules refuse Accion for the reason Codigo (the first that applies,
%   in the order below); fails if Accion is legal.
%
%   ?- estado_inicial(1, false, _E0), aplicar(_E0, colocar((n,1)), _E),
%      rechazo(_E, colocar((n,1)), C1), rechazo(_E, colocar((n,3)), C2),
%      rechazo(_E, mover((n,1), (ne,1)), C3).
%   C1 = occupied,
%   C2 = off_board,
%   C3 = wrong_phase.
rechazo(Estado, Accion, Codigo) :-
    once(rechazo_(Estado, Accion, Codigo)).

rechazo_(Estado, _, game_over) :-
    fin_del_juego(Estado, _).
rechazo_(_, Accion, bad_step) :-
    \+ puntos_de(Accion, _).
rechazo_(Estado, Accion, off_board) :-
    puntos_de(Accion, Ps),
    arg(1, Estado, T),
    member(P, Ps),
    \+ punto_valido(T, P).
rechazo_(Estado, Accion, must_capture) :-
    fase(Estado, capturar(_)),
    Accion \= capturar(_).
rechazo_(Estado, Accion, wrong_phase) :-
    fase(Estado, Fase),
    \+ accion_de_fase(Accion, Fase).
rechazo_(Estado, colocar(P), occupied) :-
    ocupado(Estado, P).
rechazo_(Estado, mover(De, _), not_your_piece) :-
    turno(Estado, Color),
    \+ ficha_en(Estado, De, Color).
rechazo_(Estado, mover(_, A), occupied) :-
    ocupado(Estado, A).
rechazo_(Estado, mover(De, A), not_adjacent) :-
    arg(1, Estado, T),
    \+ adyacentes(T, De, A).
rechazo_(Estado, capturar(P), not_capturable) :-
    turno(Estado, Color),
    contrincante(Color, Otro),
    \+ ficha_en(Estado, P, Otro).
rechazo_(Estado, capturar(P), in_mill) :-
    \+ capturable(Estado, P).

puntos_de(colocar(P), [P]).
puntos_de(mover(De, A), [De, A]).
puntos_de(capturar(P), [P]).

accion_de_fase(colocar(_), colocar).
accion_de_fase(mover(_, _), mover).
accion_de_fase(capturar(_), capturar(_)).

%!  aplicar(+Estado0, +Accion, -Estado) is semidet.
%
%   Estado is the game after the legal Accion.  A placement or a move that
%   forms a mill leaves phase capturar for the same player; any other
%   action ends the turn.  Fails if the rules refuse Accion.
%
%   ?- estado_inicial(1, false, _E0),
%      foldl([_A, _X, _Y]>>aplicar(_X, _A, _Y),
%            [colocar((nw,1)), colocar((s,2)), colocar((n,1)), colocar((e,2)), colocar((ne,1))],
%            _E0, _E),
%      fase(_E, F), turno(_E, C).
%   F = capturar([(n, 1), (ne, 1), (nw, 1)]),
%   C = negro.
aplicar(Estado0, Accion, Estado) :-
    \+ rechazo(Estado0, Accion, _),
    hacer(Accion, Estado0, Estado).

hacer(colocar((D, R)), estado(T, Pr, Color, _, Fichas0, Mano0, Q, H), Estado) :-
    ord_add_element(Fichas0, ficha(Color, D, R), Fichas),
    quitar_de_mano(Color, Mano0, Mano),
    llega(estado(T, Pr, Color, colocar, Fichas, Mano, Q, H), (D, R), colocacion,
          Estado).
hacer(mover((D0, R0), (D, R)), estado(T, Pr, Color, _, Fichas0, Mano, Q, H), Estado) :-
    ord_del_element(Fichas0, ficha(Color, D0, R0), Fichas1),
    ord_add_element(Fichas1, ficha(Color, D, R), Fichas),
    llega(estado(T, Pr, Color, mover, Fichas, Mano, Q, H), (D, R), movimiento,
          Estado).
hacer(capturar((D, R)), estado(T, Pr, Color, F, Fichas0, Mano, Q, H), Estado) :-
    contrincante(Color, Otro),
    ord_del_element(Fichas0, ficha(Otro, D, R), Fichas),
    fin_de_turno(estado(T, Pr, Color, F, Fichas, Mano, Q, H), captura, Estado).

%   llega(+Estado0, +P, +Tipo, -Estado): a piece of the player to move has
%   just arrived on P; the turn ends unless it formed a mill.
llega(Estado0, P, Tipo, Estado) :-
    Estado0 = estado(T, Pr, Color, _, Fichas, Mano, Q, H),
    molinos_por(T, Fichas, Color, P, Molino),
    (   Molino == []
    ->  fin_de_turno(Estado0, Tipo, Estado)
    ;   Estado = estado(T, Pr, Color, capturar(Molino), Fichas, Mano, Q, H)
    ).

%   fin_de_turno(+Estado0, +Tipo, -Estado): the other player's turn begins.
%   Tipo is colocacion, movimiento or captura: only a capture restarts the
%   count of turns without one, and only a move can be undone, so the other
%   two start the history anew.
fin_de_turno(estado(T, Pr, Color, _, Fichas, Mano, Q0, H0), Tipo,
             estado(T, Pr, Otro, Fase, Fichas, Mano, Q, H)) :-
    contrincante(Color, Otro),
    fase_de_turno(Otro, Mano, Fase),
    (   Tipo == captura
    ->  Q = 0
    ;   Q is Q0 + 1
    ),
    (   Tipo == movimiento
    ->  H = [posicion(Fichas, Otro)|H0]
    ;   H = [posicion(Fichas, Otro)]
    ).

                 /*******************************
                 *         WHOLE TURNS          *
                 *******************************/

%!  jugada_legal(+Estado, ?Jugada) is nondet.
%
%   Jugada is a whole legal turn: an action and, if it forms a mill, the
%   capture that completes it.
%
%   ?- estado_inicial(2, false, _E), aggregate_all(count, jugada_legal(_E, _), N).
%   N = 24.
jugada_legal(Estado, Jugada) :-
    accion_legal(Estado, Accion),
    (   Accion = capturar(_)
    ->  Jugada = Accion
    ;   aplicar(Estado, Accion, Estado1),
        (   fase(Estado1, capturar(_))
        ->  accion_legal(Estado1, capturar(C)),
            con_captura(Accion, C, Jugada)
        ;   Jugada = Accion
        )
    ).

con_captura(colocar(P), C, colocar(P, C)).
con_captura(mover(De, A), C, mover(De, A, C)).

%!  jugar(+Estado0, +Jugada, -Estado) is semidet.
%
%   Estado is the game after the whole turn Jugada; fails if Jugada is not
%   a legal whole turn (a mill formed without its capture, say).
jugar(Estado0, Jugada, Estado) :-
    acciones(Jugada, Acciones),
    foldl(aplicar_en, Acciones, Estado0, Estado),
    \+ fase(Estado, capturar(_)).

aplicar_en(Accion, Estado0, Estado) :-
    aplicar(Estado0, Accion, Estado).

acciones(colocar(P), [colocar(P)]).
acciones(colocar(P, C), [colocar(P), capturar(C)]).
acciones(mover(De, A), [mover(De, A)]).
acciones(mover(De, A, C), [mover(De, A), capturar(C)]).
acciones(capturar(C), [capturar(C)]).

                 /*******************************
                 *       THE END OF THE GAME    *
                 *******************************/

%!  fin_del_juego(+Estado, -Resultado) is semidet.
%
%   The game is over: Resultado is gana(Color, Razon) or tablas(Razon).
%   Looked at in this order, with no capture pending: a player has two
%   pieces or fewer, on the board and in hand (Razon dos_fichas; black is
%   looked at first); the player to move cannot move (sin_movimientos); the
%   position comes for the third time (repeticion); 100 turns without a
%   capture (cincuenta_jugadas).  Fails while the game goes on.
%
%   ?- fin_del_juego(estado(1, false, negro, mover,
%                           [ficha(blanco, e, 2), ficha(blanco, s, 2), ficha(negro, n, 1)],
%                           mano(0, 0), 7, []), R).
%   R = gana(blanco, dos_fichas).
fin_del_juego(Estado, Resultado) :-
    Estado = estado(_, _, Color, Fase, Fichas, Mano, Q, Historia),
    Fase \= capturar(_),
    (   member(Perdedor, [negro, blanco]),
        piezas(Perdedor, Fichas, Mano, N),
        N =< 2
    ->  contrincante(Perdedor, Ganador),
        Resultado = gana(Ganador, dos_fichas)
    ;   Fase == mover,
        \+ accion_de(mover, Estado, _)
    ->  contrincante(Color, Ganador),
        Resultado = gana(Ganador, sin_movimientos)
    ;   Historia = [Actual|Antes],
        include(==(Actual), Antes, [_, _|_])
    ->  Resultado = tablas(repeticion)
    ;   Q >= 100
    ->  Resultado = tablas(cincuenta_jugadas)
    ).

piezas(Color, Fichas, Mano, N) :-
    aggregate_all(count, member(ficha(Color, _, _), Fichas), EnTablero),
    en_mano(Color, Mano, EnMano),
    N is EnTablero + EnMano.

                 /*******************************
                 *     THE GAME IN PROGRESS     *
                 *******************************/

%!  mensaje_estado(+Estado, -Texto) is det.
%
%   Texto is the status line the document asks for: whose turn, which
%   phase and what to do, or how the game ended.
%
%   ?- estado_inicial(2, false, _E), mensaje_estado(_E, T).
%   T = "Jugador negro, colocar 9 fichas".
mensaje_estado(Estado, Texto) :-
    (   fin_del_juego(Estado, Resultado)
    ->  mensaje_fin(Resultado, Texto)
    ;   turno(Estado, Color),
        fase(Estado, Fase),
        mensaje_fase(Fase, Estado, Color, Texto)
    ).

mensaje_fase(colocar, estado(_, _, _, _, _, Mano, _, _), Color, Texto) :-
    en_mano(Color, Mano, N),
    (   N =:= 1
    ->  Fichas = "ficha"
    ;   Fichas = "fichas"
    ),
    format(string(Texto), "Jugador ~w, colocar ~d ~w", [Color, N, Fichas]).
mensaje_fase(mover, _, Color, Texto) :-
    format(string(Texto), "Jugador ~w, mover", [Color]).
mensaje_fase(capturar(_), _, Color, Texto) :-
    format(string(Texto), "Jugador ~w, capturar", [Color]).

mensaje_fin(gana(Color, Razon), Texto) :-
    contrincante(Color, Otro),
    razon(Razon, Otro, Porque),
    format(string(Texto), "¡Ganó el jugador ~w! (~w)", [Color, Porque]).
mensaje_fin(tablas(repeticion),
            "Tablas: la misma posición se repitió tres veces.").
mensaje_fin(tablas(cincuenta_jugadas),
            "Tablas: 50 jugadas de cada jugador sin capturas.").

razon(dos_fichas, Otro, Texto) :-
    format(string(Texto), "el jugador ~w quedó con dos fichas", [Otro]).
razon(sin_movimientos, Otro, Texto) :-
    format(string(Texto), "el jugador ~w no puede mover", [Otro]).

%!  guardar_estado(+Estado) is det.
%
%   Estado becomes the game in progress, the one print_state/0 shows (the
%   terminal game stores each state it reaches).
guardar_estado(Estado) :-
    must_be(ground, Estado),
    retractall(partida(_)),
    assertz(partida(Estado)).

%!  estado_actual(-Estado) is semidet.
%
%   Estado is the game in progress; fails if there is none.
%
%   ?- estado_inicial(1, false, _E), guardar_estado(_E), estado_actual(E).
%   E = estado(1, false, negro, colocar, [], mano(6, 6), 0, [posicion([], negro)]).
estado_actual(Estado) :-
    partida(Estado).

%!  print_state is det.
%
%   Writes the game in progress: the board (X black, O white, + empty, *
%   the points of a mill waiting for its capture) and the status line of
%   mensaje_estado/2.  Without a game in progress, says so.
%
%   ?- estado_inicial(1, false, _E), guardar_estado(_E), print_state.
%   true.
print_state :-
    (   estado_actual(Estado)
    ->  Estado = estado(T, _, _, Fase, Fichas, _, _, _),
        maplist(ficha_par, Fichas, Pares),
        (   Fase = capturar(Molino)
        ->  true
        ;   Molino = []
        ),
        board_lines(T, Pares, Molino, Lineas),
        forall(member(L, Lineas), format("~s~n", [L])),
        mensaje_estado(Estado, Texto),
        format("~s~n", [Texto])
    ;   format("No hay una partida en curso.~n")
    ).

ficha_par(ficha(negro, D, R), (D, R)-b).
ficha_par(ficha(blanco, D, R), (D, R)-w).
