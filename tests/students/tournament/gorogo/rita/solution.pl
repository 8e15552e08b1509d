% Rita's GoRoGo (a solution in the shape of the 2017/18 ones: its own names, and its
% own matrix, 0 empty, 1 WHITE, 2 BLACK, 3 Henge).  Her bot places a normal piece on the
% first empty point with an empty neighbour, and a Henge when no normal piece is left.

jogadaBot(Tabuleiro, _Jogador, pecas(Normais, _), normal, X, Y) :-
    Normais > 0,
    casa(Tabuleiro, X, Y, 0),
    vizinha(X, Y, X1, Y1),
    casa(Tabuleiro, X1, Y1, 0),
    !.
jogadaBot(Tabuleiro, _Jogador, pecas(_, Henges), henge, X, Y) :-
    Henges > 0,
    casa(Tabuleiro, X, Y, 0),
    !.

casa(Tabuleiro, X, Y, Valor) :-
    nth0(X, Tabuleiro, Linha),
    nth0(Y, Linha, Valor).

vizinha(X, Y, X1, Y) :- X1 is X - 1, X1 >= 0.
vizinha(X, Y, X1, Y) :- X1 is X + 1, X1 =< 4.
vizinha(X, Y, X, Y1) :- Y1 is Y - 1, Y1 >= 0.
vizinha(X, Y, X, Y1) :- Y1 is Y + 1, Y1 =< 4.
