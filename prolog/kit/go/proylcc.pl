/*  proylcc.pl: el proyecto de Go de Lógica para Ciencias de la Computación
    (UNS, 2019), el kit de Tablero (`tablero kit go DIR`).

    El tablero (Board) es una lista de 19 filas; cada fila, una lista de 19
    celdas: "-" vacía, "b" piedra negra, "w" piedra blanca (strings, como los
    manda la interfaz web del curso).  Una posición es [Fila, Columna],
    contadas desde 0, la fila 0 arriba.  Un jugador es "b" o "w".

    Los predicados marcados PARA ESCRIBIR tienen un cuerpo provisorio que
    lanza error(not_written_yet(Nombre/Aridad), _): borre esa línea y
    escriba el suyo.  Mientras tanto, `tablero grade` dice "not written yet"
    de ese predicado y `tablero tournament` da por perdida la partida con la
    razón not_written.

    Probarlo en el tablero de Tablero (vea README.md):
        tablero grade proylcc.pl                  la corrección, caso por caso
        tablero serve --rules go=proylcc.pl       su goMove/4 junto al nuestro
        tablero tournament go machine:simple proylcc.pl --option size=9
*/
:- module(proylcc,
          [ emptyBoard/1,       % -Board
            goMove/4,           % +Board, +Player, +Pos, -RBoard
            terminarJuego/3,    % +Board, -PuntosW, -PuntosB
            jugadaMaquina/3,    % +Board, +Player, -Jugada
            machine_move/2      % +Juego, -Movida   (torneos: ya escrito)
          ]).

:- use_module(library(lists)).
:- use_module(library(apply)).

%!  emptyBoard(-Board) is det.
%
%   Board es el tablero vacío de 19x19 (código base del curso: ya escrito).
%
%   ?- emptyBoard(B), length(B, N), B = [Fila|_], length(Fila, M), Fila = [C|_].
%   N = 19, M = 19, C = "-".
emptyBoard(Board) :-
    length(Fila, 19),
    maplist(=("-"), Fila),
    length(Board, 19),
    maplist(=(Fila), Board).

%!  goMove(+Board, +Player, +Pos, -RBoard) is semidet.
%
%   PARA ESCRIBIR.  Player ("b" o "w") pone una piedra en Pos = [Fila,
%   Columna]; RBoard es el tablero después de la jugada: sin los grupos del
%   contrario que quedaron sin libertades (encerrados), todos a la vez.
%   Falla (sin error) si Pos está ocupada, fuera del tablero, o si la
%   jugada es un suicidio (el grupo de la piedra queda sin libertades
%   después de las capturas).  Una sola respuesta: al reintentar
%   (backtracking) no debe dar otro tablero.
%   Puede suponer: Board es un tablero bien formado y Player es "b" o "w".
%   No sabe del ko (no tiene historia): eso lo controla quien juega.
%
%   ?- emptyBoard(B), goMove(B, "b", [0,0], R), R = [[C|_]|_].
%   C = "b".
%   ?- emptyBoard(B0), goMove(B0, "b", [0,0], B1), goMove(B1, "b", [0,0], _).
%   false.
%   ?- emptyBoard(B0), goMove(B0, "w", [0,0], B1), goMove(B1, "b", [0,1], B2), goMove(B2, "b", [1,0], B3), B3 = [[C|_]|_].
%   C = "-".
goMove(_Board, _Player, _Pos, _RBoard) :-
    throw(error(not_written_yet(goMove/4), _)).

%!  terminarJuego(+Board, -PuntosW, -PuntosB) is det.
%
%   PARA ESCRIBIR.  Los puntos de cada jugador al terminar (documento 000:
%   primero los de blanco): sus piedras en el tablero más las
%   intersecciones vacías que encierra (cada región vacía que sólo toca
%   piedras de ese color).  Una región que toca los dos colores, o ninguno,
%   no es de nadie.
%   Puede suponer: Board es un tablero bien formado.
%
%   ?- emptyBoard(B), terminarJuego(B, W, N).
%   W = 0, N = 0.
%   ?- emptyBoard(B0), goMove(B0, "b", [9,9], B), terminarJuego(B, W, N).
%   W = 0, N = 361.
terminarJuego(_Board, _PuntosW, _PuntosB) :-
    throw(error(not_written_yet(terminarJuego/3), _)).

%!  jugadaMaquina(+Board, +Player, -Jugada) is det.
%
%   PARA ESCRIBIR (para los torneos).  La jugada de la máquina de Player
%   en Board: una posición [Fila, Columna] donde goMove/4 acepta la piedra,
%   o el átomo `pasar`.  Board puede ser de 9x9, 13x13 o 19x19 (el torneo
%   elige con --option size=N).  No repita una captura de ko (el árbitro la
%   rechaza y la partida se pierde): pasar siempre es legal.
%
%   ?- emptyBoard(B), jugadaMaquina(B, "b", J), ( J == pasar ; J = [_, _] ).
%   true.
jugadaMaquina(_Board, _Player, _Jugada) :-
    throw(error(not_written_yet(jugadaMaquina/3), _)).

%!  machine_move(+Juego, -Movida) is det.
%
%   El contrato de `tablero tournament` (ya escrito): Juego es el término
%   go/8 de las reglas de Tablero, Movida move(P, [Fila, Columna]) o
%   pass(P).  Pasa el tablero y el jugador a jugadaMaquina/3.
machine_move(Juego, Movida) :-
    arg(2, Juego, Filas),                      % las filas como strings: "-b-w..."
    arg(3, Juego, Jugador),                    % "b" o "w"
    maplist(fila_celdas, Filas, Board),
    jugadaMaquina(Board, Jugador, Jugada),
    (   Jugada == pasar
    ->  Movida = pass(Jugador)
    ;   Movida = move(Jugador, Jugada)
    ).

fila_celdas(Fila, Celdas) :-
    string_chars(Fila, Chars),
    maplist([Ch, S]>>string_chars(S, [Ch]), Chars, Celdas).

%   Los cuerpos provisorios lanzan error(not_written_yet(PI), _); así se lee
%   en swipl.
:- multifile prolog:error_message//1.
prolog:error_message(not_written_yet(PI)) -->
    [ '~q todavía no está escrito: es el cuerpo provisorio del kit'-[PI] ].
