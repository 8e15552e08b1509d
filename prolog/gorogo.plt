/*  Tests of gorogo.pl and gorogo_cli.pl: the report's predicates, each rule
    of docs/gorogo.md, the machine player (against a random player, and
    against a plain minimax in late positions), the terminal game and the
    tablero protocol.  Boards are the report's matrices (0 empty, 1 black,
    2 white, 3 Henge), row 0 at the top.  Positions built for one rule need
    not be reachable in a real game; the late positions of gorogo_endgame are.
    Run alone:  swipl -g "use_module(prolog/gorogo), load_files('prolog/gorogo.plt',[module(user)]), run_tests" -t halt
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(http/json)).
:- use_module(gorogo).
:- use_module(gorogo_cli).
:- use_module(gorogo/rules, [mask_legal/2, mask_place/3, mask_over/3]).

%   gg_state(+Board, +ToMove, -State): a play-phase state with pieces in hand
%   for both (no hand limit gets in the way) and no captures yet.
gg_state(Board, ToMove, gorogo(Board, ToMove, hand(5, 2, 5, 2), captures(0, 0), play)).

gg_board(gorogo(Board, _, _, _, _), Board).
gg_captures(gorogo(_, _, _, Captures, _), Captures).

%   gg_play(+State0, +Moves, -State): the placements Moves, in order.
gg_play(State0, Moves, State) :-
    foldl(gg_place, Moves, State0, State).

gg_place(Move, S0, S) :-
    gorogo_place(S0, Move, S).

%   gg_winner(+State, -Winner): plain minimax without pruning or table: the
%   winner under perfect play, from every legal placement's winner.  It
%   plays with the bit-mask engine's rules (rules.pl), for speed: they are
%   the course's (prolog/gorogo_course.plt holds them equal).
gg_winner(State, Winner) :-
    (   mask_over(State, Winner0, _)
    ->  Winner = Winner0
    ;   State = gorogo(_, Side, _, _, _),
        findall(W, ( mask_legal(State, M), mask_place(State, M, S1), gg_winner(S1, W) ), Ws),
        (   memberchk(Side, Ws)
        ->  Winner = Side
        ;   gg_other(Side, Winner)
        )
    ).

gg_other(b, w).
gg_other(w, b).

%   gg_random_game(+Seed, +Machine, +Depth, -State): a whole game between the
%   machine (playing Machine, b or w) and a player choosing uniformly among
%   the legal placements with the seeded random generator.
gg_random_game(Seed, Machine, Depth, State) :-
    set_random(seed(Seed)),
    gorogo_initial(State0),
    gg_random_game_(State0, Machine, Depth, State).

gg_random_game_(State0, Machine, Depth, State) :-
    (   gorogo_over(State0, _, _)
    ->  State = State0
    ;   State0 = gorogo(_, Side, _, _, _),
        (   Side == Machine
        ->  gorogo_best_move(State0, Depth, Move)
        ;   gg_random_move(State0, Move)
        ),
        gorogo_place(State0, Move, State1),
        gg_random_game_(State1, Machine, Depth, State)
    ).

gg_random_move(State, Move) :-
    findall(M, gorogo_legal(State, M), Ms),
    random_member(Move, Ms).

%   gg_random_position(+Seed, +Left, -State): random placements from the
%   start until at most Left placements remain (or the game ends).
gg_random_position(Seed, Left, State) :-
    set_random(seed(Seed)),
    gorogo_initial(State0),
    gg_random_position_(State0, Left, State).

gg_random_position_(State0, Left, State) :-
    State0 = gorogo(_, _, hand(BR, BH, WR, WH), _, _),
    (   ( BR + BH + WR + WH =< Left ; gorogo_over(State0, _, _) )
    ->  State = State0
    ;   gg_random_move(State0, Move),
        gorogo_place(State0, Move, State1),
        gg_random_position_(State1, Left, State)
    ).

%   gg_henge_late_position(+Seed, +Left, -State): as gg_random_position/3,
%   but each player places a regular piece seven times in eight while they
%   have a legal one, so late positions often find players holding only
%   Henge (the last-piece rule decides them).
gg_henge_late_position(Seed, Left, State) :-
    set_random(seed(Seed)),
    gorogo_initial(State0),
    gg_henge_late_position_(State0, Left, State).

gg_henge_late_position_(State0, Left, State) :-
    State0 = gorogo(_, _, hand(BR, BH, WR, WH), _, _),
    (   ( BR + BH + WR + WH =< Left ; gorogo_over(State0, _, _) )
    ->  State = State0
    ;   findall(M, gorogo_legal(State0, M), Ms),
        findall(M, ( member(M, Ms), M = place(regular, _, _) ), Regular),
        (   ( Regular == [] ; maybe(1, 8) )
        ->  random_member(Move, Ms)
        ;   random_member(Move, Regular)
        ),
        gorogo_place(State0, Move, State1),
        gg_henge_late_position_(State1, Left, State)
    ).

%   gg_machine_playout(+State0, -Winner): the winner when the machine plays
%   both sides from State0 (searching to the end: few placements are left).
gg_machine_playout(State0, Winner) :-
    (   gorogo_over(State0, Winner0, _)
    ->  Winner = Winner0
    ;   gorogo_best_move(State0, 1, Move),
        gorogo_place(State0, Move, State1),
        gg_machine_playout(State1, Winner)
    ).

%   gg_json(+Text, -Dict): a JSON reply of the protocol as a dict.
gg_json(Text, Dict) :-
    atom_json_dict(Text, Dict, [value_string_as(string)]).

                 /*******************************
                 *     AN INDEPENDENT REFEREE   *
                 *******************************/

