:- module(azul,
          [ new_game/1,             % +Players
            new_game/2,             % +Players, +Options
            play_azul/4             % +Players, +Seed, -State, -LogLines
          ]).

/** <module> Azul (document 003): the simulator, and the game in five modules

Start reading here.  Document 003 (Universidad de La Habana, "Programación
Declarativa") asks for a simulator: new_game/1 plays a whole game between
machine players and writes a readable log.  This module is that entry:
new_game/1,2 and the pure simulation play_azul/4 behind them.  The game lives
in five modules under prolog/azul/:

  - board.pl (azul_board): the components and their terms: colours, the
    printed wall and how a placed tile scores, the floor and its penalties,
    the bag and lid, the factories and the centre, the seeded generator;
  - rules.pl (azul_rules): the state term, setup, legal moves, a turn, the
    wall tiling, the end of the game and the winners.  Its header documents
    the state term and every rule choice the course document leaves open;
  - machine.pl (azul_machine): the machine players greedy, random and
    lookahead, and what "scores now" means for greedy;
  - log.pl (azul_log): the game as text: the simulation's log and the table;
  - protocol.pl (azul_protocol): the tablero hooks of the web protocol (the
    options, actions, view and refusals are documented in its header).

A game against the machine in a terminal, in Spanish, is in
prolog/azul_cli.pl: `swipl prolog/azul_cli.pl` then `?- azul([humano, goloso]).`

Only the three predicates above are exported, so this module loads beside
the other games without a clash; the others are called through their module,
e.g. azul_rules:initial_state/3.

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

## Measured

`python bench/azul_sim.py --games 100` (each strategy's CPU time per game
against random's, measured in the same run, and the strength of each pair of
strategies) printed:

    CPU time per self-play game over random's with as many players (2 alternating rounds of 3 games, one swipl process):
      strategy    2 players  3 players  4 players
      random           1.0x       1.0x       1.0x
      greedy           5.1x       5.7x       6.0x
      lookahead      131.3x     217.6x     215.2x

    100 games per pair, 2 players, seats alternated, seeds 1..100:
      A          B           A wins  B wins   ties   A avg   B avg
      greedy     random      100.0%    0.0%   0.0%    61.7     1.1
      lookahead  greedy       98.0%    2.0%   0.0%    67.2    29.8
      lookahead  random      100.0%    0.0%   0.0%    58.2     0.4
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(azul/board, [clock_seed/1]).
:- use_module(azul/rules, [initial_state/3, state_over/1, state_to_move/3, take_turn/4]).
:- use_module(azul/machine, [choose_move/3]).
:- use_module(azul/log, [game_log//2, player_number/2, points_text/3]).
:- use_module(azul/protocol).

%!  play_azul(+Players, +Seed, -State, -LogLines) is det.
%
%   State is the final state of the game between the machine strategies
%   Players (2 to 4 of greedy, random, lookahead) from the integer Seed, and
%   LogLines (strings) its readable log.  Pure: the same arguments give the
%   same game.
%
%   ?- play_azul([greedy, greedy], 42, _S, _),
%      _S = azul(_, _, Round, _, _, _, _, _, over(_, _, Winners)).
%   Round = 6,
%   Winners = [0].
play_azul(Players, Seed, State, Lines) :-
    must_be(list(oneof([greedy, random, lookahead])), Players),
    length(Players, N),
    must_be(between(2, 4), N),
    must_be(integer, Seed),
    initial_state(Players, Seed, State0),
    play_turns(State0, State, Events),
    phrase(game_log(State0, Events), Lines).

play_turns(State, State, []) :-
    state_over(State),
    !.
play_turns(State0, State, Events) :-
    state_to_move(State0, _, Kind),
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
%
%   ?- with_output_to(string(_), new_game([greedy, random], [seed(3), log('/tmp/azul-3.txt')])),
%      read_file_to_string('/tmp/azul-3.txt', _Log, []),
%      split_string(_Log, "\n", "", [First|_]).
%   First = "Azul simulation, seed 3 (players count from 1, factories from 0; lines, rows and columns from 1)".
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

default_log(Seed, Path) :-
    current_prolog_flag(tmp_dir, Dir),
    format(atom(Path), "~w/azul-~w.txt", [Dir, Seed]).

print_summary(Seed, azul(_, _, Round, _, _, Players, _, _, over(_, _, Winners)), Path) :-
    format("Azul, seed ~w, ~w rounds.~n", [Seed, Round]),
    forall(nth1(N, Players, player(Kind, Score, _, _, _)),
           ( points_text(en, Score, Points),
             format("  Player ~w (~w): ~w~n", [N, Kind, Points]) )),
    maplist(player_number, Winners, Numbers),
    atomic_list_concat(Numbers, ' and ', Who),
    (   Winners = [_] -> What = "Winner: player" ; What = "Shared victory: players" ),
    format("~w ~w.~nLog: ~w~n", [What, Who, Path]).
