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

% Her rules: the game kept in facts, as the report keeps it.  tabuleiro/1 her matrix,
% vez/1 the player to move (1 white, 2 black), pecas(Jogador, pecas(Normais, Henges)),
% capturas(Jogador, N), fase/1 abertura (White puts the surplus Henge) or jogo.
% jogar(+Peca, +X, +Y) plays normal or henge for vez/1, or fails changing nothing.
% Her bug, a real one: a normal piece with no empty neighbour of its own is refused
% unless it captures, even when it joins a group of hers that still breathes (the report:
% "a peça não pode ficar sem liberdades": she read the piece, not its group).
:- dynamic tabuleiro/1, vez/1, pecas/2, capturas/2, fase/1.

jogar(Peca, X, Y) :-
    fase(F), vez(J), tabuleiro(T0),
    casa(T0, X, Y, 0),
    (   F == abertura
    ->  Peca == henge,
        poe(T0, X, Y, 3, T),
        retractall(tabuleiro(_)), assertz(tabuleiro(T)),
        retractall(fase(_)), assertz(fase(jogo)),
        retractall(vez(_)), assertz(vez(2))
    ;   pecas(J, pecas(N, H)),
        (   Peca == normal -> N > 0, C = J, N1 is N - 1, H1 = H
        ;   Peca == henge, H > 0, N + H >= 2, C = 3, N1 = N, H1 is H - 1
        ),
        poe(T0, X, Y, C, T1),
        adversario(J, A),
        findall(P, ( casa(T1, X1, Y1, A), P = X1-Y1, \+ respira(T1, A, P) ), Mortas),
        (   Peca == normal, Mortas == [], \+ ( vizinha(X, Y, X2, Y2), casa(T1, X2, Y2, 0) )
        ->  fail                                    % "sem liberdades" (the piece alone)
        ;   true
        ),
        foldl(tira, Mortas, T1, T),
        length(Mortas, K),
        retract(capturas(J, C0)), C1 is C0 + K, assertz(capturas(J, C1)),
        retract(pecas(J, _)), assertz(pecas(J, pecas(N1, H1))),
        retractall(tabuleiro(_)), assertz(tabuleiro(T)),
        retractall(vez(_)), assertz(vez(A))
    ).

adversario(1, 2).
adversario(2, 1).

poe(T0, X, Y, V, T) :-
    nth0(X, T0, L0), nth0(Y, L0, _, Resto), nth0(Y, L, V, Resto),
    nth0(X, T0, _, Linhas), nth0(X, T, L, Linhas).

tira(X-Y, T0, T) :- poe(T0, X, Y, 0, T).

% respira(+T, +Cor, +Casa): the group of Cor at Casa (pieces of Cor only: a Henge counts
% for the player to move) has an empty neighbour.
respira(T, Cor, Casa) :-
    grupo(T, Cor, [Casa], [], Grupo),
    member(X-Y, Grupo), vizinha(X, Y, X1, Y1), casa(T, X1, Y1, 0), !.

grupo(_, _, [], Visto, Visto).
grupo(T, Cor, [X-Y|Fila], Visto, Grupo) :-
    (   memberchk(X-Y, Visto)
    ->  grupo(T, Cor, Fila, Visto, Grupo)
    ;   findall(X1-Y1, ( vizinha(X, Y, X1, Y1), casa(T, X1, Y1, Cor) ), Novas),
        append(Fila, Novas, Fila1),
        grupo(T, Cor, Fila1, [X-Y|Visto], Grupo)
    ).
