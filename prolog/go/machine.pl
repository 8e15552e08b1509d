:- module(go_machine,
          [ go_machine_action/2,     % +Game, -Action
            go_machine_action/3,     % +Game, +Options, -Action
            phase_action/2           % +Game, -Action
          ]).

/** <module> Go: the machine player

Start reading at prolog/go.pl (the entry module).  go_machine_action/2 is
the machine's turn, as the Tablero protocol asks for it: in play the
player of go_player (candidates, tactics, Monte Carlo on small boards,
passing and resigning: see prolog/go/player.pl), in the scoring phase
phase_action/2, which marks and accepts like a person.  The game term is
go_rules'.  go_machine_action/3 takes options: a seed for a reproducible
choice, and player(simple) for the beginner's evaluator the machine was
before (kept as a baseline for bench/go_machine.py).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(library(yall)).
:- use_module(library(ordsets)).
:- use_module(board).
:- use_module(rules).
:- use_module(dead).
:- use_module(player).

%   The weights of the simple player's move value (see simple_action/2).
capture_weight(10).
liberties_cap(6).
atari_penalty(20).

%!  go_machine_action(+Game, -Action) is det.
%
%   Action is the machine's choice for the player Game waits for:
%   go_machine_action/3 with no options, so its random choices come from
%   SWI-Prolog's random state and vary from game to game.  White's stone
%   in the corner is in atari: Black takes it.
%
%   ?- go_new([size(3)], _G0),
%      foldl([_A, _G1, _G2]>>go_play(_G1, _A, _G2, _),
%            [move("b", [0,1]), move("w", [0,0])], _G0, _G),
%      go_machine_action(_G, Action).
%   Action = move("b", [1, 0]).
go_machine_action(Game, Action) :-
    go_machine_action(Game, [], Action).

%!  go_machine_action(+Game, +Options, -Action) is det.
%
%   Action is the machine's choice for the player Game waits for.  In the
%   scoring phase it is phase_action/2's.  In play it is
%   go_player:player_action/3's: a move, pass(P) or resign(P).  Options:
%
%     - seed(S): the random choices start from seed S (an integer), so the
%       same game, seed and simulations give the same action; SWI-Prolog's
%       random state is restored afterwards;
%     - seconds(S): the search's time budget (default 1 s up to 9x9, 2 s
%       up to 13x13, 3 s above: go_player:think_seconds/2); the number of
%       simulations it allows depends on the machine and its load;
%     - simulations(N): with N a variable, N is bound to the simulations
%       the search played (0 where none ran); with N a number, exactly N
%       simulations, no clock: the same seed and N give the same action
%       on any machine (the protocol writes its goal so);
%     - playouts(N): at most N simulations, a count instead of a clock;
%     - player(simple): the beginner's evaluator instead (simple_action/2);
%     - mc_max_size(S), search(flat), priors(hand), patterns(false),
%       replies(false), twolibs(false), races(false), urgent(noise): see
%       player_action/3.
%
%   On an empty 19x19 board the machine opens on a corner point:
%
%   ?- go_new([size(19)], _G), go_machine_action(_G, [seed(1), playouts(50)], move(_, [_R, _C])),
%      Line is min(min(_R, _C), min(18 - _R, 18 - _C)) + 1.
%   Line = 3.
go_machine_action(Game, Options, Action) :-
    Game = go(_, _, _, _, _, _, _, scoring(_, _, _, _)),
    !,
    no_search(Options),
    phase_action(Game, Action).
go_machine_action(Game, Options, Action) :-
    option(player(simple), Options),
    !,
    no_search(Options),
    simple_action(Game, Action).
go_machine_action(Game, Options, Action) :-
    (   option(seed(Seed), Options)
    ->  must_be(integer, Seed),
        random_property(state(State)),
        setup_call_cleanup(set_random(seed(Seed)),
                           player_action(Game, Options, Action),
                           set_random(state(State)))
    ;   player_action(Game, Options, Action)
    ).

%   no_search(+Options): a choice made without a search played no
%   simulation: N of simulations(N) is 0.
no_search(Options) :-
    (   option(simulations(N), Options), var(N) -> N = 0 ; true ).

%   simple_action(+Game, -Action): the beginner's player the machine was
%   until it read tactics: of the moves go_play/4 accepts, the one with the
%   best value (10 per stone captured, plus the liberties of the stone's
%   group up to 6, 20 off for putting the group in atari, ties broken by a
%   hash of the move), never filling its own eye (an empty point whose
%   neighbours are all its stones).  It passes when no such move is left,
%   or when the opponent has passed and it leads by the count with the
%   proposed dead stones taken off (go_estimate/3).
simple_action(Game, Action) :-
    Game = go(settings(Size, _, _, _, _, _), Rows, P, _, Passes, _, _, playing),
    (   Passes > 0, leading(Game, P)
    ->  Action = pass(P)
    ;   board_rows(Board, Rows),
        Max is Size - 1,
        findall(V-move(P, [R, C]),
                ( between(0, Max, R), between(0, Max, C),
                  board_cell(Board, R, C, "-"),
                  \+ own_eye(Board, P, R, C),
                  accepted(Game, move(P, [R, C])),
                  move_value(Board, P, R, C, V) ),
                Scored),
        (   Scored == []
        ->  Action = pass(P)
        ;   max_member(_-Action, Scored)
        )
    ).

%!  phase_action(+Game, -Action) is det.
%
%   Action is what the machine, the player P the scoring phase waits for,
%   does there, as a person would: it compares the marking with its own
%   proposal (dead_stones/2).  Where they differ to P's loss (a chain of P's
%   marked dead that the proposal calls alive, or one of the opponent's
%   marked alive that it calls dead) and P has not toggled that chain yet
%   in this phase, it toggles it back; otherwise it accepts.  A difference
%   in P's favour is accepted as it is.  It toggles each chain once at most,
%   so the phase cannot go round for ever against a person who toggles the
%   chain again.  Black, to accept, agrees that White's corner stone is
%   dead:
%
%   ?- go_new([size(3)], _G0),
%      foldl([_A, _G1, _G2]>>go_play(_G1, _A, _G2, _),
%            [move("b", [1,1]), move("w", [0,0]), pass("b"), pass("w")], _G0, _G),
%      go_dead_marking(_G, Dead),
%      phase_action(_G, Action).
%   Dead = [[0, 0]],
%   Action = accept("b").
phase_action(Game, Action) :-
    Game = go(_, Rows, P, _, _, _, _, scoring(Passer, Marked, _, Toggles)),
    board_rows(Board, Rows),
    opponent(Passer, First),
    dead_stones(Board, First, Proposal),
    opponent(P, Other),
    (   (   member(Pos, Marked), \+ memberchk(Pos, Proposal), board_cell_at(Board, Pos, P)
        ;   member(Pos, Proposal), \+ memberchk(Pos, Marked), board_cell_at(Board, Pos, Other)
        ),
        chain_stones(Board, Pos, Stones),
        \+ ( member(toggle(P, T), Toggles), memberchk(T, Stones) )
    ->  Action = toggle(P, Pos)
    ;   Action = accept(P)
    ).

board_cell_at(Board, [R, C], Cell) :-
    board_cell(Board, R, C, Cell).

%   accepted(+Game, +Action): go_play/4 plays Action (a refusal is a no).
accepted(Game, Action) :-
    catch(go_play(Game, Action, _, _), Refusal, refused(Refusal)).

refused(refusal(_, _)) :- !, fail.
refused(refusal(_, _, _)) :- !, fail.
refused(Error) :-
    throw(Error).

leading(Game, P) :-
    go_estimate(Game, score(B, W, _, _), _),
    (   P == "b" -> B > W ; W > B ).

own_eye(Board, P, R, C) :-
    adyacentes(Board, R, C, Adyacentes),
    forall(member([F, _, _], Adyacentes), F == P).

move_value(Board, P, R, C, V) :-
    go_move(Board, P, [R, C], After, Captured),
    length(Captured, NCap),
    group_liberties(After, P, R, C, Libs),
    capture_weight(KC),
    liberties_cap(KL),
    atari_penalty(KA),
    (   Libs =:= 1 -> Atari = KA ; Atari = 0 ),
    term_hash(R-C, H),
    V is KC * NCap + min(Libs, KL) - Atari + (H mod 97) / 100.

%   group_liberties(+Board, +P, +R, +C, -N): N empty points touch the group
%   of P's stone at [R, C].
group_liberties(Board, P, R, C, N) :-
    group_scan([[R, C]], Board, P, [[R, C]], [], Libs),
    length(Libs, N).

group_scan([], _, _, _, Libs, Libs).
group_scan([[R, C]|Todo], Board, P, Seen, Libs0, Libs) :-
    adyacentes(Board, R, C, Adyacentes),
    foldl(scan_neighbour(P), Adyacentes, Todo-Seen-Libs0, Todo1-Seen1-Libs1),
    group_scan(Todo1, Board, P, Seen1, Libs1, Libs).

scan_neighbour(P, [F, R, C], Todo-Seen-Libs, Todo1-Seen1-Libs1) :-
    (   F == "-"
    ->  Todo1 = Todo, Seen1 = Seen, ord_add_element(Libs, [R, C], Libs1)
    ;   F == P, \+ memberchk([R, C], Seen)
    ->  Todo1 = [[R, C]|Todo], Seen1 = [[R, C]|Seen], Libs1 = Libs
    ;   Todo1 = Todo, Seen1 = Seen, Libs1 = Libs
    ).
