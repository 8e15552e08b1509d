:- module(tablero,
          [ api_new/4,          % +Game, +OptionsJSON, -State, -ReplyJSON
            api_act/5,          % +Game, +StateText, +ActionJSON, -State, -ReplyJSON
            api_view/4,         % +Game, +StateText, -State, -ReplyJSON
            api_machine/4,      % +Game, +StateText, -State, -ReplyJSON
            api_machine_act/5,  % +Game, +StateText, +ActionJSON, -State, -ReplyJSON
            api_replay/5,       % +Game, +OptionsJSON, +ActionsJSON, -State, -ReplyJSON
            api_history/5,      % +Game, +OptionsJSON, +ActionsJSON, -State, -ReplyJSON
            api_show/4,         % +Game, +StateText, -State, -ReplyJSON
            api_score/4,        % +Game, +StateText, -State, -ReplyJSON
            api_goals/4,        % +Game, +ContextJSON, -State, -ReplyJSON
            api_text/2,         % :Call, -Text
            machine_choice/3,   % +Game, +State, -Action
            refuse/3,           % +Game, +Code, +Explain
            refuse/4            % +Game, +Code, +Args, +Explain
          ]).

/** <module> The one door between Python and the games

Start reading here if you come from app/prolog.py.  Python never builds a game
query of its own: it calls the api_* predicates below with the game's name (a
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

A game plugs in with data and a few hooks, the first argument always being
its name.  The data (facts):

    tablero:game(Game)
    tablero:game_option(Game, Name, Type, Default)
    tablero:game_refusal(Game, Code, Kind, Message)
    tablero:game_action(Game, Kind, Fields)
    tablero:game_format(Game, Version)

game_option/4 declares one option of a new game.  Type is one of
integer(Low, High), number(Low, High), halves(Low, High) (a whole or half
number), boolean, oneof(Atoms) (a JSON string naming one of Atoms),
string(MaxLength) (a JSON string, kept a string) or list(Type, MinLength,
MaxLength).  Default is the value when the option is
absent, or `-` when the game computes it (from other options, the clock, ...).
Tablero refuses an unknown option or a value of the wrong type (bad_option) for
every game alike, and hands game_new/3 a list of Name(Value) terms for
library(option), values converted (oneof gives the atom).

game_refusal/4 declares a refusal particular to a game: its Code, its Kind
(invalid or refused) and its Message (a format/2 template).  The refusals every
game shares are tablero's own (refusal/3 below: off_board, occupied, game_over,
not_your_turn, ...).  A game refuses with refuse/3,4, or throws
refusal(Code, Explain) or refusal(Code, Args, Explain) from code that does not
know its game's name (a rules module); either way the reply carries the
declared kind and message.

game_format/2 names the version of the game's state term (1 when not
declared): a game that changes its state term declares the next number, and
stored games of an older format are rebuilt from their actions (app/storage.py).

game_action/3 declares the kinds of action of a game and the fields each may
carry besides `kind` (an atom list).  Tablero refuses an action of another kind
or with another field (bad_action), and replies with the action as accepted
under `action`: that, and nothing a client added, is what gets stored.

The hooks:

    tablero:game_new(+Game, +Options:list, -State)
    tablero:game_act(+Game, +State0, +Action:dict, -State, -Explain)
    tablero:game_view(+Game, +State, -View:dict)
    tablero:game_seats(+Game, +State, -Seats:dict)
    tablero:game_machine(+Game, +State, -Action:dict)
    tablero:game_show(+Game, +State, -Text:string)
    tablero:game_score(+Game, +State, -Score:dict)

How a game shows itself, and what a console goal about one of its positions
finds (all optional):

    tablero:game_info(Game, Info)             % _{order: N, title: _{en: T, es: T}}, and
        % description: _{en: D, es: D}, a line for the index, and
        % console: _{hint: _{en: H, es: H}, example: Goal}: what a console goal
        % finds bound (game_console_bound/3) in words, and a goal to try
    tablero:game_console(Game, Modules)       % whose exports a goal sees (default [Game])
    tablero:game_console_bound(+Game, +State, -Bound)   % Name=Value pairs bound
    tablero:game_console_prepare(+Game, +State)         % before each console goal
    tablero:game_console_hint(+Game, +Goal, -Hint)      % why a goal may have failed

How the Prolog panel writes an action's explain as goals a student can paste
(optional; api_goals/4, `POST /api/goals/GAME`):

    tablero:game_goals(+Game, +Context, +Explain, -Goals)
        % Context _{before, action, after} (the views around the action),
        % Explain [_{query, answer}]; Goals [_{goal, answer, words}], or
        % _{query, answer, words} for a query that is not a complete goal.
        % written_goals/2 is the hook of a game whose queries are already
        % complete goals; without the hook every query stays a query.

How a person plays the computer, in words (optional; the index's "Play the
computer" and the seats of the pages say it): tablero:game_difficulty/4 and
tablero:game_computer/2, described in prolog/tablero/computer.pl.

How it is played in tournaments (optional; `tablero tournament`): its
seats and its machine's levels as data, the state a student's
machine_move/2 is given, the action of a student's move, and our machine's
action at a level (tablero:game_tournament/2, game_student_state/3,
game_student_action/4, game_machine_level/4, described in
prolog/tablero/contract.pl).

A game of two players that can be played on a clock (prolog/clock.pl) says
what its result is when a player's time is up:

    tablero:game_time_result(+Game, +Loser, +Winner, -Result)  % Go: code "B+T"

and may offer a kind of clock besides Fischer, absolute and correspondence:

    tablero:game_clock_kind(?Game, ?Kind)           % Go: "byoyomi"

A game plugs in with no edit elsewhere: a folder NAME/ holding protocol.pl
(these declarations and hooks) beside its entry module NAME.pl, in prolog/ or
in a folder named by TABLERO_GAMES (tests/games/ holds one, tic-tac-toe).

## The view: one vocabulary for every game

game_view/3 answers a dict with at least:

  - `to_move`: the player to move (a string: "b", "w", "0".."3"), or null;
  - `over`: true or false;
  - `last`: null, or the last action as a dict with `player` (who played it)
    and `kind`;
  - `result`: null while playing, else a dict with `code` (a stable string a
    page translates), `winner` (the winning player, null for a draw or a
    shared victory) and `message` (an English sentence).

Tablero adds `seats` (game_seats/3: player -> "human", "machine", ...) and
`machine_to_move` (true when the game is not over and the player to move sits
in a seat that is not "human").  api_act/5 (a person's action) refuses an
action on a machine's turn with machine_turn (after the other checks, so a
malformed or illegal action still says what is wrong with it); api_machine/4
plays that turn instead.

State is any ground Prolog term; it is stored as text (term_string/2), so a
stored game comes back exactly.  Explain is a list of Query-Answer pairs of
strings: the rule predicates that decided the action, for the Prolog panel.
game_show/3 draws the game as text (the REPL's print(game)); game_score/3 is
the score as it stands (Go's area count mid-game, the scores of Azul, ...).

## Games that grow: what is stored, and what each ply leaves

A worker keeps the games it served parsed (prolog/tablero/cache.pl), and a
server stores a game's state text after every ply.  A game whose state holds
something that grows with every ply (Go's positional superko remembers every
position) keeps it out of that text with three optional hooks:

    tablero:game_stored(+Game, +State, -Stored)
    tablero:game_trace(+Game, +State, -Trace)
    tablero:game_restore(+Game, +Stored, +Traces, -State)

game_stored/3 is the state as stored (default: State itself); game_trace/3
the atom the last ply adds to what grows (none: the ply adds nothing), stored
with the ply; game_restore/4 the state again from a stored one and the
traces of the plies so far, newest first (Traces is `unknown` when some
ply's trace was never stored: throw refusal(no_trace, []) if they are
needed; the caller then replays the game).  The api_* predicates above
write and read the whole state, as before.

A state read from text (a stored game, or a position a person gave, as
Python's from_position()) is any ground term that parses.  A game that can
tell one of its states from another term says so with one more optional
hook, asked only there (never on a state its own rules made):

    tablero:game_state_problem(+Game, +State, -Problem:string)

which succeeds, with what is wrong in words, when State is not one of the
game's; the state is then refused (bad_state) before any rule sees it.
*/

