/*  A syntax error: a clause without its full stop, and an operator that
    does not exist.  Not graded (exit status 2).
*/
:- module(proylcc, [emptyBoard/1, goMove/4]).

emptyBoard(Board) :-
    length(Row, 19),
    maplist(=("-"), Row),
    length(Board, 19),
    maplist(=(Row), Board)

goMove(Board, Player, [R, C], RBoard) :-
    R =:= 0 ==> fail,
    nth0(R, Board, Row), nth0(C, Row, "-"),
    RBoard = Board, Player = Player.
