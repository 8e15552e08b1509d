:- module(molinolog_search,
          [ search_moves/5,         % +State, +Moves, +Depth, -IMove, -Nodes
            static_value/2          % +State, -Score
          ]).

/** <module> Molinolog: the machine player's search (negamax, alpha-beta)

Start reading at prolog/molinolog.pl (the entry module).  This module holds
the search behind best_move/3 and state_value/2 of molinolog_machine:
negamax with alpha-beta over whole turns, the static value it ends in, and
a move generator of its own.  molinolog_machine chooses the moves of the
root and their order; this module values them.  The root plays them with
i_play/3 of molinolog_rules; below it the search generates and plays the
same moves itself on the bit sets of molinolog_board (gen_moves/7,
play/14; a test checks that gen_moves/7 lists exactly i_moves/2's moves).

## The state it reads

The rules state, molinolog(Rules, Black, White, ToMove, Hand, Pending,
Quiet, History) (in full in prolog/molinolog/rules.pl); below the root a
position is taken apart into arguments (see node/15).  Nothing here is
dynamic: the tables (the board's and t_pairs/3) are built at load time.

## The search

The move order below the root (node/15) only decides how much of the tree
is cut off.  static_value/2 weighs pieces, closed mills, open twos, blocked
pieces and mobility (weights/5); a won game is worth more the sooner it
comes.  The evaluation (leaf/10) is one clause of arithmetic on whole bit
sets, compiled to virtual machine instructions (the optimise flag, below);
it is where most of the time goes.  bench/molinolog_ai.py measures the
search against the previous one, kept there.
*/

%   Arithmetic is compiled to virtual machine instructions in this file
%   only (the flag is local to a source file): the search spends most of
%   its time on bit-set arithmetic.
:- set_prolog_flag(optimise, true).
:- use_module(library(lists)).
:- use_module(board).
:- use_module(rules).

%   Tuning constants of the evaluation (per piece, closed mill, open two,
%   blocked piece, free move) and the value of a won game.
weights(1000, 40, 25, 15, 4).
win_value(100000).
infinity(1000000).

%!  static_value(+State, -Score) is det.
%
%   Score is the value the search gives State at a leaf, for the player to
%   move: state_value/2 of molinolog_machine (see leaf/10).
%
%   ?- position_state(1, [], [(n,1)-b, (s,1)-b, (e,2)-b, (w,2)-b,
%                             (n,2)-w, (s,2)-w, (e,1)-w], b, 0-0, _S),
%      static_value(_S, V).
%   V = 1012.
static_value(S, Score) :-
    S = molinolog(_, B, W, C, hand(NB, NW), _, Q, [_|Keys]),
    search_env(S, Env),
    leaf(Env, C, B, W, NB, NW, Q, Keys, 0, Score).

%!  search_moves(+State, +Moves, +Depth, -IMove, -Nodes) is semidet.
%
%   IMove is the first best of Moves (i_moves/2's moves of State, in the
%   order to search them) by negamax with alpha-beta to Depth turns (a
%   positive integer); Nodes counts the positions visited, as
%   best_move_nodes/4 of molinolog_machine says.  Fails if Moves is [].
%
%   ?- molinolog_initial(2, _S), i_moves(_S, _Ms),
%      search_moves(_S, _Ms, 1, M, N).
%   M = pl(8),
%   N = 25.
search_moves(S, Ms, Depth, Best, Nodes) :-
    Ms = [First|_],
    search_env(S, Env),
    infinity(Inf),
    Alpha is -Inf,
    D1 is Depth - 1,
    root(Ms, S, Env, D1, Alpha, First, Best, 1, Nodes).

%   search_env(+State, -Env): what the search reads of the board, once per
%   search: env(T, ProtectMills, AllPoints, Spokes, Starts) (t_full/2,
%   t_masks/3).
search_env(molinolog(rules(T, Protect), _, _, _, _, _, _, _),
           env(T, Protect, Full, Spokes, Start)) :-
    t_full(T, Full),
    t_masks(T, Spokes, Start).

