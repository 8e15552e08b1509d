:- module(azul_protocol, []).  % only clauses of the tablero:game_* hooks

/** <module> Azul: the Tablero protocol (game `azul`)

Start reading at prolog/azul.pl (the entry module).  This module plugs Azul
into prolog/tablero.pl: the game's options and refusals as data, and its
clauses of the tablero:game_* hooks, turning JSON dicts into moves of
azul_rules and rules states into JSON-ready views.  It exports nothing.

## The state term

The rules state itself, azul(Seed, Rng, Round, Starter, ToMove, Players,
Table, Last, Phase) (documented in prolog/azul/rules.pl): the seats' kinds are
in Players and the seed in Seed, so a stored game needs nothing more.

## The protocol

  - Options: `players`, a list of 2 to 4 of "human", "greedy", "random",
    "lookahead" (default ["human", "greedy"]); `seed`, an integer from 0 to
    2147483646 (default: the clock, clock_seed/1; the view's `seed` gives it
    back, to replay a game exactly).
  - Action: {"kind":"take", "source":"centre"|Factory (0-based integer),
    "colour":"blue"|"yellow"|"red"|"black"|"white", "line":1..5|"floor"}: one
    whole turn.  The wall tiling and the next round's refill happen inside the
    action that empties the table.
  - Seats (game_seats/3): player ("0".."3") -> "human", "greedy", "random" or
    "lookahead".  game_machine/3 plays a machine seat with its strategy, and
    a person's seat as "greedy" plays it (the REPL's machine() and a hint; the
    server lets the machine play only a machine seat's turn).
  - View: players (per player: score, lines: 5 lists of colours, wall: 5x5
    of colour or null, floor: colours and "first" for the token,
    has_first_token, bonus: {rows, columns, colours, points} once over, else
    null), factories, centre, first_token_in_centre, bag_count, lid_count,
    round, to_move ("0".."3", null when over), over, result (null while
    playing, else {code: "row_complete"|"no_tiles", winner: the player, or
    null for a shared victory, winners: [players], message}), last (null or
    {player, kind: "take", action, tiles, to_floor, first_token, round_end:
    null or one {wall, floor} of points per player}), wall_pattern,
    floor_penalties (the seven floor spaces' points), legal (the actions of
    the player to move), seed, status {en, es}.  Players are "0".."3" in the
    JSON and "player 1".."player 4" in the status and the result's message.
  - Refusals: a malformed action is `bad_action`, `bad_source`, `bad_colour`
    or `bad_line` (invalid; tablero's own bad_kind and bad_field for a kind
    other than "take" or a field it does not have); the rules refuse with game_over, empty_source,
    no_such_colour (the source has no tile of that colour), line_full,
    colour_mismatch and wall_has_colour (take_refusal/3).
  - Explain: complete goals with the state written in (bag and generator
    included): azul_rules:take_refusal/3 and azul_rules:take_turn/4 (its
    Events), and a machine seat's choice as azul_machine:choose_move/3.
  - game_show/3: the table in English (azul_log:table_lines/3);
    game_score/3: the scores, {"0": Score, ...}.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module('../tablero').
:- use_module(board).
:- use_module(rules).
:- use_module(machine).
:- use_module(log).

tablero:game(azul).
tablero:game_info(azul, _{order: 4, title: _{en: "Azul", es: "Azul"},
                          description: _{en: "Draft coloured tiles and decorate the palace wall.",
                                           es: "Elige azulejos de colores y decora la pared del palacio."},
                          console: _{hint: _{en: "State is the game now, Player the player to move (0, 1, …).",
                                              es: "State es la partida ahora, Player quien juega (0, 1, …)."},
                                     example: "legal_takes(State, Ms), length(Ms, N)"}}).

%   Playing the computer: the kind of player in the machine's seat; the
%   first player is drawn with the deal, the person is player 1.
tablero:game_difficulty(azul, easy,   random,    _{}).
tablero:game_difficulty(azul, medium, greedy,    _{}).
tablero:game_difficulty(azul, hard,   lookahead, _{}).
tablero:game_computer(azul, _{seats: ['0'-players/0, '1'-players/1], order: drawn}).

%   Tournaments (prolog/tablero/contract.pl): two players, the pairing's
%   seed deals the tiles; our machine's levels are its kinds of player (each
%   a player's word too: `greedy` is machine:greedy; default greedy).  A
%   student's machine_move/2 is given the azul/9 rules state and answers
%   take(Source, Colour, Line), Source factory(I) (0-based) or centre, Line
%   1..5 or floor.
tablero:game_tournament(azul, _{levels: [random, greedy, lookahead], players: true,
                                deal: seed}).
tablero:game_student_state(azul, State, State).
tablero:game_student_action(azul, _, Move, Action) :-
    ground(Move),
    Move = take(Source, Colour, Line),
    ( Source = factory(I) -> integer(I) ; Source == centre ),
    atom(Colour),
    ( Line == floor -> true ; integer(Line) ),
    move_dict(Move, Action).
tablero:game_machine_level(azul, Level, State0, Action) :-
    ( Level == default -> Kind = greedy ; Kind = Level ),
    azul_strategy(Kind),
    state_to_move(State0, P, _),
    State0 = azul(A1, A2, A3, A4, A5, Players0, A7, A8, A9),
    nth0(P, Players0, player(_, S, Ls, Wl, F), Rest),
    nth0(P, Players, player(Kind, S, Ls, Wl, F), Rest),
    tablero:game_machine(azul, azul(A1, A2, A3, A4, A5, Players, A7, A8, A9), Action).

%   The console: State (the rules state) and Player (0.., to move) are bound;
%   the goal sees the exports of the rules, the board, the machine and the log.
tablero:game_console(azul, [azul, azul_rules, azul_board, azul_machine, azul_log]).
tablero:game_console_bound(azul, State, Bound) :-
    (   state_over(State)
    ->  Bound = ['State'=State]
    ;   state_to_move(State, Player, _),
        Bound = ['State'=State, 'Player'=Player]
    ).

tablero:game_option(azul, players, list(oneof([human, greedy, random, lookahead]), 2, 4),
                    [human, greedy]).
tablero:game_option(azul, seed, integer(0, 2147483646), -).

tablero:game_action(azul, take, [source, colour, line]).

tablero:game_refusal(azul, bad_source, invalid,
                     "The source must be \"centre\" or the number of a factory (from 0)").
tablero:game_refusal(azul, bad_colour, invalid,
                     "The colour must be blue, yellow, red, black or white").
tablero:game_refusal(azul, bad_line, invalid, "The line must be 1 to 5 or \"floor\"").
tablero:game_refusal(azul, empty_source, refused, "There are no tiles there to take").
tablero:game_refusal(azul, no_such_colour, refused, "There is no tile of that colour there").
tablero:game_refusal(azul, line_full, refused, "That pattern line is already full").
tablero:game_refusal(azul, colour_mismatch, refused,
                     "That pattern line already holds tiles of another colour").
tablero:game_refusal(azul, wall_has_colour, refused,
                     "That wall row already has a tile of this colour").

tablero:game_new(azul, Options, State) :-
    option(players(Kinds), Options),
    (   option(seed(Seed), Options) -> true ; clock_seed(Seed) ),
    initial_state(Kinds, Seed, State).

%   The explain is the rules' queries as complete goals, State0 (bag and
%   generator included, so a refill draws the same tiles) written in each
%   as its Prolog text (term_string/2, as ~q writes it): pasted into
%   `swipl prolog/azul.pl` each gives
%   the answer shown (tests/test_panel_paste.py).  The machine's choice,
%   when a machine seat made it, comes first (tablero:machine_pairs/4).
tablero:game_act(azul, State0, Action, State, Explain) :-
    (   state_over(State0) -> tablero:refuse(azul, game_over, []) ; true ),
    action_move(State0, Action, Move),
    term_string(State0, S0T),
    term_string(Move, MT),
    atomics_to_string(["azul_rules:take_refusal(", S0T, ", ", MT, ", Code)"], Q),
    machine_pairs(azul, State0, Move, Machine),
    (   take_refusal(State0, Move, Code)
    ->  answer_text(['Code'=Code], A),
        append(Machine, [Q-A], Refused),
        tablero:refuse(azul, Code, Refused)
    ;   take_turn(State0, Move, State, Events),
        atomics_to_string(["azul_rules:take_turn(", S0T, ", ", MT, ", _State, Events)"], QT),
        answer_text(['Events'=Events], AT),
        append(Machine, [Q-"false", QT-AT], Explain)
    ).

tablero:game_seats(azul, azul(_, _, _, _, _, Players, _, _, _), Seats) :-
    findall(Key-Kind,
            ( nth0(I, Players, player(Kind0, _, _, _, _)),
              player_key(I, Key),
              atom_string(Kind0, Kind) ),
            Pairs),
    dict_pairs(Seats, _, Pairs).

tablero:game_machine(azul, State, Action) :-
    \+ state_over(State),
    state_to_move(State, _, Seat),
    (   Seat == human -> Kind = greedy ; Kind = Seat ),
    azul_strategy(Kind),
    choose_move(Kind, State, Move),
    move_dict(Move, Action),
    format(string(Q), "machine: azul_machine:choose_move(~q, ~q, Move)", [Kind, State]),
    answer_text(['Move'=Move], A),
    machine_decision(azul, State, Move, Q-A).

tablero:game_show(azul, State, Text) :-
    table_lines(en, State, Lines),
    atomics_to_string_lines(Lines, Text).

tablero:game_score(azul, azul(_, _, _, _, _, Players, _, _, _), Score) :-
    findall(Key-S,
            ( nth0(I, Players, player(_, S, _, _, _)),
              player_key(I, Key) ),
            Pairs),
    dict_pairs(Score, _, Pairs).

tablero:game_view(azul, State, View) :-
    State = azul(Seed, _, Round, _, ToMove, Players, Table, Last, Phase),
    Table = table(Fs, Centre, Token, Bag, Lid),
    findall(PV, (nth0(I, Players, P), player_view(Token, Phase, I, P, PV)), PlayerViews),
    maplist(strings, Fs, FactoryViews),
    strings(Centre, CentreView),
    counts_total(Bag, BagCount),
    counts_total(Lid, LidCount),
    wall_pattern(Pattern),
    maplist(strings, Pattern, PatternView),
    floor_penalties(Penalties),
    legal_takes(State, Moves),
    maplist(move_dict, Moves, Legal),
    last_view(Last, LastView),
    result_view(Phase, Players, Over, Result),
    status(Phase, Round, ToMove, Players, Status),
    (   Token == centre -> InCentre = true ; InCentre = false ),
    (   Over == true -> ToMoveView = null ; player_text(ToMove, ToMoveView) ),
    View = _{players:PlayerViews, factories:FactoryViews, centre:CentreView,
             first_token_in_centre:InCentre, bag_count:BagCount, lid_count:LidCount,
             round:Round, to_move:ToMoveView, over:Over, result:Result,
             last:LastView, wall_pattern:PatternView, floor_penalties:Penalties,
             legal:Legal, seed:Seed, status:Status}.

                 /*******************************
                 *            ACTIONS           *
                 *******************************/

