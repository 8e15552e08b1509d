:- module(molinolog_protocol, []).  % only clauses of the tablero:game_* hooks

/** <module> Molinolog: the Tablero protocol (game `molinolog`)

Start reading at prolog/molinolog.pl (the entry module).  This module
plugs Molinolog into prolog/tablero.pl: it defines the game's clauses of the
multifile hooks tablero:game/1, game_new/3, game_act/5, game_view/3 and
game_machine/3, turning JSON dicts into steps of molinolog_rules and rules
states into JSON-ready views.  It exports nothing.

## The state term

    game(players(Black, White), Depth, Last, State)

Black and White are human or machine, Depth the machine's search depth,
Last the last step (or none) and State the rules state (documented in
prolog/molinolog/rules.pl).

## The protocol

  - Options: `size` 1..3 (default 2), `black` and `white` "human" or
    "machine" (default human / machine), `depth` 1..5 (default
    minimax_depth/1), `protect_mills` true/false (default false).
  - Actions, one step each: `{"kind":"place","point":["n",2]}`,
    `{"kind":"move","from":P,"to":P}`, `{"kind":"capture","point":P}`.  A
    place or move that forms a mill leaves phase "capture" for the same
    player.  game_machine/3 answers one step: the place or move of its
    best_move/3, and on the next call (capture pending) its capture.
  - View: size, points ([{point, piece: "b"|"w"|null}]), edges (pairs of
    points), to_move, phase ("place"|"move"|"capture"), in_hand and on_board
    ({b, w}), mill (points of the mill(s) awaiting the capture), last (the
    last action or null), status ({es, en}), over, winner ("b"|"w"|null),
    result ("b"|"w"|"draw"|null), result_reason, legal (the legal actions),
    quiet_turns, protect_mills, players ({b, w}), depth.
  - Refusal codes: those of step_refusal/3; a malformed action is
    `invalid`/`bad_action`, a bad option `invalid`/`bad_option`.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../tablero').
:- use_module(board).
:- use_module(rules).
:- use_module(machine).

tablero:game(molinolog).

tablero:game_new(molinolog, Options, game(players(Black, White), Depth, none, State)) :-
    dict_pairs(Options, _, Pairs),
    forall(member(Key-_, Pairs), known_option(Key)),
    minimax_depth(Depth0),
    option_value(Options, size, integer_in(1, 3), 2, T),
    option_value(Options, black, player, human, Black),
    option_value(Options, white, player, machine, White),
    option_value(Options, depth, integer_in(1, 5), Depth0, Depth),
    option_value(Options, protect_mills, boolean, false, Protect),
    initial_state(T, [protect_mills(Protect)], State).

%   A point that is not on the board is a malformed request (HTTP 400),
%   as off_board is in Go; the rest are the rules saying no.
refusal_kind(bad_point, invalid) :- !.
refusal_kind(_, refused).

tablero:game_act(molinolog, game(Players, Depth, _, S0), Action,
                 game(Players, Depth, Step, S), Explain) :-
    action_step(Action, Step),
    format(string(Q), "step_refusal(S0, ~q, Code)", [Step]),
    (   step_refusal(S0, Step, Code)
    ->  refusal_message(Code, Message),
        format(string(A), "Code = ~q", [Code]),
        refusal_kind(Code, Kind),
        throw(tablero(Kind, Code, Message, [Q-A]))
    ;   step(S0, Step, S),
        step_explain(S0, Step, S, Explain0),
        Explain = [Q-"false"|Explain0]
    ).

tablero:game_view(molinolog, game(players(PB, PW), Depth, Last, S), View) :-
    state_view(S, View0),
    last_json(Last, LastJSON),
    put_dict(_{ players:_{b:PB, w:PW}, depth:Depth, last:LastJSON }, View0, View).

tablero:game_seat(molinolog, game(players(B, W), _, _, S), Seat) :-
    state_to_move(S, P),
    (   memberchk(P, [b, "b"]) -> Seat = B ; Seat = W ).

tablero:game_machine(molinolog, game(_, Depth, _, S), Action) :-
    best_move(S, Depth, Move),
    move_steps(Move, [Step|_]),
    step_json(Step, Action).

known_option(Key) :-
    (   memberchk(Key, [size, black, white, depth, protect_mills])
    ->  true
    ;   format(string(M), "Unknown option ~w (known: size, black, white, depth, protect_mills)", [Key]),
        throw(tablero(invalid, bad_option, M))
    ).

option_value(Options, Key, Type, Default, Value) :-
    (   get_dict(Key, Options, V0)
    ->  (   option_type(Type, V0, Value)
        ->  true
        ;   option_type_text(Type, Text),
            format(string(M), "Option ~w must be ~w", [Key, Text]),
            throw(tablero(invalid, bad_option, M))
        )
    ;   Value = Default
    ).

option_type(integer_in(L, H), V, V) :-
    integer(V),
    between(L, H, V).
option_type(player, V, P) :-
    string(V),
    player_name(V, P).
option_type(boolean, V, V) :-
    (V == true ; V == false).

option_type_text(integer_in(L, H), T) :-
    format(string(T), "an integer from ~w to ~w", [L, H]).
option_type_text(player, "\"human\" or \"machine\"").
option_type_text(boolean, "true or false").

player_name("human", human).
player_name("machine", machine).

%   action_step(+Action, -Step): the step of an action dict.
action_step(Action, Step) :-
    (   get_dict(kind, Action, Kind),
        action_step_(Kind, Action, Step)
    ->  true
    ;   throw(tablero(invalid, bad_action,
                      "An action is {\"kind\":\"place\",\"point\":P}, {\"kind\":\"move\",\"from\":P,\"to\":P} or {\"kind\":\"capture\",\"point\":P}"))
    ).

action_step_("place", A, place(P)) :-
    json_point(A.get(point), P).
action_step_("move", A, move(F, T)) :-
    json_point(A.get(from), F),
    json_point(A.get(to), T).
action_step_("capture", A, capture(P)) :-
    json_point(A.get(point), P).

%   json_point(+JSON, -Point): ["n", 2] as (n,2); anything else becomes the
%   atom bad, refused later as bad_point.
json_point(JSON, Point) :-
    (   JSON = [D0, R],
        string(D0),
        atom_string(D, D0),
        direction(D, _)
    ->  Point = (D, R)
    ;   Point = bad
    ).

point_json((D, R), [DS, R]) :-
    atom_string(D, DS).

step_json(place(P), _{kind:"place", point:J}) :-
    point_json(P, J).
step_json(move(F, T), _{kind:"move", from:JF, to:JT}) :-
    point_json(F, JF),
    point_json(T, JT).
step_json(capture(P), _{kind:"capture", point:J}) :-
    point_json(P, J).

last_json(Step, J) :-
    (   Step == none
    ->  J = null
    ;   step_json(Step, J)
    ).

refusal_message(game_over, "The game is over").
refusal_message(bad_step, "That is not an action of this game").
refusal_message(bad_point, "That point is not on this board").
refusal_message(must_capture, "A mill was formed: capture an opponent's piece first").
refusal_message(wrong_phase, "That action does not belong to this phase of the game").
refusal_message(occupied, "That point is already occupied").
refusal_message(not_your_piece, "Move one of your own pieces").
refusal_message(not_adjacent, "A piece moves only along an edge to a neighbouring point").
refusal_message(not_capturable, "Capture one of the opponent's pieces").
refusal_message(in_mill, "That piece is in a mill and the opponent has pieces outside mills").

step_explain(S0, Step, S, Explain) :-
    format(string(Q1), "step(S0, ~q, S)", [Step]),
    step_rule_explain(Step, S0, E1),
    state_mill(S, Mill),
    (   Mill == []
    ->  E2 = []
    ;   format(string(A2), "Points = ~q", [Mill]),
        E2 = ["state_mill(S, Points)"-A2]
    ),
    state_outcome(S, Outcome),
    format(string(A3), "Outcome = ~q", [Outcome]),
    append([E1, [Q1-"true"], E2, ["state_outcome(S, Outcome)"-A3]], Explain).

step_rule_explain(move(F, T), S0, [Q-"true"]) :-
    state_size(S0, Size),
    format(string(Q), "adjacent(~q, ~q, ~q)", [Size, F, T]).
step_rule_explain(place(_), _, []).
step_rule_explain(capture(_), _, []).

%   state_view(+S, -View): the JSON-ready picture of a rules state.
state_view(S, View) :-
    state_size(S, T),
    view_board(S, T, Points, Edges),
    view_counts(S, InHand, OnBoard),
    state_to_move(S, C),
    state_phase(S, Phase),
    state_mill(S, Mill),
    maplist(point_json, Mill, MillJSON),
    state_outcome(S, Outcome),
    outcome_json(Outcome, Over, Winner, Result, Reason),
    status_text(Outcome, S, Es, En),
    findall(A, (legal_step(S, St), step_json(St, A)), Legal),
    state_quiet(S, Quiet),
    S = molinolog(rules(_, Protect), _, _, _, _, _, _, _),
    atom_string(C, CS),
    atom_string(Phase, PhaseS),
    View = _{ size:T, points:Points, edges:Edges, to_move:CS,
              phase:PhaseS, in_hand:InHand, on_board:OnBoard,
              mill:MillJSON, status:_{es:Es, en:En}, over:Over,
              winner:Winner, result:Result, result_reason:Reason,
              legal:Legal, quiet_turns:Quiet, protect_mills:Protect }.

view_board(S, T, Points, Edges) :-
    findall(_{point:J, piece:Piece},
            ( point(T, P), point_json(P, J), point_piece_json(S, P, Piece) ),
            Points),
    findall([JP, JQ],
            ( adjacent(T, P, Q),
              point_index(P, I), point_index(Q, J), I < J,
              point_json(P, JP), point_json(Q, JQ) ),
            Edges).

view_counts(S, _{b:HB, w:HW}, _{b:OB, w:OW}) :-
    state_in_hand(S, b, HB),
    state_in_hand(S, w, HW),
    state_on_board(S, b, OB),
    state_on_board(S, w, OW).

point_piece_json(S, P, Piece) :-
    (   state_piece(S, P, C)
    ->  atom_string(C, Piece)
    ;   Piece = null
    ).

outcome_json(none, false, null, null, null).
outcome_json(win(C, Why), true, W, W, R) :-
    atom_string(C, W),
    atom_string(Why, R).
outcome_json(draw(Why), true, null, "draw", R) :-
    atom_string(Why, R).

colour_words(b, "negro", "Black").
colour_words(w, "blanco", "White").

%   status_text(+Outcome, +S, -Es, -En): the status line in the course's
%   Spanish wording and in English.
status_text(none, S, Es, En) :-
    state_to_move(S, C),
    colour_words(C, CEs, CEn),
    state_phase(S, Phase),
    (   Phase == place
    ->  state_in_hand(S, C, N),
        plural(N, "ficha", "fichas", FEs),
        plural(N, "piece", "pieces", FEn),
        format(string(Es), "Jugador ~w, colocar ~d ~w", [CEs, N, FEs]),
        format(string(En), "~w to place ~d ~w", [CEn, N, FEn])
    ;   Phase == move
    ->  format(string(Es), "Jugador ~w, mover", [CEs]),
        format(string(En), "~w to move", [CEn])
    ;   format(string(Es), "Jugador ~w, capturar", [CEs]),
        format(string(En), "~w to capture", [CEn])
    ).
status_text(win(C, Why), _, Es, En) :-
    colour_words(C, CEs, CEn),
    other(C, L),
    colour_words(L, LEs, LEn),
    win_reason_text(Why, LEs, LEn, REs, REn),
    format(string(Es), "Ganó el jugador ~w (~w)", [CEs, REs]),
    format(string(En), "~w wins (~w)", [CEn, REn]).
status_text(draw(repetition), _, "Tablas por triple repetición",
            "Draw by threefold repetition").
status_text(draw(fifty_moves), _, "Tablas: 50 jugadas de cada uno sin capturas",
            "Draw: 50 moves by each side without a capture").

win_reason_text(two_pieces, LEs, LEn, REs, REn) :-
    format(string(REs), "el ~w quedó con dos fichas", [LEs]),
    format(string(REn), "~w is left with two pieces", [LEn]).
win_reason_text(no_moves, LEs, LEn, REs, REn) :-
    format(string(REs), "el ~w no puede mover", [LEs]),
    format(string(REn), "~w cannot move", [LEn]).

plural(1, One, _, One) :- !.
plural(_, _, Many, Many).
