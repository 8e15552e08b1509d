% GoRoGo - Programação em Lógica (FEUP), a entrega do Bruno.
%
% (Tablero's test fixture: the Henge is read as neutral: an opponent group breathes through it, so a Henge never helps to capture))
%
% Uma solução na forma das de 2017/18: o tabuleiro é uma matriz 5x5 de inteiros com a
% sua própria convenção (0 vazio, 1 BRANCO, 2 PRETO, 3 Henge) e os seus próprios nomes.
% O adapter.pl ao lado (do professor) liga estes nomes ao contrato do kit.

:- use_module(library(lists)).

% tabuleiroVazio(-Tabuleiro): o tabuleiro do início.
tabuleiroVazio([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]]).

adversario(1, 2).
adversario(2, 1).

casa(Tab, X, Y, V) :-
    nth0(X, Tab, Linha),
    nth0(Y, Linha, V).

mudaCasa(Tab0, X, Y, V, Tab) :-
    nth0(X, Tab0, Linha0, Resto),
    nth0(Y, Linha0, _, Cs),
    nth0(Y, Linha, V, Cs),
    nth0(X, Tab, Linha, Resto).

vizinha(X, Y, X1, Y) :- X1 is X - 1, X1 >= 0.
vizinha(X, Y, X1, Y) :- X1 is X + 1, X1 =< 4.
vizinha(X, Y, X, Y1) :- Y1 is Y - 1, Y1 >= 0.
vizinha(X, Y, X, Y1) :- Y1 is Y + 1, Y1 =< 4.

% grupo(+Tab, +Valores, +Casa, -Grupo): as casas ligadas a Casa com um dos Valores.
grupo(Tab, Valores, C, Grupo) :-
    expande([C], Tab, Valores, [C], Grupo).

expande([], _, _, Vistos, Vistos).
expande([X-Y|Fila], Tab, Valores, Vistos0, Vistos) :-
    findall(X1-Y1, ( vizinha(X, Y, X1, Y1), \+ memberchk(X1-Y1, Vistos0),
                     casa(Tab, X1, Y1, V), memberchk(V, Valores) ), Novas0),
    sort(Novas0, Novas),
    append(Vistos0, Novas, Vistos1),
    append(Fila, Novas, Fila1),
    expande(Fila1, Tab, Valores, Vistos1, Vistos).

% respira(+Tab, +Grupo): alguma casa do grupo tem uma vizinha vazia.
respira(Tab, Grupo) :-
    member(X-Y, Grupo),
    vizinha(X, Y, X1, Y1),
    casa(Tab, X1, Y1, 0), !.

% mortas(+Tab, +Cor, -Mortas): as peças da Cor sem casa vazia vizinha (o Henge conta
% como a cor de quem joga, isto é, do adversário de Cor: não lhes dá ar).
mortas(Tab, Cor, Mortas) :-
    findall(X-Y, casa(Tab, X, Y, Cor), Pecas),
    mortas_(Pecas, Tab, Cor, Mortas).

mortas_([], _, _, []).
mortas_([P|Ps], Tab, Cor, Mortas) :-
    grupo(Tab, [Cor], P, G),
    subtract(Ps, G, Resto),
    (   respiraComHenge(Tab, G) -> Mortas = M1 ; append(G, M1, Mortas) ),
    mortas_(Resto, Tab, Cor, M1).

% (o Henge é neutro: também dá ar ao grupo)
respiraComHenge(Tab, Grupo) :-
    member(X-Y, Grupo),
    vizinha(X, Y, X1, Y1),
    casa(Tab, X1, Y1, V), memberchk(V, [0, 3]), !.

tira([], Tab, Tab).
tira([X-Y|Ps], Tab0, Tab) :-
    mudaCasa(Tab0, X, Y, 0, Tab1),
    tira(Ps, Tab1, Tab).

% colocarHengeInicial(+Tab0, +X, +Y, -Tab): o branco põe o Henge excedente.
colocarHengeInicial(Tab0, X, Y, Tab) :-
    casa(Tab0, X, Y, 0),
    mudaCasa(Tab0, X, Y, 3, Tab).

% colocarPeca(+Tab0, +Jogador, +Peca, +X, +Y, +Pecas0, -Pecas, -Tab, -Capturadas):
% Jogador (1 branco, 2 preto) põe Peca (normal ou henge) em (X, Y); Pecas são as
% suas pecas(Normais, Henges).  Falha se a jogada não é legal.
colocarPeca(Tab0, Jogador, Peca, X, Y, pecas(N0, H0), pecas(N, H), Tab, Capturadas) :-
    between(0, 4, X), between(0, 4, Y),
    casa(Tab0, X, Y, 0),
    temPeca(Peca, N0, H0, N, H),
    codigo(Peca, Jogador, V),
    mudaCasa(Tab0, X, Y, V, Tab1),
    adversario(Jogador, Outro),
    mortas(Tab1, Outro, Mortas),
    length(Mortas, Capturadas),
    tira(Mortas, Tab1, Tab),
    naoSuicida(Peca, Capturadas, Tab, Jogador, X, Y).

temPeca(normal, N0, H, N, H) :- N0 > 0, N is N0 - 1.
temPeca(henge, N, H0, N, H) :- H0 > 0, N + H0 >= 2, H is H0 - 1.

codigo(normal, Jogador, Jogador).
codigo(henge, _, 3).

naoSuicida(henge, _, _, _, _, _).
naoSuicida(normal, Capturadas, Tab, Jogador, X, Y) :-
    (   Capturadas > 0
    ->  true
    ;   grupo(Tab, [Jogador, 3], X-Y, G),
        respira(Tab, G)
    ).

% getBotPlay(+Tab, +Jogador, +Pecas, -Peca, -X, -Y): o bot: a primeira peça normal que
% captura, senão a primeira normal legal, senão um Henge.
getBotPlay(Tab, Jogador, Pecas, normal, X, Y) :-
    colocarPeca(Tab, Jogador, normal, X, Y, Pecas, _, _, C),
    C > 0, !.
getBotPlay(Tab, Jogador, Pecas, normal, X, Y) :-
    colocarPeca(Tab, Jogador, normal, X, Y, Pecas, _, _, _), !.
getBotPlay(Tab, Jogador, Pecas, henge, X, Y) :-
    colocarPeca(Tab, Jogador, henge, X, Y, Pecas, _, _, _), !.
