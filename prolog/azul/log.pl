:- module(azul_log,
          [ game_log//2             % +State0, +Events
          ]).

/** <module> Azul: the readable log of a simulated game

game_log//2 turns the first state of a game and the events of all its turns
(see take_turn/4 in prolog/azul/rules.pl) into a list of lines (strings): the
setup, every turn (who took what from where to which line), each round's wall
tiling with its points, the bonuses, the final scores and the winner.  Pure:
prolog/azul.pl writes the lines to a file.

Players are numbered from 0 (as in the web view); pattern lines, wall rows and
wall columns from 1 (as on the board).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).

%!  game_log(+State0, +Events)// is det.
%
%   The lines of the log of the game that starts with State0 and goes
%   through Events.
game_log(State0, Events) -->
    { State0 = azul(Seed, _, _, Starter, _, Players, table(Fs, _, _, _, _), _, _),
      maplist(player_kind, Players, Kinds),
      numbered(Kinds, Numbered),
      atomic_list_concat(Numbered, ', ', Who)
    },
    line("Azul simulation, seed ~w (players count from 0; lines, rows and columns from 1)", [Seed]),
    line("Players: ~w", [Who]),
    line("Player ~w starts (drawn with the seed).", [Starter]),
    round_header(1, Fs, 0),
    events(Events, Kinds).

player_kind(player(Kind, _, _, _, _), Kind).

numbered(Kinds, Numbered) :-
    findall(N, (nth0(I, Kinds, K), format(atom(N), "~w ~w", [I, K])), Numbered).

line(Format, Args) -->
    { format(string(S), Format, Args) },
    [S].

events([], _) --> [].
events([E|Es], Kinds) -->
    event(E, Kinds),
    events(Es, Kinds).

event(took(P, Source, Colour, N, Line, ToFloor, ToLid, TookToken), Kinds) -->
    { nth0(P, Kinds, Kind),
      source_text(Source, From),
      (   TookToken == true -> Token = " and the first-player token" ; Token = "" ),
      target_text(Line, To),
      overflow_text(Line, ToFloor, ToLid, Over)
    },
    line("  Player ~w (~w) takes ~w ~w~w from ~w to ~w~w.",
         [P, Kind, N, Colour, Token, From, To, Over]).
event(round_end(Round, Tilings), _) -->
    line("  Wall tiling at the end of round ~w:", [Round]),
    tilings(Tilings, 0).
event(refill(Round, Fs, Pours), _) -->
    round_header(Round, Fs, Pours).
event(game_end(Reason, Bonuses, Scores, Winners), _) -->
    { reason_text(Reason, Why) },
    line("Game over: ~w.", [Why]),
    line("Bonuses (+2 per complete row, +7 per complete column, +10 per complete colour):", []),
    bonuses(Bonuses, 0),
    { findall(T, (nth0(I, Scores, S), format(atom(T), "player ~w ~w", [I, S])), Final),
      atomic_list_concat(Final, ', ', FinalText)
    },
    line("Final scores: ~w", [FinalText]),
    winner_line(Winners, Scores).

source_text(centre, "the centre").
source_text(factory(I), Text) :-
    format(string(Text), "factory ~w", [I]).

target_text(Line, Text) :-
    (   Line == floor
    ->  Text = "the floor line"
    ;   format(string(Text), "pattern line ~w", [Line])
    ).

overflow_text(floor, _, 0, "") :- !.
overflow_text(floor, _, ToLid, Text) :- !,
    format(string(Text), " (~w to the lid: the floor is full)", [ToLid]).
overflow_text(_, 0, 0, "") :- !.
overflow_text(_, ToFloor, 0, Text) :- !,
    format(string(Text), " (~w to the floor)", [ToFloor]).
overflow_text(_, ToFloor, ToLid, Text) :-
    format(string(Text), " (~w to the floor, ~w to the lid: the floor is full)", [ToFloor, ToLid]).

round_header(Round, Fs, Pours) -->
    line("Round ~w", [Round]),
    (   { Pours > 0 }
    ->  line("  The bag ran out: the lid was poured back into it.", [])
    ;   []
    ),
    { findall(T, (nth0(I, Fs, F), format(string(T), "~w ~w", [I, F])), Ts),
      atomic_list_concat(Ts, ', ', Text)
    },
    line("  Factories: ~w; the first-player token is in the centre.", [Text]).

tilings([], _) --> [].
tilings([tiling(Tiled, WallPts, Penalty, Score)|Ts], P) -->
    { maplist(tiled_text, Tiled, Texts),
      (   Texts == [] -> Placed = "no full line" ; atomic_list_concat(Texts, '; ', Placed) )
    },
    line("    Player ~w: ~w; wall +~w, floor -~w, score now ~w.",
         [P, Placed, WallPts, Penalty, Score]),
    { P1 is P + 1 },
    tilings(Ts, P1).

tiled_text(tiled(Row, Col, Colour, Points), Text) :-
    R is Row + 1,
    C is Col + 1,
    format(string(Text), "line ~w ~w to wall row ~w column ~w (+~w)", [R, Colour, R, C, Points]).

reason_text(row_complete, "a player completed a horizontal wall row").
reason_text(no_tiles, "no tiles are left to play").

bonuses([], _) --> [].
bonuses([bonus(Rows, Cols, Colours, Points)|Bs], P) -->
    line("  Player ~w: ~w rows, ~w columns, ~w colours: +~w",
         [P, Rows, Cols, Colours, Points]),
    { P1 is P + 1 },
    bonuses(Bs, P1).

winner_line([W], Scores) -->
    !,
    { nth0(W, Scores, S) },
    line("Winner: player ~w with ~w points.", [W, S]).
winner_line(Ws, Scores) -->
    { Ws = [W|_],
      nth0(W, Scores, S),
      atomic_list_concat(Ws, ' and ', Who)
    },
    line("Shared victory: players ~w with ~w points and as many complete rows.", [Who, S]).

%?- use_module(prolog/azul/rules), initial_state([greedy, random], 3, S0),
%   phrase(game_log(S0, []), [_, Players, Starts|_]).
%@ Players = "Players: 0 greedy, 1 random",
%@ Starts = "Player 1 starts (drawn with the seed).".
