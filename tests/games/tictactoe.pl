:- module(tictactoe,
          [ ttt_winner/2,            % +Board, -Winner
            ttt_move/4               % +Board, +Player, +Index, -Board1
          ]).

/** <module> Tic-tac-toe: a game that plugs into Tablero from outside prolog/

It lives only under tests/games/ and proves that a game is a plug-in: the
test run names this folder in TABLERO_GAMES, and the API, the console, the
REPL, the OpenAPI description and the pages pick it up with no edit to a
shared file.  The board is a list of nine cells, `x`, `o` or `e` (empty),
row by row.
*/

:- use_module(library(lists)).
:- use_module(tictactoe/protocol).

%!  ttt_winner(+Board, -Winner) is semidet.
%
%   Winner (x or o) has three in a line on Board.
%
%   ?- ttt_winner([x,x,x, o,o,e, e,e,e], W).
%   W = x.
ttt_winner(Board, Winner) :-
    line(A, B, C),
    nth0(A, Board, Winner), Winner \== e,
    nth0(B, Board, Winner),
    nth0(C, Board, Winner),
    !.

line(0, 1, 2). line(3, 4, 5). line(6, 7, 8).
line(0, 3, 6). line(1, 4, 7). line(2, 5, 8).
line(0, 4, 8). line(2, 4, 6).

%!  ttt_move(+Board, +Player, +Index, -Board1) is semidet.
%
%   Board1 is Board with Player's mark on the empty cell Index (0..8).
ttt_move(Board, Player, Index, Board1) :-
    nth0(Index, Board, e, Rest),
    nth0(Index, Board1, Player, Rest).
