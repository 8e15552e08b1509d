% adapter.pl: o exemplo de um adaptador (docs/kits.md).  Nos torneios o jogador é este
% arquivo: `tablero tournament gorogo machine:1 entrega/adapter.pl`.  Ele carrega a solução
% (aqui o gorogo.pl do kit; troque pelo arquivo e pelos nomes da sua) sem o machine_move/2
% dela, e define machine_move/2 sobre os nomes dela.
:- use_module(gorogo, [melhorJogada/2]).

machine_move(Estado, Jogada) :-
    melhorJogada(Estado, Jogada).

% Uma solução com a sua própria matriz (1 BRANCO, 2 PRETO) e o seu bot
% jogadaBot(Tabuleiro, Jogador, pecas(Normais, Henges), Peca, X, Y) traduz o nosso estado
% antes e a jogada depois:
%
% machine_move(gorogo(Board, ToMove, hand(BR, BH, WR, WH), _Captures, Phase),
%              place(Piece, X, Y)) :-
%     maplist(maplist(cor), Board, Tabuleiro),
%     (   ToMove == b -> Jogador = 2, Pecas0 = pecas(BR, BH) ; Jogador = 1, Pecas0 = pecas(WR, WH) ),
%     (   Phase == opening_henge -> Pecas = pecas(0, 1) ; Pecas = Pecas0 ),
%     jogadaBot(Tabuleiro, Jogador, Pecas, Peca, X, Y),
%     peca(Peca, Piece).
%
% cor(0, 0).  cor(1, 2).  cor(2, 1).  cor(3, 3).
% peca(normal, regular).  peca(henge, henge).