%   gg_ref_place(+Board0, +Player, +Code, +R, +C, -Board): the rules of
%   docs/gorogo.md written again, plainly, on the matrix (flood fill over
%   coordinates), to check the bit-mask rules of gorogo.pl against.  Player
%   is 1 or 2; Code is Player (a regular piece) or 3 (a Henge).  Fails if the
%   placement is illegal (hands are not looked at).
gg_ref_place(Board0, Player, Code, R, C, Board) :-
    gg_cell(Board0, R, C, 0),
    gg_set(Board0, R, C, Code, Board1),
    Opp is 3 - Player,
    findall(P, ( gg_point(P), gg_cell_at(Board1, P, Opp),
                 \+ gg_breathes(Board1, [Opp], P) ), Dead),
    (   Code =:= 3 -> true
    ;   Dead \== [] -> true
    ;   gg_breathes(Board1, [Player, 3], R-C)
    ),
    foldl(gg_remove, Dead, Board1, Board).

gg_point(R-C) :- between(0, 4, R), between(0, 4, C).
gg_cell(Board, R, C, V) :- nth0(R, Board, Row), nth0(C, Row, V).
gg_cell_at(Board, R-C, V) :- gg_cell(Board, R, C, V).
gg_set(Board0, R, C, V, Board) :-
    nth0(R, Board0, Row0, Rows), nth0(C, Row0, _, Cells),
    nth0(C, Row, V, Cells), nth0(R, Board, Row, Rows).
gg_remove(R-C, B0, B) :- gg_set(B0, R, C, 0, B).
gg_next(R-C, R1-C) :- R > 0, R1 is R - 1.
gg_next(R-C, R1-C) :- R < 4, R1 is R + 1.
gg_next(R-C, R-C1) :- C > 0, C1 is C - 1.
gg_next(R-C, R-C1) :- C < 4, C1 is C + 1.

%   gg_breathes(+Board, +Codes, +P): the group of P (points whose codes are
%   in Codes, connected to P) has an empty neighbour.
gg_breathes(Board, Codes, P) :-
    gg_group(Board, Codes, [P], [P], Group),
    member(Q, Group), gg_next(Q, N), gg_cell_at(Board, N, 0), !.

gg_group(_, _, [], Seen, Seen).
gg_group(Board, Codes, [P|Ps], Seen, Group) :-
    findall(N, ( gg_next(P, N), \+ memberchk(N, Seen),
                 gg_cell_at(Board, N, V), memberchk(V, Codes) ), New0),
    sort(New0, New),
    append(Ps, New, Ps1),
    append(Seen, New, Seen1),
    gg_group(Board, Codes, Ps1, Seen1, Group).

%   gg_ref_moves(+State, -Moves): every placement the referee allows, with
%   the board after it, as Move-Board.  A regular piece needs one in hand; a
%   Henge needs a Henge and one more piece, of either kind, in hand.
gg_ref_moves(gorogo(Board0, Side, Hand, _, play), Moves) :-
    gg_hand(Side, Hand, Player, Regular, Henge),
    findall(place(Piece, R, C)-Board,
            ( gg_point(R-C),
              member(Piece-Code, [regular-Player, henge-3]),
              gg_may_place(Piece, Regular, Henge),
              gg_ref_place(Board0, Player, Code, R, C, Board) ),
            Moves0),
    msort(Moves0, Moves).

gg_may_place(regular, Regular, _) :- Regular > 0.
gg_may_place(henge, Regular, Henge) :- Henge > 0, Regular + Henge >= 2.

gg_hand(b, hand(R, H, _, _), 1, R, H).
gg_hand(w, hand(_, _, R, H), 2, R, H).

gg_rule_moves(State, Moves) :-
    findall(M-Board, ( gorogo_legal(State, M), gorogo_place(State, M, S1), gg_board(S1, Board) ),
            Moves0),
    msort(Moves0, Moves).

                 /*******************************
                 *             TESTS            *
                 *******************************/

:- begin_tests(gorogo_documents).

test(gamestate, B == [[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]]) :-
    gamestate(B).

test(convert, Pairs == [0-' ', 1-'B', 2-'W', 3-'H']) :-
    findall(C-L, convert(C, L), Pairs).

test(convert_back, C == 3) :-
    convert(C, 'H').

test(print_state, Lines == [ "    0   1   2   3   4",
                             "  +---+---+---+---+---+",
                             "0 | W |   | H | H |   |",
                             "  +---+---+---+---+---+",
                             "1 |   |   |   | B |   |" ]) :-
    with_output_to(string(Text),
                   print_state([[2,0,3,3,0],[0,0,0,1,0],[0,3,0,1,0],[0,0,0,2,0],[0,0,2,1,0]])),
    split_string(Text, "\n", "", All),
    length(Lines, 5),
    append(Lines, _, All).

