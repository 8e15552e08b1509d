/*  Tests for prolog/azul.pl, the modules in prolog/azul/ and prolog/azul_cli.pl.
    Run alone (as prolog/run_tests.pl runs it) with
    swipl -g "azul_tests:use_module(prolog/azul), azul_tests:load_files('prolog/azul.plt', []), run_tests" -t halt

    prolog/run_tests.pl loads this file into the module azul_tests, which
    imports prolog/azul.pl (new_game/1,2 and play_azul/4); the predicates of
    the other modules are called through their module (azul_rules:...).
*/

:- use_module(library(plunit)).
:- use_module(library(http/json)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(azul_cli).

%   azul_t_wall(+Cells, -Wall): a wall with the printed colour at every
%   Row-Col of Cells (0-based) and empty elsewhere.
azul_t_wall(Cells, Wall) :-
    numlist(0, 4, Is),
    findall(Row,
            ( member(R, Is),
              findall(Cell, (member(C, Is), azul_t_cell(Cells, R, C, Cell)), Row) ),
            Wall).

azul_t_cell(Cells, R, C, Cell) :-
    (   memberchk(R-C, Cells)
    ->  azul_board:wall_colour(R, C, Cell)
    ;   Cell = empty
    ).

azul_t_lines(Lines) :-
    Lines = [empty, empty, empty, empty, empty].

azul_t_counts(Pairs, Counts) :-
    findall(C-N, ( member(C, [blue, yellow, red, black, white]),
                   ( memberchk(C-N, Pairs) -> true ; N = 0 ) ),
            Counts).

%   azul_t_last_take(+P0, +P1, +Centre, +Bag, +Lid, -State): a 2-player state
%   in round 1 where the factories are empty, player 1 holds the token and
%   player 0 is to move with Centre left.
azul_t_last_take(P0, P1, Centre, Bag, Lid, State) :-
    azul_t_counts(Bag, BagCounts),
    azul_t_counts(Lid, LidCounts),
    State = azul(1, 12345, 1, 1, 0, [P0, P1],
                 table([[], [], [], [], []], Centre, held(1), BagCounts, LidCounts),
                 none, playing).

azul_t_player(Score, Lines, Wall, Floor, player(greedy, Score, Lines, Wall, Floor)).

azul_t_empty_player(P) :-
    azul_t_lines(L),
    azul_t_wall([], W),
    azul_t_player(0, L, W, [], P).

%   The protocol through tablero's api_* predicates, replies as dicts.
azul_t_reply(JSON, Dict) :-
    atom_json_dict(JSON, Dict, [value_string_as(string)]).

azul_t_new(Options, State, Reply) :-
    tablero:api_new(azul, Options, State, JSON),
    azul_t_reply(JSON, Reply).

azul_t_machine_game(Text0, Final, View) :-
    tablero:api_machine(azul, Text0, Text, J),
    azul_t_reply(J, R),
    true = R.ok,
    _{kind:"take"} :< R.action,
    (   R.view.over == true
    ->  View = R.view,
        Final = Text
    ;   azul_t_machine_game(Text, Final, View)
    ).

:- begin_tests(azul_wall_scoring).

test(single_tile, P == 1) :-
    azul_t_wall([2-2], W),
    azul_board:tile_points(W, 2, 2, P).

test(row_run, P == 4) :-
    azul_t_wall([0-0, 0-1, 0-2, 0-3], W),
    azul_board:tile_points(W, 0, 3, P).

test(column_run, P == 3) :-
    azul_t_wall([0-0, 1-0, 2-0, 4-0], W),
    azul_board:tile_points(W, 2, 0, P).

test(row_and_column, P == 5) :-
    azul_t_wall([1-0, 1-1, 1-2, 0-2, 3-2], W),
    azul_board:tile_points(W, 1, 2, P).

test(gap_breaks_a_run, P == 2) :-
    azul_t_wall([0-0, 0-2, 0-3], W),
    azul_board:tile_points(W, 0, 3, P).

test(lines_tiled_top_down, [Pts, Lid] == [3, [white]]) :-
    azul_t_wall([], W0),
    azul_t_player(0, [line(blue, 1), line(white, 2), line(red, 2), empty, empty], W0, [], P0),
    azul_rules:tile_wall(P0, player(_, _, Lines, _, _), _, Pts, 0, Lid),
    assertion(Lines == [empty, empty, line(red, 2), empty, empty]).

test(wall_pattern_shift, Row1 == [white, blue, yellow, red, black]) :-
    azul_board:wall_pattern([[blue, yellow, red, black, white], Row1|_]).

:- end_tests(azul_wall_scoring).

:- begin_tests(azul_floor_and_lid).

test(floor_penalties, Ps == [0, 1, 2, 4, 6, 8, 11, 14]) :-
    findall(P, ( between(0, 7, N), length(F, N), maplist(=(red), F),
                 azul_board:floor_penalty(F, P) ), Ps).

test(overflow_to_floor, [Lines, Floor, ToFloor, ToLid] == [[empty, line(red, 2), empty, empty, empty], [red, red, red], 3, 0]) :-
    azul_t_empty_player(P0),
    azul_rules:player_take(P0, red, 5, false, 2, player(_, _, Lines, _, Floor), ToFloor, ToLid).

test(token_first, Floor == [first, red, red]) :-
    azul_t_empty_player(P0),
    azul_rules:player_take(P0, red, 2, true, floor, player(_, _, _, _, Floor), _, _).

test(beyond_seven_to_the_lid, [Took, LidRed, Count] == [took(0, centre, red, 3, floor, 1, 2, false), 2, 7]) :-
    azul_t_lines(L), azul_t_wall([], W),
    azul_t_player(0, L, W, [blue, blue, blue, blue, blue, blue], P0),
    azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [blue, red, red, red], [white-20], [], S0),
    azul_rules:take_turn(S0, take(centre, red, floor), S, [Took]),
    S = azul(_, _, _, _, 1, [player(_, _, _, _, Floor)|_], table(_, _, _, _, Lid), _, _),
    memberchk(red-LidRed, Lid),
    length(Floor, Count).

