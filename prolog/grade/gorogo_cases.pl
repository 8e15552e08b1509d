:- module(grade_gorogo,
          [ grade/0
          ]).

/** <module> Grading a GoRoGo solution (FEUP's report: the GoRoGo kit's contract)

The kit's contract (prolog/kit/gorogo/gorogo.pl, docs/kits.md): gamestate/1,
jogada/3 and updateTable/2 on the stored game jogo/1 (a gorogo/5 state of
prolog/gorogo/course.pl), and the bot melhorJogada/2.  A solution with its
own names or matrix is graded through its adapter.pl, which defines these
on its names (docs/grading.md).  Each case sets the stored game
(set_stored/1: jogo/1 is retracted and the case's state asserted), asks the
student's predicate, reads jogo/1 back, and compares with our rules
(gorogo_place/3, update_table/3, gorogo_refusal/3, gorogo_legal/2).

Sections: `initial` (gamestate/1), `positions` (written by hand: what
students get wrong: captures, two groups at once, a Henge counting for the
player to move, a capture far from the placed piece, suicide with and
without a Henge, a suicide that captures, the Henge as last piece, the
opening Henge, the hand and capture counts), `bot` (melhorJogada/2 on
positions where few placements are legal), `random` (seeded random games:
every placement asked of jogada/3, some of updateTable/2 and melhorJogada/2,
an illegal placement now and then).  See kit_grade.pl for the records.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module('../gorogo/course', []).
:- use_module(common).
:- use_module(kit_grade).

grade :-
    grade_kit(grade_gorogo).

contract([gamestate/1, jogada/3, updateTable/2, melhorJogada/2]).

sections([ section(initial, t("The initial board", "O tabuleiro inicial")),
           section(positions, t("Positions written by hand (captures, suicide, Henge)",
                                "Posições escolhidas (capturas, suicídio, Henge)")),
           section(bot, t("The bot's placement is legal", "A jogada do bot é legal")),
           section(random, t("Random games (seeded)", "Partidas aleatórias (com semente)"))
         ]).

position(state(S), S).
position(moves(_, Ms), S) :-
    gorogo_course:gorogo_initial(S0),
    foldl(place_move, Ms, S0, S).

place_move(M, S0, S) :-
    gorogo_course:gorogo_place(S0, M, S).

                 /*******************************
                 *           THE CASES          *
                 *******************************/

cases(Seeds, Cases) :-
    findall(C, hand_case(C), Hand),
    findall(C, ( member(Seed, Seeds), random_cases(Seed, C) ), Random),
    append(Hand, Random, Cases).

hand_case(case(initial, initial_board, t("gamestate/1: the empty 5x5 matrix",
                                          "gamestate/1: a matriz 5x5 vazia"),
               gamestate/1, state(none), gamestate)).
hand_case(case(positions, Name, Title, jogada/3, state(S), place(Code, X, Y))) :-
    hand(Name, Title, S, Piece, X, Y),
    piece_code(S, Piece, Code).
hand_case(case(positions, Name1, Title, updateTable/2, state(S), table(Board, Player))) :-
    hand(Name, Title, S, Piece, X, Y),
    memberchk(Name, [corner_capture, henge_counts_for_mover, capture_far_away,
                     suicide, opening_henge, henge_last_piece]),
    atom_concat(Name, '_table', Name1),
    piece_code(S, Piece, Code),
    S = gorogo(Board0, Side, _, _, _),
    set_cell(Board0, X, Y, Code, Board),
    side_code(Side, Player).
hand_case(case(bot, Name, Title, melhorJogada/2, state(S), bot)) :-
    bot_position(Name, Title, S).

