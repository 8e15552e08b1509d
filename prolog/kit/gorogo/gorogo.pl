/*  gorogo.pl: GoRoGo, Programação em Lógica (FEUP), o kit do Tablero
    (`tablero kit gorogo DIR`).  GoRoGo: a 5x5 Go with Henge pieces.

    O tabuleiro (Board) é a matriz do relatório: uma lista de 5 linhas de 5
    códigos, 0 vazio, 1 preto (black), 2 branco (white), 3 Henge.  Uma casa é
    a linha X e a coluna Y (0 a 4, (0,0) em cima à esquerda).

    O estado do jogo (o de machine_move/2 e do jogo guardado) é o termo

        gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase)

      - ToMove: b ou w, quem joga;
      - hand: as peças normais (regular) e Henge na mão de preto e branco;
      - captures: as capturas de preto e de branco;
      - Phase: opening_henge (branco abre com o Henge excedente) ou play.

    Uma jogada é place(Peca, X, Y), Peca regular ou henge.

    Os predicados marcados A ESCREVER / TO WRITE têm um corpo provisório que
    lança error(not_written_yet(Nome/Aridade), _): apague essa linha e
    escreva o seu.  Enquanto isso, `tablero tournament` dá a partida por
    perdida com a razão not_written.

    Jogá-lo no Tablero (veja README.md):
        tablero tournament gorogo machine:1 gorogo.pl
*/
:- module(gorogo_jogo,
          [ gamestate/1,        % -Board
            jogada/3,           % +Peca, +X, +Y
            updateTable/2,      % +Board, +Jogador
            melhorJogada/2,     % +Estado, -Jogada
            jogo/1,             % -Estado   (o jogo guardado)
            machine_move/2      % +Estado, -Jogada   (torneios: já escrito)
          ]).

:- use_module(library(lists)).
:- use_module(library(apply)).

%   O jogo guardado (o relatório guarda o jogo na base de dados): um estado
%   gorogo/5.  Começa com o tabuleiro vazio e branco a pôr o Henge excedente.
:- dynamic jogo/1.
jogo(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            w, hand(10, 2, 10, 2), captures(0, 0), opening_henge)).

%!  gamestate(-Board) is det.
%
%   A ESCREVER.  Board é o tabuleiro inicial, a matriz 5x5 de 0.
%   Board is the initial board, the 5x5 matrix of 0.
%
%   ?- gamestate(B).
%   B = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]].
gamestate(_Board) :-
    throw(error(not_written_yet(gamestate/1), _)).

%!  jogada(+Peca, +X, +Y) is semidet.
%
%   A ESCREVER.  O jogador a jogar no jogo guardado (jogo/1) põe Peca (1
%   preto ou 2 branco, a sua cor, ou 3 um Henge) na linha X, coluna Y; o
%   jogo guardado avança: as peças do adversário sem casa vazia vizinha
%   saem (capturas; os Henge contam para quem joga), a vez passa.  Falha,
%   sem mudar nada, se a jogada é ilegal (casa ocupada, fora do tabuleiro,
%   suicídio de uma peça normal, um Henge como última peça, na abertura
%   algo que não seja o Henge).
%   The player to move places Piece on row X, column Y of the stored game;
%   fails, changing nothing, on an illegal placement.
%   Pode supor: X, Y inteiros.
%
%   ?- jogada(3, 2, 2), jogada(1, 0, 0), jogo(gorogo(B, P, _, _, _)).
%   B = [[1, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 3, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], P = w.
jogada(_Peca, _X, _Y) :-
    throw(error(not_written_yet(jogada/3), _)).

%!  updateTable(+Board, +Jogador) is semidet.
%
%   A ESCREVER.  Board é o tabuleiro do jogo guardado com uma peça a mais,
%   posta por Jogador (1 ou 2), que é quem joga; se essa jogada é legal, o
%   jogo guardado passa a ser o jogo depois dela, capturas tiradas.  Se não,
%   falha.
%   Board is the stored board plus one piece of Player's; if that placement
%   is legal the stored game moves on.
%
%   ?- updateTable([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]], 2), jogo(gorogo(_, P, _, _, F)).
%   P = b, F = play.
updateTable(_Board, _Jogador) :-
    throw(error(not_written_yet(updateTable/2), _)).

%!  melhorJogada(+Estado, -Jogada) is det.
%
%   A ESCREVER (para os torneios).  A jogada do bot para quem joga em Estado
%   (um gorogo/5): place(regular, X, Y) ou place(henge, X, Y), legal.
%   The bot's placement for the player to move; it must be legal.
%   Pode supor: o jogo não acabou (há uma jogada legal).
%
%   ?- jogo(E), melhorJogada(E, J).
%   J = place(henge, _, _).
melhorJogada(_Estado, _Jogada) :-
    throw(error(not_written_yet(melhorJogada/2), _)).

%!  machine_move(+Estado, -Jogada) is det.
%
%   O contrato de `tablero tournament` (já escrito): o estado gorogo/5 de
%   cima, a jogada place(Peca, X, Y).
machine_move(Estado, Jogada) :-
    melhorJogada(Estado, Jogada).

%   Os corpos provisórios lançam error(not_written_yet(PI), _); assim se lê
%   no swipl.
:- multifile prolog:error_message//1.
prolog:error_message(not_written_yet(PI)) -->
    [ '~q ainda não está escrito (not written yet): é o corpo provisório do kit'-[PI] ].
