% Laboratorio 2 - 2019: Molinolog (una entrega con un error).
%
% ERROR A PROPÓSITO (el juez headless debe encontrarlo): forma_molino/4 mira
% si el jugador tiene algún molino en el tablero, no si la ficha recién
% llegada cerró uno; así un molino que sigue en pie vuelve a capturar en cada
% turno de su dueño.
%
% Una solución escrita en la forma del laboratorio: el juego entero pasa por
% graficos.pl (gr_crear, gr_evento, gr_dibujar_tablero, ...).  El tablero es
% una lista de casillas c(Dir, Dist, Contenido), con Contenido vacio, negro
% o blanco; la máquina juega con minimax a la profundidad de minimax_depth/1.

:- module(molinolog, [molinolog/3, minimax_depth/1]).
:- use_module(graficos).
:- use_module(library(lists)).
:- use_module(library(apply)).

%% minimax_depth(?Profundidad): los niveles del minimax.
minimax_depth(2).

:- discontiguous turno/4.

% ------------------------------------------------------------------------
% El juego
% ------------------------------------------------------------------------

%% molinolog(+JugadorNegro, +JugadorBlanco, +T)
molinolog(JugadorNegro, JugadorBlanco, T) :-
    gr_crear(Visual, T, [boton('Reiniciar', reiniciar), boton('Salir', abandonar)]),
    sesion(Visual, jugadores(JugadorNegro, JugadorBlanco), T),
    !.

sesion(Visual, Jugadores, T) :-
    partida_inicial(T, P),
    catch(jugar(Visual, Jugadores, P, Fin), Accion, true),
    (   nonvar(Accion), Accion == reiniciar
    ->  sesion(Visual, Jugadores, T)
    ;   nonvar(Accion), Accion == salir
    ->  gr_destruir(Visual)
    ;   nonvar(Accion)
    ->  throw(Accion)
    ;   mensaje_final(Fin, Texto),
        gr_mensaje(Visual, Texto),
        (   gr_pregunta(Visual, '¿Jugar de nuevo? (si/no)', R),
            afirmativo(R)
        ->  sesion(Visual, Jugadores, T)
        ;   gr_destruir(Visual)
        )
    ).

afirmativo(R) :-
    downcase_atom(R, A),
    memberchk(A, [s, si, 'sí', y, yes]).

% partida(T, Casillas, Turno, mano(Negras, Blancas), SinCaptura, Historia)
partida_inicial(T, partida(T, Casillas, negro, mano(N, N), 0, [])) :-
    findall(c(Dir, Dist, vacio), punto(T, Dir, Dist), Casillas),
    N is 3 * (T + 1).

jugar(Visual, Jugadores, P, Fin) :-
    dibujar(Visual, P),
    (   terminado(P, Fin0)
    ->  Fin = Fin0
    ;   P = partida(_, _, Turno, _, _, _),
        jugador(Jugadores, Turno, Quien),
        turno(Quien, Visual, P, P1),
        jugar(Visual, Jugadores, P1, Fin)
    ).

jugador(jugadores(N, _), negro, N).
jugador(jugadores(_, B), blanco, B).

dibujar(Visual, partida(T, Casillas, Turno, Mano, _, _)) :-
    findall(ficha(C, Dir, Dist), (member(c(Dir, Dist, C), Casillas), C \== vacio), Fichas),
    gr_dibujar_tablero(Visual, T, Fichas),
    estado_texto(Turno, Mano, Texto),
    gr_estado(Visual, Texto).

estado_texto(Turno, Mano, Texto) :-
    en_mano(Turno, Mano, N),
    (   N > 0
    ->  format(atom(Texto), 'Jugador ~w, colocar ~w fichas', [Turno, N])
    ;   format(atom(Texto), 'Jugador ~w, mover', [Turno])
    ).

mensaje_final(gana(C), Texto) :-
    format(atom(Texto), '¡Ganó el jugador ~w!', [C]).
mensaje_final(tablas, 'Tablas: la partida no avanza.').

% ------------------------------------------------------------------------
% El tablero
% ------------------------------------------------------------------------

