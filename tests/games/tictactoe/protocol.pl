:- module(tictactoe_protocol, []).

/** <module> Tic-tac-toe's plug: the declarations and hooks of prolog/tablero.pl

State: ttt(Board, ToMove, Last, Seats), Board the nine cells of
tictactoe.pl, ToMove x or o, Last none or move(Player, Index), Seats
seats(X, O, Level) (X and O human or machine; Level the machine's: 1 takes the
first empty cell, 2 first wins or blocks a line if it can).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(tablero(tablero)).
:- use_module(tablero(tablero/contract), [level_number/4]).

tablero:game(tictactoe).
tablero:game_info(tictactoe, _{order: 50, title: _{en: "Tic-tac-toe", es: "Tres en raya"},
                               description: _{en: "Three in a row on a 3x3 grid.",
                                              es: "Tres en línea en una cuadrícula de 3x3."},
                               console: _{hint: _{en: "Board is the nine cells now, Player the one to move.",
                                                  es: "Board son las nueve casillas ahora, Player quien juega."},
                                          example: "nth0(4, Board, Centre)"}}).
tablero:game_option(tictactoe, x, oneof([human, machine]), human).
tablero:game_option(tictactoe, o, oneof([human, machine]), human).
tablero:game_option(tictactoe, level, integer(1, 2), 1).
tablero:game_difficulty(tictactoe, easy, machine, _{level: 1}).
tablero:game_difficulty(tictactoe, hard, machine, _{level: 2}).
tablero:game_computer(tictactoe, _{seats: [x-x, o-o]}).
tablero:game_action(tictactoe, move, [pos, player]).

%   Tournaments (prolog/tablero/contract.pl): our machine's levels are the
%   `level` option's; x moves first (game_computer/2's seats).  A student's
%   machine_move/2 is given ttt(Board, Player) and answers mark(Index), the
%   cell 0..8 its mark goes on.
tablero:game_tournament(tictactoe, _{levels: ['1', '2']}).
tablero:game_student_state(tictactoe, ttt(Board, P, _, _), ttt(Board, P)).
tablero:game_student_action(tictactoe, ttt(_, P, _, _), mark(I),
                            _{kind: "move", player: P, pos: [R, C]}) :-
    integer(I), between(0, 8, I),
    R is I // 3, C is I mod 3.
tablero:game_machine_level(tictactoe, Level, ttt(B, P, Last, seats(X, O, L0)), Action) :-
    level_number(tictactoe, Level, L0, L),
    tablero:game_machine(tictactoe, ttt(B, P, Last, seats(X, O, L)), Action).

tablero:game_console(tictactoe, [tictactoe]).
tablero:game_console_bound(tictactoe, ttt(Board, ToMove, _, _), Bound) :-
    Bound = ['Board'=Board, 'Player'=ToMove].

tablero:game_new(tictactoe, Options, ttt([e,e,e,e,e,e,e,e,e], x, none, seats(X, O, L))) :-
    option(x(X), Options),
    option(o(O), Options),
    option(level(L), Options).

tablero:game_act(tictactoe, ttt(Board, P, _, Seats), Action, ttt(Board1, Next, move(P, I), Seats),
                 [Q-"true"]) :-
    (   over(Board) -> refuse(tictactoe, game_over, []) ; true ),
    (   get_dict(player, Action, Who), atom_string(W, Who), W \== P
    ->  refuse(tictactoe, not_your_turn, [])
    ;   true
    ),
    (   get_dict(pos, Action, [R, C]), integer(R), integer(C),
        between(0, 2, R), between(0, 2, C)
    ->  I is R * 3 + C
    ;   refuse(tictactoe, off_board, [])
    ),
    format(string(Q), "ttt_move(~q, ~q, ~d, Board)", [Board, P, I]),
    (   tictactoe:ttt_move(Board, P, I, Board1) -> true ; refuse(tictactoe, occupied, [Q-"false"]) ),
    other(P, Next).

tablero:game_view(tictactoe, ttt(Board, P, Last, _), View) :-
    rows(Board, Rows),
    (   Last = move(LP, I) -> R is I // 3, C is I mod 3, LastJ = _{player: LP, kind: "move", pos: [R, C]}
    ;   LastJ = null
    ),
    (   tictactoe:ttt_winner(Board, W)
    ->  format(string(M), "~w wins", [W]),
        Over = true, ToMove = null, Result = _{code: "line", winner: W, message: M}
    ;   \+ memberchk(e, Board)
    ->  Over = true, ToMove = null, Result = _{code: "draw", winner: null, message: "A draw"}
    ;   Over = false, ToMove = P, Result = null
    ),
    View = _{board: Rows, to_move: ToMove, over: Over, last: LastJ, result: Result}.

tablero:game_seats(tictactoe, ttt(_, _, _, seats(X, O, _)), _{x: X, o: O}).

%   The machine takes the first empty cell; at level 2 first the cell that
%   completes its line, else the one that blocks the other's.
tablero:game_machine(tictactoe, ttt(Board, P, _, seats(_, _, L)), _{kind: "move", player: P, pos: [R, C]}) :-
    other(P, Q),
    (   L >= 2, line_cell(Board, P, I) -> true
    ;   L >= 2, line_cell(Board, Q, I) -> true
    ;   once(nth0(I, Board, e))
    ),
    R is I // 3, C is I mod 3.

line_cell(Board, Player, I) :-
    nth0(I, Board, e),
    tictactoe:ttt_move(Board, Player, I, Board1),
    tictactoe:ttt_winner(Board1, Player),
    !.

tablero:game_show(tictactoe, ttt(Board, _, _, _), Text) :-
    rows(Board, Rows),
    atomic_list_concat(Rows, '\n', Text0),
    atom_string(Text0, Text).

over(Board) :- tictactoe:ttt_winner(Board, _), !.
over(Board) :- \+ memberchk(e, Board).

other(x, o).
other(o, x).

rows(Board, Rows) :-
    maplist(cell_char, Board, Chars),
    length(A, 3), length(B, 3), length(C, 3),
    append([A, B, C], Chars),
    maplist([Cs, S]>>string_chars(S, Cs), [A, B, C], Rows).

cell_char(e, '-').
cell_char(x, x).
cell_char(o, o).