test(score_never_below_zero, [Score, Lid] == [0, [blue-0, yellow-0, red-7, black-0, white-0]]) :-
    azul_t_lines(L), azul_t_wall([], W),
    azul_t_player(2, L, W, [red, red, red, red, red, red], P0),
    azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [blue-20], [], S0),
    azul_rules:take_turn(S0, take(centre, red, floor), S, _),
    S = azul(_, _, 2, _, _, [player(_, Score, _, _, [])|_], table(_, _, _, _, Lid), _, playing).

:- end_tests(azul_floor_and_lid).

:- begin_tests(azul_refusals).

azul_t_refusal(Lines, WallCells, Move, Code) :-
    azul_t_wall(WallCells, W),
    azul_t_player(0, Lines, W, [], P0),
    azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [blue, red], [], [], S0),
    azul_rules:take_refusal(S0, Move, Code).

test(legal, fail) :-
    azul_t_refusal([empty, empty, empty, empty, empty], [], take(centre, red, 3), _).
test(empty_source, C == empty_source) :-
    azul_t_refusal([empty, empty, empty, empty, empty], [], take(factory(2), red, 3), C).
test(bad_source, C == bad_source) :-
    azul_t_refusal([empty, empty, empty, empty, empty], [], take(factory(9), red, 3), C).
test(no_such_colour, C == no_such_colour) :-
    azul_t_refusal([empty, empty, empty, empty, empty], [], take(centre, white, 3), C).
test(line_full, C == line_full) :-
    azul_t_refusal([empty, line(red, 2), empty, empty, empty], [], take(centre, red, 2), C).
test(colour_mismatch, C == colour_mismatch) :-
    azul_t_refusal([empty, empty, line(blue, 1), empty, empty], [], take(centre, red, 3), C).