direcciones([n, ne, e, se, s, sw, w, nw]).

punto(T, Dir, Dist) :-
    Max is T + 1,
    between(1, Max, Dist),
    direcciones(Ds),
    member(Dir, Ds).

% vecinos alrededor del anillo
siguiente_dir(Dir, Sig) :-
    direcciones(Ds),
    append(Ds, [n], Vuelta),
    nextto(Dir, Sig, Vuelta).

medio(n). medio(e). medio(s). medio(w).

adyacente(_, (D1, R), (D2, R)) :- siguiente_dir(D1, D2).
adyacente(_, (D1, R), (D2, R)) :- siguiente_dir(D2, D1).
adyacente(T, (D, R1), (D, R2)) :- medio(D), R2 is R1 + 1, R2 =< T + 1.
adyacente(_, (D, R1), (D, R2)) :- medio(D), R2 is R1 - 1, R2 >= 1.

% las líneas de tres: los lados de cada anillo y los radios
linea(T, [(A, R), (B, R), (C, R)]) :-
    Max is T + 1,
    between(1, Max, R),
    member(A-B-C, [nw-n-ne, ne-e-se, se-s-sw, sw-w-nw]).
linea(T, [(D, R1), (D, R2), (D, R3)]) :-
    medio(D),
    Max is T + 1,
    between(1, Max, R1),
    R2 is R1 + 1, R3 is R1 + 2,
    R3 =< Max.

contenido(Casillas, (Dir, Dist), C) :-
    memberchk(c(Dir, Dist, C), Casillas).

poner(Casillas0, (Dir, Dist), C, Casillas) :-
    select(c(Dir, Dist, _), Casillas0, c(Dir, Dist, C), Casillas), !.

% forma_molino(+T, +Casillas, +Color, +Punto): la ficha recién llegada a
% Punto cierra una línea de su color.
forma_molino(T, Casillas, Color, _Punto) :-
    linea(T, L),
    forall(member(P, L), contenido(Casillas, P, Color)),
    !.

puntos_molino(T, Casillas, Color, Punto, Puntos) :-
    findall(P, (linea(T, L), memberchk(Punto, L),
                forall(member(Q, L), contenido(Casillas, Q, Color)),
                member(P, L)), Ps),
    sort(Ps, Puntos).

contrario(negro, blanco).
contrario(blanco, negro).

en_mano(negro, mano(N, _), N).
en_mano(blanco, mano(_, B), B).

sacar_de_mano(negro, mano(N0, B), mano(N, B)) :- N is N0 - 1.
sacar_de_mano(blanco, mano(N, B0), mano(N, B)) :- B is B0 - 1.

cuantas(Casillas, Mano, Color, N) :-
    aggregate_all(count, member(c(_, _, Color), Casillas), EnTablero),
    en_mano(Color, Mano, EnMano),
    N is EnTablero + EnMano.

% ------------------------------------------------------------------------
% Las jugadas: colocar(P, Captura) o mover(De, A, Captura), Captura = no o un punto
% ------------------------------------------------------------------------

jugada(partida(T, Casillas, Turno, Mano, _, _), J) :-
    en_mano(Turno, Mano, N),
    (   N > 0
    ->  punto(T, Dir, Dist),
        contenido(Casillas, (Dir, Dist), vacio),
        poner(Casillas, (Dir, Dist), Turno, C1),
        captura(T, C1, Turno, (Dir, Dist), Cap),
        J = colocar((Dir, Dist), Cap)
    ;   member(c(Dir, Dist, Turno), Casillas),
        adyacente(T, (Dir, Dist), A),
        contenido(Casillas, A, vacio),
        poner(Casillas, (Dir, Dist), vacio, C0),
        poner(C0, A, Turno, C1),
        captura(T, C1, Turno, A, Cap),
        J = mover((Dir, Dist), A, Cap)
    ).

captura(T, Casillas, Color, Punto, Cap) :-
    (   forma_molino(T, Casillas, Color, Punto)
    ->  contrario(Color, Otro),
        member(c(D, R, Otro), Casillas),
        Cap = (D, R)
    ;   Cap = no
    ).

