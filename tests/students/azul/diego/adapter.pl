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

suelo(first, inicial) :- !.
suelo(C, Co) :- color(C, Co).

%   nuestra(+SuJugada, -Jugada): jugada(fabrica(I), Color, Fila) en nuestro take/3.
nuestra(jugada(O, Co, F), take(S, C, L)) :-
    ( O = fabrica(I) -> I0 is I - 1, S = factory(I0) ; S = centre ),
    color(C, Co),
    ( F == suelo -> L = floor ; L = F ).

%   aplicar_jugada(+Estado, +Jugada, -Estado2): el tablero (tablero serve --rules) le
%   pregunta cada jugada: nuestro estado en sus hechos, su hacer/2, sus hechos leídos de
%   vuelta (la toma y su colocación, el turno pasado; sin fin de ronda: el muro, los
%   puntos y la bolsa quedan como estaban).  Su juego no guarda los azulejos que no
%   entran en el suelo lleno: los que faltan después de la jugada van a la tapa.
aplicar_jugada(Estado, Jugada, Estado2) :-
    cargar(Estado),
    suya_jugada(Jugada, Mov),
    turno(J),
    hacer(J, Mov),
    leer(Estado, Estado1),
    a_la_tapa(Estado, Estado1, Estado2).

suya_jugada(take(S, C, L), jugada(O, Co, F)) :-
    ( S = factory(I0) -> I is I0 + 1, O = fabrica(I) ; O = centro ),
    color(C, Co),
    ( L == floor -> F = suelo ; F = L ).

leer(azul(A1, A2, A3, A4, Turno0, Jugadores0, table(_, _, _, Bolsa, Tapa), A8, A9),
     azul(A1, A2, A3, A4, Turno, Jugadores, table(Fabricas, Centro, Ficha, Bolsa, Tapa),
          A8, A9)) :-
    length(Jugadores0, N),
    Turno is (Turno0 + 1) mod N,
    findall(I-Fab, ( fabrica(I, Az), maplist(color, Fab, Az) ), IFs),
    keysort(IFs, IFs1), pairs_values(IFs1, Fabricas),
    centro(Cen), maplist(color, Centro, Cen),
    (   ficha_inicial(centro) -> Ficha = centre
    ;   ficha_inicial(jugador(H1)), H is H1 - 1, Ficha = held(H)
    ),
    findall(player(Tipo, P, Lines, Muro, Floor),
            ( nth1(K, Jugadores0, player(Tipo, P, _, Muro, _)),
              jugador(K, _, Filas, _, Suelo),
              maplist(fila, Lines, Filas),
              maplist(suelo, Floor, Suelo) ),
            Jugadores).

%   a_la_tapa(+Antes, +Despues0, -Despues): los azulejos de cada color que había en la
%   mesa, las filas y los suelos antes y ya no están, sumados a la tapa.
a_la_tapa(Antes, azul(A1, A2, A3, A4, A5, Js, table(Fs, Cen, Fi, Bolsa, Tapa0), A8, A9),
          azul(A1, A2, A3, A4, A5, Js, table(Fs, Cen, Fi, Bolsa, Tapa), A8, A9)) :-
    maplist([C-K0, C-K]>>( en_juego(Antes, C, N0),
                           en_juego(azul(A1, A2, A3, A4, A5, Js, table(Fs, Cen, Fi, Bolsa, Tapa0),
                                         A8, A9), C, N1),
                           K is K0 + N0 - N1 ), Tapa0, Tapa).

en_juego(azul(_, _, _, _, _, Js, table(Fs, Cen, _, _, _), _, _), C, N) :-
    append([Cen|Fs], Mesa), include(==(C), Mesa, M), length(M, NM),
    aggregate_all(sum(K), ( member(player(_, _, Ls, _, _), Js), member(line(C, K), Ls) ), NL),
    aggregate_all(count, ( member(player(_, _, _, _, S), Js), member(X, S), X == C ), NS),
    N is NM + NL + NS.
