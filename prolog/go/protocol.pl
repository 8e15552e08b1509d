:- module(go_protocol, []).  % only clauses of the tablero:game_* hooks

/** <module> Go: the Tablero protocol (game `go`)

Start reading at prolog/go.pl (the entry module).  This module plugs Go into
prolog/tablero.pl: the game's options and refusals as data, and its clauses
of the hooks, turning JSON dicts into go_play/4 actions and games into
JSON-ready views.  It exports nothing.

## The state term

The game term of go_rules, as it is (see prolog/go/rules.pl): the players
(human or machine) are among its settings.  Its format is 2 since the
scoring phase and 3 since a superko game's history is stored apart
(game_format/2, game_stored/3, game_trace/3, game_restore/4).

## The protocol

  - Options: `size` 2..25 (default 19), `preset` "documents", "chinese" or
    "japanese" (default documents), `komi` a whole or half number from -150
    to 150 and `ko` "simple" or "superko" (default: the preset's), `black`
    and `white` "human", "machine" or "gnugo" (default human; GNU Go is run
    by the server, app/gnugo_seat.py), `level` GNU Go's level 1..10
    (default 5), `handicap` 0..9 (default 0), `black_stones` and
    `white_stones` lists of GTP vertices placed before the first move, and
    `first` "b" or "w" (default "w" after a handicap of 2 or more, else
    "b"): see prolog/go/setup.pl.
  - Actions: `{"kind":"move","pos":[R,C]}` (row 0 at the top) or
    `{"kind":"move","vertex":"D4"}` (GTP), `{"kind":"pass"}`,
    `{"kind":"resign"}`; in the scoring phase (after two passes)
    `{"kind":"toggle","pos":[R,C]}` (or "vertex": marks the chain there
    dead or alive), `{"kind":"accept"}` and `{"kind":"resume"}`.  Each may
    name its `player` ("b" or "w"; default the player to move, in the phase
    the player it waits for: a page sends the seat it holds).  Declared with
    game_action/3, so tablero refuses another kind or field.
  - View: size, board (rows of "-bw" text), to_move ("b"|"w"|null),
    captures ({b, w}: stones captured in play), passes, last (null or
    {kind: "move"|"pass"|"resign"|"toggle"|"accept"|"resume", player, pos
    (move and toggle)}), settings ({preset, ko, komi, tie, rule: "area" or
    "territory"}), phase ("play", "scoring" or "over"), dead (the points
    marked dead: in the phase, or agreed at the count; else []), accepted
    ({b, w}: who has accepted the marking), score (null in play; in the
    phase the count with the dead taken off, {b, w, komi, owner}; once
    counted the final one), over and result (null, or {code:
    "B+3.5"|"W+R"|"W+0"|"Draw", winner: "b"|"w"|null, message, reason:
    "resign"|"count", tie_break: true when the documents' "a tie goes to
    White" decided it, score: as above, or null after a resignation}).  The
    `owner` rows tell who each point counts for ("-": nobody).
  - Seats: {b, w}, each "human", "machine" or "gnugo".
  - Show (game_show/3): the board drawn by board_text/2 (X black, O white,
    GTP coordinates around it).
  - Score (game_score/3): the count now (by the preset's rule, the stones
    marked dead taken off), {b, w (komi included), komi, owner (rows of
    "-bw": who each point counts for), result (the code the count gives, or
    the game's result if it is over)}.
  - Refusals: Go's own are suicide, ko, superko, scoring_phase,
    not_scoring, not_a_stone and already_accepted (refused); the rest are
    tablero's: bad_kind and bad_field (an undeclared kind or field),
    bad_action (a malformed pos, vertex or player), off_board (a pos or a
    vertex such as "Z99" off the board), occupied, not_your_turn (its explain
    says whose turn it is), game_over and machine_turn.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module('../tablero').
:- use_module('../tablero/contract', [level_number/4]).
:- use_module(board).
:- use_module(rules).
:- use_module(machine).
:- use_module(goals).

tablero:game(go).
tablero:game_info(go, _{order: 1, title: _{en: "Go", es: "Go"},
                        description: _{en: "The classic game of surrounding territory, on 9×9, 13×13 or 19×19.",
                                         es: "El clásico juego de rodear territorio, en 9×9, 13×13 o 19×19."},
                          console: _{hint: _{en: "Board is the board now (a list of rows of \"-\", \"b\", \"w\"), Player the player to move, Game the whole game.",
                                              es: "Board es el tablero ahora (una lista de filas de \"-\", \"b\", \"w\"), Player quien juega, Game la partida entera."},
                                     example: "adyacentes(Board, 3, 4, A)"}}).

%   Playing the computer: easy is the Prolog machine, medium and hard GNU Go
%   (offered where the server has it); Black moves first; the index's game
%   is 9x9, or 13x13 or 19x19 as the person chooses.
tablero:game_difficulty(go, easy,   machine, _{}).
tablero:game_difficulty(go, medium, gnugo,   _{level: 1}).
tablero:game_difficulty(go, hard,   gnugo,   _{level: 10}).
tablero:game_computer(go, _{seats: [b-black, w-white], options: _{size: 9},
                            choices: [size-_{values: [9, 13, 19],
                                             words: ["9×9", "13×13", "19×19"],
                                             label: _{en: "Board", es: "Tablero"}}]}).

%   Tournaments (prolog/tablero/contract.pl): our machine at `simple` (the
%   beginner's evaluator) or a number of playouts a move; GNU Go and GTP
%   engines play too; the referee accepts the dead stones the rules propose
%   for both players, and stops a game at 3 actions a point of the board,
%   where both pass and it is counted; its records are SGF.  A student's machine_move/2 is given
%   the go/8 game term as it is and answers move(P, [Row, Col]), pass(P) or
%   resign(P), P the player to move, as go_play/4 takes them.
tablero:game_tournament(go, _{levels: [simple], numbered: "a number of playouts a move",
                              engines: true, phases: _{scoring: accept},
                              cap: _{points: 3, then: pass}, record: sgf}).
tablero:game_student_state(go, Game, Game).
tablero:game_student_action(go, _, Move, Action) :-
    ground(Move),
    (   Move = move(P, [R, C]) -> integer(R), integer(C)
    ;   Move = pass(P) -> true
    ;   Move = resign(P)
    ),
    memberchk(P, ["b", "w"]),
    term_json(Move, Action).
tablero:game_machine_level(go, Level, Game, Action) :-
    (   Level == simple -> Options = [player(simple)]
    ;   level_number(go, Level, default, N),
        (   N == default -> Options = [] ; Options = [playouts(N)] )
    ),
    random_between(0, 999999, Seed),
    go_machine_action(Game, [seed(Seed)|Options], Term),
    term_json(Term, Action).

%   The console (prolog/console.pl): a goal about a Go game finds Board (the
%   course's rows of "-", "b", "w"), Player ("b"/"w", to move) and Game (the
%   go_rules game term) bound, and sees the exports of prolog/go.pl.
tablero:game_console(go, [go]).
%   A course predicate given the atom b or w where the course writes a
%   player as a string ("b", "w") simply fails: say why.
tablero:game_console_hint(go, Goal, Hint) :-
    sub_term(Sub, Goal),
    compound(Sub),
    compound_name_arguments(Sub, Name, Args),
    memberchk(Name, [goMove, encerrados, encerradosContrario, encerradosVacios,
                     contarPuntos, aplanarTablero, adyacentes]),
    member(Arg, Args),
    atom(Arg),
    memberchk(Arg, [b, w, '-']),
    !,
    format(string(Hint), "Hint: the course writes players and points as strings: \"~w\" \c
            (with double quotes), not the atom ~w", [Arg, Arg]).

tablero:game_console_bound(go, Game, Bound) :-
    go_board(Game, Board),
    (   go_to_move(Game, Player)
    ->  Bound = ['Board'=Board, 'Player'=Player, 'Game'=Game]
    ;   Bound = ['Board'=Board, 'Game'=Game]
    ).

%   Format 2: the scoring phase (the Status scoring/4 and over(score(B, W,
%   Dead)), and the view's phase, dead, accepted and score).  A game stored
%   in format 1 is rebuilt from its actions: one that two passes had ended
%   is in the scoring phase again, its dead stones proposed.
%   Format 3: a superko game is stored without its history (game_stored/3
%   below), which its plies' traces give back.
tablero:game_format(go, 3).

%   Positional superko remembers every position of the game: it is kept out
%   of the stored text (only the first position stays), each move's
%   position hash is stored with the move (its trace), and the history is
%   the traces, newest first, then the first position.  A simple-ko game
%   keeps its two positions in the text.
tablero:game_stored(go, Game, Stored) :-
    Game = go(S, B, T, C, P, History, L, St),
    arg(3, S, superko),
    History = [_, _|_],
    last(History, First),
    Stored = go(S, B, T, C, P, [First], L, St).

tablero:game_trace(go, go(S, _, _, _, _, [Hash|_], move(_, _), _), Hash) :-
    arg(3, S, superko).

tablero:game_restore(go, Stored, Traces, Game) :-
    Stored = go(S, B, T, C, P, [First], L, St),
    arg(3, S, superko),
    (   Traces == unknown -> throw(refusal(no_trace, [])) ; true ),
    append(Traces, [First], History),
    Game = go(S, B, T, C, P, History, L, St).

tablero:game_option(go, size, integer(2, 25), 19).
tablero:game_option(go, preset, oneof([documents, chinese, japanese]), documents).
tablero:game_option(go, komi, halves(-150, 150), -).
tablero:game_option(go, ko, oneof([simple, superko]), -).
tablero:game_option(go, black, oneof([human, machine, gnugo]), human).
tablero:game_option(go, white, oneof([human, machine, gnugo]), human).
tablero:game_option(go, level, integer(1, 10), 5).
tablero:game_option(go, handicap, integer(0, 9), 0).
tablero:game_option(go, black_stones, list(string(3), 0, 625), []).
tablero:game_option(go, white_stones, list(string(3), 0, 625), []).
tablero:game_option(go, first, oneof([b, w]), -).

tablero:game_action(go, move, [pos, vertex, player]).
tablero:game_action(go, pass, [player]).
tablero:game_action(go, resign, [player]).
tablero:game_action(go, toggle, [pos, vertex, player]).
tablero:game_action(go, accept, [player]).
tablero:game_action(go, resume, [player]).

tablero:game_refusal(go, suicide, refused,
                     "Suicide: the stone would have no liberty and captures nothing").
tablero:game_refusal(go, ko, refused,
                     "Ko: this would repeat the position before your opponent's last move").
tablero:game_refusal(go, superko, refused,
                     "Superko: this would repeat an earlier position").
tablero:game_refusal(go, scoring_phase, refused,
                     "Play has ended: mark the dead stones and accept, or resume play").
tablero:game_refusal(go, not_scoring, refused,
                     "Dead stones are marked after two passes, in the scoring phase").
tablero:game_refusal(go, not_a_stone, refused,
                     "There is no stone there to mark dead or alive").
tablero:game_refusal(go, already_accepted, refused,
                     "You have already accepted this marking").

tablero:game_new(go, Options, Game) :-
    go_new(Options, Game).

%   The explain is go_play/4's; the machine's choice, when the machine made
%   it, comes first (tablero:machine_pairs/4).
tablero:game_act(go, Game0, Action, Game, Explain) :-
    action_term(Action, Game0, Term),
    machine_pairs(go, Game0, Term, Machine),
    go_play(Game0, Term, Game, Explain0),
    append(Machine, Explain0, Explain).

%   The machine's turn: go_machine_action/3 with a fresh seed each time, so
%   it plays differently from game to game, searching on the clock (its
%   time budget), and the goal that repeats its choice is written down:
%   "machine: go_machine_action(Game, [seed(S), simulations(N)],
%   Action)", N the simulations the clock allowed, Game the full game term
%   the machine saw (a superko game's history included: tablero gives the
%   hook the restored game), written with ~q on one line, and its answer.
%   Pasted into `swipl prolog/go.pl` it plays the same N simulations with
%   the same seed and gives the same action on any machine
%   (tests/test_panel_paste.py).
tablero:game_machine(go, Game, Action) :-
    machine_seed_limit(Limit),
    random_between(0, Limit, Seed),
    go_machine_action(Game, [seed(Seed), simulations(N)], Term),
    term_json(Term, Action),
    format(string(Q), "machine: go_machine_action(~q, [seed(~d), simulations(~d)], Action)",
           [Game, Seed, N]),
    answer_text(['Action'=Term], A),
    machine_decision(go, Game, Term, Q-A).

%   machine_seed_limit(-Max): the machine's seeds are 0..Max.
machine_seed_limit(999999).

tablero:game_seats(go, Game, _{b:B, w:W}) :-
    Game = go(settings(_, _, _, _, _, players(B0, W0)), _, _, _, _, _, _, _),
    atom_string(B0, B),
    atom_string(W0, W).

tablero:game_view(go, Game, View) :-
    Game = go(settings(Size, Preset, Ko, Komi, Tie, _), Rows, _, Bc-Wc, Passes, _, Last, Status),
    (   go_to_move(Game, P) -> ToMove = P ; ToMove = null ),
    go_outcome(Game, Outcome),
    (   Outcome == none
    ->  Over = false, Result = null
    ;   Over = true, result_json(Game, Outcome, Result)
    ),
    (   Last == none -> LastJ = null ; term_json(Last, LastJ) ),
    go_dead_marking(Game, Dead),
    status_phase(Status, Phase, Accepted),
    (   Phase == "play" -> Score = null
    ;   Status = over(resigned(_)) -> Score = null
    ;   score_json(Game, Score, _)
    ),
    (   Preset == japanese -> Rule = "territory" ; Rule = "area" ),
    View = _{ size:Size, board:Rows, to_move:ToMove, over:Over, result:Result,
              captures:_{b:Bc, w:Wc}, passes:Passes, last:LastJ,
              phase:Phase, dead:Dead, accepted:Accepted, score:Score,
              settings:_{preset:Preset, ko:Ko, komi:Komi, tie:Tie, rule:Rule} }.

%   A state read from text (a stored game, Python's from_position()) that is
%   no go/8 term as prolog/go/rules.pl describes it is refused (bad_state)
%   rather than drawn as a board of 4 rows, with an "X" on it, or "x" to move.
tablero:game_state_problem(go, Game,
                           "it is not a state of go (a go/8 term as prolog/go/rules.pl describes it)") :-
    \+ well_formed(Game).

%   well_formed(+Game): Game is a go/8 term as prolog/go/rules.pl describes it
%   (its header, "The state term"), every part of the right kind and within the
%   board.
%
%   ?- go_new([size(3)], _G), well_formed(_G).
%   true.
%
%   ?- go_new([size(3)], go(S, _, T, C, P, H, L, St)), well_formed(go(S, ["---", "-X-", "---"], T, C, P, H, L, St)).
%   false.
well_formed(go(settings(Size, Preset, Ko, Komi, Tie, players(B, W)), Rows, ToMove,
               Bc-Wc, Passes, History, Last, Status)) :-
    integer(Size), between(2, 25, Size),
    memberchk(Preset, [documents, chinese, japanese]),
    memberchk(Ko, [simple, superko]),
    number(Komi), Komi >= -150, Komi =< 150, Komi * 2 =:= truncate(Komi * 2),
    memberchk(Tie, [white, draw]),
    memberchk(B, [human, machine, gnugo]),
    memberchk(W, [human, machine, gnugo]),
    is_list(Rows), length(Rows, Size),
    maplist(board_row(Size), Rows),
    player(ToMove),
    count(Bc), count(Wc), count(Passes),
    is_list(History), History = [_|_], maplist(atom, History),
    last_action(Size, Last),
    status(Size, Status),
    !.

board_row(Size, Row) :-                 % "-", "b" and "w" only: all of it is padding
    string(Row),
    string_length(Row, Size),
    split_string(Row, "", "-bw", [""]).

player(P) :- string(P), memberchk(P, ["b", "w"]).

count(N) :- integer(N), N >= 0.

point(Size, [R, C]) :-
    integer(R), integer(C),
    R >= 0, R < Size, C >= 0, C < Size.

last_action(_, none) :- !.
last_action(Size, move(P, Pos)) :- !, player(P), point(Size, Pos).
last_action(Size, toggle(P, Pos)) :- !, player(P), point(Size, Pos).
last_action(_, Last) :-
    compound(Last), compound_name_arity(Last, Name, 1),
    memberchk(Name, [pass, resign, accept, resume]),
    arg(1, Last, P), player(P).

status(_, playing) :- !.
status(Size, scoring(Passer, Dead, Accepted, Toggles)) :- !,
    player(Passer),
    points(Size, Dead),
    is_list(Accepted), maplist(player, Accepted),
    is_list(Toggles).
status(_, over(resigned(P))) :- !, player(P).
status(Size, over(score(B, W, Dead))) :- !, number(B), number(W), points(Size, Dead).
status(_, over(score(B, W))) :- number(B), number(W).

points(Size, Points) :- is_list(Points), maplist(point(Size), Points).

status_phase(playing, "play", _{b:false, w:false}).
status_phase(scoring(_, _, Accepted, _), "scoring", _{b:B, w:W}) :-
    (   memberchk("b", Accepted) -> B = true ; B = false ),
    (   memberchk("w", Accepted) -> W = true ; W = false ).
status_phase(over(_), "over", _{b:false, w:false}).

tablero:game_show(go, Game, Text) :-
    go_board(Game, Board),
    board_text(Board, Text).

tablero:game_score(go, Game, Score) :-
    score_json(Game, Score0, Result),
    put_dict(result, Score0, Result, Score).

                 /*******************************
                 *           ACTIONS            *
                 *******************************/

