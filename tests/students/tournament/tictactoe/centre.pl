% A tic-tac-toe student's machine in the tournament's contract, as the game that plugs in
% from tests/games/ declares it: given ttt(Board, Player), mark(Index): the centre, else
% the first free corner, else the first free cell.
machine_move(ttt(Board, _), mark(I)) :-
    member(I, [4, 0, 2, 6, 8, 1, 3, 5, 7]),
    nth0(I, Board, e),
    !.
