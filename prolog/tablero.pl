:- module(tablero,
          [ api_games/1,        % -GamesJSON
            api_new/4,          % +Game, +OptionsJSON, -State, -ReplyJSON
            api_act/5,          % +Game, +StateText, +ActionJSON, -State, -ReplyJSON
            api_view/4,         % +Game, +StateText, -State, -ReplyJSON
            api_machine/4,      % +Game, +StateText, -State, -ReplyJSON
            api_replay/5,       % +Game, +OptionsJSON, +ActionsJSON, -State, -ReplyJSON
            api_text/2          % :Call, -Text
          ]).

/** <module> The one door between Python and the games

Start reading here if you come from app/prolog.py.  Python never builds a game
query of its own: it calls the five api_* predicates below with the game's name (a
closed set of atoms) and JSON text that Prolog parses itself, so no user text is
ever read as Prolog code.  Every api_* predicate succeeds once, with State the
new game state as text (to store; "" after a refusal) and a JSON reply:

    {"ok": true,  "view": {...}, "explain": [{"query":Q,"answer":A}, ...]}
    {"ok": false, "kind": "invalid"|"refused", "code": Code, "message": Message,
     "explain": [...]}

`kind` is "invalid" for a malformed request (HTTP 400) and "refused" when the
rules say no (HTTP 409).  `code` is a stable atom (occupied, suicide, ko, ...) that
the browser translates; `message` is a sentence in English.

## The game protocol

A game module (go.pl, molinolog.pl, ...) plugs in by defining clauses of these
multifile hooks, the first argument being its name:

    tablero:game_new(+Game, +Options:dict, -State)
    tablero:game_act(+Game, +State0, +Action:dict, -State, -Explain)
    tablero:game_view(+Game, +State, -View:dict)
    tablero:game_machine(+Game, +State, -Action:dict)       (optional)
    tablero:game_seat(+Game, +State, -Player)                (optional)

game_seat/3 names who holds the seat to move: human, or anything else for a
machine (machine, greedy, ...).  api_act/5 (a person's action) refuses an action
the rules would take on a machine's turn with the code machine_turn (after the
other checks, so a malformed or illegal action still says what is wrong with
it); api_machine/4 plays that turn instead.

State is any ground Prolog term; it is stored as text (term_string/2), so a
stored game comes back exactly.  Explain is a list of Query-Answer pairs of
strings: the rule predicates that decided the action, for the Prolog panel.  A
hook refuses with throw(tablero(Kind, Code, Message)) where Kind is invalid or
refused; game_view/3 returns a dict with at least `to_move` and `over`.
*/

:- use_module(library(http/json)).

:- multifile
    game/1,
    game_new/3,
    game_act/5,
    game_view/3,
    game_machine/3,
    game_seat/3.

%!  game(?Game) is nondet.
%
%   Game is the name of a game that has plugged in.

%!  api_games(-GamesJSON) is det.
%
%   GamesJSON is a JSON list of the games that have plugged in.
api_games(JSON) :-
    findall(G, game(G), Gs),
    json_text(Gs, JSON).

%!  api_new(+Game, +OptionsJSON, -StateText, -ReplyJSON) is det.
%
%   A new game of Game with the options in OptionsJSON.
api_new(Game, OptionsJSON, Text, Reply) :-
    guarded(( known_game(Game),
              json_dict(OptionsJSON, Options),
              game_new(Game, Options, State)
            ), Game, State, [], Text, Reply).

%!  api_act(+Game, +StateText, +ActionJSON, -NewStateText, -ReplyJSON) is det.
%
%   The game after the action in ActionJSON, or why the action was refused.
api_act(Game, StateText, ActionJSON, Text, Reply) :-
    guarded(( known_game(Game),
              state_text(State0, StateText),
              json_dict(ActionJSON, Action),
              act(Game, State0, Action, State, Explain),
              human_seat(Game, State0)
            ), Game, State, Explain, Text, Reply).

%!  api_view(+Game, +StateText, -StateText, -ReplyJSON) is det.
%
%   The view of a stored game.
api_view(Game, StateText, Text, Reply) :-
    guarded(( known_game(Game),
              state_text(State, StateText)
            ), Game, State, [], Text, Reply).

%!  api_machine(+Game, +StateText, -NewStateText, -ReplyJSON) is det.
%
%   The machine player chooses an action for the player to move and plays it;
%   the reply has the chosen action under `action`.
api_machine(Game, StateText, Text, Reply) :-
    guarded(( known_game(Game),
              state_text(State0, StateText),
              (   game_machine(Game, State0, Action)
              ->  true
              ;   throw(tablero(refused, no_machine_move, "The machine has no move to play here"))
              ),
              act(Game, State0, Action, State, Explain0),
              Explain = ["action"-Action|Explain0]
            ), Game, State, Explain, Text, Reply).

%!  api_replay(+Game, +OptionsJSON, +ActionsJSON, -StateText, -ReplyJSON) is det.
%
%   Replays a stored game: a new game with the options, then every action of
%   the JSON list in order.  Used to undo (replay all but the last action).
api_replay(Game, OptionsJSON, ActionsJSON, Text, Reply) :-
    guarded(( known_game(Game),
              json_dict(OptionsJSON, Options),
              json_dict(ActionsJSON, Actions),
              must_be_list(Actions),
              game_new(Game, Options, State0),
              foldl(replay_(Game), Actions, State0, State)
            ), Game, State, [], Text, Reply).

