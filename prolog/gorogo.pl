:- module(gorogo,
          [ gamestate/1,            % -Board
            convert/2,              % ?Code, ?Letter
            jogada/3,               % +Piece, +X, +Y
            updateTable/2,          % +Board, +Player
            print_state/1,          % +Board
            gorogo_current/1,       % -State
            gorogo_set_current/1,   % +State
            gorogo_initial/1,       % -State
            gorogo_legal/2,         % +State, ?Move
            gorogo_place/3,         % +State0, +Move, -State
            update_table/3,         % +State0, +Board, -State
            gorogo_refusal/3,       % +State, +Move, -Code
            gorogo_over/3,          % +State, -Winner, -Reason
            gorogo_refusal_message/2, % ?Code, ?Message
            gorogo_best_move/3,     % +State, +Depth, -Move
            gorogo_best_move/4      % +State, +Depth, -Move, -Nodes
          ]).

/** <module> GoRoGo: Go on a 5x5 board with neutral Henge pieces

Document 001 (FEUP, "Programação em Lógica") and GAMES.md section 3.  Start
reading at "The state", then gorogo_place/3: every rule of play is there and in
the few bit-mask predicates it calls.

## The documents' names

    gamestate(-Board)       the initial board: a 5x5 matrix of 0
    convert(?Code, ?Letter) 0 ' ', 1 'B' (black), 2 'W' (white), 3 'H' (Henge)
    print_state(+Board)     the text board (the only output in this module)
    jogada(+Piece, +X, +Y)  the player to move places Piece (1 black, 2 white:
                            their own colour; 3 a Henge) on row X, column Y
    updateTable(+Board, +Player)  Board is the current board plus the piece
                            Player (1 or 2) just put on it: validate that move
                            and apply its captures

The report keeps one game in the database, so jogada/3 and updateTable/2 work
on the game stored by gorogo_set_current/1 (the initial game if none was
stored).  Both are thin layers over the pure gorogo_place/3 and update_table/3.
The report does not say which of x and y is the row: X is the row and Y the
column, the order of the report's matrix positions (i,j), with (0,0) at the top
left; the web protocol writes the same point as pos [X, Y].

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
- A Henge may go on any empty point, but only while the player keeps at least
  one regular piece in hand: with no regular piece left nothing can be placed,
  so a player who places their last regular piece while holding a Henge loses
  at their next turn (gorogo_refusal/3 still names the rule, last_piece_henge).
- A player with no legal placement on their turn loses at once.  When every
  piece is placed (after White's 12th), more captures wins; a tie goes to White.

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
(state_pos/2); the machine player searches positions only.

## The machine player

gorogo_best_move/4 is negamax with alpha-beta pruning (fail-hard), a
transposition table and move ordering.  The table is an AVL tree
(library(assoc)) threaded through the search and new at every call, so the
search stays pure; its key is the position with the capture difference in
place of both captures (the hands tell whose turn it is).  Moves are tried
with the table's best move first, then by captures, contact with opponent
pieces, and regular pieces before Henge.

- While more than endgame_plies/1 placements (9) and more than Depth remain,
  it deepens from 1 to Depth placements and scores the positions at the
  horizon with evaluate/2: captures, opponent pieces that fall at the next
  placement anyway, and pieces in groups with one empty neighbour.
- Otherwise it searches to the end of the game, where every outcome is a win
  or a loss (win_score/1 or minus that, whatever the margin): it finds a
  forced win whenever there is one.  In a lost position, where every move is
  as bad against perfect play, it plays the choice of a search one placement
  shallower, which leaves an imperfect opponent the most ways to go wrong.
- White's opening Henge is chosen among six points: the empty board's eight
  symmetries make every other point the same as one of them.

Measured on this machine (2 shared cores): 40,000 to 80,000 positions a
second.  Early in the game a move takes about 0.1 to 0.3 s at depth 4, 1 to
1.6 s at depth 5, 3 to 10 s at depth 6 and 30 to 55 s at depth 7 (depth 8
takes minutes), much less as the board fills.  From 9 placements left, in 24
positions of machine play, a search to the end took 0.7 s on average and 4 s
at most; from 10 it took up to 5 s in 6 positions, hence 9.  Depth 4 beat
depth 2 in 18 of 24 games (12 openings of 3 random placements, each side
once); against a random player see bench/gorogo_ai.py.

## Names

The documents' names are kept as the report writes them.  The new names
start with gorogo_ (update_table/3 excepted, after updateTable/2) because
every game module is loaded into one process for the tests, and other games
export best_move/3 and legal_move/2.

## The web protocol (tablero.pl)

A game is gorogo_game(options(Black, White, Depth), State, Last), where Last
is none or last(Side, Piece, Row, Col, Captured) and Captured is a list of
[Row, Col].

    options  {"black": "human"|"machine", "white": "human"|"machine",
             "depth": 1..8}, by default human, machine and 4.
    action   {"kind": "place", "piece": "regular"|"henge", "pos": [Row, Col]},
             0-based, row 0 at the top; without "piece", the opening
             placement is the Henge and any other a regular piece.
    view     board: 5 strings of 5 characters (. B W H), row 0 first;
             to_move "b"|"w"; phase "opening_henge"|"play";
             in_hand {b: {regular, henge}, w: {regular, henge}};
             captures {b, w}; last: null or {by, piece, pos, captured};
             legal {regular: [[Row, Col], ...], henge: [...]}; status {en, es};
             over; winner "b"|"w"|null; result "B+2" (the capture margin;
             "W+0" is a tie) or "W+F" (Black had no legal placement) or null;
             result_reason "captures"|"no_legal_move"|null; players {b, w};
             depth.
    refusals invalid: bad_option, bad_action, bad_pos (pos is not two
             integers, or off the board); refused: game_over, occupied, henge_first,
             no_regular_left, no_henge_left, last_piece_henge, suicide.  A
             refusal's explain names the jogada/3 query that failed.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(tablero).

% Arithmetic is compiled inline in this file (the flag is local to it).
:- set_prolog_flag(optimise, true).

:- dynamic current_game/1.

                 /*******************************
                 *      THE DOCUMENTS' NAMES    *
                 *******************************/