root([], _, _, _, _, Best, Best, N, N).
root([M|Ms], S, Env, D, Alpha, Best0, Best, N0, N) :-
    i_play(S, M, S1),
    S1 = molinolog(_, B, W, C, hand(NB, NW), _, Q, [_|Keys]),
    infinity(Inf),
    NegInf is -Inf,
    Beta is -Alpha,
    node(D, Env, C, B, W, NB, NW, Q, Keys, 1, NegInf, Beta, V1, N0, N1),
    V is -V1,
    (   V > Alpha
    ->  root(Ms, S, Env, D, V, M, Best, N1, N)
    ;   root(Ms, S, Env, D, Alpha, Best0, Best, N1, N)
    ).

/*  The search below the root works on a position taken apart into
    arguments, not on the state term: C (the player to move), B and W (the
    bit sets), NB and NW (the pieces in hand), Q (the quiet turns) and Keys,
    the keys k(B, W, C) of the earlier positions that can come back (the
    state's History without its head, the key of this position; [] after a
    placement or a capture).  Env is search_env/2's.  Pending is always none
    below the root: the search plays whole turns.

    node(+Depth, +Env, +C, +B, +W, +NB, +NW, +Q, +Keys, +Ply, +Alpha, +Beta,
    -Value, +N0, -N) is negamax with fail-soft alpha-beta; Value is for C.
    N0/N count the positions visited.  Children are searched in this order:
    three turns or more above the leaves, by their static value (best for
    the mover first: sorting costs one evaluation per child, paid back by
    the cut-offs it brings high in the tree); one or two turns above the
    leaves, by class (captures, then moves onto a point where the opponent
    has two of a mill line, then the rest: the root's order), played one at
    a time (by_class/15).  The order changes how much of the tree is cut
    off, never a value: alpha-beta answers the minimax value whatever the
    order below the root, so the root's choice is that of a full minimax
    search with the root's own order breaking ties.
*/
node(D, Env, C, B, W, NB, NW, Q, Keys, Ply, Alpha, Beta, V, N0, N) :-
    N1 is N0 + 1,
    (   popcount(B) + NB =< 2
    ->  lost_value(b, C, Ply, V),
        N = N1
    ;   popcount(W) + NW =< 2
    ->  lost_value(w, C, Ply, V),
        N = N1
    ;   D =:= 0
    ->  leaf(Env, C, B, W, NB, NW, Q, Keys, Ply, V),
        N = N1
    ;   D =< 2
    ->  by_class(D, Env, C, B, W, NB, NW, Q, Keys, Ply, Alpha, Beta, V, N1, N)
    ;   gen_moves(Env, C, B, W, NB, NW, Moves),
        (   Moves == []
        ->  lost_value(C, C, Ply, V),
            N = N1
        ;   drawn(Q, Keys, B, W, C)
        ->  V = 0,
            N = N1
        ;   other(C, O),
            valued_children(Moves, Env, C, O, B, W, NB, NW, Q, Keys, Keyed),
            keysort(Keyed, Sorted),
            D1 is D - 1,
            Ply1 is Ply + 1,
            infinity(Inf),
            Best0 is -Inf,
            children(Sorted, D1, Env, O, Ply1, Alpha, Beta, Best0, V, N1, N)
        )
    ).

%   lost_value(+Loser, +C, +Ply, -V): the value for C of a game Loser lost
%   at Ply: the sooner, the better for the winner.
lost_value(Loser, C, Ply, V) :-
    win_value(Win),
    (   Loser == C
    ->  V is Ply - Win
    ;   V is Win - Ply
    ).

%   children(+Sorted, +D, +Env, +C, +Ply, +Alpha, +Beta, +Best0, -Best,
%   +N0, -N): the children (Key-ch(B, W, NB, NW, Q, Keys), C to move in
%   them) searched in order until one refutes the parent (Alpha >= Beta).
children([], _, _, _, _, _, _, Best, Best, N, N).
children([_-ch(B, W, NB, NW, Q, Keys)|Cs], D, Env, C, Ply, Alpha, Beta, Best0, Best,
         N0, N) :-
    A1 is -Beta,
    B1 is -Alpha,
    node(D, Env, C, B, W, NB, NW, Q, Keys, Ply, A1, B1, V1, N0, N1),
    V is -V1,
    Best1 is max(Best0, V),
    Alpha1 is max(Alpha, V),
    (   Alpha1 >= Beta
    ->  Best = Best1,
        N = N1
    ;   children(Cs, D, Env, C, Ply, Alpha1, Beta, Best1, Best, N1, N)
    ).

