:- module(examples,
          [ module_examples/2,      % +File, -Examples
            example_failure/2,      % +Example, -Failure
            examples_failures/2     % +Files, -Failures
          ]).

/** <module> The example queries written in the modules, run and compared

Every module keeps runnable examples inside the PlDoc comment of the predicate
they show, in the form a student pastes into swipl and the answer the toplevel
gives:

    %   ?- emptyBoard(3, B0), goMove(B0, "b", [0,1], B).
    %   B0 = [["-","-","-"],["-","-","-"],["-","-","-"]],
    %   B = [["-","b","-"],["-","-","-"],["-","-","-"]].

The goal may run over several comment lines up to the one that ends with a
full stop; so may the answer, which is `true.`, `false.`, or a binding
`Var = Value` for every named variable of the goal.  This module reads them
back (an Example is example(File, Line, GoalText, AnswerText)) and checks each:
the goal runs once in the module of its file, under a time limit, with its
output thrown away, and each value must be a variant of the one written
(=@=), so an unbound variable in the answer matches any fresh one.

    ?- examples_failures(['prolog/go.pl'], Failures).
*/

:- use_module(library(readutil)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(time)).

%!  module_examples(+File, -Examples:list) is det.
%
%   Examples are the example queries written in the comments of File.
module_examples(File, Examples) :-
    read_file_to_string(File, Text, []),
    split_string(Text, "\n", "", Lines),
    numbered(Lines, 1, Numbered),
    examples_(Numbered, File, Examples).

numbered([], _, []).
numbered([L|Ls], N, [N-L|NLs]) :-
    N1 is N + 1,
    numbered(Ls, N1, NLs).

examples_([], _, []).
examples_([N-Line|Rest0], File, Examples) :-
    (   comment_text(Line, Text),
        string_concat("?-", Goal0, Text)
    ->  statement(Rest0, Goal0, GoalText, Rest1),
        statement(Rest1, "", AnswerText, Rest),
        Examples = [example(File, N, GoalText, AnswerText)|More],
        examples_(Rest, File, More)
    ;   examples_(Rest0, File, Examples)
    ).

%   statement(+Lines, +Start, -Text, -Rest): Start and the comment lines that
%   follow it, up to the first that ends with a full stop.
statement(Lines, Start, Text, Rest) :-
    split_string(Start, "", " \t", [S]),
    (   S \== "", string_concat(_, ".", S)
    ->  Text = S, Rest = Lines
    ;   Lines = [_-Line|Lines1],
        comment_text(Line, More)
    ->  atomics_to_string([S, " ", More], S1),
        statement(Lines1, S1, Text, Rest)
    ;   Text = S, Rest = Lines
    ).

%   comment_text(+Line, -Text): the text of a `%` comment line.
comment_text(Line, Text) :-
    string_concat("%", After, Line),
    split_string(After, "", " \t", [Text]).

%!  example_failure(+Example, -Failure) is semidet.
%
%   Failure says how Example's goal fails to give the answer written; fails
%   when it gives it.
example_failure(example(File, _, GoalText, AnswerText), Failure) :-
    file_module(File, Module),
    (   catch(term_string(Goal, GoalText, [variable_names(Bindings), module(Module)]),
              E, (message_to_codes(E, Failure), true))
    ->  (   nonvar(Failure)
        ->  true
        ;   answer_failure(Module, Goal, Bindings, AnswerText, Failure)
        )
    ).

answer_failure(Module, Goal, Bindings, AnswerText, Failure) :-
    (   catch(call_with_time_limit(10,
                  with_output_to(string(_), once(Module:Goal))), E, true)
    ->  Succeeded = true
    ;   Succeeded = false
    ),
    (   nonvar(E)
    ->  message_to_codes(E, Failure)
    ;   AnswerText == "false."
    ->  Succeeded == true, Failure = "succeeded, the answer written is false"
    ;   Succeeded == false
    ->  Failure = "failed"
    ;   AnswerText == "true."
    ->  named(Bindings, Named),
        Named \== [],
        format(string(Failure), "the answer written is true but binds ~w", [Named])
    ;   binding_failure(Module, Bindings, AnswerText, Failure)
    ).

binding_failure(Module, Bindings, AnswerText, Failure) :-
    (   catch(term_string(Answer, AnswerText, [variable_names(Written), module(Module)]),
              E, (message_to_codes(E, Failure), true))
    ->  (   nonvar(Failure)
        ->  true
        ;   conjuncts(Answer, Conjuncts),
            named(Bindings, Named),
            maplist(written_value(Written), Conjuncts, Pairs),
            (   member(Name-_, Named), \+ memberchk(Name-_, Pairs)
            ->  format(string(Failure), "the answer does not give ~w", [Name])
            ;   member(Name-Value, Pairs),
                (   memberchk(Name=Actual, Bindings)
                ->  Actual \=@= Value,
                    format(string(Failure), "~w = ~q, the answer written says ~q",
                           [Name, Actual, Value])
                ;   format(string(Failure), "~w is not a variable of the goal", [Name])
                )
            )
        )
    ).

named(Bindings, Named) :-
    findall(N-V, ( member(N=V, Bindings), \+ sub_atom(N, 0, 1, _, '_') ), Named).

conjuncts((A, B), Cs) :-
    !,
    conjuncts(A, C1),
    conjuncts(B, C2),
    append(C1, C2, Cs).
conjuncts(C, [C]).

%   written_value(+Written, +Conjunct, -Name-Value): Conjunct is Var = Value.
written_value(Written, Var = Value, Name-Value) :-
    var(Var),
    member(Name = V, Written),
    V == Var,
    !.
written_value(_, C, '?'-C).

message_to_codes(E, Text) :-
    format(string(Text), "raised ~q", [E]).

file_module(File, Module) :-
    absolute_file_name(File, Abs, [file_type(prolog), access(read)]),
    use_module(Abs, []),
    (   module_property(Module, file(Abs)) -> true ; Module = user ).

%!  examples_failures(+Files, -Failures:list) is det.
%
%   Failures lists File:Line-Failure for every example of Files that does not
%   give the answer written beside it.
examples_failures(Files, Failures) :-
    findall(File:Line-Failure,
            ( member(File, Files),
              module_examples(File, Examples),
              member(Example, Examples),
              Example = example(_, Line, _, _),
              example_failure(Example, Failure) ),
            Failures).
