:- module(gorogo,
          [ gamestate/1,            % -Board
            convert/2,              % ?Code, ?Letter
            jogada/3,               % +Piece, +X, +Y
            updateTable/2,          % +Board, +Player
            print_state/0,
            print_state/1,          % +Board
            gorogo_current/1,       % -State
            gorogo_set_current/1,   % +State
            gorogo_initial/1,       % -State
            gorogo_legal/2,         % +State, ?Move
            gorogo_place/3,         % +State0, +Move, -State
            update_table/3,         % +State0, +Board, -State
            gorogo_refusal/3,       % +State, +Move, -Code
            gorogo_over/3,          % +State, -Winner, -Reason
            gorogo_best_move/3,     % +State, +Depth, -Move
            gorogo_best_move/4,     % +State, +Depth, -Move, -Nodes
            gorogo_timed_move/4,    % +State, +Depth, +Seconds, -Move
            gorogo/2,               % +Black, +White
            gorogo/3,               % +Black, +White, +Options
            play_gorogo/4           % +In, +Options, +State0, -State
          ]).

/** <module> GoRoGo: Go on a 5x5 board with neutral Henge pieces

Document 001 (FEUP, "Programação em Lógica") and docs/gorogo.md.  Start
reading here.  This module is the entry: it re-exports the documents' names
and the gorogo_* predicates from the modules under prolog/gorogo/, and the
terminal game of prolog/gorogo_cli.pl (gorogo/2,3: ?- gorogo(humano, maquina).):

  - course.pl (gorogo_course): the rules as the course writes them, on the
    report's matrix: the documents' board (gamestate/1, convert/2,
    print_state/0,1), every rule of play (start at gorogo_place/3), the
    choices the course document leaves open, and the report's stored game of jogada/3
    and updateTable/2.  The terminal game and the web page judge every
    placement with it;
  - board.pl (gorogo_board): the state term (documented there in full) and
    the bit masks the engine computes on;
  - rules.pl (gorogo_rules): the same rules on bit masks (mask_legal/2,
    mask_place/3, ...), for the machine's search; prolog/gorogo_course.plt
    holds the two equal on thousands of random positions;
  - machine.pl (gorogo_machine): the machine player, gorogo_best_move/4
    (negamax with alpha-beta pruning and a transposition table), and
    gorogo_timed_move/4, the same kept to a time budget (the web's: 5 s);
  - protocol.pl (gorogo_protocol): the tablero hooks of the web protocol;
  - messages.pl (gorogo_messages): the terminal game's words, Portuguese and
    English (prolog:message//1,2).

## The documents' names

    gamestate(-Board)       the initial board: a 5x5 matrix of 0
    convert(?Code, ?Letter) 0 ' ', 1 'B' (black), 2 'W' (white), 3 'H' (Henge)
    print_state             the text board of the stored game
    print_state(+Board)     the text board of Board
    jogada(+Piece, +X, +Y)  the player to move places Piece (1 black, 2 white:
                            their own colour; 3 a Henge) on row X, column Y
    updateTable(+Board, +Player)  Board is the current board plus the piece
                            Player (1 or 2) just put on it: validate that move
                            and apply its captures

The report keeps one game in the database, so jogada/3, updateTable/2 and
print_state/0 work on the game stored by gorogo_set_current/1 (the initial
game if none was stored).  They are thin layers over the pure
gorogo_place/3, update_table/3 and print_state/1.
The report does not say which of x and y is the row: X is the row and Y the
column, the order of the report's matrix positions (i,j), with (0,0) at the top
left; the web protocol writes the same point as pos [X, Y].

## The state (in full in board.pl)

    gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase)

Board is the documents' matrix (0 empty, 1 black, 2 white, 3 Henge, row 0 at
the top); ToMove is b or w; the hand holds Black's and White's regular pieces
and Henge (10 and 2 each at the start); Phase is opening_henge (White places
the surplus Henge) or play.  A move is place(Piece, Row, Col) with Piece
regular or henge.  The game is over when gorogo_over/3 says so.

## Names

The documents' names are kept as the report writes them.  The new names
start with gorogo_ (update_table/3 excepted, after updateTable/2) because
every game module is loaded into one process for the tests, and other games
export best_move/3 and legal_move/2.
*/

:- reexport(gorogo/course,
            [ gamestate/1, convert/2, print_state/0, print_state/1,
              jogada/3, updateTable/2, gorogo_current/1, gorogo_set_current/1,
              gorogo_initial/1, gorogo_legal/2, gorogo_place/3, update_table/3,
              gorogo_refusal/3, gorogo_over/3
            ]).
:- reexport(gorogo/machine, [gorogo_best_move/3, gorogo_best_move/4, gorogo_timed_move/4]).
% Not exported: bench/gorogo_ai.py calls them as gorogo:remaining/2 and
% gorogo:endgame_plies/1.
:- use_module(gorogo/machine, [remaining/2, endgame_plies/1]).
:- use_module(gorogo/protocol).
:- reexport(gorogo_cli, [gorogo/2, gorogo/3, play_gorogo/4]).