:- use_module(library(http/json)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(pairs)).
:- use_module(tablero/json).      % json_text/2, text_json/2
:- use_module(tablero/memory).    % give_back_stacks/0
:- use_module(tablero/options).   % game_options/3, option_type/3, type_text/2
:- use_module(tablero/computer).  % computer_options/4
:- reexport(tablero/catalog, [api_games/1]).
:- reexport(tablero/explain).   % machine_decision/4, machine_pairs/4, answer_text/2,
                                % written_goals/2

:- multifile
    game/1,
    game_option/4,
    game_refusal/4,
    game_action/3,
    game_format/2,
    game_new/3,
    game_act/5,
    game_view/3,
    game_seats/3,
    game_machine/3,
    game_show/3,
    game_score/3,
    game_stored/3,
    game_trace/3,
    game_restore/4,
    game_state_problem/3,
    game_info/2,
    game_console/2,
    game_console_bound/3,
    game_console_prepare/2,
    game_console_hint/3,
    game_goals/4,
    game_time_result/4,
    game_clock_kind/2,
    game_difficulty/4,
    game_computer/2,
    game_tournament/2,
    game_student_state/3,
    game_student_action/4,
    game_machine_level/4.

%!  game(?Game) is nondet.
%
%   Game is the name of a game that has plugged in.

