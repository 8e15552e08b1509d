:- module(console_answers,
          [ console_answers/6,       % +Module, +Goal, +Names, +Max, +Limits, -Reply
            console_error/3,         % +Error, +Limits, -Body:dict
            console_message_text/2,  % +Term, -Text
            console_cap/3,           % +Text, +Max, -Capped
            console_safe_lines/2     % +Lines0, -Lines
          ]).

/** <module> The console's answers and errors

Start reading at console_answers/6, called by console.pl's run/6 once the
sandbox has accepted the goal.  The answers are printed with the toplevel's
own translate_bindings and answer messages, so they read as in a terminal;
what the goal prints is captured and split among them.  console_error/3
turns what a query threw into the `{code, message}` of a reply.
*/

:- use_module(library(time)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(prolog_format), [format_types/2]).

                 /*******************************
                 *            ANSWERS           *
                 *******************************/

%!  console_answers(+Module, +Goal, +Names, +Max, +Limits, -Reply) is det.
%
%   Calls Module:Goal (already checked by the sandbox) under the time and
%   inference limits of Limits (console_limits/1), collecting at most Max
%   answers, each printed as the toplevel prints it with the variables of
%   Names (Name=Var, those the student sees), and what the goal printed
%   before it.  Reply is the `ok: true` reply described in console.pl.  A
%   goal that raised an error or passed a limit before its first answer
%   throws it again (for console_error/3); after some, it is `stopped`.
console_answers(M, Goal, Names, Max, Limits, Reply) :-
    State = answers([], 0, false, false),      % Answers (reversed), N, Det, Stopped at Max
    with_output_to(
        string(Output),
        ( catch(call_with_time_limit(
                    Limits.seconds,
                    call_with_inference_limit(
                        collect(M, Goal, Names, Max, Limits, State),
                        Limits.inferences, R)),
                E, true)
        ->  true
        ;   true
        )),
    State = answers(Reversed, N, Det, AtMax),
    reverse(Reversed, Answers0),
    split_output(Answers0, Output, Limits, Answers, Rest),
    (   var(E), R == inference_limit_exceeded
    ->  Stop = console(inferences, Inferences),
        format(string(Inferences), "The goal ran past ~D inferences: stopped",
               [Limits.inferences])
    ;   var(E)
    ->  Stop = none
    ;   Stop = E
    ),
    (   Stop == none
    ->  Stopped = null,
        (   N =:= 0 -> More = false, End = false
        ;   AtMax == true, Det == false -> More = true, End = more
        ;   Det == true -> More = false, End = det
        ;   More = false, End = false
        )
    ;   N =:= 0
    ->  throw(Stop)
    ;   console_error(Stop, Limits, Stopped),
        More = false, End = stopped
    ),
    toplevel(Answers, End, Stopped, Toplevel),
    Reply = _{ok: true, answers: Answers, more: More, det: Det, output: Rest,
              stopped: Stopped, toplevel: Toplevel}.

collect(M, Goal, Names, Max, Limits, State) :-
    call_cleanup(M:Goal, Det = true),
    current_output(Out),
    character_count(Out, At),
    answer(M, Names, Limits, Answer0),
    Answer = Answer0.put(at, At),
    arg(1, State, As0),
    nb_setarg(1, State, [Answer|As0]),
    arg(2, State, N0),
    N is N0 + 1,
    nb_setarg(2, State, N),
    (   Det == true
    ->  nb_setarg(3, State, true)
    ;   N >= Max
    ->  nb_setarg(4, State, true)
    ;   fail
    ),
    !.

%   answer(+M, +Names, +Limits, -Answer): the answer as the toplevel writes
%   it (text) and each variable's value (bindings).
answer(M, Names, Limits, Answer) :-
    findall(Text-Values,
            answer_text(M, Names, Text, Values),
            [Text0-Values]),
    console_cap(Text0, Limits.answer_chars, Text),
    dict_pairs(Bindings, _, Values),
    Answer = _{bindings: Bindings, text: Text}.

answer_text(M, Names, Text, Values) :-
    '$toplevel':translate_bindings(Names, Bindings, [], M:Residuals),
    '$toplevel':name_vars(Bindings, Residuals, true),
    phrase('$messages':result(Bindings, true, Residuals), Lines0),
    (   Lines0 == []
    ->  Lines = ['true'-[]]
    ;   Lines = Lines0
    ),
    lines_text(Lines, Text),
    current_prolog_flag(answer_write_options, Options),
    findall(Name-Value,
            ( member(binding(Vars, Skel, _), Bindings),
              member(Name, Vars),
              format(string(Value0), "~W", [Skel, [priority(699)|Options]]),
              console_cap(Value0, 20000, Value)
            ),
            Values).

%   split_output(+Answers0, +Output, +Limits, -Answers, -Rest): each answer
%   gets what was printed since the previous one; Rest is what was printed
%   after the last.
split_output(Answers0, Output, Limits, Answers, Rest) :-
    split_output(Answers0, 0, Output, Limits.output_chars, Answers, Rest).

