:- module(molinolog_protocol, []).  % only clauses of the tablero:game_* hooks

/** <module> Molinolog: the Tablero protocol (game `molinolog`)

Start reading at prolog/molinolog.pl (the entry module).  This module
plugs Molinolog into prolog/tablero.pl: it declares the game's options,
actions and refusals and defines its clauses of the multifile hooks (game_new/3,
game_act/5, game_view/3, game_seats/3, game_machine/3, game_show/3,
game_score/3), turning JSON dicts into actions and rules states into
JSON-ready views.  It exports nothing.  Every action (a person's, or the
one the machine chose with the bit-set engine) is judged and played by the
course's rules, course.pl, on the course's state of the stored engine state
(convert.pl turns one into the other); the view's legal actions and result
are the course's too.

## The state term

    game(players(Black, White), Depth, Last, State)

Black and White are human or machine, Depth the machine's search depth,
Last the last step (or none) and State the rules state (documented in
prolog/molinolog/rules.pl).

## The protocol

  - Options (game_option/4): `size` 1..3 (default 2), `black` and `white`
    "human" or "machine" (default human / machine), `depth` 1..5 (default
    minimax_depth/1), `protect_mills` true/false (default false).
  - Actions, one step each: `{"kind":"place","point":["n",2]}`,
    `{"kind":"move","from":P,"to":P}`, `{"kind":"capture","point":P}`.  A
    place or move that forms a mill leaves phase "capture" for the same
    player.  Declared with game_action/3, so tablero refuses another kind
    (bad_kind) or field (bad_field).  game_machine/3 answers one step: the place or move of its
    best_move/3, and on the next call (capture pending) its capture.
  - View: size, points ([{point, piece: "b"|"w"|null}]), edges (pairs of
    points), to_move ("b"|"w", null when over), phase
    ("place"|"move"|"capture"), in_hand and on_board ({b, w}), mill (points
    of the mill(s) awaiting the capture), last (null or the last step with
    `player`, `kind` and its points), status ({es, en}: the status line),
    over, result (null, or {code: "two_pieces"|"no_moves"|"repetition"|
    "fifty_moves", winner: "b"|"w"|null, message}), legal (the legal
    actions), quiet_turns, protect_mills, depth.  Tablero adds seats and
    machine_to_move.
  - Score (game_score/3): {b: {on_board, in_hand, pieces}, w: {...},
    phase}; pieces counts both, as the two-pieces rule does.
  - Show (game_show/3): the board as the terminal game draws it
    (board_lines/4).
  - Refusals: the codes of step_refusal/3; off_board, occupied and
    game_over are tablero's, the others are declared below.  An action
    without its points is bad_action.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module('../tablero').
:- use_module('../tablero/contract', [level_number/4]).
:- use_module(board).
:- use_module(rules).
:- use_module(machine).
:- use_module(course).
:- use_module(convert).

tablero:game(molinolog).
tablero:game_info(molinolog, _{order: 2, title: _{en: "Molinolog", es: "Molinolog"},
                               description: _{en: "Nine men's morris: form mills and capture.",
                                                es: "El juego del molino: forma molinos y captura piezas."},
                          console: _{hint: _{en: "State is the game now, Size its board size (T), Player the player to move (b or w).",
                                              es: "State es la partida ahora, Size el tamaño del tablero (T), Player quien juega (b o w)."},
                                     example: "legal_move(State, M)"}}).

%   Playing the computer: the depth of the machine's search; Black moves
%   first; the board T = 2 unless the person chooses 1 or 3.
tablero:game_difficulty(molinolog, easy,   machine, _{depth: 1}).
tablero:game_difficulty(molinolog, medium, machine, _{depth: 3}).
tablero:game_difficulty(molinolog, hard,   machine, _{depth: 5}).
tablero:game_computer(molinolog,
                      _{seats: [b-black, w-white], options: _{size: 2},
                        choices: [size-_{values: [1, 2, 3],
                                         words: [_{en: "T = 1 (6 pieces)", es: "T = 1 (6 fichas)"},
                                                 _{en: "T = 2 (9 pieces)", es: "T = 2 (9 fichas)"},
                                                 _{en: "T = 3 (12 pieces)", es: "T = 3 (12 fichas)"}],
                                         label: _{en: "Board", es: "Tablero"}}]}).

%   Tournaments (prolog/tablero/contract.pl): our machine's levels are the
%   search's depth.  A student's machine_move/2 is given the course's
%   estado/8 and answers one of its actions (accion): colocar(P),
%   mover(De, A) or capturar(P); after a placement or a move that forms a
%   mill it is asked again, in the phase capturar(Molino), for the capture.
tablero:game_tournament(molinolog, _{levels: ['1', '2', '3', '4', '5']}).
tablero:game_student_state(molinolog, game(_, _, _, S), Estado) :-
    engine_course(S, Estado).
tablero:game_student_action(molinolog, _, Accion, Action) :-
    ground(Accion),
    step_action(Step, Accion),
    step_json(Step, Action).
tablero:game_machine_level(molinolog, Level, game(P, Depth0, L, S), Action) :-
    level_number(molinolog, Level, Depth0, Depth),
    tablero:game_machine(molinolog, game(P, Depth, L, S), Action).

%   The console: State (the rules state), Size (the course's T: 1, 2 or 3)
%   and Player (b/w, to move) are bound; print_state/0 and estado_actual/1
%   show this position (the course's game in progress), and the machine's
%   default depth is the one it starts with.
tablero:game_console(molinolog, [molinolog]).
tablero:game_console_bound(molinolog, game(_, _, _, State), Bound) :-
    state_size(State, Size),
    (   state_outcome(State, none)
    ->  state_to_move(State, Player),
        Bound = ['State'=State, 'Size'=Size, 'Player'=Player]
    ;   Bound = ['State'=State, 'Size'=Size]
    ).
tablero:game_console_prepare(molinolog, game(_, _, _, State)) :-
    engine_course(State, Estado),
    guardar_estado(Estado),
    set_minimax_depth(3).

tablero:game_option(molinolog, size, integer(1, 3), 2).
tablero:game_option(molinolog, black, oneof([human, machine]), human).
tablero:game_option(molinolog, white, oneof([human, machine]), machine).
tablero:game_option(molinolog, depth, integer(1, 5), -).
tablero:game_option(molinolog, protect_mills, boolean, false).

tablero:game_action(molinolog, place, [point]).
tablero:game_action(molinolog, move, [from, to]).
tablero:game_action(molinolog, capture, [point]).

tablero:game_refusal(molinolog, bad_step, invalid,
                     "That is not an action of this game").
tablero:game_refusal(molinolog, must_capture, refused,
                     "A mill was formed: capture an opponent's piece first").
tablero:game_refusal(molinolog, wrong_phase, refused,
                     "That action does not belong to this phase of the game").
tablero:game_refusal(molinolog, not_your_piece, refused,
                     "Move one of your own pieces").
tablero:game_refusal(molinolog, not_adjacent, refused,
                     "A piece moves only along an edge to a neighbouring point").
tablero:game_refusal(molinolog, not_capturable, refused,
                     "Capture one of the opponent's pieces").
tablero:game_refusal(molinolog, in_mill, refused,
                     "That piece is in a mill and the opponent has pieces outside mills").

tablero:game_new(molinolog, Options,
                 game(players(Black, White), Depth, none, State)) :-
    option(size(T), Options),
    option(black(Black), Options),
    option(white(White), Options),
    minimax_depth(Depth0),
    option(depth(Depth), Options, Depth0),
    option(protect_mills(Protect), Options),
    molinolog_initial(T, [protect_mills(Protect)], State).

%   Every action, a person's or the machine's, is judged and played by the
%   course's rules (course.pl) on the course's state of S0; the engine's
%   state of the answer is what gets stored.  The explain is the course's
%   queries as complete goals, the course's state E0 written in each as its
%   Prolog text (term_string/2, quoted as ~q writes it, once per action; the
%   goals are joined with atomics_to_string/2, far cheaper than format/3's
%   ~s on a long text): pasted into `swipl prolog/molinolog.pl`
%   each gives the answer shown (tests/test_panel_paste.py).  The machine's
%   choice, when the machine made it, comes first (tablero:machine_pairs/4).
tablero:game_act(molinolog, game(Players, Depth, _, S0), Action,
                 game(Players, Depth, Step, S), Explain) :-
    action_step(Action, Step),
    step_action(Step, Accion),
    engine_course(S0, E0),
    term_string(E0, E0T),
    term_string(Accion, AT),
    atomics_to_string(["rechazo(", E0T, ", ", AT, ", Codigo)"], QC),
    machine_pairs(molinolog, S0, Step, Machine),
    (   rechazo(E0, Accion, Code)
    ->  answer_text(['Codigo'=Code], AC),
        append(Machine, [QC-AC], Refused),
        refuse(molinolog, Code, Refused)
    ;   aplicar(E0, Accion, E),
        course_engine(E0, S0, E, S),
        step_explain(E0T, Accion, AT, E, Explain0),
        append(Machine, [QC-"false"|Explain0], Explain)
    ).

%   A state read from text (a stored game, Python's from_position()) that is
%   no game/4 term as the header above and prolog/molinolog/rules.pl describe
%   it is refused (bad_state) rather than played on: hand(-5, 6), rules(9, _),
%   a piece off the board, both colours on one point.
tablero:game_state_problem(molinolog, Game, Problem) :-
    \+ well_formed(Game),
    Problem = "it is not a state of molinolog (a game/4 term as prolog/molinolog/protocol.pl describes it)".

%   well_formed(+Game): Game is game(players(B, W), Depth, Last, State) with
%   each part of the right kind: Depth 1..5, Last none or a step on the board,
%   State a molinolog/8 term whose pieces are on the board of its size, no
%   point of both colours, and no more pieces than a player has.
%
%   ?- molinolog_initial(1, _S), well_formed(game(players(human, machine), 3, none, _S)).
%   true.
%
%   ?- molinolog_initial(1, molinolog(R, B, W, C, _, P, Q, H)),
%      well_formed(game(players(human, machine), 3, none,
%                       molinolog(R, B, W, C, hand(-5, 6), P, Q, H))).
%   false.
well_formed(game(players(B, W), Depth, Last,
                 molinolog(rules(T, Protect), Black, White, ToMove, hand(NB, NW), Pending,
                           Quiet, History))) :-
    memberchk(B, [human, machine]), memberchk(W, [human, machine]),
    integer(Depth), between(1, 5, Depth),
    integer(T), between(1, 3, T),
    memberchk(Protect, [true, false]),
    t_full(T, Full),
    on_board(Full, Black), on_board(Full, White), Black /\ White =:= 0,
    memberchk(ToMove, [b, w]),
    N is 3 * (T + 1),
    integer(NB), integer(NW), NB >= 0, NW >= 0,
    popcount(Black) + NB =< N, popcount(White) + NW =< N,
    (   Pending == none -> true ; Pending = capture(Mills), on_board(Full, Mills) ),
    integer(Quiet), Quiet >= 0,
    is_list(History), History = [_|_],
    forall(member(Key, History), key(Full, Key)),
    (   Last == none -> true ; step(T, Last) ),
    !.

on_board(Full, Bits) :- integer(Bits), Bits >= 0, Bits /\ \Full =:= 0.

key(Full, k(B, W, C)) :- on_board(Full, B), on_board(Full, W), memberchk(C, [b, w]).

step(T, place(P)) :- valid_point(T, P).
step(T, move(F, To)) :- valid_point(T, F), valid_point(T, To).
step(T, capture(P)) :- valid_point(T, P).

tablero:game_view(molinolog, game(_, Depth, Last, S), View) :-
    state_view(S, View0),
    last_json(Last, S, LastJSON),
    put_dict(_{depth:Depth, last:LastJSON}, View0, View).

tablero:game_seats(molinolog, game(players(B, W), _, _, _), _{b:SB, w:SW}) :-
    atom_string(B, SB),
    atom_string(W, SW).

%   machine_budget(-Seconds): a machine's turn ends within this time: past it,
%   the search answers the best move of the deepest search it finished.
machine_budget(4).

%   The machine's choice is remembered for the panel as a goal of the
%   engine's search: "machine: Goal", or "machine, depth D of N: Goal" when
%   the time budget stopped the search at depth D (best_move/3 at that depth
%   gives the same move).
tablero:game_machine(molinolog, game(_, Depth, _, S), Action) :-
    machine_budget(Seconds),
    best_move_within(S, Depth, Seconds, Move, Reached),
    move_steps(Move, [Step|_]),
    step_json(Step, Action),
    format(string(Goal), "best_move(~q, ~d, Move)", [S, Reached]),
    (   Reached < Depth
    ->  format(string(Q), "machine, depth ~d of ~d: ~s", [Reached, Depth, Goal])
    ;   string_concat("machine: ", Goal, Q)
    ),
    answer_text(['Move'=Move], A),
    machine_decision(molinolog, S, Step, Q-A).

tablero:game_show(molinolog, game(_, _, _, S), Text) :-
    state_size(S, T),
    findall(P-C, state_piece(S, P, C), Pieces),
    state_mill(S, Mill),
    board_lines(T, Pieces, Mill, Lines),
    foldl(line_text, Lines, "", Text).

tablero:game_score(molinolog, game(_, _, _, S),
                   _{b:B, w:W, phase:Phase}) :-
    colour_score(S, b, B),
    colour_score(S, w, W),
    state_phase(S, Phase0),
    atom_string(Phase0, Phase).

line_text(Line, Text0, Text) :-
    atomics_to_string([Text0, Line, "\n"], Text).

colour_score(S, C, _{on_board:OB, in_hand:H, pieces:N}) :-
    state_on_board(S, C, OB),
    state_in_hand(S, C, H),
    N is OB + H.

%   action_step(+Action, -Step): the step of an action dict.
action_step(Action, Step) :-
    (   get_dict(kind, Action, Kind),
        action_step_(Kind, Action, Step)
    ->  true
    ;   refuse(molinolog, bad_action, [])
    ).

action_step_("place", A, place(P)) :-
    json_point(A.get(point), P).
action_step_("move", A, move(F, T)) :-
    json_point(A.get(from), F),
    json_point(A.get(to), T).
action_step_("capture", A, capture(P)) :-
    json_point(A.get(point), P).

%   json_point(+JSON, -Point): ["n", 2] as (n,2); anything else becomes the
%   atom bad, refused later as off_board.
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

%   last_json(+Last, +S, -JSON): the last step and who played it: the
%   player to move while their capture is pending, else the other one.
last_json(Step, S, JSON) :-
    (   Step == none
    ->  JSON = null
    ;   step_json(Step, JSON0),
        state_to_move(S, C),
        (   state_phase(S, capture)
        ->  Mover = C
        ;   other(C, Mover)
        ),
        atom_string(Mover, Player),
        put_dict(player, JSON0, Player, JSON)
    ).

%   step_explain(+E0T, +Accion, +AT, +E, -Explain): the goals of an accepted
%   action (written AT) on the state written E0T: the line it moves along,
%   whose turn and which phase follow (capturar(Molino) after a mill), and
%   the end.
step_explain(E0T, Accion, AT, E, Explain) :-
    E = estado(T, _, _, _, _, _, _, _),
    (   Accion = mover(From, To)
    ->  Arg = [quoted(true), priority(999)],            % (e,2), not e,2
        format(string(QA), "adyacentes(~q, ~W, ~W)", [T, From, Arg, To, Arg]),
        Line = [QA-"true"]
    ;   Line = []
    ),
    turno(E, Turno),
    fase(E, Fase),
    atomics_to_string(["aplicar(", E0T, ", ", AT, ", _E), turno(_E, Turno), fase(_E, Fase)"], Q1),
    answer_text(['Turno'=Turno, 'Fase'=Fase], A1),
    atomics_to_string(["aplicar(", E0T, ", ", AT, ", _E), fin_del_juego(_E, Resultado)"], Q2),
    (   fin_del_juego(E, Resultado)
    ->  answer_text(['Resultado'=Resultado], A2)
    ;   A2 = "false"
    ),
    append(Line, [Q1-A1, Q2-A2], Explain).

%   state_view(+S, -View): the JSON-ready picture of a rules state.
state_view(S, View) :-
    engine_course(S, E),
    state_size(S, T),
    view_board(S, T, Points, Edges),
    view_counts(S, InHand, OnBoard),
    state_phase(S, Phase),
    state_mill(S, Mill),
    maplist(point_json, Mill, MillJSON),
    (   fin_del_juego(E, Resultado)
    ->  outcome_resultado(Outcome, Resultado)
    ;   Outcome = none
    ),
    status_text(Outcome, S, Es, En),
    outcome_json(Outcome, En, Over, Result),
    to_move_json(Over, S, ToMove),
    findall(A, ( accion_legal(E, Ac), step_action(St, Ac), step_json(St, A) ), Legal),
    state_quiet(S, Quiet),
    S = molinolog(rules(_, Protect), _, _, _, _, _, _, _),
    atom_string(Phase, PhaseS),
    View = _{ size:T, points:Points, edges:Edges, to_move:ToMove,
              phase:PhaseS, in_hand:InHand, on_board:OnBoard,
              mill:MillJSON, status:_{es:Es, en:En}, over:Over,
              result:Result, legal:Legal, quiet_turns:Quiet,
              protect_mills:Protect }.

to_move_json(true, _, null).
to_move_json(false, S, ToMove) :-
    state_to_move(S, C),
    atom_string(C, ToMove).

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

%   outcome_json(+Outcome, +En, -Over, -Result): whether the game is over
%   and its result; the message is the English status line as a sentence.
outcome_json(none, _, false, null).
outcome_json(win(C, Why), En, true, _{code:Code, winner:W, message:M}) :-
    atom_string(Why, Code),
    atom_string(C, W),
    string_concat(En, ".", M).
outcome_json(draw(Why), En, true, _{code:Code, winner:null, message:M}) :-
    atom_string(Why, Code),
    string_concat(En, ".", M).

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
status_text(draw(Why), _, Es, En) :-
    draw_text(Why, Es, En).

draw_text(repetition, "Tablas por triple repetición",
          "Draw by threefold repetition").
draw_text(fifty_moves, "Tablas: 50 jugadas de cada uno sin capturas",
          "Draw: 50 moves by each side without a capture").

win_reason_text(two_pieces, LEs, LEn, REs, REn) :-
    format(string(REs), "el ~w quedó con dos fichas", [LEs]),
    format(string(REn), "~w is left with two pieces", [LEn]).
win_reason_text(no_moves, LEs, LEn, REs, REn) :-
    format(string(REs), "el ~w no puede mover", [LEs]),
    format(string(REn), "~w cannot move", [LEn]).

plural(1, One, _, One) :- !.
plural(_, _, Many, Many).

%   The panel's goals: every query of this game's explain is already a
%   complete goal, the state bound (written_goals/2).
tablero:game_goals(molinolog, _, Explain, Goals) :-
    written_goals(Explain, Goals).

%   Lost on time (prolog/clock.pl): the reason is the code, as the others.
tablero:game_time_result(molinolog, Loser, Winner,
                         _{code:"time", winner:Winner, reason:"time", message:Message}) :-
    atom_string(LA, Loser),
    atom_string(WA, Winner),
    colour_words(LA, _, L),
    colour_words(WA, _, N),
    format(string(Message), "~w lost on time: ~w wins.", [L, N]).
