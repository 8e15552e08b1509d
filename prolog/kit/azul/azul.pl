/*  azul.pl: Azul, Programación Declarativa (Universidad de La Habana), el
    kit de Tablero (`tablero kit azul DIR`).

    El simulador juega partidas enteras entre estrategias (new_game/1); la
    máquina de una estrategia elige un turno: tomar todos los azulejos de un
    color de una fábrica o del centro y ponerlos en una fila de preparación
    (o en el suelo).

    El estado del juego (el de machine_move/2) es el de las reglas de
    Tablero:

        azul(Seed, Rng, Ronda, Inicial, Turno, Jugadores, Mesa, Ultimo, Fase)

      - Turno: el jugador que juega, contado desde 0;
      - Jugadores: una lista de player(Tipo, Puntos, Filas, Muro, Suelo):
        Filas las 5 filas de preparación, cada una `empty` o
        line(Color, N) (la fila k lleva k azulejos); Muro 5 filas de 5
        celdas, un color o `empty` (la fila 0 del muro impreso es blue,
        yellow, red, black, white, y cada fila corre un lugar a la derecha);
        Suelo la lista de lo que cayó al suelo (colores y `first`, la ficha
        de jugador inicial);
      - Mesa: table(Fabricas, Centro, Ficha, Bolsa, Tapa): Fabricas una
        lista de listas de colores ([] ya tomada), Centro una lista de
        colores, Ficha `centre` o held(J);
      - Fase: playing, u over(Razon, Bonos, Ganadores) al terminar.

    Los colores son blue, yellow, red, black y white.  Una jugada es
    take(Origen, Color, Fila): Origen factory(I) (desde 0) o centre, Fila
    1..5 o floor.

    Los predicados marcados PARA ESCRIBIR tienen un cuerpo provisorio que
    lanza error(not_written_yet(Nombre/Aridad), _): borre esa línea y
    escriba el suyo.  Mientras tanto `tablero tournament` da por perdida la
    partida con la razón not_written.

    Probarlo en el tablero de Tablero (vea README.md):
        tablero tournament azul random greedy azul.pl
*/
:- module(azul_juego,
          [ new_game/1,         % +Jugadores
            jugadas_legales/2,  % +Estado, -Jugadas
            aplicar_jugada/3,   % +Estado, +Jugada, -Estado2
            estrategia/3,       % +Tipo, +Estado, -Jugada
            machine_move/2      % +Estado, -Jugada   (torneos: ya escrito)
          ]).

:- use_module(library(lists)).
:- use_module(library(apply)).

%!  new_game(+Jugadores) is det.
%
%   PARA ESCRIBIR.  Juega una partida entera entre Jugadores, una lista de
%   2 a 4 estrategias (greedy, random), y escribe cada jugada, el estado
%   después de ella y al final los puntos de cada jugador.
%
%   ?- new_game([greedy, greedy]).
%   true.
new_game(_Jugadores) :-
    throw(error(not_written_yet(new_game/1), _)).

%!  jugadas_legales(+Estado, -Jugadas) is det.
%
%   PARA ESCRIBIR.  Jugadas son las jugadas take(Origen, Color, Fila) que
%   el jugador de turno puede hacer: todos los azulejos de Color de Origen
%   (una fábrica o el centro que los tenga) a una fila de preparación vacía
%   o del mismo color, cuyo color no esté ya en esa fila del muro; o al
%   suelo (floor), siempre.  [] si el juego terminó.
%
%   ?- Mesa = table([[blue, blue, red, red]], [], centre, [], []), length(Filas, 5), maplist(=(empty), Filas), length(F0, 5), maplist(=(empty), F0), length(Muro, 5), maplist(=(F0), Muro), jugadas_legales(azul(1, 1, 1, 0, 0, [player(human, 0, Filas, Muro, [])], Mesa, none, playing), Js), length(Js, N).
%   N = 12.
jugadas_legales(_Estado, _Jugadas) :-
    throw(error(not_written_yet(jugadas_legales/2), _)).

%!  aplicar_jugada(+Estado, +Jugada, -Estado2) is semidet.
%
%   PARA ESCRIBIR.  Estado2 es Estado después de que el jugador de turno
%   hace Jugada, una de jugadas_legales/2 (si no lo es, falla): toma todos
%   los azulejos de Color de Origen (de una fábrica: el resto va al centro,
%   ordenado por color como en la lista de colores; del centro: con la ficha
%   de jugador inicial si sigue allí, que pasa a ser held(Jugador) y va
%   primera al suelo), los pone en Fila (los que no caben van al suelo; con
%   el suelo lleno, 7 lugares, a la tapa) y el turno pasa al siguiente.
%   No hace el fin de ronda aunque la mesa quede vacía (Tablero alicata y
%   vuelve a llenar las fábricas con su propio generador): Seed, Rng, Ronda,
%   Inicial, Ultimo y Fase quedan como en Estado.  `tablero serve --rules
%   azul=...` la pregunta en cada jugada del tablero.
%
%   ?- Mesa = table([[blue, blue, red, red]], [], centre, [], []), length(Filas, 5), maplist(=(empty), Filas), length(F0, 5), maplist(=(empty), F0), length(Muro, 5), maplist(=(F0), Muro), aplicar_jugada(azul(1, 1, 1, 0, 0, [player(human, 0, Filas, Muro, [])], Mesa, none, playing), take(factory(0), blue, 1), azul(_, _, _, _, _, [player(_, _, [L1|_], _, Suelo)], table(Fs, Centro, _, _, _), _, _)).
%   L1 = line(blue, 1), Suelo = [blue], Fs = [[]], Centro = [red, red].
aplicar_jugada(_Estado, _Jugada, _Estado2) :-
    throw(error(not_written_yet(aplicar_jugada/3), _)).

%!  estrategia(+Tipo, +Estado, -Jugada) is det.
%
%   PARA ESCRIBIR.  La jugada que la estrategia Tipo elige para el jugador
%   de turno: greedy (el goloso: la jugada con la que obtiene más puntos),
%   random (una jugada legal al azar, con random_member/2).  Jugada debe
%   ser una de jugadas_legales/2.
%   Puede suponer: el juego no terminó.
%
%   ?- Mesa = table([[blue, blue, red, red]], [], centre, [], []), length(Filas, 5), maplist(=(empty), Filas), length(F0, 5), maplist(=(empty), F0), length(Muro, 5), maplist(=(F0), Muro), estrategia(greedy, azul(1, 1, 1, 0, 0, [player(human, 0, Filas, Muro, [])], Mesa, none, playing), J).
%   J = take(factory(0), blue, 2).
estrategia(_Tipo, _Estado, _Jugada) :-
    throw(error(not_written_yet(estrategia/3), _)).

%!  machine_move(+Estado, -Jugada) is det.
%
%   El contrato de `tablero tournament` (ya escrito): el estado azul/9 de
%   arriba; juega la estrategia golosa.
machine_move(Estado, Jugada) :-
    estrategia(greedy, Estado, Jugada).

%   Los cuerpos provisorios lanzan error(not_written_yet(PI), _); así se lee
%   en swipl.
:- multifile prolog:error_message//1.
prolog:error_message(not_written_yet(PI)) -->
    [ '~q todavía no está escrito: es el cuerpo provisorio del kit'-[PI] ].