%   action_term(+Action, +Game, -Term): the go_play/4 action of an action
%   dict; a malformed one is refused as bad_action, a vertex off the board
%   as off_board (a pos off the board is go_play/4's off_board).
action_term(Action, Game, Term) :-
    Game = go(settings(Size, _, _, _, _, _), _, ToMove, _, _, _, _, _),
    (   get_dict(player, Action, P0)
    ->  (   memberchk(P0, ["b", "w"]) -> P = P0 ; refuse(bad_action) )
    ;   P = ToMove
    ),
    (   get_dict(kind, Action, Kind), kind_term(Kind, Action, Size, P, Term0)
    ->  Term = Term0
    ;   refuse(bad_action)
    ).

kind_term("move", Action, Size, P, move(P, Pos)) :-
    action_pos(Action, Size, Pos).
kind_term("pass", _, _, P, pass(P)).
kind_term("resign", _, _, P, resign(P)).
kind_term("toggle", Action, Size, P, toggle(P, Pos)) :-
    action_pos(Action, Size, Pos).
kind_term("accept", _, _, P, accept(P)).
kind_term("resume", _, _, P, resume(P)).

%   action_pos(+Action, +Size, -Pos): the point of a move, from its pos
%   [R, C] (integers, which go_play/4 checks are on the board) or from its
%   GTP vertex (a letter and a number); fails when neither is well-formed, or
%   when both are given and name different points.
action_pos(Action, Size, Pos) :-
    (   get_dict(pos, Action, Pos)
    ->  Pos = [R, C], integer(R), integer(C),
        (   get_dict(vertex, Action, V)
        ->  vertex_pos(V, Size, Pos)
        ;   true
        )
    ;   get_dict(vertex, Action, V),
        vertex_pos(V, Size, Pos)
    ).

%   vertex_pos(+Vertex, +Size, ?Pos): the point of a GTP vertex; fails when
%   Vertex is not one, refuses off_board when it is off the board.
vertex_pos(V, Size, Pos) :-
    string(V),
    string_chars(V, [L|Digits]),
    upcase_atom(L, U),
    sub_atom('ABCDEFGHIJKLMNOPQRSTUVWXYZ', _, 1, _, U),
    Digits \== [],
    forall(member(D, Digits), char_type(D, digit(_))),
    (   gtp_vertex(Size, Pos0, V) -> true ; refuse(off_board) ),
    Pos = Pos0.

refuse(Code) :-
    tablero:refuse(go, Code, []).

%   term_json(+Term, -Dict): an action of go_play/4 as JSON.
term_json(move(P, Pos), _{kind:"move", player:P, pos:Pos}).
term_json(pass(P), _{kind:"pass", player:P}).
term_json(resign(P), _{kind:"resign", player:P}).
term_json(toggle(P, Pos), _{kind:"toggle", player:P, pos:Pos}).
term_json(accept(P), _{kind:"accept", player:P}).
term_json(resume(P), _{kind:"resume", player:P}).

                 /*******************************
                 *       RESULT AND SCORE       *
                 *******************************/

%   result_json(+Game, +Outcome, -Result): the view's result of a game
%   that is over.
result_json(Game, Outcome, _{code:Code, winner:Winner, message:Message, reason:Reason,
                             tie_break:TieBreak, score:Score}) :-
    go_result_code(Outcome, Code),
    outcome_winner(Outcome, Winner),
    outcome_message(Outcome, Message),
    (   Outcome = tie(_) -> TieBreak = true ; TieBreak = false ),
    (   Outcome = resign(_)
    ->  Reason = "resign", Score = null
    ;   Reason = "count", score_json(Game, Score, _)
    ).

outcome_winner(resign(P), P).
outcome_winner(score(P, _), P).
outcome_winner(tie(P), P).
outcome_winner(draw, null).

outcome_message(resign(P), M) :-
    player_name(P, Name),
    format(string(M), "~w wins by resignation", [Name]).
outcome_message(score(P, Margin), M) :-
    player_name(P, Name),
    (   Margin =:= 1 -> Points = "point" ; Points = "points" ),
    format(string(M), "~w wins by ~w ~w", [Name, Margin, Points]).
outcome_message(tie(P), M) :-
    player_name(P, Name),
    format(string(M), "Equal points: ~w wins (a tie goes to White in the documents)", [Name]).
outcome_message(draw, "Draw: equal points").

player_name("b", "Black").
player_name("w", "White").

%   score_json(+Game, -Score, -Code): the count of go_score/3 (the stones
%   marked dead taken off) as {b, w, komi, owner}, and the result code it
%   gives.
score_json(Game, _{b:B, w:W, komi:Komi, owner:OwnerRows}, Code) :-
    go_score(Game, score(B, W, Komi, Code), Owner),
    board_string(OwnerBoard, Owner),
    board_rows(OwnerBoard, OwnerRows).

%   The panel's goals: go_play/4's explain names its inputs (Board, Game0);
%   prolog/go/goals.pl writes them in, from the views the page holds.
tablero:game_goals(go, Context, Explain, Goals) :-
    go_goals(Context, Explain, Goals).

%   Go's own kind of clock besides those of every timed game (prolog/clock.pl):
%   Japanese byo-yomi, main time and then periods.
tablero:game_clock_kind(go, "byoyomi").

%   Lost on time (prolog/clock.pl): SGF's result, the winner first ("B+T").
tablero:game_time_result(go, Loser, Winner,
                         _{code:Code, winner:Winner, reason:"time", message:Message,
                           tie_break:false, score:null}) :-
    string_upper(Winner, W),
    format(string(Code), "~w+T", [W]),
    colour_name(Loser, L),
    colour_name(Winner, N),
    format(string(Message), "~w lost on time: ~w wins.", [L, N]).

colour_name("b", "Black").
colour_name("w", "White").