test(wall_has_colour, C == wall_has_colour) :-
    azul_t_refusal([empty, empty, empty, empty, empty], [2-4], take(centre, red, 3), C).
test(bad_line, C == bad_line) :-
    azul_t_refusal([empty, empty, empty, empty, empty], [], take(centre, red, 6), C).
test(floor_always_legal, fail) :-
    azul_t_refusal([empty, empty, line(blue, 1), empty, empty], [2-4], take(centre, red, floor), _).

:- end_tests(azul_refusals).

:- begin_tests(azul_bag).

test(setup, [NF, Bag, Token, Lid] == [7, 72, centre, 0]) :-
    azul_rules:initial_state([greedy, random, greedy], 5, S),
    S = azul(5, _, 1, _, _, _, table(Fs, [], Token, BagCounts, LidCounts), none, playing),
    length(Fs, NF),
    assertion(forall(member(F, Fs), length(F, 4))),
    findall(N, member(_-N, BagCounts), Ns), sum_list(Ns, Bag),
    findall(N, member(_-N, LidCounts), Ls), sum_list(Ls, Lid).

test(refill_from_the_lid, [Fs, Bag, Lid, Round, ToMove, Pours] ==
        [[[blue, blue, red, red], [red, red, red, red], [red, red, red, red],
          [red, red, red, red], [red, red, red, red]],
         [blue-0, yellow-0, red-12, black-0, white-0],
         [blue-0, yellow-0, red-0, black-0, white-0], 2, 1, 1]) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [blue-2], [red-30], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, Events),
    memberchk(refill(2, Fs, Pours), Events),
    S = azul(_, _, Round, 1, ToMove, _, table(Fs, [], centre, Bag, Lid), _, playing).

test(short_refill, Fs == [[blue, blue, red, red], [red, red, red, red], [red], [], []]) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [blue-2], [red-7], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, _),
    S = azul(_, _, 2, _, _, _, table(Fs, _, _, _, _), _, playing).

test(token_holder_starts, [Starter, ToMove] == [1, 1]) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [blue-20], [], S0),
    azul_rules:take_turn(S0, take(centre, red, 1), S, _),
    S = azul(_, _, 2, Starter, ToMove, _, _, _, playing).

:- end_tests(azul_bag).

:- begin_tests(azul_game_end).

test(complete_row, [Phase, Scores] == [over(row_complete, [bonus(1, 0, 0, 2), bonus(0, 0, 0, 0)], [0]), [7, 3]]) :-
    azul_t_lines(L),
    azul_t_wall([0-1, 0-2, 0-3, 0-4], W),
    azul_t_player(0, L, W, [], P0),
    azul_t_empty_player(player(K, _, L1, W1, F1)),
    azul_t_last_take(P0, player(K, 3, L1, W1, F1), [blue], [blue-20], [], S0),
    azul_rules:take_turn(S0, take(centre, blue, 1), S, Events),
    S = azul(_, _, 1, _, _, Players, _, _, Phase),
    findall(Sc, member(player(_, Sc, _, _, _), Players), Scores),
    assertion(memberchk(game_end(row_complete, _, [7, 3], [0]), Events)).

test(no_tiles_left, Phase == over(no_tiles, [bonus(0, 0, 0, 0), bonus(0, 0, 0, 0)], [0, 1])) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [], [], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, _),
    S = azul(_, _, 1, _, _, _, table([[], [], [], [], []], [], _, _, _), _, Phase).

test(after_the_end, C == game_over) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [], [], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, _),
    azul_rules:take_refusal(S, take(centre, red, 3), C).

test(row_bonus, B == bonus(1, 0, 0, 2)) :-
    azul_t_wall([3-0, 3-1, 3-2, 3-3, 3-4], W),
    azul_board:wall_bonus(W, B).

test(column_bonus, B == bonus(0, 1, 0, 7)) :-
    azul_t_wall([0-2, 1-2, 2-2, 3-2, 4-2], W),
    azul_board:wall_bonus(W, B).

