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
    assertion(C2 == C1),                   % its turn goes on: its clock runs as it is
    clock_left(C2, "w", 2000, L2),
    assertion(L2 =:= 298000),
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
    clock_api(new, azul, "{\"setting\": {\"main\": 60, \"increment\": 0}, \"seats\": [\"0\", \"1\"]}", R),
    sub_string(R, _, _, _, "\"ok\":true").

test(api_charge_and_settle) :-
    clock_api(new, go, "{\"setting\": {\"main\": 5, \"increment\": 1}, \"seats\": [\"b\", \"w\"]}", R0),
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

%   ---- the kinds: absolute, byo-yomi, correspondence; settings refused; old clocks

test(absolute_adds_nothing) :-
    clock_new(_{kind:"absolute", main:60}, ["b", "w"], C0),
    assertion(C0.kind == "absolute"),
    assertion(\+ get_dict(increment, C0, _)),
    clock_charge(C0, 0, "w", C1),
    clock_charge(C1, 7000, "b", C2),
    assertion(C2.left.w =:= 53000),
    clock_charge(C2, 9000, "w", C3),
    assertion(C3.left.b =:= 58000),
    assertion(C3.deadline =:= 9000 + 53000).

byoyomi(C) :-                              % 10 s, then 3 periods of 5 s; White to move at 0
    clock_new(_{kind:"byoyomi", main:10, periods:3, period:5}, ["b", "w"], C0),
    clock_charge(C0, 0, "w", C).

test(byoyomi_new) :-
    byoyomi(C),
    assertion(C.periods_left.w =:= 3),
    assertion(C.left.w =:= 10000),
    assertion(C.deadline =:= 10000 + 3 * 5000).

test(byoyomi_main_time_first) :-
    byoyomi(C1),
    clock_charge(C1, 4000, "b", C2),
    assertion(C2.left.w =:= 6000),
    assertion(C2.periods_left.w =:= 3),
    clock_shown(C1, "w", 4000, S),
    assertion(S =@= _{left:6000, periods:3, byoyomi:false}).

test(byoyomi_a_move_within_a_period_keeps_it) :-
    byoyomi(C1),
    clock_charge(C1, 13000, "b", C2),      % 10 s main, 3 s into the first period
    assertion(C2.left.w =:= 0),
    assertion(C2.periods_left.w =:= 3),
    clock_charge(C2, 13000, "w", C3),      % Black at once; White's turn again
    clock_shown(C3, "w", 13000, S),
    assertion(S =@= _{left:5000, periods:3, byoyomi:true}),  % the period whole again
    clock_charge(C3, 17500, "b", C4),      % 4.5 s: within the period again
    assertion(C4.periods_left.w =:= 3).

test(byoyomi_running_past_a_period_uses_it) :-
    byoyomi(C1),
    clock_shown(C1, "w", 16000, S1),        % 1 s into the second period
    assertion(S1 =@= _{left:4000, periods:2, byoyomi:true}),
    clock_charge(C1, 16000, "b", C2),
    assertion(C2.left.w =:= 0),
    assertion(C2.periods_left.w =:= 2),
    clock_charge(C2, 16000, "w", C3),
    assertion(C3.deadline =:= 16000 + 2 * 5000).

test(byoyomi_the_last_period_gone_is_a_flag) :-
    byoyomi(C1),
    clock_shown(C1, "w", 24999, S),
    assertion(S =@= _{left:1, periods:1, byoyomi:true}),
    assertion(\+ clock_fallen(C1, 24999, _)),
    clock_fallen(C1, 25000, Seat),
    assertion(Seat == "w"),
    assertion(\+ clock_charge(C1, 25000, "b", _)),
    clock_stop(C1, 25000, "w", C),
    assertion(C.periods_left.w =:= 0),
    clock_shown(C, "w", 30000, Shown),
    assertion(Shown =@= _{left:0, periods:0, byoyomi:true}).

test(byoyomi_without_main_time) :-
    clock_new(_{kind:"byoyomi", main:0, periods:1, period:30}, ["b", "w"], C0),
    clock_shown(C0, "b", 0, S),
    assertion(S =@= _{left:30000, periods:1, byoyomi:true}),
    clock_charge(C0, 0, "w", C1),
    clock_charge(C1, 29000, "b", C2),
    clock_charge(C2, 29000, "w", C3),
    assertion(C3.deadline =:= 29000 + 30000).

test(byoyomi_undo_keeps_periods_used) :-
    byoyomi(C1),
    clock_takeback(C1, 21000, "b", C2),    % two periods gone by the undo
    assertion(C2.periods_left.w =:= 1),
    assertion(C2.running == "b").