%!  gamestate(-Board) is det.
%
%   Board is the initial board of the report: the 5x5 matrix of 0.
gamestate([[0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0], [0,0,0,0,0]]).

%!  convert(?Code, ?Letter) is nondet.
%
%   Letter shows the board code Code to people: ' ' empty, 'B' black,
%   'W' white, 'H' Henge.
convert(0, ' ').
convert(1, 'B').
convert(2, 'W').
convert(3, 'H').

%!  jogada(+Piece, +X, +Y) is semidet.
%
%   The player to move in the stored game places Piece (their colour's code,
%   1 or 2, or 3 for a Henge) on row X, column Y, and the stored game becomes
%   the game after that move.  Fails, changing nothing, if the move is illegal.
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
updateTable(Board, Player) :-
    gorogo_current(State0),
    State0 = gorogo(_, Side, _, _, _),
    side_code(Side, Player),
    update_table(State0, Board, State),
    gorogo_set_current(State).

%!  gorogo_current(-State) is det.
%
%   State is the stored game of jogada/3, or the initial game if none is stored.
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

side_code(b, 1).
side_code(w, 2).

other(b, w).
other(w, b).

on_board(R, C) :-
    integer(R), R >= 0, R =< 4,
    integer(C), C >= 0, C =< 4.

set_cell(Board0, R, C, V, Board) :-
    nth0(R, Board0, Row0, Rows),
    nth0(C, Row0, _, Cells),
    nth0(C, Row, V, Cells),
    nth0(R, Board, Row, Rows).

                 /*******************************
                 *          THE RULES           *
                 *******************************/

%!  gorogo_initial(-State) is det.
%
%   State is a new game: an empty board, White to place the surplus Henge.
gorogo_initial(gorogo(Board, w, hand(10, 2, 10, 2), captures(0, 0), opening_henge)) :-
    gamestate(Board).

%!  gorogo_legal(+State, ?Move) is nondet.
%
%   Move is a legal placement place(Piece, Row, Col) for the player to move,
%   in row-major order, regular before Henge on each point.
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
update_table(State0, Board, State) :-
    State0 = gorogo(Board0, Side, _, _, _),
    length(Board, 5),
    findall(R-C-V, ( cell(Board0, R, C, V0), cell(Board, R, C, V), V \== V0 ),
            [R-C-V]),
    side_code(Side, Own),
    once(piece_code(Piece, Own, V)),
    gorogo_place(State0, place(Piece, R, C), State).

cell(Board, R, C, V) :-
    nth0(R, Board, Row),
    nth0(C, Row, V).

%   piece_code(?Piece, +Player, ?Code): the board code of Player's Piece.
piece_code(regular, Player, Player).
piece_code(henge, _, 3).

%!  gorogo_refusal(+State, +Move, -Code) is semidet.
%
%   Code names the first rule that forbids Move in State: bad_pos, occupied,
%   henge_first (the opening placement must be the Henge), no_regular_left,
%   no_henge_left, last_piece_henge or suicide.  Fails if Move is legal.  Whether
%   the game is over is gorogo_over/3's question, not this one's.
gorogo_refusal(State, Move, Code) :-
    once(refusal_(State, Move, Code)).

refusal_(_, place(_, R, C), bad_pos) :-
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
    in_hand(State, 0, _).
refusal_(State, place(regular, R, C), suicide) :-
    \+ gorogo_place(State, place(regular, R, C), _).

in_hand(gorogo(_, Side, Hand, _, play), R, H) :-
    side_hand(Side, Hand, R, H).