test(jogada_sequence, State == gorogo([[0,2,0,0,0],[2,1,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                      b, hand(8,2,8,2), captures(0,1), play)) :-
    gorogo_initial(S0),
    gorogo_set_current(S0),
    jogada(3, 2, 2),                    % White's surplus Henge
    jogada(1, 0, 0),
    jogada(2, 0, 1),
    jogada(1, 1, 1),
    jogada(2, 1, 0),                    % captures the black piece on 0,0
    gorogo_current(State).

test(jogada_wrong_colour, fail) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 2, 2), S1),
    gorogo_set_current(S1),
    jogada(2, 0, 0).                    % Black is to move

test(jogada_refused_leaves_game, State == S1) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 2, 2), S1),
    gorogo_set_current(S1),
    \+ jogada(1, 2, 2),
    gorogo_current(State).

test(update_table_captures, State == gorogo([[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                             b, hand(5,2,4,2), captures(0,1), play)) :-
    gg_state([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], w, S0),
    gorogo_set_current(S0),
    updateTable([[1,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], 2),
    gorogo_current(State).

test(update_table_two_pieces, fail) :-
    gg_state([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    update_table(S0, [[1,1,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], _).

test(update_table_wrong_player, fail) :-
    gg_state([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    update_table(S0, [[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], _).

test(update_table_pure, Caps == captures(1, 0)) :-
    gg_state([[2,1,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    update_table(S0, [[2,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], S),
    gg_captures(S, Caps).

:- end_tests(gorogo_documents).

:- begin_tests(gorogo_opening).

test(initial, S == gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                          w, hand(10,2,10,2), captures(0,0), opening_henge)) :-
    gorogo_initial(S).

test(opening_anywhere, N == 25) :-
    gorogo_initial(S),
    aggregate_all(count, gorogo_legal(S, place(henge, _, _)), N).

test(opening_no_regular, Code == henge_first) :-
    gorogo_initial(S),
    \+ gorogo_legal(S, place(regular, _, _)),
    gorogo_refusal(S, place(regular, 0, 0), Code).

test(opening_then_black, S1 == gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3],[0,0,0,0,0]],
                                      b, hand(10,2,10,2), captures(0,0), play)) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 3, 4), S1).

test(alternate, State = gorogo(_, b, hand(8,2,9,1), _, play)) :-
    gorogo_initial(S0),
    gg_play(S0, [ place(henge,2,2),         % White's surplus Henge
                  place(regular,0,0),       % Black
                  place(henge,4,4),         % White
                  place(regular,1,1),       % Black
                  place(regular,3,3) ],     % White
            State).

test(occupied, Code == occupied) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 2, 2), S1),
    gorogo_refusal(S1, place(regular, 2, 2), Code).

test(off_board, Code == off_board) :-
    gorogo_initial(S0),
    gorogo_refusal(S0, place(henge, 5, 0), Code).

:- end_tests(gorogo_opening).

:- begin_tests(gorogo_captures).

test(corner, [Board, Caps] == [[[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                               captures(0, 1)]) :-
    gg_state([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], w, S0),
    gorogo_place(S0, place(regular, 1, 0), gorogo(Board, _, _, Caps, _)).

test(edge_group, [Row0, Caps] == [[2,0,0,2,0], captures(0, 2)]) :-
    gg_state([[2,1,1,2,0],[0,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], w, S0),
    gorogo_place(S0, place(regular, 1, 2), gorogo([Row0|_], _, _, Caps, _)).

test(two_groups_at_once, [Board, Caps] == [[[0,1,0,0,0],[1,0,0,0,0],[0,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0]],
                                           captures(2, 0)]) :-
    gg_state([[2,1,0,0,0],[0,0,0,0,0],[2,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 1, 0), gorogo(Board, _, _, Caps, _)).

test(adjacent_and_remote, [Board, Caps] == [[[0,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,1,0],[0,0,1,0,1]],
                                            captures(2, 0)]) :-
    % 4,3 has its last liberty filled; 0,0 breathes only through a Henge.
    gg_state([[2,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,1,0],[0,0,1,2,0]], b, S0),
    gorogo_place(S0, place(regular, 4, 4), gorogo(Board, _, _, Caps, _)).

test(whole_group_no_liberty, Caps == captures(3, 0)) :-
    gg_state([[2,2,1,0,0],[2,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 4, 4), S),
    gg_captures(S, Caps).

test(henge_closes_capture, [Board, Caps] == [[[0,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                             captures(1, 0)]) :-
    gg_state([[2,0,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(henge, 0, 1), gorogo(Board, _, _, Caps, _)).

test(henge_never_captured, Boards == [[[3,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                     [[3,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]]]) :-
    gg_state([[3,0,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 0, 1), gorogo(B1, _, _, _, _)),
    gg_state([[3,0,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], w, S1),
    gorogo_place(S1, place(regular, 0, 1), gorogo(B2, _, _, _, _)),
    Boards = [B1, B2].

test(henge_lends_no_liberty_to_opponent, Caps == captures(1, 0)) :-
    % White's piece on 0,0 breathes only through the Henge on 0,1: on Black's
    % turn the Henge is black, so any black placement removes it.
    gg_state([[2,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 4, 4), S),
    gg_captures(S, Caps).

test(own_piece_without_liberty_stays, [Cell, Caps] == [1, captures(1, 1)]) :-
    % Black's piece on 4,4 has no empty neighbour but its placement captures
    % (the white piece on 0,0): it stays until White's next placement.
    gg_state([[2,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,2],[0,0,0,2,0]], b, S0),
    gorogo_place(S0, place(regular, 4, 4), S1),
    gg_board(S1, [_, _, _, _, [_, _, _, _, Cell]]),
    gorogo_place(S1, place(regular, 2, 2), S2),
    gg_captures(S2, Caps).

:- end_tests(gorogo_captures).

:- begin_tests(gorogo_placement).

test(suicide_refused, Code == suicide) :-
    gg_state([[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    \+ gorogo_place(S0, place(regular, 0, 0), _),
    gorogo_refusal(S0, place(regular, 0, 0), Code).

test(suicide_group_refused, fail) :-
    gg_state([[1,2,0,0,0],[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 1, 0), _).

test(henge_into_surrounded_point, Board == [[3,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]]) :-
    gg_state([[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(henge, 0, 0), gorogo(Board, _, _, _, _)).

test(capturing_placement_allowed, [Board, Caps] == [[[1,0,1,0,0],[0,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                                    captures(2, 0)]) :-
    % 0,0 has no empty neighbour, but filling it takes both white pieces.
    gg_state([[0,2,1,0,0],[2,1,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 0, 0), gorogo(Board, _, _, Caps, _)).

test(capture_elsewhere_allows_placement, Caps == captures(1, 0)) :-
    % 4,4 is surrounded by White, but the white piece on 0,0 dies with any
    % black placement: the placement captures, so it is allowed.
    gg_state([[2,3,0,0,0],[1,0,0,0,0],[0,0,0,0,0],[0,0,0,0,2],[0,0,0,2,0]], b, S0),
    \+ gorogo_refusal(S0, place(regular, 4, 4), _),
    gorogo_place(S0, place(regular, 4, 4), S),
    gg_captures(S, Caps).

test(henge_lets_regular_in, Row2 == [0,1,2,3,0]) :-
    % The report's picture: 2,2 is surrounded by black pieces and a Henge;
    % on White's turn the Henge is white, and it touches empty points.
    gg_state([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,3,0],[0,0,1,0,0],[0,0,0,0,0]], w, S0),
    gorogo_place(S0, place(regular, 2, 2), gorogo([_, _, Row2|_], _, _, _, _)).

test(without_henge_suicide, Code == suicide) :-
    gg_state([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,1,0],[0,0,1,0,0],[0,0,0,0,0]], w, S0),
    gorogo_refusal(S0, place(regular, 2, 2), Code).

test(henge_joins_own_group, true) :-
    % Black's piece on 0,0 and the Henge on 0,1 form one group on Black's
    % turn; placing on 1,0 keeps the liberty on 0,2.
    gg_state([[1,3,0,0,0],[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], b, S0),
    gorogo_place(S0, place(regular, 1, 0), _).

test(same_as_referee, Diffs == []) :-
    % Random positions from 22 placements left down to 1.
    findall(Seed-Left,
            ( between(1, 40, Seed), Left is 1 + Seed mod 22,
              gg_random_position(Seed, Left, S),
              gg_ref_moves(S, Ref),
              gg_rule_moves(S, Rules),
              Ref \== Rules ),
            Diffs).

test(same_as_referee_henge_hands, Diffs == []) :-
    % Late positions where players often hold only Henge.
    findall(Seed-Left,
            ( between(1, 24, Seed), Left is 1 + Seed mod 8,
              gg_henge_late_position(Seed, Left, S),
              gg_ref_moves(S, Ref),
              gg_rule_moves(S, Rules),
              Ref \== Rules ),
            Diffs).

:- end_tests(gorogo_placement).

:- begin_tests(gorogo_hands).

test(no_henge_left, Code == no_henge_left) :-
    gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                          b, hand(3, 0, 3, 1), captures(0, 0), play),
                   place(henge, 2, 2), Code).

test(last_piece_henge, Code == last_piece_henge) :-
    gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                          b, hand(0, 1, 0, 2), captures(0, 0), play),
                   place(henge, 2, 2), Code).

test(no_regular_left, Code == no_regular_left) :-
    gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                          b, hand(0, 1, 0, 2), captures(0, 0), play),
                   place(regular, 2, 2), Code).

test(only_henge_in_hand_loses, [Legal, Code, Winner, Reason] ==
                                [[], last_piece_henge, w, no_legal_move]) :-
    % Black's only piece left is a Henge: no legal placement, so Black loses
    % at once, captures or not.
    S = gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
               b, hand(0, 1, 0, 1), captures(3, 0), play),
    findall(M, gorogo_legal(S, M), Legal),
    gorogo_refusal(S, place(henge, 0, 0), Code),
    gorogo_over(S, Winner, Reason).

test(two_henges_left_place_one, [NHenge, NRegular, Winner, Reason] ==
                                [24, 0, w, no_legal_move]) :-
    % Black holds only two Henge: one may be placed (a Henge remains after
    % it); White does the same; then Black holds one Henge and is stuck.
    S0 = gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                b, hand(0, 2, 0, 2), captures(2, 0), play),
    \+ gorogo_over(S0, _, _),
    aggregate_all(count, gorogo_legal(S0, place(henge, _, _)), NHenge),
    aggregate_all(count, gorogo_legal(S0, place(regular, _, _)), NRegular),
    gorogo_place(S0, place(henge, 0, 0), S1),
    \+ gorogo_over(S1, _, _),
    gorogo_place(S1, place(henge, 4, 4), S2),
    gorogo_over(S2, Winner, Reason).

test(henge_with_regular_left, [N1, N3] == [24, 24]) :-
    % One regular piece or more left after the Henge: the Henge is fine.
    Board = [[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
    aggregate_all(count, gorogo_legal(gorogo(Board, b, hand(1, 1, 1, 1), captures(0, 0), play),
                                      place(henge, _, _)), N1),
    aggregate_all(count, gorogo_legal(gorogo(Board, w, hand(3, 1, 3, 1), captures(0, 0), play),
                                      place(henge, _, _)), N3),
    gorogo_place(gorogo(Board, b, hand(1, 1, 1, 1), captures(0, 0), play),
                 place(henge, 0, 0), S),
    \+ gorogo_over(S, _, _).

test(machine_places_one_of_two_henges, Move = place(henge, _, _)) :-
    gorogo_best_move(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                            b, hand(0, 2, 0, 2), captures(2, 0), play), 3, Move).

test(machine_no_move_with_one_henge, fail) :-
    gorogo_best_move(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                            b, hand(0, 1, 0, 1), captures(2, 0), play), 3, _).

test(henge_then_last_regular, Move = place(henge, _, _)) :-
    % Black and White each hold a regular piece and a Henge.  Playing the
    % regular piece first leaves only a Henge, which cannot be placed.
    gorogo_best_move(gorogo([[1,1,0,2,2],[1,3,0,3,2],[1,1,0,2,2],[1,1,0,2,2],[1,3,0,0,0]],
                            b, hand(1,1,1,1), captures(2,1), play), 2, Move).

:- end_tests(gorogo_hands).

:- begin_tests(gorogo_end).

test(no_legal_move_loses, [Legal, Winner, Reason] == [[], w, no_legal_move]) :-
    % Every empty point is an eye of White's single group: suicide for Black.
    S = gorogo([[0,2,0,2,0],[2,2,2,2,2],[3,2,3,2,3],[2,2,2,2,2],[3,2,2,2,2]],
               b, hand(1, 0, 1, 0), captures(0, 0), play),
    findall(M, gorogo_legal(S, M), Legal),
    gorogo_over(S, Winner, Reason).

test(game_goes_on, fail) :-
    gg_state([[0,2,0,2,0],[2,2,2,2,2],[3,2,3,2,3],[2,2,2,2,2],[3,2,2,2,2]], b, S),
    gorogo_over(S, _, _).

test(more_captures_wins, [Winner, Reason] == [b, captures]) :-
    gorogo_over(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                       b, hand(0,0,0,0), captures(2, 1), play), Winner, Reason).

test(white_more_captures, Winner == w) :-
    gorogo_over(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                       b, hand(0,0,0,0), captures(1, 3), play), Winner, captures).

test(tie_to_white, [Winner, Reason] == [w, captures]) :-
    gorogo_over(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                       b, hand(0,0,0,0), captures(2, 2), play), Winner, Reason).

test(over_refuses_everything, Moves == []) :-
    findall(M, gorogo_legal(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                                   b, hand(0,0,0,0), captures(2, 2), play), M),
            Moves).

test(last_placement_ends, Winner == w) :-
    S0 = gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                w, hand(0,0,1,0), captures(2, 2), play),
    \+ gorogo_over(S0, _, _),
    gorogo_place(S0, place(regular, 4, 4), S),
    gorogo_over(S, Winner, captures).

:- end_tests(gorogo_end).

:- begin_tests(gorogo_machine).

test(beats_random, Lost == []) :-
    findall(Seed-Machine,
            ( between(1, 6, Seed),
              ( Seed mod 2 =:= 0 -> Machine = b ; Machine = w ),
              gg_random_game(Seed, Machine, 2, S),
              \+ gorogo_over(S, Machine, _) ),
            Lost).

test(takes_the_capture, Move == place(regular, 1, 0)) :-
    gorogo_best_move(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
                            w, hand(9,2,9,2), captures(0,0), play), 1, Move).

test(opening_henge, Move = place(henge, _, _)) :-
    gorogo_initial(S),
    gorogo_best_move(S, 1, Move).

test(timed_same_as_untimed, Timed == Best) :-
    % With time to spare, the budgeted search plays the exact search's move,
    % early (depth 3) and late (the search to the end).
    findall(M, ( gg_late(S, _), gorogo_best_move(S, 3, M) ), Late),
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 2, 2), S1),
    gorogo_best_move(S1, 3, Early),
    Best = [Early|Late],
    gorogo_timed_move(S1, 3, 60, TEarly),
    findall(M, ( gg_late(S, _), gorogo_timed_move(S, 3, 60, M) ), TLate),
    Timed = [TEarly|TLate].

test(timed_budget_kept, [Legal, Quick] == [true, true]) :-
    % Depth 6 takes seconds on Black's first placement: with 0.2 s the
    % answer is that of a shallower search, and comes at once.
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 2, 2), S1),
    get_time(T0),
    gorogo_timed_move(S1, 6, 0.2, Move),
    get_time(T1),
    ( gorogo_legal(S1, Move) -> Legal = true ; Legal = false ),
    ( T1 - T0 < 1.5 -> Quick = true ; Quick = false ).

test(no_move_when_over, fail) :-
    gorogo_best_move(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                            b, hand(0,0,0,0), captures(2, 2), play), 3, _).

:- end_tests(gorogo_machine).

%   Late positions from seeded random games, each with exactly one winning
%   placement for the player to move (found with gg_winner/2).
gg_late(gorogo([[3,3,2,0,2],[3,1,0,1,1],[1,1,2,1,0],[3,0,2,1,2],[1,0,2,0,3]],
               w, hand(2,0,3,0), captures(1,0), play), place(regular,1,2)).
gg_late(gorogo([[0,0,3,0,1],[2,2,2,2,2],[3,1,3,1,1],[1,0,1,1,1],[2,0,3,3,0]],
               w, hand(2,0,3,0), captures(1,0), play), place(regular,3,1)).
gg_late(gorogo([[3,0,2,0,2],[0,2,3,1,2],[2,2,1,1,2],[3,0,0,1,0],[3,3,1,1,0]],
               w, hand(2,0,3,0), captures(0,2), play), place(regular,0,3)).

:- begin_tests(gorogo_endgame).

test(unique_win_found, Found == Wins) :-
    findall(W, gg_late(_, W), Wins),
    findall(M, ( gg_late(S, _), gorogo_best_move(S, 1, M) ), Found).

test(unique_win_is_unique, Counts == [1-w, 1-w, 1-w]) :-
    findall(N-Winner,
            ( gg_late(S, _),
              gg_winner(S, Winner),
              aggregate_all(count, ( gorogo_legal(S, M), gorogo_place(S, M, S1),
                                     gg_winner(S1, w) ), N) ),
            Counts).

test(henge_first_position, Wins == [b, w]) :-
    % The hand-made position of henge_then_last_regular: some Henge win,
    % some Henge lose, every regular piece loses.
    S = gorogo([[1,1,0,2,2],[1,3,0,3,2],[1,1,0,2,2],[1,1,0,2,2],[1,3,0,0,0]],
               b, hand(1,1,1,1), captures(2,1), play),
    gorogo_best_move(S, 1, Move),
    gorogo_place(S, Move, S1),
    gg_winner(S1, W1),
    gorogo_place(S, place(henge, 0, 2), S2),
    gg_winner(S2, W2),
    Wins = [W1, W2],
    \+ ( gorogo_legal(S, place(regular, R, C)),
         gorogo_place(S, place(regular, R, C), S3),
         gg_winner(S3, b) ).

test(agrees_with_minimax_henge_hands, Disagree == []) :-
    % The machine's search to the end against plain minimax, in late
    % positions where the last-piece rule often decides: the machine
    % playing both sides reaches the minimax winner.
    findall(Seed-Winner-Playout,
            ( between(1, 16, Seed), Left = 4,
              gg_henge_late_position(Seed, Left, S),
              \+ gorogo_over(S, _, _),
              gg_winner(S, Winner),
              gg_machine_playout(S, Playout),
              Winner \== Playout ),
            Disagree).

test(agrees_with_minimax, Disagree == []) :-
    findall(Seed,
            ( between(1, 16, Seed),
              gg_random_position(Seed, 4, S),
              \+ gorogo_over(S, _, _),
              S = gorogo(_, Side, _, _, _),
              gg_winner(S, Winner),
              gorogo_best_move(S, 1, Move),
              gorogo_place(S, Move, S1),
              gg_winner(S1, After),
              ( Winner == Side -> After \== Side ; fail ) ),
            Disagree).

%   The machine's choice as a goal (the Prolog panel): with no time, the
%   depth-1 search answers, and gorogo_best_move/3 repeats it unless the
%   search to the end was due (depth_only).
test(timed_move_says_which_search, [Search, Same] == [best_move(1), true]) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 2, 2), S),
    gorogo_machine:gorogo_timed_move(S, 4, 0.0, Move, Search),
    Search = best_move(D),
    (   gorogo_best_move(S, D, Move) -> Same = true ; Same = false ).

test(timed_move_without_time_for_the_end, Searches == [depth_only(1), depth_only(1), depth_only(1)]) :-
    findall(Search, ( gg_late(S, _), gorogo_machine:gorogo_timed_move(S, 4, 0.0, _, Search) ),
            Searches).

:- end_tests(gorogo_endgame).

:- begin_tests(gorogo_cli).

test(machine_against_machine, [Over, Said] == [true, true]) :-
    gorogo_initial(S0),
    with_output_to(string(Out),
                   play_gorogo(user_input, [black(maquina), white(maquina), depth(1), lang(en)],
                               S0, S)),
    ( gorogo_over(S, _, _) -> Over = true ; Over = false ),
    ( sub_string(Out, _, _, _, " wins: ") -> Said = true ; Said = false ).

test(portuguese_by_default, Said == [true, true, true]) :-
    S0 = gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                w, hand(0,0,1,0), captures(2, 2), play),
    with_output_to(string(Out),
                   play_gorogo(user_input, [black(maquina), white(maquina), depth(1)], S0, _)),
    findall(T, ( member(Text, ["Jogam as brancas.", "As brancas (máquina) colocam uma peça em",
                               "Ganham as brancas: capturas das pretas 2, das brancas 2"]),
                 ( sub_string(Out, _, _, _, Text) -> T = true ; T = false ) ),
            Said).

test(language_restored, Lang == Before) :-
    current_prolog_flag(message_language, Before),
    gorogo_initial(S0),
    open_string("", In),
    with_output_to(string(_), play_gorogo(In, [lang(en)], S0, _)),
    current_prolog_flag(message_language, Lang).

test(typed_input, [Said, Board] == [[true, true, true, true],
                                    [[3,0,0,0,0],[0,0,0,0,0],[0,0,1,0,0],[0,0,0,0,0],[0,0,0,0,0]]]) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 0, 0), S1),
    open_string("9 9\nhello\n0 0\n2 2\nq\n", In),
    with_output_to(string(Out),
                   play_gorogo(In, [lang(en)], S1, S)),
    gg_board(S, Board),
    findall(T, ( member(Text, ["off the board", "Type a row", "already taken", "Game stopped"]),
                 ( sub_string(Out, _, _, _, Text) -> T = true ; T = false ) ),
            Said).

test(typed_input_portuguese, [Said, Board] == [[true, true, true, true],
                                               [[3,0,0,0,0],[0,0,0,0,0],[0,0,1,0,0],[0,0,0,0,0],[0,0,0,0,0]]]) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 0, 0), S1),
    open_string("9 9\nola\n0 0\n2 2\nsair\n", In),
    with_output_to(string(Out), play_gorogo(In, [], S1, S)),
    gg_board(S, Board),
    findall(T, ( member(Text, ["fora do tabuleiro", "Escreva a linha", "já está ocupado",
                               "Jogo interrompido"]),
                 ( sub_string(Out, _, _, _, Text) -> T = true ; T = false ) ),
            Said).

test(full_stop_forgiven, Board == [[3,0,0,0,0],[0,0,0,0,0],[0,0,1,0,0],[0,0,0,0,3],[0,0,0,0,0]]) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 0, 0), S1),
    open_string("2 2.\nh 3 4.\nq.\n", In),
    with_output_to(string(_), play_gorogo(In, [], S1, S)),
    gg_board(S, Board).

