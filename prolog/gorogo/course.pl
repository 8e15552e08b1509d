:- module(gorogo_course,
          [ gamestate/1,            % -Board
            convert/2,              % ?Code, ?Letter
            print_state/0,
            print_state/1,          % +Board
            jogada/3,               % +Piece, +X, +Y
            updateTable/2,          % +Board, +Player
            gorogo_current/1,       % -State
            gorogo_set_current/1,   % +State
            gorogo_initial/1,       % -State
            gorogo_legal/2,         % +State, ?Move
            gorogo_refusal/3,       % +State, +Move, -Code
            placement_refusal/3,    % +State, +Move, -Code
            gorogo_place/3,         % +State0, +Move, -State
            update_table/3,         % +State0, +Board, -State
            gorogo_over/3,          % +State, -Winner, -Reason
            game_over/4             % +State, :CanPlace, -Winner, -Reason
          ]).

/** <module> GoRoGo: the rules as the course writes them

Start reading here to learn the rules of GoRoGo (FEUP "Programação em
Lógica", docs/gorogo.md).  This module is the rules as the report
writes them: the board is the report's matrix, a list of 5 rows of 5 codes
(0 empty, 1 black, 2 white, 3 Henge), a point is its row X and column Y
(0 to 4, (0,0) at the top left), and the report's names are kept:
gamestate/1, convert/2, print_state/0, jogada/3 and updateTable/2.  Groups
and their empty neighbours are found by walking the matrix, point by point.

The terminal game (prolog/gorogo_cli.pl) and the web page
(prolog/gorogo/protocol.pl) judge and play every placement with this
module.  The machine player searches with the bit-mask engine of rules.pl,
far faster; prolog/gorogo_course.plt checks, on thousands of random
positions, that both give the same legal placements and the same result
for each of them.

## The state

    gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase)

Board is the matrix; ToMove is b or w; the hand holds Black's regular
pieces and Henge, then White's (10 and 2 each at the start); captures are
the opponent pieces each has taken; Phase is opening_henge (White places
the fifth, surplus, Henge) or play.  A move is place(Piece, X, Y), Piece
regular or henge.

## The rules, and how this module reads them

  - On each turn every Henge counts as the colour of the player to move: it
    joins their groups and gives the opponent no empty neighbour.
  - After a placement, every opponent group without an empty neighbour is
    removed, wherever it is; each piece removed is a capture.  Henge are
    never removed, nor are the mover's own groups.
  - A regular piece may not go where its group (with the Henge joined to
    it) has no empty neighbour, unless the placement captures.
  - A Henge may go on any empty point, but never as the player's last
    piece: the player must still hold another piece, of either kind.
  - A player with no legal placement loses; when every piece is placed,
    more captures wins and a tie goes to White.

The report keeps one game in the Prolog database: jogada/3, updateTable/2
and print_state/0 work on the game stored by gorogo_set_current/1; each has
a pure counterpart that takes and returns the state (gorogo_place/3,
update_table/3, print_state/1).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).

:- dynamic current_game/1.

                 /*******************************
                 *          THE BOARD           *
                 *******************************/

%!  gamestate(-Board) is det.
%
%   Board is the initial board of the report: the 5x5 matrix of 0.
%
%   ?- gamestate(B).
%   B = [[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]].
gamestate([[0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0]]).

%!  convert(?Code, ?Letter) is nondet.
%
%   Letter shows the board code Code to people: ' ' empty, 'B' black,
%   'W' white, 'H' Henge.
%
%   ?- convert(3, L).
%   L = 'H'.
%
%   ?- convert(C, 'W').
%   C = 2.
convert(0, ' ').
convert(1, 'B').
convert(2, 'W').
convert(3, 'H').

%!  print_state is det.
%
%   Writes the board of the stored game (gorogo_current/1), as the report's
%   print_state does.
%
%   ?- gorogo_set_current(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                                b, hand(10,2,10,2), captures(0,0), play)),
%      with_output_to(string(_T), print_state), sub_string(_T, 0, 21, _, Top).
%   Top = "    0   1   2   3   4".
print_state :-
    gorogo_current(gorogo(Board, _, _, _, _)),
    print_state(Board).

