:- module(grade_kit,
          [ grade_kit/1,             % +GameModule
            student_call/4,          % +Goal, +Template, +Second, -Outcome
            student_all/3,           % +Goal, +Template, -Outcome (findall)
            set_stored/1,            % +Fact: the student's stored game
            ours/3,                  % :Goal, +Template, -Outcome
            short_text/2,            % +Term, -Text
            state_outcome/7          % :Same, :Difference, +Expected, +Outcome, -Ok, -Problem, -Detail
          ]).

/** <module> Grading a kit game: each predicate of the kit's contract on its own

driver.pl calls GameModule:grade/0 for `--game=gorogo|azul|molinolog`, which
calls grade_kit(GameModule).  The game's module (gorogo_cases.pl,
azul_cases.pl, molinolog_cases.pl) says what to ask; this module asks it:

  - GameModule:contract(-PIs): the kit's contract predicates (docs/kits.md),
    each judged on its own;
  - GameModule:sections(-Sections): section(Name, Title) in order;
  - GameModule:cases(+Seeds, -Cases): case(Section, Name, Title, PI, Setup,
    Check), Title a t(English, CourseLanguage) pair, Setup state(S) (a
    position written by hand) or moves(Start, Ms) (the moves of a seeded random
    game from the game's start Start: shrinkable), Check what to ask of PI there;
  - GameModule:position(+Setup, -State): our state for Setup (fails if the
    moves are not legal in order);
  - GameModule:check(+Check, +State, -Result): asks the student's predicate
    (student_call/4, student_all/3) and our rules, Result =
    result(Ok, Problem, Detail, Goal, Expected, Got, Outcome).

Each case is written as {"kind":"check", "index", "section", "name",
"title", "title_local", "predicate", "ok", "problem", "detail", "goal",
"expected", "answer", "got", "message", "det", "second", "us", "ref_us",
"moves", "output", "output_chars"}: `problem` a code (accepted_illegal,
refused_legal, wrong_state, wrong_answer, missing_moves, extra_moves,
not_greedy, illegal_move, changed_on_refusal, second_answer, or the call's
status: error, timeout, inferences, not_written, halt, ...) and `detail` what
it is about (a refusal code, the part of the state that differs), which
app/grade_games.py puts in words in English, Spanish and Portuguese.

Shrinking: the first failure of each problem in a random section (Setup
moves(Start, Ms)) is asked again on shorter move lists, as long as it fails the
same way: first the shortest prefix of Ms, then without one move at a time
(or two in a row), each list still legal in our rules, at most 2 s of CPU time or 300 tries;
{"kind":"shrunk", "index", "moves_before", "moves", "goal", "expected",
"answer", "problem", "detail"} when a shorter one was found.

Before every case the student's dynamic predicates are put back as loading
left them (an asserted-facts solution starts each case from its own start)
and the random generator is seeded (the grade is the same every run), then
the case's stored game is set (set_stored/1).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(sandbox).
:- use_module(common).

:- meta_predicate ours(0, ?, -).

%!  grade_kit(+Game) is det.
%
%   Checks the contract of the game module Game, then runs its cases.
grade_kit(Game) :-
    findall(M:Head, student_dynamic(M, Head), Dynamic),
    nb_setval(grade_dynamic, Dynamic),
    student_state(Loaded),
    nb_setval(grade_loaded_state, Loaded),
    nb_setval(grade_case, contract),
    Game:contract(PIs),
    maplist(contract_check, PIs),
    include(student_defines, PIs, Defined),
    nb_setval(grade_case, none),
    (   Defined == []
    ->  atomic_list_concat_pis(PIs, Text),
        format(string(M), "none of the kit's predicates is defined (~w)", [Text]),
        emit(_{kind: contract, check: "contract", ok: false, fatal: true, message: M})
    ;   setting(seeds, SeedsText),
        atomic_list_concat(SeedAtoms, ',', SeedsText),
        maplist(atom_number, SeedAtoms, Seeds),
        Game:cases(Seeds, Cases0),
        include(case_of(Defined), Cases0, Cases1),
        selected(Cases1, Cases),
        plan(Game, Cases),
        number_setting(skip, Skip),
        run_cases(Cases, Game, 0, Skip)
    ).

atomic_list_concat_pis(PIs, Text) :-
    maplist(term_text, PIs, Ts),
    atomic_list_concat(Ts, ', ', Text).

contract_check(Name/Arity) :-
    format(string(PI), "~w/~w", [Name, Arity]),
    (   student_defines(Name/Arity)
    ->  format(string(M), "~w is defined", [PI]),
        emit(_{kind: contract, check: PI, ok: true, fatal: false, message: M})
    ;   findall(A, student_defines(Name/A), As),
        (   As == []
        ->  format(string(M), "~w is not defined", [PI])
        ;   maplist([A, T]>>format(string(T), "~w/~w", [Name, A]), As, Ts),
            atomic_list_concat(Ts, ', ', Others),
            format(string(M), "~w is not defined (~w is)", [PI, Others])
        ),
        emit(_{kind: contract, check: PI, ok: false, fatal: false, message: M})
    ).

case_of(Defined, case(_, _, _, PI, _, _)) :-
    memberchk(PI, Defined).

selected(Cases0, Cases) :-
    setting(sections, S),
    (   S == ''
    ->  Cases = Cases0
    ;   atomic_list_concat(Names, ',', S),
        include([C]>>(arg(1, C, Sec), memberchk(Sec, Names)), Cases0, Cases)
    ).

plan(Game, Cases) :-
    Game:sections(All),
    findall(_{name: Sec, title: En, title_local: Local, contract: true, cases: N,
              predicates: Per},
            ( member(section(Sec, t(En, Local)), All),
              aggregate_all(count, ( member(C, Cases), arg(1, C, Sec) ), N),
              N > 0,
              findall(PIText-K,
                      ( aggregate_all(bag(PI), member(case(Sec, _, _, PI, _, _), Cases), PIs0),
                        sort(PIs0, PIs), member(Name/Arity, PIs),
                        aggregate_all(count, member(case(Sec, _, _, Name/Arity, _, _), Cases), K),
                        format(atom(PIText), "~w/~w", [Name, Arity]) ),
                      Pairs),
              dict_pairs(Per, _, Pairs) ),
            Sections),
    length(Cases, Total),
    emit(_{kind: plan, sections: Sections, total: Total}).

run_cases([], _, _, _).
run_cases([Case|Cases], Game, I, Skip) :-
    I1 is I + 1,
    (   I < Skip
    ->  run_cases(Cases, Game, I1, Skip)
    ;   over_budget
    ->  number_setting(budget, Budget),
        emit(_{kind: budget, index: I, seconds: Budget})
    ;   nb_setval(grade_case, I),
        nb_setval(grade_case_term, Case),
        run_case(Game, Case, I),
        nb_setval(grade_case, none),
        run_cases(Cases, Game, I1, Skip)
    ).

run_case(Game, case(Section, Name, t(En, Local), PI, Setup, Check), I) :-
    (   Game:position(Setup, State)
    ->  fresh_student,
        Game:check(Check, State, result(Ok, Problem, Detail, Goal, Expected, Got, O)),
        PI = PN/PA, format(string(PIText), "~w/~w", [PN, PA]),
        ( Setup = moves(_, Ms) -> length(Ms, NM) ; NM = null ),
        output_sample(O.output, Out, OutLen),
        emit(_{kind: check, index: I, section: Section, name: Name, title: En,
               title_local: Local, predicate: PIText, ok: Ok, problem: Problem,
               detail: Detail, goal: Goal, expected: Expected, answer: Got,
               got: O.status, message: O.message, det: O.det, second: O.second,
               us: O.us, ref_us: O.get(ref_us, 0), moves: NM,
               output: Out, output_chars: OutLen}),
        (   Ok == false, Setup = moves(Start, Moves)
        ->  maybe_shrink(Game, I, Section, Start-Moves, Check, Problem, Detail)
        ;   true
        )
    ;   format(string(M), "our rules cannot play the position of ~w", [Name]),
        emit(_{kind: internal, index: I, section: Section, message: M})
    ).

%   fresh_student: the student's dynamic predicates as loading left them, and
%   the random generator seeded the same for every run (a strategy that
%   draws, random_member/2, answers the same in every grade).
fresh_student :-
    nb_getval(grade_loaded_state, Loaded),
    restore_dynamic(Loaded),
    set_random(seed(1)).

                 /*******************************
                 *        CALLING THE CODE      *
                 *******************************/