%   hand(Name, Title, State, Piece, X, Y): a placement that students get
%   wrong, and the state it is made in.
hand(corner_capture, t("a capture in the corner", "uma captura no canto"),
     gorogo([[2,1,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            b, hand(9,2,9,2), captures(0,0), play), regular, 1, 0).
hand(two_groups, t("two groups captured by one placement",
                   "dois grupos capturados por uma só peça"),
     gorogo([[2,1,0,0,0],[0,0,0,0,0],[2,1,0,0,0],[1,0,0,0,0],[0,0,0,0,3]],
            b, hand(7,2,8,2), captures(0,0), play), regular, 1, 0).
hand(henge_counts_for_mover, t("a Henge counts as the colour of the player to move (capture)",
                               "o Henge conta como a cor de quem joga (captura)"),
     gorogo([[2,3,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            b, hand(10,1,9,2), captures(0,0), play), regular, 1, 0).
hand(capture_far_away, t("a group without an empty neighbour is captured wherever it is",
                         "um grupo sem casa vazia vizinha é capturado onde estiver"),
     gorogo([[2,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            b, hand(9,1,9,2), captures(0,0), play), regular, 4, 4).
hand(suicide, t("suicide of a regular piece (refused)",
                "suicídio de uma peça normal (recusado)"),
     gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,1,0],[0,0,1,0,0],[0,0,0,0,3]],
            w, hand(6,2,10,1), captures(0,0), play), regular, 2, 2).
hand(suicide_with_henge, t("suicide although a Henge is beside it (refused)",
                           "suicídio mesmo com um Henge ao lado (recusado)"),
     gorogo([[0,0,0,0,0],[0,0,1,1,0],[0,1,0,3,1],[0,0,1,1,0],[0,0,0,0,0]],
            w, hand(4,2,10,1), captures(0,0), play), regular, 2, 2).
hand(henge_gives_liberty, t("not a suicide: the Henge joins the group and breathes",
                            "não é suicídio: o Henge junta-se ao grupo e respira"),
     gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,3,0],[0,0,1,0,0],[0,0,0,0,0]],
            w, hand(7,2,10,1), captures(0,0), play), regular, 2, 2).
hand(suicide_that_captures, t("a placement without liberties that captures is legal",
                              "uma peça sem liberdades que captura é legal"),
     gorogo([[1,0,1,0,0],[2,1,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
            w, hand(7,2,9,1), captures(0,0), play), regular, 0, 1).
hand(henge_last_piece, t("a Henge may not be the player's last piece",
                         "o Henge não pode ser a última peça do jogador"),
     gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            b, hand(0,1,0,1), captures(0,0), play), henge, 4, 4).
hand(henge_in_hand, t("placing a Henge takes it from the hand (the Henge count)",
                      "pôr um Henge tira-o da mão (a contagem dos Henge)"),
     gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            b, hand(9,2,9,2), captures(0,0), play), henge, 4, 4).
hand(opening_henge, t("the opening: White places the surplus Henge",
                      "a abertura: o branco põe o Henge excedente"),
     gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            w, hand(10,2,10,2), captures(0,0), opening_henge), henge, 2, 2).
hand(opening_regular, t("the opening: a regular piece first is refused",
                        "a abertura: uma peça normal primeiro é recusada"),
     gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            w, hand(10,2,10,2), captures(0,0), opening_henge), regular, 2, 2).
hand(occupied, t("a placement on an occupied point (refused)",
                 "uma peça numa casa ocupada (recusada)"),
     gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            b, hand(9,2,9,2), captures(0,0), play), regular, 2, 2).
hand(white_captures, t("White captures: the captures of White are counted",
                       "o branco captura: contam as capturas do branco"),
     gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
            w, hand(9,2,9,2), captures(0,0), play), regular, 1, 0).

bot_position(bot_henge_only, t("the bot holds only Henge", "o bot só tem Henge"),
             gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                    b, hand(0,2,0,2), captures(0,0), play)).
bot_position(bot_opening, t("the bot opens: only the Henge", "o bot abre: só o Henge"),
             gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                    w, hand(10,2,10,2), captures(0,0), opening_henge)).
