:- module(grade_molinolog,
          [ grade/0
          ]).

/** <module> Grading a Molinolog lab (UdelaR 2019: the Molinolog kit's contract)

The kit's contract (prolog/kit/molinolog/molinolog.pl, docs/kits.md): the
rules on the course's estado/8 (estado_inicial/3, accion_legal/2,
aplicar/3, fin_del_juego/2) and the machine mejor_accion/3, compared with
prolog/molinolog/course.pl, which has the same names and state:

  - estado_inicial/3: the same state;
  - accion_legal/2: every answer (findall/3), compared as a set: an action
    missing (which kind) or one too many (why our rules refuse it:
    rechazo/3's code: not_adjacent for a piece that flies, in_mill, ...);
  - aplicar/3: the same state after a legal action (the part that differs
    named: turno, fase, fichas, mano, sin_captura, historia), a failure
    after an illegal one; the order of the lists of pieces is not judged;
  - fin_del_juego/2: the same result, or a failure while the game goes on;
  - mejor_accion(E, 1, A): a legal action.

Sections: `positions` (written by hand: mills, a capture out of a mill
only when every piece is in one (Proteger true), flying with three pieces
(never, in this course), the change to the moving phase, the end by two
pieces (the hand counted) and by a player who cannot move), `random`
(seeded random games on the boards of size 1 and 2, with and without
Proteger: every action's legal actions, its result, its end, an illegal
action now and then, the machine every eighth action).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module('../molinolog/course', []).
:- use_module(common).
:- use_module(kit_grade).

grade :-
    grade_kit(grade_molinolog).

contract([estado_inicial/3, accion_legal/2, aplicar/3, fin_del_juego/2, mejor_accion/3]).

sections([ section(positions, t("Positions written by hand (mills, captures, phases, the end)",
                                "Posiciones elegidas (molinos, capturas, fases, el final)")),
           section(random, t("Random games (seeded)", "Partidas al azar (con semilla)"))
         ]).

position(state(S), S).
position(moves(T-P, As), S) :-
    molinolog_course:estado_inicial(T, P, S0),
    foldl(apply_action, As, S0, S).

apply_action(A, S0, S) :-
    molinolog_course:aplicar(S0, A, S).

                 /*******************************
                 *           THE CASES          *
                 *******************************/

cases(Seeds, Cases) :-
    findall(C, hand_case(C), Hand),
    findall(C, ( member(Seed, Seeds), random_case(Seed, C) ), Random),
    append(Hand, Random, Cases).

hand_case(case(positions, Name, t(En, Es), estado_inicial/3, state(none), inicial(T, P))) :-
    member(T-P, [1-false, 2-true, 3-false]),
    format(atom(Name), "estado_inicial_~w_~w", [T, P]),
    format(string(En), "estado_inicial(~w, ~w, E): the start of a game", [T, P]),
    format(string(Es), "estado_inicial(~w, ~w, E): el comienzo de una partida", [T, P]).
hand_case(case(positions, Name, Title, PI, state(S), Check)) :-
    hand(Name, Title, S, Checks),
    member(Check, Checks),
    check_pi(Check, PI).

check_pi(legales, accion_legal/2).
check_pi(aplicar(_), aplicar/3).
check_pi(fin, fin_del_juego/2).
check_pi(mejor, mejor_accion/3).

%   hand(Name, Title, State, Checks): a position students get wrong.
hand(mill_placed, t("a placement that closes a mill: the same player captures",
                    "una colocación que cierra un molino: el mismo jugador captura"),
     estado(1, false, negro, colocar,
            [ficha(blanco, s, 2), ficha(blanco, w, 2), ficha(negro, n, 1), ficha(negro, nw, 1)],
            mano(4, 4), 4, [posicion([ficha(blanco, s, 2), ficha(blanco, w, 2),
                                      ficha(negro, n, 1), ficha(negro, nw, 1)], negro)]),
     [aplicar(colocar((ne, 1))), legales]).
hand(mill_moved, t("a move that closes a mill: the same player captures",
                   "un movimiento que cierra un molino: el mismo jugador captura"),
     S, [aplicar(mover((e, 1), (e, 2))), legales]) :-
    pieces_state(2, false, negro, mover,
                 [negro-[(ne, 2), (se, 2), (e, 1), (w, 3)],
                  blanco-[(n, 1), (sw, 2), (nw, 3), (s, 3)]],
                 mano(0, 0), S).
