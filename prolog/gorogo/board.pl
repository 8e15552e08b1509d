:- module(gorogo_board,
          [ side_code/2,            % ?Side, ?Player
            other/2,                % ?Side, ?Other
            on_board/2,             % +Row, +Col
            cell/4,                 % +Board, ?Row, ?Col, ?Code
            set_cell/5,             % +Board0, +Row, +Col, +Code, -Board
            piece_code/3,           % ?Piece, +Player, ?Code
            state_pos/2,            % +State, -Pos
            pos_state/2,            % +Pos, -State
            bit_point/3,            % ?X, ?Row, ?Col
            all_points/1,           % -Mask
            neighbours/2,           % +Mask, -Neighbours
            point_neighbours/2,     % ?X, ?Neighbours
            grow_within/3,          % +Seed, +Within, -Region
            dead_stones/3           % +Stones, +Empty, -Dead
          ]).

/** <module> GoRoGo: the board, the state term and the bit masks

Start reading at prolog/gorogo/course.pl (the rules as the course writes
them, with the report's board: gamestate/1, convert/2, print_state/0,1);
prolog/gorogo.pl is the entry module.  This module holds the state term and
the two views of a position the bit-mask engine computes on: the documents'
matrix and the bit masks.  The engine's rules are in rules.pl
(gorogo_rules), the machine player in machine.pl (gorogo_machine).

## The state

A game state is the ground term

    gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase)

    Board     the documents' matrix: 5 rows of 5 codes, 0 empty, 1 black,
              2 white, 3 Henge.  Row 0 is the top, column 0 the left.
    ToMove    b or w, the player to move.
    hand(..)  pieces in hand: Black's regular and Henge, White's regular and
              Henge.  Each player starts with 10 regular and 2 Henge.
    captures(CB, CW)  the opponent pieces Black and White have captured.
    Phase     opening_henge: White places the fifth ("surplus") Henge, which
              is in nobody's hand; play: Black and White alternate, Black first.

A move is place(Piece, Row, Col) with Piece regular or henge.  The game is over
when gorogo_over/3 says so; it is not stored in the state.

## The rules on bit masks

The rules compute on 25-bit integers, one bit per point: bit 5*Row+Col.  For
one player's view a position is

    p(Side, Me, Op, He, MyR, MyH, OpR, OpH, MyC, OpC)

Side (b or w) is to move; Me, Op and He are the masks of the mover's regular
pieces, the opponent's regular pieces and the Henge; then the mover's and the
opponent's regular and Henge in hand, and the mover's and the opponent's
captures.  A group is grown from a seed one neighbourhood at a time
(grow_within/3), which finds every dead group of a colour in one sweep
(dead_stones/3).  The state's matrix and these masks convert both ways
(state_pos/2, pos_state/2); the machine player searches positions only.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).

% Arithmetic is compiled inline in this file (the flag is local to it).
:- set_prolog_flag(optimise, true).

                 /*******************************
                 *         THE MATRIX           *
                 *******************************/

%!  side_code(?Side, ?Player) is semidet.
%
%   Player is the board code of the regular pieces of Side: 1 for b, 2 for w.
side_code(b, 1).
side_code(w, 2).

%!  other(?Side, ?Other) is semidet.
%
%   Other is Side's opponent.
other(b, w).
other(w, b).

%!  on_board(+Row, +Col) is semidet.
%
%   Row and Col are integers from 0 to 4.
on_board(R, C) :-
    integer(R), R >= 0, R =< 4,
    integer(C), C >= 0, C =< 4.

%!  cell(+Board, ?Row, ?Col, ?Code) is nondet.
%
%   Code is the code of the point Row, Col of Board.
cell(Board, R, C, V) :-
    nth0(R, Board, Row),
    nth0(C, Row, V).

%!  set_cell(+Board0, +Row, +Col, +Code, -Board) is semidet.
%
%   Board is Board0 with Code on the point Row, Col.
set_cell(Board0, R, C, V, Board) :-
    nth0(R, Board0, Row0, Rows),
    nth0(C, Row0, _, Cells),
    nth0(C, Row, V, Cells),
    nth0(R, Board, Row, Rows).

%!  piece_code(?Piece, +Player, ?Code) is nondet.
%
%   Code is the board code of Player's Piece (regular or henge).
piece_code(regular, Player, Player).
piece_code(henge, _, 3).

                 /*******************************
                 *         THE BIT MASKS        *
                 *******************************/

%!  state_pos(+State, -Pos) is det.
%
%   Pos is the mover's view of the play-phase State.
%
%   ?- gorogo_board:state_pos(gorogo([[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,1]],
%                                    w, hand(9,2,10,2), captures(0,0), play), Pos).
%   Pos = p(w,0,16777216,128,10,2,9,2,0,0).
state_pos(gorogo(Board, Side, Hand, Caps, play), Pos) :-
    board_masks(Board, B, W, H),
    side_pos(Side, B, W, H, Hand, Caps, Pos).

