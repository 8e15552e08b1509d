:- module(molinolog_lab,
          [ lab_main/0              % run from the command line (app/lab.py does)
          ]).

/** <module> A student's Molinolog lab, run against our graficos.pl

app/lab.py runs, inside the box of app/confine.py,

    swipl --stack-limit=512m -q -f none -g molinolog_lab:lab_main -t halt \
          prolog/molinolog/lab.pl -- --student=FILE --goal=GOAL [--encoding=utf8]
          [--seed=N]

with the student's folder staged so that its `graficos.pl` is ours
(prolog/graficos.pl).  Standard input and output become the graficos
channel (aliases `graficos_in`, `graficos_out`); the student's own
user_input is an empty stream and user_output goes to standard error, so
nothing the student reads or prints touches the channel.  Then the student's
file is loaded (`{"gr": "cargado", "ok": true, "errores": Texts}` or `"ok":
false` and why; `errores` the errors printed while loading and the
directives that failed or raised, each with its file and line: the program
still runs, as in `swipl`, and app/lab.py reports them as the cause when it
does not end by itself), GOAL (e.g. `molinolog(maquina, maquina, 1)`) is called once in `user` (after
`set_random(seed(N))` when `--seed=N` is given, so that a program that
plays at random plays the same game each run), and
its end is one last line: `{"gr": "fin", "resultado": "true" | "false" |
"error", "error": Text}`.
*/

:- use_module(library(http/json)).
:- use_module(library(lists)).

:- dynamic loading/0, load_error/1, fin_dicho/0.

%   While the student's file loads, the errors printed and the directives
%   that failed (a warning in SWI-Prolog) are kept, with where they are;
%   they are printed too (on standard error, the program's output).
:- multifile user:message_hook/3.
:- dynamic user:message_hook/3.

user:message_hook(Term, Kind, _) :-
    loading,
    (   Kind == error -> true ; Kind == warning, Term = goal_failed(directive, _) ),
    catch(keep_load_error(Term), _, true),
    fail.

keep_load_error(Term) :-
    error_text(Term, Text0),
    (   source_location(File, Line)
    ->  file_base_name(File, Base),
        format(string(Text1), "~w:~w: ~s", [Base, Line, Text0])
    ;   Text1 = Text0
    ),
    split_string(Text1, "", " \n", [Text]),
    assertz(load_error(Text)).

lab_main :-
    set_prolog_flag(debug_on_error, false),
    set_prolog_flag(report_error, true),
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    stream_property(Err, alias(user_error)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    set_stream(Err, encoding(utf8)),
    set_stream(In, alias(graficos_in)),
    set_stream(Out, alias(graficos_out)),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    set_stream(Err, alias(user_output)),
    set_input(Empty),
    set_output(Err),
    current_prolog_flag(argv, Argv),
    option_value(Argv, student, File),
    option_value(Argv, goal, GoalText),
    (   option_value(Argv, encoding, Encoding) -> true ; Encoding = utf8 ),
    (   option_value(Argv, seed, SeedText), atom_number(SeedText, Seed), integer(Seed)
    ->  set_random(seed(Seed))
    ;   true
    ),
    (   catch(load_student(File, Encoding), E, true)
    ->  true
    ;   E = failed
    ),
    findall(T, load_error(T), Errores0),
    (   length(Errores0, N), N > 20 -> length(Errores, 20), append(Errores, _, Errores0)
    ;   Errores = Errores0
    ),
    (   var(E)
    ->  tell_out(Out, _{gr: cargado, ok: true, errores: Errores}),
        run_goal(Out, GoalText)
    ;   error_text(E, Text),
        tell_out(Out, _{gr: cargado, ok: false, error: Text})
    ).

load_student(File, Encoding) :-
    setup_call_cleanup(
        assertz(loading),
        load_files(user:File, [encoding(Encoding), if(true)]),
        retractall(loading)).

run_goal(Out, GoalText) :-
    at_halt(halt_fin(Out)),
    (   catch(term_string(Goal, GoalText), E0, true), var(E0), callable(Goal)
    ->  (   catch(user:Goal, E, true)
        ->  (   var(E)
            ->  End = _{gr: fin, resultado: true}
            ;   E == graficos_cerrado
            ->  End = _{gr: fin, resultado: cerrado}
            ;   error_text(E, Text),
                End = _{gr: fin, resultado: error, error: Text}
            )
        ;   End = _{gr: fin, resultado: false}
        )
    ;   End = _{gr: fin, resultado: error, error: "the goal is not a Prolog goal"}
    ),
    assertz(fin_dicho),
    tell_out(Out, End).

%   halt_fin(+Out): the last line when the student's program calls halt/0 or
%   halt/1 itself (the course's template ends so after "¿Jugar de nuevo?"
%   No); a crash or a limit ends the process with no last line.
halt_fin(Out) :-
    (   fin_dicho
    ->  true
    ;   assertz(fin_dicho),
        tell_out(Out, _{gr: fin, resultado: halt})
    ).

tell_out(Out, Dict) :-
    catch(( with_output_to(string(Line), json_write_dict(current_output, Dict, [width(0)])),
            format(Out, "~s~n", [Line]),
            flush_output(Out)
          ), _, true).

error_text(E, Text) :-
    (   catch(( '$messages':translate_message(E, Lines, []),
                with_output_to(string(Text0),
                               print_message_lines(current_output, '', Lines))
              ), _, fail)
    ->  true
    ;   format(string(Text0), "~q", [E])
    ),
    (   string_length(Text0, L), L > 2000
    ->  sub_string(Text0, 0, 2000, _, Text)
    ;   Text = Text0
    ).

option_value(Argv, Key, Value) :-
    atom_concat('--', Key, Prefix0),
    atom_concat(Prefix0, '=', Prefix),
    member(Arg, Argv),
    atom_concat(Prefix, Value, Arg),
    !.