%!  api_new(+Game, +OptionsJSON, -StateText, -ReplyJSON) is det.
%
%   A new game of Game with the options in OptionsJSON.
api_new(Game, OptionsJSON, Text, Reply) :-
    guarded(Game,
            ( json_dict(OptionsJSON, Dict),
              game_options(Game, Dict, Options),
              game_new(Game, Options, State)
            ), State, [], Text, Reply).

%!  api_act(+Game, +StateText, +ActionJSON, -NewStateText, -ReplyJSON) is det.
%
%   The game after the action in ActionJSON, or why the action was refused.
api_act(Game, StateText, ActionJSON, Text, Reply) :-
    guarded(Game,
            ( read_state(Game, StateText, State0),
              json_dict(ActionJSON, Action),
              act(Game, State0, Action, State, Explain)
            ), State, Explain, human_acted(Game), Text, Reply).

%!  api_view(+Game, +StateText, -StateText, -ReplyJSON) is det.
%
%   The view of a stored game.
api_view(Game, StateText, Text, Reply) :-
    guarded(Game, read_state(Game, StateText, State), State, [], Text, Reply).

%!  api_machine(+Game, +StateText, -NewStateText, -ReplyJSON) is det.
%
%   The machine player chooses an action for the player to move and plays it;
%   the reply has the chosen action under `action`.
api_machine(Game, StateText, Text, Reply) :-
    guarded(Game,
            ( read_state(Game, StateText, State0),
              machine_choice(Game, State0, Action),
              act(Game, State0, Action, State, Explain)
            ), State, Explain, Text, Reply).

%!  machine_choice(+Game, +State, -Action) is det.
%
%   The action the game's machine player chooses in State (game_machine/3).
%   When it has none, the refusal says why: game_over when the game is over,
%   else no_machine_move (api_machine/4, the worker's cache and the search
%   processes all ask here).
machine_choice(Game, State, Action) :-
    (   game_machine(Game, State, Action0)
    ->  Action = Action0
    ;   game_view(Game, State, View),
        get_dict(over, View, true)
    ->  refuse(Game, game_over, [])
    ;   refuse(Game, no_machine_move, [])
    ).

%!  api_machine_act(+Game, +StateText, +ActionJSON, -NewStateText, -ReplyJSON) is det.
%
%   A machine seat plays an action chosen outside Prolog (Go's gnugo seat:
%   GNU Go, run by app/gnugo_seat.py), judged by the rules as any action.
%   Refused (not_machine_turn) unless a machine seat is to move and the
%   action is that seat's.
api_machine_act(Game, StateText, ActionJSON, Text, Reply) :-
    guarded(Game,
            ( read_state(Game, StateText, State0),
              machine_act(Game, State0, ActionJSON, View0, State, Explain)
            ), State, Explain, machine_acted(Game, View0), Text, Reply).

%   machine_act(+Game, +State0, +ActionJSON, -View0, -State, -Explain): the
%   machine seat to move in State0 (whose view is View0) plays the action.
machine_act(Game, State0, ActionJSON, View0, State, Explain) :-
    full_view(Game, State0, View0),
    (   get_dict(machine_to_move, View0, true) -> true ; refuse(Game, not_machine_turn, []) ),
    json_dict(ActionJSON, Action),
    act(Game, State0, Action, State, Explain).

%   machine_acted(+Game, +View0, +View): the action that led from View0 to
%   View was played by the player View0 waited for.
machine_acted(Game, View0, View) :-
    (   is_dict(View.last), View.last.player == View0.to_move
    ->  true
    ;   refuse(Game, not_machine_turn, [])
    ).