%!  print_state(+Board) is det.
%
%   Writes Board as the text board of the report, with the row and column
%   numbers around it.  For example, print_state([[2,0,3,0,0], ...]) writes
%
%         0   1   2   3   4
%       +---+---+---+---+---+
%     0 | W |   | H |   |   |
%       +---+---+---+---+---+
%     ...
print_state(Board) :-
    format("    0   1   2   3   4~n  +---+---+---+---+---+~n"),
    forall(nth0(X, Board, Row),
           ( maplist(convert, Row, [A, B, C, D, E]),
             format("~w | ~w | ~w | ~w | ~w | ~w |~n  +---+---+---+---+---+~n",
                    [X, A, B, C, D, E]) )).

%   cell(+Board, ?X, ?Y, ?Code): the point X, Y of Board holds Code.
cell(Board, X, Y, Code) :-
    nth0(X, Board, Row),
    nth0(Y, Row, Code).

%   set_cell(+Board0, +X, +Y, +Code, -Board): Board is Board0 with Code on X, Y.
set_cell(Board0, X, Y, Code, Board) :-
    nth0(X, Board0, Row0, Rows),
    nth0(Y, Row0, _, Cells),
    nth0(Y, Row, Code, Cells),
    nth0(X, Board, Row, Rows).

on_board(X, Y) :-
    integer(X), X >= 0, X =< 4,
    integer(Y), Y >= 0, Y =< 4.

%   neighbour(+X, +Y, -X1, -Y1): X1, Y1 shares a side with X, Y.
neighbour(X, Y, X1, Y) :- X1 is X - 1, X1 >= 0.
neighbour(X, Y, X1, Y) :- X1 is X + 1, X1 =< 4.
neighbour(X, Y, X, Y1) :- Y1 is Y - 1, Y1 >= 0.
neighbour(X, Y, X, Y1) :- Y1 is Y + 1, Y1 =< 4.

player_code(b, 1).
player_code(w, 2).

opponent(b, w).
opponent(w, b).

                 /*******************************
                 *      GROUPS AND CAPTURES     *
                 *******************************/

%   group(+Board, +Codes, +Point, -Group): Group is the sorted list of the
%   points X-Y reached from Point through neighbours holding one of Codes.
group(Board, Codes, Point, Group) :-
    grow([Point], Board, Codes, [Point], Group0),
    sort(Group0, Group).

grow([], _, _, Seen, Seen).
grow([X-Y|Queue], Board, Codes, Seen0, Seen) :-
    findall(X1-Y1,
            ( neighbour(X, Y, X1, Y1),
              \+ memberchk(X1-Y1, Seen0),
              cell(Board, X1, Y1, Code),
              memberchk(Code, Codes) ),
            New0),
    sort(New0, New),
    append(Seen0, New, Seen1),
    append(Queue, New, Queue1),
    grow(Queue1, Board, Codes, Seen1, Seen).

%   breathes(+Board, +Group): a point of Group has an empty neighbour.
breathes(Board, Group) :-
    member(X-Y, Group),
    neighbour(X, Y, X1, Y1),
    cell(Board, X1, Y1, 0),
    !.

%   dead_pieces(+Board, +Code, -Dead): Dead (sorted) are the pieces Code (1
%   or 2) whose group, joined through pieces Code only, has no empty
%   neighbour.  Henge join no group of the player who is not to move.
dead_pieces(Board, Code, Dead) :-
    findall(X-Y, cell(Board, X, Y, Code), Pieces),
    dead_groups(Pieces, Board, Code, Dead0),
    sort(Dead0, Dead).

dead_groups([], _, _, []).
dead_groups([P|Ps], Board, Code, Dead) :-
    group(Board, [Code], P, Group),
    subtract(Ps, Group, Rest),
    (   breathes(Board, Group)
    ->  Dead = Dead1
    ;   append(Group, Dead1, Dead)
    ),
    dead_groups(Rest, Board, Code, Dead1).

remove_pieces([], Board, Board).
remove_pieces([X-Y|Ps], Board0, Board) :-
    set_cell(Board0, X, Y, 0, Board1),
    remove_pieces(Ps, Board1, Board).

                 /*******************************
                 *          PLACEMENTS          *
                 *******************************/

