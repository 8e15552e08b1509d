/*  The course's rules (molinolog/course.pl) against the bit-set engine
    (molinolog/rules.pl, whose moves the machine's search plays), on
    thousands of positions reached by seeded random play on boards of size 1,
    2 and 3, with and without protect_mills.  At every position: the same
    legal actions; for each, the same next state (pieces, hands, phase and
    pending mill, turn counter, history) and so the same captures; the same
    end of the game (winner and reason); the same refusal code for random
    actions, legal or not.  Every few positions: the same whole turns
    (legal_move/2 against jugada_legal/2) with the same results, and the
    course's own state, walked beside the engine's, equal to the engine's
    converted.  Also the course's own rules on a few hand-made positions and
    print_state/0.
    Run alone:  /tmp/runone.sh molinolog_course  (or swipl -q prolog/run_tests.pl)
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(molinolog).
:- use_module(molinolog/convert).

%   mc_walk(+Seed, +T, +Protect, +MaxSteps, -Stats): one seeded random game
%   of at most MaxSteps actions, the engine's state and the course's walked
%   side by side, every position checked; Stats = stats(Positions, Ends)
%   with Ends the engine outcome at the last position.
mc_walk(Seed, T, Protect, Max, stats(N, Outcome)) :-
    set_random(seed(Seed)),
    molinolog_initial(T, [protect_mills(Protect)], S0),
    engine_course(S0, E0),
    mc_walk_(S0, E0, 0, Max, N, Outcome).

mc_walk_(S, E, I, Max, N, Outcome) :-
    mc_check(S, E, I),
    findall(St, legal_step(S, St), Steps),
    (   I < Max,
        Steps \== []
    ->  random_member(Step, Steps),
        step(S, Step, S1),
        step_action(Step, A),
        aplicar(E, A, E1),
        I1 is I + 1,
        mc_walk_(S1, E1, I1, Max, N, Outcome)
    ;   N is I + 1,
        state_outcome(S, Outcome)
    ).

%   mc_check(+S, +E, +I): the course's state E and the engine's S agree at
%   the I-th position of a walk; throws a readable error where they differ.
mc_check(S, E, I) :-
    mc_same_actions(S, E),
    mc_same_end(S, E),
    mc_same_refusals(S, E),
    (   I mod 10 =:= 0
    ->  mc_same_state(S, E),
        mc_same_turns(S, E)
    ;   true
    ).

mc_same_actions(S, E) :-
    findall(St, legal_step(S, St), Ss0),
    msort(Ss0, Ss),
    findall(St, ( accion_legal(E, A), step_action(St, A) ), As0),
    msort(As0, As),
    mc_equal(legal_actions(S), Ss, As),
    forall(member(St, Ss),
           ( step(S, St, S1),
             step_action(St, A),
             aplicar(E, A, E1),
             course_engine(E, S, E1, S1c),
             mc_equal(result(S, St), S1, S1c) )).

mc_same_end(S, E) :-
    state_outcome(S, Outcome),
    (   fin_del_juego(E, R)
    ->  outcome_resultado(O, R)
    ;   O = none
    ),
    mc_equal(outcome(S), Outcome, O).

%   Six random actions, most of them illegal: every kind in every phase,
%   points on and off the board.  The random generator is left as it was,
%   so that a seed's game does not depend on the checks made on the way.
mc_same_refusals(S, E) :-
    random_property(state(Random)),
    state_size(S, T),
    forall(between(1, 6, _),
           ( mc_random_step(T, Step),
             step_action(Step, A),
             ( step_refusal(S, Step, C1) -> true ; C1 = legal ),
             ( rechazo(E, A, C2) -> true ; C2 = legal ),
             mc_equal(refusal(S, Step), C1, C2) )),
    set_random(state(Random)).

mc_random_step(T, Step) :-
    random_member(Kind, [place, move, capture]),
    mc_random_point(T, P),
    mc_random_point(T, Q),
    (   Kind == place -> Step = place(P)
    ;   Kind == capture -> Step = capture(P)
    ;   Step = move(P, Q)
    ).

mc_random_point(T, (D, R)) :-
    random_member(D, [n, ne, e, se, s, sw, w, nw, x]),
    Max is T + 2,
    random_between(0, Max, R).

mc_same_state(S, E) :-
    engine_course(S, E1),
    mc_equal(course_state(S), E1, E),
    course_engine(E, S1),
    mc_equal(engine_state(S), S1, S).

mc_same_turns(S, E) :-
    findall(M, legal_move(S, M), Ms0),
    msort(Ms0, Ms),
    findall(M, ( jugada_legal(E, J), move_jugada(M, J) ), Js0),
    msort(Js0, Js),
    mc_equal(legal_turns(S), Ms, Js),
    forall(member(M, Ms),
           ( play_move(S, M, S1),
             move_jugada(M, J),
             jugar(E, J, E1),
             course_engine(E1, S1c),
             mc_equal(turn_result(S, M), S1, S1c) )).

mc_equal(What, Engine, Course) :-
    (   Engine == Course
    ->  true
    ;   throw(differ(What, engine(Engine), course(Course)))
    ).

%   mc_walks(+T, +Protect, +Seeds, -Positions): the walks of Seeds, each
%   game played to its end; the outcomes they end with are kept in mc_end/1
%   for the last test.
:- dynamic mc_end/1.

mc_walks(T, Protect, Seeds, N) :-
    findall(K,
            ( member(Seed, Seeds),
              mc_walk(Seed, T, Protect, 5000, stats(K, O)),
              assertz(mc_end(O)) ),
            Ks),
    sum_list(Ks, N).

:- begin_tests(molinolog_course_equal).

%   The seeded games are always the same: the number of positions they
%   visit is part of the answer (3,402 in all, as docs/molinolog.md says).
test(size_1, N == 1489) :-
    mc_walks(1, false, [1, 2, 3, 4, 5, 6, 7, 16], N1),
    mc_walks(1, true, [8, 9, 10, 11], N2),
    N is N1 + N2.

test(size_2, N == 1149) :-
    mc_walks(2, false, [11, 12, 13], N1),
    mc_walks(2, true, [14, 15], N2),
    N is N1 + N2.

test(size_3, N == 764) :-
    mc_walks(3, false, [21, 22], N1),
    mc_walks(3, true, [23, 24], N2),
    N is N1 + N2.

%   The walks above reach every end the rules have: each was checked on
%   the way, the course's fin_del_juego/2 against the engine's state_outcome/2.
test(every_end_is_reached, Reasons == [fifty_moves, no_moves, repetition, two_pieces]) :-
    findall(Why, ( mc_end(O), ( O = win(_, Why) ; O = draw(Why) ) ), Whys),
    sort(Whys, Reasons).

:- end_tests(molinolog_course_equal).

:- begin_tests(molinolog_course_rules).

test(board_sizes, Ns == [16-20-8, 24-32-16, 32-44-24]) :-
    findall(P-E-M,
            ( member(T, [1, 2, 3]),
              aggregate_all(count, punto(T, _), P),
              aggregate_all(count, (adyacentes(T, A, B), A @< B), E),
              aggregate_all(count, molino(T, _), M) ),
            Ns).

test(board_is_the_engines, [forall(member(T, [1, 2, 3]))]) :-
    findall(P, punto(T, P), Ps), findall(P, point(T, P), Ps),
    findall(A-B, adyacentes(T, A, B), E1), msort(E1, Es),
    findall(A-B, adjacent(T, A, B), E2), msort(E2, Es),
    findall(M, molino(T, M), M1), msort(M1, Ms),
    findall(M, mill(T, M), M2), msort(M2, Ms).

test(double_mill_captures_once, [F, C, F2, C2] ==
     [capturar([(n,1), (ne,1), (nw,1), (sw,1), (w,1)]), negro, colocar, blanco]) :-
    E0 = estado(1, false, negro, colocar,
                [ficha(blanco, e, 2), ficha(blanco, s, 2), ficha(negro, n, 1),
                 ficha(negro, ne, 1), ficha(negro, sw, 1), ficha(negro, w, 1)],
                mano(2, 4), 6, [posicion([], negro)]),
    aplicar(E0, colocar((nw,1)), E1),
    fase(E1, F), turno(E1, C),
    aplicar(E1, capturar((e,2)), E2),
    fase(E2, F2), turno(E2, C2).

test(protect_mills, [Codes, Legal] == [[in_mill, legal], [capturar((e, 2))]]) :-
    %   White's mill on ring 2's north side, and one white piece outside it.
    sort([ficha(blanco, n, 2), ficha(blanco, ne, 2), ficha(blanco, nw, 2),
          ficha(blanco, e, 2), ficha(negro, n, 1), ficha(negro, ne, 1)], Fichas),
    E0 = estado(1, true, negro, colocar, Fichas, mano(3, 2), 0, [posicion(Fichas, negro)]),
    aplicar(E0, colocar((nw,1)), E1),
    findall(C, ( member(A, [capturar((n,2)), capturar((e,2))]),
                 ( rechazo(E1, A, C) -> true ; C = legal ) ), Codes),
    findall(A, accion_legal(E1, A), Legal).

test(blocked_player_loses, R == gana(blanco, sin_movimientos)) :-
    sort([ficha(negro, nw, 1), ficha(negro, n, 1), ficha(negro, ne, 1),
          ficha(blanco, e, 1), ficha(blanco, w, 1), ficha(blanco, n, 2),
          ficha(blanco, ne, 2), ficha(blanco, nw, 2)], Fichas),
    fin_del_juego(estado(1, false, negro, mover, Fichas, mano(0, 0), 3,
                         [posicion(Fichas, negro)]), R).

test(print_state_shows_the_game, [Lines, Last] == [12, "Jugador blanco, colocar 5 fichas"]) :-
    estado_inicial(1, false, E0),
    foldl([J, X, Y]>>jugar(X, J, Y), [colocar((n,1)), colocar((s,2)), colocar((n,2))], E0, E),
    guardar_estado(E),
    with_output_to(string(Text), print_state),
    split_string(Text, "\n", "", Parts0),
    append(Parts, [""], Parts0),
    length(Parts, Lines),
    last(Parts, Last),
    sub_string(Text, _, _, _, "+-------X-------+"),
    !.

test(print_state_without_a_game, Text == "No hay una partida en curso.\n") :-
    retractall(molinolog_course:partida(_)),
    with_output_to(string(Text), print_state).

%   The terminal game stores each state it reaches: at the end, the last.
test(terminal_game_keeps_its_state, [R, Stored] == [gana(negro, sin_movimientos), R]) :-
    open_string("", In),
    with_output_to(string(_), play_molinolog(In, current_output, maquina, maquina, 1, 2, R)),
    estado_actual(E),
    fin_del_juego(E, Stored).

:- end_tests(molinolog_course_rules).
