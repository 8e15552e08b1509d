:- module(azul,
          [ new_game/1,             % +Players
            new_game/2,             % +Players, +Options
            play_azul/4             % +Players, +Seed, -State, -LogLines
          ]).

/** <module> Azul (document 003): a seeded simulator and the web protocol

Start reading here.  The rules live in three modules under prolog/azul/:

  - rules.pl (azul_rules): the state term, setup, legal moves, a turn, the
    wall tiling, the end of the game, bonuses and winners.  Its header
    documents the state term and every rule choice GAMES.md leaves open;
  - strategy.pl (azul_strategy): the machine players greedy, random and
    lookahead, and what "scores now" means for greedy;
  - log.pl (azul_log): the readable log of a game, as lines of text.

This module is the entry: the document's new_game/1 (and new_game/2 with a
seed and a log file), the pure simulation play_azul/4 behind it, and the
tablero protocol (hooks at the end).

## The state term (in full in rules.pl)

    azul(Seed, Rng, Round, Starter, ToMove, Players, Table, Last, Phase)

Players is a list of player(Kind, Score, Lines, Wall, Floor); Table is
table(Factories, Centre, Token, Bag, Lid); Phase is `playing` or
over(Reason, Bonuses, Winners).  The only randomness is Rng, a Park-Miller
generator state derived from Seed and threaded through the state, so a game
replays exactly from its seed.

## The simulation

new_game(Players) plays a whole game between machine players (greedy, random,
lookahead) with a seed taken from the clock, writes its log to
`<tmp>/azul-<Seed>.txt` (<tmp> is the flag tmp_dir, /tmp here: outside the
source tree) and prints the seed, the final scores, the winner and the log's
path.  new_game(Players, [seed(S), log(Path)]) chooses both.

## The protocol (tablero:game(azul))

  - Options: `players`, a list of 2 to 4 of "human", "greedy", "random",
    "lookahead" (default ["human", "greedy"]); `seed`, an integer (default: the
    clock in milliseconds, chosen in game_new and kept in the state and in the
    view's `seed`: pass it back as an option to replay a game exactly).
  - Action: {"kind":"take", "source":"centre"|Factory (0-based integer),
    "colour":"blue"|"yellow"|"red"|"black"|"white", "line":1..5|"floor"}: one
    whole turn.  The wall tiling and the next round's refill happen inside the
    action that empties the table.
  - View: players (kind, score, lines: 5 lists of colours, wall: 5x5 of colour
    or null, floor: colours and "first" for the token, has_first_token, bonus:
    {rows, columns, colours, points} once over, else null),
    factories, centre, first_token_in_centre, bag_count, lid_count, round,
    to_move ("0".."3"), over, winners, winner ("0".."3" or "shared" when over,
    else null), result, last ({player, action, tiles, to_floor, first_token,
    round_end: null or one {wall, floor} of points per player}), wall_pattern,
    legal (the actions of the player to move), seed, status {en, es}.
  - Malformed actions are `invalid`: bad_action, bad_source, bad_colour,
    bad_line.  The rules refuse with game_over, empty_source, no_such_colour
    (the source has no tile of that colour), line_full, colour_mismatch,
    wall_has_colour.
  - game_machine/3 answers for a machine seat (with its strategy); it fails
    for a human seat.

## Measured

`python bench/azul_sim.py` (defaults: 200 games a pair, 2 players, seats
alternated, 2 swipl processes), on this 2-core machine while others used it
(load average about 4); the whole run took 379 s:

    greedy self-play: 10.3 games/s (2 players), 6.5 (3), 4.1 (4)
    A          B          A wins  B wins  ties   A avg   B avg
    greedy     random     100.0%    0.0%  0.0%    61.2     1.2
    lookahead  greedy      99.0%    1.0%  0.0%    68.3    29.4
    lookahead  random     100.0%    0.0%  0.0%    58.5     0.4

lookahead costs about 0.6 s of CPU per 2-player game (greedy 0.05 s) and
0.26 s for the first move of a 4-player game (statistics(cputime, _) around
play_azul/4 and choose_move/3, on the same shared machine).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(tablero).
:- use_module(azul/rules).
:- use_module(azul/strategy).
:- use_module(azul/log).

                 /*******************************
                 *         SIMULATION           *
                 *******************************/

%!  play_azul(+Players, +Seed, -State, -LogLines) is det.
%
%   State is the final state of the game between the machine strategies
%   Players (2 to 4 of greedy, random, lookahead) from the integer Seed, and
%   LogLines (strings) its readable log.  Pure: the same arguments give the
%   same game.
play_azul(Players, Seed, State, Lines) :-
    must_be(list(oneof([greedy, random, lookahead])), Players),
    length(Players, N),
    must_be(between(2, 4), N),
    must_be(integer, Seed),
    initial_state(Players, Seed, State0),
    play_turns(State0, State, Events),
    phrase(game_log(State0, Events), Lines).