human_seat(Game, State) :-
    (   game_seat(Game, State, Player),
        Player \== human, Player \== "human"
    ->  throw(tablero(refused, machine_turn,
                      "It is the machine's turn: ask the machine to play"))
    ;   true
    ).

replay_(Game, Action, S0, S) :-
    act(Game, S0, Action, S, _).

act(Game, State0, Action, State, Explain) :-
    (   is_dict(Action)
    ->  true
    ;   throw(tablero(invalid, bad_action, "An action must be a JSON object"))
    ),
    (   game_act(Game, State0, Action, State, Explain)
    ->  true
    ;   throw(tablero(refused, illegal, "The rules do not allow this action"))
    ).

%   guarded(:Goal, +Game, ?State, ?Explain, -Text, -JSON): run Goal, which
%   binds State and Explain, and reply with the view; a thrown tablero/3,4
%   becomes an error reply; any other error is re-thrown for Python.
guarded(Goal, Game, State, Explain, Text, JSON) :-
    catch(( Goal,
            game_view(Game, State, View),
            state_text(State, Text),
            explain_json(Explain, Ex, Extra),
            put_dict(Extra, _{ok:true, view:View, explain:Ex}, Dict)
          ),
          Refusal,
          ( refusal_dict(Refusal, Dict), Text = "" )),
    json_text(Dict, JSON).

%   explain_json(+Explain, -List, -Extra): the panel's Query-Answer pairs; a
%   machine's chosen action travels as "action"-Dict and goes to Extra.
explain_json(Explain, Ex, Extra) :-
    (   selectchk("action"-Action, Explain, Rest)
    ->  Extra = _{action:Action}
    ;   Rest = Explain, Extra = _{}
    ),
    maplist(pair_json, Rest, Ex).

pair_json(Q-A, _{query:Q, answer:A}).

refusal_dict(tablero(Kind, Code, Message), Dict) :-
    !,
    refusal_dict(tablero(Kind, Code, Message, []), Dict).
refusal_dict(tablero(Kind, Code, Message, Explain),
             _{ok:false, kind:Kind, code:Code, message:Message, explain:Ex}) :-
    !,
    maplist(pair_json, Explain, Ex).
refusal_dict(Error, _) :-
    throw(Error).

known_game(Game) :-
    (   atom(Game), game(Game)
    ->  true
    ;   throw(tablero(invalid, unknown_game, "No such game"))
    ).

json_dict(Text, Dict) :-
    catch(atom_json_dict(Text, Dict, [value_string_as(string)]), _,
          throw(tablero(invalid, bad_json, "The request is not valid JSON"))).

must_be_list(L) :-
    (   is_list(L)
    ->  true
    ;   throw(tablero(invalid, bad_action, "Expected a JSON list of actions"))
    ).

%   json_text(+Term, -Text): Term (dicts, lists, strings, numbers, atoms)
%   as compact JSON.  Built as a list of pieces joined once, which is several
%   times faster than json_write_dict/3 on the small views games return; a
%   string with a quote, backslash or control character gets json_write/2's
%   escapes.
json_text(Term, Text) :-
    phrase(json(Term), Parts),
    atomics_to_string(Parts, Text).

json(D) -->
    { is_dict(D), !, dict_pairs(D, _, Pairs) },
    ['{'], json_pairs(Pairs), ['}'].
json(L) -->
    { is_list(L) }, !,
    ['['], json_items(L), [']'].
json(N) -->
    { number(N) }, !,
    [N].
json(A) -->
    { atom(A), json_literal(A) }, !,
    [A].
json(S) -->
    { json_unsafe(Unsafe), split_string(S, Unsafe, "", [_]) }, !,
    ['"', S, '"'].
json(S) -->
    { with_output_to(string(Escaped), json_write(current_output, S)) },
    [Escaped].

%   json_unsafe(-Chars): the characters that a JSON string must escape.
json_unsafe("\"\\\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\").

json_literal(true).
json_literal(false).
json_literal(null).

json_pairs([]) --> [].
json_pairs([K-V|Ps]) -->
    json(K), [:], json(V),
    (   { Ps == [] } -> [] ; [','], json_pairs(Ps) ).

json_items([]) --> [].
json_items([X|Xs]) -->
    json(X),
    (   { Xs == [] } -> [] ; [','], json_items(Xs) ).

%   state_text(?State, ?Text): a state as the text that is stored.
state_text(State, Text) :-
    (   nonvar(State)
    ->  format(string(Text), "~q", [State])
    ;   catch(term_string(State, Text), _, fail),
        ground(State)
    ->  true
    ;   throw(tablero(invalid, bad_state, "The stored game state cannot be read"))
    ).

%!  api_text(:Call, -Text) is det.
%
%   Calls Call with two more arguments, the state text and the JSON reply of
%   an api_* predicate, and joins them as State + newline + Reply (a state
%   text never holds a raw newline): one answer for Python to convert
%   instead of two.
api_text(Call, Text) :-
    call(Call, State, Reply),
    atomics_to_string([State, "\n", Reply], Text).