%   action_move(+State, +Action, -Move): the move of a JSON action, or an
%   `invalid` refusal naming the malformed field.
action_move(State, Action, take(Source, Colour, Line)) :-
    (   get_dict(kind, Action, "take") -> true ; tablero:refuse(azul, bad_action, []) ),
    (   get_dict(source, Action, S), action_source(State, S, Source)
    ->  true
    ;   tablero:refuse(azul, bad_source, [])
    ),
    (   get_dict(colour, Action, C), string(C), azul_colour(Colour), atom_string(Colour, C)
    ->  true
    ;   tablero:refuse(azul, bad_colour, [])
    ),
    (   get_dict(line, Action, L), action_line(L, Line)
    ->  true
    ;   tablero:refuse(azul, bad_line, [])
    ).

action_source(_, "centre", centre).
action_source(State, I, factory(I)) :-
    integer(I),
    arg(7, State, table(Fs, _, _, _, _)),
    length(Fs, N),
    I >= 0, I < N.

action_line("floor", floor).
action_line(L, L) :-
    integer(L),
    between(1, 5, L).

move_dict(take(Source, Colour, Line), _{kind:"take", source:S, colour:C, line:L}) :-
    (   Source = factory(S) -> true ; S = "centre" ),
    atom_string(Colour, C),
    (   Line == floor -> L = "floor" ; L = Line ).

                 /*******************************
                 *             VIEW             *
                 *******************************/