test(typed_henge, Board == [[3,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]]) :-
    gorogo_initial(S0),
    gorogo_place(S0, place(henge, 0, 0), S1),
    open_string("h 2 2\n", In),
    with_output_to(string(_), play_gorogo(In, [], S1, S)),
    gg_board(S, Board).

test(bad_option, error(type_error(_, _))) :-
    gorogo_initial(S0),
    play_gorogo(user_input, [depth(6)], S0, _).

:- end_tests(gorogo_cli).

:- begin_tests(gorogo_protocol).

%   gg_api(+Call, -Dict): Call is an api_* call lacking its last argument,
%   the JSON reply; Dict is that reply.
gg_api(Call, D) :-
    call(Call, Reply),
    gg_json(Reply, D).

gg_stored(State, Text) :-
    format(string(Text), "~q", [State]).

gg_over_game(gorogo_game(options(human, human, 2),
                         gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
                                b, hand(0,0,0,0), captures(2, 2), play), none)).

test(registered, true) :-
    tablero:game(gorogo).

test(new_game, [Ok, ToMove, Phase, Over, Board, NHenge, Seats, Machine, Depth] =@=
               [true, "w", "opening_henge", false,
                [".....", ".....", ".....", ".....", "....."], 25,
                _{b:"human", w:"machine"}, true, 2]) :-
    gg_api(tablero:api_new(gorogo, '{"black":"human","white":"machine","depth":2}', _), D),
    V = D.view,
    Ok = D.ok, ToMove = V.to_move, Phase = V.phase, Over = V.over, Board = V.board,
    length(V.legal.henge, NHenge),
    Seats = V.seats, Machine = V.machine_to_move, Depth = V.depth.