hacer(partida(T, Casillas0, Turno, Mano0, Q0, H0), J, partida(T, Casillas, Otro, Mano, Q, H)) :-
    (   J = colocar(P, Cap)
    ->  poner(Casillas0, P, Turno, C1),
        sacar_de_mano(Turno, Mano0, Mano)
    ;   J = mover(De, A, Cap),
        poner(Casillas0, De, vacio, C0),
        poner(C0, A, Turno, C1),
        Mano = Mano0
    ),
    contrario(Turno, Otro),
    (   Cap == no
    ->  Casillas = C1, Q is Q0 + 1
    ;   poner(C1, Cap, vacio, Casillas), Q = 0
    ),
    (   J = mover(_, _, no)
    ->  H = [Casillas-Otro|H0]
    ;   H = [Casillas-Otro]
    ).

% terminado(+Partida, -Fin): el juego terminó.
terminado(partida(T, Casillas, Turno, Mano, Q, H), Fin) :-
    (   member(C, [negro, blanco]),
        cuantas(Casillas, Mano, C, N),
        N =< 2
    ->  contrario(C, G), Fin = gana(G)
    ;   en_mano(Turno, Mano, 0),
        \+ jugada(partida(T, Casillas, Turno, Mano, Q, H), _)
    ->  contrario(Turno, G), Fin = gana(G)
    ;   H = [Actual|Antes],
        include(==(Actual), Antes, [_, _|_])
    ->  Fin = tablas
    ;   Q >= 100
    ->  Fin = tablas
    ).

% ------------------------------------------------------------------------
% La máquina: minimax
% ------------------------------------------------------------------------

turno(maquina, _Visual, P, P1) :-
    minimax_depth(D),
    P = partida(_, _, Turno, _, _, _),
    mejor_jugada(P, D, Turno, J),
    hacer(P, J, P1).

mejor_jugada(P, D, Yo, Mejor) :-
    findall(J, jugada(P, J), Js),
    Js = [J0|_],
    hacer(P, J0, P0),
    D1 is D - 1,
    valor(P0, D1, Yo, V0),
    foldl(mejor(P, D1, Yo), Js, J0-V0, Mejor-_).

mejor(P, D1, Yo, J, JM-VM, R) :-
    hacer(P, J, P1),
    valor(P1, D1, Yo, V),
    (   V > VM -> R = J-V ; R = JM-VM ).

valor(P, _, Yo, V) :-
    terminado(P, Fin),
    !,
    (   Fin = gana(Yo) -> V = 1000
    ;   Fin = gana(_) -> V = -1000
    ;   V = 0
    ).
valor(P, 0, Yo, V) :-
    !,
    heuristica(P, Yo, V).
valor(P, D, Yo, V) :-
    P = partida(_, _, Turno, _, _, _),
    D1 is D - 1,
    findall(V1, (jugada(P, J), hacer(P, J, P1), valor(P1, D1, Yo, V1)), Vs),
    (   Turno == Yo -> max_list(Vs, V) ; min_list(Vs, V) ).

heuristica(partida(T, Casillas, _, Mano, _, _), Yo, V) :-
    contrario(Yo, Otro),
    cuantas(Casillas, Mano, Yo, A),
    cuantas(Casillas, Mano, Otro, B),
    amenazas(T, Casillas, Yo, MA),
    amenazas(T, Casillas, Otro, MB),
    V is 10 * (A - B) + 3 * (MA - MB).

% amenazas: líneas con dos fichas del color y un lugar vacío
amenazas(T, Casillas, Color, N) :-
    aggregate_all(count,
                  ( linea(T, L),
                    findall(C, (member(P, L), contenido(Casillas, P, C)), Cs),
                    msort(Cs, [Color, Color, vacio])
                  ; linea(T, L),
                    findall(C, (member(P, L), contenido(Casillas, P, C)), Cs),
                    msort(Cs, [vacio, Color, Color])
                  ), N).

% ------------------------------------------------------------------------
% El humano: clicks
% ------------------------------------------------------------------------

