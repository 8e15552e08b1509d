:- module(grade_positions,
          [ position/6,              % ?Name, ?Title, ?Player, -Board, -Pos, -Expected
            score_position/5         % ?Name, ?Title, -Board, -PuntosB, -PuntosW
          ]).

/** <module> Targeted Go positions for the grader, written by hand

Each position is a diagram placed on an empty 19x19 board, with the result a
player of Go expects, written by hand (the grader also checks that our rules,
prolog/go.pl, agree: a disagreement is reported as an internal error).

Diagram rows use "." empty, "X" black, "O" white; the point of the move is
"+" (empty), or "x"/"o" when it holds a stone already (an occupied point).
A diagram is placed with its top-left character at Origin = [R, C].  The
expected result is a diagram of the same window, or refused(Reason) with
Reason occupied, suicide or off_board.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).

%!  position(?Name, ?Title, ?Player, -Board, -Pos, -Expected) is nondet.
%
%   A move of Player ("b" or "w") at Pos = [R, C] on the 19x19 Board, and
%   Expected: board(RBoard) or refused(Reason).
position(Name, Title, Player, Board, Pos, Expected) :-
    move_position(Name, Title, Player, Origin, Before, After),
    diagram_board([Origin-Before], Board),
    diagram_move(Origin, Before, Pos),
    (   After = refused(_)
    ->  Expected = After
    ;   diagram_board([Origin-After], RBoard),
        Expected = board(RBoard)
    ).
position(Name, Title, "b", Board, Pos, refused(off_board)) :-
    off_board(Name, Title, Pos),
    diagram_board([[9, 9]-["X"]], Board).

%!  score_position(?Name, ?Title, -Board, -PuntosB, -PuntosW) is nondet.
%
%   Board's area score: Black's and White's points (stones plus the empty
%   points of regions that touch only their colour).
score_position(Name, Title, Board, B, W) :-
    score_diagram(Name, Title, Pieces, B, W),
    diagram_board(Pieces, Board).

%   move_position(Name, Title, Player, Origin, Before, After)

move_position(first_move_centre, "first stone on an empty board, in the centre",
              "b", [8, 8],
              [ "...",
                ".+.",
                "..." ],
              [ "...",
                ".X.",
                "..." ]).
move_position(first_move_corner, "first stone in the top-left corner, [0,0]",
              "b", [0, 0],
              [ "+.",
                ".." ],
              [ "X.",
                ".." ]).
move_position(first_move_far_corner, "a white stone in the bottom-right corner, [18,18]",
              "w", [17, 17],
              [ "..",
                ".+" ],
              [ "..",
                ".O" ]).
move_position(capture_open, "one stone captured in the open",
              "b", [8, 8],
              [ ".X.",
                "XO+",
                ".X." ],
              [ ".X.",
                "X.X",
                ".X." ]).
move_position(white_captures, "White captures one black stone",
              "w", [3, 12],
              [ ".O.",
                "OX+",
                ".O." ],
              [ ".O.",
                "O.O",
                ".O." ]).
move_position(capture_corner, "one stone captured in the top-left corner",
              "b", [0, 0],
              [ "OX",
                "+." ],
              [ ".X",
                "X." ]).
move_position(capture_far_corner, "one stone captured in the bottom-right corner",
              "w", [17, 17],
              [ ".O",
                "+X" ],
              [ ".O",
                "O." ]).
move_position(capture_edge_top, "one stone captured on the top edge",
              "b", [0, 4],
              [ "XO+",
                ".X." ],
              [ "X.X",
                ".X." ]).
move_position(capture_edge_left, "one stone captured on the left edge",
              "w", [7, 0],
              [ "O.",
                "XO",
                "+." ],
              [ "O.",
                ".O",
                "O." ]).
move_position(capture_edge_bottom, "one stone captured on the bottom edge",
              "b", [17, 9],
              [ ".X.",
                "XO+" ],
              [ ".X.",
                "X.X" ]).
move_position(capture_edge_right, "one stone captured on the right edge",
              "b", [4, 17],
              [ ".X",
                "XO",
                ".+" ],
              [ ".X",
                "X.",
                ".X" ]).
move_position(capture_two_stones_edge, "a group of two stones captured on the edge",
              "b", [0, 3],
              [ "XOO+",
                ".XX." ],
              [ "X..X",
                ".XX." ]).
move_position(capture_group_corner, "a group of six stones captured in the corner",
              "b", [0, 0],
              [ "OOOX",
                "OOX.",
                "O+..",
                "X..." ],
              [ "...X",
                "..X.",
                ".X..",
                "X..." ]).
move_position(capture_whole_row, "nineteen stones along the top edge captured at once",
              "b", [0, 0],
              [ "OOOOOOOOOOOOOOOOOOO",
                "XXXXXXXXXXXXXXXXXX+" ],
              [ "...................",
                "XXXXXXXXXXXXXXXXXXX" ]).
move_position(capture_group_touched_twice,
              "a group touching the new stone on two sides, captured once",
              "b", [0, 0],
              [ "XOOX",
                "XO+X",
                ".X.." ],
              [ "X..X",
                "X.XX",
                ".X.." ]).
move_position(capture_two_groups, "two separate groups captured by one stone",
              "b", [8, 8],
              [ ".X.X.",
                "XO+OX",
                ".X.X." ],
              [ ".X.X.",
                "X.X.X",
                ".X.X." ]).
move_position(capture_three_groups, "three separate groups captured by one stone",
              "b", [8, 7],
              [ "..X..",
                ".XOX.",
                "XO+OX",
                ".X.X.",
                "....." ],
              [ "..X..",
                ".X.X.",
                "X.X.X",
                ".X.X.",
                "....." ]).
move_position(capture_four_groups, "four groups captured by a stone with no empty neighbour",
              "b", [7, 7],
              [ "..X..",
                ".XOX.",
                "XO+OX",
                ".XOX.",
                "..X.." ],
              [ "..X..",
                ".X.X.",
                "X.X.X",
                ".X.X.",
                "..X.." ]).
move_position(capture_two_groups_corner,
              "two groups captured from the corner point (looks like suicide)",
              "b", [0, 0],
              [ "+OX",
                "OX.",
                "X.." ],
              [ "X.X",
                ".X.",
                "X.." ]).
move_position(capture_not_suicide_ko, "a capture that looks like suicide (a ko shape)",
              "b", [10, 3],
              [ ".XO.",
                "XO+O",
                ".XO." ],
              [ ".XO.",
                "X.XO",
                ".XO." ]).
move_position(capture_saves_own_group, "a stone that joins a group without liberties and captures",
              "b", [0, 0],
              [ "X+OX",
                "OOXX",
                "...." ],
              [ "XX.X",
                "OOXX",
                "...." ]).
move_position(capture_one_of_two, "one neighbouring group captured, the other keeps a liberty",
              "b", [12, 12],
              [ ".X.X.",
                "XO+O.",
                ".X.X." ],
              [ ".X.X.",
                "X.XO.",
                ".X.X." ]).
move_position(no_capture_far_liberty, "a long group keeps its last liberty far from the move",
              "b", [0, 0],
              [ "OOOOO+",
                "XXXX.X" ],
              [ "OOOOOX",
                "XXXX.X" ]).
move_position(suicide_single, "suicide of a single stone in the open",
              "b", [8, 8],
              [ ".O.",
                "O+O",
                ".O." ],
              refused(suicide)).
move_position(suicide_corner, "suicide in the corner",
              "b", [0, 0],
              [ "+O",
                "O." ],
              refused(suicide)).
move_position(suicide_far_corner, "suicide in the bottom-right corner",
              "w", [17, 17],
              [ ".X",
                "X+" ],
              refused(suicide)).
move_position(suicide_edge, "suicide on the top edge",
              "w", [0, 7],
              [ "X+X",
                ".X." ],
              refused(suicide)).
move_position(suicide_group, "suicide of a group: the stone fills its group's last liberty",
              "b", [0, 0],
              [ "X+O",
                "OO." ],
              refused(suicide)).
move_position(suicide_big_group, "suicide of a group of five stones",
              "b", [0, 0],
              [ "XX+O.",
                "XXO..",
                "OO..." ],
              refused(suicide)).
move_position(own_eye_not_suicide, "filling an own eye: the group still has liberties",
              "b", [8, 8],
              [ ".X.",
                "X+X",
                ".X." ],
              [ ".X.",
                "XXX",
                ".X." ]).
move_position(self_atari, "a stone with one liberty left is legal (self-atari)",
              "b", [5, 5],
              [ ".O.",
                "O+.",
                ".O." ],
              [ ".O.",
                "OX.",
                ".O." ]).
move_position(self_atari_group, "a stone that joins its group and leaves it one liberty is legal (self-atari; a real solution answered the board unchanged)",
              "b", [12, 3],
              [ ".OOO.",
                "OXX+O",
                ".OO.." ],
              [ ".OOO.",
                "OXXXO",
                ".OO.." ]).
move_position(self_atari_edge, "two stones on the top edge with one liberty left are legal (self-atari)",
              "b", [0, 8],
              [ "OX+O",
                "..O." ],
              [ "OXXO",
                "..O." ]).
move_position(capture_two_chains_edge, "two chains of two stones on the bottom edge captured by one stone",
              "b", [17, 0],
              [ ".XX.XX.",
                "XOO+OOX" ],
              [ ".XX.XX.",
                "X..X..X" ]).
move_position(capture_corner_chain, "a chain of two white stones in the top-left corner captured",
              "b", [0, 0],
              [ "OO+",
                "XX." ],
              [ "..X",
                "XX." ]).
move_position(occupied_own, "a point with an own stone",
              "b", [8, 8],
              [ "...",
                ".x.",
                "..." ],
              refused(occupied)).
move_position(occupied_opponent, "a point with an opponent stone",
              "b", [8, 8],
              [ "...",
                ".o.",
                "..." ],
              refused(occupied)).
move_position(occupied_surrounded, "a surrounded opponent stone: occupied, not a capture",
              "b", [8, 8],
              [ ".X.",
                "XoX",
                ".X." ],
              refused(occupied)).

%   off_board(Name, Title, Pos): a move off the board (one black stone on it).
off_board(off_board_row_19, "row 19 is off the board (rows are 0-18)", [19, 5]).
off_board(off_board_column_19, "column 19 is off the board", [5, 19]).
off_board(off_board_row_minus_1, "row -1 is off the board", [-1, 0]).
off_board(off_board_column_minus_1, "column -1 is off the board", [0, -1]).

%   score_diagram(Name, Title, Pieces, PuntosB, PuntosW): Pieces are
%   Origin-Rows diagrams.
score_diagram(empty, "the empty board: nobody's", [], 0, 0).
score_diagram(one_black_stone, "one black stone: every point is Black's",
              [[9, 9]-["X"]], 361, 0).
score_diagram(one_stone_each, "one stone each: the one region touches both",
              [[8, 8]-["X.O"]], 1, 1).
score_diagram(corner_territory, "Black's corner of 9 points, one white stone outside",
              [ [0, 0]-[ "...X",
                         "...X",
                         "...X",
                         "XXXX" ],
                [9, 9]-["O"] ],
              16, 1).
score_diagram(dead_stone_not_removed,
              "a white stone left inside Black's corner: the corner is nobody's",
              [ [0, 0]-[ "...X",
                         ".O.X",
                         "...X",
                         "XXXX" ],
                [9, 9]-["O"] ],
              7, 2).
score_diagram(two_corners, "Black's corner of 9 points, White's corner of 16",
              [ [0, 0]-[ "...X",
                         "...X",
                         "...X",
                         "XXXX" ],
                [14, 14]-[ "OOOOO",
                           "O....",
                           "O....",
                           "O....",
                           "O...." ] ],
              16, 25).
score_diagram(columns, "a black column and a white column: between them, nobody's",
              [[0, 0]-Rows], 76, 171) :-
    length(Rows, 19),
    maplist(=("...X......O........"), Rows).
score_diagram(rows, "a black row and a white row: Black 3 rows, White 3 rows",
              [ [3, 0]-["XXXXXXXXXXXXXXXXXXX"],
                [15, 0]-["OOOOOOOOOOOOOOOOOOO"] ],
              76, 76).
score_diagram(full_checkerboard, "a full board, no empty point: stones only",
              [[0, 0]-Rows], 181, 180) :-
    numlist(0, 18, Rs),
    maplist(checker_row, Rs, Rows).

checker_row(R, Row) :-
    (   R mod 2 =:= 0
    ->  Row = "XOXOXOXOXOXOXOXOXOX"
    ;   Row = "OXOXOXOXOXOXOXOXOXO"
    ).

                 /*******************************
                 *           DIAGRAMS           *
                 *******************************/