play_turns(State, State, []) :-
    arg(9, State, over(_, _, _)),
    !.
play_turns(State0, State, Events) :-
    State0 = azul(_, _, _, _, P, Players, _, _, playing),
    nth0(P, Players, player(Kind, _, _, _, _)),
    choose_move(Kind, State0, Move),
    take_turn(State0, Move, State1, Events0),
    append(Events0, Events1, Events),
    play_turns(State1, State, Events1).

%!  new_game(+Players) is det.
%
%   Plays a game between the machine strategies Players (e.g. [greedy,
%   greedy]) with a seed from the clock, writes its log to a file in the
%   system's temporary directory and prints the seed, the scores and the
%   file's path.
new_game(Players) :-
    new_game(Players, []).

%!  new_game(+Players, +Options) is det.
%
%   As new_game/1 with Options seed(Seed) (an integer) and log(Path) (the
%   log file; default `<tmp_dir>/azul-<Seed>.txt`).
new_game(Players, Options) :-
    must_be(list, Options),
    maplist(check_sim_option, Options),
    (   option(seed(Seed), Options) -> true ; clock_seed(Seed) ),
    (   option(log(Path), Options) -> true ; default_log(Seed, Path) ),
    play_azul(Players, Seed, State, Lines),
    setup_call_cleanup(open(Path, write, Out, [encoding(utf8)]),
                       forall(member(L, Lines), format(Out, "~w~n", [L])),
                       close(Out)),
    print_summary(Seed, State, Path).

check_sim_option(seed(S)) :- !, must_be(integer, S).
check_sim_option(log(P)) :- !, must_be(atomic, P).
check_sim_option(O) :- domain_error(azul_option, O).

clock_seed(Seed) :-
    get_time(T),
    Seed is truncate(T * 1000) mod 2147483648.

default_log(Seed, Path) :-
    current_prolog_flag(tmp_dir, Dir),
    format(atom(Path), "~w/azul-~w.txt", [Dir, Seed]).

print_summary(Seed, azul(_, _, Round, _, _, Players, _, _, over(_, _, Winners)), Path) :-
    format("Azul, seed ~w, ~w rounds.~n", [Seed, Round]),
    forall(nth0(I, Players, player(Kind, Score, _, _, _)),
           format("  Player ~w (~w): ~w points~n", [I, Kind, Score])),
    atomic_list_concat(Winners, ' and ', Who),
    (   Winners = [_] -> What = "Winner: player" ; What = "Shared victory: players" ),
    format("~w ~w.~nLog: ~w~n", [What, Who, Path]).

                 /*******************************
                 *          PROTOCOL            *
                 *******************************/

tablero:game(azul).

tablero:game_new(azul, Options, State) :-
    dict_pairs(Options, _, Pairs),
    forall(member(Key-_, Pairs), known_option(Key)),
    (   get_dict(players, Options, Ps) -> option_players(Ps, Kinds) ; Kinds = [human, greedy] ),
    (   get_dict(seed, Options, Seed)
    ->  (   integer(Seed) -> true ; bad_option("The seed must be an integer") )
    ;   clock_seed(Seed)
    ),
    initial_state(Kinds, Seed, State).

known_option(Key) :-
    (   memberchk(Key, [players, seed])
    ->  true
    ;   format(string(M), "Unknown option ~w: Azul takes players and seed", [Key]),
        bad_option(M)
    ).

option_players(Ps, Kinds) :-
    (   is_list(Ps), length(Ps, N), between(2, 4, N), maplist(player_kind_text, Ps, Kinds)
    ->  true
    ;   bad_option("players must be a list of 2 to 4 of \"human\", \"greedy\", \"random\", \"lookahead\"")
    ).

%   Known names only: no atom is made from the request's text.
player_kind_text(Text, Kind) :-
    string(Text),
    (   Kind = human ; azul_strategy(Kind) ),
    atom_string(Kind, Text),
    !.

bad_option(Message) :-
    throw(tablero(invalid, bad_option, Message)).

tablero:game_act(azul, State0, Action, State, Explain) :-
    (   arg(9, State0, over(_, _, _))
    ->  refusal_message(game_over, Message),
        throw(tablero(refused, game_over, Message))
    ;   true
    ),
    action_move(State0, Action, Move),
    (   take_refusal(State0, Move, Code)
    ->  format(string(Q), "take_refusal(State, ~q, Code)", [Move]),
        format(string(A), "Code = ~w", [Code]),
        refusal_message(Code, Message),
        throw(tablero(refused, Code, Message, [Q-A]))
    ;   true
    ),
    take_turn(State0, Move, State, Events),
    turn_explain(Move, Events, Explain).