%!  pos_state(+Pos, -State) is det.
%
%   State is the play-phase state of the position Pos (state_pos/2 back).
pos_state(Pos, gorogo(Board, Side, Hand, Caps, play)) :-
    arg(1, Pos, Side),
    side_pos(Side, B, W, H, Hand, Caps, Pos),
    masks_board(B, W, H, Board).

side_pos(b, B, W, H, hand(BR, BH, WR, WH), captures(CB, CW),
         p(b, B, W, H, BR, BH, WR, WH, CB, CW)).
side_pos(w, B, W, H, hand(BR, BH, WR, WH), captures(CB, CW),
         p(w, W, B, H, WR, WH, BR, BH, CW, CB)).

board_masks(Board, Black, White, Henge) :-
    append(Board, Cells),
    length(Cells, 25),
    code_mask(Cells, 1, Black),
    code_mask(Cells, 2, White),
    code_mask(Cells, 3, Henge).

code_mask(Cells, Code, Mask) :-
    foldl(code_bit(Code), Cells, 0-0, Mask-_).

code_bit(Code, Cell, M0-I, M-I1) :-
    I1 is I + 1,
    (   Cell =:= Code
    ->  M is M0 \/ (1 << I)
    ;   M = M0
    ).

masks_board(Black, White, Henge, Board) :-
    numlist(0, 24, Is),
    maplist(point_code(Black, White, Henge), Is, Cells),
    length(Board, 5),
    maplist(row_of_five, Board),
    append(Board, Cells).

row_of_five(Row) :-
    length(Row, 5).

point_code(Black, White, Henge, I, Code) :-
    (   (Black >> I) /\ 1 =:= 1 -> Code = 1
    ;   (White >> I) /\ 1 =:= 1 -> Code = 2
    ;   (Henge >> I) /\ 1 =:= 1 -> Code = 3
    ;   Code = 0
    ).

%!  bit_point(?X, ?Row, ?Col) is det.
%
%   X is the one-bit mask of the point Row, Col.
%
%   ?- gorogo_board:bit_point(X, 1, 0), gorogo_board:bit_point(4096, R, C).
%   X = 32,
%   R = 2,
%   C = 2.
bit_point(X, R, C) :-
    (   integer(X)
    ->  I is lsb(X),
        R is I // 5,
        C is I mod 5
    ;   X is 1 << (5*R + C)
    ).

%!  all_points(-Mask) is det.
%
%   Mask has the bit of every point of the board.
all_points(0x1FFFFFF).

%!  neighbours(+Mask, -Neighbours) is det.
%
%   Neighbours is the points next to some point of Mask.  A shift by one
%   must not wrap round a row: the shifted masks lose column 0 (0x1EF7BDE is
%   every point but column 0) or column 4 (0xF7BDEF).
neighbours(M, N) :-
    N is ((M << 1) /\ 0x1EF7BDE) \/ ((M >> 1) /\ 0xF7BDEF)
       \/ ((M << 5) /\ 0x1FFFFFF) \/ (M >> 5).

%!  point_neighbours(?X, ?Neighbours) is nondet.
%
%   Neighbours is neighbours/2 of the one-point mask X, as 25 facts made when
%   this file is compiled.
%
%   ?- gorogo_board:point_neighbours(1, N).
%   N = 34.
term_expansion(point_neighbours_table, Facts) :-
    findall(point_neighbours(X, N),
            ( between(0, 24, I), X is 1 << I, neighbours(X, N) ),
            Facts).

point_neighbours_table.

%!  grow_within(+Seed, +Within, -Region) is det.
%
%   Region is the points of Within connected to Seed (a part of Within).
grow_within(Seed, Within, Region) :-
    Seed1 is (Seed \/ ((Seed << 1) /\ 0x1EF7BDE) \/ ((Seed >> 1) /\ 0xF7BDEF)
              \/ ((Seed << 5) /\ 0x1FFFFFF) \/ (Seed >> 5)) /\ Within,
    (   Seed1 =:= Seed
    ->  Region = Seed
    ;   grow_within(Seed1, Within, Region)
    ).

%!  dead_stones(+Stones, +Empty, -Dead) is det.
%
%   Dead is every piece of Stones whose group (connected within Stones) has
%   no point of Empty next to it.
dead_stones(Stones, Empty, Dead) :-
    neighbours(Empty, N),
    Seed is Stones /\ N,
    grow_within(Seed, Stones, Alive),
    Dead is Stones xor Alive.