test(colour_bonus, B == bonus(0, 0, 1, 10)) :-
    azul_t_wall([0-0, 1-1, 2-2, 3-3, 4-4], W),
    azul_board:wall_bonus(W, B).

test(full_wall_bonus, B == bonus(5, 5, 5, 95)) :-
    findall(R-C, (between(0, 4, R), between(0, 4, C)), Cells),
    azul_t_wall(Cells, W),
    azul_board:wall_bonus(W, B).

azul_t_scored(Score-Cells, player(greedy, Score, [], W, [])) :-
    azul_t_wall(Cells, W).

azul_t_row(R, Cells) :-
    findall(R-C, between(0, 4, C), Cells).

test(highest_score_wins, Ws == [1]) :-
    azul_t_row(0, Row),
    maplist(azul_t_scored, [30-Row, 31-[], 12-[]], Ps),
    azul_rules:winners(Ps, Ws).

test(tie_more_rows_wins, Ws == [2]) :-
    azul_t_row(0, Row0), azul_t_row(1, Row1), append(Row0, Row1, Rows),
    maplist(azul_t_scored, [40-Row0, 12-[], 40-Rows], Ps),
    azul_rules:winners(Ps, Ws).

test(shared_victory, Ws == [0, 2]) :-
    azul_t_row(0, Row0), azul_t_row(4, Row4),
    maplist(azul_t_scored, [40-Row0, 40-[], 40-Row4], Ps),
    azul_rules:winners(Ps, Ws).

:- end_tests(azul_game_end).

:- begin_tests(azul_strategies).

azul_t_play(S, S) :-
    arg(9, S, over(_, _, _)), !.
azul_t_play(S0, S) :-
    S0 = azul(_, _, _, _, P, Players, _, _, playing),
    nth0(P, Players, player(Kind, _, _, _, _)),
    azul_machine:choose_move(Kind, S0, M),
    \+ azul_rules:take_refusal(S0, M, _),
    azul_rules:take_turn(S0, M, S1, _),
    azul_rules:state_tile_count(S1, 100),
    azul_t_play(S1, S).

test(tiles_conserved, true) :-
    forall(( member(Kinds, [[random, random], [random, greedy, random],
                            [random, random, random, random]]),
             between(1, 4, Seed) ),
           ( azul_rules:initial_state(Kinds, Seed, S0),
             azul_rules:state_tile_count(S0, 100),
             azul_t_play(S0, S),
             arg(9, S, over(_, _, _)) )).

%   red to line 1 and both blues to line 2 score 1 each: the tie goes to the
%   move with more tiles on pattern lines.
test(greedy_scores_now, [M, V] == [take(centre, blue, 2), 1]) :-
    azul_t_lines(L), azul_t_wall([], W),
    azul_t_player(0, L, W, [], P0),
    azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red, blue, blue], [], [], S0),
    azul_machine:choose_move(greedy, S0, M),
    azul_machine:greedy_value(S0, M, V).

test(greedy_counts_the_floor, V == -2) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red, blue, blue], [], [], S0),
    azul_machine:greedy_value(S0, take(centre, blue, floor), V).

test(random_is_seeded, M1 == M2) :-
    azul_rules:initial_state([random, random], 9, S),
    azul_machine:choose_move(random, S, M1),
    azul_machine:choose_move(random, S, M2).

test(lookahead_beats_greedy, true(Wins >= 3)) :-
    aggregate_all(count,
                  ( member(Seed-Kinds-Me, [1-[lookahead, greedy]-0, 2-[greedy, lookahead]-1,
                                           3-[lookahead, greedy]-0, 4-[greedy, lookahead]-1]),
                    play_azul(Kinds, Seed, S, _),
                    arg(9, S, over(_, _, [Me])) ),
                  Wins).

:- end_tests(azul_strategies).

:- begin_tests(azul_simulation).