%   by_class(+D, +Env, +C, +B, +W, +NB, +NW, +Q, +Keys, +Ply, +Alpha, +Beta,
%   -V, +N0, -N): node/15 one or two turns (D) above the leaves.  No list
%   of moves is made: the children are played and searched one at a time,
%   class by class (captures, then blocking moves, then the rest; within a
%   class in generation order), until one refutes this position.  Comp(X)
%   (see completions/3) tells at once which empty points would close a mill
%   of X.
by_class(D, Env, C, B, W, NB, NW, Q, Keys, Ply, Alpha, Beta, V, N0, N) :-
    Env = env(T, Protect, Full, Spokes, Start),
    (   C == b
    ->  Own = B, Opp = W, Hand = NB
    ;   Own = W, Opp = B, Hand = NW
    ),
    capturable(Protect, T, Opp, Caps),
    Empty is Full /\ \ (B \/ W),
    completions(Own, Start, CompOwn0),
    CompOwn is CompOwn0 /\ Empty,
    (   no_moves(Caps, Hand, Own, Empty, Spokes, Env, C, B, W, NB, NW)
    ->  lost_value(C, C, Ply, V),
        N = N0
    ;   drawn(Q, Keys, B, W, C)
    ->  V = 0,
        N = N0
    ;   other(C, O),
        Ply1 is Ply + 1,
        D1 is D - 1,
        Ctx = ctx(Env, C, O, B, W, NB, NW, Q, Keys, Ply1, Beta, D1),
        infinity(Inf),
        Best0 is -Inf,
        (   Hand > 0
        ->  mill_places(CompOwn, Caps, Ctx, Alpha, Best0, N0, A1, Best1, N1)
        ;   TOE = T-Own-Empty,
            mill_moves(Own, TOE, CompOwn, Caps, Ctx, Alpha, Best0, N0, A1, Best1, N1)
        ),
        (   cut_off(Ctx, A1)
        ->  V = Best1,
            N = N1
        ;   completions(Opp, Start, CompOpp0),
            CompOpp is CompOpp0 /\ Empty,
            (   Hand > 0
            ->  Quiet is Empty /\ \ CompOwn,
                Block is Quiet /\ CompOpp,
                Rest is Quiet /\ \ CompOpp,
                places(Block, Ctx, A1, Best1, N1, A2, Best2, N2),
                places(Rest, Ctx, A2, Best2, N2, _, V, N)
            ;   Block is Empty /\ CompOpp,
                Rest is Empty /\ \ CompOpp,
                quiet_moves(Own, TOE, CompOwn, Block, Ctx, A1, Best1, N1, A2, Best2, N2),
                quiet_moves(Own, TOE, CompOwn, Rest, Ctx, A2, Best2, N2, _, V, N)
            )
        )
    ).

%   no_moves(+Caps, +Hand, +Own, +Empty, +Spokes, +Env, +C, +B, +W, +NB,
%   +NW): C has no whole turn.  While there is something to capture, C has
%   one if there is an empty point to place on (Hand > 0) or a piece with
%   an empty neighbour; with nothing to capture a turn that closes a mill
%   cannot end, and the list of moves decides.
no_moves(Caps, Hand, Own, Empty, Spokes, Env, C, B, W, NB, NW) :-
    (   Caps =:= 0
    ->  gen_moves(Env, C, B, W, NB, NW, [])
    ;   Hand > 0
    ->  Empty =:= 0
    ;   Free is ((((Empty >> 1) /\ 0x7F7F7F7F) \/ ((Empty << 7) /\ 0x80808080))
                \/ (((Empty << 1) /\ 0xFEFEFEFE) \/ ((Empty >> 7) /\ 0x01010101))
                \/ ((Empty >> 8) /\ Spokes) \/ ((Empty << 8) /\ Spokes)),
        Own /\ Free =:= 0
    ).

%   The loops below search the children of a by_class/15 position: each
%   threads Alpha, Best and the node count, and stops when Alpha >= Beta.
%   mill_places(+Points, +Caps, ...): place on each of Points (each closes
%   a mill) with each capture; places(+Points, ...): quiet placements.
mill_places(Is, Caps, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Is =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Is),
        Is1 is Is /\ (Is - 1),
        place_captures(Caps, I, Ctx, A0, B0, N0, A1, B1, N1),
        mill_places(Is1, Caps, Ctx, A1, B1, N1, A, Best, N)
    ).