turno(humano, Visual, P, P1) :-
    P = partida(T, Casillas, Turno, Mano, _, _),
    en_mano(Turno, Mano, N),
    (   N > 0
    ->  esperar_colocar(Visual, P, Punto),
        poner(Casillas, Punto, Turno, C1),
        J = colocar(Punto, Cap),
        Llega = Punto
    ;   esperar_mover(Visual, P, De, A),
        poner(Casillas, De, vacio, C0),
        poner(C0, A, Turno, C1),
        J = mover(De, A, Cap),
        Llega = A
    ),
    (   forma_molino(T, C1, Turno, Llega)
    ->  dibujar_casillas(Visual, T, C1),
        puntos_molino(T, C1, Turno, Llega, Molino),
        forall(member((D, R), Molino), gr_ficha(Visual, T, D, R, seleccion)),
        format(atom(Texto), 'Jugador ~w, capturar', [Turno]),
        gr_estado(Visual, Texto),
        esperar_captura(Visual, T, C1, Turno, Cap)
    ;   Cap = no
    ),
    hacer(P, J, P1).

dibujar_casillas(Visual, T, Casillas) :-
    findall(ficha(C, Dir, Dist), (member(c(Dir, Dist, C), Casillas), C \== vacio), Fichas),
    gr_dibujar_tablero(Visual, T, Fichas).

evento(Visual, E) :-
    gr_evento(Visual, E0),
    (   E0 == salir -> throw(salir)
    ;   E0 == abandonar
    ->  (   gr_opciones(Visual, '¿Abandonar la partida?', ['Sí', 'No'], 'Sí')
        ->  throw(salir)
        ;   evento(Visual, E)
        )
    ;   E0 == reiniciar
    ->  (   gr_pregunta(Visual, '¿Reiniciar la partida? (si/no)', R), afirmativo(R)
        ->  throw(reiniciar)
        ;   evento(Visual, E)
        )
    ;   E = E0
    ).

esperar_colocar(Visual, P, Punto) :-
    P = partida(_, Casillas, _, _, _, _),
    evento(Visual, click(Dir, Dist)),
    (   contenido(Casillas, (Dir, Dist), vacio)
    ->  Punto = (Dir, Dist)
    ;   gr_estado(Visual, 'Ese lugar está ocupado: elija un lugar vacío'),
        esperar_colocar(Visual, P, Punto)
    ).

esperar_mover(Visual, P, De, A) :-
    P = partida(T, Casillas, Turno, _, _, _),
    evento(Visual, click(Dir, Dist)),
    (   contenido(Casillas, (Dir, Dist), Turno)
    ->  gr_ficha(Visual, T, Dir, Dist, seleccion),
        gr_estado(Visual, 'Elija a dónde mover la ficha'),
        esperar_destino(Visual, P, (Dir, Dist), De, A)
    ;   gr_estado(Visual, 'Elija una ficha suya para mover'),
        esperar_mover(Visual, P, De, A)
    ).

esperar_destino(Visual, P, Sel, De, A) :-
    P = partida(T, Casillas, Turno, _, _, _),
    evento(Visual, click(Dir, Dist)),
    (   contenido(Casillas, (Dir, Dist), vacio), adyacente(T, Sel, (Dir, Dist))
    ->  De = Sel, A = (Dir, Dist)
    ;   contenido(Casillas, (Dir, Dist), Turno)
    ->  dibujar_casillas(Visual, T, Casillas),
        gr_ficha(Visual, T, Dir, Dist, seleccion),
        esperar_destino(Visual, P, (Dir, Dist), De, A)
    ;   gr_estado(Visual, 'Movimiento inválido: solo a un lugar vacío adyacente'),
        esperar_destino(Visual, P, Sel, De, A)
    ).

esperar_captura(Visual, T, Casillas, Turno, Cap) :-
    evento(Visual, click(Dir, Dist)),
    contrario(Turno, Otro),
    (   contenido(Casillas, (Dir, Dist), Otro)
    ->  Cap = (Dir, Dist)
    ;   gr_estado(Visual, 'Debe capturar una ficha del contrario'),
        esperar_captura(Visual, T, Casillas, Turno, Cap)
    ).