test(no_players_key, fail) :-
    gg_api(tablero:api_new(gorogo, '{}', _), D),
    get_dict(players, D.view, _).

test(act_and_view, [Board, ToMove, InHand, Last, Query] =@=
                   [["H....", ".....", "..B..", ".....", "....."], "w", [9, 2],
                    _{player:"b", kind:"place", piece:"regular", pos:[2,2], captured:[]},
                    "gorogo_refusal(gorogo([[3,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],b,hand(10,2,10,2),captures(0,0),play), place(regular,2,2), Code)"]) :-
    tablero:api_new(gorogo, '{"white":"human"}', St0, _),
    tablero:api_act(gorogo, St0, '{"kind":"place","piece":"henge","pos":[0,0]}', St1, _),
    gg_api(tablero:api_act(gorogo, St1, '{"kind":"place","piece":"regular","pos":[2,2]}', _), D),
    V = D.view,
    Board = V.board, ToMove = V.to_move, Last = V.last,
    InHand = [V.in_hand.b.regular, V.in_hand.b.henge],
    D.explain = [E|_],
    Query = E.query.

test(refused_suicide, [Ok, Kind, Code, Answer] == [false, "refused", "suicide", "Code = suicide"]) :-
    gg_stored(gorogo_game(options(human, human, 2),
                          gorogo([[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3],[0,0,0,0,0]],
                                 b, hand(9,2,8,2), captures(0,0), play), none), Text),
    gg_api(tablero:api_act(gorogo, Text, '{"kind":"place","piece":"regular","pos":[0,0]}', _), D),
    Ok = D.ok, Kind = D.kind, Code = D.code,
    D.explain = [E],
    Answer = E.answer.