refusal_message(game_over, "The game is over").
refusal_message(empty_source, "There are no tiles there to take").
refusal_message(no_such_colour, "There is no tile of that colour there").
refusal_message(line_full, "That pattern line is already full").
refusal_message(colour_mismatch, "That pattern line already holds tiles of another colour").
refusal_message(wall_has_colour, "That wall row already has a tile of this colour").
refusal_message(bad_source, "There is no such factory").
refusal_message(bad_line, "The line must be 1 to 5 or \"floor\"").

invalid(Code, Message) :-
    throw(tablero(invalid, Code, Message)).

%   action_move(+State, +Action, -Move): the move of a JSON action, or an
%   `invalid` error naming the malformed field.
action_move(State, Action, take(Source, Colour, Line)) :-
    (   get_dict(kind, Action, "take")
    ->  true
    ;   invalid(bad_action, "An Azul action is {\"kind\":\"take\", \"source\", \"colour\", \"line\"}")
    ),
    (   get_dict(source, Action, S), action_source(State, S, Source)
    ->  true
    ;   invalid(bad_source, "The source must be \"centre\" or the number of a factory (from 0)")
    ),
    (   get_dict(colour, Action, C), string(C), azul_colour(Colour), atom_string(Colour, C)
    ->  true
    ;   invalid(bad_colour, "The colour must be blue, yellow, red, black or white")
    ),
    (   get_dict(line, Action, L), action_line(L, Line)
    ->  true
    ;   invalid(bad_line, "The line must be 1 to 5 or \"floor\"")
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

turn_explain(Move, Events, Explain) :-
    Events = [took(P, _, Colour, N, _, ToFloor, ToLid, _)|More],
    format(string(Q1), "take_refusal(State, ~q, Code)", [Move]),
    format(string(Q2), "take_turn(State0, ~q, State, Events)", [Move]),
    format(string(A2), "player ~w took ~w ~w: ~w to the floor, ~w to the lid",
           [P, N, Colour, ToFloor, ToLid]),
    foldl(event_explain, More, Extra, []),
    Explain = [Q1-"false: the move is legal", Q2-A2|Extra].

event_explain(round_end(Round, Tilings)) -->
    !,
    { findall(T, (nth0(I, Tilings, tiling(_, W, F, S)),
                  format(string(T), "player ~w: wall +~w, floor -~w, score ~w", [I, W, F, S])),
              Ts),
      atomic_list_concat(Ts, '; ', A),
      format(string(Q), "tile_wall/6 for every player, end of round ~w", [Round]),
      atom_string(A, AS)
    },
    [Q-AS].
event_explain(game_end(Reason, _, Scores, Winners)) -->
    !,
    { format(string(A), "Winners = ~w (~w; final scores ~w)", [Winners, Reason, Scores]) },
    ["winners(Players, Winners)"-A].
event_explain(refill(Round, _, _)) -->
    { format(string(A), "round ~w: factories refilled from the bag", [Round]) },
    ["fill_factories/5"-A].

tablero:game_seat(azul, azul(_, _, _, _, P, Players, _, _, _), Kind) :-
    nth0(P, Players, player(Kind, _, _, _, _)).

tablero:game_machine(azul, State, Action) :-
    State = azul(_, _, _, _, P, Players, _, _, playing),
    nth0(P, Players, player(Kind, _, _, _, _)),
    azul_strategy(Kind),
    choose_move(Kind, State, Move),
    move_dict(Move, Action).

move_dict(take(Source, Colour, Line), _{kind:"take", source:S, colour:C, line:L}) :-
    (   Source = factory(S) -> true ; S = "centre" ),
    atom_string(Colour, C),
    (   Line == floor -> L = "floor" ; L = Line ).

                 /*******************************
                 *             VIEW             *
                 *******************************/

tablero:game_view(azul, State, View) :-
    State = azul(Seed, _, Round, _, ToMove, Players, Table, Last, Phase),
    Table = table(Fs, Centre, Token, Bag, Lid),
    numlist_players(Players, Indexed),
    maplist(player_view(Token, Phase), Indexed, PlayerViews),
    maplist(strings, Fs, FactoryViews),
    strings(Centre, CentreView),
    counts_sum(Bag, BagCount),
    counts_sum(Lid, LidCount),
    wall_pattern(Pattern),
    maplist(strings, Pattern, PatternView),
    legal_takes(State, Moves),
    maplist(move_dict, Moves, Legal),
    last_view(Last, LastView),
    result_view(Phase, Players, Over, Winners, Winner, Result),
    status(Phase, Round, ToMove, Players, Status),
    (   Token == centre -> InCentre = true ; InCentre = false ),
    number_string(ToMove, ToMoveText),
    View = _{players:PlayerViews, factories:FactoryViews, centre:CentreView,
             first_token_in_centre:InCentre, bag_count:BagCount, lid_count:LidCount,
             round:Round, to_move:ToMoveText, over:Over, winners:Winners,
             winner:Winner, result:Result, last:LastView, wall_pattern:PatternView,
             legal:Legal, seed:Seed, status:Status}.

numlist_players(Players, Indexed) :-
    findall(I-P, nth0(I, Players, P), Indexed).

player_view(Token, Phase, I-player(Kind, Score, Lines, Wall, Floor), View) :-
    atom_string(Kind, KindText),
    maplist(line_view, Lines, LineViews),
    maplist(wall_row_view, Wall, WallView),
    strings(Floor, FloorView),
    (   Token == held(I) -> Has = true ; Has = false ),
    (   Phase = over(_, Bonuses, _)
    ->  nth0(I, Bonuses, bonus(R, C, K, B)),
        Bonus = _{rows:R, columns:C, colours:K, points:B}
    ;   Bonus = null
    ),
    View = _{kind:KindText, score:Score, lines:LineViews, wall:WallView,
             floor:FloorView, has_first_token:Has, bonus:Bonus}.

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

counts_sum(Counts, Sum) :-
    findall(N, member(_-N, Counts), Ns),
    sum_list(Ns, Sum).

last_view(none, null).
last_view(last(P, Move, Taken, ToFloor, TookToken, RoundEnd), View) :-
    number_string(P, PText),
    move_dict(Move, Action),
    (   RoundEnd = round_end(Points)
    ->  findall(_{wall:W, floor:F}, member(points(W, F), Points), RoundView)
    ;   RoundView = null
    ),
    View = _{player:PText, action:Action, tiles:Taken, to_floor:ToFloor,
             first_token:TookToken, round_end:RoundView}.

result_view(playing, _, false, [], null, null).
result_view(over(_, _, Ws), Players, true, WTexts, Winner, Result) :-
    maplist(number_string, Ws, WTexts),
    Ws = [W|_],
    nth0(W, Players, player(_, Score, _, _, _)),
    (   WTexts = [Winner]
    ->  format(string(Result), "Player ~w wins with ~w points", [W, Score])
    ;   Winner = "shared",
        atomic_list_concat(WTexts, ' and ', Who),
        format(string(Result), "Shared victory: players ~w with ~w points", [Who, Score])
    ).

status(playing, Round, P, Players, _{en:En, es:Es}) :-
    nth0(P, Players, player(Kind, _, _, _, _)),
    kind_es(Kind, KindEs),
    format(string(En), "Round ~w: player ~w (~w) to move.", [Round, P, Kind]),
    format(string(Es), "Ronda ~w: le toca al jugador ~w (~w).", [Round, P, KindEs]).
status(over(_, _, Ws), _, _, Players, _{en:En, es:Es}) :-
    Ws = [W|_],
    nth0(W, Players, player(_, Score, _, _, _)),
    atomic_list_concat(Ws, ' and ', Who),
    atomic_list_concat(Ws, ' y ', Quien),
    (   Ws = [_]
    ->  format(string(En), "Game over: player ~w wins with ~w points.", [Who, Score]),
        format(string(Es), "Fin de la partida: gana el jugador ~w con ~w puntos.", [Quien, Score])
    ;   format(string(En), "Game over: shared victory of players ~w with ~w points.", [Who, Score]),
        format(string(Es), "Fin de la partida: victoria compartida de los jugadores ~w con ~w puntos.",
               [Quien, Score])
    ).

kind_es(human, humano).
kind_es(greedy, goloso).
kind_es(random, aleatorio).
kind_es(lookahead, previsor).

%?- play_azul([greedy, greedy], 42, S, _), S = azul(_, _, Round, _, _, Ps, _, _, over(_, _, W)),
%   findall(Sc, member(player(_, Sc, _, _, _), Ps), Scores).
%@ Round = 6, W = [0], Scores = [92, 86].
%
%?- new_game([greedy, random], [seed(3), log('/tmp/azul-3.txt')]).
%  Azul, seed 3, 5 rounds.
%    Player 0 (greedy): 84 points
%    Player 1 (random): 0 points
%  Winner: player 0.
%  Log: /tmp/azul-3.txt
%@ true.