%   diagram_board(+Pieces, -Board): the 19x19 board with every Origin-Rows
%   diagram of Pieces placed on it.
diagram_board(Pieces, Board) :-
    findall(R-C-Cell,
            ( member([R0, C0]-Rows, Pieces),
              nth0(DR, Rows, Row),
              string_chars(Row, Chars),
              nth0(DC, Chars, Char),
              char_cell(Char, Cell),
              R is R0 + DR, C is C0 + DC
            ),
            Stones),
    numlist(0, 18, Is),
    maplist(board_row(Stones, Is), Is, Board).

board_row(Stones, Is, R, Row) :-
    maplist(board_cell(Stones, R), Is, Row).

board_cell(Stones, R, C, Cell) :-
    (   memberchk(R-C-Cell0, Stones) -> Cell = Cell0 ; Cell = "-" ).

diagram_move([R0, C0], Rows, [R, C]) :-
    nth0(DR, Rows, Row),
    string_chars(Row, Chars),
    nth0(DC, Chars, Char),
    memberchk(Char, ['+', x, o]),
    !,
    R is R0 + DR, C is C0 + DC.

char_cell('.', "-").
char_cell('+', "-").
char_cell('X', "b").
char_cell(x, "b").
char_cell('O', "w").
char_cell(o, "w").