test(only_henge_left_game_over, [Kind, Code] == ["refused", "game_over"]) :-
    % Black's only piece left is a Henge: Black has no legal placement, so
    % the game is over (last_piece_henge never comes to be said).
    gg_stored(gorogo_game(options(human, human, 2),
                          gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                 b, hand(0,1,1,1), captures(0,0), play), none), Text),
    gg_api(tablero:api_act(gorogo, Text, '{"kind":"place","piece":"henge","pos":[0,0]}', _), D),
    Kind = D.kind, Code = D.code.

test(refused_henge_first, Code == "henge_first") :-
    tablero:api_new(gorogo, '{}', St0, _),
    gg_api(tablero:api_act(gorogo, St0, '{"kind":"place","piece":"regular","pos":[0,0]}', _), D),
    Code = D.code.

test(refused_game_over, Code == "game_over") :-
    gg_over_game(G),
    gg_stored(G, Text),
    gg_api(tablero:api_act(gorogo, Text, '{"kind":"place","piece":"regular","pos":[4,4]}', _), D),
    Code = D.code.

test(over_view, [Over, ToMove, Result] =@=
                [true, null, _{code:"captures", winner:"w", margin:"W+0",
                               message:"White wins: 2 to 2 in captures, and a tie goes to White"}]) :-
    gg_over_game(G),
    gg_stored(G, Text),
    gg_api(tablero:api_view(gorogo, Text, _), D),
    V = D.view,
    Over = V.over, ToMove = V.to_move, Result = V.result.