%!  gorogo_initial(-State) is det.
%
%   State is a new game: an empty board, White to place the surplus Henge.
%
%   ?- gorogo_initial(S).
%   S = gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%              w, hand(10,2,10,2), captures(0,0), opening_henge).
gorogo_initial(gorogo(Board, w, hand(10, 2, 10, 2), captures(0, 0), opening_henge)) :-
    gamestate(Board).

%   in_hand(+State, -Regular, -Henge): the player to move holds Regular
%   regular pieces and Henge Henge (in the play phase only).
in_hand(gorogo(_, b, hand(R, H, _, _), _, play), R, H).
in_hand(gorogo(_, w, hand(_, _, R, H), _, play), R, H).

%!  gorogo_refusal(+State, +Move, -Code) is semidet.
%
%   Code names the first rule that forbids Move in State: off_board,
%   occupied, henge_first (the opening placement must be the Henge),
%   no_regular_left, no_henge_left, last_piece_henge (the Henge would be the
%   player's last piece) or suicide.  Fails if Move is legal.  Whether the
%   game is over is gorogo_over/3's question, not this one's.
%
%   ?- gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,1,0],[0,0,1,0,0],[0,0,0,0,0]],
%                            w, hand(5,2,5,2), captures(0,0), play),
%                     place(regular, 2, 2), Code).
%   Code = suicide.
%
%   ?- gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                            b, hand(0,1,0,1), captures(0,0), play),
%                     place(henge, 0, 0), Code).
%   Code = last_piece_henge.
gorogo_refusal(State, Move, Code) :-
    (   placement_refusal(State, Move, Code0)
    ->  Code = Code0
    ;   Move = place(regular, X, Y),
        suicide(State, X, Y)
    ->  Code = suicide
    ).

%!  placement_refusal(+State, +Move, -Code) is semidet.
%
%   Code names the first rule that forbids Move in State before any group
%   is read: off_board, occupied, henge_first, no_regular_left,
%   no_henge_left or last_piece_henge.  Fails if none does (Move may still
%   be a suicide).  gorogo_refusal/3 adds the suicide rule on the matrix;
%   the bit-mask engine (rules.pl, mask_refusal/3) adds the same rule on
%   masks, so the rules are written once.
%
%   ?- placement_refusal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                               w, hand(10,2,10,2), captures(0,0), opening_henge),
%                        place(regular, 0, 0), Code).
%   Code = henge_first.
placement_refusal(State, Move, Code) :-
    once(refusal(State, Move, Code)).

refusal(_, place(_, X, Y), off_board) :-
    \+ on_board(X, Y).
refusal(gorogo(Board, _, _, _, _), place(_, X, Y), occupied) :-
    cell(Board, X, Y, Code),
    Code =\= 0.
refusal(gorogo(_, _, _, _, opening_henge), place(regular, _, _), henge_first).
refusal(State, place(regular, _, _), no_regular_left) :-
    in_hand(State, 0, _).
refusal(State, place(henge, _, _), no_henge_left) :-
    in_hand(State, _, 0).
refusal(State, place(henge, _, _), last_piece_henge) :-
    in_hand(State, R, H),
    R + H < 2.

%   A regular piece on (X, Y) would leave its group (the Henge joined to it)
%   without an empty neighbour, capturing nothing.
suicide(State, X, Y) :-
    State = gorogo(Board0, Side, _, _, play),
    \+ ( neighbour(X, Y, X1, Y1),          % an empty neighbour: it breathes
         cell(Board0, X1, Y1, 0) ),
    player_code(Side, Own),
    set_cell(Board0, X, Y, Own, Board),
    opponent(Side, Other),
    player_code(Other, Theirs),
    dead_pieces(Board, Theirs, []),
    group(Board, [Own, 3], X-Y, Group),
    \+ breathes(Board, Group).

