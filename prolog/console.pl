:- module(console,
          [ console_main/0,          % the worker: JSON lines in, JSON lines out
            console_init/0,          % flags and limits of a worker (once)
            console_query/2,         % +Request:dict, -Reply:dict
            console_bound/3,         % +Game, +State, -Bound:list(Name=Value)
            console_limits/1         % -Limits:dict
          ]).

/** <module> The console: a student's goal about the current position, sandboxed

Start reading at console_query/2.  A page's console sends a goal (text) about
the position of its game; app/console.py hands it, with the game's name and
its stored state text, to a `swipl` worker process that runs console_main/0:
one JSON object a line in, one a line out.  Nothing of this runs in a web
worker's Prolog.

## What a query may do

The goal is read with term_string/3 (never spliced into code) in a temporary
module of its own that imports the game's predicates (console_game/3), so a
student's assertz/1 lands there and is gone after the query.  The variables
named in console_bound/3 are bound to the position before the goal runs:

    go        Board (the course's list of rows, each a list of "-", "b", "w"),
              Player ("b"/"w", to move), Game (the go_rules game term)
    molinolog State (the rules state), Size (the course's T: 1, 2 or 3),
              Player (b/w); print_state/0 and estado_actual/1 show this
              position (the course's game in progress)
    gorogo    Board (the documents' 5x5 matrix of 0-3), State, Player (1/2);
              jogada/3 and updateTable/2 play on this position
    azul      State (the rules state), Player (0.. the player to move)

The goal must then pass safe_goal/1 of library(sandbox) (else `refused`, with
its reason in words; the games' predicates were proved safe once, see
proven/3), and runs in a thread of its own with a stack limit, under
call_with_time_limit/2 and call_with_inference_limit/3, watched by the main
thread, which aborts it should it catch those limits' exceptions and go on
(stop_thread/1).  At most
`max` answers (10) are collected, each printed as the toplevel prints it
(the toplevel's own translate_bindings and answer messages, so `X = Y, Y = 1`,
`_A`, residual goals and quoted strings come out the same), except that
variables whose name starts with `_` are not shown (as with
`set_prolog_flag(toplevel_print_anon, false)`) and terms are printed to depth
64 instead of 10, so a 19x19 board shows whole.

## The reply

    {"ok": true, "answers": [{"bindings": {"A": "[...]"}, "text": "A = [...]",
      "output": "what it printed before this answer"}], "more": Bool,
     "det": Bool, "output": "printed after the last answer", "stopped": null |
     {"code", "message"}, "toplevel": "A = ... ;\nfalse.", "time_ms": N,
     "inferences": N, "bound": ["Board", ...]}
    {"ok": false, "error": {"code": "syntax"|"refused"|"timeout"|
     "inferences"|"memory"|"error"|"bad_request", "message": Text}}

`more` is true when the search stopped at `max` answers with a choice point
left; `det` when the last answer left none.  A goal that raised an error or
passed a limit after some answers gives them with `stopped`; before any answer
it is an error reply.  Output is capped at 16,000 characters, an answer's
text at 20,000.

The answers and the error replies are made by console/answers.pl
(console_answers/6, console_error/3); this module is the worker, its
limits, the games' modules and the sandbox's declarations, and the query up
to the sandbox's check.
*/

:- use_module(library(sandbox)).
:- use_module(library(time)).
:- use_module(library(modules)).
:- use_module(library(readutil)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(occurs)).
:- use_module(library(http/json)).
:- use_module(console/answers).

:- use_module(tablero, []).
:- use_module(tablero/plugins).

%   Every game that plugs in (prolog/tablero/plugins.pl): Tablero's four
%   beside this file, and those named on the worker's command line.
:- load_games.

                 /*******************************
                 *             LIMITS           *
                 *******************************/

