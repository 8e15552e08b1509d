/*  Prolog time per move: the server's call against the rules' own, in plain swipl.

    swipl bench/prolog_move.pl [--games=3] [--cycles=3] [--call=act_delta]

The move bench/http_load.py plays (legal 19x19 moves on the points r + c even, in
a seeded shuffle, no capture), timed two ways on the same positions, alternating
in --cycles cycles of --games games each:

  cached  tablero_cache:api_cached/10 `act_delta`, the call a worker makes for a
          page's move (app/games.py): the game kept parsed by this process, the
          action's JSON text in, the state text, the JSON of what changed in
          the view and the reply out (--call=act: the whole view's JSON, the
          call of a move sent without "delta");
  rules   tablero:game_act/5 alone (the game's own rules: the action as a
          dict, no JSON, no view, no state text).

Each call runs inside \+ \+ so that its garbage is given back at once, as the
C interface's discarded frame gives it back after a call from Python.  The
cached call gets what the worker's Python passes: the game's id and the
state keys as strings, made before the timing, and the action's JSON as
json.dumps writes it.  Its reply is told from a refusal (no state text: the
reply starts with a newline) or a failure ("!") by its first character,
where the server splits the reply's lines: searching the whole reply for
"ok":true, as this bench did, cost 10 us a move, 8% of the call, that no
worker spends.  CPU
time (statistics(cputime)) per move of each, pooled over the cycles, is printed
as one line that bench/http_load.py reads:

    prolog_move cached_ms=0.200 rules_ms=0.032 ratio=6.25
*/

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(main)).
:- use_module(library(random)).
:- use_module(library(yall)).

:- prolog_load_context(directory, Dir),
   atom_concat(Dir, '/../prolog', Prolog),
   asserta(user:file_search_path(tablero_prolog, Prolog)).

:- use_module(tablero_prolog(tablero), []).
:- use_module(tablero_prolog('tablero/plugins'), []).
:- use_module(tablero_prolog(go), []).
:- use_module(tablero_prolog('tablero/cache'), []).

:- initialization(main, main).

main(Argv) :-
    argv_options(Argv, _, Options),
    option(games(Games), Options, 3),
    option(cycles(Cycles), Options, 3),
    option(call(Call), Options, act_delta),
    must_be(oneof([act, act_delta]), Call),
    nb_setval(prolog_move_call, Call),
    set_random(seed(24)),
    numlist(1, Games, Gs),
    maplist([_, Moves]>>game_moves(Moves), Gs, Plays0),
    %   The states before each move (the rules' timing) are kept off the stacks, so
    %   that the server's call runs on stacks as small as a worker's (2.6 MiB):
    %   on the stacks, the 543 states grew them past give_back_stacks/0's 4 MiB,
    %   and every cached call paid a trim_stacks/0 (5% of it) that no worker pays.
    recordz(prolog_move_plays, Plays0),
    maplist([Ms0, Ms]>>maplist([move(_, _, J), move(-, -, J)]>>true, Ms0, Ms), Plays0, Plays),
    garbage_collect,
    trim_stacks,
    cycles(Cycles, Plays, 0, 0, TC, TR, 0, N),
    Cached is TC / N * 1000,
    Rules is TR / N * 1000,
    Ratio is TC / TR,
    format("prolog_move cached_ms=~3f rules_ms=~3f ratio=~2f~n", [Cached, Rules, Ratio]).

cycles(0, _, TC, TR, TC, TR, N, N) :- !.
cycles(K, Plays, TC0, TR0, TC, TR, N0, N) :-
    (   K mod 2 =:= 0
    ->  time_cached(Plays, C), time_rules(Plays, R)
    ;   time_rules(Plays, R), time_cached(Plays, C)
    ),
    foldl([Moves, A0, A]>>(length(Moves, L), A is A0 + L), Plays, 0, M),
    TC1 is TC0 + C, TR1 is TR0 + R, N1 is N0 + M,
    K1 is K - 1,
    cycles(K1, Plays, TC1, TR1, TC, TR, N1, N).

%   game_moves(-Moves): a shuffle of the 181 points, each with the state before it
%   (for the rules' own timing) and its JSON text (for the server's call).
game_moves(Moves) :-
    findall([R, C], (between(0, 18, R), between(0, 18, C), (R + C) mod 2 =:= 0), Points0),
    random_permutation(Points0, Points),
    tablero:game_options(go, _{size:19}, Options),
    tablero:game_new(go, Options, S0),
    foldl(move_before, Points, Moves, S0, _).

move_before([R, C], move(S0, Action, JSON), S0, S) :-
    Action = _{kind:"move", pos:[R, C]},
    tablero:game_act(go, S0, Action, S, _),
    format(string(JSON), "{\"kind\": \"move\", \"pos\": [~w, ~w]}", [R, C]).

time_rules(_, T) :-                    % the states, from their record
    \+ \+ ( recorded(prolog_move_plays, Plays),
            time_rules_(Plays, T1),
            nb_setval(prolog_move_rules, T1) ),
    nb_getval(prolog_move_rules, T),
    garbage_collect,
    trim_stacks.

time_rules_(Plays, T) :-
    statistics(cputime, T0),
    forall(( member(Moves, Plays), member(move(S0, Action, _), Moves) ),
           \+ \+ tablero:game_act(go, S0, Action, _, _)),
    statistics(cputime, T1),
    T is T1 - T0.

time_cached(Plays, T) :-
    flag(prolog_move_game, G, G + 1),
    findall(game(Id, Keys, Moves),              % ids and state keys, made before the timing
            ( nth1(I, Plays, Moves),
              format(string(Id), "bench-~w-~w", [G, I]),
              length(Moves, N),
              numlist(0, N, Ns),
              maplist(number_string, Ns, Keys) ),
            Games),
    statistics(cputime, T0),
    forall(member(Game, Games), cached_game(Game)),
    statistics(cputime, T1),
    T is T1 - T0.

cached_game(game(Id, Keys, Moves)) :-
    Keys = [Key0|_],
    \+ \+ tablero_cache:api_cached(new, go, 20, Id, "", Key0, "", "", "{\"size\": 19}", _),
    foldl(cached_move(Id), Moves, Keys, _).

cached_move(Id, move(_, _, JSON), [Key0, Key|Keys], [Key|Keys]) :-
    nb_getval(prolog_move_call, Call),
    \+ \+ ( tablero_cache:api_cached(Call, go, 20, Id, Key0, Key, "", "", JSON, Text),
            sub_string(Text, 0, 1, _, First),
            (   First == "!"
            ->  throw(error(prolog_move_failed(Text), _))
            ;   First == "\n"                   % no state text: a refusal
            ->  throw(error(prolog_move_refused(Text), _))
            ;   true
            ) ).