test(no_legal_move_view, Result =@= _{code:"no_legal_move", winner:"w", margin:"W+F",
                                     message:"White wins: Black has no legal placement"}) :-
    gg_stored(gorogo_game(options(human, human, 2),
                          gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                 b, hand(0,1,0,1), captures(3,0), play), none), Text),
    gg_api(tablero:api_view(gorogo, Text, _), D),
    Result = D.view.result.

test(show, Lines == ["    0   1   2   3   4",
                     "  +---+---+---+---+---+",
                     "0 | H |   |   |   |   |"]) :-
    tablero:api_new(gorogo, '{"white":"human"}', St0, _),
    tablero:api_act(gorogo, St0, '{"kind":"place","pos":[0,0]}', St1, _),
    gg_api(tablero:api_show(gorogo, St1, _), D),
    split_string(D.text, "\n", "", [L1, L2, L3|_]),
    Lines = [L1, L2, L3].

test(score, Score =@= _{captures:_{b:2, w:2}, in_hand:_{b:_{regular:0, henge:0}, w:_{regular:0, henge:0}},
                       leader:"w", margin:"W+0"}) :-
    gg_over_game(G),
    gg_stored(G, Text),
    gg_api(tablero:api_score(gorogo, Text, _), D),
    Score = D.score.