place_captures(Ks, I, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Ks =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   K is lsb(Ks),
        Ks1 is Ks /\ (Ks - 1),
        child(Ctx, pl(I, K), A0, B0, N0, A1, B1, N1),
        place_captures(Ks1, I, Ctx, A1, B1, N1, A, Best, N)
    ).

places(Is, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Is =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Is),
        Is1 is Is /\ (Is - 1),
        child(Ctx, pl(I), A0, B0, N0, A1, B1, N1),
        places(Is1, Ctx, A1, B1, N1, A, Best, N)
    ).

%   mill_moves(+Fs, +T-Own-Empty, +CompOwn, +Caps, ...): the moves of the
%   pieces Fs that close a mill, with each capture.
mill_moves(Fs, TOE, CompOwn, Caps, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Fs =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Fs),
        Fs1 is Fs /\ (Fs - 1),
        TOE = T-Own-Empty,
        t_adj(T, I, Adj),
        Js is Adj /\ Empty /\ CompOwn,
        Own1 is Own xor (1 << I),
        mill_moves_from(Js, I, T, Own1, Caps, Ctx, A0, B0, N0, A1, B1, N1),
        mill_moves(Fs1, TOE, CompOwn, Caps, Ctx, A1, B1, N1, A, Best, N)
    ).

mill_moves_from(Js, I, T, Own1, Caps, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Js =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   J is lsb(Js),
        Js1 is Js /\ (Js - 1),
        t_pairs(T, J, Pairs),
        (   closes(Pairs, Own1)
        ->  move_captures(Caps, I, J, Ctx, A0, B0, N0, A1, B1, N1)
        ;   A1 = A0, B1 = B0, N1 = N0
        ),
        mill_moves_from(Js1, I, T, Own1, Caps, Ctx, A1, B1, N1, A, Best, N)
    ).

move_captures(Ks, I, J, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Ks =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   K is lsb(Ks),
        Ks1 is Ks /\ (Ks - 1),
        child(Ctx, mv(I, J, K), A0, B0, N0, A1, B1, N1),
        move_captures(Ks1, I, J, Ctx, A1, B1, N1, A, Best, N)
    ).

%   quiet_moves(+Fs, +T-Own-Empty, +CompOwn, +To, ...): the moves of the
%   pieces Fs to points of To that close no mill.
quiet_moves(Fs, TOE, CompOwn, To, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Fs =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   I is lsb(Fs),
        Fs1 is Fs /\ (Fs - 1),
        TOE = T-Own-_,
        t_adj(T, I, Adj),
        Js is Adj /\ To,
        Own1 is Own xor (1 << I),
        quiet_moves_from(Js, I, T, Own1, CompOwn, Ctx, A0, B0, N0, A1, B1, N1),
        quiet_moves(Fs1, TOE, CompOwn, To, Ctx, A1, B1, N1, A, Best, N)
    ).

quiet_moves_from(Js, I, T, Own1, CompOwn, Ctx, A0, B0, N0, A, Best, N) :-
    (   ( Js =:= 0 ; cut_off(Ctx, A0) )
    ->  A = A0, Best = B0, N = N0
    ;   J is lsb(Js),
        Js1 is Js /\ (Js - 1),
        (   CompOwn >> J /\ 1 =:= 1,
            t_pairs(T, J, Pairs),
            closes(Pairs, Own1)
        ->  A1 = A0, B1 = B0, N1 = N0
        ;   child(Ctx, mv(I, J), A0, B0, N0, A1, B1, N1)
        ),
        quiet_moves_from(Js1, I, T, Own1, CompOwn, Ctx, A1, B1, N1, A, Best, N)
    ).

cut_off(ctx(_, _, _, _, _, _, _, _, _, _, Beta, _), Alpha) :-
    Alpha >= Beta.

%   child(+Ctx, +Move, +Alpha0, +Best0, +N0, -Alpha, -Best, -N): plays Move
%   and searches the position it leads to (a leaf valued here, or node/15).
child(ctx(Env, P, C, B, W, NB, NW, Q, Keys, Ply, Beta, D), M, A0, B0, N0, A, Best, N) :-
    play(M, P, B, W, NB, NW, Q, Keys, B1, W1, NB1, NW1, Q1, Keys1),
    (   D =:= 0
    ->  N is N0 + 1,
        (   popcount(B1) + NB1 =< 2
        ->  lost_value(b, C, Ply, V1)
        ;   popcount(W1) + NW1 =< 2
        ->  lost_value(w, C, Ply, V1)
        ;   leaf(Env, C, B1, W1, NB1, NW1, Q1, Keys1, Ply, V1)
        )
    ;   A1 is -Beta,
        B2 is -A0,
        node(D, Env, C, B1, W1, NB1, NW1, Q1, Keys1, Ply, A1, B2, V1, N0, N)
    ),
    V is -V1,
    Best is max(B0, V),
    A is max(A0, V).

