% adapter.pl (del profesor): liga la entrega al contrato del kit Azul de Tablero
% (docs/grading.md).  La entrega guarda su juego en hechos y nombra todo a su manera:
% cada predicado del contrato pone nuestro estado azul/9 en sus hechos (cargar/1), llama
% al suyo y traduce la respuesta.  new_game/1 es su objetivo de inicio.
:- ensure_loaded(solution).

new_game(Estrategias) :-
    maplist(suya, Estrategias, Suyas),
    startAzulGame(Suyas).

jugadas_legales(Estado, Jugadas) :-
    cargar(Estado),
    movimientos_posibles(Movs),
    maplist(nuestra, Movs, Jugadas).

estrategia(Tipo, Estado, Jugada) :-
    cargar(Estado),
    suya(Tipo, Suya),
    elegir(Suya, Mov),
    nuestra(Mov, Jugada).

machine_move(Estado, Jugada) :-                 % los torneos (docs/tournaments.md)
    estrategia(greedy, Estado, Jugada).

suya(greedy, goloso).
suya(random, azar).

color(blue, azul).  color(yellow, amarillo).  color(red, rojo).
color(black, negro).  color(white, blanco).

%   cargar(+Estado): nuestro estado en sus hechos (jugadores y fábricas desde 1).
cargar(azul(_, _, _, _, Turno, Jugadores, table(Fabricas, Centro, Ficha, _, _), _, _)) :-
    retractall(turno(_)), J is Turno + 1, assertz(turno(J)),
    retractall(jugador(_, _, _, _, _)),
    forall(nth1(N, Jugadores, player(_, P, Lines, Wall, Floor)),
           ( maplist(fila, Lines, Filas),
             findall(F-C, ( nth1(F, Wall, Row), nth1(C, Row, X), X \== empty ), Muro),
             maplist(suelo, Floor, Suelo),
             assertz(jugador(N, P, Filas, Muro, Suelo)) )),
    retractall(fabrica(_, _)),
    forall(nth1(I, Fabricas, Fab), ( maplist(color, Fab, Az), assertz(fabrica(I, Az)) )),
    retractall(centro(_)), maplist(color, Centro, Cen), assertz(centro(Cen)),
    retractall(ficha_inicial(_)),
    (   Ficha == centre -> assertz(ficha_inicial(centro))
    ;   Ficha = held(H), H1 is H + 1, assertz(ficha_inicial(jugador(H1)))
    ).

fila(empty, vacia).
fila(line(C, N), fila(Co, N)) :- color(C, Co).

suelo(first, inicial).
suelo(C, Co) :- color(C, Co).

%   nuestra(+SuJugada, -Jugada): jugada(fabrica(I), Color, Fila) en nuestro take/3.
nuestra(jugada(O, Co, F), take(S, C, L)) :-
    ( O = fabrica(I) -> I0 is I - 1, S = factory(I0) ; S = centre ),
    color(C, Co),
    ( F == suelo -> L = floor ; L = F ).