%!  gorogo_legal(+State, ?Move) is nondet.
%
%   Move is a legal placement place(Piece, X, Y) for the player to move, in
%   row order, regular before Henge on each point.
%
%   ?- gorogo_legal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                          b, hand(0,2,0,2), captures(0,0), play), Move).
%   Move = place(henge,0,0).
gorogo_legal(State, place(Piece, X, Y)) :-
    State = gorogo(Board, _, _, _, _),
    cell(Board, X, Y, 0),
    member(Piece, [regular, henge]),
    \+ gorogo_refusal(State, place(Piece, X, Y), _).

%!  gorogo_place(+State0, +Move, -State) is semidet.
%
%   State is State0 after the player to move makes the placement Move,
%   captures removed.  Fails if Move is illegal (gorogo_refusal/3 says why).
%   The pure counterpart of jogada/3.  On White's turn the Henge is white,
%   so a white piece may go between three black pieces and the Henge:
%
%   ?- gorogo_place(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,3,0],[0,0,1,0,0],[0,0,0,0,0]],
%                          w, hand(5,2,5,2), captures(0,0), play),
%                   place(regular, 2, 2), gorogo([_, _, Row2|_], _, _, _, _)).
%   Row2 = [0,1,2,3,0].
gorogo_place(State0, place(Piece, X, Y), State) :-
    memberchk(Piece, [regular, henge]),
    \+ gorogo_refusal(State0, place(Piece, X, Y), _),
    State0 = gorogo(_, _, _, _, Phase),
    place(Phase, State0, Piece, X, Y, State).

place(opening_henge, gorogo(Board0, w, Hand, Captures, _), henge, X, Y,
      gorogo(Board, b, Hand, Captures, play)) :-
    set_cell(Board0, X, Y, 3, Board).
place(play, gorogo(Board0, Side, Hand0, Captures0, _), Piece, X, Y,
      gorogo(Board, Other, Hand, Captures, play)) :-
    player_code(Side, Own),
    (   Piece == regular
    ->  Code = Own
    ;   Code = 3
    ),
    set_cell(Board0, X, Y, Code, Board1),
    opponent(Side, Other),
    player_code(Other, Theirs),
    dead_pieces(Board1, Theirs, Dead),
    remove_pieces(Dead, Board1, Board),
    length(Dead, N),
    take_from_hand(Side, Piece, Hand0, Hand),
    add_captures(Side, N, Captures0, Captures).

%   take_from_hand(+Side, +Piece, +Hand0, -Hand): Side's Piece leaves the hand.
take_from_hand(b, Piece, hand(R0, H0, WR, WH), hand(R, H, WR, WH)) :-
    one_less(Piece, R0, H0, R, H).
take_from_hand(w, Piece, hand(BR, BH, R0, H0), hand(BR, BH, R, H)) :-
    one_less(Piece, R0, H0, R, H).

one_less(Piece, R0, H0, R, H) :-
    (   Piece == regular
    ->  R is R0 - 1, H = H0
    ;   R = R0, H is H0 - 1
    ).

add_captures(b, N, captures(CB, CW), captures(CB1, CW)) :- CB1 is CB + N.
add_captures(w, N, captures(CB, CW), captures(CB, CW1)) :- CW1 is CW + N.

