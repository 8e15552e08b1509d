:- module(tablero_contract,
          [ tournament_json/2,   % +Game, -Tournament
            level_number/4       % +Game, +Level, +Default, -N
          ]).

/** <module> Playing a game in tournaments: what the game declares

Start reading at prolog/tablero.pl, whose hooks these are, and at
docs/tournaments.md.  `tablero tournament` (app/tournament.py) plays a game
that declares (in its own protocol.pl, optional):

    tablero:game_tournament(?Game, ?Tournament:dict)
    tablero:game_student_state(+Game, +State, -StudentState)
    tablero:game_student_action(+Game, +State, +Move, -Action:dict)
    tablero:game_machine_level(+Game, +Level, +State, -Action:dict)

game_tournament/2 is data, served by the catalog (api_games/1) under
`tournament` (tournament_json/2) and read by the referee:

  - `levels`: the levels of our machine a player names after `machine:`
    (atoms, such as '1' or greedy); `numbered` (optional): the words for a
    whole number above 0, a level too (Go: "a number of playouts");
    `players` (optional, true): each level is a player's word of its own
    (Azul's `greedy` is `machine:greedy`).
  - `seats` (optional): the seats a pairing's first and second player take,
    written as game_computer/2's (Seat-Option or Seat-Option/N: the option
    that names the seat's kind); default game_computer/2's.  The referee
    makes every seat a person's (`human`), so that only the rules judge.
  - `deal` (optional): the option the pairing's seed sets (Azul: `seed`,
    the tiles' deal; both games of a pair share it).
  - `phases` (optional): a dict Phase-Kind: while the view's `phase` is
    Phase, the referee plays an action of Kind for the player to move (Go:
    _{scoring: accept}, both accept the dead stones the rules propose).
  - `cap` (optional): how a game is stopped without `--max-plies`: a dict
    with `points`, the actions per point of the board (the view's `size`
    squared), and `then`, the kind of action the referee then plays for
    the player to move until the rules end the game (Go: _{points: 3, then:
    pass}); without it a game stops at 2000 actions, a draw.
  - `engines` (optional, true): GNU Go and GTP engines play it
    (app/gnugo_seat.py); `record` (optional): sgf, its records are SGF
    files (app/sgf.py), else our JSON list of actions.

The other three hooks are the students' contract and our machine, run in
the players' processes (prolog/tablero/tournament.pl):
game_student_state/3 is the state a student's machine_move(+State, -Move)
is given for the game State (in the course's terms where the game has a
course); game_student_action/4 the action dict of a student's Move in
State, failing for a term that is no move of the game (the student then
loses the game: not_a_move); game_machine_level/4 the action our machine
chooses at Level (an atom: a declared level, or `default` for the game's
own) with SWI-Prolog's random generator seeded by the caller, failing for a
level it does not play.
*/

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(computer, [seat_json/2]).

%!  tournament_json(+Game, -Tournament:dict) is semidet.
%
%   How Game is played in tournaments as the catalog serves it: Game's
%   game_tournament/2 with `seats` written as the catalog's computer seats
%   ([_{seat, option, index?}]; game_computer/2's when not declared) and
%   `levels` as strings.  Fails for a game that declares none.
%
%   ?- tournament_json(molinolog, T), get_dict(seats, T, [First|_]).
%   T = _{levels:["1", "2", "3", "4", "5"], seats:[_{option:black, seat:b}, _{option:white, seat:w}]},
%   First = _{option:black, seat:b}.
tournament_json(Game, Tournament) :-
    tablero:game_tournament(Game, Declared),
    (   get_dict(seats, Declared, Seats0) -> true
    ;   tablero:game_computer(Game, Computer),
        get_dict(seats, Computer, Seats0)
    ),
    maplist(seat_json, Seats0, Seats),
    get_dict(levels, Declared, Levels0),
    maplist([L, S]>>atom_string(L, S), Levels0, Levels),
    put_dict(_{seats: Seats, levels: Levels}, Declared, Tournament).

%!  level_number(+Game, +Level, +Default, -N) is semidet.
%
%   N is the number our machine of Game plays at Level: Default for the
%   level `default`, else Level's number where Level is one of Game's
%   declared levels (game_tournament/2's `levels`) or, where Game declares
%   `numbered` levels, any whole number above 0.  Fails for another level.
%
%   ?- level_number(molinolog, '4', 3, N).
%   N = 4.
%
%   ?- level_number(molinolog, '9', 3, N).
%   false.
level_number(_, default, Default, Default) :- !.
level_number(Game, Level, _, N) :-
    tablero:game_tournament(Game, Declared),
    atom(Level),
    atom_number(Level, N),
    integer(N),
    (   get_dict(levels, Declared, Levels), memberchk(Level, Levels) -> true
    ;   get_dict(numbered, Declared, _), N > 0
    ).
