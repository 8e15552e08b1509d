:- module(grade_driver,
          [ main/0                   % run from the command line (app/grade.py does)
          ]).

/** <module> The grader's driver: one student's file, in a Prolog of its own

Start reading here if you come from app/grade.py, which runs

    swipl --stack-limit=512m -f none prolog/grade/driver.pl -- \
          --student=FILE --results=FILE [--game=go] [--encoding=utf8]
          [--score=NAME] [--seeds=1,2,3] [--budget=38] [--skip=0]
          [--sections=a,b] [--call-seconds=2] [--call-inferences=10000000]

in a process of its own.  The driver loads the student's file into the module
grade_student (sandbox.pl), then hands over to the game's module: Go
(go_grade.pl: emptyBoard/1, goMove/4, the score predicate, asked on the
cases of cases.pl), or a kit game (gorogo_cases.pl, azul_cases.pl,
molinolog_cases.pl on kit_grade.pl: each predicate of the kit's contract,
docs/kits.md).  Every call of the student's code runs within limits
(limited_call/4), beside our rules.  The game-independent part (command
line, records, budget, limits, halts) is common.pl.  It writes one JSON
object a line to the results file, never to standard output (which the
student's code may use):

    {"kind":"start"}             the driver started
    {"kind":"load", ...}         how loading went (see load_student/3)
    {"kind":"contract", ...}     one check of the contract: check, ok, message
    {"kind":"score_predicate"}   Go: the score predicate used: name, how, candidates
    {"kind":"plan", ...}         the sections and how many cases each has
    {"kind":"move", ...}         Go: one goMove/4 case (see run_case/3)
    {"kind":"score", ...}        Go: one score case: the student's raw answer
    {"kind":"check", ...}        a kit game: one case of one contract predicate
                                 (see kit_grade.pl)
    {"kind":"internal", ...}     our rules disagree with recorded data
    {"kind":"note", ...}         a change of limits, in words
    {"kind":"shrunk", ...}       the first failure of a random section made
                                 smaller: Go, the smallest board (maybe_shrink/6);
                                 a kit game, the shortest move list (kit_grade.pl)
    {"kind":"budget", "index"}   the time budget (seconds) ran out before case index
    {"kind":"died", "index"}     halt was reached during case index, or "load"
                                 or "contract" (at_halt; see on_halt/0)
    {"kind":"done", "cpu"}       the driver ended normally, after cpu seconds of CPU time

Cases are numbered from 0 across all sections; `--skip=N` starts at case N
(app/grade.py restarts the driver after a case that ended the process).
*/

:- use_module(library(lists)).
:- use_module(sandbox).
:- use_module(common).

:- initialization(main, main).

%   game_module(?Game, ?File): the module that grades Game, beside this file;
%   only the graded game's module (and its rules) is loaded.
game_module(go, go_grade).
game_module(gorogo, gorogo_cases).
game_module(azul, azul_cases).
game_module(molinolog, molinolog_cases).

:- prolog_load_context(directory, Dir), asserta(grade_dir(Dir)).

%!  main is det.
%
%   Grades the student's file given on the command line (see the module
%   header); the results go to the results file.
main :-
    set_prolog_flag(debug_on_error, false),
    current_prolog_flag(argv, Argv),
    parse_argv(Argv),
    setting(results, ResultsFile),
    open(ResultsFile, append, Out, [encoding(utf8)]),
    assertz(grade_common:results(Out)),
    nb_setval(grade_case, none),
    at_halt(on_halt),
    setting(game, Game),
    game_module(Game, Base),
    grade_dir(Dir),
    directory_file_path(Dir, Base, Path),
    use_module(Path),
    module_property(Module, file(File)),
    file_name_extension(Path, pl, File),
    !,
    get_time(Start),
    nb_setval(grade_start, Start),
    statistics(cputime, StartCpu),
    nb_setval(grade_start_cpu, StartCpu),
    emit(_{kind: start}),
    setting(student, Student),
    setting(encoding, Encoding),
    nb_setval(grade_case, load),
    load_student(Student, Encoding, Load),
    nb_setval(grade_case, none),
    emit(Load.put(kind, load)),
    (   Load.ok == true, Load.syntax_errors == []
    ->  Module:grade
    ;   true
    ),
    statistics(cputime, Cpu),
    emit(_{kind: done, cpu: Cpu}),
    close(Out).
