:- module(gorogo_messages, []).  % only clauses of prolog:message//1,2

/** <module> GoRoGo: the terminal game's words, in Portuguese and English

The terminal game (prolog/gorogo_cli.pl) says everything through
print_message_lines/3 of a message term gorogo(Message), translated here the
way SWI-Prolog translates its own messages: prolog:message(pt, Term)//
gives the Portuguese words (the course's language), prolog:message(Term)//
the English ones, chosen by the flag message_language (gorogo_cli.pl sets it
for the game, pt unless English is asked for).  A translator edits this file
only.  The board itself is the report's print_state/0, the same in both.

The messages:

    opening(Side)                  Side places the surplus Henge
    turn(Side, Hand, Captures)     Side to place; the hands and the captures
    prompt(Side)                   ask a human for a placement (no newline)
    help                           how to type a placement
    not_understood                 a line that is no placement
    refused(Code)                  a refusal of gorogo_refusal/3
    placed(Side, Piece, Row, Col)  the machine's placement
    won(Winner, captures(CB, CW))  every piece placed: the captures decide
    won(Winner, no_legal_move)     the other player cannot place
    stopped                        a human stopped the game
*/

:- multifile
    prolog:message//1,
    prolog:message//2.

                 /*******************************
                 *          PORTUGUESE          *
                 *******************************/

prolog:message(pt, gorogo(Message)) -->
    pt(Message).

pt(opening(Side)) -->
    { pt_side(Side, Name) },
    [ 'As ~w colocam a Henge excedente.'-[Name] ].
pt(turn(Side, hand(BR, BH, WR, WH), captures(CB, CW))) -->
    { pt_side(Side, Name) },
    [ 'Jogam as ~w.  Na mão: pretas ~w + ~w H, brancas ~w + ~w H.  Capturas: pretas ~w, brancas ~w.'-
      [Name, BR, BH, WR, WH, CB, CW] ].
pt(prompt(Side)) -->
    { pt_side(Side, Name), pt_capital(Name, Cap) },
    [ '~w, a sua jogada (linha coluna; h linha coluna para uma Henge; q para sair): '-[Cap], flush ].
pt(help) -->
    [ 'Escreva a linha e a coluna, de 0 a 4 (0 0 é o canto de cima à esquerda), por exemplo 2 3;', nl,
      'h 2 3 coloca uma Henge; q sai do jogo.  O ponto final no fim é opcional.' ].
pt(not_understood) -->
    [ 'Escreva a linha e a coluna, de 0 a 4, por exemplo 2 3, ou h 2 3 para uma Henge.' ].
pt(refused(Code)) -->
    { pt_refusal(Code, Text) },
    [ '~w'-[Text] ].
pt(placed(Side, Piece, R, C)) -->
    { pt_side(Side, Name), pt_piece(Piece, Words) },
    [ 'As ~w (máquina) colocam ~w em ~w ~w.'-[Name, Words, R, C] ].
pt(won(Winner, captures(CB, CW))) -->
    { pt_side(Winner, Name) },
    [ 'Ganham as ~w: capturas das pretas ~w, das brancas ~w (o empate é das brancas).'-
      [Name, CB, CW] ].
pt(won(Winner, no_legal_move)) -->
    { pt_side(Winner, Name), other_side(Winner, Loser), pt_side(Loser, LoserName) },
    [ 'Ganham as ~w: as ~w não têm jogada legal.'-[Name, LoserName] ].
pt(stopped) -->
    [ 'Jogo interrompido.' ].

pt_side(b, pretas).
pt_side(w, brancas).

pt_capital(pretas, 'Pretas').
pt_capital(brancas, 'Brancas').

pt_piece(regular, 'uma peça').
pt_piece(henge, 'uma Henge').

pt_refusal(off_board, 'Esse ponto está fora do tabuleiro: linhas e colunas vão de 0 a 4.').
pt_refusal(occupied, 'Esse ponto já está ocupado.').
pt_refusal(henge_first, 'A primeira jogada das brancas é a Henge excedente.').
pt_refusal(no_regular_left, 'Já não tem peças regulares.').
pt_refusal(no_henge_left, 'Já não tem Henge.').
pt_refusal(last_piece_henge, 'A última peça não pode ser uma Henge: guarde outra peça na mão.').
pt_refusal(suicide, 'Uma peça regular não pode ficar num grupo sem vizinho vazio, a menos que capture.').

                 /*******************************
                 *            ENGLISH           *
                 *******************************/

prolog:message(gorogo(Message)) -->
    en(Message).

en(opening(Side)) -->
    { en_side(Side, Name) },
    [ '~w places the surplus Henge.'-[Name] ].
en(turn(Side, hand(BR, BH, WR, WH), captures(CB, CW))) -->
    { en_side(Side, Name) },
    [ '~w to place.  In hand: Black ~w + ~w H, White ~w + ~w H.  Captures: Black ~w, White ~w.'-
      [Name, BR, BH, WR, WH, CB, CW] ].
en(prompt(Side)) -->
    { en_side(Side, Name) },
    [ '~w, your placement (row col, h row col for a Henge, q to stop): '-[Name], flush ].
en(help) -->
    [ 'Type a row and a column from 0 to 4 (0 0 is the top left corner), e.g. 2 3;', nl,
      'h 2 3 places a Henge; q stops the game.  A full stop at the end may be left out.' ].
en(not_understood) -->
    [ 'Type a row and a column from 0 to 4, e.g. 2 3, or h 2 3 for a Henge.' ].
en(refused(Code)) -->
    { en_refusal(Code, Text) },
    [ '~w'-[Text] ].
en(placed(Side, Piece, R, C)) -->
    { en_side(Side, Name), en_piece(Piece, Words) },
    [ '~w (machine) places ~w at ~w ~w.'-[Name, Words, R, C] ].
en(won(Winner, captures(CB, CW))) -->
    { en_side(Winner, Name) },
    [ '~w wins: captures Black ~w, White ~w (a tie goes to White).'-[Name, CB, CW] ].
en(won(Winner, no_legal_move)) -->
    { en_side(Winner, Name), other_side(Winner, Loser), en_side(Loser, LoserName) },
    [ '~w wins: ~w has no legal placement.'-[Name, LoserName] ].
en(stopped) -->
    [ 'Game stopped.' ].

en_side(b, 'Black').
en_side(w, 'White').

en_piece(regular, 'a regular piece').
en_piece(henge, 'a Henge').

en_refusal(off_board, 'That point is off the board: rows and columns go from 0 to 4.').
en_refusal(occupied, 'That point is already taken.').
en_refusal(henge_first, 'White\'s first placement is the surplus Henge.').
en_refusal(no_regular_left, 'You have no regular piece left.').
en_refusal(no_henge_left, 'You have no Henge left.').
en_refusal(last_piece_henge, 'A Henge may not be your last piece: keep another piece in hand.').
en_refusal(suicide, 'A regular piece may not go where its group has no empty neighbour, unless it captures.').

other_side(b, w).
other_side(w, b).
