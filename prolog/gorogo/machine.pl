:- module(gorogo_machine,
          [ gorogo_best_move/3,     % +State, +Depth, -Move
            gorogo_best_move/4,     % +State, +Depth, -Move, -Nodes
            gorogo_timed_move/4,    % +State, +Depth, +Seconds, -Move
            gorogo_timed_move/5,    % +State, +Depth, +Seconds, -Move, -Search
            remaining/2,            % +State, -Left
            endgame_plies/1         % -Plies
          ]).

/** <module> GoRoGo: the machine player

gorogo_best_move/4 is negamax with alpha-beta pruning (fail-hard), a
transposition table and move ordering; gorogo_timed_move/4 is the same
search with a time budget, which the web uses (protocol.pl: 5 s).  It
searches positions on bit masks, p(Side, Me, Op, He, MyR, MyH, OpR, OpH,
MyC, OpC) (documented in board.pl), with the move generator of rules.pl
(pos_moves/2, pos_child/5).  The table is
an AVL tree (library(assoc)) threaded through the search and new at every
call, so the search stays pure; its key is the position with the capture
difference in place of both captures (the hands tell whose turn it is).
Moves are tried with the table's best move first, then by captures, contact
with opponent pieces, and regular pieces before Henge.

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
- The rules' last-piece rule (rules.pl) is the move generator's: a mover
  holding one Henge and nothing else has no placement and loses
  (terminal_value/2), one holding two Henge may place one.

## How long a move takes: the depth the web offers

The worst position for the depth-limited search is Black's first placement,
on a board with only the surplus Henge: the most empty points.  CPU seconds
of gorogo_best_move/4 on this machine (2 shared cores, other work running),
White's opening Henge on the empty board and Black's first placement after a
Henge in the centre, a corner (0,0) and an edge (0,2):

    depth   opening   centre   corner   edge
      1     0.001     0.001    0.001    0.001
      2     0.002     0.007    0.006    0.006
      3     0.011     0.046    0.044    0.058
      4     0.086     0.30     0.47     0.45
      5     0.57      2.1      2.0      1.9
      6     3.4      11.0     11.0      9.4
      7    31       over 52 (stopped after 90 s of wall time)

Later placements take less as the board fills.  So the web protocol offers
depths 1 to 5 (protocol.pl; the terminal game too): no offered setting takes
more than a few seconds.  From 9 placements left the search goes to the end
whatever the depth.  In 12 positions reached by machine play (4 random
placements, then depth 2 on both sides) such a search took 1.1 s on average
and 3.8 s at most with 9 placements left, 3.4 s and 19 s with 10, hence 9.
bench/gorogo_ai.py prints the time of every machine move of its games (mean
and longest, depth-limited and to the end).

Whatever the load of the machine, gorogo_timed_move/4 keeps a placement to
a budget: it runs the searches of depth 1, 2, ... Depth and then the search
to the end (when due) one after the other, each under the time left, and
answers the placement of the last one that finished: gorogo_best_move/3's
own whenever the budget suffices.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(library(time), [alarm/4, install_alarm/1, remove_alarm/1]).
:- use_module(board).
:- use_module(rules).

% Arithmetic is compiled inline in this file (the flag is local to it).
:- set_prolog_flag(optimise, true).

%   Tuning constants (see the module header).
win_score(10000).
capture_value(100).
atari_value(30).

%!  endgame_plies(-Plies) is det.
%
%   The machine searches to the end of the game when at most Plies
%   placements remain.
%
%   ?- gorogo_machine:endgame_plies(Plies).
%   Plies = 9.
endgame_plies(9).

%!  gorogo_best_move(+State, +Depth, -Move) is semidet.
%
%   Move is the machine's placement for the player to move: a search Depth
%   placements deep, or to the end of the game when few placements remain.
%   Fails if the game is over.  White takes the black piece in the corner:
%
%   ?- gorogo_best_move(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                              w, hand(9,2,9,2), captures(0,0), play), 2, Move).
%   Move = place(regular,1,0).
gorogo_best_move(State, Depth, Move) :-
    gorogo_best_move(State, Depth, Move, _).

%!  gorogo_best_move(+State, +Depth, -Move, -Nodes) is semidet.
%
%   As gorogo_best_move/3; Nodes is the number of positions searched.
%   Holding only two Henge, Black places one (and loses, stuck with the
%   other, after White's placement):
%
%   ?- gorogo_best_move(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                              b, hand(0,2,0,2), captures(0,0), play), 3, Move, Nodes).
%   Move = place(henge,0,0),
%   Nodes = 120.
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

%!  gorogo_timed_move(+State, +Depth, +Seconds, -Move) is semidet.
%
%   Move is gorogo_best_move/3's placement when that search ends within
%   Seconds (of wall time); otherwise the placement of the deepest search
%   that did.  The searches run one after the other: depth 1 (always
%   finished, however long it takes), 2, ... up to Depth, then, when few
%   placements remain, the search to the end.  Fails if the game is over.
%
%   ?- gorogo_timed_move(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                               w, hand(9,2,9,2), captures(0,0), play), 2, 5, Move).
%   Move = place(regular,1,0).
gorogo_timed_move(State, Depth, Seconds, Move) :-
    gorogo_timed_move(State, Depth, Seconds, Move, _).

%!  gorogo_timed_move(+State, +Depth, +Seconds, -Move, -Search) is semidet.
%
%   As gorogo_timed_move/4; Search says which search gave Move:
%   best_move(D) when gorogo_best_move(State, D, Move) gives the same Move
%   (D is Depth when the budget sufficed, else the deepest search that
%   finished), or depth_only(D) when the search to the end did not finish
%   in time and Move is that of the depth-D search before it, which
%   gorogo_best_move/3 (searching to the end there) does not repeat.
%
%   ?- gorogo_timed_move(gorogo([[1,2,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],
%                               w, hand(9,2,9,2), captures(0,0), play), 2, 5, Move, Search).
%   Move = place(regular,1,0),
%   Search = best_move(2).
gorogo_timed_move(State, Depth, Seconds, Move, Search) :-
    must_be(positive_integer, Depth),
    must_be(number, Seconds),
    root_children(State, Children),
    Children \== [],
    get_time(Now),
    Deadline is Now + Seconds,
    remaining(State, Left),
    endgame_plies(Endgame),
    deepening(Children, 1, 0, Move1, _),
    Plies is min(Depth, Left),
    timed_deepening(2, Plies, Children, Deadline, Move1-1, Move2-D2),
    (   Left =< max(Endgame, Depth)
    ->  (   within(Deadline, solve(Children, Left, Depth, Move3, _))
        ->  Move = Move3,
            Search = best_move(Depth)
        ;   Move = Move2,
            Search = depth_only(D2)
        )
    ;   Move = Move2,
        Search = best_move(D2)
    ).

timed_deepening(D, Plies, Children, Deadline, Found0, Found) :-
    (   D =< Plies,
        within(Deadline, deepening(Children, D, 0, Move1, _))
    ->  D1 is D + 1,
        timed_deepening(D1, Plies, Children, Deadline, Move1-D, Found)
    ;   Found = Found0
    ).

%   within(+Deadline, :Goal): Goal succeeds before the time stamp Deadline.
%   Fails when time runs out; its own alarm, so a time limit around the
%   caller's goal (library(time)'s time_limit_exceeded) still goes through.
within(Deadline, Goal) :-
    get_time(Now),
    Time is Deadline - Now,
    Time > 0,
    catch(setup_call_cleanup(alarm(Time, throw(gorogo_time_budget), Id, [install(false)]),
                             ( install_alarm(Id), once(Goal) ),
                             remove_alarm(Id)),
          gorogo_time_budget,
          fail).

%!  remaining(+State, -Left) is det.
%
%   Left placements remain in the game State, the surplus Henge included.
%
%   ?- gorogo_machine:remaining(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                                      w, hand(10,2,10,2), captures(0,0), opening_henge), Left).
%   Left = 25.
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
            ( mask_legal(State, Move),
              canonical_opening(Move),
              mask_place(State, Move, State1),
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
%   Henge with another piece in hand (a mover with pieces in hand always has
%   an empty point) or a regular piece next to an empty point.  When it
%   fails, pos_moves/2 decides.
can_place(p(_, Me, Op, He, MyR, MyH, _, _, _, _)) :-
    (   MyH > 0, MyR + MyH >= 2
    ->  true
    ;   MyR > 0,
        all_points(All),
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
