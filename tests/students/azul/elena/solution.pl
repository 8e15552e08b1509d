% Azul - Programación Declarativa (Universidad de La Habana): la entrega de Elena.
%
% (Tablero's test fixture: a full pattern line still takes tiles of its colour))
%
% Una solución en la forma de las reales: el juego vive en hechos (assert), una partida
% por proceso, que empieza con su propio objetivo (startAzulGame/1) y escribe sus puntos
% a su manera.  Sus nombres y sus términos son suyos: colores en español, fábricas desde
% 1, jugada(Origen, Color, Fila) con Fila 1..5 o suelo.  El adapter.pl de al lado (del
% profesor) lo liga al contrato del kit.

:- use_module(library(lists)).
:- use_module(library(random)).

:- dynamic fabrica/2, centro/1, ficha_inicial/1, jugador/5, turno/1, bolsa/1, tapa/1,
           estrategia_de/2, num_jugadores/1.

colores([azul, amarillo, rojo, negro, blanco]).

% color_muro(?Fila, ?Columna, ?Color): el muro impreso (filas y columnas desde 1).
color_muro(F, C, Color) :-
    between(1, 5, F), between(1, 5, C),
    colores(Cs), I is (C - F) mod 5, nth0(I, Cs, Color).

% jugador(J, Puntos, Filas, Muro, Suelo): Filas una lista de 5, vacia o fila(Color, N);
% Muro la lista de casillas F-C ocupadas; Suelo lo que cayó (colores e inicial).

                 /*  las jugadas  */

movimientos_posibles(Movs) :-
    turno(J),
    jugador(J, _, Filas, Muro, _),
    colores(Cs),
    findall(jugada(O, Color, Fila),
            ( origen(O, Azulejos), member(Color, Cs), memberchk(Color, Azulejos),
              destino(Filas, Muro, Color, Fila) ),
            Movs).

origen(fabrica(N), Az) :- fabrica(N, Az), Az \== [].
origen(centro, Az) :- centro(Az), Az \== [].

destino(Filas, Muro, Color, F) :-
    between(1, 5, F),
    nth1(F, Filas, Fila),
    acepta(Fila, F, Color),
    \+ ( color_muro(F, C, Color), memberchk(F-C, Muro) ).
destino(_, _, _, suelo).

acepta(vacia, _, _).
acepta(fila(Color, _), _, Color).

% tomar(+Jugada, +J, -Cantidad, -ConFicha): cuántos azulejos toma y si se lleva la
% ficha de jugador inicial.
tomar(jugada(O, Color, _), Cantidad, ConFicha) :-
    origen(O, Az),
    include(==(Color), Az, Mismos),
    length(Mismos, Cantidad),
    (   O == centro, ficha_inicial(centro) -> ConFicha = si ; ConFicha = no ).

% colocar(+Filas0, +Suelo0, +Jugada, +Cantidad, +ConFicha, -Filas, -Suelo)
colocar(Filas0, Suelo0, jugada(_, Color, Destino), Cantidad, ConFicha, Filas, Suelo) :-
    (   ConFicha == si -> al_suelo([inicial], Suelo0, Suelo1) ; Suelo1 = Suelo0 ),
    (   Destino == suelo
    ->  Filas = Filas0, Sobran = Cantidad
    ;   nth1(Destino, Filas0, Fila0, Resto),
        ( Fila0 = fila(_, Hay) -> true ; Hay = 0 ),
        Entran is min(Destino - Hay, Cantidad),
        Sobran is Cantidad - Entran,
        Total is Hay + Entran,
        nth1(Destino, Filas, fila(Color, Total), Resto)
    ),
    length(Extra, Sobran), maplist(=(Color), Extra),
    al_suelo(Extra, Suelo1, Suelo).

% el suelo tiene 7 lugares: lo que no entra va a la tapa.
al_suelo(Az, Suelo0, Suelo) :-
    append(Suelo0, Az, Suelo1),
    length(Suelo1, N),
    (   N > 7 -> length(Suelo, 7), append(Suelo, _, Suelo1) ; Suelo = Suelo1 ).

descuento(Suelo, D) :-
    length(Suelo, N),
    M is min(N, 7),
    length(Pen, M),
    append(Pen, _, [1, 1, 2, 2, 2, 3, 3]),
    sum_list(Pen, D).

% alicatar(+Filas0, +Muro0, -Filas, -Muro, -Puntos): las filas llenas pasan al muro,
% de arriba abajo, cada azulejo con sus puntos.
alicatar(Filas0, Muro0, Filas, Muro, Puntos) :-
    alicatar_(1, Filas0, Muro0, Filas, Muro, 0, Puntos).

alicatar_(_, [], Muro, [], Muro, P, P).
alicatar_(F, [Fila|Fs], Muro0, [Fila1|Fs1], Muro, P0, P) :-
    (   Fila = fila(Color, F)
    ->  color_muro(F, C, Color),
        puntos_azulejo(Muro0, F, C, Pts),
        Muro1 = [F-C|Muro0], Fila1 = vacia, P1 is P0 + Pts
    ;   Muro1 = Muro0, Fila1 = Fila, P1 = P0
    ),
    F1 is F + 1,
    alicatar_(F1, Fs, Muro1, Fs1, Muro, P1, P).

puntos_azulejo(Muro, F, C, Pts) :-
    cadena(Muro, F, C, 0, -1, I), cadena(Muro, F, C, 0, 1, D),
    cadena(Muro, F, C, -1, 0, A), cadena(Muro, F, C, 1, 0, B),
    H is I + D, V is A + B,
    (   H =:= 0, V =:= 0 -> Pts = 1
    ;   H =:= 0 -> Pts is V + 1
    ;   V =:= 0 -> Pts is H + 1
    ;   Pts is H + V + 2
    ).

cadena(Muro, F, C, DF, DC, N) :-
    F1 is F + DF, C1 is C + DC,
    (   memberchk(F1-C1, Muro) -> cadena(Muro, F1, C1, DF, DC, N0), N is N0 + 1 ; N = 0 ).

proyectados(Filas, Muro, Suelo, P) :-
    alicatar(Filas, Muro, _, _, A),
    descuento(Suelo, D),
    P is A - D.

                 /*  las estrategias  */

% elegir(+Estrategia, -Jugada): goloso (lo que más suma ahora) o azar.
elegir(azar, M) :-
    movimientos_posibles(Ms),
    random_member(M, Ms).
elegir(goloso, M) :-
    movimientos_posibles(Ms),
    turno(J),
    jugador(J, _, Filas, Muro, Suelo),
    proyectados(Filas, Muro, Suelo, Antes),
    findall(V-Mv, ( member(Mv, Ms), tomar(Mv, N, Ficha),
                    colocar(Filas, Suelo, Mv, N, Ficha, Filas1, Suelo1),
                    proyectados(Filas1, Muro, Suelo1, Despues), V is Despues - Antes ), VMs),
    mejor(VMs, M).

mejor([V-M|VMs], Mejor) :- mejor(VMs, V, M, Mejor).
mejor([], _, M, M).
mejor([V-M|VMs], V0, M0, Mejor) :-
    (   V > V0 -> mejor(VMs, V, M, Mejor) ; mejor(VMs, V0, M0, Mejor) ).

                 /*  la partida  */

startAzulGame(Estrategias) :-
    length(Estrategias, N),
    retractall(num_jugadores(_)), assertz(num_jugadores(N)),
    retractall(estrategia_de(_, _)), retractall(jugador(_, _, _, _, _)),
    forall(nth1(J, Estrategias, E),
           ( assertz(estrategia_de(J, E)),
             assertz(jugador(J, 0, [vacia, vacia, vacia, vacia, vacia], [], [])) )),
    findall(C, ( colores(Cs), member(C, Cs), between(1, 20, _) ), Bolsa),
    retractall(bolsa(_)), assertz(bolsa(Bolsa)),
    retractall(tapa(_)), assertz(tapa([])),
    retractall(turno(_)), assertz(turno(1)),
    ronda(1).

ronda(R) :-
    preparar,
    format("Ronda ~w~n", [R]),
    jugar_turnos,
    fin_de_ronda(Termina),
    (   Termina == si -> puntos_finales ; R1 is R + 1, ronda(R1) ).

preparar :-
    num_jugadores(N),
    NF is 2 * N + 1,
    retractall(fabrica(_, _)), retractall(centro(_)), retractall(ficha_inicial(_)),
    assertz(centro([])), assertz(ficha_inicial(centro)),
    forall(between(1, NF, I), ( sacar(4, Az), assertz(fabrica(I, Az)) )).

sacar(0, []) :- !.
sacar(K, Az) :-
    bolsa(B0),
    (   B0 == [], tapa(T), T \== []
    ->  retractall(bolsa(_)), assertz(bolsa(T)), retractall(tapa(_)), assertz(tapa([]))
    ;   true
    ),
    bolsa(B),
    (   B == [] -> Az = []
    ;   random_select(A, B, B1),
        retractall(bolsa(_)), assertz(bolsa(B1)),
        K1 is K - 1, sacar(K1, Az1), Az = [A|Az1]
    ).

jugar_turnos :-
    (   movimientos_posibles([])
    ->  true
    ;   turno(J), estrategia_de(J, E), elegir(E, M),
        hacer(J, M),
        format("Jugador ~w: ~w~n", [J, M]),
        num_jugadores(N), J1 is J mod N + 1,
        retractall(turno(_)), assertz(turno(J1)),
        jugar_turnos
    ).

hacer(J, M) :-
    M = jugada(O, Color, _),
    tomar(M, N, Ficha),
    jugador(J, P, Filas0, Muro, Suelo0),
    colocar(Filas0, Suelo0, M, N, Ficha, Filas, Suelo),
    retract(jugador(J, P, Filas0, Muro, Suelo0)),
    assertz(jugador(J, P, Filas, Muro, Suelo)),
    origen(O, Az),
    exclude(==(Color), Az, Resto),
    (   O = fabrica(I)
    ->  retract(fabrica(I, _)), assertz(fabrica(I, [])),
        retract(centro(C0)), append(C0, Resto, C1), assertz(centro(C1))
    ;   retract(centro(_)), assertz(centro(Resto))
    ),
    (   Ficha == si -> retractall(ficha_inicial(_)), assertz(ficha_inicial(jugador(J))) ; true ).

fin_de_ronda(Termina) :-
    forall(retract(jugador(J, P0, Filas0, Muro0, Suelo)),
           ( alicatar(Filas0, Muro0, Filas, Muro, A),
             descuento(Suelo, D),
             P is max(0, P0 + A - D),
             assertz(jugador(J, P, Filas, Muro, [])) )),
    (   ficha_inicial(jugador(J)) -> retractall(turno(_)), assertz(turno(J)) ; true ),
    (   jugador(_, _, _, Muro, _), between(1, 5, F),
        forall(between(1, 5, C), memberchk(F-C, Muro))
    ->  Termina = si
    ;   bolsa([]), tapa([]) -> Termina = si
    ;   Termina = no
    ).

puntos_finales :-
    forall(jugador(J, P, _, Muro, _),
           ( bonos(Muro, B), Total is P + B,
             format("Jugador ~w: ~w puntos~n", [J, Total]) )).

bonos(Muro, B) :-
    aggregate_all(count, ( between(1, 5, F), forall(between(1, 5, C), memberchk(F-C, Muro)) ), Fs),
    aggregate_all(count, ( between(1, 5, C), forall(between(1, 5, F), memberchk(F-C, Muro)) ), Cs),
    aggregate_all(count, ( colores(L), member(Co, L),
                           forall(color_muro(F, C, Co), memberchk(F-C, Muro)) ), Ks),
    B is 2 * Fs + 7 * Cs + 10 * Ks.