%!  student_call(+Goal, +Template, +Second, -Outcome) is det.
%
%   Goal, a goal of the student's predicates, called in grade_student within
%   the call limits (call_limits/1: lowered after five calls past them);
%   Second false: no second answer is looked for.  Outcome is limited_call/4's.
student_call(Goal, Template, Second, O) :-
    call_limits(limits(Cpu, Inf, Second0)),
    ( Second == true -> S = Second0 ; S = false ),
    limited_call(grade_student:Goal, Template, limits(Cpu, Inf, S), O),
    count_limits(O).

%!  student_all(+Goal, +Template, -Outcome) is det.
%
%   Every answer of Goal (findall/3), within the call limits; Outcome's
%   answer is the list of Template's copies.
student_all(Goal, Template, O) :-
    call_limits(limits(Cpu, Inf, _)),
    limited_call(findall(Template, grade_student:Goal, All), All,
                 limits(Cpu, Inf, false), O),
    count_limits(O).

%!  ours(:Goal, +Template, -Outcome) is det.
%
%   Our rules' answer, timed as the student's (generous limits).
ours(Goal, Template, O) :-
    limited_call(Goal, Template, limits(10, 100 000 000, false), O).

count_limits(O) :-
    (   memberchk(O.status, [timeout, inferences])
    ->  bump(grade_limit_hits, N),
        (   N =:= 5, \+ nb_current(grade_lowered, true)
        ->  nb_setval(grade_lowered, true),
            note("the student's code ran past its limits in 5 cases: the limits of the \c
                  next calls are ten times lower")
        ;   true
        )
    ;   true
    ),
    (   O.second == limit
    ->  bump(grade_second_hits, M),
        (   M =:= 3
        ->  nb_setval(grade_no_second, true),
            note("looking for a second answer ran past the limits in 3 cases: no second \c
                  answer is looked for any more")
        ;   true
        )
    ;   true
    ).

%!  set_stored(+Fact) is det.
%
%   The student's stored game (GoRoGo's jogo/1) becomes Fact: every clause
%   of its predicate is retracted and Fact asserted, in the module that
%   defines it (the student's, or the module of theirs it is imported
%   from).  Raises an error if the predicate is not dynamic.
set_stored(Fact) :-
    functor(Fact, Name, Arity),
    functor(Head, Name, Arity),
    (   predicate_property(grade_student:Head, imported_from(M)) -> true ; M = grade_student ),
    retractall(M:Head),
    assertz(M:Fact).

%!  state_outcome(:Same, :Difference, +Expected, +Outcome, -Ok, -Problem, -Detail) is det.
%
%   The verdict on a student's Outcome (student_call/4's) of a call whose
%   right answer is the state Expected: Ok when call(Same, Expected, Answer)
%   and no different second answer; else Problem second_answer, wrong_state
%   (Detail from call(Difference, Expected, Answer, Detail)), refused_legal
%   (the call failed) or the outcome's status (error, timeout, ...).
:- meta_predicate state_outcome(2, 3, +, +, -, -, -).