test(correspondence_resets_to_the_days_a_move) :-
    clock_new(_{kind:"correspondence", days:2}, ["b", "w"], C0),
    Day = 86400000,
    assertion(C0.left.b =:= 2 * Day),
    clock_charge(C0, 0, "w", C1),
    assertion(C1.deadline =:= 2 * Day),
    clock_charge(C1, Day + 3600000, "b", C2),   % White took a day and an hour
    assertion(C2.left.w =:= 2 * Day),           % its next move has two days again
    assertion(C2.deadline =:= Day + 3600000 + 2 * Day),
    clock_left(C2, "b", 2 * Day, L),
    assertion(L =:= Day + 3600000),
    assertion(clock_fallen(C2, 3 * Day + 3600000, "b")).

test(correspondence_mill_and_capture_are_one_move) :-
    clock_new(_{kind:"correspondence", days:1}, ["b", "w"], C0),
    clock_charge(C0, 0, "w", C1),
    clock_charge(C1, 50000000, "w", C2),        % a mill: White captures next
    assertion(C2.deadline =:= 86400000),        % the same day, not a new one
    clock_charge(C2, 60000000, "b", C3),
    assertion(C3.left.w =:= 86400000).

test(a_setting_and_its_clock) :-
    forall(member(S, [_{kind:"fischer", main:300, increment:3},
                      _{kind:"absolute", main:300},
                      _{kind:"byoyomi", main:600, periods:5, period:30},
                      _{kind:"correspondence", days:7}]),
           ( assertion(\+ clock_fault(go, S, ["b", "w"], _)),
             clock_new(S, ["b", "w"], C),
             clock_setting(C, S1),
             assertion(S1 =@= S) )).

test(a_setting_without_kind_is_fischer) :-
    clock_new(_{main:60, increment:2}, ["b", "w"], C),
    assertion(C.kind == "fischer").

test(bad_settings_say_why) :-
    forall(member(Game-S-Words,
                  [ go-_{kind:"absolute", main:0}-"main must be whole seconds",
                    go-_{kind:"absolute", main:60, increment:2}-"An absolute clock is",
                    go-_{kind:"byoyomi", main:60, periods:0, period:30}-"periods must be",
                    go-_{kind:"byoyomi", main:60, periods:3}-"A byoyomi clock is",
                    go-_{kind:"byoyomi", main:60, periods:3, period:3601}-"period must be",
                    go-_{kind:"correspondence", days:31}-"days must be",
                    go-_{kind:"correspondence", days:1.5}-"days must be",
                    go-_{kind:"canadian", main:60}-"kind must be",
                    go-_{kind:true, main:60}-"kind must be",
                    molinolog-_{kind:"byoyomi", main:60, periods:3, period:30}-"for go only",
                    gorogo-_{kind:"byoyomi", main:60, periods:3, period:30}-"for go only",
                    azul-_{kind:"absolute", main:60}-"azul is not played on a clock",
                    go-[1, 2]-"A clock is a JSON object"
                  ]),
           ( clock_fault(Game, S, ["b", "w"], M),
             assertion(sub_string(M, _, _, _, Words)) )).

test(only_go_offers_byoyomi) :-
    findall(G, clock_offered(G, "byoyomi"), Gs),
    assertion(Gs == [go]),
    assertion(clock_offered(molinolog, "correspondence")),
    assertion(\+ clock_offered(azul, _)).

test(a_clock_stored_before_kinds_still_runs) :-
    %  The shape the first clocks were stored in: no kind, Fischer's fields.
    Old = _{main:60, increment:5, left:_{b:60000, w:55000}, running:"w", since:1000,
            deadline:56000, flag:null},
    atom_json_dict(Req, _{clock:Old, now:11000, plies:3, over:false, phase:"play",
                          to_move:"b"}, []),
    clock_api(charge, go, Req, R),
    atom_json_dict(R, D, [value_string_as(string)]),
    assertion(D.ok == true),
    assertion(D.clock.kind == "fischer"),
    assertion(D.clock.left.w =:= 55000 - 10000 + 5000),
    assertion(D.clock.deadline =:= 11000 + 60000).

test(api_new_refuses_with_the_reason) :-
    clock_api(new, molinolog, "{\"setting\": {\"kind\": \"byoyomi\", \"main\": 60, \"periods\": 3, \"period\": 30}, \"seats\": [\"b\", \"w\"]}", R),
    atom_json_dict(R, D, [value_string_as(string)]),
    assertion(D.code == "bad_clock"),
    assertion(D.message == "A byoyomi clock is for go only").

:- end_tests(clock).