%!  console_limits(-Limits) is det.
%
%   The limits of one query: seconds (wall clock, the sandbox check, the
%   search and the printing of the answers), inferences, stack (bytes of
%   Prolog stacks of the query's thread), max_answers, goal_chars (the
%   longest goal text), output_chars and answer_chars (what is kept).
console_limits(_{seconds: 3, inferences: 20 000 000, stack: 268 435 456,
                 max_answers: 10, goal_chars: 2000, output_chars: 16000,
                 answer_chars: 20000}).

                 /*******************************
                 *      THE GAMES' MODULES      *
                 *******************************/

%   console_game(?Game, -Module, -Imports): a query about Game runs in a
%   temporary module that imports from Module, which imports the exports of
%   the modules Imports (the game's tablero:game_console/2, else its entry
%   module).  Made for every game that plugged in (console_games/0).
:- dynamic console_game/3.

console_games :-
    forall(( tablero:game(Game), \+ console_game(Game, _, _) ),
           console_game_module(Game)).

console_game_module(Game) :-
    (   catch(tablero:game_console(Game, Imports), _, fail) -> true ; Imports = [Game] ),
    atom_concat(console_, Game, Module),
    forall(( member(Import, Imports),
             module_property(Import, file(File)) ),
           Module:use_module(File)),
    assertz(console_game(Game, Module, Imports)).

:- console_games.

