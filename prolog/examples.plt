/*  Runs every example query written in the modules under prolog/ and compares
    the answer written beside it (see examples.pl).
*/
:- use_module(library(plunit)).

:- begin_tests(examples).

module_files(Files) :-
    source_file(examples:module_examples(_, _), Here),
    file_directory_name(Here, Dir),
    directory_file_path(Dir, '*.pl', Top),
    directory_file_path(Dir, '*/*.pl', Nested),
    expand_file_name(Top, Fs1),
    expand_file_name(Nested, Fs2),
    append(Fs1, Fs2, Files0),
    exclude([F]>>sub_atom(F, _, _, 0, 'run_tests.pl'), Files0, Files).

test(every_module_has_runnable_examples_as_written, Failures == []) :-
    module_files(Files),
    examples_failures(Files, Failures).

test(examples_are_found, true(N > 20)) :-
    module_files(Files),
    aggregate_all(count, ( member(F, Files), module_examples(F, Es), member(_, Es) ), N).

test(a_wrong_answer_is_caught, [true(F \== none)]) :-
    (   example_failure(example('prolog/examples.pl', 0, "X = 1.", "X = 2."), F0)
    ->  F = F0
    ;   F = none
    ).

:- end_tests(examples).