split_output([], From, Output, Cap, [], Rest) :-
    sub_string(Output, From, _, 0, Rest0),
    console_cap(Rest0, Cap, Rest).
split_output([A0|As0], From, Output, Cap, [A|As], Rest) :-
    At = A0.at,
    Len is max(0, At - From),
    sub_string(Output, From, Len, _, Printed0),
    console_cap(Printed0, Cap, Printed),
    del_dict(at, A0, _, A1),
    A = A1.put(output, Printed),
    string_length(Printed, Used),
    Cap1 is max(0, Cap - Used),
    split_output(As0, At, Output, Cap1, As, Rest).

%!  console_cap(+Text, +Max, -Capped) is det.
%
%   Capped is Text if it has at most Max characters, else its first Max
%   and a note of how many more there were.
%
%   ?- console_cap("abcdef", 3, T).
%   T = "abc ... (3 more characters)".
console_cap(Text, Max, Capped) :-
    string_length(Text, Length),
    (   Length =< Max
    ->  Capped = Text
    ;   sub_string(Text, 0, Max, _, Start),
        Cut is Length - Max,
        format(string(Capped), "~s ... (~D more characters)", [Start, Cut])
    ).

%   toplevel(+Answers, +End, +Stopped, -Text): the answers as the toplevel
%   shows them, one after the other (";" asks for the next).
toplevel([], _, _, "false.") :- !.
toplevel(Answers, End, Stopped, Text) :-
    findall(T, (member(A, Answers), get_dict(text, A, T)), Texts0),
    atomic_list_concat(Texts0, ' ;\n', Joined),
    (   End == det -> Tail = "."
    ;   End == false -> Tail = " ;\nfalse."
    ;   End == more -> Tail = " ;\n..."
    ;   Stopped = _{code: _, message: Message},
        format(string(Tail), " ;~nERROR: ~w", [Message])
    ),
    atomics_to_string([Joined, Tail], Text).

                 /*******************************
                 *            ERRORS            *
                 *******************************/

%!  console_error(+Error, +Limits, -Body) is det.
%
%   Body is the dict {code, message} of the error reply (or of `stopped`)
%   for Error, what a query threw: console(Code, Message) of the worker's
%   own checks, refused(E) of the sandbox, an unknown procedure, a limit of
%   Limits (console_limits/1), a lack of memory or any other error.
%
%   ?- console_error(console(syntax, "Bad"), _{}, B).
%   B = _{code:"syntax",message:"Bad"}.
console_error(console(Code, Message), _, _{code: CodeText, message: Message}) :-
    !,
    atom_string(Code, CodeText).
console_error(refused(E), _, _{code: Code, message: Message}) :-
    !,
    (   E = error(existence_error(procedure, Culprit), _)
    ->  Code = "error",
        unknown_procedure(Culprit, Message)
    ;   Code = "refused",
        console_message_text(E, Message0),
        string_concat("The sandbox refuses this goal: ", Message0, Message)
    ).
console_error(error(existence_error(procedure, Culprit), _), _,
              _{code: "error", message: Message}) :-
    !,
    unknown_procedure(Culprit, Message).
console_error(time_limit_exceeded, Limits, _{code: "timeout", message: Message}) :-
    !,
    format(string(Message), "The goal did not finish within ~w seconds: stopped",
           [Limits.seconds]).
console_error(E, _, _{code: "memory", message: Message}) :-
    memory_error(E),
    !,
    console_message_text(E, Message0),
    split_string(Message0, "\n", "", [First|_]),
    string_concat("The goal ran out of memory: ", First, Message).
console_error(E, _, _{code: "error", message: Message}) :-
    console_message_text(E, Message0),
    string_concat("The goal raised an error: ", Message0, Message).

memory_error(error(resource_error(_), _)).
memory_error(resource_error(_)).
memory_error(error(io_error(_, _), context(_, Message))) :-   % output past the memory limit
    (   string(Message) ; atom(Message) ),
    sub_string(Message, _, _, _, "allocate memory").

%   unknown_procedure(+Culprit, -Message): as the toplevel says it.
unknown_procedure(Culprit, Message) :-
    (   strip_module(Culprit, _, Plain),
        (   Plain = Name/Arity
        ->  true
        ;   callable(Plain),
            functor(Plain, Name, Arity)
        )
    ->  format(string(Message0), "Unknown procedure: ~q", [Name/Arity]),
        findall(Hint, procedure_hint(Name, Arity, Hint), Hints),
        atomic_list_concat([Message0|Hints], '\n', Message1),
        atom_string(Message1, Message)
    ;   console_message_text(Culprit, Text),
        string_concat("Unknown procedure: ", Text, Message)
    ).

%   procedure_hint(+Name, +Arity, -Hint): what swipl's toplevel adds to an
%   unknown procedure: a rule typed as a goal, the same name with another
%   number of arguments, a name spelled alike ("Correct to"), among what the
%   game's console module sees (console_import: the query's own module is
%   gone by the time its error is written).
procedure_hint((:-), 2, Hint) :-
    !,
    Hint = "  A rule (Head :- Body) is not a goal: rules are written in a file and \c
            loaded in swipl (consult/1); here, ask a goal, such as emptyBoard(Board)".
