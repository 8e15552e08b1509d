:- module(gorogo_rules,
          [ gorogo_initial/1,       % -State
            gorogo_legal/2,         % +State, ?Move
            gorogo_place/3,         % +State0, +Move, -State
            update_table/3,         % +State0, +Board, -State
            gorogo_refusal/3,       % +State, +Move, -Code
            gorogo_over/3,          % +State, -Winner, -Reason
            in_hand/3,              % +State, -Regular, -Henge
            pos_moves/2,            % +Pos, -Moves
            pos_child/5,            % +Pos0, +Piece, +X, +Dead, -Pos
            jogada/3,               % +Piece, +X, +Y
            updateTable/2,          % +Board, +Player
            gorogo_current/1,       % -State
            gorogo_set_current/1    % +State
          ]).

/** <module> GoRoGo: the rules of play

Start reading at gorogo_place/3: every rule of play is there and in the few
bit-mask predicates it calls (pos_moves/2, pos_child/5).  The state term
gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase) and the
position p(Side, Me, Op, He, MyR, MyH, OpR, OpH, MyC, OpC) on bit masks are
documented in board.pl (gorogo_board).  Everything here is pure except the
documents' stored game at the end (jogada/3, updateTable/2).

## The rules (GAMES.md section 3) and the choices they leave open

- White's first action places the surplus Henge on any point.  Then Black and
  White alternate, Black first, 12 placements each.  No passing, no moving.
- A Henge counts as the colour of the player to move: for the mover, every
  Henge joins the mover's groups and none gives the opponent a liberty.  So
  the liberty test of the mover's own placement counts the empty points next
  to any Henge connected to the placed piece.
- After P places (a regular piece or a Henge), every opponent group without an
  empty neighbour is removed, anywhere on the board, and each removed piece is
  one capture for P.  So an opponent group whose only empty neighbours came
  through a Henge dies at P's next placement, wherever P places.  Henge are
  never captured.  P's own groups are never removed on P's placement, even one
  left without an empty neighbour (see the next rule); the opponent removes it
  on their placement.
- A regular piece may not go where its group (its connected pieces of the
  mover's colour and Henge, all Henge counting as the mover's) has no empty
  neighbour, unless the placement captures.  "Captures" is read literally:
  any opponent piece removed by this placement, adjacent or not, makes it legal.
- A Henge may go on any empty point, but a player's last piece may not be a
  Henge.  Read literally (GAMES.md): a Henge may be placed whenever the player
  still holds at least one other piece after it, of either kind.  So a player
  whose only piece left is a Henge has no legal placement (and loses: next
  rule), and a player holding only two Henge may place one and is then stuck
  at their next turn.  gorogo_refusal/3 names the rule last_piece_henge.
- A player with no legal placement on their turn loses at once.  When every
  piece is placed (after White's 12th), more captures wins; a tie goes to White.

## The documents' stored game

The report keeps one game in the database, so jogada/3 and updateTable/2 work
on the game stored by gorogo_set_current/1 (the initial game if none was
stored), the one dynamic fact current_game/1 of this module.  Both are thin
layers over the pure gorogo_place/3 and update_table/3.
*/

:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(board).

% Arithmetic is compiled inline in this file (the flag is local to it).
:- set_prolog_flag(optimise, true).

