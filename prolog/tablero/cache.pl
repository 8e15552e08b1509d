:- module(tablero_cache,
          [ api_cached/10,      % +Call, +Game, +Limit, +Id, +Key, +NewKey, +State, +Traces, +Arg, -Text
            cache_clear/0,
            cache_size/1        % -Games
          ]).

/** <module> The games a worker keeps parsed, and the lean door Python calls

Start reading at prolog/tablero.pl: this module is its door for servers and
the REPL.  A worker (one Python process, one Prolog) keeps the game term of
every game it served lately, so that a move reads no state text and parses
none: Python names the game (Id) and the version of its state that
it holds (Key, made anew by Python for every new state and stored
beside the state text), and gets the new state text and the reply back.
Id, Key and NewKey are atoms or strings (Python passes strings: one C call
each, where an atom that Prolog may collect again takes three).

    api_cached(+Call, +Game, +Limit, +Id, +Key, +NewKey, +StateText,
               +Traces, +Arg, -Text)

Call is one of new, act, machine, machine_act, machine_chosen (these four
also as act_delta, machine_delta, ...), undo, view, show, score or replay;
Game a game of tablero; Limit the limit in seconds (a clock, or, for a
brief_call/1, about as many inferences).  With StateText "" the game is
taken from the cache: when this worker does not hold Id at Key the reply is
the refusal cache_miss, and Python calls again with the stored StateText and
the Traces of the game's plies (a string: their traces, newest first,
separated by spaces, "." for a ply that left none and "?" for one whose trace
is unknown; see tablero:game_restore/4).  The game is then kept under Key.

  - new (Arg: options JSON) and replay (StateText: options JSON, Arg: the
    actions JSON; the reply has `traces`, one per action) make a game, kept
    under NewKey;
  - act (Arg: the action JSON) and machine play one action on the game at
    Key; the result is kept under NewKey and the reply has its `trace`;
    act_delta as act, with the JSON text of what changed in the view
    (view_delta/3) in the place of the view's text: a move writes no whole
    view;
    machine_act (Arg: the action JSON) too, for the machine seat to move,
    its action chosen outside Prolog (tablero:api_machine_act/5: GNU Go);
    machine_chosen (Arg: {"action": ..., "query": Q, "answer": A}) too, for
    an action that a search process chose (prolog/tablero/search.pl), with
    its goal Q first in the explain as the machine's own choice;
    machine_delta, machine_act_delta and machine_chosen_delta as they are,
    with what changed in the view in the place of the view's text (as
    act_delta);
  - undo (StateText: the stored state before the last ply) takes the last
    ply back, from the game this worker holds at Key with the traces of its
    plies (else cache_miss: Python then restores it from the stored text and
    traces), and keeps it under NewKey; it writes no state;
  - view, show and score answer as tablero's api_view/4, api_show/4 and
    api_score/4, and write no state ("" before the newline).

Text is the state text as stored, a newline, the view's JSON text, a newline
and the rest of the JSON reply (as tablero's, without `view`, with `last`:
Python passes the view's text on as it is; "" for both texts after a
refusal), or "!timeout" past the time limit, "!failed" when
the rules failed (on a state that is no state of the game, say), or "!error "
followed by the error term for any other error.  A kept game is replaced by
the next state of the same Id; at most cache_limit/1 games are kept (the
least recently stored go first).  The key is only stored with the state by
Python once its write committed, so a state computed by a write that lost a
race is never found: nobody holds its key.
*/

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(library(yall)).
:- use_module(memory).           % give_back_stacks/0

:- dynamic kept/1.               % kept(Id): Id is kept

