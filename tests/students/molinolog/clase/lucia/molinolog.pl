/*  molinolog.pl: Laboratorio 2 - 2019 de Programación Lógica (UdelaR),
    Molinolog: la entrega de Lucía, hecha sobre el kit de Tablero (las reglas
    sobre estado/8 y la máquina son suyas; la interacción con graficos.pl es
    la del kit).
*/
:- module(molinolog,
          [ molinolog/3,        % +JugadorNegro, +JugadorBlanco, +T
            minimax_depth/1,    % ?Profundidad
            estado_inicial/3,   % +T, +Proteger, -Estado
            accion_legal/2,     % +Estado, ?Accion
            aplicar/3,          % +Estado0, +Accion, -Estado
            fin_del_juego/2,    % +Estado, -Resultado
            mejor_accion/3,     % +Estado, +Profundidad, -Accion
            machine_move/2      % +Estado, -Accion   (torneos: ya escrito)
          ]).

:- use_module(graficos).
:- use_module(library(lists)).
:- use_module(library(apply)).

%!  minimax_depth(?Profundidad) is det.
%
%   Los niveles del minimax de la máquina (un parámetro del sistema).
%
%   ?- minimax_depth(D).
%   D = 2.
minimax_depth(2).

                 /*******************************
                 *   LAS REGLAS (PARA ESCRIBIR) *
                 *******************************/

%!  estado_inicial(+T, +Proteger, -Estado) is det.
%
%   Estado es el comienzo de una partida en el tablero de
%   tamaño T: vacío, 3*(T+1) fichas en cada mano, negro coloca.
%
%   ?- estado_inicial(1, false, E).
%   E = estado(1, false, negro, colocar, [], mano(6, 6), 0, [posicion([], negro)]).
estado_inicial(T, Proteger, estado(T, Proteger, negro, colocar, [], mano(N, N), 0,
                                   [posicion([], negro)])) :-
    member(T, [1, 2, 3]),
    N is 3 * (T + 1).

%!  accion_legal(+Estado, ?Accion) is nondet.
%
%   Accion es una acción que el jugador de turno puede
%   hacer ahora: colocar(P) en un punto vacío (fase colocar), mover(De, A)
%   de una ficha suya a un punto adyacente vacío (fase mover), capturar(P)
%   una ficha del contrario (fase capturar(_)).  Ninguna si el juego
%   terminó.
%
%   ?- estado_inicial(1, false, E), aggregate_all(count, accion_legal(E, _), N).
%   N = 16.
accion_legal(Estado, Accion) :-
    \+ fin_del_juego(Estado, _),
    arg(4, Estado, Fase),
    accion_fase(Fase, Estado, Accion).

accion_fase(colocar, estado(T, _, _, _, Fichas, _, _, _), colocar(P)) :-
    punto_de(T, P),
    \+ ocupado(Fichas, P).
accion_fase(mover, estado(T, _, Color, _, Fichas, _, _, _), mover((D, R), A)) :-
    member(ficha(Color, D, R), Fichas),
    vecino(T, (D, R), A),
    \+ ocupado(Fichas, A).
accion_fase(capturar(_), Estado, capturar((D, R))) :-
    Estado = estado(_, _, Color, _, Fichas, _, _, _),
    contrario(Color, Otro),
    member(ficha(Otro, D, R), Fichas),
    capturable(Estado, (D, R)).

%   capturable(+Estado, +P): con Proteger, una ficha en un molino sólo se
%   captura si todas las del contrario están en molinos.
capturable(estado(T, Proteger, Color, _, Fichas, _, _, _), P) :-
    contrario(Color, Otro),
    \+ ( Proteger == true,
         en_molino(T, Fichas, Otro, P),
         member(ficha(Otro, D, R), Fichas),
         \+ en_molino(T, Fichas, Otro, (D, R)) ).

%!  aplicar(+Estado0, +Accion, -Estado) is semidet.
%
%   Estado es el juego después de la acción legal Accion.
%   Una colocación o un movimiento que forma un molino nuevo deja la fase
%   capturar(Molino) para el mismo jugador; cualquier otra acción termina el
%   turno (y la fase pasa a mover cuando el jugador de turno ya no tiene
%   fichas en la mano).  Falla si las reglas no permiten Accion.
%   Puede suponer: Estado0 es un estado al que se llegó jugando.
%
%   ?- estado_inicial(1, false, E0), aplicar(E0, colocar((n,1)), E), arg(3, E, C), arg(5, E, F).
%   C = blanco, F = [ficha(negro, n, 1)].
%   ?- estado_inicial(1, false, E0), aplicar(E0, colocar((n,1)), E1), aplicar(E1, colocar((n,1)), _).
%   false.
aplicar(Estado0, Accion, Estado) :-
    once(accion_legal(Estado0, Accion)),
    hacer(Accion, Estado0, Estado).