hand(capture_protected, t("Proteger: a piece in a mill is safe while another is not",
                          "Proteger: una ficha en un molino no se captura si hay otra fuera"),
     S, [legales, aplicar(capturar((n, 1))), aplicar(capturar((s, 2)))]) :-
    pieces_state(1, true, negro, capturar([(e, 2), (ne, 2), (se, 2)]),
                 [negro-[(e, 2), (ne, 2), (se, 2), (w, 1)],
                  blanco-[(nw, 1), (n, 1), (ne, 1), (s, 2)]],
                 mano(2, 2), S).
hand(capture_all_in_mills, t("Proteger: when every piece is in a mill, any may be captured",
                             "Proteger: si todas están en molinos, cualquiera se captura"),
     S, [legales, aplicar(capturar((n, 1)))]) :-
    pieces_state(1, true, negro, capturar([(e, 2), (ne, 2), (se, 2)]),
                 [negro-[(e, 2), (ne, 2), (se, 2), (w, 1)],
                  blanco-[(nw, 1), (n, 1), (ne, 1)]],
                 mano(2, 3), S).
hand(capture_unprotected, t("without Proteger a piece in a mill may be captured",
                            "sin Proteger una ficha en un molino se puede capturar"),
     S, [legales, aplicar(capturar((n, 1)))]) :-
    pieces_state(1, false, negro, capturar([(e, 2), (ne, 2), (se, 2)]),
                 [negro-[(e, 2), (ne, 2), (se, 2), (w, 1)],
                  blanco-[(nw, 1), (n, 1), (ne, 1), (s, 2)]],
                 mano(2, 2), S).
hand(no_flying, t("three pieces do not fly: a move goes to an adjacent point",
                  "tres fichas no vuelan: se mueve a un punto adyacente"),
     S, [legales, aplicar(mover((n, 1), (s, 2))), fin]) :-
    pieces_state(1, false, negro, mover,
                 [negro-[(n, 1), (e, 1), (w, 2)], blanco-[(s, 1), (sw, 1), (n, 2), (ne, 2)]],
                 mano(0, 0), S).
hand(phase_change, t("after the last placement the other player moves",
                     "después de la última colocación el otro jugador mueve"),
     S, [aplicar(colocar((s, 2))), legales]) :-
    pieces_state(1, false, blanco, colocar,
                 [negro-[(n, 1), (e, 1), (s, 1), (w, 2), (nw, 2), (ne, 1)],
                  blanco-[(n, 2), (e, 2), (sw, 1), (w, 1), (se, 1)]],
                 mano(0, 1), S).
hand(two_pieces, t("a player left with two pieces loses",
                   "un jugador que queda con dos fichas pierde"),
     S, [fin, legales]) :-
    pieces_state(1, false, blanco, mover,
                 [negro-[(n, 1), (e, 1), (s, 1)], blanco-[(w, 2), (nw, 2)]],
                 mano(0, 0), S).
hand(two_on_board_one_in_hand, t("two pieces on the board and one in hand: the game goes on",
                                 "dos fichas en el tablero y una en la mano: el juego sigue"),
     S, [fin, legales]) :-
    pieces_state(1, false, blanco, colocar,
                 [negro-[(n, 1), (e, 1), (s, 1), (se, 2)], blanco-[(w, 2), (nw, 2)]],
                 mano(0, 1), S).
hand(no_moves, t("a player who cannot move loses",
                 "un jugador que no puede mover pierde"),
     S, [fin, legales]) :-
    pieces_state(1, false, negro, mover,
                 [negro-[(n, 1), (ne, 1), (nw, 1)],
                  blanco-[(n, 2), (e, 1), (w, 1), (se, 1)]],
                 mano(0, 0), S).
hand(machine_must_capture, t("the machine in the capture phase captures",
                             "la máquina en la fase capturar captura"),
     S, [mejor]) :-
    hand(capture_protected, _, S, _).

%   pieces_state(+T, +Proteger, +Turno, +Fase, +Pieces, +Mano, -S): a state
%   with the pieces Pieces (Color-Points), its history the position itself.
pieces_state(T, P, Turno, Fase, Pieces, Mano, estado(T, P, Turno, Fase, Fichas, Mano, 5,
                                                     [posicion(Fichas, Turno)])) :-
    findall(ficha(C, D, R), ( member(C-Ps, Pieces), member((D, R), Ps) ), F0),
    sort(F0, Fichas).