%!  update_table(+State0, +Board, -State) is semidet.
%
%   Board is State0's board with one more piece, put there by the player to
%   move (their colour or a Henge); State is State0 after that placement,
%   captures removed.  Fails if Board is not such a board or the placement
%   is illegal.  The pure counterpart of updateTable/2.
%
%   ?- update_table(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                          w, hand(9,2,9,2), captures(0,0), play),
%                   [[1,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]], S).
%   S = gorogo([[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%              b, hand(9,2,8,2), captures(0,1), play).
update_table(State0, Board, State) :-
    State0 = gorogo(Board0, Side, _, _, _),
    length(Board, 5),
    findall(X-Y-Code,
            ( cell(Board0, X, Y, Code0), cell(Board, X, Y, Code), Code \== Code0 ),
            [X-Y-Code]),
    player_code(Side, Own),
    (   Code == Own
    ->  Piece = regular
    ;   Code == 3
    ->  Piece = henge
    ),
    gorogo_place(State0, place(Piece, X, Y), State).

                 /*******************************
                 *       THE END OF THE GAME    *
                 *******************************/

%!  gorogo_over(+State, -Winner, -Reason) is semidet.
%
%   The game State is over and Winner (b or w) has won.  Reason is captures
%   (every piece is placed: more captures wins, a tie goes to White) or
%   no_legal_move (the player to move cannot place anything and loses).
%
%   ?- gorogo_over(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                         b, hand(0,1,0,1), captures(3,0), play), Winner, Reason).
%   Winner = w,
%   Reason = no_legal_move.
gorogo_over(State, Winner, Reason) :-
    game_over(State, can_place, Winner, Reason).

%!  game_over(+State, :CanPlace, -Winner, -Reason) is semidet.
%
%   As gorogo_over/3, with call(CanPlace, State) true when the player to
%   move has a legal placement: rules.pl's mask_over/3 asks its faster
%   bit-mask rules that question, with the same ending.
:- meta_predicate game_over(+, 1, -, -).

game_over(State, CanPlace, Winner, Reason) :-
    State = gorogo(_, Side, Hand, captures(CB, CW), play),
    (   Hand == hand(0, 0, 0, 0)
    ->  Reason = captures,
        (   CB > CW
        ->  Winner = b
        ;   Winner = w
        )
    ;   \+ call(CanPlace, State)
    ->  Reason = no_legal_move,
        opponent(Side, Winner)
    ).

can_place(State) :-
    gorogo_legal(State, _).

                 /*******************************
                 *  THE REPORT'S STORED GAME    *
                 *******************************/

%!  jogada(+Piece, +X, +Y) is semidet.
%
%   The player to move in the stored game places Piece (their colour's code,
%   1 or 2, or 3 for a Henge) on row X, column Y, and the stored game becomes
%   the game after that move.  Fails, changing nothing, if the move is
%   illegal.  Here White closes the black piece at (0,0) in against the
%   edges and captures it:
%
%   ?- gorogo_set_current(gorogo([[1,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                                w, hand(9,2,10,2), captures(0,0), play)),
%      jogada(2, 0, 1), jogada(1, 1, 1), jogada(2, 1, 0), gorogo_current(S).
%   S = gorogo([[0,2,0,0,0],[2,1,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%              b, hand(8,2,8,2), captures(0,1), play).
jogada(Piece, X, Y) :-
    must_be(integer, Piece),
    must_be(integer, X),
    must_be(integer, Y),
    gorogo_current(gorogo(Board0, Side, _, _, _)),
    player_code(Side, Player),
    (   Piece =:= Player
    ->  true
    ;   Piece =:= 3
    ),
    on_board(X, Y),
    set_cell(Board0, X, Y, Piece, Board),
    updateTable(Board, Player).

%!  updateTable(+Board, +Player) is semidet.
%
%   Board is the stored game's board with one piece added by Player (1 black,
%   2 white), who is to move: if that placement is legal, the stored game
%   becomes the game after it, captures removed.  Fails otherwise.
%
%   ?- gorogo_set_current(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                                w, hand(9,2,9,2), captures(0,0), play)),
%      updateTable([[1,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]], 2),
%      gorogo_current(gorogo(Board, _, _, Captures, _)).
%   Board = [[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%   Captures = captures(0,1).
updateTable(Board, Player) :-
    gorogo_current(State0),
    State0 = gorogo(_, Side, _, _, _),
    player_code(Side, Player),
    update_table(State0, Board, State),
    gorogo_set_current(State).

%!  gorogo_current(-State) is det.
%
%   State is the stored game of jogada/3, or the initial game if none is
%   stored.
%
%   ?- gorogo_set_current(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                                b, hand(10,2,10,2), captures(0,0), play)),
%      jogada(3, 0, 0), gorogo_current(gorogo(_, ToMove, Hand, _, _)).
%   ToMove = w,
%   Hand = hand(10,1,10,2).
gorogo_current(State) :-
    (   current_game(State0)
    ->  State = State0
    ;   gorogo_initial(State)
    ).

%!  gorogo_set_current(+State) is det.
%
%   Stores State as the game that jogada/3, updateTable/2 and print_state/0
%   play on.
gorogo_set_current(State) :-
    must_be(ground, State),
    retractall(current_game(_)),
    assertz(current_game(State)).
