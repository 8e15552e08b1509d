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

% `tablero serve --rules gorogo=rita/`: the kit's stored game jogo/1 and jogada/3 on her
% facts.  Our state goes into her facts, her jogar/3 plays, her facts come back as ours.
:- dynamic jogo/1.
jogo(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            w, hand(10, 2, 10, 2), captures(0, 0), opening_henge)).

jogada(Peca, X, Y) :-
    jogo(gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase)),
    maplist(maplist(cor), Board, Tabuleiro),
    cor_de(ToMove, J),
    (   Phase == opening_henge -> Fase = abertura ; Fase = jogo ),
    retractall(tabuleiro(_)), assertz(tabuleiro(Tabuleiro)),
    retractall(vez(_)), assertz(vez(J)),
    retractall(fase(_)), assertz(fase(Fase)),
    retractall(pecas(_, _)), assertz(pecas(2, pecas(BR, BH))), assertz(pecas(1, pecas(WR, WH))),
    retractall(capturas(_, _)), assertz(capturas(2, CB)), assertz(capturas(1, CW)),
    (   Peca =:= 3 -> P = henge ; P = normal ),
    jogar(P, X, Y),
    tabuleiro(T), maplist(maplist(cor), Board1, T),
    vez(J1), cor_de(ToMove1, J1),
    pecas(2, pecas(BR1, BH1)), pecas(1, pecas(WR1, WH1)),
    capturas(2, CB1), capturas(1, CW1),
    retractall(jogo(_)),
    assertz(jogo(gorogo(Board1, ToMove1, hand(BR1, BH1, WR1, WH1), captures(CB1, CW1), play))).

cor_de(b, 2).
cor_de(w, 1).