%   random_case(+Seed, -Case): the cases of one random game.
random_case(Seed, Case) :-
    T is 1 + Seed mod 2,
    ( Seed mod 3 =:= 0 -> P = true ; P = false ),
    random_game(Seed, T, P, Steps),
    nth0(K, Steps, step(Before, S, Action)),
    format(atom(N0), "seed~w_action~w", [Seed, K]),
    format(string(En0), "game of seed ~w (size ~w, Proteger ~w), action ~w", [Seed, T, P, K]),
    format(string(Es0), "partida de semilla ~w (tamaño ~w, Proteger ~w), acción ~w",
           [Seed, T, P, K]),
    Setup = moves(T-P, Before),
    (   Case = case(random, N0, t(En0, Es0), accion_legal/2, Setup, legales)
    ;   Action \== none,
        atom_concat(N0, '_aplicar', N1),
        Case = case(random, N1, t(En0, Es0), aplicar/3, Setup, aplicar(Action))
    ;   atom_concat(N0, '_fin', N1),
        Case = case(random, N1, t(En0, Es0), fin_del_juego/2, Setup, fin)
    ;   K mod 3 =:= 2,
        illegal(S, Illegal),
        atom_concat(N0, '_illegal', N1),
        Case = case(random, N1, t(En0, Es0), aplicar/3, Setup, aplicar(Illegal))
    ;   K mod 8 =:= 5, Action \== none,
        atom_concat(N0, '_mejor', N1),
        Case = case(random, N1, t(En0, Es0), mejor_accion/3, Setup, mejor)
    ).

%   random_game(+Seed, +T, +P, -Steps): at most 40 random legal actions from
%   the start, each step(ActionsBefore, State, Action); the last step of a
%   game that ended has the action none.
random_game(Seed, T, P, Steps) :-
    setup_call_cleanup(
        ( random_property(state(Saved)), set_random(seed(Seed)) ),
        ( molinolog_course:estado_inicial(T, P, S0), steps(S0, [], 0, Steps) ),
        set_random(state(Saved))).

steps(S, Before, K, Steps) :-
    findall(A, molinolog_course:accion_legal(S, A), As),
    (   As == []
    ->  Steps = [step(Before, S, none)]
    ;   K >= 40
    ->  Steps = []
    ;   random_member(A, As),
        Steps = [step(Before, S, A)|Rest],
        molinolog_course:aplicar(S, A, S1),
        append(Before, [A], Before1),
        K1 is K + 1,
        steps(S1, Before1, K1, Rest)
    ).

%   illegal(+S, -Action): an action our rules refuse in S that students take:
%   a piece that flies, a capture out of a mill, an occupied point.
illegal(S, Action) :-
    S = estado(T, _, Color, Fase, Fichas, _, _, _),
    (   Fase = capturar(_)
    ->  (   member(ficha(C, D, R), Fichas), C \== Color,
            molinolog_course:rechazo(S, capturar((D, R)), in_mill)
        ->  Action = capturar((D, R))
        ;   member(ficha(Color, D, R), Fichas)
        ->  Action = capturar((D, R))
        )
    ;   Fase == mover
    ->  member(ficha(Color, D, R), Fichas),
        molinolog_course:punto(T, To),
        molinolog_course:rechazo(S, mover((D, R), To), not_adjacent),
        !,
        Action = mover((D, R), To)
    ;   member(ficha(_, D, R), Fichas)
    ->  Action = colocar((D, R))
    ),
    !.

                 /*******************************
                 *          THE CHECKS          *
                 *******************************/

