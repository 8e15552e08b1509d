:- module(grade_common,
          [ parse_argv/1,            % +Argv
            setting/2,               % ?Key, ?Value: the command line
            number_setting/2,        % +Key, -Number
            results/1,               % -Stream
            emit/1,                  % +Dict: one JSON record a line
            note/1,                  % +Message
            bump/2,                  % +Key, -N
            over_budget/0,
            snapshot_dynamic/1,      % -Saved
            student_state/1,         % -Saved
            restore_dynamic/1,       % +Saved
            student_dynamic/2,       % -Module, -Head
            term_text/2,             % +Term, -Text
            json_number/2,           % +Term, -Value
            output_sample/3,         % +Output, -Sample, -Length
            sub_text/3,              % +Text, +Max, -Sub
            status_words/2,          % +Outcome, -Words
            call_limits/1,           % -Limits
            on_halt/0
          ]).

/** <module> The grader's game-independent part

What every game's grading shares (driver.pl runs one student's file; the
cases of each game are in a module of their own: go_grade.pl with cases.pl
and positions.pl for Go, gorogo_cases.pl, azul_cases.pl, molinolog_cases.pl
on kit_grade.pl for the kit games): the command line (parse_argv/1,
setting/2), the JSON records written to the results file (emit/1), the
budget of a run in CPU time (over_budget/0), the limits of one call
(call_limits/1), the student's dynamic predicates kept and put back between
cases (student_state/1, restore_dynamic/1), and what is written when the
student's code ends the process in the middle of a case (on_halt/0: the
record of the case comes from the game's died_record/2, a multifile hook).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(http/json)).
:- use_module(library(process)).
:- use_module(sandbox).

:- dynamic results/1.                  % the results stream
:- dynamic setting/2.                  % Name, Value: the command line

%   died_record(+I, -Record): what is known of case I when the process
%   halts in it, to draw it (each game's module adds its clause).
:- multifile died_record/2.

parse_argv(Argv) :-
    forall(( member(Arg, Argv),
             atom_concat('--', KV, Arg),
             once(sub_atom(KV, B, _, A, '=')),
             sub_atom(KV, 0, B, _, Key0),
             sub_atom(KV, _, A, 0, Value)
           ),
           ( atomic_list_concat(Parts, '-', Key0),
             atomic_list_concat(Parts, '_', Key),
             assertz(setting(Key, Value)) )),
    default(game, go),
    default(encoding, utf8),
    default(score, ''),
    default(seeds, '1,2,3'),
    default(budget, '38'),
    default(skip, '0'),
    default(sections, ''),
    default(call_seconds, '2'),
    default(call_inferences, '10000000').

default(Key, Value) :-
    (   setting(Key, _) -> true ; assertz(setting(Key, Value)) ).

number_setting(Key, N) :-
    setting(Key, A),
    atom_number(A, N).


%   snapshot_dynamic(-Saved), restore_dynamic(+Saved): the clauses of the
%   student's dynamic predicates, kept and put back, so that trying
%   predicates on known boards leaves no trace in what the student's code
%   remembers (a real solution kept asserted marks from one call to the next).
snapshot_dynamic(Saved) :-
    findall(M:Head-Clauses,
            ( student_dynamic(M, Head),
              findall(Head-Body, clause(M:Head, Body), Clauses) ),
            Saved).

%   student_state(-Saved): as snapshot_dynamic/1, for the dynamic predicates
%   found once after loading (grade/0).
student_state(Saved) :-
    nb_getval(grade_dynamic, Dynamic),
    findall(M:Head-Clauses,
            ( member(M:Head, Dynamic),
              findall(Head-Body, clause(M:Head, Body), Clauses) ),
            Saved).

restore_dynamic(Saved) :-
    forall(member(M:Head-Clauses, Saved),
           ( functor(Head, F, A), functor(H, F, A),
             retractall(M:H),
             forall(member(C, Clauses), assertz(M:C)) )).

student_dynamic(M, Head) :-
    student_predicates(PIs),
    member(Name/Arity, PIs),
    functor(Head, Name, Arity),
    predicate_property(grade_student:Head, dynamic),
    (   predicate_property(grade_student:Head, imported_from(M)) -> true ; M = grade_student ).

term_text(Term, Text) :-
    format(string(Text), "~q", [Term]).

%   The budget is CPU time of this process (the grade is the same on a busy
%   machine); app/grade.py keeps a wall-clock deadline far above it.
over_budget :-
    nb_getval(grade_start_cpu, Start),
    number_setting(budget, Budget),
    statistics(cputime, Now),
    Now - Start > Budget.

%   json_number(+Term, -Value): a number as it is, anything else as text
%   (an unbound variable, an unevaluated 3+4, ...), null as null.
json_number(X, V) :-
    (   X == null -> V = null
    ;   number(X) -> V = X
    ;   format(string(V), "~q", [X])
    ).

output_sample(Output, Sample, Length) :-
    string_length(Output, Length),
    sub_text(Output, 300, Sample).

sub_text(Text, Max, Sub) :-
    string_length(Text, Len),
    (   Len =< Max -> Sub = Text ; sub_string(Text, 0, Max, _, Sub) ).

status_words(O, Words) :-
    (   O.status == failed -> Words = "fails"
    ;   O.status == timeout -> Words = "did not end within the time limit"
    ;   O.status == inferences -> Words = "did not end within the inference limit"
    ;   O.status == not_written -> Words = "is not written yet (still the kit's stub)"
    ;   format(string(Words), "raised an error: ~w", [O.message])
    ).

                 /*******************************
                 *            LIMITS            *
                 *******************************/

%   call_limits(-Limits): the limits of one call of the student's code (Go:
%   goMove/4; the kit games: each contract predicate's call).  After five
%   calls that ran past them, they are lowered ten times (the student's code
%   loops on some input: the other cases still get asked within the budget;
%   grade_lowered, set by count_limits/1 of each game), and after three calls
%   whose search for a second answer ran past them, no second answer is
%   looked for any more (grade_no_second).
call_limits(limits(cpu(Seconds), Inferences, Second)) :-
    number_setting(call_seconds, S0),
    number_setting(call_inferences, I0),
    (   nb_current(grade_lowered, true)
    ->  Seconds is S0 / 10, Inferences is I0 // 10
    ;   Seconds = S0, Inferences = I0
    ),
    (   nb_current(grade_no_second, true) -> Second = false ; Second = true ).

note(Message) :-
    emit(_{kind: note, message: Message}).

bump(Key, N) :-
    (   nb_current(Key, N0) -> true ; N0 = 0 ),
    N is N0 + 1,
    nb_setval(Key, N).

                 /*******************************
                 *            OUTPUT            *
                 *******************************/

emit(Dict) :-
    results(Out),
    json_write_dict(Out, Dict, [width(0)]),
    nl(Out),
    flush_output(Out).

%   on_halt: the process is halting in the middle of a case (the student's
%   code reached halt/0): say which, so that app/grade.py can go on after it,
%   and end at once.  (Halting from inside call_with_time_limit/2 can
%   deadlock in SWI-Prolog 9.0.4's cleanup of library(time), so the process
%   does not clean up: it kills itself.)
on_halt :-
    (   nb_current(grade_case, I),
        I \== none,
        results(Out)
    ->  (   catch(died_record(I, Record0), _, fail)
        ->  Record = Record0
        ;   Record = _{kind: died, index: I}
        ),
        catch(( json_write_dict(Out, Record, [width(0)]),
                nl(Out), flush_output(Out) ), _, true),
        current_prolog_flag(pid, Pid),
        process_kill(Pid, kill)
    ;   true
    ).