:- dynamic current_game/1.

                 /*******************************
                 *          THE RULES           *
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

%!  gorogo_legal(+State, ?Move) is nondet.
%
%   Move is a legal placement place(Piece, Row, Col) for the player to move,
%   in row-major order, regular before Henge on each point.  Holding two
%   Henge and nothing else, a player may place one of them; holding one
%   Henge and nothing else, nothing:
%
%   ?- gorogo_legal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                          b, hand(0,2,0,2), captures(0,0), play), Move).
%   Move = place(henge,0,0).
%
%   ?- gorogo_legal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                          b, hand(0,1,0,1), captures(0,0), play), _).
%   false.
gorogo_legal(gorogo(Board, w, _, _, opening_henge), place(henge, R, C)) :-
    nth0(R, Board, Row),
    nth0(C, Row, 0).
gorogo_legal(State, place(Piece, R, C)) :-
    state_pos(State, Pos),
    pos_moves(Pos, Moves),
    member(m(Piece, X, _), Moves),
    bit_point(X, R, C).

%!  gorogo_place(+State0, +Move, -State) is semidet.
%
%   State is State0 after the player to move makes the placement Move,
%   captures removed.  Fails if Move is illegal (gorogo_refusal/3 says why),
%   in particular when the game is over.  The pure counterpart of jogada/3.
%
%   ?- gorogo_initial(S0), gorogo_place(S0, place(henge, 2, 2), S1),
%      gorogo_place(S1, place(regular, 0, 0), gorogo(B, ToMove, Hand, _, _)).
%   S0 = gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%               w, hand(10,2,10,2), captures(0,0), opening_henge),
%   S1 = gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%               b, hand(10,2,10,2), captures(0,0), play),
%   B = [[1,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%   ToMove = w,
%   Hand = hand(9,2,10,2).
%
%   The report's picture: on White's turn the Henge is white, so a white
%   piece may go between three black pieces and the Henge:
%
%   ?- gorogo_place(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,3,0],[0,0,1,0,0],[0,0,0,0,0]],
%                          w, hand(5,2,5,2), captures(0,0), play),
%                   place(regular, 2, 2), gorogo([_, _, Row2|_], _, _, _, _)).
%   Row2 = [0,1,2,3,0].
gorogo_place(State0, Move, State) :-
    State0 = gorogo(_, _, _, _, Phase),
    place_(Phase, State0, Move, State).

place_(opening_henge, gorogo(Board0, w, Hand, Caps, _), place(henge, R, C),
       gorogo(Board, b, Hand, Caps, play)) :-
    on_board(R, C),
    cell(Board0, R, C, 0),
    set_cell(Board0, R, C, 3, Board).
place_(play, State0, place(Piece, R, C), State) :-
    on_board(R, C),
    state_pos(State0, Pos0),
    bit_point(X, R, C),
    pos_moves(Pos0, Moves),
    memberchk(m(Piece, X, Dead), Moves),
    pos_child(Pos0, Piece, X, Dead, Pos),
    pos_state(Pos, State).

%!  update_table(+State0, +Board, -State) is semidet.
%
%   Board is State0's board with one more piece, put there by the player to
%   move (their colour or a Henge); State is State0 after that placement,
%   captures removed.  Fails if Board is not such a board or the placement is
%   illegal.  The pure counterpart of updateTable/2.
%
%   ?- update_table(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                          w, hand(9,2,9,2), captures(0,0), play),
%                   [[1,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]], S).
%   S = gorogo([[0,2,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%              b, hand(9,2,8,2), captures(0,1), play).
update_table(State0, Board, State) :-
    State0 = gorogo(Board0, Side, _, _, _),
    length(Board, 5),
    findall(R-C-V, ( cell(Board0, R, C, V0), cell(Board, R, C, V), V \== V0 ),
            [R-C-V]),
    side_code(Side, Own),
    once(piece_code(Piece, Own, V)),
    gorogo_place(State0, place(Piece, R, C), State).

%!  gorogo_refusal(+State, +Move, -Code) is semidet.
%
%   Code names the first rule that forbids Move in State: off_board,
%   occupied, henge_first (the opening placement must be the Henge),
%   no_regular_left, no_henge_left, last_piece_henge (the Henge would be the
%   player's last piece) or suicide.  Fails if Move is legal.  Whether the
%   game is over is gorogo_over/3's question, not this one's.
%
%   ?- gorogo_initial(S0), gorogo_refusal(S0, place(regular, 2, 2), Code).
%   S0 = gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%               w, hand(10,2,10,2), captures(0,0), opening_henge),
%   Code = henge_first.
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
    once(refusal_(State, Move, Code)).

refusal_(_, place(_, R, C), off_board) :-
    \+ on_board(R, C).
refusal_(gorogo(Board, _, _, _, _), place(_, R, C), occupied) :-
    cell(Board, R, C, V),
    V =\= 0.
refusal_(gorogo(_, _, _, _, opening_henge), place(regular, _, _), henge_first).
refusal_(State, place(regular, _, _), no_regular_left) :-
    in_hand(State, 0, _).
refusal_(State, place(henge, _, _), no_henge_left) :-
    in_hand(State, _, 0).
refusal_(State, place(henge, _, _), last_piece_henge) :-
    in_hand(State, R, H),
    R + H < 2.
refusal_(State, place(regular, R, C), suicide) :-
    \+ gorogo_place(State, place(regular, R, C), _).

%!  in_hand(+State, -Regular, -Henge) is semidet.
%
%   In the play phase of State, the player to move holds Regular regular
%   pieces and Henge Henge.  Fails in the opening.
%
%   ?- gorogo_rules:in_hand(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                                  w, hand(10,2,9,1), captures(0,0), play), R, H).
%   R = 9,
%   H = 1.
in_hand(gorogo(_, Side, Hand, _, play), R, H) :-
    side_hand(Side, Hand, R, H).

side_hand(b, hand(R, H, _, _), R, H).
side_hand(w, hand(_, _, R, H), R, H).

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
%
%   ?- gorogo_over(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
%                         b, hand(0,0,0,0), captures(2,2), play), Winner, Reason).
%   Winner = w,
%   Reason = captures.
gorogo_over(State, Winner, Reason) :-
    State = gorogo(_, Side, Hand, captures(CB, CW), play),
    (   Hand == hand(0, 0, 0, 0)
    ->  Reason = captures,
        (   CB > CW
        ->  Winner = b
        ;   Winner = w
        )
    ;   \+ gorogo_legal(State, _)
    ->  Reason = no_legal_move,
        other(Side, Winner)
    ).

                 /*******************************
                 *      THE RULES ON MASKS      *
                 *******************************/

