/*  Tests of console.pl: a student's goal about a game's position, answered
    as the toplevel would, inside library(sandbox) and the console's limits.
    Each test builds the game's state text with tablero's api_new/4 (and
    api_act/5), as the web server stores it, and asks console_query/2.
    Run alone:  swipl -g "use_module(prolog/console), load_files('prolog/console.plt',[module(user)]), run_tests" -t halt
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(console).
:- use_module(tablero).

ct_init :-
    console_init.

%   ct_state(+Game, +OptionsJSON, +ActionsJSON, -State): the state text of a
%   new game after the actions.
ct_state(Game, Options, Actions, State) :-
    tablero:api_new(Game, Options, State0, _),
    foldl(ct_act(Game), Actions, State0, State).

ct_act(Game, Action, State0, State) :-
    tablero:api_act(Game, State0, Action, State, Reply),
    assertion(State \== ""),
    assertion(sub_string(Reply, _, _, _, "\"ok\":true")).

%   ct_ask(+Game, +Goal, -Reply): Goal about a new game (Go on 9x9).
ct_ask(Game, Goal, Reply) :-
    (   Game == go -> Options = "{\"size\":9}" ; Options = "{}" ),
    ct_state(Game, Options, [], State),
    console_query(_{game: Game, state: State, goal: Goal}, Reply).

%   ct_top(+Game, +Goal, -Text): the answers as the toplevel shows them.
ct_top(Game, Goal, Text) :-
    ct_ask(Game, Goal, Reply),
    assertion(Reply.ok == true),
    Text = Reply.toplevel.

%   ct_error(+Game, +Goal, -Code, -Message)
ct_error(Game, Goal, Code, Message) :-
    ct_ask(Game, Goal, Reply),
    assertion(Reply.ok == false),
    Code = Reply.error.code,
    Message = Reply.error.message.

:- begin_tests(console_answers, [setup(ct_init)]).

test(grouped_bindings, Text == "X = Y, Y = 1.") :-
    ct_top(go, "X = 1, Y = 1", Text).

test(several_answers, Text == "X = 1 ;\nX = 2 ;\nX = 3.") :-
    ct_top(go, "member(X, [1,2,3])", Text).

test(last_answer_leaves_a_choice, Text == "X = 1 ;\nfalse.") :-
    ct_top(go, "between(1, 3, X), X < 2", Text).

test(failure, Text == "false.") :-
    ct_top(go, "member(X, []).", Text).

test(true, Text == "true.") :-
    ct_top(go, "true", Text).

test(strings_quoted_as_the_toplevel, Text == "X = \"w\",\nY = 'hello world',\nZ = [a|b].") :-
    ct_top(go, "X = \"w\", Y = 'hello world', Z = [a|b]", Text).

test(fresh_variables_named, Text == "X = f(_A, _A, _),\nL = [_, _].") :-
    ct_top(go, "copy_term(f(V, V, _), X), length(L, 2)", Text).

test(query_variables_keep_their_names, Text == "X = f(_V, _V, Y).") :-
    ct_top(go, "X = f(_V, _V, Y)", Text).

test(residual_goals, Text == "dif(X, a).") :-
    ct_top(go, "dif(X, a)", Text).

test(cyclic, Text == "X = f(X).") :-
    ct_top(go, "X = f(X)", Text).

test(at_most_max_answers, [Ns, More, Text] == [["0", "1", "2"], true, "L = [],\nN = 0 ;\nL = [_],\nN = 1 ;\nL = [_, _],\nN = 2 ;\n..."]) :-
    ct_state(go, "{\"size\":9}", [], State),
    console_query(_{game: go, state: State, goal: "length(L, N)", max: 3}, Reply),
    findall(N, (member(A, Reply.answers), N = A.bindings.'N'), Ns),
    More = Reply.more,
    Text = Reply.toplevel.

test(bindings_by_name, [Pairs == ['A'-"[[\"-\", 2, 4], [\"-\", 4, 4], [\"-\", 3, 3], [\"-\", 3, 5]]"]]) :-
    ct_ask(go, "adyacentes(Board, 3, 4, A)", Reply),
    [Answer] = Reply.answers,
    dict_pairs(Answer.bindings, _, Pairs).

test(output_before_each_answer, [Outputs, Texts] == [["hi\n", "there\n"], ["X = 1", "X = 2"]]) :-
    ct_ask(go, "format(\"hi~n\"), X = 1 ; format(\"there~n\"), X = 2", Reply),
    findall(O, member(_{output: O, text: _, bindings: _}, Reply.answers), Outputs),
    findall(T, member(_{output: _, text: T, bindings: _}, Reply.answers), Texts).

test(write_and_messages, Out == "a\nf(x)\nERROR: careful\n") :-
    ct_ask(go, "write(a), nl, print(f(x)), nl, print_message(error, format(\"careful\", []))",
           Reply),
    [Answer] = Reply.answers,
    Out = Answer.output.

test(documented_example, Text == "A = [[\"b\", 1, 0], [\"w\", 0, 1]],\nE = [[\"w\", 0, 1], [\"w\", 0, 0]].") :-
    ct_top(go, "board_rows(_B, [\"wwb\", \"bbb\", \"---\"]), encerrados(_B, \"w\", 0, 0, A, [], E)",
           Text).

test(errors_after_answers_stop_the_answers, [Code, Texts] == ["error", ["X = 1,\nY = 0"]]) :-
    ct_ask(go, "member(X, [1, a]), Y is X * 0, Y == 0", Reply),
    Code = Reply.stopped.code,
    findall(T, member(_{output: _, text: T, bindings: _}, Reply.answers), Texts).

:- end_tests(console_answers).

:- begin_tests(console_position, [setup(ct_init)]).

test(go_board_is_the_position, Text == "N = 9,\nC = \"b\",\nP = \"w\".") :-
    ct_state(go, "{\"size\":9}", ["{\"kind\":\"move\",\"pos\":[3,4]}"], State),
    console_query(_{game: go, state: State,
                    goal: "length(Board, N), getElem(_Row, 3, Board), getElem(C, 4, _Row), P = Player"},
                  Reply),
    Text = Reply.toplevel.

test(go_encerrados_in_the_course_form, Text == "false.") :-
    ct_state(go, "{\"size\":9}", ["{\"kind\":\"move\",\"pos\":[3,4]}"], State),
    console_query(_{game: go, state: State, goal: "encerrados(Board, \"b\", 3, 4, A, [], E)"},
                  Reply),
    Text = Reply.toplevel.

test(go_bound_names, Bound == ["Board", "Player", "Game"]) :-
    ct_ask(go, "true", Reply),
    maplist([A, S]>>atom_string(A, S), Reply.bound, Bound).

test(molinolog_state, Text == "S = 2,\nC = b,\nN = 9.") :-
    ct_top(molinolog, "S = Size, state_to_move(State, C), state_in_hand(State, Player, N)", Text).

test(molinolog_print_state_shows_the_position,
     true(sub_string(Out, _, _, _, "Jugador negro, colocar 9 fichas"))) :-
    ct_ask(molinolog, "print_state", Reply),
    [Answer] = Reply.answers,
    Out = Answer.output.

test(molinolog_estado_actual, Text == "T = 2,\nC = negro.") :-
    ct_top(molinolog, "estado_actual(_E), _E = estado(T, _, C, _, _, _, _, _)", Text).

test(gorogo_board_and_jogada, Text == "P = 2,\nC = 3.") :-
    ct_top(gorogo, "P = Player, jogada(3, 2, 2), gorogo_current(gorogo(_B, _, _, _, _)), nth0(2, _B, _R), nth0(2, _R, C)",
           Text).

test(gorogo_next_query_starts_from_the_position_again, Text == "B = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]].") :-
    ct_top(gorogo, "jogada(3, 2, 2)", _),
    ct_top(gorogo, "gorogo_current(gorogo(B, _, _, _, _))", Text).

test(azul_state, Text == "N = 2.") :-
    ct_top(azul, "State = azul(_, _, _, _, _, _Ps, _, _, _), length(_Ps, N)", Text).

test(azul_qualified_call, true(sub_string(Text, 0, _, _, "N = "))) :-
    ct_top(azul, "azul_rules:legal_takes(State, _Ms), length(_Ms, N)", Text).

test(output_of_a_course_predicate, true(sub_string(Out, _, _, _, "+---+---+"))) :-
    ct_ask(gorogo, "print_state(Board)", Reply),
    [Answer] = Reply.answers,
    Out = Answer.output.

:- end_tests(console_position).

:- begin_tests(console_hostile, [setup(ct_init)]).

test(shell_refused, Code == "refused") :-
    ct_error(go, "shell(ls)", Code, M),
    assertion(sub_string(M, _, _, _, "No permission to call sandboxed `shell(")).

test(halt_refused, Code == "refused") :-
    ct_error(go, "halt", Code, _).

test(open_refused, Code == "refused") :-
    ct_error(go, "open(f, write, S)", Code, M),
    assertion(sub_string(M, _, _, _, "open(")).

test(read_refused, Code == "refused") :-
    ct_error(go, "read(X)", Code, _).

test(variable_call_refused, Code == "refused") :-
    ct_error(go, "G = halt, call(G)", Code, _).

test(timed_search_refused, Code == "refused") :-
    ct_error(gorogo, "gorogo_timed_move(State, 2, 1, M)", Code, _).

test(file_writing_refused, Code == "refused") :-
    ct_error(azul, "new_game([greedy, greedy])", Code, _).

test(cross_module_assert_refused, Code == "refused") :-
    ct_error(go, "assertz(user:foo(1))", Code, _).

test(unknown_procedure, [Code, Message] == ["error", "Unknown procedure: foo/1"]) :-
    ct_error(go, "foo(X)", Code, Message).

test(syntax_error, Code == "syntax") :-
    ct_error(go, "foo(", Code, M),
    assertion(sub_string(M, _, _, _, "<here>")).

test(not_a_goal, Code == "syntax") :-
    ct_error(go, "42", Code, _).

test(endless_loop, true(memberchk(Code, ["timeout", "inferences"]))) :-
    ct_error(go, "repeat, fail", Code, _).

test(caught_limits_stopped_by_the_watchdog, Code == "timeout") :-
    ct_error(go, "catch((repeat, fail), _, true), catch((repeat, fail), _, (repeat, fail))",
             Code, _),
    ct_top(go, "X = 1", Text),
    assertion(Text == "X = 1.").

test(huge_list, true(memberchk(Code, ["memory", "timeout", "inferences"]))) :-
    ct_error(go, "numlist(1, 100000000, L)", Code, _).

test(stack_limit, Code == "memory") :-
    ct_error(go, "length(L, 100000000)", Code, M),
    assertion(sub_string(M, _, _, _, "Stack limit")).

test(assert_is_gone_after_the_query, [Text, Code] == ["X = 1.", "error"]) :-
    ct_top(go, "assertz(mine(1)), mine(X)", Text),
    ct_error(go, "mine(X)", Code, _).

test(flags_reset, Text == "F = false.") :-
    ct_top(go, "set_prolog_flag(occurs_check, error)", _),
    ct_top(go, "current_prolog_flag(occurs_check, F)", Text).

test(depth_reset, Text == Expected) :-
    molinolog:minimax_depth(D0),
    format(string(Expected), "D = ~d.", [D0]),
    ct_top(molinolog, "set_minimax_depth(1), minimax_depth(1)", _),
    ct_top(molinolog, "minimax_depth(D)", Text).

test(bad_game, Code == "bad_request") :-
    console_query(_{game: chess, state: "x", goal: "true"}, Reply),
    Code = Reply.error.code.

test(long_goal, Code == "bad_request") :-
    length(Cs, 3000), maplist(=(0'a), Cs), string_codes(Goal, Cs),
    ct_error(go, Goal, Code, _).

:- end_tests(console_hostile).
