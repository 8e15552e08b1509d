:- module(grade_sandbox,
          [ load_student/3,          % +File, +Encoding, -Load
            student_defines/1,       % +Name/Arity
            student_predicates/1,    % -PIs
            limited_call/4,          % :Goal, +Template, +Limits, -Outcome
            message_text/2           % +Term, -Text
          ]).

/** <module> Untrusted code: load a student's file, call it within limits

The student's file is loaded into the module `grade_student`, whatever it is:

  - a module file: its `:- module(Name, Exports)` header is read and replaced
    by `:- module(grade_student, Exports)` (same exports, same line count), so
    a student module called `go`, `lists` or `grade_driver` clashes with
    nothing here;
  - a plain file (clauses without a module header): loaded into
    `grade_student` as it is.

Either way the text is loaded from a string stream under the file's own name,
so messages point at the student's lines and relative `:- [other]` loads
resolve beside it.  While it loads, halt/0, halt/1 and abort/0 in its clauses
and directives are compiled as throw(grade_student_halt(Status)) and
throw(grade_student_abort): the driver reports them instead of dying (code
that reaches halt through call/1 still ends the process, and the Python side
starts the driver again after the case).  Every error and warning printed
while loading is kept.

limited_call/4 runs one goal of the student's with its output captured, under
call_with_time_limit/2 and call_with_inference_limit/3, and tells what came
of it as a dict (see limited_call/4).  The process itself runs under
`swipl --stack-limit` and OS limits set by app/grade.py.
*/

:- use_module(library(time)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(readutil)).

:- dynamic load_message/3.          % Kind, Term, Text
:- dynamic loading/0.

                 /*******************************
                 *            LOADING           *
                 *******************************/

:- multifile user:goal_expansion/2.
:- dynamic user:goal_expansion/2.

user:goal_expansion(halt, throw(grade_student_halt(0))) :- in_student.
user:goal_expansion(halt(S), throw(grade_student_halt(S))) :- in_student.
user:goal_expansion(abort, throw(grade_student_abort)) :- in_student.

in_student :-
    prolog_load_context(module, grade_student).

:- multifile user:message_hook/3.
:- dynamic user:message_hook/3.

user:message_hook(Term, Kind, Lines) :-
    loading,
    memberchk(Kind, [error, warning]),
    lines_text(Lines, Text0),
    (   source_location(File, Line),
        \+ sub_string(Text0, 0, _, _, File)
    ->  format(string(Text), "~w:~d: ~s", [File, Line, Text0])
    ;   Text = Text0
    ),
    assertz(load_message(Kind, Term, Text)),
    fail.

%!  load_student(+File, +Encoding, -Load) is det.
%
%   Loads File (read in Encoding, an atom such as utf8) into the module
%   grade_student, at most 10 s and 100M inferences (a directive may loop).
%   Load is a dict:
%
%     - ok: true if loading ended (with or without errors)
%     - failure: why it did not end ("" if it did)
%     - module: the name in the file's module header, or "" for a plain file
%     - exports: the header's exports as text
%     - syntax_errors, errors, warnings: the messages printed, as text
%     - output: what the file's directives printed
%     - ms: the time loading took
load_student(File, Encoding, Load) :-
    %   Clause garbage collection in this thread, not in a thread of its own: a
    %   student's code that asserts and retracts (real solutions keep marks as
    %   facts) leaves erased clauses that each later call walks past until they
    %   are reclaimed.  On a busy machine a separate collector fell behind: the
    %   same score call took 0.45 s of CPU or ran past its 10 s limit, and a real
    %   solution's grade was 98 idle and 85 at load 20.  Here, it is the same.
    set_prolog_flag(gc_thread, false),
    retractall(load_message(_, _, _)),
    get_time(T0),
    catch(read_file_to_string(File, Text, [encoding(Encoding)]), E, true),
    (   nonvar(E)
    ->  message_text(E, Why),
        Header = none, Ok = false, Output = ""
    ;   student_text(Text, Header, Loadable),
        load_text(File, Header, Loadable, Ok, Why, Output)
    ),
    get_time(T1),
    Ms is round((T1 - T0) * 1000),
    header_info(Header, Module, Exports),
    messages(Syntax, Errors, Warnings),
    Load = _{ok: Ok, failure: Why, module: Module, exports: Exports,
             syntax_errors: Syntax, errors: Errors, warnings: Warnings,
             output: Output, ms: Ms}.