%   completions(+X, +Start, -Comp): the points (empty or not) whose two
%   partners on some mill line are both in X.  On a ring side (corner,
%   middle, corner) the middle needs both neighbours on its ring, a corner
%   the two points beyond it on either side; on a line across rings
%   (Start: its inner ends) a point needs the two others on its spoke.
completions(X, Start, Comp) :-
    R1 is ((X >> 1) /\ 0x7F7F7F7F) \/ ((X << 7) /\ 0x80808080),
    L1 is ((X << 1) /\ 0xFEFEFEFE) \/ ((X >> 7) /\ 0x01010101),
    R2 is ((R1 >> 1) /\ 0x7F7F7F7F) \/ ((R1 << 7) /\ 0x80808080),
    L2 is ((L1 << 1) /\ 0xFEFEFEFE) \/ ((L1 >> 7) /\ 0x01010101),
    Comp is (L1 /\ R1 /\ 0x55555555)
          \/ (((L1 /\ L2) \/ (R1 /\ R2)) /\ 0xAAAAAAAA)
          \/ ((X >> 8) /\ (X >> 16) /\ Start)
          \/ ((X << 8) /\ (X >> 8) /\ (Start << 8))
          \/ ((X << 8) /\ (X << 16) /\ (Start << 16)).

%   valued_children(+Moves, +Env, +P, +C, +B, +W, +NB, +NW, +Q, +Keys,
%   -Keyed): the positions after P's Moves as Value-ch(...) pairs, Value
%   the child's static value for C (its player to move), in Moves' order.
valued_children([], _, _, _, _, _, _, _, _, _, []).
valued_children([M|Ms], Env, P, C, B, W, NB, NW, Q, Keys,
                [V-ch(B1, W1, NB1, NW1, Q1, Keys1)|Cs]) :-
    play(M, P, B, W, NB, NW, Q, Keys, B1, W1, NB1, NW1, Q1, Keys1),
    leaf(Env, C, B1, W1, NB1, NW1, Q1, Keys1, 0, V),
    valued_children(Ms, Env, P, C, B, W, NB, NW, Q, Keys, Cs).

%   play(+Move, +C, +B, +W, +NB, +NW, +Q, +Keys, -B1, -W1, -NB1, -NW1, -Q1,
%   -Keys1): the position after C's whole turn Move (as i_play/3 does on
%   the state term).
play(pl(I), C, B, W, NB, NW, Q, _, B1, W1, NB1, NW1, Q1, []) :-
    Q1 is Q + 1,
    (   C == b
    ->  B1 is B \/ (1 << I), W1 = W, NB1 is NB - 1, NW1 = NW
    ;   W1 is W \/ (1 << I), B1 = B, NW1 is NW - 1, NB1 = NB
    ).
play(pl(I, K), C, B, W, NB, NW, _, _, B1, W1, NB1, NW1, 0, []) :-
    (   C == b
    ->  B1 is B \/ (1 << I), W1 is W xor (1 << K), NB1 is NB - 1, NW1 = NW
    ;   W1 is W \/ (1 << I), B1 is B xor (1 << K), NW1 is NW - 1, NB1 = NB
    ).
play(mv(I, J), C, B, W, NB, NW, Q, Keys, B1, W1, NB, NW, Q1, [k(B, W, C)|Keys]) :-
    Q1 is Q + 1,
    (   C == b
    ->  B1 is B xor ((1 << I) \/ (1 << J)), W1 = W
    ;   W1 is W xor ((1 << I) \/ (1 << J)), B1 = B
    ).
play(mv(I, J, K), C, B, W, NB, NW, _, _, B1, W1, NB, NW, 0, []) :-
    (   C == b
    ->  B1 is B xor ((1 << I) \/ (1 << J)), W1 is W xor (1 << K)
    ;   W1 is W xor ((1 << I) \/ (1 << J)), B1 is B xor (1 << K)
    ).