%   player_key(+I, -Key): the key of player I in seats and scores, '0'..'3'.
player_key(I, Key) :-
    format(atom(Key), "~d", [I]).

player_text(I, Text) :-
    number_string(I, Text).

player_view(Token, Phase, I, player(_, Score, Lines, Wall, Floor), View) :-
    maplist(line_view, Lines, LineViews),
    maplist(wall_row_view, Wall, WallView),
    strings(Floor, FloorView),
    (   Token == held(I) -> Has = true ; Has = false ),
    (   Phase = over(_, Bonuses, _)
    ->  nth0(I, Bonuses, bonus(R, C, K, B)),
        Bonus = _{rows:R, columns:C, colours:K, points:B}
    ;   Bonus = null
    ),
    View = _{score:Score, lines:LineViews, wall:WallView, floor:FloorView,
             has_first_token:Has, bonus:Bonus}.

line_view(empty, []).
line_view(line(Colour, N), Tiles) :-
    atom_string(Colour, C),
    length(Tiles, N),
    maplist(=(C), Tiles).

wall_row_view(Cells, Views) :-
    maplist(cell_view, Cells, Views).

cell_view(empty, null) :- !.
cell_view(Colour, C) :-
    atom_string(Colour, C).

strings(Atoms, Strings) :-
    maplist(atom_string, Atoms, Strings).