test(replay_by_seed, [S1, L1] == [S2, L2]) :-
    play_azul([greedy, random, lookahead], 17, S1, L1),
    play_azul([greedy, random, lookahead], 17, S2, L2).

test(seeds_differ, true(L1 \== L2)) :-
    play_azul([random, random], 1, _, L1),
    play_azul([random, random], 2, _, L2).

test(log_has_turns_tiling_and_winner, true) :-
    play_azul([greedy, greedy], 42, _, Lines),
    atomic_list_concat(Lines, '\n', Text),
    forall(member(Needle, ['Players: 1 greedy, 2 greedy', 'Player 2 (greedy) takes',
                           'Wall tiling at the end of round 1', 'Bonuses',
                           'Final scores: player 1 92, player 2 86',
                           'Winner: player 1 with 92 points']),
           sub_atom(Text, _, _, _, Needle)),
    \+ sub_atom(Text, _, _, _, 'layer 0').

test(new_game_writes_log, true) :-
    tmp_file(azul_test, Path),
    with_output_to(string(Out), new_game([greedy, random], [seed(3), log(Path)])),
    read_file_to_string(Path, Text, []),
    delete_file(Path),
    play_azul([greedy, random], 3, azul(_, _, _, _, _, [player(_, S0, _, _, _), player(_, S1, _, _, _)], _, _, _), _),
    format(string(Final), "Final scores: player 1 ~w, player 2 ~w", [S0, S1]),
    assertion(sub_string(Text, _, _, _, Final)),
    assertion(sub_string(Out, _, _, _, Path)).

test(new_game_rejects_humans, error(type_error(_, _))) :-
    new_game([human, greedy], [seed(1), log('/dev/null')]).

:- end_tests(azul_simulation).

:- begin_tests(azul_protocol).

test(new_view, [ToMove, Over, Bag, NF, Seed, Kinds] ==
          ["1", false, 80, 5, 11, ['0'-"human", '1'-"greedy"]]) :-
    azul_t_new('{"players":["human","greedy"],"seed":11}', _, R),
    true = R.ok,
    V = R.view,
    ToMove = V.to_move,
    Over = V.over, Bag = V.bag_count, Seed = V.seed,
    length(V.factories, NF),
    dict_pairs(V.seats, _, Kinds),
    assertion(V.legal \== []),
    assertion(V.first_token_in_centre == true),
    assertion(length(V.wall_pattern, 5)).

test(bad_option_players, [Kind, Code, T] == ["invalid", "bad_option", ""]) :-
    azul_t_new('{"players":["human"]}', T, R),
    Kind = R.kind, Code = R.code.

test(bad_option_unknown, Code == "bad_option") :-
    azul_t_new('{"board":9}', _, R),
    Code = R.code.

test(bad_option_seed, Code == "bad_option") :-
    azul_t_new('{"seed":"abc"}', _, R),
    Code = R.code.

test(refused_empty_centre, [Kind, Code] == ["refused", "empty_source"]) :-
    azul_t_new('{"players":["human","human"],"seed":4}', T0, _),
    tablero:api_act(azul, T0, '{"kind":"take","source":"centre","colour":"red","line":1}', _, J),
    azul_t_reply(J, R),
    Kind = R.kind, Code = R.code.

test(invalid_colour, Code == "bad_colour") :-
    azul_t_new('{"players":["human","human"],"seed":4}', T0, _),
    tablero:api_act(azul, T0, '{"kind":"take","source":0,"colour":"green","line":1}', _, J),
    azul_t_reply(J, R),
    Code = R.code.

test(invalid_line, Code == "bad_line") :-
    azul_t_new('{"players":["human","human"],"seed":4}', T0, _),
    tablero:api_act(azul, T0, '{"kind":"take","source":0,"colour":"red","line":6}', _, J),
    azul_t_reply(J, R),
    Code = R.code.