%!  api_replay(+Game, +OptionsJSON, +ActionsJSON, -StateText, -ReplyJSON) is det.
%
%   Replays a stored game: a new game with the options, then every action of
%   the JSON list in order.
api_replay(Game, OptionsJSON, ActionsJSON, Text, Reply) :-
    guarded(Game,
            replayed(Game, OptionsJSON, ActionsJSON, State, none),
            State, [], Text, Reply).

%!  api_history(+Game, +OptionsJSON, +ActionsJSON, -StateText, -ReplyJSON) is det.
%
%   As api_replay/5; the reply also has, under `views`, the view of the game
%   before the first action and after each one (to review a game move by
%   move).
api_history(Game, OptionsJSON, ActionsJSON, Text, Reply) :-
    guarded(Game,
            replayed(Game, OptionsJSON, ActionsJSON, State, views(Views)),
            State, ["views"-Views], Text, Reply).

%   replayed(+Game, +OptionsJSON, +ActionsJSON, -State, ?Views): State is a
%   new game with the options after every action of the JSON list; with
%   views(Views), Views is the view before the first action and after each.
replayed(Game, OptionsJSON, ActionsJSON, State, Views) :-
    json_dict(OptionsJSON, Dict),
    game_options(Game, Dict, Options),
    json_dict(ActionsJSON, Actions),
    (   is_list(Actions) -> true ; refuse(Game, bad_action, []) ),
    game_new(Game, Options, State0),
    (   Views = views(Vs)
    ->  history(Game, Actions, State0, State, Vs)
    ;   foldl(replay_(Game), Actions, State0, State)
    ).

history(Game, Actions, State0, State, [View|Views]) :-
    full_view(Game, State0, View),
    (   Actions = [Action|Rest]
    ->  replay_(Game, Action, State0, State1),
        history(Game, Rest, State1, State, Views)
    ;   State = State0,
        Views = []
    ).

%!  api_show(+Game, +StateText, -StateText, -ReplyJSON) is det.
%
%   The reply has the game drawn as text under `text` (game_show/3).
api_show(Game, StateText, Text, Reply) :-
    guarded(Game,
            ( read_state(Game, StateText, State),
              game_show(Game, State, Shown)
            ), State, ["text"-Shown], Text, Reply).

%!  api_score(+Game, +StateText, -StateText, -ReplyJSON) is det.
%
%   The reply has the score as it stands under `score` (game_score/3).
api_score(Game, StateText, Text, Reply) :-
    guarded(Game,
            ( read_state(Game, StateText, State),
              (   game_score(Game, State, Score)
              ->  true
              ;   refuse(Game, no_score, [])
              )
            ), State, ["score"-Score], Text, Reply).

%!  api_goals(+Game, +ContextJSON, -State, -ReplyJSON) is det.
%
%   The reply has, under `goals`, the explain of ContextJSON ({"before":
%   View, "action": Action, "after": View or null, "explain": [{query,
%   answer}, ...]}) written as goals a student can paste (game_goals/4).
%   Nothing is stored: State is "".  A context the game cannot read is
%   refused as bad_context.
api_goals(Game, ContextJSON, "", Reply) :-
    catch(( known_game(Game),
            json_dict(ContextJSON, Context),
            (   is_dict(Context),
                get_dict(explain, Context, Explain),
                is_list(Explain),
                length(Explain, N), N =< 200,
                (   game_goals(Game, Context, Explain, Goals)
                ->  true
                ;   \+ clause(game_goals(Game, _, _, _), _),
                    maplist(query_goal, Explain, Goals)
                )
            ->  Dict = _{ok:true, goals:Goals}
            ;   refuse(Game, bad_context, [])
            )
          ),
          Refusal,
          refusal_dict(Game, Refusal, Dict)),
    json_text(Dict, Reply).

%   query_goal(+Pair, -Goal): an explain entry kept as the query it is.
query_goal(Pair, _{query:Q, answer:A, words:null}) :-
    is_dict(Pair),
    get_dict(query, Pair, Q), string(Q),
    get_dict(answer, Pair, A), string(A).

replay_(Game, Action, S0, S) :-
    act(Game, S0, Action, S, _).

act(Game, State0, Action, State, ["action"-Action|Explain]) :-
    (   is_dict(Action) -> true ; refuse(Game, bad_action, []) ),
    action_fields(Game, Action),
    (   game_act(Game, State0, Action, State, Explain)
    ->  true
    ;   refuse(Game, illegal, [])
    ).

