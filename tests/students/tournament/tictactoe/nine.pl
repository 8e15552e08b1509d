% A tic-tac-toe student's machine that answers a cell off the board: no move of the game.
machine_move(ttt(_, _), mark(9)).