test(legal_action, [Ok, Player, Action] == [true, Mover, FirstPairs]) :-
    azul_t_new('{"players":["human","human"],"seed":4}', T0, R0),
    Mover = R0.view.to_move,
    R0.view.legal = [First|_],
    atom_json_dict(ActionJSON, First, []),
    tablero:api_act(azul, T0, ActionJSON, _, J),
    azul_t_reply(J, R),
    Ok = R.ok,
    Player = R.view.last.player,
    dict_pairs(R.view.last.action, _, Action),
    dict_pairs(First, _, FirstPairs),
    assertion(R.view.to_move \== Mover),
    assertion(R.explain \== []).

test(machine_on_human_seat_plays_greedy, Action == Greedy) :-
    azul_t_new('{"players":["human","human"],"seed":4}', T0, _),
    tablero:api_machine(azul, T0, _, J),
    azul_t_reply(J, R),
    dict_pairs(R.action, _, Action),
    azul_t_new('{"players":["greedy","human"],"seed":4}', G0, _),
    tablero:api_machine(azul, G0, _, JG),
    azul_t_reply(JG, RG),
    dict_pairs(RG.action, _, Greedy).

test(machine_on_a_finished_game, Code == "game_over") :-
    azul_t_new('{"players":["greedy","greedy"],"seed":3}', T0, _),
    azul_t_machine_game(T0, Final, _),
    tablero:api_machine(azul, Final, _, J),
    azul_t_reply(J, R),
    Code = R.code.

test(protocol_plays_the_simulator_game, [Over, Scores, Winners] == [true, Expected, ExpectedW]) :-
    azul_t_new('{"players":["greedy","greedy"],"seed":3}', T0, _),
    azul_t_machine_game(T0, Final, V),
    tablero:api_act(azul, Final, '{"kind":"take","source":"centre","colour":"red","line":1}', _, J),
    azul_t_reply(J, Refused),
    assertion(Refused.code == "game_over"),
    Over = V.over,
    maplist([P, S]>>get_dict(score, P, S), V.players, Scores),
    Winners = V.result.winners,
    assertion(string(V.result.winner)),
    assertion(string(V.status.en)),
    play_azul([greedy, greedy], 3, azul(_, _, _, _, _, Ps, _, _, over(_, _, Ws)), _),
    findall(S, member(player(_, S, _, _, _), Ps), Expected),
    maplist(number_string, Ws, ExpectedW).

:- end_tests(azul_protocol).

:- begin_tests(azul_view).

test(floor_penalties_and_seats, [Penalties, Machine] == [[-1, -1, -2, -2, -2, -3, -3], true]) :-
    azul_t_new('{"players":["human","greedy"],"seed":11}', _, R),
    Penalties = R.view.floor_penalties,
    Machine = R.view.machine_to_move.

test(human_on_a_machine_turn, Code == "machine_turn") :-
    azul_t_new('{"players":["human","greedy"],"seed":11}', T0, R0),
    R0.view.legal = [First|_],
    atom_json_dict(ActionJSON, First, []),
    tablero:api_act(azul, T0, ActionJSON, _, J),
    azul_t_reply(J, R),
    Code = R.code.

test(seed_out_of_range, Code == "bad_option") :-
    azul_t_new('{"seed":2147483647}', _, R),
    Code = R.code.

test(last_has_player_and_kind, [Player, Kind] == [Mover, "take"]) :-
    azul_t_new('{"players":["human","human"],"seed":4}', T0, R0),
    Mover = R0.view.to_move,
    R0.view.legal = [First|_],
    atom_json_dict(ActionJSON, First, []),
    tablero:api_act(azul, T0, ActionJSON, _, J),
    azul_t_reply(J, R),
    Player = R.view.last.player,
    Kind = R.view.last.kind.

test(result_when_over, [ToMove, Code, Winner, Winners] == [null, "row_complete", "1", ["1"]]) :-
    azul_t_new('{"players":["greedy","greedy"],"seed":3}', T0, _),
    azul_t_machine_game(T0, _, V),
    ToMove = V.to_move,
    Code = V.result.code,
    Winner = V.result.winner,
    Winners = V.result.winners,
    assertion(sub_string(V.result.message, _, _, _, "player 2 wins")).