hacer(colocar((D, R)), estado(T, Pr, Color, _, Fichas0, Mano0, Q, H), Estado) :-
    sort([ficha(Color, D, R)|Fichas0], Fichas),
    sacar_de_mano(Color, Mano0, Mano),
    llega(estado(T, Pr, Color, colocar, Fichas, Mano, Q, H), (D, R), colocacion, Estado).
hacer(mover((D0, R0), (D, R)), estado(T, Pr, Color, _, Fichas0, Mano, Q, H), Estado) :-
    selectchk(ficha(Color, D0, R0), Fichas0, Fichas1),
    sort([ficha(Color, D, R)|Fichas1], Fichas),
    llega(estado(T, Pr, Color, mover, Fichas, Mano, Q, H), (D, R), movimiento, Estado).
hacer(capturar((D, R)), estado(T, Pr, Color, F, Fichas0, Mano, Q, H), Estado) :-
    contrario(Color, Otro),
    selectchk(ficha(Otro, D, R), Fichas0, Fichas),
    fin_turno(estado(T, Pr, Color, F, Fichas, Mano, Q, H), captura, Estado).

llega(Estado0, P, Tipo, Estado) :-
    Estado0 = estado(T, Pr, Color, _, Fichas, Mano, Q, H),
    molinos_con(T, Fichas, Color, P, Puntos),
    (   Puntos == []
    ->  fin_turno(Estado0, Tipo, Estado)
    ;   Estado = estado(T, Pr, Color, capturar(Puntos), Fichas, Mano, Q, H)
    ).

fin_turno(estado(T, Pr, Color, _, Fichas, Mano, Q0, H0), Tipo,
          estado(T, Pr, Otro, Fase, Fichas, Mano, Q, H)) :-
    contrario(Color, Otro),
    en_mano(Otro, Mano, N),
    ( N > 0 -> Fase = colocar ; Fase = mover ),
    ( Tipo == captura -> Q = 0 ; Q is Q0 + 1 ),
    ( Tipo == movimiento -> H = [posicion(Fichas, Otro)|H0] ; H = [posicion(Fichas, Otro)] ).

sacar_de_mano(negro, mano(N0, B), mano(N, B)) :- N is N0 - 1.
sacar_de_mano(blanco, mano(N, B0), mano(N, B)) :- B is B0 - 1.

en_mano(negro, mano(N, _), N).
en_mano(blanco, mano(_, B), B).

%!  fin_del_juego(+Estado, -Resultado) is semidet.
%
%   El juego terminó: Resultado es gana(Color, Razon) o
%   tablas(Razon).  Un jugador con dos fichas o menos (en el tablero y en la
%   mano) pierde (dos_fichas); también el que no puede mover
%   (sin_movimientos).  Para que dos máquinas no queden en un loop: tablas
%   cuando una posición vuelve por tercera vez (repeticion) o tras 100
%   turnos sin captura (cincuenta_jugadas).  Falla mientras el juego sigue.
%
%   ?- estado_inicial(1, false, E), fin_del_juego(E, R).
%   false.
%   ?- fin_del_juego(estado(1, false, negro, mover, [ficha(blanco, e, 2), ficha(blanco, s, 2), ficha(negro, n, 1)], mano(0, 0), 7, []), R).
%   R = gana(blanco, dos_fichas).
fin_del_juego(Estado, Resultado) :-
    Estado = estado(_, _, Color, Fase, Fichas, Mano, Q, Historia),
    Fase \= capturar(_),
    (   member(Perdedor, [negro, blanco]),
        cuantas(Perdedor, Fichas, Mano, N),
        N =< 2
    ->  contrario(Perdedor, Ganador),
        Resultado = gana(Ganador, dos_fichas)
    ;   Fase == mover,
        \+ accion_fase(mover, Estado, _)
    ->  contrario(Color, Ganador),
        Resultado = gana(Ganador, sin_movimientos)
    ;   Historia = [Actual|Antes],
        include(==(Actual), Antes, [_, _|_])
    ->  Resultado = tablas(repeticion)
    ;   Q >= 100
    ->  Resultado = tablas(cincuenta_jugadas)
    ).