procedure_hint(Name, Arity, Hint) :-
    nb_current(console_import, M),
    atom(M),
    findall(Name/A, ( between(0, 12, A), A =\= Arity,
                      functor(Head, Name, A),
                      predicate_property(M:Head, visible) ), Others),
    Others \== [],
    format(string(Hint), "  However, there are definitions for: ~q", [Others]).
procedure_hint(Name, Arity, Hint) :-
    nb_current(console_import, M),
    atom(M),
    functor(Head, Name, Arity),
    findall(N/Arity, ( catch(dwim_predicate(M:Head, Dwim), _, fail),
                       strip_module(Dwim, _, D),
                       functor(D, N, Arity),
                       N \== Name ), Found),
    sort(Found, [First|_]),
    format(string(Hint), "  Correct to: ~q?", [First]).

%!  console_message_text(+Term, -Text) is det.
%
%   Text is the message SWI-Prolog prints for Term, without "ERROR: ",
%   without the name of the query's temporary module (the global variable
%   console_module, set by console.pl) and capped at 2,000 characters.
console_message_text(Term0, Text) :-
    copy_term(Term0, Term),
    numbervars(Term, 0, _, [singletons(true)]),
    (   catch(message_to_codes(Term, Codes), _, fail)
    ->  string_codes(Text0, Codes)
    ;   format(string(Text0), "~q", [Term])
    ),
    split_string(Text0, "", "\n ", [Text1]),
    unqualified(Text1, Text2),
    console_cap(Text2, 2000, Text).

%   unqualified(+Text0, -Text): without the name of the query's temporary
%   module, which means nothing to the student.
unqualified(Text0, Text) :-
    (   nb_current(console_module, M), atom(M)
    ->  format(string(Quoted), "~q:", [M]),
        atomic_list_concat(Parts, Quoted, Text0),
        atomic_list_concat(Parts, Text1),
        format(string(Plain), "~w:", [M]),
        atomic_list_concat(Parts1, Plain, Text1),
        atomic_list_concat(Parts1, Text2),
        atom_string(Text2, Text)
    ;   Text = Text0
    ).

message_to_codes(Term, Codes) :-
    '$messages':translate_message(Term, Lines0, []),
    console_safe_lines(Lines0, Lines),
    lines_text(Lines, Text),
    string_codes(Text, Codes).

lines_text(Lines, Text) :-
    with_output_to(string(Text0), print_message_lines(current_output, '', Lines)),
    split_string(Text0, "", "\n", [Text]).

                 /*******************************
                 *       PRINTING SAFELY        *
                 *******************************/

%!  console_safe_lines(+Lines0, -Lines) is det.
%
%   Lines are the message lines Lines0 (as translate_message//1 makes
%   them from a term a goal built: an error it threw, a message it
%   printed) with every element that could call a goal when printed
%   replaced by its quoted text.  Printing a `Format-Args` line runs
%   format/3, which calls the argument of a `~@` directive, and `~W`
%   takes write options such as portray_goal/1: a goal could hide
%   shell/1 there (`throw(format('~@', [G]))`, `print_message(error,
%   format(...))`), out of library(sandbox)'s sight.  A format is kept
%   only when format_types/2 reads it and finds neither.
%
%   ?- console_safe_lines(['~@'-[halt], 'x = ~w'-[1]], L).
%   L = ['~q'-['~@'-[halt]], 'x = ~w'-[1]].
console_safe_lines(Lines0, Lines) :-
    (   is_list(Lines0)
    ->  maplist(safe_line, Lines0, Lines)
    ;   Lines = ['~q'-[Lines0]]
    ).

safe_line(Line, Line) :-
    safe_keyword(Line),
    !.
safe_line(Format-Args, Line) :-
    !,
    (   safe_format(Format, Args)
    ->  Line = Format-Args
    ;   Line = '~q'-[Format-Args]
    ).
safe_line(ansi(Attributes, Format, Args), Line) :-
    !,
    (   safe_format(Format, Args)
    ->  Line = ansi(Attributes, Format, Args)
    ;   Line = '~q'-[Format-Args]
    ).
safe_line(Format, Line) :-
    (   atom(Format) ; string(Format) ),
    safe_format(Format, []),
    !,
    Line = Format.
safe_line(Other, '~q'-[Other]).

safe_keyword(Line) :-
    atom(Line),
    memberchk(Line, [nl, flush, full_stop, at_same_line, prefix_nl]).
safe_keyword(begin(Kind, _)) :- atom(Kind).
safe_keyword(end(_)).

safe_format(Format, Args) :-
    (   atom(Format) ; string(Format) ),
    is_list(Args),
    catch(format_types(Format, Types), _, fail),
    length(Types, N),
    length(Args, N),
    \+ memberchk(callable, Types),
    \+ memberchk(list, Types).
