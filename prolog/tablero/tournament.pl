:- module(tablero_tournament,
          [ tournament_main/0,  % the process: JSON lines in, JSON lines out
            student_state/3,    % +Game, +GameTerm, -StudentState
            student_action/4,   % +Game, +GameTerm, +Move, -Action
            machine_choice/5    % +Game, +Level, +GameTerm, +Seed, -Action
          ]).

/** <module> A player of a tournament, in a process of its own

Start reading at app/tournament.py and docs/tournaments.md.  `tablero
tournament` referees every game in its own Prolog (app/games.py) and asks
each player for its actions: GNU Go and GTP engines in their own processes,
and our machine players and students' machines in `swipl` processes running
this file:

    swipl -q -f none -g tablero_tournament:tournament_main -t halt \
          prolog/tablero/tournament.pl -- --machine=LEVEL
    swipl ... prolog/tablero/tournament.pl -- --student=FILE   (inside app/confine.py's box)

Each says {"ready": true, ...} on one JSON line once loaded, then answers one
request a line,

    {"game": "molinolog", "state": StoredText, "traces": Traces,
     "seed": N, "seconds": CpuSeconds}

(the game as the referee stores it, read as prolog/tablero/search.pl reads
it) with the action of the player to move:

    {"ok": true, "action": {...}, "move": MoveText}
    {"ok": false, "status": S, "message": M, "move": MoveText}

S is limited_call/4's status (failed, timeout, inferences, error, halt,
abort, resource) or not_a_move (an answer that is none of the game's move
terms).  Nothing is played here: the referee plays the action through its
rules, which refuse an illegal one (the player then loses the game).  A
student's process is prolog/grade/play.pl's student_main/3, the driver of
`tablero serve --rules` too, given this file's question (machine_move/2).

## The students' contract: machine_move(+State, -Move)

A student's file (or a teacher's adapter file that loads the student's
solution beside it and maps its names) defines machine_move/2: given the
state of a game in which the student's side is to move, one move.  State and
Move are terms of our rules, in the course's language where the game has one
(docs/tournaments.md gives an example per game).  Each game says which, in
its own protocol.pl: game_student_state/3 (the State it is given) and
game_student_action/4 (the action of its Move), and how our machine plays at
a level (game_machine_level/4), beside its seats and levels as data
(game_tournament/2): the hooks of prolog/tablero/contract.pl.  A game that
plugs in is played in tournaments by declaring them.

The student's code runs under limited_call/4 of prolog/grade/sandbox.pl:
its output captured, at most the request's CPU seconds, and SWI-Prolog's
random generator seeded with the request's seed (a student's machine that
draws random numbers plays the same game again with the same seed).

*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(http/json)).
:- use_module('../tablero', []).
:- use_module(plugins).
:- load_games.
:- use_module(cache, []).
:- use_module(search, []).
:- use_module('../grade/sandbox').
:- use_module('../grade/play', [student_main/3, serve_requests/4, reply/2,
                                      option_value/3, sub_text/3]).

%!  student_state(+Game, +GameTerm, -StudentState) is det.
%
%   The state a student's machine_move/2 is given (the game's
%   game_student_state/3).
student_state(Game, Term, State) :-
    tablero:game_student_state(Game, Term, State),
    !.

%!  student_action(+Game, +GameTerm, +Move, -Action) is semidet.
%
%   The action dict of a student's Move, or false when Move is none of the
%   game's move terms (the game's game_student_action/4).
student_action(Game, Term, Move, Action) :-
    catch(tablero:game_student_action(Game, Term, Move, Action), _, fail),
    !.

%!  machine_choice(+Game, +Level, +GameTerm, +Seed, -Action) is semidet.
%
%   Our machine's action at Level (an atom, the player's text after
%   `machine:`; `default` without one), its random choices from Seed (the
%   game's game_machine_level/4).
machine_choice(Game, Level, Term, Seed, Action) :-
    with_seed(Seed, tablero:game_machine_level(Game, Level, Term, Action)).

with_seed(Seed, Goal) :-
    random_property(state(Saved)),
    setup_call_cleanup(set_random(seed(Seed)), once(Goal), set_random(state(Saved))).

%!  tournament_main is det.
%
%   The process's loop (see the module header): a student's file is served
%   by prolog/grade/play.pl's student_main/3 (the channel kept from the
%   student's code, the file loaded, the ready line, one request a line), the
%   same driver as `tablero serve --rules`; our machine by its serve_requests/4.
tournament_main :-
    current_prolog_flag(argv, Argv),
    (   option_value(Argv, student, _)
    ->  student_main(defines_machine_move, answer(student), fault)
    ;   option_value(Argv, machine, Level)
    ->  set_prolog_flag(debug_on_error, false),
        stream_property(In, alias(user_input)),
        stream_property(Out, alias(user_output)),
        set_stream(In, encoding(utf8)),
        set_stream(Out, encoding(utf8)),
        reply(Out, _{ready: true}),
        serve_requests(In, Out, answer(machine(Level)), fault)
    ;   reply(user_output, _{ready: false, load: _{failure: "neither --student nor --machine"}})
    ).

defines_machine_move(Missing) :-
    (   student_defines(machine_move/2)
    ->  Missing = ""
    ;   Missing = "machine_move/2 is not defined"
    ).

fault("", _{ok: false, status: error, message: "The request is not a game", move: ""}) :- !.
fault(Message, _{ok: false, status: error, message: Message, move: ""}).

%   answer(+Who, +Request, -Reply): the action of the player to move.
answer(Who, Request, Reply) :-
    _{game: GameS, seed: Seed} :< Request,
    atom_string(Game, GameS),
    tablero:known_game(Game),
    tablero_search:state(Game, Request, Term),
    answer(Who, Game, Term, Seed, Request, Reply).

answer(machine(Level), Game, Term, Seed, _, Reply) :-
    (   machine_choice(Game, Level, Term, Seed, Action)
    ->  Reply = _{ok: true, action: Action, move: ""}
    ;   Reply = _{ok: false, status: failed, move: "",
                  message: "our machine has no move at this level here"}
    ).
answer(student, Game, Term, Seed, Request, Reply) :-
    get_dict(seconds, Request, Seconds),
    student_state(Game, Term, State),
    with_seed(Seed,
              limited_call(grade_student:machine_move(State, Move), Move,
                           limits(cpu(Seconds), 1 000 000 000, false), O)),
    (   O.status == answer
    ->  Move1 = O.answer,
        format(string(MoveText0), "~q", [Move1]),
        sub_text(MoveText0, 400, MoveText),
        (   student_action(Game, Term, Move1, Action)
        ->  Reply = _{ok: true, action: Action, move: MoveText}
        ;   Reply = _{ok: false, status: not_a_move, move: MoveText,
                      message: "the answer is not a move of this game"}
        )
    ;   Reply = _{ok: false, status: O.status, message: O.message, move: ""}
    ).

