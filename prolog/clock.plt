/*  plunit tests of prolog/clock.pl: the clock's arithmetic, and the results on time
    that the games write (loaded with the games, as the server has them).
*/
:- use_module(library(plunit)).
:- use_module(library(http/json)).
:- use_module(go, []).
:- use_module(molinolog, []).
:- use_module(gorogo, []).
:- use_module(azul, []).

:- begin_tests(clock).

fresh(C) :- clock_new(300, 3, ["b", "w"], C).

test(new_clock_is_stopped) :-
    fresh(C),
    dict_pairs(C.left, _, Left), assertion(Left == [b-300000, w-300000]),
    assertion(C.running == null),
    assertion(C.deadline == null).

test(bad_settings, fail) :- clock_new(0, 3, ["b", "w"], _).
test(bad_increment, fail) :- clock_new(60, -1, ["b", "w"], _).
test(not_an_integer, fail) :- clock_new(60.5, 0, ["b", "w"], _).
test(three_players, fail) :- clock_new(60, 0, ["0", "1", "2"], _).

test(first_action_costs_nothing) :-
    fresh(C0),
    clock_charge(C0, 1000, "w", C),
    dict_pairs(C.left, _, Left), assertion(Left == [b-300000, w-300000]),
    assertion(C.running == "w"),
    assertion(C.since == 1000),
    assertion(C.deadline == 301000).

test(a_move_is_charged_and_gets_the_increment) :-
    fresh(C0),
    clock_charge(C0, 0, "w", C1),          % Black's first move
    clock_charge(C1, 12500, "b", C2),      % White took 12.5 s
    assertion(C2.left.w =:= 300000 - 12500 + 3000),
    assertion(C2.left.b =:= 300000),
    assertion(C2.running == "b"),
    assertion(C2.deadline =:= 12500 + 300000).

test(time_left_at_an_instant) :-
    fresh(C0),
    clock_charge(C0, 0, "w", C1),
    clock_left(C1, "w", 100000, Lw),
    clock_left(C1, "b", 100000, Lb),
    assertion(Lw =:= 200000),
    assertion(Lb =:= 300000),
    clock_left(C1, "w", 999999, Never),
    assertion(Never =:= 0).

test(same_side_again_no_increment) :-
    fresh(C0),
    clock_charge(C0, 0, "w", C1),
    clock_charge(C1, 2000, "w", C2),       % a mill: White captures next
    assertion(C2.left.w =:= 298000),
    clock_charge(C2, 3000, "b", C3),       % the capture ends the turn
    assertion(C3.left.w =:= 297000 + 3000).

test(flag_falls_at_the_deadline) :-
    clock_new(5, 0, ["b", "w"], C0),
    clock_charge(C0, 0, "w", C1),
    assertion(\+ clock_fallen(C1, 4999, _)),
    clock_fallen(C1, 5000, Seat),
    assertion(Seat == "w").

test(a_move_after_the_flag_fell_is_refused, fail) :-
    clock_new(5, 0, ["b", "w"], C0),
    clock_charge(C0, 0, "w", C1),
    clock_charge(C1, 5001, "b", _).

test(stopped_clock_never_falls, fail) :-
    fresh(C0),
    clock_charge(C0, 0, null, C1),         % over, or Go's scoring phase
    clock_fallen(C1, 10 ** 12, _).

test(who_runs) :-
    clock_runs(0, false, "play", "b", A), assertion(A == null),
    clock_runs(3, true, "play", null, B), assertion(B == null),
    clock_runs(3, false, "scoring", "w", C), assertion(C == null),
    clock_runs(3, false, "play", "w", D), assertion(D == "w").

test(takeback_charges_without_increment) :-
    fresh(C0),
    clock_charge(C0, 0, "w", C1),
    clock_takeback(C1, 4000, "b", C2),
    assertion(C2.left.w =:= 296000),
    assertion(C2.running == "b").

test(stop) :-
    clock_new(5, 0, ["b", "w"], C0),
    clock_charge(C0, 0, "w", C1),
    clock_stop(C1, 6000, "w", C),
    assertion(C.flag == "w"),
    assertion(C.left.w =:= 0),
    assertion(C.running == null),
    clock_fallen(C, 0, S),
    assertion(S == "w").

test(go_result_on_time) :-
    V0 = _{seats:_{b:"human", w:"human"}, over:false, to_move:"w", result:null,
           machine_to_move:false},
    clock_view(go, V0, "w", V),
    assertion(V.over == true),
    assertion(V.to_move == null),
    assertion(V.result.code == "B+T"),
    assertion(V.result.winner == "b"),
    assertion(V.result.reason == "time"),
    assertion(V.result.message == "White lost on time: Black wins.").

test(molinolog_result_on_time) :-
    V0 = _{seats:_{b:"human", w:"machine"}, over:false, to_move:"b", result:null,
           machine_to_move:false, status:_{en:"x", es:"y"}, legal:[1]},
    clock_view(molinolog, V0, "b", V),
    assertion(V.result.code == "time"),
    assertion(V.result.winner == "w"),
    assertion(V.status.en == "Black lost on time: White wins"),
    assertion(V.status.es == "Negro perdió por tiempo: gana Blanco"),
    assertion(V.legal == []).

test(gorogo_result_on_time) :-
    V0 = _{seats:_{b:"human", w:"human"}, over:false, to_move:"b", result:null,
           machine_to_move:false, legal:_{regular:[[0,0]], henge:[]}},
    clock_view(gorogo, V0, "b", V),
    assertion(V.result.margin == "W+T"),
    dict_pairs(V.legal, _, Pairs),
    assertion(Pairs == [henge-[], regular-[]]).

test(azul_has_no_clock, fail) :-
    clock_api(new, azul, "{\"main\": 60, \"increment\": 0, \"seats\": [\"0\", \"1\"]}", R),
    sub_string(R, _, _, _, "\"ok\":true").

test(api_charge_and_settle) :-
    clock_api(new, go, "{\"main\": 5, \"increment\": 1, \"seats\": [\"b\", \"w\"]}", R0),
    atom_json_dict(R0, D0, [value_string_as(string)]),
    C0 = D0.clock,
    atom_json_dict(Req1, _{clock:C0, now:0, plies:1, over:false, phase:"play", to_move:"w"}, []),
    clock_api(charge, go, Req1, R1),
    atom_json_dict(R1, D1, [value_string_as(string)]),
    assertion(D1.clock.running == "w"),
    View = _{seats:_{b:"human", w:"human"}, over:false, to_move:"w", result:null,
             machine_to_move:false},
    atom_json_dict(Req2, _{clock:D1.clock, now:4000, view:View}, []),
    clock_api(settle, go, Req2, R2),
    atom_json_dict(R2, D2, [value_string_as(string)]),
    assertion(D2.fallen == false),
    atom_json_dict(Req3, _{clock:D1.clock, now:5000, view:View}, []),
    clock_api(settle, go, Req3, R3),
    atom_json_dict(R3, D3, [value_string_as(string)]),
    assertion(D3.fallen == true),
    assertion(D3.view.result.code == "B+T"),
    assertion(D3.clock.flag == "w"),
    atom_json_dict(Req4, _{clock:D1.clock, now:5000, plies:2, over:false, phase:"play",
                           to_move:"b"}, []),
    clock_api(charge, go, Req4, R4),
    atom_json_dict(R4, D4, [value_string_as(string)]),
    assertion(D4.code == "flag_fallen").

:- end_tests(clock).