header_info(none, "", []).
header_info(module(Name, Exports), Module, Texts) :-
    format(string(Module), "~q", [Name]),
    (   is_list(Exports)
    ->  maplist(term_text, Exports, Texts)
    ;   format(string(S), "~q", [Exports]), Texts = [S]
    ).

term_text(Term, Text) :-
    format(string(Text), "~q", [Term]).

%   student_text(+Text, -Header, -Loadable): Header is module(Name, Exports)
%   when Text starts with a module header (Loadable has it renamed), or none.
student_text(Text, Header, Loadable) :-
    setup_call_cleanup(
        open_string(Text, In),
        ( catch(read_term(In, First, [syntax_errors(fail)]), _, fail)
        ->  character_count(In, End)
        ;   First = none, End = 0
        ),
        close(In)),
    (   nonvar(First),
        First = (:- module(Name, Exports))
    ->  Header = module(Name, Exports),
        sub_string(Text, 0, End, _, Head),
        sub_string(Text, End, _, 0, Rest),
        split_string(Head, "\n", "", Parts),
        length(Parts, N),
        Newlines is N - 1,
        length(NLs, Newlines),
        maplist(=("\n"), NLs),
        atomics_to_string(NLs, Pad),
        format(string(Loadable), ":- module(grade_student, ~q). ~s~s",
               [Exports, Pad, Rest])
    ;   Header = none,
        Loadable = Text
    ).

load_text(File, Header, Text, Ok, Why, Output) :-
    (   Header = none -> Target = grade_student:File ; Target = grade_loader:File ),
    setup_call_cleanup(
        ( open_string(Text, In), assertz(loading) ),
        catch(with_output_to(string(Output),
                  call_with_time_limit(10,
                      call_with_inference_limit(
                          load_files(Target, [stream(In), if(true)]),
                          100 000 000, R))),
              E, true),
        ( retractall(loading), close(In) )),
    (   var(Output) -> Output = "" ; true ),
    (   var(E), R == inference_limit_exceeded
    ->  Ok = false, Why = "loading did not end within 100,000,000 inferences (a directive loops?)"
    ;   var(E)
    ->  Ok = true, Why = ""
    ;   E == time_limit_exceeded
    ->  Ok = false, Why = "loading did not end within 10 s (a directive loops?)"
    ;   E = grade_student_halt(S)
    ->  Ok = false, format(string(Why), "a directive called halt(~q) while loading", [S])
    ;   Ok = false, message_text(E, Why0),
        string_concat("loading raised an error: ", Why0, Why)
    ).

messages(Syntax, Errors, Warnings) :-
    findall(T, (load_message(error, Term, T), syntax_error(Term)), Syntax),
    findall(T, (load_message(error, Term, T), \+ syntax_error(Term)), Errors),
    findall(T, load_message(warning, _, T), Warnings).

syntax_error(error(syntax_error(_), _)).

