/*  Runs every plunit file beside the modules:  swipl -q prolog/run_tests.pl
    Exits 0 when all pass, 1 when a test fails or an error was printed.
*/
:- initialization(main, main).

main :-
    think_less,
    source_file(main, Here),
    file_directory_name(Here, Dir),
    directory_file_path(Dir, '*.plt', Pattern),
    expand_file_name(Pattern, Tests),
    maplist(load_test_file, Tests),
    current_prolog_flag(argv, Argv),
    (   memberchk('--fast', Argv)
    ->  findall(U, ( plunit:current_unit(U, _, _, _), \+ slow_unit(U) ), Units)
    ;   findall(U, plunit:current_unit(U, _, _, _), Units)
    ),
    (   run_tests(Units),
        \+ nb_current(load_errors, _)
    ->  halt(0)
    ;   halt(1)
    ).

%   think_less: the Go machine searches on the clock (1 s a turn on 9x9); the tests
%   check what it plays, not how strong it is, so its turns think a quarter of that
%   (TABLERO_GO_THINK, docs/go.md), as tests/conftest.py sets it for pytest.
think_less :-
    (   getenv('TABLERO_GO_THINK', _) -> true ; setenv('TABLERO_GO_THINK', 0.25) ).

%   slow_unit(?Unit): left out by `swipl -q prolog/run_tests.pl -- --fast` (the fast
%   run, ./scripts/run_tests.sh --fast): whole games against the machine and the course
%   rules held equal to the fast ones on thousands of random positions (each over 3 s of
%   CPU; together about 40 of the 55).  The full run has them.
slow_unit(go_cli).
slow_unit(go_machine).
slow_unit(molinolog_course_equal).
slow_unit(gorogo_course_equal).
slow_unit(gorogo_endgame).

%   An error printed while loading (a malformed test, say) fails the run too.
:- multifile user:message_hook/3.
user:message_hook(_, error, _) :-
    nb_setval(load_errors, true),
    fail.

%   Each X.plt is loaded into a module of its own, X_tests, that imports X.pl:
%   games may export the same names (best_move/3, ...) without clashing.
load_test_file(Plt) :-
    file_name_extension(Base, plt, Plt),
    file_name_extension(Base, pl, Pl),
    file_base_name(Base, Name),
    atom_concat(Name, '_tests', Module),
    Module:use_module(Pl),
    Module:load_files(Plt, []).