%   A kept game is the one record (recorded/3) under its Id's key:
%   kept(Key, State, Traces, Seq), Seq telling when it was stored
%   (get_time/1: a counter of flag/3 takes a mutex, 0.8 us a store).  A
%   record is written with one copy off the stacks and read with one copy
%   (1.4 and 0.6 us for a 19x19 Go game), where a clause would be
%   compiled; kept/1 names the Ids, asserted once per Id, so that storing a
%   game's next state changes no clause.  Not a global variable
%   (nb_setval/2): its copy freezes the global stack below it, so that all
%   the call's garbage, which discarding the call's frame would have given
%   back, waited for the garbage collector, which also marked every kept
%   game each time (20 of a move's 150 us, bench/prolog_move.pl).

%   cached(+Id, ?Key, -State, -Traces): Id is kept at Key.
cached(Id, Key, State, Ts) :-
    kept_var(Id, Var),
    recorded(Var, kept(Key0, State, Ts, _)),
    Key = Key0.

kept_var(Id, Var) :-
    atom_concat('$tablero_cache:', Id, Var).

%   cache_limit(-Games): how many games a worker keeps parsed.
cache_limit(256).

%!  api_cached(+Call, +Game, +Limit, +Id, +Key, +NewKey, +StateText, +Traces, +Arg, -Text) is det.
%
%   See the module header.
api_cached(Call, Game, Limit, Id0, Key0, NewKey0, StateText, Traces, Arg, Text) :-
    text_atom(Id0, Id),
    text_atom(Key0, Key),
    text_atom(NewKey0, NewKey),
    catch(limited(Call, Limit,
                  (   call_(Call, Game, Id, Key, NewKey, StateText, Traces, Arg, State, Reply)
                  ->  true
                  ;   E = failed
                  )),
          E, true),
    (   var(E)
    ->  atomics_to_string([State, "\n", Reply], Text)
    ;   E == failed
    ->  Text = "!failed"
    ;   memberchk(E, [time_limit_exceeded, inference_limit_exceeded])
    ->  Text = "!timeout"
    ;   format(string(Text), "!error ~q", [E])
    ),
    give_back_stacks.

%   text_atom(+Text, -Atom): an Id or a key, given as an atom or a string.
text_atom(Text, Atom) :-
    (   atom(Text) -> Atom = Text ; atom_string(Atom, Text) ).

%!  brief_call(?Call) is nondet.
%
%   Call plays at most one ply of the game's own rules (or reads the game):
%   its work is bounded and short (a 19x19 move: 0.15 ms; Go's count after
%   two passes: 40 ms).  It runs under an inference limit of about Limit
%   seconds (25 million inferences a second) instead of a clock: a clock's
%   alarm is installed and removed through SWI-Prolog's alarm thread, 6
%   thread switches and 13 us a call, more than the rest of a move's
%   overhead but the JSON; a loop in the rules still ends, with "!timeout".
%   The others (a machine's search, a replay of a whole game) keep the
%   clock.  app/games.py reads these to keep the GIL during them
%   (app/prolog.py's Bridge.call, `brief`).
brief_call(new).
brief_call(act).
brief_call(act_delta).
brief_call(machine_act).
brief_call(machine_act_delta).
brief_call(machine_chosen).
brief_call(machine_chosen_delta).
brief_call(undo).
brief_call(view).

%   limited(+Call, +Limit, :Goal): Goal (det) under Call's limit; throws
%   inference_limit_exceeded or time_limit_exceeded past it.
limited(Call, Limit, Goal) :-
    (   brief_call(Call)
    ->  Inferences is max(1, integer(Limit * 25_000_000)),
        call_with_inference_limit(Goal, Inferences, Result),
        (   Result == inference_limit_exceeded
        ->  throw(inference_limit_exceeded)
        ;   true
        )
    ;   call_with_time_limit(Limit, Goal)
    ).

call_(new, Game, Id, _, NewKey, _, _, OptionsJSON, Text, Reply) :-
    lean(Game,
         tablero_cache:( tablero:json_dict(OptionsJSON, Dict),
           tablero:game_options(Game, Dict, Options),
           tablero:game_new(Game, Options, State) ),
         State, [], [_]>>true, tablero_cache:keep(Game, Id, NewKey, []), Text, Reply).
call_(replay, Game, Id, _, NewKey, OptionsJSON, _, ActionsJSON, Text, Reply) :-
    lean(Game,
         tablero_cache:( replayed(Game, OptionsJSON, ActionsJSON, State, Traces),
                         reverse(Traces, Newest) ),
         State, ["traces"-Traces], [_]>>true, tablero_cache:keep(Game, Id, NewKey, Newest),
         Text, Reply).
call_(act, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply) :-
    act_(view, _, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply).
call_(act_delta, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply) :-
    act_(delta(Game, State0), State0, Game, Id, Key, NewKey, StateText, Traces,
         ActionJSON, Text, Reply).
call_(machine, Game, Id, Key, NewKey, StateText, Traces, Arg, Text, Reply) :-
    machine_(view, _, Game, Id, Key, NewKey, StateText, Traces, Arg, Text, Reply).
call_(machine_delta, Game, Id, Key, NewKey, StateText, Traces, Arg, Text, Reply) :-
    machine_(delta(Game, State0), State0, Game, Id, Key, NewKey, StateText, Traces, Arg,
             Text, Reply).
call_(machine_act, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply) :-
    machine_act_(view, _, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply).
call_(machine_act_delta, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply) :-
    machine_act_(delta(Game, State0), State0, Game, Id, Key, NewKey, StateText, Traces,
                 ActionJSON, Text, Reply).
call_(machine_chosen, Game, Id, Key, NewKey, StateText, Traces, ChoiceJSON, Text, Reply) :-
    machine_chosen_(view, _, Game, Id, Key, NewKey, StateText, Traces, ChoiceJSON, Text,
                    Reply).
call_(machine_chosen_delta, Game, Id, Key, NewKey, StateText, Traces, ChoiceJSON, Text,
      Reply) :-
    machine_chosen_(delta(Game, State0), State0, Game, Id, Key, NewKey, StateText, Traces,
                    ChoiceJSON, Text, Reply).
call_(undo, Game, Id, Key, NewKey, StateText, _, _, Text, Reply) :-
    lean(Game,
         tablero_cache:( taken_back(Game, Id, Key, StateText, State, Ts),
                         cache_put(Id, NewKey, State, Ts) ),
         State, [], [_]>>true, tablero_cache:no_text, Text, Reply).
call_(view, Game, Id, Key, _, StateText, Traces, _, Text, Reply) :-
    lean(Game, tablero_cache:game_at(Game, Id, Key, StateText, Traces, State, _),
         State, [], [_]>>true, tablero_cache:no_text, Text, Reply).
call_(show, Game, Id, Key, _, StateText, Traces, _, Text, Reply) :-
    lean(Game,
         tablero_cache:( game_at(Game, Id, Key, StateText, Traces, State, _),
           tablero:game_show(Game, State, Shown) ),
         State, ["text"-Shown], [_]>>true, tablero_cache:no_text, Text, Reply).
call_(score, Game, Id, Key, _, StateText, Traces, _, Text, Reply) :-
    lean(Game,
         tablero_cache:( game_at(Game, Id, Key, StateText, Traces, State, _),
           (   tablero:game_score(Game, State, Score)
           ->  true
           ;   tablero:refuse(Game, no_score, [])
           ) ),
         State, ["score"-Score], [_]>>true, tablero_cache:no_text, Text, Reply).

%   act_(+Form, ?State0, +Game, +Id, +Key, +NewKey, +StateText, +Traces,
%   +ActionJSON, -Text, -Reply): act and act_delta, one action played on the
%   game at Key (State0, the state before it), written in lean/9's Form.
act_(Form, State0, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text, Reply) :-
    lean(Form, Game,
         tablero_cache:( game_at(Game, Id, Key, StateText, Traces, State0, Ts0),
           tablero:json_dict(ActionJSON, Action),
           tablero:act(Game, State0, Action, State, Explain),
           trace(Game, State, Trace),
           push(Trace, Ts0, Ts) ),
         State, ["trace"-Trace|Explain], tablero:human_acted(Game),
         tablero_cache:keep(Game, Id, NewKey, Ts), Text, Reply).

%   machine_(+Form, ?State0, +Game, +Id, +Key, +NewKey, +StateText, +Traces,
%   +Arg, -Text, -Reply): machine and machine_delta, the game's own machine
%   player's action played on the game at Key (State0), written in lean/9's
%   Form.
machine_(Form, State0, Game, Id, Key, NewKey, StateText, Traces, _, Text, Reply) :-
    lean(Form, Game,
         tablero_cache:( game_at(Game, Id, Key, StateText, Traces, State0, Ts0),
           tablero:machine_choice(Game, State0, Action),
           tablero:act(Game, State0, Action, State, Explain),
           trace(Game, State, Trace),
           push(Trace, Ts0, Ts) ),
         State, ["trace"-Trace|Explain], [_]>>true,
         tablero_cache:keep(Game, Id, NewKey, Ts), Text, Reply).

%   machine_act_(+Form, ?State0, ...): machine_act and machine_act_delta, an
%   action chosen outside Prolog (GNU Go) for the machine seat to move.
machine_act_(Form, State0, Game, Id, Key, NewKey, StateText, Traces, ActionJSON, Text,
             Reply) :-
    lean(Form, Game,
         tablero_cache:( game_at(Game, Id, Key, StateText, Traces, State0, Ts0),
           tablero:machine_act(Game, State0, ActionJSON, View0, State, Explain),
           trace(Game, State, Trace),
           push(Trace, Ts0, Ts) ),
         State, ["trace"-Trace|Explain], tablero:machine_acted(Game, View0),
         tablero_cache:keep(Game, Id, NewKey, Ts), Text, Reply).

%   machine_chosen_(+Form, ?State0, ...): machine_chosen and
%   machine_chosen_delta, the action a search process chose.
machine_chosen_(Form, State0, Game, Id, Key, NewKey, StateText, Traces, ChoiceJSON, Text,
                Reply) :-
    lean(Form, Game,
         tablero_cache:( game_at(Game, Id, Key, StateText, Traces, State0, Ts0),
           tablero:json_dict(ChoiceJSON, Choice),
           chosen_act(Game, State0, Choice, View0, State, Explain),
           trace(Game, State, Trace),
           push(Trace, Ts0, Ts) ),
         State, ["trace"-Trace|Explain], tablero:machine_acted(Game, View0),
         tablero_cache:keep(Game, Id, NewKey, Ts), Text, Reply).

%   lean(+Game, :Goal, ?State, ?Explain, :Check, :Write, -Text, -Reply):
%   tablero's guarded/8, the view apart: Reply is the view's
%   JSON text, a newline and the rest of the reply (ok, explain, the extras,
%   and `last`, the view's last action, which Python reads without the view);
%   "" and the refusal after a refusal.  Python splices the view's text into
%   its answer and stores it as it is: it never parses or writes it again.
lean(Game, Goal, State, Explain, Check, Write, Text, Reply) :-
    lean(view, Game, Goal, State, Explain, Check, Write, Text, Reply).

%   lean(+Form, +Game, :Goal, ?State, ?Explain, :Check, :Write, -Text, -Reply):
%   as lean/8 with Form view; with Form delta(Game, State0) the text in the
%   view's place is the JSON of what changed from State0's view
%   (view_delta/3): a move writes no whole view, and the reply has no `last`
%   (the delta's, when it changed).  (Written apart from the reply, whose goal
%   texts hold quotes, the delta takes json_text/2's fast path.)
lean(Form, Game, Goal, State, Explain, Check, Write, Text, Reply) :-
    catch(( tablero:known_game(Game),
            Goal,
            tablero:full_view(Game, State, View),
            call(Check, View),
            call(Write, State, Text),
            tablero:explain_json(Explain, Ex, Extra),
            view_out(Form, View, Ex, ViewText, Dict0),
            put_dict(Extra, Dict0, Dict)
          ),
          Refusal,
          ( tablero:refusal_dict(Game, Refusal, Dict), Text = "", ViewText = "" )),
    tablero:json_text(Dict, JSON),
    atomics_to_string([ViewText, "\n", JSON], Reply).

%   view_out(+Form, +View, +Explain, -ViewText, -Reply): the view's text (or
%   the delta's) and the reply's dict but for the extras.
view_out(view, View, Ex, ViewText, _{ok:true, explain:Ex, last:Last}) :-
    tablero:json_text(View, ViewText),
    (   get_dict(last, View, Last) -> true ; Last = null ).
view_out(delta(Game, State0), View, Ex, DeltaText, _{ok:true, explain:Ex}) :-
    tablero:full_view(Game, State0, View0),
    view_delta(View0, View, Delta),
    tablero:json_text(Delta, DeltaText).

%!  view_delta(+View0, +View, -Delta) is det.
%
%   Delta is what changed from View0 to View, two views of one game:
%   `changed`, the keys whose value is new (with the new value), `items`,
%   for a key whose value is a list as long as before (a board's rows), the
%   entries that changed as [Index, Value] pairs (Index from 0), and
%   `removed`, the keys View0 has and View has not.  View is View0 with the
%   changed keys set, each list's items replaced and the removed keys
%   deleted (app/games.py's apply_delta, static/view-delta.js).
%
%   ?- view_delta(_{board:["-b", "--"], to_move:"w", dead:[], n:1},
%                 _{board:["-b", "w-"], to_move:"b", n:1, phase:"play"}, D).
%   D = _{changed:_{phase:"play", to_move:"b"}, items:_{board:[[1, "w-"]]},
%         removed:[dead]}.
view_delta(View0, View, _{changed:Changed, items:Items, removed:Removed}) :-
    dict_pairs(View0, _, Pairs0),
    dict_pairs(View, _, Pairs),
    delta_pairs(Pairs0, Pairs, CPairs, IPairs, Removed),
    dict_pairs(Changed, _, CPairs),
    dict_pairs(Items, _, IPairs).

%   delta_pairs(+Pairs0, +Pairs, -Changed, -Items, -Removed): the two views'
%   pairs (ordered by key) walked together.
delta_pairs([], Pairs, Pairs, [], []) :- !.
delta_pairs(Pairs0, [], [], [], Removed) :- !,
    pairs_keys(Pairs0, Removed).
delta_pairs([K0-V0|Pairs0], [K-V|Pairs], Cs, Is, Rs) :-
    compare(Order, K0, K),
    delta_pairs(Order, K0, V0, Pairs0, K, V, Pairs, Cs, Is, Rs).

delta_pairs(=, K, V0, Pairs0, _, V, Pairs, Cs, Is, Rs) :-
    (   same_value(V0, V)
    ->  Cs = Cs1, Is = Is1
    ;   V0 = [_|_], V = [_|_],
        changed_items(V0, V, 0, Items)
    ->  Is = [K-Items|Is1], Cs = Cs1
    ;   Cs = [K-V|Cs1], Is = Is1
    ),
    delta_pairs(Pairs0, Pairs, Cs1, Is1, Rs).
delta_pairs(<, K0, _, Pairs0, K, V, Pairs, Cs, Is, [K0|Rs]) :-
    delta_pairs(Pairs0, [K-V|Pairs], Cs, Is, Rs).
delta_pairs(>, K0, V0, Pairs0, K, V, Pairs, [K-V|Cs], Is, Rs) :-
    delta_pairs([K0-V0|Pairs0], Pairs, Cs, Is, Rs).

%   changed_items(+List0, +List, +Index, -Items): the [Index, Value] pairs
%   where List differs from List0, as long (fails if they are not).
changed_items([], [], _, []).
changed_items([X0|Xs0], [X|Xs], I, Items) :-
    I1 is I + 1,
    (   same_value(X0, X)
    ->  changed_items(Xs0, Xs, I1, Items)
    ;   Items = [[I, X]|Items1],
        changed_items(Xs0, Xs, I1, Items1)
    ).

%   same_value(+V0, +V): two JSON values are the same (dicts whatever their
%   tags: a view's dicts have unbound tags, bound here only for the test).
same_value(V0, V) :-
    (   V0 == V
    ->  true
    ;   compound(V0),
        \+ \+ V0 = V
    ).

%   chosen_act(+Game, +State0, +Choice, -View0, -State, -Explain): the
%   machine seat to move in State0 (whose view is View0) plays the action a
%   search process chose (Choice: {"action": Action, "query": Q, "answer":
%   A}, prolog/tablero/search.pl), as tablero's machine_act/6 plays GNU
%   Go's, with the search's goal Q and its answer A first in the explain.
chosen_act(Game, State0, Choice, View0, State, Explain) :-
    tablero:full_view(Game, State0, View0),
    (   get_dict(machine_to_move, View0, true) -> true ; tablero:refuse(Game, not_machine_turn, []) ),
    (   is_dict(Choice), get_dict(action, Choice, Action) -> true ; tablero:refuse(Game, bad_action, []) ),
    (   get_dict(query, Choice, Q), string(Q),
        get_dict(answer, Choice, A), string(A)
    ->  tablero:machine_chosen(Game, Q-A)
    ;   true
    ),
    tablero:act(Game, State0, Action, State, Explain).

%   game_at(+Game, +Id, +Key, +StateText, +Traces, -State, -Ts): the game Id
%   at Key: kept here (StateText ""), or read from StateText and its Traces
%   (and kept under Key from now on).  Ts is the trace of each ply, newest
%   first ('' for none), or unknown.
game_at(Game, Id, Key, StateText, Traces, State, Ts) :-
    (   StateText == ""
    ->  (   cached(Id, Key, State0, Ts0)
        ->  State = State0, Ts = Ts0
        ;   tablero:refuse(Game, cache_miss, [])
        )
    ;   traces(Traces, Ts),
        restored(Game, StateText, Ts, State),
        cache_put(Id, Key, State, Ts)
    ).

%   restored(+Game, +StateText, +Ts, -State): the stored state StateText
%   (refused, bad_state, when it is none of the game's: tablero:read_state/3)
%   with what the plies' traces Ts give back (tablero:game_restore/4).
restored(Game, StateText, Ts, State) :-
    tablero:read_state(Game, StateText, Stored),
    (   Ts == unknown -> Left = unknown ; exclude(==(''), Ts, Left) ),
    (   tablero:game_restore(Game, Stored, Left, State0)
    ->  State = State0
    ;   State = Stored
    ).

%   taken_back(+Game, +Id, +Key, +StateText, -State, -Ts): the game Id
%   before its last ply, whose stored state is StateText, when this worker
%   holds it at Key with the traces of its plies (else cache_miss).
taken_back(Game, Id, Key, StateText, State, Ts) :-
    (   cached(Id, Key, _, [_|Ts])
    ->  restored(Game, StateText, Ts, State)
    ;   tablero:refuse(Game, cache_miss, [])
    ).

push(_, unknown, unknown) :- !.
push(Trace, Ts, [Trace|Ts]).

%   traces(+Text, -Traces): the traces of Python's text (see the module
%   header), newest first, '' for a ply that left none; or unknown.
traces(Text, Traces) :-
    split_string(Text, " ", "", Parts),
    (   memberchk("?", Parts)
    ->  Traces = unknown
    ;   foldl(trace_part, Parts, Atoms, []),
        Traces = Atoms
    ).

trace_part("") --> !.
trace_part(".") --> !, [''].
trace_part(S) --> { atom_string(A, S) }, [A].

%   trace(+Game, +State, -Trace): what the last ply left (tablero:
%   game_trace/3), or '' (nothing).
trace(Game, State, Trace) :-
    (   tablero:game_trace(Game, State, T) -> Trace = T ; Trace = '' ).

%   replayed(+Game, +OptionsJSON, +ActionsJSON, -State, -Traces): as
%   tablero's replay, with the trace of every action.
replayed(Game, OptionsJSON, ActionsJSON, State, Traces) :-
    tablero:json_dict(OptionsJSON, Dict),
    tablero:game_options(Game, Dict, Options),
    tablero:json_dict(ActionsJSON, Actions),
    (   is_list(Actions) -> true ; tablero:refuse(Game, bad_action, []) ),
    tablero:game_new(Game, Options, State0),
    foldl(replay_(Game), Actions, Traces, State0, State).

replay_(Game, Action, Trace, S0, S) :-
    tablero:act(Game, S0, Action, S, _),
    trace(Game, S, Trace).

%   keep(+Game, +Id, +Key, +Ts, +State, -Text): keep State (with the traces
%   of its plies) as Id at Key; Text is its stored form
%   (tablero:game_stored/3) as text.
keep(Game, Id, Key, Ts, State, Text) :-
    cache_put(Id, Key, State, Ts),
    (   tablero:game_stored(Game, State, Stored) -> true ; Stored = State ),
    tablero:state_text(Stored, Text).

no_text(_, "").

%   cache_put(+Id, +Key, +State, +Ts): Id is now at Key, its plies' traces
%   Ts.  Past cache_limit/1 games, the quarter stored least recently is
%   dropped.
cache_put(Id, Key, State, Ts) :-
    kept_var(Id, Var),
    (   recorded(Var, _, Old) -> erase(Old), New = false ; New = true ),
    get_time(Seq),
    recordz(Var, kept(Key, State, Ts, Seq)),
    (   New == true
    ->  assertz(kept(Id)),
        flag(tablero_cache_size, N0, N0 + 1),
        N is N0 + 1,
        cache_limit(Max),
        (   N > Max
        ->  findall(S-I, ( kept(I), kept_var(I, V), recorded(V, kept(_, _, _, S)) ), Pairs),
            keysort(Pairs, Sorted),
            Drop is N - Max * 3 // 4,
            length(Old, Drop),
            append(Old, _, Sorted),
            forall(member(_-I, Old), forget(I))
        ;   true
        )
    ;   true
    ).

forget(Id) :-
    (   retract(kept(Id))
    ->  flag(tablero_cache_size, N, N - 1)
    ;   true
    ),
    kept_var(Id, Var),
    forall(recorded(Var, _, Ref), erase(Ref)).

%!  cache_clear is det.
%
%   Forget every kept game (the next call of each misses).
cache_clear :-
    forall(kept(Id), forget(Id)).

%!  cache_size(-Games) is det.
%
%   Games is the number of games kept now.
cache_size(N) :-
    flag(tablero_cache_size, N, N).
