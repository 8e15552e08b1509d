:- module(gorogo_rules,
          [ mask_legal/2,           % +State, ?Move
            mask_place/3,           % +State0, +Move, -State
            mask_refusal/3,         % +State, +Move, -Code
            mask_over/3,            % +State, -Winner, -Reason
            in_hand/3,              % +State, -Regular, -Henge
            pos_moves/2,            % +Pos, -Moves
            pos_child/5             % +Pos0, +Piece, +X, +Dead, -Pos
          ]).

/** <module> GoRoGo: the rules on bit masks, for the machine's search

Start reading at prolog/gorogo/course.pl: the rules as the course writes
them, on the report's matrix; the terminal game and the web page judge every
placement with that module.  This module holds the same rules computed on
bit masks (pos_moves/2, pos_child/5), many times faster, for the machine
player (machine.pl), and the same pure predicates over them, mask_legal/2,
mask_place/3, mask_refusal/3 and mask_over/3, named after course.pl's
gorogo_legal/2, gorogo_place/3, gorogo_refusal/3 and gorogo_over/3:
prolog/gorogo_course.plt checks on thousands of random positions that the
two give the same legal placements, the same refusals and the same results.
The state term gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW),
Phase) and the position p(Side, Me, Op, He, MyR, MyH, OpR, OpH, MyC, OpC) on
bit masks are documented in board.pl (gorogo_board).  Everything here is
pure.

The rules and the readings the course document leaves open (docs/gorogo.md) are told in course.pl's
header.  On masks:

- The mover's view of a position is p/10: Me, Op and He the masks of the
  mover's regular pieces, the opponent's and the Henge.  For the mover every
  Henge joins their groups and none gives the opponent an empty neighbour,
  so the opponent's dead pieces after a placement are dead_stones(Op,
  Empty) (board.pl), and a regular piece breathes when the group grown from
  it within Me and He touches an empty point.
- A regular piece needs one in hand; a Henge needs a Henge and one more
  piece of either kind (the last piece may not be a Henge).
*/

:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(board).
:- use_module(course, [placement_refusal/3, game_over/4]).

% Arithmetic is compiled inline in this file (the flag is local to it).
:- set_prolog_flag(optimise, true).

                 /*******************************
                 *     THE RULES ON THE STATE   *
                 *******************************/

%!  mask_legal(+State, ?Move) is nondet.
%
%   Move is a legal placement place(Piece, Row, Col) for the player to move,
%   in row-major order, regular before Henge on each point (course.pl's
%   gorogo_legal/2, on masks).  Holding two Henge and nothing else, a
%   player may place one of them; holding one Henge and nothing else,
%   nothing:
%
%   ?- mask_legal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                        b, hand(0,2,0,2), captures(0,0), play), Move).
%   Move = place(henge,0,0).
%
%   ?- mask_legal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                        b, hand(0,1,0,1), captures(0,0), play), _).
%   false.
mask_legal(gorogo(Board, w, _, _, opening_henge), place(henge, R, C)) :-
    nth0(R, Board, Row),
    nth0(C, Row, 0).
mask_legal(State, place(Piece, R, C)) :-
    state_pos(State, Pos),
    pos_moves(Pos, Moves),
    member(m(Piece, X, _), Moves),
    bit_point(X, R, C).

%!  mask_place(+State0, +Move, -State) is semidet.
%
%   State is State0 after the player to move makes the placement Move,
%   captures removed (course.pl's gorogo_place/3, on masks).  Fails if Move
%   is illegal.
%
%   ?- mask_place(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                        b, hand(10,2,10,2), captures(0,0), play),
%                 place(regular, 0, 0), gorogo(B, ToMove, Hand, _, _)).
%   B = [[1,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%   ToMove = w,
%   Hand = hand(9,2,10,2).
mask_place(State0, Move, State) :-
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

%!  mask_refusal(+State, +Move, -Code) is semidet.
%
%   Code names the first rule that forbids Move in State, as course.pl's
%   gorogo_refusal/3 does: off_board, occupied, henge_first,
%   no_regular_left, no_henge_left, last_piece_henge or suicide.  Fails if
%   Move is legal.  The rules read before any group are course.pl's own
%   (placement_refusal/3); the suicide rule is read here on masks.
%
%   ?- mask_refusal(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,1,0],[0,0,1,0,0],[0,0,0,0,0]],
%                          w, hand(5,2,5,2), captures(0,0), play),
%                   place(regular, 2, 2), Code).
%   Code = suicide.
mask_refusal(State, Move, Code) :-
    (   placement_refusal(State, Move, Code0)
    ->  Code = Code0
    ;   Move = place(regular, R, C),
        \+ mask_place(State, place(regular, R, C), _)
    ->  Code = suicide
    ).

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

%!  mask_over(+State, -Winner, -Reason) is semidet.
%
%   The game State is over and Winner (b or w) has won, as course.pl's
%   gorogo_over/3 says: Reason is captures or no_legal_move.
%
%   ?- mask_over(gorogo([[3,1,1,2,2],[1,1,2,2,2],[3,1,1,2,2],[0,1,3,3,2],[0,1,3,0,0]],
%                       b, hand(0,0,0,0), captures(2,2), play), Winner, Reason).
%   Winner = w,
%   Reason = captures.
mask_over(State, Winner, Reason) :-
    game_over(State, mask_can_place, Winner, Reason).

mask_can_place(State) :-
    mask_legal(State, _).

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
