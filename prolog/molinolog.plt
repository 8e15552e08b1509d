/*  Tests of molinolog.pl (the modules under molinolog/) and molinolog_cli.pl.
    Run alone:  swipl -g "use_module(prolog/molinolog), load_files('prolog/molinolog.plt',[module(user)]), run_tests" -t halt
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(http/json)).
:- use_module(molinolog).
:- use_module(molinolog_cli).

%   mol_after(+State0, +Moves, -State): plays whole turns.
mol_after(S0, Moves, S) :-
    foldl(mol_turn, Moves, S0, S).

mol_turn(M, S0, S) :-
    play_move(S0, M, S).

mol_steps(S0, Steps, S) :-
    foldl(mol_step, Steps, S0, S).

mol_step(St, S0, S) :-
    step(S0, St, S).

%   mol_with_quiet(+State0, +Quiet, -State): State0 with its turn counter set
%   (the state term is documented in molinolog/rules.pl).
mol_with_quiet(molinolog(R, B, W, C, H, P, _, Hist), Q,
               molinolog(R, B, W, C, H, P, Q, Hist)).

mol_random_walk(S, 0, S) :- !.
mol_random_walk(S0, N, S) :-
    (   random_move(S0, M)
    ->  play_move(S0, M, S1),
        N1 is N - 1,
        mol_random_walk(S1, N1, S)
    ;   S = S0
    ).

%   mol_features(+S, +C, -Features): state_features/3 from the definitions.
mol_features(S, C, features(Pieces, Mills, Twos, Mob, Blk)) :-
    state_size(S, T),
    state_in_hand(S, C, H),
    state_on_board(S, C, OB),
    Pieces is OB + H,
    aggregate_all(count, (mill(T, Ps), forall(member(P, Ps), state_piece(S, P, C))), Mills),
    aggregate_all(count, ( mill(T, Ps),
                           include([P]>>state_piece(S, P, C), Ps, [_, _]),
                           include([P]>>(\+ state_piece(S, P, _)), Ps, [_]) ), Twos),
    aggregate_all(count, ( state_piece(S, P, C), adjacent(T, P, Q),
                           \+ state_piece(S, Q, _) ), Mob),
    aggregate_all(count, ( state_piece(S, P, C),
                           \+ ( adjacent(T, P, Q), \+ state_piece(S, Q, _) ) ), Blk).

%   mol_live_walk(+State0, +N, -State): up to N random turns, stopping
%   before a turn that would end the game.
mol_live_walk(S, 0, S) :- !.
mol_live_walk(S0, N, S) :-
    (   random_move(S0, M),
        play_move(S0, M, S1),
        state_outcome(S1, none)
    ->  N1 is N - 1,
        mol_live_walk(S1, N1, S)
    ;   S = S0
    ).

%   mol_minimax(+S, +Depth, +Ply, -V): plain minimax from the definitions:
%   V for the player to move in S; a won game is worth 100000 less the
%   turns it took (win_value/1 of molinolog/search.pl), a drawn one 0.
mol_minimax(S, Depth, Ply, V) :-
    state_outcome(S, Outcome),
    state_to_move(S, C),
    (   Outcome = win(X, _)
    ->  (   X == C
        ->  V is 100000 - Ply
        ;   V is Ply - 100000
        )
    ;   Outcome = draw(_)
    ->  V = 0
    ;   Depth =:= 0
    ->  state_value(S, V)
    ;   D1 is Depth - 1,
        Ply1 is Ply + 1,
        aggregate_all(max(V1),
                      ( legal_move(S, M),
                        play_move(S, M, S1),
                        mol_minimax(S1, D1, Ply1, V0),
                        V1 is -V0 ),
                      V)
    ).

%   mol_move_value(+S, +Depth, +Move, -V): the minimax value of Move for
%   the player to move in S, searching Depth turns in all.
mol_move_value(S, Depth, M, V) :-
    play_move_or_capture(S, M, S1),
    D1 is Depth - 1,
    mol_minimax(S1, D1, 1, V0),
    V is -V0.

%   A state with a capture pending takes the capture as a whole turn.
play_move_or_capture(S, capture(P), S1) :-
    !,
    step(S, capture(P), S1).
play_move_or_capture(S, M, S1) :-
    play_move(S, M, S1).

other_colour(b, w).
other_colour(w, b).

mol_contains(Text, Part) :-
    once(sub_string(Text, _, _, _, Part)).

%   mol_api(+Reply, -Dict): a JSON reply as a dict.
mol_api(Reply, Dict) :-
    atom_json_dict(Reply, Dict, []).

mol_new(Options, State, Dict) :-
    tablero:api_new(molinolog, Options, State, Reply),
    mol_api(Reply, Dict).

mol_act(State0, Action, State, Dict) :-
    tablero:api_act(molinolog, State0, Action, State, Reply),
    mol_api(Reply, Dict).

%   The moving-phase position of T=1 used below: Black mills by
%   (e,1)-(ne,1); White has three pieces.
mol_three(S) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (e,1)-b,
                           (s,2)-w, (sw,2)-w, (w,2)-w], b, 0-0, S).

:- begin_tests(molinolog_board).

test(points, Ns == [16, 24, 32]) :-
    findall(N, (member(T, [1, 2, 3]), aggregate_all(count, point(T, _), N)), Ns).

test(edges, Ns == [20, 32, 44]) :-
    findall(N, ( member(T, [1, 2, 3]),
                 aggregate_all(count, (adjacent(T, P, Q), P @< Q), N) ), Ns).

test(mills, Ns == [8, 16, 24]) :-
    findall(N, (member(T, [1, 2, 3]), aggregate_all(count, mill(T, _), N)), Ns).

test(adjacent_symmetric) :-
    forall(( member(T, [1, 2, 3]), adjacent(T, P, Q) ), adjacent(T, Q, P)).

test(neighbours_of_middle, Qs == [(ne,2), (nw,2), (n,3), (n,1)]) :-
    findall(Q, adjacent(2, (n,2), Q), Qs).

test(corner_has_two_neighbours, Qs == [(n,1), (w,1)]) :-
    findall(Q, adjacent(2, (nw,1), Q), Qs0),
    msort(Qs0, Qs).

test(no_diagonal_edges, fail) :-
    adjacent(2, (ne,1), (ne,2)).

test(no_edge_beyond_outer_ring, fail) :-
    adjacent(1, (n,2), (n,3)).

test(side_mill, nondet) :-
    mill(2, [(nw,3), (n,3), (ne,3)]).

test(radial_mill, nondet) :-
    mill(2, [(w,1), (w,2), (w,3)]).

test(no_radial_mill_on_t1, fail) :-
    mill(1, [(n,1), (n,2)|_]).

test(no_diagonal_mill, fail) :-
    mill(3, [(ne,1), (ne,2), (ne,3)]).

test(t3_radial_mills, N == 8) :-
    aggregate_all(count, mill(3, [(D,_), (D,_), (D,_)]), N).

:- end_tests(molinolog_board).

:- begin_tests(molinolog_placing).

test(start, [Phase, C, NB, NW] == [place, b, 9, 9]) :-
    molinolog_initial(2, S),
    state_phase(S, Phase),
    state_to_move(S, C),
    state_in_hand(S, b, NB),
    state_in_hand(S, w, NW).

test(place_alternates, [C, NB, OB, Who] == [w, 8, 1, b]) :-
    molinolog_initial(2, S0),
    step(S0, place((n,2)), S),
    state_to_move(S, C),
    state_in_hand(S, b, NB),
    state_on_board(S, b, OB),
    state_piece(S, (n,2), Who).

test(occupied, Code == occupied) :-
    molinolog_initial(2, S0),
    step(S0, place((n,2)), S),
    step_refusal(S, place((n,2)), Code).

test(move_while_placing, Code == wrong_phase) :-
    molinolog_initial(1, S0),
    step(S0, place((n,1)), S1),
    step(S1, place((s,1)), S),
    step_refusal(S, move((n,1), (ne,1)), Code).

test(off_board, Codes == [off_board, off_board, off_board]) :-
    molinolog_initial(1, S),
    findall(C, ( member(P, [(n,3), (x,1), foo]),
                 step_refusal(S, place(P), C) ), Codes).

test(quiet_counts_placements, Q == 2) :-
    molinolog_initial(1, S0),
    mol_after(S0, [place((n,1)), place((s,1))], S),
    state_quiet(S, Q).

test(moving_phase_after_all_placed, [Phase, C, HB, HW] == [move, b, 0, 0]) :-
    molinolog_initial(1, S0),
    mol_after(S0, [place((n,1)), place((ne,1)), place((e,1)), place((se,1)),
                   place((s,1)), place((sw,1)), place((w,1)), place((nw,1)),
                   place((n,2)), place((ne,2)), place((e,2)), place((se,2))], S),
    state_phase(S, Phase),
    state_to_move(S, C),
    state_in_hand(S, b, HB),
    state_in_hand(S, w, HW).

test(last_placement_is_white, [C, HB, HW] == [w, 0, 1]) :-
    molinolog_initial(1, S0),
    mol_after(S0, [place((n,1)), place((ne,1)), place((e,1)), place((se,1)),
                   place((s,1)), place((sw,1)), place((w,1)), place((nw,1)),
                   place((n,2)), place((ne,2)), place((e,2))], S),
    state_to_move(S, C),
    state_in_hand(S, b, HB),
    state_in_hand(S, w, HW).

:- end_tests(molinolog_placing).

:- begin_tests(molinolog_moving).

test(move_along_edge, [From, To, C] == [none, b, w]) :-
    mol_three(S0),
    step(S0, move((nw,1), (w,1)), S),
    (   state_piece(S, (nw,1), _) -> From = some ; From = none ),
    state_piece(S, (w,1), To),
    state_to_move(S, C).

test(not_adjacent, Code == not_adjacent) :-
    mol_three(S),
    step_refusal(S, move((nw,1), (nw,2)), Code).

test(not_your_piece, Codes == [not_your_piece, not_your_piece]) :-
    mol_three(S),
    findall(C, ( member(F, [(s,2), (e,2)]),
                 step_refusal(S, move(F, (se,2)), C) ), Codes).

test(occupied, Code == occupied) :-
    mol_three(S),
    step_refusal(S, move((nw,1), (n,1)), Code).

test(place_while_moving, Code == wrong_phase) :-
    mol_three(S),
    step_refusal(S, place((se,1)), Code).

test(legal_steps_agree_with_moves) :-
    mol_three(S),
    forall(legal_step(S, St), \+ step_refusal(S, St, _)),
    forall(legal_move(S, M), play_move(S, M, _)).

:- end_tests(molinolog_moving).

:- begin_tests(molinolog_captures).

test(mill_leaves_capture_pending, [Phase, C, Mill] ==
     [capture, b, [(n,1), (ne,1), (nw,1)]]) :-
    mol_three(S0),
    step(S0, move((e,1), (ne,1)), S),
    state_phase(S, Phase),
    state_to_move(S, C),
    state_mill(S, Mill).

test(must_capture, Code == must_capture) :-
    mol_three(S0),
    step(S0, move((e,1), (ne,1)), S),
    step_refusal(S, move((n,1), (e,1)), Code).

test(capture_own_or_empty, Codes == [not_capturable, not_capturable]) :-
    mol_three(S0),
    step(S0, move((e,1), (ne,1)), S),
    findall(C, (member(P, [(n,1), (e,2)]), step_refusal(S, capture(P), C)), Codes).

test(capture_removes_and_passes, [Gone, C, OW, Q] == [true, w, 3, 0]) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (e,1)-b,
                           (s,2)-w, (sw,2)-w, (w,2)-w, (se,1)-w], b, 0-0, S0),
    mol_steps(S0, [move((e,1), (ne,1)), capture((s,2))], S),
    ( state_piece(S, (s,2), _) -> Gone = false ; Gone = true ),
    state_to_move(S, C),
    state_on_board(S, w, OW),
    state_quiet(S, Q).

test(capture_outside_capture_phase, Code == wrong_phase) :-
    mol_three(S),
    step_refusal(S, capture((s,2)), Code).

test(double_mill_captures_once, [N, C, Mill] == [4, w, 5]) :-
    position_state(2, [], [(nw,2)-b, (ne,2)-b, (n,1)-b, (n,3)-b,
                           (s,1)-w, (s,2)-w, (s,3)-w, (e,3)-w], b, 5-5, S0),
    aggregate_all(count, legal_move(S0, place((n,2), _)), N),
    step(S0, place((n,2)), S1),
    state_mill(S1, Ps),
    length(Ps, Mill),
    step(S1, capture((e,3)), S),
    state_to_move(S, C).

test(standing_mill_captures_nothing, Phase == place) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (ne,1)-b, (s,2)-w, (e,2)-w],
                   w, 2-2, S0),
    mol_after(S0, [place((w,2)), place((se,2))], S),
    state_phase(S, Phase).

test(reformed_mill_captures_again, Phase == capture) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (ne,1)-b,
                           (s,2)-w, (sw,2)-w, (e,2)-w, (nw,2)-w], b, 0-0, S0),
    mol_after(S0, [move((ne,1), (e,1)), move((e,2), (ne,2))], S1),
    step(S1, move((e,1), (ne,1)), S),
    state_phase(S, Phase).

test(protect_mills_refuses_mill_piece, [Code, Ok] == [in_mill, true]) :-
    position_state(1, [protect_mills(true)],
                   [(nw,1)-b, (n,1)-b, (e,1)-b,
                    (sw,2)-w, (w,2)-w, (nw,2)-w, (se,1)-w], b, 0-0, S0),
    step(S0, move((e,1), (ne,1)), S),
    step_refusal(S, capture((w,2)), Code),
    ( step(S, capture((se,1)), _) -> Ok = true ; Ok = false ).

test(protect_mills_all_in_mills) :-
    position_state(1, [protect_mills(true)],
                   [(nw,1)-b, (n,1)-b, (e,1)-b,
                    (sw,2)-w, (w,2)-w, (nw,2)-w], b, 0-0, S0),
    step(S0, move((e,1), (ne,1)), S),
    step(S, capture((w,2)), _).

test(without_protect_any_piece) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (e,1)-b,
                           (sw,2)-w, (w,2)-w, (nw,2)-w, (se,1)-w], b, 0-0, S0),
    step(S0, move((e,1), (ne,1)), S),
    step(S, capture((w,2)), _).

test(whole_turn_needs_its_capture, fail) :-
    mol_three(S),
    play_move(S, move((e,1), (ne,1)), _).

:- end_tests(molinolog_captures).

:- begin_tests(molinolog_end).

test(two_pieces, O == win(b, two_pieces)) :-
    mol_three(S0),
    play_move(S0, move((e,1), (ne,1), (s,2)), S),
    state_outcome(S, O).

test(not_lost_while_in_hand, O == none) :-
    position_state(1, [], [(n,1)-b], w, 5-6, S),
    state_outcome(S, O).

test(pieces_in_hand_count, O == win(w, two_pieces)) :-
    position_state(1, [], [(n,2)-w, (s,2)-w, (e,2)-w], b, 2-0, S),
    state_outcome(S, O).

test(no_moves, O == win(b, no_moves)) :-
    position_state(1, [], [(nw,1)-b, (s,1)-b, (w,2)-b, (s,2)-b,
                           (w,1)-w, (sw,1)-w, (sw,2)-w], w, 0-0, S),
    state_outcome(S, O).

test(blocked_while_placing_goes_on, O == none) :-
    position_state(1, [], [(nw,1)-b, (s,1)-b, (w,2)-b, (s,2)-b,
                           (w,1)-w, (sw,1)-w, (sw,2)-w], w, 1-1, S),
    state_outcome(S, O).

test(repetition, [O4, O8] == [none, draw(repetition)]) :-
    position_state(1, [], [(n,2)-b, (s,2)-b, (e,1)-b,
                           (n,1)-w, (s,1)-w, (w,2)-w], b, 0-0, S0),
    Cycle = [move((n,2), (ne,2)), move((w,2), (nw,2)),
             move((ne,2), (n,2)), move((nw,2), (w,2))],
    mol_after(S0, Cycle, S4),
    state_outcome(S4, O4),
    mol_after(S4, Cycle, S8),
    state_outcome(S8, O8).

test(fifty_moves, O == draw(fifty_moves)) :-
    position_state(1, [], [(n,2)-b, (s,2)-b, (e,1)-b,
                           (n,1)-w, (s,1)-w, (w,2)-w], b, 0-0, S0),
    mol_with_quiet(S0, 99, S1),
    play_move(S1, move((n,2), (ne,2)), S),
    state_outcome(S, O).

test(capture_resets_fifty, [Q, O] == [0, none]) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (e,1)-b,
                           (s,2)-w, (sw,2)-w, (w,2)-w, (se,1)-w], b, 0-0, S0),
    mol_with_quiet(S0, 99, S1),
    play_move(S1, move((e,1), (ne,1), (s,2)), S),
    state_quiet(S, Q),
    state_outcome(S, O).

test(no_step_after_the_end, Code == game_over) :-
    mol_three(S0),
    play_move(S0, move((e,1), (ne,1), (s,2)), S),
    step_refusal(S, move((sw,2), (s,2)), Code).

:- end_tests(molinolog_end).

:- begin_tests(molinolog_count).

test(t2_depth1, N == 24) :- count_moves(2, 1, N).
test(t2_depth2, N == 552) :- count_moves(2, 2, N).
test(t2_depth3, N == 12144) :- count_moves(2, 3, N).
test(t2_depth4, N == 255024) :- count_moves(2, 4, N).

%   24·23·22·21·20 = 5100480 without mills at depth 5; 16 mills × 3! orders
%   of Black's pieces × 21·20 White placements each add one capture choice.
test(t1_depth5_captures, N == 531648) :- count_moves(1, 5, N).

test(sizes_depth1, Ns == [16, 24, 32]) :-
    findall(N, (member(T, [1, 2, 3]), count_moves(T, 1, N)), Ns).

test(legal_moves_match, N == 24) :-
    molinolog_initial(2, S),
    aggregate_all(count, legal_move(S, _), N).

%   11 empty points: (ne,1) makes a mill, with 3 White pieces to take.
test(capture_choices_count, N == 13) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (s,2)-w, (se,2)-w, (e,2)-w],
                   b, 2-3, S),
    aggregate_all(count, legal_move(S, _), N).

:- end_tests(molinolog_count).

:- begin_tests(molinolog_machine).

test(takes_winning_capture, [forall(member(D, [1, 2, 3])), nondet]) :-
    mol_three(S0),
    best_move(S0, D, M),
    M = move((e,1), (ne,1), _),
    play_move(S0, M, S),
    state_outcome(S, win(b, two_pieces)).

test(captures_the_threat, true(C \== (w,1))) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (e,1)-b,
                           (w,1)-w, (e,2)-w, (s,2)-w, (sw,2)-w], b, 0-0, S0),
    step(S0, move((e,1), (ne,1)), S),
    best_move(S, 2, capture(C)).

test(machine_step_then_planned_capture) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (e,1)-b,
                           (w,1)-w, (e,2)-w, (s,2)-w, (sw,2)-w], b, 0-0, S0),
    best_move(S0, 2, move((e,1), (ne,1), C)),
    C = (D, R),
    atom_string(D, DS),
    Planned = [DS, R],
    G0 = game(players(machine, machine), 2, none, S0),
    tablero:game_machine(molinolog, G0, Action1),
    tablero:game_act(molinolog, G0, Action1, G1, _),
    tablero:game_machine(molinolog, G1, Action2),
    Action2.kind == "capture",
    Action2.point == Planned.

test(default_depth, D == 3) :-
    minimax_depth(D).

test(set_depth, [D == 2, cleanup(set_minimax_depth(3))]) :-
    set_minimax_depth(2),
    minimax_depth(D).

test(best_move_is_legal) :-
    molinolog_initial(2, S),
    best_move(S, 2, M),
    once(legal_move(S, M)).

test(features_count, F == features(5, 1, 0, 4, 2)) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (ne,1)-b, (s,1)-b,
                           (n,2)-w, (w,1)-w], b, 1-4, S),
    state_features(S, b, F).

test(evaluate_favours_material, [VB, VW] == [up, down]) :-
    Pieces = [(n,1)-b, (s,1)-b, (e,2)-b, (w,2)-b, (n,2)-w, (s,2)-w, (e,1)-w],
    position_state(1, [], Pieces, b, 0-0, SB),
    position_state(1, [], Pieces, w, 0-0, SW),
    state_value(SB, B), state_value(SW, W),
    ( B > 0 -> VB = up ; VB = down ),
    ( W > 0 -> VW = up ; VW = down ).

%   The bit-parallel features agree with counts made from mill/2 and
%   adjacent/3 on random positions.
test(features_match_definitions, [forall(between(1, 30, I)), F == G]) :-
    set_random(seed(I)),
    T is 1 + I mod 3,
    molinolog_initial(T, S0),
    random_between(0, 40, N),
    mol_random_walk(S0, N, S),
    random_member(C, [b, w]),
    state_features(S, C, F),
    mol_features(S, C, G).

test(no_move_when_over, fail) :-
    mol_three(S0),
    play_move(S0, move((e,1), (ne,1), (s,2)), S),
    best_move(S, 2, _).

%   state_value/2 weighs the features of the definitions (weights/5 of
%   molinolog/search.pl: 1000 a piece, 40 a mill, 25 an open two, 15 an
%   opponent's blocked piece, 4 a free move) on random positions of every
%   size, the game not over.
test(value_weighs_definitions, [forall(between(1, 40, I)), V =:= Expected]) :-
    set_random(seed(I)),
    T is 1 + I mod 3,
    molinolog_initial(T, S0),
    random_between(0, 50, N),
    mol_live_walk(S0, N, S),
    state_to_move(S, C),
    other_colour(C, O),
    mol_features(S, C, features(P1, M1, T1, Mob1, B1)),
    mol_features(S, O, features(P2, M2, T2, Mob2, B2)),
    Expected is 1000 * (P1 - P2) + 40 * (M1 - M2) + 25 * (T1 - T2)
              + 15 * (B2 - B1) + 4 * (Mob1 - Mob2),
    state_value(S, V).

%   The machine's move is worth as much as the best move by plain minimax
%   (every legal move, no cut-off) of the same depth, on random positions
%   of every size, with and without protect_mills, some with a capture
%   pending: the alpha-beta search and its move orders lose nothing.
test(best_move_is_minimax, [forall(between(1, 24, I)), VM =:= Best]) :-
    set_random(seed(I)),
    T is 1 + I mod 3,
    ( I mod 4 =:= 0 -> Protect = true ; Protect = false ),
    molinolog_initial(T, [protect_mills(Protect)], S0),
    random_between(0, 40, N),
    mol_live_walk(S0, N, S1),
    (   I mod 5 =:= 0,
        legal_step(S1, Step),
        step(S1, Step, S2),
        state_phase(S2, capture)
    ->  S = S2
    ;   S = S1
    ),
    ( T =:= 1 -> Depth = 3 ; Depth = 2 ),
    best_move(S, Depth, M),
    mol_move_value(S, Depth, M, VM),
    aggregate_all(max(V), ( legal_move(S, M1), mol_move_value(S, Depth, M1, V) ), Best).

%   The search's own move generator (molinolog/search.pl, internal) lists
%   the whole turns of the rules' i_moves/2 in the same order.
test(search_moves_are_the_rules, [forall(between(1, 90, I)), Ms == Expected]) :-
    set_random(seed(I)),
    T is 1 + I mod 3,
    ( I mod 3 =:= 0 -> Protect = true ; Protect = false ),
    molinolog_initial(T, [protect_mills(Protect)], S0),
    random_between(0, 60, N),
    mol_live_walk(S0, N, S),
    S = molinolog(_, B, W, C, hand(NB, NW), none, _, _),
    molinolog_search:search_env(S, Env),
    molinolog_search:gen_moves(Env, C, B, W, NB, NW, Ms),
    molinolog_rules:i_moves(S, Expected).

test(within_a_tiny_budget_is_legal) :-
    molinolog_initial(2, S),
    best_move_within(S, 5, 0.0, M),
    once(legal_move(S, M)).

test(within_a_large_budget_is_full_depth, M1 == M2) :-
    set_random(seed(7)),
    molinolog_initial(2, S0),
    mol_random_walk(S0, 12, S),
    best_move_within(S, 3, 60, M1),
    best_move(S, 3, M2).

%   The machine's choice as a goal (the Prolog panel): the depth it reached
%   within its time, whose best_move/3 gives the same move.
test(within_says_its_depth, [Reached, Same] == [1, true]) :-
    molinolog_initial(2, S),
    best_move_within(S, 3, 0.0, Move, Reached),
    (   best_move(S, Reached, Move) -> Same = true ; Same = false ).

test(machine_choice_is_a_goal, true(sub_string(Q, 0, _, _, "machine: best_move(molinolog(rules(1,false),"))) :-
    tablero:game_new(molinolog, [size(1), black(human), white(machine), depth(2), protect_mills(false)], G0),
    tablero:game_act(molinolog, G0, _{kind:"place", point:["n", 1]}, G1, _),
    tablero:game_machine(molinolog, G1, Action),
    tablero:game_act(molinolog, G1, Action, _, [Q-A|_]),
    assertion(sub_string(A, 0, _, _, "Move = place((")),
    tablero:game_act(molinolog, G1, Action, _, [Q2-_|_]),   % asked once: said once
    assertion(sub_string(Q2, 0, _, _, "rechazo(")).

:- end_tests(molinolog_machine).

:- begin_tests(molinolog_self_play).

test(t1_depth2_ends, true(O \== none)) :-
    molinolog_initial(1, S),
    self_play(S, minimax(2), minimax(2), _, O).

test(t2_depth2_ends, true(O \== none)) :-
    molinolog_initial(2, S),
    self_play(S, minimax(2), minimax(2), _, O).

test(random_games_end, [forall(member(Seed-T, [1-1, 2-2, 3-3])), true(O \== none)]) :-
    set_random(seed(Seed)),
    molinolog_initial(T, S),
    self_play(S, random, random, Moves, O),
    Moves \== [].

test(depth2_beats_random, Wins == 4) :-
    set_random(seed(11)),
    molinolog_initial(2, S),
    findall(x, ( member(B-W-C, [minimax(2)-random-b, random-minimax(2)-w,
                                minimax(2)-random-b, random-minimax(2)-w]),
                 self_play(S, B, W, _, win(C, _)) ), Xs),
    length(Xs, Wins).

:- end_tests(molinolog_self_play).

:- begin_tests(molinolog_cli).

test(machine_vs_machine_t1, true(O = gana(_, _) ; O = tablas(_))) :-
    open_string("", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, maquina, maquina, 1, 2, O)),
    mol_contains(Out, "Jugador negro, colocar 6 fichas").

test(machine_vs_machine_t2, true(O = gana(_, _) ; O = tablas(_))) :-
    open_string("", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, maquina, maquina, 2, 2, O)),
    mol_contains(Out, "La máquina (blanco)"),
    (   O = gana(_, _)
    ->  mol_contains(Out, "¡Ganó el jugador")
    ;   mol_contains(Out, "Tablas")
    ).

test(human_errors_then_quit, O == abandonada) :-
    open_string("(n,1).\n(n,1).\nfoo(.\n(x,9).\n(n,1)-(ne,1).\nsalir.\n", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, humano, maquina, 1, 1, O)),
    forall(member(Text, ["ese punto ya está ocupado",
                         "no se entiende la entrada",
                         "ese punto no está en el tablero",
                         "en la fase colocar escriba un punto",
                         "La máquina (blanco) coloca en",
                         "Partida abandonada"]),
           mol_contains(Out, Text)).

test(human_capture_prompt) :-
    open_string("(n,1).\n(n,2).\n(nw,1).\n(w,2).\n(ne,1).\n(n,1).\n(n,2).\n", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, humano, humano, 1, 1, _)),
    mol_contains(Out, "Jugador negro, capturar"),
    mol_contains(Out, "debe capturar una pieza del oponente"),
    mol_contains(Out, "Jugador blanco, colocar 4 fichas").

test(full_stop_may_be_left_out, O == abandonada) :-
    open_string("(n,1)\n\n  (s,1)  \nayuda\nsalir\n", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, humano, humano, 1, 1, O)),
    forall(member(Text, ["Jugador blanco, colocar 6 fichas",
                         "Jugador negro, colocar 5 fichas",
                         "para mover"]),
           mol_contains(Out, Text)),
    \+ mol_contains(Out, "Error").

test(end_of_input_is_quit, O == abandonada) :-
    open_string("", In),
    with_output_to(string(_),
                   play_molinolog(In, current_output, humano, humano, 1, 1, O)).

test(english_on_request, O == abandonada) :-
    open_string("(n,1).\n(n,1).\nfoo(.\n(n,1)-(ne,1).\nsalir.\n", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, humano, maquina, 1, 1, [lang(en)], O)),
    forall(member(Text, ["Molinolog, board of size 1.",
                         "Black to place 6 pieces",
                         "The machine (White) places on",
                         "Error: that point is already occupied.",
                         "Error: the input is not understood",
                         "Error: while placing, type a point",
                         "Game abandoned."]),
           mol_contains(Out, Text)),
    \+ mol_contains(Out, "Jugador"),
    current_prolog_flag(message_language, Lang),
    assertion(Lang \== en).                     % the flag is back as it was

test(english_end, true(sub_string(Out, _, _, _, "wins ("))) :-
    open_string("", In),
    with_output_to(string(Out),
                   play_molinolog(In, current_output, maquina, maquina, 1, 2, [lang(en)], gana(_, _))).

:- end_tests(molinolog_cli).

:- begin_tests(molinolog_protocol).

test(listed) :-
    tablero:game(molinolog).

test(new_default, [Size, ToMove, Phase, Es, En, Over, NPoints, NEdges] ==
     [2, "b", "place", "Jugador negro, colocar 9 fichas",
      "Black to place 9 pieces", false, 24, 32]) :-
    mol_new('{}', _, D),
    V = D.view,
    Size = V.size, ToMove = V.to_move, Phase = V.phase,
    Es = V.status.es, En = V.status.en, Over = V.over,
    length(V.points, NPoints), length(V.edges, NEdges).

test(place_then_refused, [Piece, Code, Kind] == ["b", "occupied", "refused"]) :-
    mol_new('{"size":1}', S0, _),
    mol_act(S0, '{"kind":"place","point":["n",1]}', _, D1),
    once(( member(P, D1.view.points), P.point == ["n", 1] )),
    Piece = P.piece,
    mol_act(S0, '{"kind":"place","point":["n",1]}', S1, _),
    mol_act(S1, '{"kind":"place","point":["n",1]}', S2, D2),
    S2 == "",
    Code = D2.code, Kind = D2.kind.

test(off_board, [Kind, Code] == ["invalid", "off_board"]) :-
    mol_new('{"size":1}', S0, _),
    mol_act(S0, '{"kind":"place","point":["x",1]}', _, D),
    Kind = D.kind, Code = D.code.

test(bad_action, [Kind, Codes] == ["invalid", ["bad_kind", "bad_field", "bad_action"]]) :-
    mol_new('{"size":1}', S0, _),
    findall(C, ( member(A, [ '{"kind":"jump","point":["n",1]}',
                             '{"kind":"place","point":["n",1],"colour":"b"}',
                             '{"kind":"move","from":["n",1]}' ]),
                 mol_act(S0, A, _, D), C = D.code ), Codes),
    mol_act(S0, '{"kind":"jump","point":["n",1]}', _, D1),
    Kind = D1.kind.

test(bad_options, Codes == ["bad_option", "bad_option", "bad_option", "bad_option"]) :-
    findall(C, ( member(O, ['{"size":4}', '{"black":"robot"}', '{"depth":9}',
                            '{"colour":"b"}']),
                 mol_new(O, _, D), C = D.code ), Codes).

test(options, [B, W, Depth, Protect] == ["machine", "human", 2, true]) :-
    mol_new('{"black":"machine","white":"human","depth":2,"protect_mills":true}', _, D),
    B = D.view.seats.b, W = D.view.seats.w,
    Depth = D.view.depth, Protect = D.view.protect_mills.

test(capture_step_by_step, [Phase, Es, Mill, Code, Next, LastKind, LastPoint] ==
     ["capture", "Jugador negro, capturar", 3, "must_capture", "w",
      "capture", ["n",2]]) :-
    mol_new('{"size":1,"white":"human"}', S0, _),
    foldl([A, Sa, Sb]>>mol_act(Sa, A, Sb, _),
          [ '{"kind":"place","point":["n",1]}', '{"kind":"place","point":["n",2]}',
            '{"kind":"place","point":["nw",1]}', '{"kind":"place","point":["w",2]}' ],
          S0, S4),
    mol_act(S4, '{"kind":"place","point":["ne",1]}', S5, D5),
    Phase = D5.view.phase, Es = D5.view.status.es,
    length(D5.view.mill, Mill),
    mol_act(S5, '{"kind":"place","point":["e",1]}', _, D6),
    Code = D6.code,
    mol_act(S5, '{"kind":"capture","point":["n",2]}', _, D7),
    Next = D7.view.to_move,
    LastKind = D7.view.last.kind, LastPoint = D7.view.last.point.

test(machine_action, Kind == "place") :-
    mol_new('{"size":1}', S0, _),
    mol_act(S0, '{"kind":"place","point":["n",1]}', S1, _),
    tablero:api_machine(molinolog, S1, _, Reply),
    mol_api(Reply, D),
    Kind = D.action.kind.

test(game_over_view, [Over, Winner, Reason, Message, ToMove, By, Code] ==
     [true, "b", "two_pieces", "Black wins (White is left with two pieces).",
      null, "b", "game_over"]) :-
    mol_three(S0),
    step(S0, move((e,1), (ne,1)), S1),
    G = game(players(human, human), 2, none, S1),
    format(string(Text), "~q", [G]),
    mol_act(Text, '{"kind":"capture","point":["s",2]}', S2, D),
    Over = D.view.over, Winner = D.view.result.winner, Reason = D.view.result.code,
    Message = D.view.result.message, ToMove = D.view.to_move,
    By = D.view.last.player,
    mol_act(S2, '{"kind":"move","from":["sw",2],"to":["s",2]}', _, D2),
    Code = D2.code.

test(draw_result, [Code, Winner] == ["repetition", null]) :-
    position_state(1, [], [(n,2)-b, (s,2)-b, (e,1)-b,
                           (n,1)-w, (s,1)-w, (w,2)-w], b, 0-0, S0),
    Cycle = [move((n,2), (ne,2)), move((w,2), (nw,2)),
             move((ne,2), (n,2)), move((nw,2), (w,2))],
    mol_after(S0, Cycle, S4),
    mol_after(S4, Cycle, S8),
    tablero:game_view(molinolog, game(players(human, human), 2, none, S8), V),
    Code = V.result.code, Winner = V.result.winner.

test(last_player, [P1, P2, P3] == ["b", "b", "w"]) :-
    mol_new('{"size":1,"white":"human"}', S0, _),
    foldl([A, Sa, Sb]>>mol_act(Sa, A, Sb, _),
          [ '{"kind":"place","point":["n",1]}', '{"kind":"place","point":["n",2]}',
            '{"kind":"place","point":["nw",1]}', '{"kind":"place","point":["w",2]}' ],
          S0, S4),
    mol_act(S4, '{"kind":"place","point":["ne",1]}', S5, D5),
    P1 = D5.view.last.player,
    mol_act(S5, '{"kind":"capture","point":["n",2]}', S6, D6),
    P2 = D6.view.last.player,
    mol_act(S6, '{"kind":"place","point":["s",1]}', _, D7),
    P3 = D7.view.last.player.

test(seats, [B, W, M0, M1] == ["human", "machine", false, true]) :-
    mol_new('{"size":1}', S0, D0),
    B = D0.view.seats.b, W = D0.view.seats.w, M0 = D0.view.machine_to_move,
    mol_act(S0, '{"kind":"place","point":["n",1]}', _, D1),
    M1 = D1.view.machine_to_move.

test(machine_turn, Code == "machine_turn") :-
    mol_new('{"size":1,"black":"machine"}', S0, _),
    mol_act(S0, '{"kind":"place","point":["n",1]}', _, D),
    Code = D.code.

test(show, [Lines, Stars, Os] == [11, 3, 2]) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (s,1)-w, (s,2)-w], b, 4-4, S0),
    step(S0, place((ne,1)), S),
    tablero:game_show(molinolog, game(players(human, human), 2, none, S), Text),
    split_string(Text, "\n", "", Parts),
    length(Parts, N), Lines is N - 1,
    aggregate_all(count, sub_string(Text, _, 1, _, "*"), Stars),
    aggregate_all(count, sub_string(Text, _, 1, _, "O"), Os).

test(score, [B, W, Phase] == [3-3-6, 2-4-6, "capture"]) :-
    position_state(1, [], [(nw,1)-b, (n,1)-b, (s,1)-w, (s,2)-w], b, 4-4, S0),
    step(S0, place((ne,1)), S),
    tablero:game_score(molinolog, game(players(human, human), 2, none, S), Score),
    B = Score.b.on_board-Score.b.in_hand-Score.b.pieces,
    W = Score.w.on_board-Score.w.in_hand-Score.w.pieces,
    Phase = Score.phase.

test(api_show_and_score, [HasBoard, Phase] == [true, "place"]) :-
    mol_new('{"size":1}', S0, _),
    tablero:api_show(molinolog, S0, _, R1),
    mol_api(R1, D1),
    ( sub_string(D1.text, _, _, _, "+-------+") -> HasBoard = true ; HasBoard = false ),
    tablero:api_score(molinolog, S0, _, R2),
    mol_api(R2, D2),
    Phase = D2.score.phase.

:- end_tests(molinolog_protocol).