%   drawn(+Q, +Keys, +B, +W, +C): the position is drawn (100 quiet turns,
%   or its third occurrence), as drawn/2 of molinolog_rules.
drawn(Q, Keys, B, W, C) :-
    (   Q >= 100
    ->  true
    ;   Keys \== [],
        occurs_twice(Keys, k(B, W, C))
    ).

occurs_twice([K|Ks], Key) :-
    (   K == Key
    ->  memberchk(Key, Ks)
    ;   occurs_twice(Ks, Key)
    ).

%   leaf(+Env, +C, +B, +W, +NB, +NW, +Q, +Keys, +Ply, -V): the static value
%   for C (X below: C's pieces; Y: the opponent's): lost at Ply if C has
%   nothing in hand and no move, 0 if drawn, else the weighed features of
%   state_features/3 (molinolog_machine).  They are computed on whole bit
%   sets with the expressions of molinolog_board's empty_neighbours/5,
%   mobility/4 and lines/5, written out in one clause so that they compile
%   to arithmetic instructions: XR and XL have bit K set when X holds the
%   point next to K on its ring clockwise and anticlockwise (ER, EL: the
%   empty points), X1 and X2 when X holds the point one and two rings out.
leaf(env(_, _, Full, Spokes, Start), C, B, W, NB, NW, Q, Keys, Ply, V) :-
    (   C == b
    ->  X = B, Y = W, HX = NB, HY = NW
    ;   X = W, Y = B, HX = NW, HY = NB
    ),
    E is Full /\ \ (B \/ W),
    ER is ((E >> 1) /\ 0x7F7F7F7F) \/ ((E << 7) /\ 0x80808080),
    EL is ((E << 1) /\ 0xFEFEFEFE) \/ ((E >> 7) /\ 0x01010101),
    Out is (E >> 8) /\ Spokes,
    In is (E << 8) /\ Spokes,
    MobX is popcount(X /\ ER) + popcount(X /\ EL)
          + popcount(X /\ Out) + popcount(X /\ In),
    (   HX =:= 0,
        MobX =:= 0
    ->  win_value(Win),
        V is Ply - Win
    ;   drawn(Q, Keys, B, W, C)
    ->  V = 0
    ;   weights(WP, WM, W2, WB, WMob),
        Blocked is \ (ER \/ EL \/ Out \/ In),
        E1 is E >> 8,
        E2 is E >> 16,
        XR is ((X >> 1) /\ 0x7F7F7F7F) \/ ((X << 7) /\ 0x80808080),
        XL is ((X << 1) /\ 0xFEFEFEFE) \/ ((X >> 7) /\ 0x01010101),
        X1 is X >> 8,
        X2 is X >> 16,
        YR is ((Y >> 1) /\ 0x7F7F7F7F) \/ ((Y << 7) /\ 0x80808080),
        YL is ((Y << 1) /\ 0xFEFEFEFE) \/ ((Y >> 7) /\ 0x01010101),
        Y1 is Y >> 8,
        Y2 is Y >> 16,
        V is WP * (popcount(X) + HX - popcount(Y) - HY)
           + WM * ( popcount(XL /\ X /\ XR /\ 0x55555555)
                  + popcount(X /\ X1 /\ X2 /\ Start)
                  - popcount(YL /\ Y /\ YR /\ 0x55555555)
                  - popcount(Y /\ Y1 /\ Y2 /\ Start) )
           + W2 * ( popcount(((XL /\ X /\ ER) \/ (XR /\ ((XL /\ E) \/ (EL /\ X))))
                             /\ 0x55555555)
                  + popcount(((X /\ X1 /\ E2) \/ (X2 /\ ((X /\ E1) \/ (E /\ X1))))
                             /\ Start)
                  - popcount(((YL /\ Y /\ ER) \/ (YR /\ ((YL /\ E) \/ (EL /\ Y))))
                             /\ 0x55555555)
                  - popcount(((Y /\ Y1 /\ E2) \/ (Y2 /\ ((Y /\ E1) \/ (E /\ Y1))))
                             /\ Start) )
           + WB * ( popcount(Y /\ Blocked) - popcount(X /\ Blocked) )
           + WMob * ( MobX - popcount(Y /\ ER) - popcount(Y /\ EL)
                    - popcount(Y /\ Out) - popcount(Y /\ In) )
    ).