side_hand(b, hand(R, H, _, _), R, H).
side_hand(w, hand(_, _, R, H), R, H).

%!  gorogo_over(+State, -Winner, -Reason) is semidet.
%
%   The game State is over and Winner (b or w) has won.  Reason is captures
%   (every piece is placed: more captures wins, a tie goes to White) or
%   no_legal_move (the player to move cannot place anything and loses).
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

%   state_pos(+State, -Pos): Pos is the mover's view of the play-phase State;
%   pos_state(+Pos, -State) goes back.
state_pos(gorogo(Board, Side, Hand, Caps, play), Pos) :-
    board_masks(Board, B, W, H),
    side_pos(Side, B, W, H, Hand, Caps, Pos).

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

%   bit_point(?X, ?R, ?C): X is the one-bit mask of the point R, C.
bit_point(X, R, C) :-
    (   integer(X)
    ->  I is lsb(X),
        R is I // 5,
        C is I mod 5
    ;   X is 1 << (5*R + C)
    ).

all_points(0x1FFFFFF).

%   neighbours(+Mask, -N): N is the points next to some point of Mask.  A
%   shift by one must not wrap round a row: the shifted masks lose column 0
%   (0x1EF7BDE is every point but column 0) or column 4 (0xF7BDEF).
neighbours(M, N) :-
    N is ((M << 1) /\ 0x1EF7BDE) \/ ((M >> 1) /\ 0xF7BDEF)
       \/ ((M << 5) /\ 0x1FFFFFF) \/ (M >> 5).

%   point_neighbours(?X, ?N): N is neighbours/2 of the one-point mask X, as
%   25 facts made when this file is compiled.
term_expansion(point_neighbours_table, Facts) :-
    findall(point_neighbours(X, N),
            ( between(0, 24, I), X is 1 << I, neighbours(X, N) ),
            Facts).

point_neighbours_table.

%   grow_within(+Seed, +Within, -Region): Region is the points of Within
%   connected to Seed (a part of Within).
grow_within(Seed, Within, Region) :-
    Seed1 is (Seed \/ ((Seed << 1) /\ 0x1EF7BDE) \/ ((Seed >> 1) /\ 0xF7BDEF)
              \/ ((Seed << 5) /\ 0x1FFFFFF) \/ (Seed >> 5)) /\ Within,
    (   Seed1 =:= Seed
    ->  Region = Seed
    ;   grow_within(Seed1, Within, Region)
    ).

%   dead_stones(+Stones, +Empty, -Dead): Dead is every piece of Stones whose
%   group (connected within Stones) has no point of Empty next to it.
dead_stones(Stones, Empty, Dead) :-
    neighbours(Empty, N),
    Seed is Stones /\ N,
    grow_within(Seed, Stones, Alive),
    Dead is Stones xor Alive.