state_outcome(Same, Difference, Expected, O, Ok, Problem, Detail) :-
    (   O.status == answer
    ->  Answer = O.answer,
        (   call(Same, Expected, Answer)
        ->  (   O.second == different -> Ok = false, Problem = second_answer
            ;   Ok = true, Problem = ""
            ),
            Detail = ""
        ;   Ok = false, Problem = wrong_state, call(Difference, Expected, Answer, Detail)
        )
    ;   O.status == failed
    ->  Ok = false, Problem = refused_legal, Detail = ""
    ;   Ok = false, Problem = O.status, Detail = ""
    ).

%!  short_text(+Term, -Text) is det.
%
%   Term written as a goal is (~q), at most 600 characters.
short_text(Term, Text) :-
    (   var(Term) -> Text = "_"
    ;   format(string(T0), "~q", [Term]), sub_text(T0, 600, Text)
    ).

                 /*******************************
                 *          SHRINKING           *
                 *******************************/

maybe_shrink(Game, I, Section, Start-Moves, Check, Problem, Detail) :-
    atomic_list_concat([grade_shrunk, Section, Problem], '_', Key),
    (   \+ nb_current(Key, true),
        \+ memberchk(Problem, [timeout, inferences, halt, abort, resource, crashed]),
        Moves \== []
    ->  nb_setval(Key, true),
        student_state(After),
        call_cleanup(shrink(Game, I, Section, Start-Moves, Check, Problem, Detail),
                     restore_dynamic(After))
    ;   true
    ).