test(bad_option, [Kind, Code] == ["invalid", "bad_option"]) :-
    gg_api(tablero:api_new(gorogo, '{"black":"robot"}', _), D),
    Kind = D.kind, Code = D.code.

test(bad_depth, Codes == ["bad_option", "bad_option"]) :-
    findall(Code,
            ( member(Options, ['{"depth":6}', '{"depth":0}']),
              gg_api(tablero:api_new(gorogo, Options, _), D),
              Code = D.code ),
            Codes).

test(unknown_option, Code == "bad_option") :-
    gg_api(tablero:api_new(gorogo, '{"size":5}', _), D),
    Code = D.code.

test(bad_action, Codes == ["bad_kind", "bad_field", "bad_action", "bad_action", "bad_action"]) :-
    tablero:api_new(gorogo, '{}', St0, _),
    findall(Code,
            ( member(Action, ['{"kind":"move","pos":[0,0]}', '{"kind":"place","pos":[0,0],"x":1}',
                              '{"kind":"place","pos":"c3"}', '{"kind":"place","pos":[1]}',
                              '{"kind":"place","piece":"king","pos":[1,1]}']),
              gg_api(tablero:api_act(gorogo, St0, Action, _), D),
              Code = D.code ),
            Codes).

test(off_board, [Kind, Code] == ["invalid", "off_board"]) :-
    tablero:api_new(gorogo, '{}', St0, _),
    gg_api(tablero:api_act(gorogo, St0, '{"kind":"place","pos":[5,0]}', _), D),
    Kind = D.kind, Code = D.code.

test(machine_move, [Kind, Piece, ToMove, Machine] == ["place", "henge", "b", false]) :-
    tablero:api_new(gorogo, '{"depth":1}', St0, _),
    gg_api(tablero:api_machine(gorogo, St0, _), D),
    A = D.action,
    Kind = A.kind, Piece = A.piece,
    ToMove = D.view.to_move, Machine = D.view.machine_to_move.

test(machine_turn, Code == "machine_turn") :-
    tablero:api_new(gorogo, '{"depth":1}', St0, _),
    gg_api(tablero:api_act(gorogo, St0, '{"kind":"place","pos":[2,2]}', _), D),
    Code = D.code.

:- end_tests(gorogo_protocol).