bot_position(bot_suicides, t("the bot's board is full of suicides",
                             "o tabuleiro do bot está cheio de suicídios"),
             gorogo([[0,1,0,1,0],[1,0,1,0,1],[0,1,0,1,0],[1,0,1,0,1],[0,1,3,1,0]],
                    w, hand(5,2,10,1), captures(0,0), play)).

%   random_cases(+Seed, -Case): the cases of one random game.
random_cases(Seed, Case) :-
    random_game(Seed, Plies),
    nth0(K, Plies, ply(Prefix, State, Move, Illegal)),
    format(atom(N0), "seed~w_move~w", [Seed, K]),
    Move = place(Piece, X, Y),
    piece_code(State, Piece, Code),
    (   Case = case(random, N0, t(Title, TitlePt), jogada/3, moves(start, Prefix), place(Code, X, Y)),
        format(string(Title), "game of seed ~w, move ~w", [Seed, K]),
        format(string(TitlePt), "partida de semente ~w, jogada ~w", [Seed, K])
    ;   K mod 4 =:= 1,
        atom_concat(N0, '_table', N1),
        State = gorogo(Board0, Side, _, _, _),
        set_cell(Board0, X, Y, Code, Board),
        side_code(Side, Player),
        format(string(Title), "game of seed ~w, move ~w (updateTable/2)", [Seed, K]),
        format(string(TitlePt), "partida de semente ~w, jogada ~w (updateTable/2)", [Seed, K]),
        Case = case(random, N1, t(Title, TitlePt), updateTable/2, moves(start, Prefix),
                    table(Board, Player))
    ;   Illegal = place(IP, IX, IY),
        atom_concat(N0, '_illegal', N1),
        piece_code(State, IP, ICode),
        format(string(Title), "game of seed ~w, move ~w: an illegal placement", [Seed, K]),
        format(string(TitlePt), "partida de semente ~w, jogada ~w: uma peça ilegal", [Seed, K]),
        Case = case(random, N1, t(Title, TitlePt), jogada/3, moves(start, Prefix), place(ICode, IX, IY))
    ;   K mod 5 =:= 2,
        atom_concat(N0, '_bot', N1),
        format(string(Title), "game of seed ~w, move ~w (the bot)", [Seed, K]),
        format(string(TitlePt), "partida de semente ~w, jogada ~w (o bot)", [Seed, K]),
        Case = case(random, N1, t(Title, TitlePt), melhorJogada/2, moves(start, Prefix), bot)
    ).

%   random_game(+Seed, -Plies): a game of random legal placements (at most
%   24), each ply(MovesBefore, State, Move, Illegal), Illegal a suicide or an
%   occupied point to try there (none on some plies).
random_game(Seed, Plies) :-
    setup_call_cleanup(
        ( random_property(state(Saved)), set_random(seed(Seed)) ),
        ( gorogo_course:gorogo_initial(S0), plies(S0, [], 0, Plies) ),
        set_random(state(Saved))).

plies(S, Before, K, Plies) :-
    findall(M, gorogo_course:gorogo_legal(S, M), Moves),
    (   ( Moves == [] ; K >= 24 ; gorogo_course:gorogo_over(S, _, _) )
    ->  Plies = []
    ;   random_member(Move, Moves),
        illegal(S, K, Illegal),
        Plies = [ply(Before, S, Move, Illegal)|Rest],
        gorogo_course:gorogo_place(S, Move, S1),
        append(Before, [Move], Before1),
        K1 is K + 1,
        plies(S1, Before1, K1, Rest)
    ).

illegal(S, K, Illegal) :-
    (   K mod 3 =:= 2,
        S = gorogo(Board, _, _, _, play),
        findall(place(regular, X, Y),
                ( between(0, 4, X), between(0, 4, Y),
                  gorogo_course:gorogo_refusal(S, place(regular, X, Y), Code),
                  memberchk(Code, [suicide, occupied]),
                  ( Code == suicide ; cell(Board, X, Y, C), C =\= 3 ) ),
                Ills),
        Ills \== []
    ->  ( member(I, Ills), I = place(_, X, Y), cell(Board, X, Y, 0) -> Illegal = I
        ; random_member(Illegal, Ills) )
    ;   Illegal = none
    ).

                 /*******************************
                 *          THE CHECKS          *
                 *******************************/

