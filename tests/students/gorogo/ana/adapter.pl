% adapter.pl (do professor): liga a solução ao contrato do kit GoRoGo do Tablero
% (docs/grading.md).  O jogo guardado é jogo/1, um gorogo/5 do Tablero (1 PRETO, 2 BRANCO);
% a solução tem a sua matriz (1 BRANCO, 2 PRETO), as suas peças por jogador e os seus
% nomes.  Cada predicado do contrato traduz o estado, chama o dela e traduz a resposta.
:- ensure_loaded(solution).

:- dynamic jogo/1.
jogo(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            w, hand(10, 2, 10, 2), captures(0, 0), opening_henge)).

cor(0, 0).  cor(1, 2).  cor(2, 1).  cor(3, 3).           % a nossa cor, a dela

dela(Board, Tab) :- maplist(maplist(cor), Board, Tab).

jogador(b, 2, 1).                                         % Vez, o Jogador dela, o nosso código
jogador(w, 1, 2).

outra(b, w).
outra(w, b).

gamestate(Board) :-
    tabuleiroVazio(Tab),
    dela(Board, Tab).

jogada(Codigo, X, Y) :-
    jogo(gorogo(Board, Vez, hand(BR, BH, WR, WH), captures(CB, CW), Fase)),
    dela(Board, Tab0),
    (   Fase == opening_henge
    ->  Codigo == 3,
        colocarHengeInicial(Tab0, X, Y, Tab),
        Hand = hand(BR, BH, WR, WH), Caps = captures(CB, CW), Proxima = b
    ;   jogador(Vez, Jogador, Nosso),
        (   Codigo == 3 -> Peca = henge ; Codigo == Nosso -> Peca = normal ),
        (   Vez == b -> Pecas0 = pecas(BR, BH) ; Pecas0 = pecas(WR, WH) ),
        colocarPeca(Tab0, Jogador, Peca, X, Y, Pecas0, pecas(R, H), Tab, N),
        (   Vez == b
        ->  Hand = hand(R, H, WR, WH), CB1 is CB + N, Caps = captures(CB1, CW)
        ;   Hand = hand(BR, BH, R, H), CW1 is CW + N, Caps = captures(CB, CW1)
        ),
        outra(Vez, Proxima)
    ),
    dela(Board1, Tab),
    retractall(jogo(_)),
    assertz(jogo(gorogo(Board1, Proxima, Hand, Caps, play))).

updateTable(Board, Jogador) :-
    jogo(gorogo(Board0, Vez, _, _, _)),
    jogador(Vez, _, Jogador),
    findall(X-Y-C, ( nth0(X, Board0, L0), nth0(Y, L0, C0), nth0(X, Board, L),
                     nth0(Y, L, C), C \== C0 ), [X-Y-C]),
    jogada(C, X, Y).

melhorJogada(gorogo(Board, Vez, hand(BR, BH, WR, WH), _, Fase), place(Piece, X, Y)) :-
    dela(Board, Tab),
    jogador(Vez, Jogador, _),
    (   Fase == opening_henge -> Pecas = pecas(0, 2)
    ;   Vez == b -> Pecas = pecas(BR, BH)
    ;   Pecas = pecas(WR, WH)
    ),
    getBotPlay(Tab, Jogador, Pecas, Peca, X, Y),
    (   Peca == normal -> Piece = regular ; Piece = henge ).

% os torneios (docs/tournaments.md): o mesmo bot.
machine_move(Estado, Jogada) :-
    melhorJogada(Estado, Jogada).