%!  pos_moves(+Pos, -Moves) is det.
%
%   Moves are the legal placements m(Piece, X, Dead) of the mover, X the
%   point and Dead the opponent pieces it captures.  A regular piece needs
%   one in hand; a Henge needs a Henge and one more piece of either kind in
%   hand (the last piece may not be a Henge), so a mover holding one Henge
%   and nothing else has no placement.
pos_moves(p(_, Me, Op, He, MyR, MyH, _, _, _, _), Moves) :-
    (   MyH > 0, MyR + MyH >= 2
    ->  Henge = true
    ;   Henge = false
    ),
    (   MyR =:= 0, Henge == false
    ->  Moves = []
    ;   all_points(All),
        Empty is All xor (Me \/ Op \/ He),
        dead_stones(Op, Empty, Pending),
        empty_moves(Empty, c(Me, Op, He, MyR, Henge, Empty, Pending), Moves)
    ).

empty_moves(Left, Ctx, Moves) :-
    (   Left =:= 0
    ->  Moves = []
    ;   X is Left /\ (-Left),
        Left1 is Left xor X,
        point_moves(X, Ctx, Moves, Moves1),
        empty_moves(Left1, Ctx, Moves1)
    ).

%   Placing on a point next to no opponent piece captures exactly the pieces
%   that were already dead for the mover (Pending).
point_moves(X, c(Me, Op, He, MyR, Henge, Empty, Pending), Ms0, Ms) :-
    Empty1 is Empty xor X,
    point_neighbours(X, NX),
    (   NX /\ Op =:= 0
    ->  Dead = Pending
    ;   dead_stones(Op, Empty1, Dead)
    ),
    (   MyR > 0,
        regular_breathes(X, NX, Me \/ He, Empty1, Dead)
    ->  Ms0 = [m(regular, X, Dead)|Ms1]
    ;   Ms0 = Ms1
    ),
    (   Henge == true
    ->  Ms1 = [m(henge, X, Dead)|Ms]
    ;   Ms1 = Ms
    ).

regular_breathes(X, NX, Mine, Empty1, Dead) :-
    (   NX /\ Empty1 =\= 0
    ->  true
    ;   Dead =\= 0
    ->  true
    ;   Mine1 is Mine \/ X,
        grow_within(X, Mine1, Group),
        neighbours(Group, NG),
        NG /\ Empty1 =\= 0
    ).

%!  pos_child(+Pos0, +Piece, +X, +Dead, -Pos) is det.
%
%   Pos is Pos0 after the mover places Piece on X capturing Dead, seen by
%   the next player.
pos_child(p(S, Me, Op, He, MyR, MyH, OpR, OpH, MyC, OpC), Piece, X, Dead,
          p(S1, Op1, Me1, He1, OpR, OpH, MyR1, MyH1, OpC, MyC1)) :-
    other(S, S1),
    Op1 is Op xor Dead,
    MyC1 is MyC + popcount(Dead),
    piece_placed(Piece, X, Me, He, MyR, MyH, Me1, He1, MyR1, MyH1).

piece_placed(regular, X, Me, He, R, H, Me1, He, R1, H) :-
    Me1 is Me \/ X,
    R1 is R - 1.
piece_placed(henge, X, Me, He, R, H, Me, He1, R, H1) :-
    He1 is He \/ X,
    H1 is H - 1.

                 /*******************************
                 *  THE DOCUMENTS' STORED GAME  *
                 *******************************/

%!  jogada(+Piece, +X, +Y) is semidet.
%
%   The player to move in the stored game places Piece (their colour's code,
%   1 or 2, or 3 for a Henge) on row X, column Y, and the stored game becomes
%   the game after that move.  Fails, changing nothing, if the move is illegal.
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
    side_code(Side, Player),
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
    side_code(Side, Player),
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
%   Stores State as the game that jogada/3 and updateTable/2 play on.
gorogo_set_current(State) :-
    must_be(ground, State),
    retractall(current_game(_)),
    assertz(current_game(State)).