/*  gen_moves(+Env, +C, +B, +W, +NB, +NW, -Moves): the moves of a position
    below the root, in i_moves/2's order (points by bit index, lowest
    first; a turn that forms a mill once per capture): pl(I), pl(I, K),
    mv(I, J), mv(I, J, K).
*/
gen_moves(env(T, Protect, Full, _, Start), C, B, W, NB, NW, Moves) :-
    (   C == b
    ->  Own = B, Opp = W, Hand = NB
    ;   Own = W, Opp = B, Hand = NW
    ),
    capturable(Protect, T, Opp, Caps),
    Empty is Full /\ \ (B \/ W),
    completions(Own, Start, Comp0),
    Comp is Comp0 /\ Empty,
    (   Hand > 0
    ->  place_moves(Empty, Comp, Caps, Moves, [])
    ;   move_moves(Own, T, Own, Empty, Comp, Caps, Moves, [])
    ).

capturable(false, _, Opp, Opp).
capturable(true, T, Opp, Caps) :-
    mill_bits(T, Opp, InMills),
    Free is Opp /\ \ InMills,
    (   Free =:= 0
    ->  Caps = Opp
    ;   Caps = Free
    ).

place_moves(Es, Comp, Caps, Ms0, Ms) :-
    (   Es =:= 0
    ->  Ms0 = Ms
    ;   I is lsb(Es),
        Es1 is Es /\ (Es - 1),
        (   Comp >> I /\ 1 =:= 1
        ->  capture_moves(Caps, pl(I), Ms0, Ms1)
        ;   Ms0 = [pl(I)|Ms1]
        ),
        place_moves(Es1, Comp, Caps, Ms1, Ms)
    ).

move_moves(Fs, T, Own, Empty, Comp, Caps, Ms0, Ms) :-
    (   Fs =:= 0
    ->  Ms0 = Ms
    ;   I is lsb(Fs),
        Fs1 is Fs /\ (Fs - 1),
        t_adj(T, I, Adj),
        Js is Adj /\ Empty,
        Own1 is Own xor (1 << I),
        moves_from(Js, I, T, Own1, Comp, Caps, Ms0, Ms1),
        move_moves(Fs1, T, Own, Empty, Comp, Caps, Ms1, Ms)
    ).

%   moves_from(+Js, +I, +T, +Own1, ...): the moves of the piece on I to
%   the points Js; Own1 are the mover's other pieces.
moves_from(Js, I, T, Own1, Comp, Caps, Ms0, Ms) :-
    (   Js =:= 0
    ->  Ms0 = Ms
    ;   J is lsb(Js),
        Js1 is Js /\ (Js - 1),
        (   Comp >> J /\ 1 =:= 1,
            t_pairs(T, J, Pairs),
            closes(Pairs, Own1)
        ->  capture_moves(Caps, mv(I, J), Ms0, Ms1)
        ;   Ms0 = [mv(I, J)|Ms1]
        ),
        moves_from(Js1, I, T, Own1, Comp, Caps, Ms1, Ms)
    ).

%   capture_moves(+Caps, +Move, ...): Move (pl(I) or mv(I, J)) with each
%   capture of Caps: pl(I, K) or mv(I, J, K).
capture_moves(Ks, M, Ms0, Ms) :-
    (   Ks =:= 0
    ->  Ms0 = Ms
    ;   K is lsb(Ks),
        Ks1 is Ks /\ (Ks - 1),
        with_capture(M, K, MK),
        Ms0 = [MK|Ms1],
        capture_moves(Ks1, M, Ms1, Ms)
    ).

with_capture(pl(I), K, pl(I, K)).
with_capture(mv(I, J), K, mv(I, J, K)).

%   closes(+Pairs, +X): X holds both other points of a mill line through
%   the point whose Pairs these are.
closes([P|Ps], X) :-
    (   X /\ P =:= P
    ->  true
    ;   closes(Ps, X)
    ).

%   t_pairs(?T, ?I, -Pairs): for each mill line through point I of the
%   board of size T, the bit set of its two other points; computed at load
%   time from t_point_mills/3.
term_expansion(search_tables, Clauses) :-
    findall(t_pairs(T, I, Pairs),
            ( t_point_mills(T, I, Mills),
              findall(P, ( member(M, Mills), P is M xor (1 << I) ), Pairs) ),
            Clauses).

search_tables.