%   pos_moves(+Pos, -Moves): Moves are the legal placements m(Piece, X, Dead)
%   of the mover, X the point and Dead the opponent pieces it captures.
%   Without a regular piece in hand nothing can be placed (the last piece
%   may not be a Henge).
pos_moves(p(_, Me, Op, He, MyR, MyH, _, _, _, _), Moves) :-
    (   MyR =:= 0
    ->  Moves = []
    ;   all_points(All),
        Empty is All xor (Me \/ Op \/ He),
        dead_stones(Op, Empty, Pending),
        empty_moves(Empty, c(Me, Op, He, MyH, Empty, Pending), Moves)
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
point_moves(X, c(Me, Op, He, MyH, Empty, Pending), Ms0, Ms) :-
    Empty1 is Empty xor X,
    point_neighbours(X, NX),
    (   NX /\ Op =:= 0
    ->  Dead = Pending
    ;   dead_stones(Op, Empty1, Dead)
    ),
    (   regular_breathes(X, NX, Me \/ He, Empty1, Dead)
    ->  Ms0 = [m(regular, X, Dead)|Ms1]
    ;   Ms0 = Ms1
    ),
    (   MyH > 0
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

%   pos_child(+Pos0, +Piece, +X, +Dead, -Pos): Pos is Pos0 after the mover
%   places Piece on X capturing Dead, seen by the next player.
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
                 *      THE MACHINE PLAYER      *
                 *******************************/

%   Tuning constants.  endgame_plies/1: search to the end when at most this
%   many placements remain (see "The machine player" above).
win_score(10000).
endgame_plies(9).
capture_value(100).
atari_value(30).

%!  gorogo_best_move(+State, +Depth, -Move) is semidet.
%
%   Move is the machine's placement for the player to move: a search Depth
%   placements deep, or to the end of the game when few placements remain.
%   Fails if the game is over.
gorogo_best_move(State, Depth, Move) :-
    gorogo_best_move(State, Depth, Move, _).

%!  gorogo_best_move(+State, +Depth, -Move, -Nodes) is semidet.
%
%   As gorogo_best_move/3; Nodes is the number of positions searched.
gorogo_best_move(State, Depth, Move, Nodes) :-
    must_be(positive_integer, Depth),
    root_children(State, Children),
    Children \== [],
    remaining(State, Left),
    endgame_plies(Endgame),
    (   Left =< max(Endgame, Depth)
    ->  solve(Children, Left, Depth, Move, Nodes)
    ;   deepening(Children, Depth, 0, Move, Nodes)
    ).

%   solve(+Children, +Left, +Depth, -Move, -Nodes): searches to the end of
%   the game, Left placements.  In a lost position every move loses against
%   perfect play, and the search returns the first one: choose instead by a
%   search one placement shallower, which sets the opponent the hardest task.
solve(Children, Left, Depth, Move, Nodes) :-
    empty_assoc(TT),
    root_search(Children, Left, none, Value, Best, t(TT, 0), t(_, Nodes0)),
    win_score(Win),
    Shallower is min(Depth, Left - 1),
    (   ( Value >= Win ; Shallower < 1 )
    ->  Move = Best,
        Nodes = Nodes0
    ;   deepening(Children, Shallower, Nodes0, Move, Nodes)
    ).

%   deepening(+Children, +Depth, +Nodes0, -Move, -Nodes): iterative
%   deepening from 1 to Depth placements with a new transposition table.
deepening(Children, Depth, Nodes0, Move, Nodes) :-
    empty_assoc(TT),
    deepen(1, Depth, Children, none, t(TT, Nodes0), Move, t(_, Nodes)).

remaining(gorogo(_, _, hand(BR, BH, WR, WH), _, Phase), Left) :-
    phase_extra(Phase, Extra),
    Left is BR + BH + WR + WH + Extra.

phase_extra(opening_henge, 1).
phase_extra(play, 0).

%   root_children(+State, -Children): r(Key, Move, Pos) for each legal Move,
%   Pos the position after it and Key its ordering key.
root_children(State, Children) :-
    State = gorogo(_, _, _, _, Phase),
    root_children_(Phase, State, Children).

root_children_(opening_henge, State, Children) :-
    findall(r(0, Move, Pos),
            ( gorogo_legal(State, Move),
              canonical_opening(Move),
              gorogo_place(State, Move, State1),
              state_pos(State1, Pos) ),
            Children).
root_children_(play, State, Children) :-
    state_pos(State, Pos0),
    pos_moves(Pos0, Moves),
    findall(r(Key, place(Piece, R, C), Pos),
            ( member(M, Moves),
              M = m(Piece, X, Dead),
              move_key(Pos0, M, Key),
              bit_point(X, R, C),
              pos_child(Pos0, Piece, X, Dead, Pos) ),
            Children).

%   On the empty board every point is like one of these six under the
%   board's eight symmetries.
canonical_opening(place(henge, R, C)) :-
    R =< C,
    C =< 2.

deepen(Depth, MaxDepth, Children, Hint, T0, Move, T) :-
    root_search(Children, Depth, Hint, Value, Best, T0, T1),
    win_score(Win),
    (   ( Depth >= MaxDepth ; abs(Value) >= Win )
    ->  Move = Best,
        T = T1
    ;   Depth1 is Depth + 1,
        deepen(Depth1, MaxDepth, Children, Best, T1, Move, T)
    ).

root_search(Children, Depth, Hint, Value, Best, T0, T) :-
    maplist(root_keyed(Hint), Children, Keyed),
    sort(1, @>=, Keyed, Ordered),
    Ordered = [r(_, First, _)|_],
    win_score(Win),
    Alpha is -Win,
    Depth1 is Depth - 1,
    root_moves(Ordered, Depth1, Alpha, Win, First, Value, Best, T0, T).

root_keyed(Hint, r(Key, Move, Pos), r(Key1, Move, Pos)) :-
    (   Move == Hint
    ->  Key1 is Key + 1000000
    ;   Key1 = Key
    ).

root_moves([], _, Alpha, _, Best, Alpha, Best, T, T).
root_moves([r(_, Move, Pos)|Rs], Depth, Alpha, Beta, Best0, Value, Best, T0, T) :-
    NAlpha is -Beta,
    NBeta is -Alpha,
    negamax(Pos, Depth, NAlpha, NBeta, V0, T0, T1),
    V is -V0,
    (   V >= Beta
    ->  Value = Beta, Best = Move, T = T1
    ;   V > Alpha
    ->  root_moves(Rs, Depth, V, Beta, Move, Value, Best, T1, T)
    ;   root_moves(Rs, Depth, Alpha, Beta, Best0, Value, Best, T1, T)
    ).

%   negamax(+Pos, +Depth, +Alpha, +Beta, -Value, +T0, -T): Value is Pos's
%   worth for the mover, Depth placements deep, within [Alpha, Beta] (a bound
%   outside it).  T is t(Table, Nodes), the transposition table and a count.
negamax(Pos, Depth, Alpha, Beta, Value, t(TT0, N0), T) :-
    N1 is N0 + 1,
    (   Depth =:= 0, can_place(Pos)
    ->  evaluate(Pos, Value),
        T = t(TT0, N1)
    ;   pos_moves(Pos, Moves),
        negamax_(Moves, Pos, Depth, Alpha, Beta, Value, t(TT0, N1), T)
    ).

negamax_([], Pos, _, _, _, Value, T, T) :-
    terminal_value(Pos, Value).
negamax_([M|Ms], Pos, Depth, Alpha, Beta, Value, t(TT0, N0), T) :-
    (   Depth =:= 0
    ->  evaluate(Pos, Value),
        T = t(TT0, N0)
    ;   pos_key(Pos, Key),
        (   get_assoc(Key, TT0, e(D0, Flag0, V0, Hint))
        ->  true
        ;   D0 = -1, Hint = none
        ),
        (   D0 >= Depth,
            table_cut(Flag0, V0, Alpha, Beta)
        ->  Value = V0,
            T = t(TT0, N0)
        ;   order_moves([M|Ms], Pos, Hint, Ordered),
            Ordered = [First|_],
            Depth1 is Depth - 1,
            search_moves(Ordered, Pos, Depth1, Alpha, Beta, First, Value, Best,
                         t(TT0, N0), t(TT1, N)),
            value_flag(Value, Alpha, Beta, Flag),
            stored_depth(Flag, Value, Depth, Stored),
            Best = m(BP, BX, _),
            put_assoc(Key, TT1, e(Stored, Flag, Value, m(BP, BX)), TT),
            T = t(TT, N)
        )
    ).

search_moves([], _, _, Alpha, _, Best, Alpha, Best, T, T).
search_moves([M|Ms], Pos, Depth, Alpha, Beta, Best0, Value, Best, T0, T) :-
    M = m(Piece, X, Dead),
    pos_child(Pos, Piece, X, Dead, Child),
    NAlpha is -Beta,
    NBeta is -Alpha,
    negamax(Child, Depth, NAlpha, NBeta, V0, T0, T1),
    V is -V0,
    (   V >= Beta
    ->  Value = Beta, Best = M, T = T1
    ;   V > Alpha
    ->  search_moves(Ms, Pos, Depth, V, Beta, M, Value, Best, T1, T)
    ;   search_moves(Ms, Pos, Depth, Alpha, Beta, Best0, Value, Best, T1, T)
    ).

table_cut(exact, _, _, _).
table_cut(lower, V, _, Beta) :- V >= Beta.
table_cut(upper, V, Alpha, _) :- V =< Alpha.

value_flag(V, Alpha, Beta, Flag) :-
    (   V =< Alpha -> Flag = upper
    ;   V >= Beta  -> Flag = lower
    ;   Flag = exact
    ).

%   A proven win or loss holds at any depth.
stored_depth(Flag, Value, Depth, Stored) :-
    win_score(Win),
    (   ( Flag == lower, Value >= Win ; Flag == upper, Value =< -Win )
    ->  Stored = 1000
    ;   Stored = Depth
    ).

pos_key(p(_, Me, Op, He, MyR, MyH, OpR, OpH, MyC, OpC),
        k(Me, Op, He, MyR, MyH, OpR, OpH, Margin)) :-
    Margin is MyC - OpC.

%   can_place(+Pos): a quick test that the mover has a legal placement: a
%   Henge (there is always an empty point) or a regular piece next to an
%   empty point.  When it fails, pos_moves/2 decides.
can_place(p(_, Me, Op, He, MyR, MyH, _, _, _, _)) :-
    MyR > 0,
    (   MyH > 0
    ->  true
    ;   all_points(All),
        Empty is All xor (Me \/ Op \/ He),
        neighbours(Empty, N),
        N /\ Empty =\= 0
    ).

%   terminal_value(+Pos, -Value): the mover cannot place: the game is over.
terminal_value(p(Side, _, _, _, MyR, MyH, OpR, OpH, MyC, OpC), Value) :-
    win_score(Win),
    (   MyR + MyH + OpR + OpH =:= 0
    ->  (   MyC > OpC -> Value = Win
        ;   MyC < OpC -> Value is -Win
        ;   Side == w -> Value = Win
        ;   Value is -Win
        )
    ;   Value is -Win
    ).

order_moves(Moves, Pos, Hint, Ordered) :-
    maplist(hinted_key(Pos, Hint), Moves, Keyed),
    keysort_desc(Keyed, Ordered).

hinted_key(Pos, Hint, M, Key-M) :-
    move_key(Pos, M, Key0),
    M = m(P, X, _),
    (   Hint = m(P, X)
    ->  Key is Key0 + 1000000
    ;   Key = Key0
    ).

%   move_key(+Pos, +Move, -Key): captures first, then contact with opponent
%   pieces, then regular pieces before Henge (which are worth keeping).
move_key(p(_, _, Op, _, _, _, _, _, _, _), m(Piece, X, Dead), Key) :-
    point_neighbours(X, NX),
    piece_key(Piece, PK),
    Key is 100*popcount(Dead) + 10*popcount(NX /\ Op) + PK.

piece_key(regular, 1).
piece_key(henge, 0).

%   keysort_desc(+Pairs, -Values): the values of Key-Value Pairs by
%   descending Key, in their order when the keys are equal.
keysort_desc(Pairs, Values) :-
    sort(1, @>=, Pairs, Sorted),
    pairs_values(Sorted, Values).

%   evaluate(+Pos, -Value): the mover's prospects.  Opponent pieces already
%   without an empty neighbour fall at the mover's next placement, so they
%   count as captured; groups with one empty neighbour are threats.
evaluate(p(_, Me, Op, He, _, _, _, _, MyC, OpC), Value) :-
    all_points(All),
    Empty is All xor (Me \/ Op \/ He),
    dead_stones(Op, Empty, Pending),
    Op1 is Op xor Pending,
    atari_stones(Op1, Empty, OpAtari),
    atari_stones(Me, Empty, MyAtari),
    capture_value(CV),
    atari_value(AV),
    Value is CV*(MyC - OpC + popcount(Pending)) + AV*(OpAtari - MyAtari).

%   atari_stones(+Stones, +Empty, -N): N pieces of Stones are in groups with
%   exactly one empty neighbour.
atari_stones(Stones, Empty, N) :-
    atari_stones_(Stones, Stones, Empty, 0, N).

atari_stones_(Left, Stones, Empty, N0, N) :-
    (   Left =:= 0
    ->  N = N0
    ;   Seed is Left /\ (-Left),
        grow_within(Seed, Stones, Group),
        neighbours(Group, NG),
        (   popcount(NG /\ Empty) =:= 1
        ->  N1 is N0 + popcount(Group)
        ;   N1 = N0
        ),
        Left1 is Left xor Group,
        atari_stones_(Left1, Stones, Empty, N1, N)
    ).

                 /*******************************
                 *         THE PROTOCOL         *
                 *******************************/

%   A game of the web protocol is gorogo_game(Options, State, Last):
%   Options is options(Black, White, Depth), Black and White human or machine
%   and Depth the machine's search depth; Last is none or
%   last(Side, Piece, R, C, Captured), Captured a list of [R, C].

tablero:game(gorogo).

tablero:game_new(gorogo, Options, gorogo_game(options(Black, White, Depth), State, none)) :-
    dict_pairs(Options, _, Pairs),
    forall(member(Key-_, Pairs), known_option(Key)),
    option_player(black, Options, "human", Black),
    option_player(white, Options, "machine", White),
    option_depth(Options, Depth),
    gorogo_initial(State).

known_option(Key) :-
    (   memberchk(Key, [black, white, depth])
    ->  true
    ;   format(string(Msg), "Unknown option ~w: the options are black, white and depth", [Key]),
        throw(tablero(invalid, bad_option, Msg))
    ).

option_player(Key, Options, Default, Player) :-
    get_dict_default(Key, Options, Default, Value),
    (   player_name(Player, Value)
    ->  true
    ;   format(string(Msg), "Option ~w must be \"human\" or \"machine\"", [Key]),
        throw(tablero(invalid, bad_option, Msg))
    ).

option_depth(Options, Depth) :-
    default_depth(Default),
    get_dict_default(depth, Options, Default, Depth),
    (   integer(Depth), between(1, 8, Depth)
    ->  true
    ;   throw(tablero(invalid, bad_option, "Option depth must be an integer from 1 to 8"))
    ).

default_depth(4).

get_dict_default(Key, Dict, Default, Value) :-
    (   get_dict(Key, Dict, Value0)
    ->  Value = Value0
    ;   Value = Default
    ).

player_name(human, "human").
player_name(machine, "machine").

piece_name(regular, "regular").
piece_name(henge, "henge").

tablero:game_act(gorogo, gorogo_game(Options, State0, _), Action,
                 gorogo_game(Options, State, Last), Explain) :-
    action_move(Action, State0, Move),
    move_query(State0, Move, Query),
    (   gorogo_over(State0, _, _)
    ->  refuse(game_over, "gorogo_over(State, Winner, Reason)"-"true")
    ;   gorogo_refusal(State0, Move, Code)
    ->  format(string(Answer), "false: ~w", [Code]),
        refuse(Code, Query-Answer)
    ;   true
    ),
    gorogo_place(State0, Move, State),
    last_move(State0, Move, State, Last),
    explain(State0, Query, State, Last, Explain).

%   move_query(+State, +Move, -Query): Move as the report's jogada/3 query.
move_query(gorogo(_, Side, _, _, _), place(Piece, R, C), Query) :-
    side_code(Side, Player),
    piece_code(Piece, Player, Code),
    format(string(Query), "jogada(~w, ~w, ~w)", [Code, R, C]).

action_move(Action, State0, place(Piece, R, C)) :-
    (   get_dict(kind, Action, "place")
    ->  true
    ;   throw(tablero(invalid, bad_action, "An action is {\"kind\":\"place\", \"piece\":\"regular\"|\"henge\", \"pos\":[R,C]}"))
    ),
    (   get_dict(piece, Action, Name)
    ->  (   piece_name(Piece, Name)
        ->  true
        ;   throw(tablero(invalid, bad_action, "The piece must be \"regular\" or \"henge\""))
        )
    ;   State0 = gorogo(_, _, _, _, opening_henge)
    ->  Piece = henge
    ;   Piece = regular
    ),
    (   get_dict(pos, Action, [R, C]), integer(R), integer(C)
    ->  true
    ;   throw(tablero(invalid, bad_pos, "The position must be a list [Row, Col] of two integers"))
    ).

refuse(Code, Explain) :-
    gorogo_refusal_message(Code, Msg),
    (   Code == bad_pos -> Kind = invalid ; Kind = refused ),   % off the board: HTTP 400, as in Go
    throw(tablero(Kind, Code, Msg, [Explain])).

%!  gorogo_refusal_message(?Code, ?Message) is nondet.
%
%   Message is the English sentence for the refusal Code of gorogo_refusal/3,
%   or game_over.
gorogo_refusal_message(game_over, "The game is over").
gorogo_refusal_message(bad_pos, "That point is off the board: rows and columns go from 0 to 4").
gorogo_refusal_message(occupied, "That point is already taken").
gorogo_refusal_message(henge_first, "White's first placement is the surplus Henge").
gorogo_refusal_message(no_regular_left, "You have no regular piece left").
gorogo_refusal_message(no_henge_left, "You have no Henge left").
gorogo_refusal_message(last_piece_henge, "A Henge may not be your last piece: keep a regular piece in hand").
gorogo_refusal_message(suicide, "A regular piece may not go where its group has no empty neighbour, unless it captures").

last_move(gorogo(Board0, Side, _, _, _), place(Piece, R, C), gorogo(Board, _, _, _, _),
          last(Side, Piece, R, C, Captured)) :-
    findall([R1, C1], ( cell(Board0, R1, C1, V0), V0 =\= 0, cell(Board, R1, C1, 0) ),
            Captured).

explain(gorogo(_, Side, _, _, _), Q1, State, last(_, _, _, _, Captured),
        [Q1-"true", Q2-A2|Over]) :-
    side_code(Side, Player),
    format(string(Q2), "updateTable(Board, ~w)", [Player]),
    length(Captured, N),
    (   N =:= 0
    ->  A2 = "true: no capture"
    ;   format(string(A2), "true: captures ~w at ~w", [N, Captured])
    ),
    (   gorogo_over(State, Winner, Reason)
    ->  format(string(A3), "Winner = ~w, Reason = ~w", [Winner, Reason]),
        Over = ["gorogo_over(State, Winner, Reason)"-A3]
    ;   Over = []
    ).

tablero:game_view(gorogo, gorogo_game(options(Black, White, Depth), State, Last), View) :-
    State = gorogo(Board, Side, hand(BR, BH, WR, WH), captures(CB, CW), Phase),
    maplist(row_text, Board, Rows),
    findall([R, C], gorogo_legal(State, place(regular, R, C)), LegalRegular),
    findall([R, C], gorogo_legal(State, place(henge, R, C)), LegalHenge),
    player_name(Black, BName),
    player_name(White, WName),
    last_json(Last, LastJSON),
    outcome(State, Over, Winner, Result, Reason),
    status(State, Status),
    View = _{ board: Rows, to_move: Side, phase: Phase,
              in_hand: _{ b: _{regular: BR, henge: BH}, w: _{regular: WR, henge: WH} },
              captures: _{b: CB, w: CW},
              last: LastJSON,
              legal: _{regular: LegalRegular, henge: LegalHenge},
              status: Status, over: Over, winner: Winner, result: Result,
              result_reason: Reason,
              players: _{b: BName, w: WName}, depth: Depth }.

row_text(Row, Text) :-
    maplist(code_char, Row, Chars),
    string_chars(Text, Chars).

code_char(0, '.').
code_char(1, 'B').
code_char(2, 'W').
code_char(3, 'H').

last_json(none, null).
last_json(last(Side, Piece, R, C, Captured),
          _{by: Side, piece: Piece, pos: [R, C], captured: Captured}).

outcome(State, Over, Winner, Result, Reason) :-
    (   gorogo_over(State, Winner, Reason)
    ->  Over = true,
        result_text(State, Winner, Reason, Result)
    ;   Over = false, Winner = null, Result = null, Reason = null
    ).

%   "B+2": Black won by 2 captures ("W+0": a tie, won by White); "W+F": White
%   won because Black had no legal placement.
result_text(gorogo(_, _, _, captures(CB, CW), _), Winner, Reason, Result) :-
    upcase_atom(Winner, W),
    (   Reason == captures
    ->  Margin is abs(CB - CW),
        format(string(Result), "~w+~w", [W, Margin])
    ;   format(string(Result), "~w+F", [W])
    ).

status(State, _{en: En, es: Es}) :-
    State = gorogo(_, Side, _, captures(CB, CW), Phase),
    (   gorogo_over(State, Winner, Reason)
    ->  over_status(Reason, Winner, CB, CW, En, Es)
    ;   Phase == opening_henge
    ->  En = "White: place the surplus Henge anywhere",
        Es = "Blanco: coloca la Henge sobrante donde quieras"
    ;   in_hand(State, R, H),
        colour_names(Side, EnName, EsName),
        format(string(En), "~w to place: ~w regular and ~w Henge in hand", [EnName, R, H]),
        format(string(Es), "Coloca ~w: ~w normales y ~w Henge en mano", [EsName, R, H])
    ).

over_status(captures, Winner, CB, CW, En, Es) :-
    colour_names(Winner, EnName, EsName),
    (   CB =:= CW
    ->  format(string(En), "White wins: ~w to ~w in captures, and a tie goes to White", [CB, CW]),
        format(string(Es), "Gana Blanco: ~w a ~w en capturas, y el empate es de Blanco", [CB, CW])
    ;   format(string(En), "~w wins on captures, ~w to ~w", [EnName, CB, CW]),
        format(string(Es), "Gana ~w por capturas, ~w a ~w", [EsName, CB, CW])
    ).
over_status(no_legal_move, Winner, _, _, En, Es) :-
    colour_names(Winner, EnName, EsName),
    other(Winner, Loser),
    colour_names(Loser, EnLoser, EsLoser),
    format(string(En), "~w wins: ~w has no legal placement", [EnName, EnLoser]),
    format(string(Es), "Gana ~w: ~w no tiene colocación legal", [EsName, EsLoser]).

colour_names(b, "Black", "Negro").
colour_names(w, "White", "Blanco").

tablero:game_machine(gorogo, gorogo_game(options(_, _, Depth), State, _),
                     _{kind: "place", piece: Name, pos: [R, C]}) :-
    gorogo_best_move(State, Depth, place(Piece, R, C)),
    piece_name(Piece, Name).

                 /*******************************
                 *          THE DISPLAY         *
                 *******************************/

%!  print_state(+Board) is det.
%
%   Writes Board as the text board of the report, with the row and column
%   numbers around it.
print_state(Board) :-
    format("    0   1   2   3   4~n  +---+---+---+---+---+~n"),
    forall(nth0(R, Board, Row),
           ( maplist(convert, Row, Letters),
             format("~w | ~w | ~w | ~w | ~w | ~w |~n  +---+---+---+---+---+~n",
                    [R|Letters]) )).

% Examples: paste into swipl after ?- use_module(prolog/gorogo).
%
%?- gamestate(B), convert(3, L).
%@ B = [[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]], L = 'H'.
%
%?- gorogo_initial(S0), gorogo_place(S0, place(henge, 2, 2), S1),
%   gorogo_place(S1, place(regular, 0, 0), gorogo(B, ToMove, Hand, _, _)).
%@ B = [[1,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%@ ToMove = w, Hand = hand(9,2,10,2).
%
%?- gorogo_initial(S0), gorogo_refusal(S0, place(regular, 2, 2), Code).
%@ Code = henge_first.
%
%?- gorogo_set_current(gorogo([[1,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                             w, hand(9,2,10,2), captures(0,0), play)),
%   jogada(2, 0, 1), jogada(1, 1, 1), jogada(2, 1, 0), gorogo_current(S).
%@ S = gorogo([[0,2,0,0,0],[2,1,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%@            b, hand(8,2,8,2), captures(0,1), play).
%
%?- gorogo_place(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,3,0],[0,0,1,0,0],[0,0,0,0,0]],
%                       w, hand(5,2,5,2), captures(0,0), play),
%                place(regular, 2, 2), gorogo([_, _, Row2|_], _, _, _, _)).
%@ Row2 = [0,1,2,3,0].
%
%?- gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,1,0],[0,0,1,0,0],[0,0,0,0,0]],
%                         w, hand(5,2,5,2), captures(0,0), play),
%                  place(regular, 2, 2), Code).
%@ Code = suicide.
%
%?- gorogo_over(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                      b, hand(0,1,0,1), captures(3,0), play), Winner, Reason).
%@ Winner = w, Reason = no_legal_move.
%
%?- gorogo_best_move(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                           w, hand(9,2,9,2), captures(0,0), play), 2, Move).
%@ Move = place(regular,1,0).
