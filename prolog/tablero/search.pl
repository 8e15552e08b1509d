:- module(tablero_search,
          [ search_main/0,      % the process: JSON lines in, JSON lines out
            search/2            % +Request:dict, -Reply:dict
          ]).

/** <module> The machine's search, in a process of its own

Start reading at prolog/tablero.pl and app/machine_pool.py.  A web worker's
Prolog runs on one thread: a search of a few seconds there would hold every
other move of that worker.  So the server hands a machine's turn to a pool of
`swipl` processes (app/machine_pool.py) running search_main/0 on this file:
one JSON object a line in, one a line out.  Each process loads every game and
answers

    {"game": "go", "state": StoredText, "traces": Traces, "limit": Seconds}
    {"game": "go", "options": OptionsJSON, "actions": ActionsJSON, "limit": Seconds}

(the stored state and the traces of its plies, newest first, as
prolog/tablero/cache.pl reads them; or, for a game whose traces are unknown,
its options and actions as JSON text, replayed) with the action that the
game's own game_machine/3 hook chooses for the player to move, and the goal
that made the choice (tablero:machine_decision/4, the panel's "machine: ..."
pair):

    {"ok": true, "action": {...}, "query": Q | null, "answer": A | null}
    {"ok": false, "code": "timeout"}                      past Seconds
    {"ok": false, "kind": K, "code": C, "message": M}      a refusal
    {"ok": false, "code": "error", "message": M}           any other error

Nothing is played here: the web worker plays the action through
tablero_cache's machine_chosen call, judged by its own rules like any action
and refused unless a machine seat is to move, with the pair first in its
explain, as if its own game_machine/3 had chosen it.
*/

:- use_module(library(http/json)).
:- use_module(library(time)).
:- use_module('../tablero', []).
:- use_module(plugins).
:- load_games.                  % every game that plugs in (plugins.pl)
:- use_module(cache, []).

%!  search_main is det.
%
%   The process's loop: `swipl -q -f none -g tablero_search:search_main -t
%   halt prolog/tablero/search.pl`.  Says {"ready": true} once the games are
%   loaded, then answers one request a line until the end of its input.
search_main :-
    set_prolog_flag(debug_on_error, false),
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    format(Out, "~w~n", ['{"ready": true}']),
    flush_output(Out),
    serve(In, Out).

serve(In, Out) :-
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  true
    ;   (   catch(atom_json_dict(Line, Request, [value_string_as(string)]), _, fail),
            is_dict(Request)
        ->  search(Request, Reply)
        ;   Reply = _{ok: false, code: "error", message: "The request is not a JSON object"}
        ),
        json_write_dict(Out, Reply, [width(0)]),
        nl(Out),
        flush_output(Out),
        garbage_collect,
        serve(In, Out)
    ).

%!  search(+Request:dict, -Reply:dict) is det.
%
%   The machine's choice for the game of Request (see the module header).
search(Request, Reply) :-
    (   get_dict(game, Request, GameS), string(GameS),
        get_dict(limit, Request, Limit), number(Limit), Limit > 0
    ->  atom_string(Game, GameS),
        catch(call_with_time_limit(Limit, chosen(Game, Request, Reply0)), E, true),
        (   var(E)
        ->  Reply = Reply0
        ;   E == time_limit_exceeded
        ->  Reply = _{ok: false, code: "timeout"}
        ;   catch(tablero:refusal_dict(Game, E, Refused), _, fail)
        ->  del_dict(explain, Refused, _, Reply)
        ;   format(string(M), "~q", [E]),
            Reply = _{ok: false, code: "error", message: M}
        )
    ;   Reply = _{ok: false, code: "error", message: "A request names a game and a limit"}
    ).

%   chosen(+Game, +Request, -Reply): the action game_machine/3 chooses in the
%   game of Request, and the goal it remembered (machine_decision/4).
chosen(Game, Request, _{ok: true, action: Action, query: Q, answer: A}) :-
    tablero:known_game(Game),
    state(Game, Request, State),
    b_setval(tablero_machine, none),
    tablero:machine_choice(Game, State, Action),
    (   nb_current(tablero_machine, decision(Game, _, _, Q0-A0))
    ->  Q = Q0, A = A0
    ;   Q = null, A = null
    ).

%   state(+Game, +Request, -State): the game as the web worker holds it.
state(Game, Request, State) :-
    (   get_dict(actions, Request, ActionsJSON)
    ->  get_dict(options, Request, OptionsJSON),
        tablero_cache:replayed(Game, OptionsJSON, ActionsJSON, State, _)
    ;   get_dict(state, Request, StateText),
        get_dict(traces, Request, TracesText),
        tablero_cache:traces(TracesText, Ts),
        tablero_cache:restored(Game, StateText, Ts, State)
    ).
