/*  No goMove/4: the move predicate takes an extra argument (goMove/5), as
    in one 2019 solution.  Not graded (exit status 2).
*/
:- module(proylcc, [emptyBoard/1, goMove/5]).

emptyBoard(Board) :-
    length(Row, 19),
    maplist(=("-"), Row),
    length(Board, 19),
    maplist(=(Row), Board).

goMove(Board, Player, [R, C], RBoard, RBoard) :-
    nth0(R, Board, Row0),
    nth0(C, Row0, "-", Rest),
    nth0(C, Row, Player, Rest),
    nth0(R, Board, _, Rows),
    nth0(R, RBoard, Row, Rows).
