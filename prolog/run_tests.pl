/*  Runs every plunit file beside the modules:  swipl -q prolog/run_tests.pl
    Exits 0 when all pass, 1 otherwise.  A .plt file is loaded with the module it tests.
*/
:- initialization(main, main).

main :-
    source_file(main, Here),
    file_directory_name(Here, Dir),
    directory_file_path(Dir, '*.plt', Pattern),
    expand_file_name(Pattern, Tests),
    maplist(load_test_file, Tests),
    (   run_tests
    ->  halt(0)
    ;   halt(1)
    ).

load_test_file(Plt) :-
    file_name_extension(Base, plt, Plt),
    file_name_extension(Base, pl, Pl),
    use_module(Pl),
    load_files(Plt, [module(user)]).