test(shared_victory_has_no_winner, [Winner, Winners] == [null, ["0", "1"]]) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [], [], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, _),
    tablero:game_view(azul, S, V),
    Winner = V.result.winner,
    Winners = V.result.winners.

test(shared_victory_in_words, [Message, En, Es] ==
          ["No tiles are left to play: shared victory of players 1 and 2 with 0 points.",
           "Game over: shared victory of players 1 and 2 with 0 points.",
           "Fin de la partida: victoria compartida de los jugadores 1 y 2 con 0 puntos."]) :-
    azul_t_empty_player(P0), azul_t_empty_player(P1),
    azul_t_last_take(P0, P1, [red], [], [], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, _),
    tablero:game_view(azul, S, V),
    Message = V.result.message,
    En = V.status.en,
    Es = V.status.es.

test(one_point_in_words, [Message, En, Es, Last] ==
          ["No tiles are left to play: player 1 wins with 1 point.",
           "Game over: player 1 wins with 1 point.",
           "Fin de la partida: gana el jugador 1 con 1 punto.",
           "Game over: player 1 wins with 1 point."]) :-
    azul_t_empty_player(player(K, _, L, W, F)), azul_t_empty_player(P1),
    azul_t_last_take(player(K, 1, L, W, F), P1, [red], [], [], S0),
    azul_rules:take_turn(S0, take(centre, red, 3), S, _),
    tablero:game_view(azul, S, V),
    Message = V.result.message,
    En = V.status.en,
    Es = V.status.es,
    once(azul_log:table_lines(en, S, Lines)),
    last(Lines, Last).

test(show_and_score, [Heading, Score] == ["Azul, seed 11, round 1: player 2 to move; bag 80, lid 0",
                                          ['0'-0, '1'-0]]) :-
    azul_t_new('{"players":["human","greedy"],"seed":11}', T0, _),
    tablero:api_show(azul, T0, _, J1),
    azul_t_reply(J1, R1),
    once(sub_string(R1.text, Before, _, _, "\n")),
    sub_string(R1.text, 0, Before, _, Heading),
    tablero:api_score(azul, T0, _, J2),
    azul_t_reply(J2, R2),
    atom_json_dict(J2, D, [value_string_as(string)]),
    assertion(D.ok == true),
    dict_pairs(R2.score, _, Score).

:- end_tests(azul_view).

:- begin_tests(azul_cli).

azul_t_terminal(Input, Kinds, Seed, Outcome, Output) :-
    open_string(Input, In),
    with_output_to(string(Output),
                   ( current_output(Out),
                     azul_terminal(In, Out, Kinds, Seed, Outcome) )).

test(machines_play_to_the_end, true(Outcome == winners(Ws))) :-
    azul_t_terminal("", [greedy, greedy], 3, Outcome, Output),
    play_azul([greedy, greedy], 3, azul(_, _, _, _, _, _, _, _, over(_, _, Ws)), _),
    Ws = [W], N is W + 1,
    format(string(Said), "Fin de la partida: gana el jugador ~w con", [N]),
    assertion(sub_string(Output, _, _, _, Said)).

test(typed_moves_and_refusals, Outcome == abandoned) :-
    azul_t_terminal("9-rojo-1.\nx.\ncentro-rojo-1.\n1-azul-1.\nsalir.\n", [human, human], 3,
                    Outcome, Output),
    forall(member(Said, ["Error: no existe esa fábrica.",
                         "Error: una jugada es Origen-Color-Fila",
                         "Error: ahí no quedan azulejos.",
                         "Jugador 2 toma 2 azules de la fábrica 1 y los pone en la fila 1 (1 al suelo).",
                         "Partida abandonada."]),
           assertion(sub_string(Output, _, _, _, Said))).

test(spanish_names, error(domain_error(_, verde))) :-
    azul([humano, verde]).

:- end_tests(azul_cli).