%   action_fields(+Game, +Action): Action's kind and fields are declared by
%   game_action/3 (a game that declares none is not checked).
action_fields(Game, Action) :-
    (   \+ game_action(Game, _, _)
    ->  true
    ;   get_dict(kind, Action, KindS), string(KindS),
        atom_string(Kind, KindS),
        game_action(Game, Kind, Fields)
    ->  dict_pairs(Action, _, Pairs),
        forall(member(Key-_, Pairs),
               (   ( Key == kind ; memberchk(Key, Fields) )
               ->  true
               ;   refuse(Game, bad_field, [Kind, Key], [])
               ))
    ;   findall(K, game_action(Game, K, _), Kinds),
        atomic_list_concat(Kinds, ', ', KindsText),
        refuse(Game, bad_kind, [KindsText], [])
    ).

%   human_acted(+Game, +View): the player who made the last action (the
%   view's last.player) sits in a person's seat.
human_acted(Game, View) :-
    (   is_dict(View.last),
        machine_seat(View.seats, View.last.player)
    ->  refuse(Game, machine_turn, [])
    ;   true
    ).

%   machine_seat(+Seats, +Player): Player sits in a seat that is not a person's.
machine_seat(Seats, Player) :-
    atom_string(P, Player),
    get_dict(P, Seats, Seat),
    \+ memberchk(Seat, [human, "human"]).

                 /*******************************
                 *           REFUSALS           *
                 *******************************/

%!  refuse(+Game, +Code, +Explain) is det.
%!  refuse(+Game, +Code, +Args, +Explain) is det.
%
%   Throws the refusal Code of Game: tablero(Kind, Code, Message, Explain)
%   with the kind and message (formatted with Args) that Game's
%   game_refusal/4 or tablero's refusal/3 declare.
refuse(Game, Code, Explain) :-
    refuse(Game, Code, [], Explain).
refuse(Game, Code, Args, Explain) :-
    (   atom(Game), game_refusal(Game, Code, Kind, Template)
    ->  true
    ;   refusal(Code, Kind, Template)
    ->  true
    ;   domain_error(tablero_refusal, Code)
    ),
    format(string(Message), Template, Args),
    throw(tablero(Kind, Code, Message, Explain)).

%   refusal(?Code, ?Kind, ?Message): the refusals every game shares.
refusal(unknown_game,    invalid, "No such game").
refusal(bad_json,        invalid, "The request is not valid JSON").
refusal(bad_state,       invalid, "The stored game state cannot be read").
refusal(bad_option,      invalid, "~w").
refusal(bad_action,      invalid, "That is not an action of this game").
refusal(bad_kind,        invalid, "An action's kind must be one of: ~w").
refusal(bad_field,       invalid, "An action of kind ~w has no field ~w").
refusal(off_board,       invalid, "That point is not on the board").
refusal(game_over,       refused, "The game is over").
refusal(not_your_turn,   refused, "It is not your turn").
refusal(occupied,        refused, "That point is already occupied").
refusal(illegal,         refused, "The rules do not allow this action").
refusal(machine_turn,    refused, "It is the machine's turn: ask the machine to play").
refusal(no_machine_move, refused, "The machine has no move to play here").
refusal(not_machine_turn, refused, "No machine seat is to move").
refusal(no_score,        invalid, "This game has no score to show").
refusal(cache_miss,      invalid, "This worker does not keep that game: send its state").
refusal(no_trace,        invalid, "The game's earlier positions are needed: replay it").
refusal(bad_context,     invalid, "The goals need the views before and after the action and its explain, as the API sent them").

                 /*******************************
                 *           REPLIES            *
                 *******************************/

%   guarded(+Game, :Goal, ?State, ?Explain, -Text, -JSON): run Goal, which
%   binds State and Explain, and reply with the view; a refusal becomes an
%   error reply; any other error is re-thrown for Python.  guarded/7 also
%   calls Check with the view before replying.
guarded(Game, Goal, State, Explain, Text, JSON) :-
    guarded(Game, Goal, State, Explain, [_]>>true, Text, JSON).

guarded(Game, Goal, State, Explain, Check, Text, JSON) :-
    guarded(Game, Goal, State, Explain, Check, state_text, Text, JSON).

%   guarded(+Game, :Goal, ?State, ?Explain, :Check, :Write, -Text, -JSON):
%   as guarded/7, the state text written by call(Write, State, Text)
%   (prolog/tablero/cache.pl writes the stored form and keeps the game).
guarded(Game, Goal, State, Explain, Check, Write, Text, JSON) :-
    catch(( known_game(Game),
            Goal,
            full_view(Game, State, View),
            call(Check, View),
            call(Write, State, Text),
            explain_json(Explain, Ex, Extra),
            put_dict(Extra, _{ok:true, view:View, explain:Ex}, Dict)
          ),
          Refusal,
          ( refusal_dict(Game, Refusal, Dict), Text = "" )),
    json_text(Dict, JSON).

%   full_view(+Game, +State, -View): the game's view with the seats and
%   whether a machine is to move.
full_view(Game, State, View) :-
    game_view(Game, State, View0),
    game_seats(Game, State, Seats),
    (   View0.over == false,
        View0.to_move \== null,
        machine_seat(Seats, View0.to_move)
    ->  M = true
    ;   M = false
    ),
    put_dict(_{seats:Seats, machine_to_move:M}, View0, View).

%   explain_json(+Explain, -List, -Extra): the panel's Query-Answer pairs; a
%   machine's chosen action ("action"-Dict), a text board ("text"-String),
%   a score ("score"-Dict) and a game's views ("views"-List) travel in
%   Explain and go to Extra.
explain_json(Explain, Ex, Extra) :-
    partition(extra_pair, Explain, ExtraPairs, Rest),
    maplist([K-V, Key-V]>>atom_string(Key, K), ExtraPairs, KeyPairs),
    dict_pairs(Extra, _, KeyPairs),
    maplist(pair_json, Rest, Ex).

extra_pair(Key-_) :-
    memberchk(Key, ["action", "text", "score", "views", "trace", "traces"]).

pair_json(Q-A, _{query:Q, answer:A}).

refusal_dict(_, tablero(Kind, Code, Message), Dict) :-
    !,
    refusal_dict(_, tablero(Kind, Code, Message, []), Dict).
refusal_dict(_, tablero(Kind, Code, Message, Explain),
             _{ok:false, kind:Kind, code:Code, message:Message, explain:Ex}) :-
    !,
    maplist(pair_json, Explain, Ex).
refusal_dict(Game, refusal(Code, Explain), Dict) :-
    !,
    refusal_dict(Game, refusal(Code, [], Explain), Dict).
refusal_dict(Game, refusal(Code, Args, Explain), Dict) :-
    !,
    catch(refuse(Game, Code, Args, Explain), Refusal, true),
    refusal_dict(Game, Refusal, Dict).
refusal_dict(_, Error, _) :-
    throw(Error).

known_game(Game) :-
    (   atom(Game), game(Game)
    ->  true
    ;   refuse(Game, unknown_game, [])
    ).

%   json_dict(+Text, -Dict): JSON text as a dict (strings as strings): read by
%   text_json/2 (tablero/json.pl), else by library(http/json).  Only
%   a syntax error is bad JSON: a time limit or a resource error is passed on.
json_dict(Text, Dict) :-
    text_json(Text, Dict0),
    !,
    Dict = Dict0.
json_dict(Text, Dict) :-
    catch(atom_json_dict(Text, Dict, [value_string_as(string)]), E,
          ( E = error(syntax_error(_), _)
          ->  refuse(-, bad_json, [])
          ;   throw(E)
          )).

%   read_state(+Game, +Text, -State): the state in Text (state_text/2),
%   refused (bad_state, the problem in its message) when the game finds a
%   problem in it (game_state_problem/3).
read_state(Game, Text, State) :-
    state_text(State, Text),
    (   game_state_problem(Game, State, Problem)
    ->  refusal(bad_state, Kind, Words),
        format(string(Message), "~w: ~w", [Words, Problem]),
        throw(tablero(Kind, bad_state, Message, []))
    ;   true
    ).

%   state_text(?State, ?Text): a state as the text that is stored (quoted,
%   as writeq/1 writes it; term_string/2 writes it in half format/3's time).
state_text(State, Text) :-
    (   nonvar(State)
    ->  term_string(State, Text)
    ;   catch(term_string(State, Text), _, fail),
        ground(State)
    ->  true
    ;   refuse(-, bad_state, [])
    ).

%!  api_text(:Call, -Text) is det.
%
%   Calls Call with two more arguments, the state text and the JSON reply of
%   an api_* predicate, and joins them as State + newline + Reply (a state
%   text never holds a raw newline): one answer for Python to convert
%   instead of two.
api_text(Call, Text) :-
    call(Call, State, Reply),
    atomics_to_string([State, "\n", Reply], Text),
    give_back_stacks.