check(gamestate, _, result(Ok, Problem, Detail, "gamestate(Board)", Expected, Got, O)) :-
    gorogo_course:gamestate(E),
    student_call(gamestate(B), B, true, O),
    short_text(E, Expected),
    answer_text(O, Got),
    (   O.status == answer
    ->  (   O.answer == E
        ->  ( O.second == different -> Ok = false, Problem = second_answer ; Ok = true, Problem = "" )
        ;   Ok = false, Problem = wrong_answer
        )
    ;   Ok = false, Problem = O.status
    ),
    Detail = "".
check(place(Code, X, Y), S, Result) :-
    code_piece(S, Code, Piece),
    Move = place(Piece, X, Y),
    expected(S, gorogo_course:gorogo_place(S, Move, _), Move, Expected0),
    format(string(Goal), "retractall(jogo(_)), assertz(jogo(~q)), jogada(~w, ~w, ~w), jogo(E)",
           [S, Code, X, Y]),
    stored_call(S, jogada(Code, X, Y), Goal, Expected0, Result).
check(table(Board, Player), S, Result) :-
    S = gorogo(Board0, _, _, _, _),
    (   findall(X-Y-C, ( cell(Board0, X, Y, C0), cell(Board, X, Y, C), C \== C0 ), [X-Y-C]),
        code_piece(S, C, Piece)
    ->  Move = place(Piece, X, Y)
    ;   Move = none
    ),
    expected(S, gorogo_course:update_table(S, Board, _), Move, Expected0),
    format(string(Goal), "retractall(jogo(_)), assertz(jogo(~q)), updateTable(~w, ~w), jogo(E)",
           [S, Board, Player]),
    stored_call(S, updateTable(Board, Player), Goal, Expected0, Result).