%!  student_defines(+PI) is semidet.
%
%   The student's code defines the predicate Name/Arity: in the module
%   grade_student, or in a module of the student's own that grade_student
%   imports (a solution split over several modules: `:- use_module(grilla)`,
%   or one that re-exports another's rules).  Library and system predicates
%   are not the student's.
student_defines(Name/Arity) :-
    current_predicate(grade_student:Name/Arity),
    functor(Head, Name, Arity),
    students_predicate(Head).

%!  student_predicates(-PIs) is det.
%
%   PIs are the predicates the student's code defines (see student_defines/1),
%   sorted.
student_predicates(PIs) :-
    findall(Name/Arity,
            ( current_predicate(grade_student:Name/Arity),
              functor(Head, Name, Arity),
              students_predicate(Head)
            ),
            PIs0),
    sort(PIs0, PIs).

%   students_predicate(+Head): Head, seen from grade_student, is the student's:
%   defined there, or imported from a module of class user that is not ours
%   (not the grader's grade_* modules, not a library).
students_predicate(Head) :-
    (   predicate_property(grade_student:Head, imported_from(M))
    ->  student_module(M)
    ;   \+ predicate_property(grade_student:Head, built_in),
        predicate_property(grade_student:Head, defined)
    ).

student_module(M) :-
    M \== grade_student,
    \+ sub_atom(M, 0, _, _, grade_),
    catch(module_property(M, class(user)), _, fail).

                 /*******************************
                 *        LIMITED CALLS         *
                 *******************************/

%!  limited_call(:Goal, +Template, +Limits, -Outcome) is det.
%
%   Calls Goal with its output captured, under Limits =
%   limits(Time, Inferences, Second): at most Inferences inferences for the
%   whole call, including the search for a second answer if Second is true,
%   and Time: cpu(Seconds), at most Seconds of CPU time (a call that used more
%   is a timeout, whatever the machine's load; a wall-clock limit ten times
%   higher is only a backstop for a loop without inferences), or Seconds of
%   wall-clock time (a number).  Outcome is a dict:
%
%     - status: answer (Template has a first answer), failed, error,
%       timeout, inferences (the inference limit), halt, abort, resource, or
%       not_written (a kit's stub: error(not_written_yet(Name/Arity), _),
%       docs/kits.md)
%     - answer: a copy of Template at the first answer (status answer)
%     - message: the error, in words (status error, halt, resource)
%     - det: true if the first answer left no choice point
%     - second: none (no second answer), same (only the same answer again,
%       up to 20 times), different, limit (the search ran past a limit),
%       error, or unchecked (det, or Second is false)
%     - second_answer: a copy of Template at a second, different answer
%     - us, inferences: CPU time and inferences to the first answer (or to the
%       end of the call when there is none)
%     - output: what the goal printed on current_output
limited_call(Goal, Template, limits(Limit, Inferences, Second), Outcome) :-
    (   Limit = cpu(Cpu)
    ->  Wall is max(60, Cpu * 30),      % a backstop for a call that waits, using no CPU:
        Timed = call_with_cpu_limit(Cpu, Wall)  % at load 20 on 2 cores a call gets a tenth
                                                % of one, and 10x made the grade the load's
    ;   Timed = call_with_time_limit(Limit)
    ),
    State = state(none, unchecked, false, 0, 0, 0, 0),
    with_output_to(string(Output),
                   ( catch(call(Timed,
                                call_with_inference_limit(
                                    answers(Goal, Template, Second, State),
                                    Inferences, R)),
                           E, true)
                   -> true
                   ;  true
                   )),
    (   arg(1, State, none), arg(6, State, T0), T0 > 0
    ->  statistics(cputime, T1), statistics(inferences, I1), arg(7, State, I0),
        Us0 is round((T1 - T0) * 1 000 000), Inf0 is I1 - I0,
        nb_setarg(4, State, Us0), nb_setarg(5, State, Inf0)
    ;   true
    ),
    State = state(First, Second0, Det, Us, Inf, _, _),
    outcome(First, E, R, Status, Message),
    second(First, Second0, E, R, SecondStatus, SecondAnswer),
    Outcome0 = _{status: Status, message: Message, det: Det, second: SecondStatus,
                 us: Us, inferences: Inf, output: Output},
    (   First = answer(A) -> Outcome1 = Outcome0.put(answer, A) ; Outcome1 = Outcome0 ),
    (   SecondAnswer = answer(A2) -> Outcome = Outcome1.put(second_answer, A2)
    ;   Outcome = Outcome1
    ).

%!  call_with_cpu_limit(+Cpu, +Wall, :Goal) is nondet.
%
%   Goal, stopped with time_limit_exceeded once this thread has used Cpu
%   seconds of CPU time since the call, or Wall seconds have passed (a
%   backstop).  An alarm of library(time) wakes at the earliest moment the
%   limit can be reached, looks at the CPU time, and sleeps again for what is
%   left: a busy machine makes the call slower, not shorter.
call_with_cpu_limit(Cpu, Wall, Goal) :-
    statistics(cputime, C0),
    get_time(W0),
    gensym(grade_cpu_, Key),
    setup_call_cleanup(
        ( alarm(Cpu, cpu_check(Key), Id, [install(false), remove(false)]),
          nb_setval(Key, cpu(C0, W0, Cpu, Wall, Id)),
          install_alarm(Id, Cpu) ),
        Goal,
        ( remove_alarm(Id), nb_delete(Key) )).

cpu_check(Key) :-
    nb_getval(Key, cpu(C0, W0, Cpu, Wall, Id)),
    statistics(cputime, C),
    get_time(W),
    (   ( C - C0 >= Cpu ; W - W0 >= Wall )
    ->  throw(time_limit_exceeded)
    ;   Left is max(0.02, min(Cpu - (C - C0), Wall - (W - W0))),
        uninstall_alarm(Id),
        install_alarm(Id, Left)
    ).

answers(Goal, Template, Second, State) :-
    statistics(inferences, I0),
    statistics(cputime, T0),
    nb_setarg(6, State, T0),
    nb_setarg(7, State, I0),
    call_cleanup(Goal, Det = true),
    (   arg(1, State, none)
    ->  statistics(cputime, T1),
        statistics(inferences, I1),
        Us is round((T1 - T0) * 1 000 000),
        Inf is I1 - I0,
        copy_term(Template, A),
        nb_setarg(1, State, answer(A)),
        nb_setarg(4, State, Us),
        nb_setarg(5, State, Inf),
        (   Det == true
        ->  nb_setarg(3, State, true)
        ;   Second == true
        ->  nb_setarg(2, State, none),
            fail                        % look for a second answer
        ;   true
        )
    ;   copy_term(Template, A2),
        arg(1, State, answer(A1)),
        (   A2 =@= A1
        ->  (   arg(2, State, same(N0)) -> N is N0 + 1 ; N = 1 ),
            nb_setarg(2, State, same(N)),
            N >= 20                     % else look further for another answer
        ;   nb_setarg(2, State, different(A2))
        )
    ).

%   outcome(+First, ?Error, ?R, -Status, -Message)
outcome(answer(_), _, _, answer, "") :- !.
outcome(none, E, R, Status, Message) :-
    (   var(E), R == inference_limit_exceeded
    ->  Status = inferences, Message = "inference limit"
    ;   E == inference_limit_exceeded       % the limit's own exception, raised where
    ->  Status = inferences,                % call_with_inference_limit/3 does not catch
        Message = "inference limit"         % it (in the CPU alarm's check, on a busy machine)
    ;   var(E)
    ->  Status = failed, Message = ""
    ;   E == time_limit_exceeded
    ->  Status = timeout, Message = "time limit"
    ;   E = grade_student_halt(S)
    ->  Status = halt, format(string(Message), "called halt(~q)", [S])
    ;   E == grade_student_abort
    ->  Status = abort, Message = "called abort/0"
    ;   E = error(not_written_yet(PI), _)
    ->  Status = not_written,
        format(string(Message), "~q is not written yet (still the kit's stub: docs/kits.md)", [PI])
    ;   E = error(resource_error(_), _)
    ->  Status = resource, message_text(E, Message)
    ;   Status = error, message_text(E, Message)
    ).

%   second(+First, +Second0, ?Error, ?R, -Status, -Answer)
second(none, _, _, _, unchecked, none) :- !.
second(_, different(A), _, _, different, answer(A)) :- !.
second(_, S, E, R, Status, none) :-
    (   S = same(_), var(E), R \== inference_limit_exceeded -> Status = same
    ;   S = same(_) -> Status = limit
    ;   S == unchecked -> Status = unchecked
    ;   var(E), R \== inference_limit_exceeded -> Status = none
    ;   var(E) -> Status = limit
    ;   E == time_limit_exceeded -> Status = limit
    ;   E == inference_limit_exceeded -> Status = limit
    ;   Status = error
    ).

%!  message_text(+Term, -Text) is det.
%
%   Text is the message SWI-Prolog prints for Term (an error term), without
%   the "ERROR: " prefix.
message_text(Term, Text) :-
    (   catch('$messages':translate_message(Term, Lines, []), _, fail)
    ->  lines_text(Lines, Text0)
    ;   format(string(Text0), "~q", [Term])
    ),
    split_string(Text0, "", "\n ", [Text]).

lines_text(Lines, Text) :-
    catch(with_output_to(string(Text0), print_message_lines(current_output, '', Lines)),
          _, format(string(Text0), "~q", [Lines])),
    split_string(Text0, "", "\n ", [Text]).