shrink(Game, I, Section, Start-Moves, Check, Problem, Detail) :-
    nb_setval(grade_shrink_start, Start),
    statistics(cputime, T0),
    nb_setval(grade_shrink_tries, 0),
    length(Moves, N),
    (   shorter_prefix(Game, Moves, Check, Problem, T0, Prefix)
    ->  true
    ;   Prefix = Moves
    ),
    drop_moves(Prefix, 0, Game, Check, Problem, T0, Small),
    length(Small, K),
    nb_getval(grade_shrink_tries, Tries),
    (   K < N,
        Game:position(moves(Start, Small), State),
        fresh_student,
        Game:check(Check, State, result(false, Problem, Detail1, Goal, Expected, Got, O))
    ->  short_text(Small, MovesText),
        emit(_{kind: shrunk, index: I, section: Section, moves_before: N, moves: K,
               move_list: MovesText, tries: Tries, goal: Goal, expected: Expected,
               answer: Got, got: O.status, message: O.message, problem: Problem,
               detail: Detail1, first_detail: Detail})
    ;   true
    ).

%   shorter_prefix(...): the shortest prefix of Moves on which the check fails
%   the same way.
shorter_prefix(Game, Moves, Check, Problem, T0, Prefix) :-
    length(Moves, N),
    N1 is N - 1,
    between(0, N1, K),
    (   spent(T0) -> !, fail ; true ),
    length(Prefix, K),
    append(Prefix, _, Moves),
    fails_same(Game, Prefix, Check, Problem),
    !.

%   drop_moves(+Moves, +From, ...): Moves without one move at a time, or two
%   in a row (the same player moves next then), from the end (which changes
%   the position least), as long as it still fails the same way.
drop_moves(Moves, _, Game, Check, Problem, T0, Small) :-
    length(Moves, N),
    (   spent(T0) -> Small = Moves
    ;   between(1, N, J), K is N - J,
        member(Len, [1, 2]),
        (   spent(T0) -> !, fail ; true ),
        length(Cut, Len),
        append(Before, Rest0, Moves), length(Before, K),
        append(Cut, After, Rest0),
        append(Before, After, Rest),
        fails_same(Game, Rest, Check, Problem)
    ->  drop_moves(Rest, 0, Game, Check, Problem, T0, Small)
    ;   Small = Moves
    ).

fails_same(Game, Moves, Check, Problem) :-
    bump(grade_shrink_tries, _),
    nb_getval(grade_shrink_start, Start),
    Game:position(moves(Start, Moves), State),
    fresh_student,
    Game:check(Check, State, result(false, Problem, _, _, _, _, _)).

spent(T0) :-
    statistics(cputime, T),
    nb_getval(grade_shrink_tries, Tries),
    ( T - T0 > 2 ; Tries >= 300 ).

%   died_record(+I, -Record): the case the student's code halted in.
grade_common:died_record(I, Record) :-
    integer(I),
    nb_current(grade_case_term, case(Section, Name, t(En, Local), PI, _, _)),
    PI = PN/PA, format(string(PIText), "~w/~w", [PN, PA]),
    Record = _{kind: died, index: I, section: Section, name: Name, title: En,
               title_local: Local, predicate: PIText}.
