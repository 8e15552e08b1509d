% The teacher's adapter for Rita: our state (prolog/gorogo/course.pl's gorogo/5, 1 black
% and 2 white) into her matrix (1 white, 2 black) and her hand, her answer into our move.
:- ensure_loaded(solution).

machine_move(gorogo(Board, ToMove, hand(BR, BH, WR, WH), _Captures, Phase),
             place(Piece, X, Y)) :-
    maplist(maplist(cor), Board, Tabuleiro),
    (   ToMove == b -> Jogador = 2, Pecas0 = pecas(BR, BH) ; Jogador = 1, Pecas0 = pecas(WR, WH) ),
    (   Phase == opening_henge -> Pecas = pecas(0, 1) ; Pecas = Pecas0 ),   % the surplus Henge
    jogadaBot(Tabuleiro, Jogador, Pecas, Peca, X, Y),
    peca(Peca, Piece).

cor(0, 0).
cor(1, 2).
cor(2, 1).
cor(3, 3).

peca(normal, regular).
peca(henge, henge).