cuantas(Color, Fichas, Mano, N) :-
    aggregate_all(count, member(ficha(Color, _, _), Fichas), EnTablero),
    en_mano(Color, Mano, EnMano),
    N is EnTablero + EnMano.

                 /*******************************
                 *  LA MÁQUINA (PARA ESCRIBIR)  *
                 *******************************/

%!  mejor_accion(+Estado, +Profundidad, -Accion) is det.
%
%   La acción que elige la máquina para el jugador de turno
%   en Estado, buscando con minimax Profundidad niveles (minimax_depth/1).
%   Accion debe ser legal (accion_legal/2); en la fase capturar(_), la
%   captura.
%   Puede suponer: el juego no terminó.
%
%   ?- estado_inicial(1, false, E), mejor_accion(E, 1, A), accion_legal(E, A).
%   true.
mejor_accion(Estado, Profundidad, Accion) :-
    arg(3, Estado, Color),
    findall(V-A, ( accion_legal(Estado, A), aplicar(Estado, A, E1),
                   valor(E1, Color, Profundidad, V) ), VAs),
    max_member(_-Accion, VAs).

valor(E, Color, P, V) :-
    (   ( P =< 1 ; fin_del_juego(E, _) )
    ->  evaluar(E, Color, V)
    ;   P1 is P - 1,
        findall(V1, ( accion_legal(E, A), aplicar(E, A, E1), valor(E1, Color, P1, V1) ), Vs),
        (   Vs == [] -> evaluar(E, Color, V)
        ;   arg(3, E, Color) -> max_list(Vs, V)
        ;   min_list(Vs, V)
        )
    ).

evaluar(estado(_, _, _, _, Fichas, Mano, _, _), Color, V) :-
    contrario(Color, Otro),
    cuantas(Color, Fichas, Mano, Mias),
    cuantas(Otro, Fichas, Mano, Suyas),
    V is Mias - Suyas.

                 /*******************************
                 *     EL TABLERO (DE LUCÍA)    *
                 *******************************/

contrario(negro, blanco).
contrario(blanco, negro).

direcciones([n, ne, e, se, s, sw, w, nw]).

siguiente(D1, D2) :-
    direcciones(Ds),
    nth0(I, Ds, D1),
    J is (I + 1) mod 8,
    nth0(J, Ds, D2).

punto_de(T, (D, R)) :-
    M is T + 1,
    between(1, M, R),
    direcciones(Ds),
    member(D, Ds).

vecino(_, (D, R), (D2, R)) :-
    ( siguiente(D, D2) ; siguiente(D2, D) ).
vecino(T, (D, R), (D, R2)) :-
    memberchk(D, [n, e, s, w]),
    M is T + 1,
    ( R2 is R - 1 ; R2 is R + 1 ),
    between(1, M, R2).

ocupado(Fichas, (D, R)) :-
    memberchk(ficha(_, D, R), Fichas).

linea(T, [(A, R), (B, R), (C, R)]) :-
    M is T + 1,
    between(1, M, R),
    member(A-B-C, [nw-n-ne, ne-e-se, se-s-sw, sw-w-nw]).
linea(T, [(D, R1), (D, R2), (D, R3)]) :-
    member(D, [n, e, s, w]),
    M is T + 1,
    between(1, M, R1),
    R2 is R1 + 1,
    R3 is R1 + 2,
    R3 =< M.

%   molinos_con(+T, +Fichas, +Color, +P, -Puntos): los puntos de los molinos
%   de Color que pasan por P.
molinos_con(T, Fichas, Color, P, Puntos) :-
    findall(Q, ( linea(T, L), memberchk(P, L),
                 forall(member((D, R), L), memberchk(ficha(Color, D, R), Fichas)),
                 member(Q, L) ), Qs),
    sort(Qs, Puntos).

en_molino(T, Fichas, Color, P) :-
    molinos_con(T, Fichas, Color, P, [_|_]).

%!  machine_move(+Estado, -Accion) is det.
%
%   El contrato de `tablero tournament` (ya escrito): el estado es el
%   estado/8 de arriba, la acción una de accion_legal/2.
machine_move(Estado, Accion) :-
    minimax_depth(D),
    mejor_accion(Estado, D, Accion).

                 /*******************************
                 *   EL JUEGO (YA ESCRITO)      *
                 *******************************/