check(bot, S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    format(string(Goal), "melhorJogada(~q, Jogada)", [S]),
    set_stored(jogo(S)),
    student_call(melhorJogada(S, J), J, false, O),
    Expected = "a legal placement",
    answer_text(O, Got),
    (   O.status \== answer
    ->  Ok = false, Problem = O.status, Detail = ""
    ;   A = O.answer,
        (   \+ ground(A) ; A \= place(_, _, _) )
    ->  Ok = false, Problem = not_a_move, Detail = ""
    ;   gorogo_course:gorogo_legal(S, O.answer)
    ->  Ok = true, Problem = "", Detail = ""
    ;   Ok = false, Problem = illegal_move,
        (   gorogo_course:gorogo_refusal(S, O.answer, Detail0) -> Detail = Detail0
        ;   Detail = not_a_move
        )
    ).

%   expected(+S, +OurGoal, +Move, -Expected): state(E) or refused(Code).
expected(S, Goal, Move, Expected) :-
    Goal = _:G, arg(3, G, E),
    (   call(Goal)
    ->  Expected = state(E)
    ;   Move == none
    ->  Expected = refused(not_one_piece)
    ;   gorogo_course:gorogo_refusal(S, Move, Code)
    ->  Expected = refused(Code)
    ;   Expected = refused(illegal)
    ).

%   stored_call(+S, +Goal, +GoalText, +Expected, -Result): the stored game set
%   to S, Goal asked, the stored game read back and compared.
stored_call(S, Goal, GoalText, Expected, result(Ok, Problem, Detail, GoalText, ExpText, Got, O)) :-
    catch(( set_stored(jogo(S)), Set = true ), E, ( Set = false, message_text_(E, Why) )),
    (   Set == false
    ->  O = _{status: error, message: Why, det: false, second: unchecked, us: 0, output: ""},
        Ok = false, Problem = no_stored_game, Detail = "", ExpText = "", Got = ""
    ;   student_call(Goal, true, false, O0),
        limited_call_(jogo(After), After, O1),
        (   O1.status == answer -> Stored = O1.answer ; Stored = none ),
        O = O0,
        expected_text(Expected, ExpText),
        (   O0.status == answer -> short_text(Stored, Got)
        ;   O0.status == failed -> Got = "fails"
        ;   Got = O0.message
        ),
        verdict(Expected, O0, S, Stored, Ok, Problem, Detail)
    ).

limited_call_(Goal, T, O) :-
    student_call(Goal, T, false, O).

message_text_(E, Why) :-
    grade_sandbox:message_text(E, Why).

expected_text(state(E), T) :- short_text(E, T).
expected_text(refused(Code), T) :- format(string(T), "fails (~w)", [Code]).

verdict(state(E), O, _, Stored, Ok, Problem, Detail) :-
    (   O.status == answer
    ->  (   Stored == E
        ->  Ok = true, Problem = "", Detail = ""
        ;   Ok = false, Problem = wrong_state, state_difference(E, Stored, Detail)
        )
    ;   O.status == failed
    ->  Ok = false, Problem = refused_legal, Detail = ""
    ;   Ok = false, Problem = O.status, Detail = ""
    ).
verdict(refused(Code), O, S, Stored, Ok, Problem, Detail) :-
    (   O.status == answer
    ->  Ok = false, Problem = accepted_illegal, Detail = Code
    ;   O.status == failed
    ->  (   Stored == S -> Ok = true, Problem = "", Detail = ""
        ;   Ok = false, Problem = changed_on_refusal, Detail = Code
        )
    ;   Ok = false, Problem = O.status, Detail = Code
    ).

%   state_difference(+Expected, +Got, -Detail): the first part of the stored
%   game that differs: board_captures (opponent pieces left that are
%   captured), board_removed (pieces taken off that stay), board, to_move,
%   hand, captures, phase, not_a_state.
state_difference(gorogo(B, T, H, C, P), Got, Detail) :-
    (   Got = gorogo(B1, T1, H1, C1, P1)
    ->  (   B1 \== B
        ->  board_difference(B, B1, Detail)
        ;   T1 \== T -> Detail = to_move
        ;   H1 \== H -> Detail = hand
        ;   C1 \== C -> Detail = captures
        ;   P1 \== P -> Detail = phase
        ;   Detail = ""
        )
    ;   Detail = not_a_state
    ).

board_difference(E, G, Detail) :-
    (   is_list(G), length(G, 5), maplist([R]>>(is_list(R), length(R, 5)), G)
    ->  findall(e(Ec, Gc), ( nth0(X, E, ER), nth0(Y, ER, Ec), nth0(X, G, GR),
                              nth0(Y, GR, Gc), Ec \== Gc ), Diffs),
        (   member(e(0, Gc), Diffs), memberchk(Gc, [1, 2])
        ->  Detail = board_captures
        ;   member(e(Ec, 0), Diffs), memberchk(Ec, [1, 2, 3])
        ->  Detail = board_removed
        ;   Detail = board
        )
    ;   Detail = not_a_board
    ).

answer_text(O, Text) :-
    (   O.status == answer -> short_text(O.answer, Text)
    ;   O.status == failed -> Text = "fails"
    ;   Text = O.message
    ).

                 /*******************************
                 *            HELPERS           *
                 *******************************/

piece_code(gorogo(_, _, _, _, _), henge, 3).
piece_code(gorogo(_, b, _, _, _), regular, 1).
piece_code(gorogo(_, w, _, _, _), regular, 2).

code_piece(_, 3, henge) :- !.
code_piece(S, Code, regular) :-
    piece_code(S, regular, Code).

side_code(b, 1).
side_code(w, 2).

cell(Board, X, Y, C) :-
    nth0(X, Board, Row),
    nth0(Y, Row, C).

set_cell(Board0, X, Y, C, Board) :-
    nth0(X, Board0, Row0, Rows),
    nth0(Y, Row0, _, Cells),
    nth0(Y, Row, C, Cells),
    nth0(X, Board, Row, Rows).
