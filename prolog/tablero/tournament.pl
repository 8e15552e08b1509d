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
(docs/tournaments.md gives an example per game):

  - go: State is the go/8 game term of prolog/go/rules.pl (go_play/4's);
    Move is move(P, [Row, Col]), pass(P) or resign(P), P "b" or "w" (a
    string) the player to move, as go_play/4 takes them.
  - molinolog: State is the course's estado/8 (prolog/molinolog/course.pl);
    Move one action (accion) of the course: colocar(P), mover(De, A) or
    capturar(P), a point P being (Dir, Dist) such as (n, 2).  After a
    placement or a move that forms a mill the student is asked again, in
    the phase capturar(Molino), for the capture.
  - gorogo: State is the course's gorogo/5 (prolog/gorogo/course.pl); Move
    is place(Piece, X, Y), Piece regular or henge.
  - azul: State is the azul/9 rules state (prolog/azul/rules.pl); Move is
    take(Source, Colour, Line), Source factory(I) (0-based) or centre, Line
    1..5 or floor (azul_rules's move term).

The student's code runs under limited_call/4 of prolog/grade/sandbox.pl:
its output captured, at most the request's CPU seconds, and SWI-Prolog's
random generator seeded with the request's seed (a student's machine that
draws random numbers plays the same game again with the same seed).

The contract and our machine's levels are clauses of the multifile
contract/4 (a game's state for a student, and the action of a student's
move) and machine/4 (its machine at a level).  A game that plugs in is not
played in tournaments yet (app/tournament.py seats the players by the four
games' options).
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
:- use_module('../molinolog/convert').
:- use_module('../go/machine').

:- multifile contract/4, machine/4.

%!  contract(?Game, ?Part, +In, -Out) is semidet.
%
%   A game's side of the students' contract: contract(Game, state, GameTerm,
%   StudentState) and contract(Game, action(GameTerm), Move, Action) (the
%   action dict of a student's move, failing for a term that is no move).
contract(go, state, Game, Game).
contract(go, action(_), Move, Action) :-
    go_move_term(Move),
    go_protocol:term_json(Move, Action).
contract(molinolog, state, game(_, _, _, S), Estado) :-
    engine_course(S, Estado).
contract(molinolog, action(_), Accion, Action) :-
    ground(Accion),
    step_action(Step, Accion),
    molinolog_protocol:step_json(Step, Action).
contract(gorogo, state, gorogo_game(_, State, _), State).
contract(gorogo, action(_), place(Piece, X, Y), _{kind: "place", piece: Name, pos: [X, Y]}) :-
    integer(X), integer(Y),
    memberchk(Piece-Name, [regular-"regular", henge-"henge"]).
contract(azul, state, State, State).
contract(azul, action(_), Move, Action) :-
    ground(Move),
    Move = take(Source, Colour, Line),
    ( Source = factory(I) -> integer(I) ; Source == centre ),
    atom(Colour),
    ( Line == floor -> true ; integer(Line) ),
    azul_protocol:move_dict(Move, Action).

go_move_term(Move) :-
    ground(Move),
    (   Move = move(P, [R, C]) -> integer(R), integer(C)
    ;   Move = pass(P) -> true
    ;   Move = resign(P)
    ),
    memberchk(P, ["b", "w"]).

%!  machine(?Game, +Level, +GameTerm, -Action) is semidet.
%
%   Our machine player of Game at Level (an atom, the player's text after
%   `machine:`; `default` without one) chooses Action in GameTerm, with
%   SWI-Prolog's random generator seeded by the caller.  The levels:
%   Go: default (the UCT player), simple (the beginner's evaluator) or a
%   number of playouts a move; Molinolog and GoRoGo: the search depth
%   (1..5; default the game's, its `depth` option); Azul: random, greedy or
%   lookahead (default greedy).
machine(go, Level, Game, Action) :-
    (   Level == default -> Options = []
    ;   Level == simple -> Options = [player(simple)]
    ;   atom_number(Level, N), integer(N), N > 0 -> Options = [playouts(N)]
    ),
    random_between(0, 999999, Seed),
    go_machine_action(Game, [seed(Seed)|Options], Term),
    go_protocol:term_json(Term, Action).
machine(molinolog, Level, game(P, Depth0, L, S), Action) :-
    level_depth(Level, Depth0, Depth),
    tablero:game_machine(molinolog, game(P, Depth, L, S), Action).
machine(gorogo, Level, gorogo_game(options(B, W, Depth0), S, L), Action) :-
    level_depth(Level, Depth0, Depth),
    tablero:game_machine(gorogo, gorogo_game(options(B, W, Depth), S, L), Action).
machine(azul, Level, State0, Action) :-
    ( Level == default -> Kind = greedy ; Kind = Level ),
    azul_machine:azul_strategy(Kind),
    azul_rules:state_to_move(State0, P, _),
    State0 = azul(A1, A2, A3, A4, A5, Players0, A7, A8, A9),
    nth0(P, Players0, player(_, S, Ls, Wl, F), Rest),
    nth0(P, Players, player(Kind, S, Ls, Wl, F), Rest),
    tablero:game_machine(azul, azul(A1, A2, A3, A4, A5, Players, A7, A8, A9), Action).

level_depth(default, Depth, Depth) :- !.
level_depth(Level, _, Depth) :-
    atom_number(Level, Depth),
    integer(Depth),
    between(1, 5, Depth).

%!  student_state(+Game, +GameTerm, -StudentState) is det.
%
%   The state a student's machine_move/2 is given (contract/4).
student_state(Game, Term, State) :-
    contract(Game, state, Term, State),
    !.

%!  student_action(+Game, +GameTerm, +Move, -Action) is semidet.
%
%   The action dict of a student's Move, or false when Move is none of the
%   game's move terms (contract/4).
student_action(Game, Term, Move, Action) :-
    catch(contract(Game, action(Term), Move, Action), _, fail),
    !.

%!  machine_choice(+Game, +Level, +GameTerm, +Seed, -Action) is semidet.
%
%   Our machine's action at Level, its random choices from Seed.
machine_choice(Game, Level, Term, Seed, Action) :-
    with_seed(Seed, machine(Game, Level, Term, Action)).

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