check(inicial(T, P), _, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    molinolog_course:estado_inicial(T, P, E),
    format(string(Goal), "estado_inicial(~w, ~w, Estado)", [T, P]),
    short_text(E, Expected),
    student_call(estado_inicial(T, P, S), S, true, O),
    answer_text(O, Got),
    state_verdict(state(E), O, Ok, Problem, Detail).
check(legales, S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    findall(A, molinolog_course:accion_legal(S, A), Ours0),
    msort(Ours0, Ours),
    format(string(Goal), "findall(A, accion_legal(~q, A), As)", [S]),
    length(Ours, N),
    format(string(Expected), "~d actions: ~q", [N, Ours]),
    student_all(accion_legal(S, A), A, O),
    answer_text(O, Got),
    (   O.status \== answer
    ->  Ok = false, Problem = O.status, Detail = ""
    ;   msort(O.answer, Theirs),
        (   Theirs == Ours
        ->  Ok = true, Problem = "", Detail = ""
        ;   member(M, Ours), \+ memberchk(M, Theirs)
        ->  Ok = false, Problem = missing_moves, functor(M, F, _),
            atom_concat(missing_, F, Detail)
        ;   member(M, Theirs), \+ memberchk(M, Ours)
        ->  Ok = false, Problem = extra_moves, refusal(S, M, Detail)
        ;   Ok = false, Problem = wrong_answer, Detail = duplicates
        )
    ).
check(aplicar(Action), S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    format(string(Goal), "aplicar(~q, ~q, Estado)", [S, Action]),
    (   molinolog_course:aplicar(S, Action, E)
    ->  Exp = state(E), short_text(E, Expected)
    ;   refusal(S, Action, Code), Exp = refused(Code),
        format(string(Expected), "fails (~w)", [Code])
    ),
    student_call(aplicar(S, Action, S1), S1, true, O),
    answer_text(O, Got),
    state_verdict(Exp, O, Ok, Problem, Detail).
check(fin, S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    format(string(Goal), "fin_del_juego(~q, Resultado)", [S]),
    (   molinolog_course:fin_del_juego(S, R) -> Exp = R ; Exp = none ),
    ( Exp == none -> Expected = "fails (the game goes on)" ; short_text(Exp, Expected) ),
    student_call(fin_del_juego(S, X), X, true, O),
    answer_text(O, Got),
    (   O.status == answer
    ->  (   O.answer == Exp
        ->  ( O.second == different -> Ok = false, Problem = second_answer ; Ok = true, Problem = "" ),
            Detail = ""
        ;   Exp == none
        ->  Ok = false, Problem = false_end, result_reason(O.answer, Detail)
        ;   Ok = false, Problem = wrong_result, result_reason(Exp, Detail)
        )
    ;   O.status == failed
    ->  (   Exp == none -> Ok = true, Problem = "", Detail = ""
        ;   Ok = false, Problem = missed_end, result_reason(Exp, Detail)
        )
    ;   Ok = false, Problem = O.status, Detail = ""
    ).
check(mejor, S, result(Ok, Problem, Detail, Goal, "a legal action", Got, O)) :-
    format(string(Goal), "mejor_accion(~q, 1, Accion)", [S]),
    student_call(mejor_accion(S, 1, A), A, false, O),
    answer_text(O, Got),
    (   O.status \== answer
    ->  Ok = false, Problem = O.status, Detail = ""
    ;   ground(O.answer), molinolog_course:accion_legal(S, O.answer)
    ->  Ok = true, Problem = "", Detail = ""
    ;   Ok = false, Problem = illegal_move, refusal(S, O.answer, Detail)
    ).

state_verdict(Exp, O, Ok, Problem, Detail) :-
    (   Exp = state(E)
    ->  state_outcome(same_state, state_difference, E, O, Ok, Problem, Detail)
    ;   Exp = refused(Code),
        (   O.status == answer -> Ok = false, Problem = accepted_illegal, Detail = Code
        ;   O.status == failed -> Ok = true, Problem = "", Detail = ""
        ;   Ok = false, Problem = O.status, Detail = Code
        )
    ).

%   same_state(+Ours, +Theirs): the same estado/8, the order of the pieces
%   and of a mill's points aside.
same_state(E, G) :-
    normal(E, N), normal(G, N).

normal(estado(T, P, C, F, Fichas, M, Q, H), estado(T, P, C, F1, Fichas1, M, Q, H1)) :-
    is_list(Fichas), msort(Fichas, Fichas1),
    ( F = capturar(Ps), is_list(Ps) -> msort(Ps, Ps1), F1 = capturar(Ps1) ; F1 = F ),
    is_list(H),
    maplist([posicion(Fs, Tu), posicion(Fs1, Tu)]>>(is_list(Fs), msort(Fs, Fs1)), H, H1).

state_difference(E, G, Detail) :-
    (   G = estado(_, _, _, _, _, _, _, _), normal(G, GN), normal(E, EN)
    ->  EN = estado(_, _, C, F, Fichas, M, Q, H),
        GN = estado(_, _, C1, F1, Fichas1, M1, Q1, H1),
        (   Fichas1 \== Fichas -> Detail = fichas
        ;   F1 \== F -> Detail = fase
        ;   C1 \== C -> Detail = turno
        ;   M1 \== M -> Detail = mano
        ;   Q1 \== Q -> Detail = sin_captura
        ;   H1 \== H -> Detail = historia
        ;   Detail = ""
        )
    ;   Detail = not_a_state
    ).

result_reason(R, Reason) :-
    (   R = gana(_, Reason0) -> Reason = Reason0
    ;   R = tablas(Reason0) -> Reason = Reason0
    ;   Reason = other
    ).

refusal(S, A, Code) :-
    (   ground(A), molinolog_course:rechazo(S, A, C) -> Code = C ; Code = not_an_action ).

answer_text(O, Text) :-
    (   O.status == answer -> short_text(O.answer, Text)
    ;   O.status == failed -> Text = "fails"
    ;   Text = O.message
    ).