last_view(none, null).
last_view(last(P, Move, Taken, ToFloor, TookToken, RoundEnd), View) :-
    player_text(P, PText),
    move_dict(Move, Action),
    (   RoundEnd = round_end(Points)
    ->  findall(_{wall:W, floor:F}, member(points(W, F), Points), RoundView)
    ;   RoundView = null
    ),
    View = _{player:PText, kind:"take", action:Action, tiles:Taken, to_floor:ToFloor,
             first_token:TookToken, round_end:RoundView}.

result_view(playing, _, false, null).
result_view(over(Reason, _, Ws), Players, true,
            _{code:Code, winner:Winner, winners:WTexts, message:Message}) :-
    atom_string(Reason, Code),
    maplist(player_text, Ws, WTexts),
    (   WTexts = [Winner] -> true ; Winner = null ),
    winners_words(Ws, Players, en, Who, Score),
    reason_words(Reason, Why),
    points_text(en, Score, Points),
    format(string(Message), "~w: ~w with ~w.", [Why, Who, Points]).

reason_words(row_complete, "A wall row is complete").
reason_words(no_tiles, "No tiles are left to play").

%   winners_words(+Winners, +Players, +Lang, -Who, -Score): the winners in
%   words (players counted from 1) and their score.
winners_words(Ws, Players, Lang, Who, Score) :-
    Ws = [W|_],
    nth0(W, Players, player(_, Score, _, _, _)),
    findall(N, (member(I, Ws), N is I + 1), Ns),
    winners_words_(Lang, Ns, Who).

winners_words_(en, [N], Who) :- !,
    format(string(Who), "player ~w wins", [N]).
winners_words_(es, [N], Who) :- !,
    format(string(Who), "gana el jugador ~w", [N]).
winners_words_(en, Ns, Who) :-
    atomic_list_concat(Ns, ' and ', Text),
    format(string(Who), "shared victory of players ~w", [Text]).
winners_words_(es, Ns, Who) :-
    atomic_list_concat(Ns, ' y ', Text),
    format(string(Who), "victoria compartida de los jugadores ~w", [Text]).

status(playing, Round, P, Players, _{en:En, es:Es}) :-
    nth0(P, Players, player(Kind, _, _, _, _)),
    N is P + 1,
    kind_name(es, Kind, KindEs),
    format(string(En), "Round ~w: player ~w (~w) to move.", [Round, N, Kind]),
    format(string(Es), "Ronda ~w: le toca al jugador ~w (~w).", [Round, N, KindEs]).
status(over(_, _, Ws), _, _, Players, _{en:En, es:Es}) :-
    winners_words(Ws, Players, en, WhoEn, Score),
    winners_words(Ws, Players, es, WhoEs, Score),
    points_text(en, Score, PointsEn),
    points_text(es, Score, PointsEs),
    format(string(En), "Game over: ~w with ~w.", [WhoEn, PointsEn]),
    format(string(Es), "Fin de la partida: ~w con ~w.", [WhoEs, PointsEs]).

atomics_to_string_lines(Lines, Text) :-
    atomic_list_concat(Lines, '\n', Atom),
    atom_string(Atom, Text).

%   The panel's goals: every query of this game's explain is already a
%   complete goal, the state bound (written_goals/2).
tablero:game_goals(azul, _, Explain, Goals) :-
    written_goals(Explain, Goals).
