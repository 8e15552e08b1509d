% adapter.pl: el ejemplo de un adaptador (docs/kits.md).  Una solución que guarda su juego
% en hechos (como tantas de Azul) y elige con su propio nombre juega en los torneos con
% este archivo al lado: `tablero tournament azul greedy entrega/adapter.pl`.  Aquí la
% solución es este mismo kit: cambie `azul` por su archivo, y los hechos y el nombre por
% los suyos.
:- use_module(azul, [estrategia/3]).   % la solución, sin su machine_move/2

:- dynamic turno_de/1, fabricas/1, centro/1.

machine_move(Estado, Jugada) :-
    Estado = azul(_, _, _, _, Turno, _, table(Fabricas, Centro, _, _, _), _, _),
    retractall(turno_de(_)), assertz(turno_de(Turno)),      % nuestro estado en sus hechos
    retractall(fabricas(_)), assertz(fabricas(Fabricas)),
    retractall(centro(_)), assertz(centro(Centro)),
    estrategia(greedy, Estado, Jugada).                     % su nombre para su elección
