/*  molinolog.pl: Laboratorio 2 - 2019 de Programación Lógica (UdelaR),
    Molinolog, el kit de Tablero (`tablero kit molinolog DIR`).

    La interacción con graficos.pl está escrita (molinolog/3 y el turno de
    un humano: clicks, selección, molinos, mensajes, "¿Jugar de nuevo?").
    Lo que falta son las reglas y la máquina: los predicados marcados PARA
    ESCRIBIR tienen un cuerpo provisorio que lanza
    error(not_written_yet(Nombre/Aridad), _): borre esa línea y escriba el
    suyo.

    El estado del juego es el término

        estado(T, Proteger, Turno, Fase, Fichas, mano(N, B), SinCaptura, Historia)

      - T: el tamaño del tablero (1, 2 o 3: T+1 anillos de 8 puntos);
      - Proteger: false (un molino no protege sus fichas) o true;
      - Turno: negro o blanco;
      - Fase: colocar, mover, o capturar(Molino) después de formar un
        molino (Molino: la lista de sus puntos; el mismo jugador captura);
      - Fichas: las fichas en el tablero, una lista ordenada (sort/2) de
        ficha(Color, Dir, Dist), lo que dibuja gr_dibujar_tablero/3;
      - mano(N, B): las fichas que negro y blanco tienen por colocar;
      - SinCaptura: los turnos jugados desde la última captura;
      - Historia: las posiciones posicion(Fichas, Turno) al empezar cada
        turno desde la última colocación o captura, la actual primero (para
        ver una posición que vuelve por tercera vez: el juego no debe
        quedar en un loop).

    Un punto es (Dir, Dist): Dir uno de n, ne, e, se, s, sw, w, nw y Dist el
    anillo, 1 el de adentro.  Una acción (un click del juego) es colocar(P),
    mover(De, A) o capturar(P).

    Probarlo en el tablero de Tablero (vea README.md):
        tablero lab molinolog molinolog.pl                    en el navegador
        tablero lab molinolog molinolog.pl --headless --size 1  dos máquinas, juzgadas
        tablero tournament molinolog machine:1 molinolog.pl --option size=1
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
%   PARA ESCRIBIR.  Estado es el comienzo de una partida en el tablero de
%   tamaño T: vacío, 3*(T+1) fichas en cada mano, negro coloca.
%
%   ?- estado_inicial(1, false, E).
%   E = estado(1, false, negro, colocar, [], mano(6, 6), 0, [posicion([], negro)]).
estado_inicial(_T, _Proteger, _Estado) :-
    throw(error(not_written_yet(estado_inicial/3), _)).

%!  accion_legal(+Estado, ?Accion) is nondet.
%
%   PARA ESCRIBIR.  Accion es una acción que el jugador de turno puede
%   hacer ahora: colocar(P) en un punto vacío (fase colocar), mover(De, A)
%   de una ficha suya a un punto adyacente vacío (fase mover), capturar(P)
%   una ficha del contrario (fase capturar(_)).  Ninguna si el juego
%   terminó.
%
%   ?- estado_inicial(1, false, E), aggregate_all(count, accion_legal(E, _), N).
%   N = 16.
accion_legal(_Estado, _Accion) :-
    throw(error(not_written_yet(accion_legal/2), _)).

%!  aplicar(+Estado0, +Accion, -Estado) is semidet.
%
%   PARA ESCRIBIR.  Estado es el juego después de la acción legal Accion.
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
aplicar(_Estado0, _Accion, _Estado) :-
    throw(error(not_written_yet(aplicar/3), _)).

%!  fin_del_juego(+Estado, -Resultado) is semidet.
%
%   PARA ESCRIBIR.  El juego terminó: Resultado es gana(Color, Razon) o
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
fin_del_juego(_Estado, _Resultado) :-
    throw(error(not_written_yet(fin_del_juego/2), _)).

                 /*******************************
                 *  LA MÁQUINA (PARA ESCRIBIR)  *
                 *******************************/

%!  mejor_accion(+Estado, +Profundidad, -Accion) is det.
%
%   PARA ESCRIBIR.  La acción que elige la máquina para el jugador de turno
%   en Estado, buscando con minimax Profundidad niveles (minimax_depth/1).
%   Accion debe ser legal (accion_legal/2); en la fase capturar(_), la
%   captura.
%   Puede suponer: el juego no terminó.
%
%   ?- estado_inicial(1, false, E), mejor_accion(E, 1, A), accion_legal(E, A).
%   true.
mejor_accion(_Estado, _Profundidad, _Accion) :-
    throw(error(not_written_yet(mejor_accion/3), _)).

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