%!  molinolog(+JugadorNegro, +JugadorBlanco, +T) is det.
%
%   Juega en la ventana de graficos.pl una partida en el tablero de tamaño
%   T; cada jugador es humano o maquina.  Al terminar pregunta si jugar de
%   nuevo.
molinolog(JugadorNegro, JugadorBlanco, T) :-
    gr_crear(V, T, [boton('Reiniciar', reiniciar), boton('Salir', salir)]),
    partida(V, jugadores(JugadorNegro, JugadorBlanco), T).

partida(V, Jugadores, T) :-
    estado_inicial(T, false, E0),
    catch(jugar(V, Jugadores, E0, Resultado), fin(Evento), true),
    (   Evento == reiniciar
    ->  partida(V, Jugadores, T)
    ;   Evento == salir
    ->  gr_destruir(V)
    ;   texto_resultado(Resultado, Texto),
        gr_mensaje(V, Texto),
        (   gr_pregunta(V, '¿Jugar de nuevo? (s/n)', R),
            memberchk(R, [s, si, 'sí', 'S', 'Si'])
        ->  partida(V, Jugadores, T)
        ;   gr_destruir(V)
        )
    ).

jugar(V, Jugadores, E, Resultado) :-
    E = estado(T, _, Color, _, Fichas, _, _, _),
    gr_dibujar_tablero(V, T, Fichas),
    (   fin_del_juego(E, R0)
    ->  Resultado = R0
    ;   Jugadores = jugadores(N, B),
        ( Color == negro -> Quien = N ; Quien = B ),
        texto_estado(E, Texto),
        gr_estado(V, Texto),
        accion(Quien, V, E, Accion),
        (   aplicar(E, Accion, E1)
        ->  jugar(V, Jugadores, E1, Resultado)
        ;   format(atom(M), 'La máquina eligió ~q, que las reglas no permiten', [Accion]),
            gr_mensaje(V, M),
            throw(fin(salir))
        )
    ).

accion(maquina, _V, E, Accion) :-
    minimax_depth(D),
    mejor_accion(E, D, Accion).
accion(humano, V, E, Accion) :-
    E = estado(T, _, _, Fase, _, _, _, _),
    (   Fase = capturar(Molino)
    ->  forall(member((D, R), Molino), gr_ficha(V, T, D, R, seleccion)),
        click(V, P),
        Accion0 = capturar(P)
    ;   Fase == colocar
    ->  click(V, P),
        Accion0 = colocar(P)
    ;   click(V, De),
        De = (D, R),
        gr_ficha(V, T, D, R, seleccion),
        click(V, A),
        Accion0 = mover(De, A)
    ),
    (   aplicar(E, Accion0, _)
    ->  Accion = Accion0
    ;   gr_mensaje(V, 'Jugada inválida: intente de nuevo'),
        E = estado(_, _, _, _, Fichas, _, _, _),
        gr_dibujar_tablero(V, T, Fichas),
        accion(humano, V, E, Accion)
    ).

%   click(+V, -Punto): el próximo click; un botón termina la partida.
click(V, (D, R)) :-
    gr_evento(V, Evento),
    (   Evento = click(D, R)
    ->  true
    ;   throw(fin(Evento))
    ).

texto_estado(estado(_, _, Color, Fase, _, mano(N, B), _, _), Texto) :-
    (   Fase == colocar
    ->  ( Color == negro -> K = N ; K = B ),
        format(atom(Texto), 'Jugador ~w, colocar ~d fichas', [Color, K])
    ;   Fase == mover
    ->  format(atom(Texto), 'Jugador ~w, mover', [Color])
    ;   format(atom(Texto), 'Jugador ~w, capturar', [Color])
    ).

texto_resultado(gana(Color, _), Texto) :-
    format(atom(Texto), '¡Ganó el jugador ~w!', [Color]).
texto_resultado(tablas(_), 'Tablas').

%   Los cuerpos provisorios lanzan error(not_written_yet(PI), _); así se lee
%   en swipl y bajo el tablero.
:- multifile prolog:error_message//1.
prolog:error_message(not_written_yet(PI)) -->
    [ '~q todavía no está escrito: es el cuerpo provisorio del kit'-[PI] ].