%!  console_bound(+Game, +State, -Bound) is det.
%
%   Bound is the list Name=Value of the variables a goal about Game finds
%   bound to the position State (the game's stored state term): the game's
%   tablero:game_console_bound/3, else State alone.
console_bound(Game, State, Bound) :-
    (   catch(tablero:game_console_bound(Game, State, Bound0), _, fail)
    ->  Bound = Bound0
    ;   Bound = ['State'=State]
    ).

%   Output to the current output is what the console shows with each
%   answer (captured per query): library(sandbox) allows format/1,2 and
%   writeln/1 but not these, which students use as much.  write_term/2,3
%   stay out (options such as portray_goal/1 call goals).
:- multifile sandbox:safe_primitive/1.
sandbox:safe_primitive(system:write(_)).
sandbox:safe_primitive(system:writeq(_)).
sandbox:safe_primitive(system:print(_)).
sandbox:safe_primitive(system:write_canonical(_)).
sandbox:safe_primitive(system:nl).
sandbox:safe_primitive(system:tab(_)).
sandbox:safe_primitive(system:put_char(_)).

%   The Go machine player's seed(S) option (go_machine_action/3) sets and
%   restores the random state: harmless in a console worker, a process of
%   its own.
sandbox:safe_primitive(system:random_property(_)).
sandbox:safe_primitive(system:set_random(_)).
%   The Go machine's pattern table: made once and kept in a global variable
%   of its own (go/playout.pl); the console may read it, never set it.
sandbox:safe_primitive(go_playout:pattern_table(_)).
%   The same for the table of the learned gammas of 3x3 shapes (go/prior.pl).
sandbox:safe_primitive(go_prior:gamma_table(_)).

%   A message printed while a query runs (print_message/2 of any kind, by
%   the goal or by a library it called) goes with its output, as the
%   toplevel shows errors and warnings in the terminal; other kinds are
%   dropped.  The hook always succeeds, so SWI-Prolog's own printing never
%   sees the message: its lines may come from a term the goal built, and
%   printing `format('~@', [G])` would call G (library(sandbox) declares
%   print_message/2 safe).  console_safe_lines/2 keeps only formats that
%   call nothing.
:- thread_local in_query/0.
:- multifile user:message_hook/3.
:- dynamic user:message_hook/3.
user:message_hook(_, Kind, Lines0) :-
    console:in_query,
    (   message_prefix(Kind, Prefix)
    ->  console_safe_lines(Lines0, Lines),
        catch(print_message_lines(current_output, Prefix, Lines), _, true)
    ;   true
    ).

message_prefix(error, 'ERROR: ').
message_prefix(warning, 'Warning: ').

%   proven(?Module, ?Name, ?Arity): library(sandbox) proved the most
%   general call of Module:Name/Arity safe (console_init/0 tries every
%   predicate the games' console modules import).  Any call of it is then
%   safe, and the hook below lets safe_goal/1 stop there instead of
%   walking its call graph again for every query (go_play/4 takes it
%   ~100 ms).  This is what safe_goal/1 itself concludes from the most
%   general form, only remembered; meta-predicates are left out.
:- dynamic proven/3.

:- multifile sandbox:safe_meta/2.
sandbox:safe_meta(M:G, []) :-
    atom(M),
    callable(G),
    functor(G, Name, Arity),
    console:proven(M, Name, Arity).

prove_imports :-
    retractall(proven(_, _, _)),
    forall(( console_game(_, CM, _),
             predicate_property(CM:Head, imported_from(Def)),
             \+ predicate_property(CM:Head, meta_predicate(_)),
             functor(Head, Name, Arity),
             \+ proven(Def, Name, Arity),
             functor(General, Name, Arity),
             catch(safe_goal(Def:General), _, fail)
           ),
           assertz(proven(Def, Name, Arity))).

%   prepare(+Game, +State): what a game's library keeps besides its
%   arguments is set to the position before the query (the game's
%   tablero:game_console_prepare/2: GoRoGo's stored game for jogada/3,
%   Molinolog's course game for print_state/0 and estado_actual/1).
prepare(Game, State) :-
    (   catch(tablero:game_console_prepare(Game, State), _, fail)
    ->  true
    ;   true
    ).

%   error_reply(+E, +Limits, -Reply): an error reply for what query/3 threw.
error_reply(E, Limits, _{ok: false, error: Body}) :-
    console_error(E, Limits, Body).

                 /*******************************
                 *            THE WORKER        *
                 *******************************/

%!  console_main is det.
%
%   The worker's main loop: `swipl ... -g console:console_main -t halt
%   prolog/console.pl`.  Reads one JSON request a line from standard input
%   and writes one JSON reply a line to standard output; ends at the end of
%   its input.  Before the first request the aliases user_input and
%   user_output are given to an empty stream and a null stream, and the
%   channel is kept only as two stream handles, so nothing a goal reads or
%   prints can touch it.
console_main :-
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    open_null_stream(Null),
    set_stream(Null, alias(user_output)),
    set_input(Empty),
    set_output(Null),
    console_init,
    format(Out, "~w~n", ['{"ready": true}']),
    flush_output(Out),
    serve(In, Out).

serve(In, Out) :-
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  true
    ;   (   catch(atom_json_dict(Line, Request, [value_string_as(string)]), _, fail),
            is_dict(Request)
        ->  console_query(Request, Reply)
        ;   Reply = _{ok: false, error: _{code: "bad_request",
                                          message: "The request is not a JSON object"}}
        ),
        json_write_dict(Out, Reply, [width(0)]),
        nl(Out),
        flush_output(Out),
        garbage_collect,
        serve(In, Out)
    ).

%!  console_init is det.
%
%   The flags of a worker: errors do not start the debugger, answers are
%   printed as the toplevel prints them (to depth 64, variables starting
%   with `_` hidden, fresh variables named _A, _B), and the flags a goal may
%   set (library(sandbox)'s safe_prolog_flag/2) are remembered to be reset
%   after each query.  The predicates the games offer are proved safe once
%   (prove_imports/0).
console_init :-
    set_prolog_flag(debug_on_error, false),
    set_prolog_flag(report_error, true),
    flag_value(answer_write_options,
               [quoted(true), portray(true), max_depth(64), spacing(next_argument)]),
    flag_value(toplevel_print_anon, false),
    flag_value(toplevel_name_variables, true),
    flag_value(toplevel_print_factorized, false),
    retractall(saved_flag(_, _)),
    forall(( clause(sandbox:safe_prolog_flag(Flag, _), true),
             atom(Flag),
             current_prolog_flag(Flag, Value) ),
           assertz(saved_flag(Flag, Value))),
    prove_imports.

:- dynamic saved_flag/2.

flag_value(Flag, Value) :-
    (   current_prolog_flag(Flag, _)
    ->  set_prolog_flag(Flag, Value)
    ;   create_prolog_flag(Flag, Value, [])
    ).

%   restore: after a query, the flags a goal may set are as they were
%   before it (what a game's library keeps is set again by prepare/2 before
%   the next query).
restore :-
    forall(saved_flag(Flag, Value),
           catch(set_prolog_flag(Flag, Value), _, true)).

                 /*******************************
                 *            A QUERY           *
                 *******************************/

%!  console_query(+Request, -Reply) is det.
%
%   Request is a dict: game (a string: go, molinolog, gorogo, azul), state
%   (the game's stored state text, as tablero.pl writes it), optionally
%   traces (its plies' traces, newest first: restored_state/4), goal (the
%   student's text) and optionally max (answers, 1..10).  Reply is the dict
%   described in the module header.  The query runs in a thread of its own
%   (its stack limit; its global variables and flags die with it); what it
%   may have changed of this process (flags, Molinolog's depth) is reset
%   after it.  A query that has not answered after twice the time limit and
%   a second is stopped (stop_thread/1).
console_query(Request, Reply) :-
    console_limits(Limits),
    thread_self(Me),
    thread_create(query_thread(Me, Request, Limits), Id,
                  [stack_limit(Limits.stack)]),
    Watch is Limits.seconds * 2 + 1,
    (   thread_get_message(Me, console_reply(Id, Reply0), [timeout(Watch)])
    ->  thread_join(Id, _),
        Reply = Reply0
    ;   stop_thread(Id),
        drain(Me, Id),
        format(string(Message),
               "The goal did not finish within ~w seconds (it caught the time limit's \c
                exception?): stopped", [Watch]),
        Reply = _{ok: false, error: _{code: "timeout", message: Message}}
    ),
    restore.

%   stop_thread(+Id): the watchdog.  A goal can catch the exceptions of
%   call_with_time_limit/2 and call_with_inference_limit/3 (catch/3 with
%   a variable catcher) and go on; '$aborted' it can hold up only while a
%   recovery goal runs, and then it is thrown again.  So: abort the query's
%   thread every 0.1 s until it ends; a thread that is still running after
%   3 s (a foreign call that does not see signals) ends the process, and
%   app/console.py starts another.
stop_thread(Id) :-
    between(1, 30, _),
    catch(thread_signal(Id, abort), _, true),
    sleep(0.1),
    \+ ( catch(thread_property(Id, status(running)), _, fail) ),
    !,
    catch(thread_join(Id, _), _, true).
stop_thread(_) :-
    halt(3).

drain(Me, Id) :-
    (   thread_get_message(Me, console_reply(Id, _), [timeout(0)])
    ->  drain(Me, Id)
    ;   true
    ).

query_thread(Parent, Request, Limits) :-
    assertz(in_query),
    thread_self(Me),
    catch(query(Request, Limits, Reply), E, error_reply(E, Limits, Reply)),
    thread_send_message(Parent, console_reply(Me, Reply)).

query(Request, Limits, Reply) :-
    request(Request, Limits, Game, StateText, GoalText, Max),
    console_game(Game, Import, _),
    nb_setval(console_import, Import),
    term_string(Stored, StateText),
    restored_state(Game, Stored, Request, State),
    console_bound(Game, State, Bound),
    prepare(Game, State),
    get_time(T0),
    statistics(inferences, I0),
    in_temporary_module(
        M,
        add_import_module(M, Import, start),
        run(Game, M, GoalText, Bound, Max, Limits, Reply0)),
    get_time(T1),
    statistics(inferences, I1),
    Ms is round((T1 - T0) * 1000),
    Inf is I1 - I0,
    findall(Name, member(Name=_, Bound), Names),
    Reply = Reply0.put(_{time_ms: Ms, inferences: Inf, bound: Names}).

%   restored_state(+Game, +Stored, +Request, -State): the game's state with
%   what its stored text leaves out (Go's superko history) given back by the
%   plies' traces in the request (strings, newest first, "" for a ply that
%   left none; tablero:game_restore/4); the stored state itself when the
%   game keeps all of it in its text or the traces are unknown (null).
restored_state(Game, Stored, Request, State) :-
    (   get_dict(traces, Request, Texts0), is_list(Texts0), maplist(text, Texts0)
    ->  exclude(==(""), Texts0, Texts),
        maplist(trace_atom, Texts, Traces),
        (   catch(tablero:game_restore(Game, Stored, Traces, State0), _, fail)
        ->  State = State0
        ;   State = Stored
        )
    ;   State = Stored
    ).

trace_atom(Text, Atom) :-
    atom_string(Atom, Text).

request(Request, Limits, Game, StateText, GoalText, Max) :-
    (   get_dict(game, Request, GameText), text(GameText),
        atom_string(Game, GameText), console_game(Game, _, _)
    ->  true
    ;   findall(G, console_game(G, _, _), Gs),
        atomic_list_concat(Gs, ', ', Known),
        format(string(Must), "game must name a game: ~w", [Known]),
        throw(console(bad_request, Must))
    ),
    (   get_dict(state, Request, StateText), text(StateText)
    ->  true
    ;   throw(console(bad_request, "state must be the game's state text"))
    ),
    (   get_dict(goal, Request, GoalText), text(GoalText)
    ->  true
    ;   throw(console(bad_request, "goal must be a string"))
    ),
    string_length(GoalText, Length),
    (   Length > Limits.goal_chars
    ->  format(string(Too), "The goal is longer than ~D characters", [Limits.goal_chars]),
        throw(console(bad_request, Too))
    ;   true
    ),
    (   get_dict(max, Request, Max0)
    ->  (   integer(Max0), between(1, Limits.max_answers, Max0)
        ->  Max = Max0
        ;   format(string(BadMax), "max must be an integer from 1 to ~d",
                   [Limits.max_answers]),
            throw(console(bad_request, BadMax))
        )
    ;   Max = Limits.max_answers
    ).

text(X) :- string(X), !.
text(X) :- atom(X).

%   run(+Game, +Module, +GoalText, +Bound, +Max, +Limits, -Reply): read the
%   goal in Module, bind, check, call.
run(Game, M, GoalText, Bound, Max, Limits, Reply) :-
    nb_setval(console_module, M),
    read_goal(M, GoalText, Goal, Names),
    confined(Game, M, Goal),
    bind(Names, Bound, Shown),
    declare_asserted(M, Goal),
    T = Limits.seconds,
    catch(call_with_time_limit(T, safe_goal(M:Goal)), E, true),
    (   var(E)
    ->  console_answers(M, Goal, Shown, Max, Limits, Reply0),
        hinted(Game, Goal, Reply0, Reply)
    ;   E == time_limit_exceeded
    ->  throw(console(timeout, "The sandbox did not finish checking the goal in time"))
    ;   throw(refused(E))
    ).

%   hinted(+Game, +Goal, +Reply0, -Reply): a goal that found no answer gets
%   the game's hint when it has one (tablero:game_console_hint/3: Go's
%   players are the strings "b" and "w", not the atoms), under `hint` and as
%   a comment after the toplevel's `false.`.
hinted(Game, Goal, Reply0, Reply) :-
    (   Reply0.answers == [],
        Reply0.stopped == null,
        catch(tablero:game_console_hint(Game, Goal, Hint), _, fail),
        string(Hint)
    ->  string_concat(Reply0.toplevel, "\n% ", T0),
        string_concat(T0, Hint, Toplevel),
        Reply = Reply0.put(_{hint: Hint, toplevel: Toplevel})
    ;   Reply = Reply0
    ).

%   confined(+Game, +M, +Goal): Goal names no module (Module:G anywhere in
%   it) but its own (M, the game's console module), the game's (go,
%   go_rules, ...) and SWI-Prolog's libraries: a console about one game
%   cannot reach another game's modules (gorogo:gorogo_set_current/1
%   from a Go console), ours (tablero, console) or the system's ('$messages',
%   system, user).  Else `refused`, naming the module.
confined(Game, M, Goal) :-
    (   sub_term(Sub, Goal),
        compound(Sub),
        Sub = Module:_,
        atom(Module),
        current_module(Module),
        \+ allowed_module(Game, M, Module)
    ->  format(string(Message),
               "This console answers goals about ~w: a call into the module ~q is not \c
                allowed here", [Game, Module]),
        throw(console(refused, Message))
    ;   true
    ).

allowed_module(_, M, M) :- !.
allowed_module(Game, _, Module) :-
    console_game(Game, Module, _),
    !.
allowed_module(Game, _, Module) :-
    (   Module == Game
    ->  true
    ;   atom_concat(Game, '_', Prefix),
        sub_atom(Module, 0, _, _, Prefix)
    ),
    !.
allowed_module(_, _, Module) :-
    \+ memberchk(Module, [system, user, prolog, sandbox]),
    \+ sub_atom(Module, 0, _, _, '$'),
    module_property(Module, file(File)),
    absolute_file_name(swi(library), Library, [file_type(directory), access(read)]),
    sub_atom(File, 0, _, _, Library).

%   read_goal(+Module, +Text, -Goal, -Names): Text is one term, a final full
%   stop allowed; Names its variables (Name=Var).
read_goal(M, Text, Goal, Names) :-
    split_string(Text, "", " \t\r\n", [Trimmed]),
    (   Trimmed == ""
    ->  throw(console(syntax, "Type a goal, for example: X is 1 + 2"))
    ;   true
    ),
    catch(term_string(Goal, Trimmed,
                      [module(M), variable_names(Names), syntax_errors(error)]),
          error(syntax_error(What), Context),
          syntax(What, Context, Trimmed)),
    (   var(Goal)
    ->  throw(console(syntax, "The goal is a variable: there is nothing to call"))
    ;   callable(Goal)
    ->  true
    ;   format(string(Not), "~q is not a goal (a goal is an atom or a compound term)",
               [Goal]),
        throw(console(syntax, Not))
    ).

syntax(What, Context, Text) :-
    console_message_text(error(syntax_error(What), Context), Message0),
    (   Context = string(_, Pos), integer(Pos)
    ->  sub_string(Text, 0, Pos, _, Before),
        sub_string(Text, Pos, _, 0, After),
        format(string(Message), "Syntax error: ~w (at character ~d: ~s<here>~s)",
               [What, Pos, Before, After])
    ;   Message = Message0
    ),
    throw(console(syntax, Message)).

%   declare_asserted(+M, +Goal): the facts Goal asserts or retracts (its
%   own arguments, unqualified) are declared dynamic in M, as a clause of
%   the toplevel's user module would find them: safe_goal/1 checks the
%   whole goal before it runs and would call `assertz(f(1)), f(X)` an
%   unknown procedure.  Only predicates that M does not see already.
declare_asserted(M, Goal) :-
    forall(( sub_term(Sub, Goal),
             compound(Sub),
             compound_name_arity(Sub, F, 1),
             memberchk(F, [assert, asserta, assertz, retract, retractall]),
             arg(1, Sub, Clause),
             callable(Clause),
             Clause \= _:_,
             Clause \= (_ :- _),
             functor(Clause, Name, Arity),
             functor(Head, Name, Arity),
             \+ predicate_property(M:Head, visible)
           ),
           catch(dynamic(M:Name/Arity), _, true)).

%   bind(+Names, +Bound, -Shown): the variables of Bound named in the goal
%   take their values; Shown are the others.
bind([], _, []).
bind([Name=Var|Names], Bound, Shown) :-
    (   memberchk(Name=Value, Bound)
    ->  Var = Value,
        Shown = Shown1
    ;   Shown = [Name=Var|Shown1]
    ),
    bind(Names, Bound, Shown1).
