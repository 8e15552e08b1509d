% Yoel's Azul (Programación Declarativa, La Habana), in the shape of the real ones: the
% game kept in asserted facts, one game per process, started with his own goal
% (iniciar/1), his own names.  Colours are the atoms blue, yellow, red, black, white.
%   fabrica(I, Azulejos)   centro(Azulejos)   ficha_inicial(centro | jugador(J))
%   turno(J)               tapa(Color, N)
%   filas(J, [F1..F5])     (vacia or fila(Color, N))
%   suelo(J, Lista)        muro(J, Filas)     puntos(J, P)
% His bug, a real one: the first player to take from the centre gets the first-player
% marker (ficha_inicial(jugador(J))) but he never puts it on that player's floor line,
% so the floor (and its penalty) misses it.
:- module(azul_yoel, [iniciar/1, jugadas/1, jugar/1, fabrica/2, centro/1, ficha_inicial/1,
                      turno/1, tapa/2, filas/2, suelo/2, muro/2, puntos/2, jugadores/1]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

:- dynamic fabrica/2, centro/1, ficha_inicial/1, turno/1, tapa/2, filas/2, suelo/2,
           muro/2, puntos/2, jugadores/1.

colores([blue, yellow, red, black, white]).

%   iniciar(+N): a new game of N players (the bag and the factories are his own deal).
iniciar(N) :-
    retractall(jugadores(_)), assertz(jugadores(N)),
    forall(between(0, 4, I), (retractall(fabrica(I, _)), assertz(fabrica(I, [])))),
    retractall(centro(_)), assertz(centro([])),
    retractall(ficha_inicial(_)), assertz(ficha_inicial(centro)),
    retractall(turno(_)), assertz(turno(0)).

%   jugadas(-Js): the legal take(Origen, Color, Fila) of the player to move.
jugadas(Js) :-
    turno(J),
    findall(take(O, C, F), ( origen(O, Azulejos), color_en(Azulejos, C), fila_posible(J, C, F) ), Js0),
    sort(Js0, Js).

origen(factory(I), A) :- fabrica(I, A), A \== [].
origen(centre, A) :- centro(A), A \== [].

color_en(Azulejos, C) :- colores(Cs), member(C, Cs), memberchk(C, Azulejos).

fila_posible(J, C, F) :-
    filas(J, Filas), muro(J, Muro),
    between(1, 5, F),
    nth1(F, Filas, Fila),
    (   Fila == vacia -> true ; Fila = fila(C, N), N < F ),
    nth1(F, Muro, FilaMuro), \+ memberchk(C, FilaMuro).
fila_posible(_, _, floor).

%   jugar(+Jugada): the player to move makes it; the turn passes.
jugar(take(O, C, F)) :-
    turno(J),
    tomar(O, C, N),
    colocar(J, C, N, F),
    jugadores(NJ), J1 is (J + 1) mod NJ,
    retractall(turno(_)), assertz(turno(J1)).

tomar(factory(I), C, N) :-
    fabrica(I, A),
    partition(==(C), A, Mios, Resto),
    length(Mios, N),
    retract(fabrica(I, _)), assertz(fabrica(I, [])),
    centro(C0), append(C0, Resto, C1), ordenar(C1, C2),
    retractall(centro(_)), assertz(centro(C2)).
tomar(centre, C, N) :-
    centro(A),
    partition(==(C), A, Mios, Resto),
    length(Mios, N),
    retractall(centro(_)), assertz(centro(Resto)),
    (   ficha_inicial(centro)
    ->  turno(J), retractall(ficha_inicial(_)), assertz(ficha_inicial(jugador(J)))
        % (the marker should go to the floor here: forgotten)
    ;   true
    ).

ordenar(Azulejos, Ordenados) :-
    colores(Cs),
    map_list_to_pairs([A, K]>>nth0(K, Cs, A), Azulejos, P),
    keysort(P, P1), pairs_values(P1, Ordenados).

colocar(J, C, N, floor) :- !, al_suelo(J, C, N).
colocar(J, C, N, F) :-
    filas(J, Filas0),
    nth1(F, Filas0, Fila0, Otras),
    ( Fila0 = fila(_, Tiene) -> true ; Tiene = 0 ),
    Caben is F - Tiene, Pongo is min(Caben, N), Sobran is N - Pongo,
    Total is Tiene + Pongo,
    ( Total =:= 0 -> Fila = vacia ; Fila = fila(C, Total) ),
    nth1(F, Filas, Fila, Otras),
    retract(filas(J, _)), assertz(filas(J, Filas)),
    al_suelo(J, C, Sobran).

al_suelo(J, C, N) :-
    suelo(J, S0), length(S0, L),
    Entran is max(0, min(N, 7 - L)), ATapa is N - Entran,
    length(Nuevos, Entran), maplist(=(C), Nuevos),
    append(S0, Nuevos, S),
    retract(suelo(J, _)), assertz(suelo(J, S)),
    (   ATapa > 0 -> retract(tapa(C, T0)), T is T0 + ATapa, assertz(tapa(C, T)) ; true ).
