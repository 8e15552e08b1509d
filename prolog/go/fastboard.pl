:- module(go_fastboard,
          [ fb_new/2,                % +Board, -FB
            fb_flat/3,               % +FB, -Width, -Flat
            fb_size/2,               % +FB, -N
            fb_index/3,              % +FB, ?Pos, ?I
            fb_points/2,             % +FB, -Is
            fb_cell/3,               % +FB, +I, -Cell
            fb_colour/2,             % ?Player, ?Colour
            fb_neighbours/3,         % +FB, +I, -Js
            fb_empties/2,            % +FB, -Is
            fb_legal/3,              % +FB, +Colour, +I
            fb_play/4,               % +FB, +Colour, +I, -Captured
            fb_eye/3,                % +FB, +Colour, +I
            fb_self_atari/3,         % +FB, +Colour, +I
            fb_liberties/4,          % +FB, +I, +Max, -Libs
            fb_atari/3,              % +FB, +I, -Liberty
            fb_captures/4,           % +FB, +Colour, +I, -J
            fb_chain/3,              % +FB, +I, -Stones
            fb_random_move/3,        % +FB, +Colour, -I
            fb_area/2                % +FB, -Score
          ]).

/** <module> Go: a board that changes in place, for the machine's reading

Start reading at prolog/go.pl (the entry module).  The machine player
(go_player) reads thousands of moves ahead per turn: trying a move on the
rules' board (lists of rows, go_board) builds a new board each time, which
is too slow.  Here the board is one term whose arguments are changed in
place with setarg/3.  setarg/3 is undone on backtracking, so a reading such
as

    \+ \+ ( fb_play(FB, 1, I, _), ... )

leaves FB as it was: the board after a try needs no copy and no undo.

## The term

    fb(Cells, Empties, Where, State, Width, N, Points, Chains)

  - Cells: c(...) with one argument per point of flat_board/3's frame:
    0 empty, 1 black, 2 white, 3 off the board.  The point [R, C] is at
    index (R + 1) * Width + C + 2 and its neighbours are I - Width,
    I + Width, I - 1 and I + 1 (fb_index/3).
  - Empties: e(...), the indices of the empty points in its first
    arguments, in no order (fb_random_move/3 picks one at random).
  - Where: w(...), for each index the position in Empties of the empty
    point there, or 0.
  - State: s(Count, Ko): Count empty points; Ko the index of the point a
    simple ko forbids now, or 0.
  - N: the board is N x N; Points: the indices of its points, row by row.
  - Chains: ch(Root, Libs, Next, Size, Sums), five terms with one
    argument per index.  For a stone, Root is the index of one stone
    of its chain, the same for all (the chain's name, its *root*), and 0
    on a point without a stone; Next the next stone of the chain, round
    in a ring; at the root, Size is the chain's number of stones and Libs
    its count of (stone, empty neighbour) pairs: zero exactly when the
    chain has no liberty, so a capture is seen without walking the chain.
    Joining two chains renames the stones of the smaller (merge/3).
  - Sums, at the root: the sum S of the empty points (indices) of those
    pairs and the sum Q of their squares, in one integer S + Q * 2^21
    (S < 2^21 on boards up to 25 x 25: fewer than 1250 pairs, indices
    below 703).  A pair J adds J + J^2 * 2^21, its *share*: adding and
    taking off shares keeps both sums with one setarg/3.  The Libs
    points are all the same point exactly when Libs * Q =:= S * S (for
    numbers x1..xn, n * sum(xi^2) >= (sum(xi))^2, equal only when all are
    equal), and that point is S // Libs: so "is the chain in atari, and
    where?" is answered without walking it (fb_atari/3).  Libs and Sums
    are kept up together: a stone placed removes its pair from each chain
    it touches, a stone taken off gives its pair back to each chain it
    touched, and joined chains add theirs.

Colours are numbers here (fb_colour/2): 1 black, 2 white; the opponent of
X is 3 - X.  Only simple ko is known (the rules' superko is checked by
go_play/4 for the move really played).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(board).

%   Arithmetic compiled inline, as in board.pl (the random games are
%   mostly arithmetic on indices).
:- set_prolog_flag(optimise, true).

%!  fb_new(+Board, -FB) is det.
%
%   FB is a board that changes in place (see the module header) with the
%   position of Board (lists of rows, as go_board's): an empty board of
%   its size on which its stones are placed one by one.
%
%   ?- board_rows(_B, ["b-", "-w"]), fb_new(_B, _FB), fb_empties(_FB, Is).
%   Is = [6, 8].
fb_new(Board, FB) :-
    length(Board, N),
    flat_board(Board, Width, Flat),
    Flat =.. [_|Strings],
    maplist(cell_code, Strings, Codes),
    maplist(emptied, Codes, Cleared),
    Cells =.. [c|Cleared],
    length(Codes, Size),
    Max is N - 1,
    findall(I, ( between(0, Max, R), between(0, Max, C), I is (R + 1) * Width + C + 2 ), Points),
    length(Points, Count),
    Empties =.. [e|Points],
    numlist(1, Size, All),
    where_args(All, Points, 1, WArgs),
    Where =.. [w|WArgs],
    length(Zeros, Size),
    maplist(=(0), Zeros),
    Root =.. [root|Zeros], Libs =.. [libs|Zeros], Next =.. [next|Zeros], Sizes =.. [size|Zeros],
    Sums =.. [sums|Zeros],
    Chains = ch(Root, Libs, Next, Sizes, Sums),
    FB = fb(Cells, Empties, Where, s(Count, 0), Width, N, Points, Chains),
    findall(I-X, ( nth1(I, Codes, X), ( X =:= 1 ; X =:= 2 ) ), Stones),
    place_all(Stones, FB).

place_all([], _).
place_all([I-X|Stones], FB) :-
    place(FB, X, I),
    place_all(Stones, FB).

cell_code("-", 0).
cell_code("b", 1).
cell_code("w", 2).
cell_code("#", 3).

%!  fb_flat(+FB, -Width, -Flat) is det.
%
%   Flat is the position of FB as a flat board of go_board:flat_board/3,
%   the one fb_new/2 starts from (the same indices; cell_code/2 read the
%   other way).
%
%   ?- board_rows(_B, ["b-", "-w"]), fb_new(_B, _FB), fb_flat(_FB, _, _F),
%      flat_board(_B, _, _F0), ( _F == _F0 -> Same = true ; Same = false ).
%   Same = true.
fb_flat(FB, Width, Flat) :-
    arg(5, FB, Width),
    arg(1, FB, Cells),
    Cells =.. [_|Codes],
    maplist(code_cell, Codes, Cells1),
    Flat =.. [b|Cells1].

code_cell(Code, Cell) :-
    cell_code(Cell, Code).

emptied(C, E) :-
    (   C =:= 3 -> E = 3 ; E = 0 ).

%   where_args(+Is, +Points, +K, -Args): for each index of Is, its place
%   K.. in the ordered Points, or 0.
where_args([], _, _, []).
where_args([I|Is], Points, K, [A|As]) :-
    (   Points = [I|Ps] -> A = K, K1 is K + 1 ; A = 0, Ps = Points, K1 = K ),
    where_args(Is, Ps, K1, As).

%!  fb_colour(?Player, ?Colour) is semidet.
%
%   Colour is the number of the player "b" (1) or "w" (2).
fb_colour("b", 1).
fb_colour("w", 2).

%!  fb_size(+FB, -N) is det.
%
%   The board is N x N.
fb_size(FB, N) :-
    arg(6, FB, N).

%!  fb_index(+FB, ?Pos, ?I) is det.
%
%   I is the index of the point Pos = [R, C] (either may be given).
fb_index(FB, [R, C], I) :-
    arg(5, FB, Width),
    (   integer(I)
    ->  I0 is I - 2, R is I0 // Width - 1, C is I0 mod Width
    ;   I is (R + 1) * Width + C + 2
    ).

%!  fb_points(+FB, -Is) is det.
%
%   Is are the indices of every point of the board, row by row.
fb_points(FB, Is) :-
    arg(7, FB, Is).

%!  fb_cell(+FB, +I, -Cell) is det.
%
%   Cell is 0 (empty), 1 (black), 2 (white) or 3 (off the board) at I.
fb_cell(FB, I, Cell) :-
    arg(1, FB, Cells),
    arg(I, Cells, Cell).

%!  fb_neighbours(+FB, +I, -Js) is det.
%
%   Js are the four neighbour indices of I (some may be off the board).
fb_neighbours(FB, I, [N, S, E, Wst]) :-
    arg(5, FB, W),
    N is I - W, S is I + W, E is I + 1, Wst is I - 1.

%!  fb_empties(+FB, -Is) is det.
%
%   Is are the indices of the empty points, ordered.
fb_empties(fb(_, Empties, _, s(Count, _), _, _, _, _), Is) :-
    findall(I, ( between(1, Count, K), arg(K, Empties, I) ), Is0),
    sort(Is0, Is).

                 /*******************************
                 *        PLAYING A STONE       *
                 *******************************/

%!  fb_legal(+FB, +X, +I) is semidet.
%
%   Colour X may play on the empty point I: it is not the ko point, and
%   the stone has a liberty, or joins a chain of X's that has another one,
%   or captures (a chain of the opponent's whose only liberty is I).
%   Liberties are counted the quick way: a chain's count is the number of
%   (stone, empty neighbour) pairs, so a chain has a liberty besides I
%   when its count is more than the number of its stones next to I.
%   (The code reads each neighbour once, without lists: it runs for every
%   move of every random game.)
fb_legal(FB, X, I) :-
    FB = fb(Cells, _, _, s(_, Ko), W, _, _, ch(Root, Libs, _, _, _)),
    arg(I, Cells, 0),
    I =\= Ko,
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    arg(N, Cells, CN), arg(S, Cells, CS), arg(E, Cells, CE), arg(Wst, Cells, CW),
    (   CN * CS * CE * CW =:= 0
    ->  true
    ;   arg(N, Root, RN), arg(S, Root, RS), arg(E, Root, RE), arg(Wst, Root, RW),
        (   lives_by(CN, RN, X, RN, RS, RE, RW, Libs) -> true
        ;   lives_by(CS, RS, X, RN, RS, RE, RW, Libs) -> true
        ;   lives_by(CE, RE, X, RN, RS, RE, RW, Libs) -> true
        ;   lives_by(CW, RW, X, RN, RS, RE, RW, Libs)
        )
    ).

%   lives_by(+C, +R, +X, +RN, +RS, +RE, +RW, +Libs): the neighbour of
%   colour C and chain R (every neighbour is a stone or off the board)
%   gives X's stone a liberty: a chain of X's with a liberty besides the
%   point, or an opponent's chain whose last liberty it is.  K is the
%   number of the chain's stones among the four neighbours (roots RN..RW).
lives_by(C, R, X, RN, RS, RE, RW, Libs) :-
    C < 3,
    arg(R, Libs, L),
    (   C =:= X, L > 4 -> true           % K is four at most
    ;   L > 4 -> fail
    ;   K is 4 - sign(abs(RN - R)) - sign(abs(RS - R)) - sign(abs(RE - R)) - sign(abs(RW - R)),
        (   C =:= X -> L > K ; L =:= K )
    ).

%!  fb_play(+FB, +X, +I, -Captured) is det.
%
%   Colour X plays on I (fb_legal/3 must hold); the opponent's chains left
%   without liberty are taken off, Captured stones in all.  Sets the ko
%   point when one stone took one stone and has one liberty.
fb_play(FB, X, I, Captured) :-
    place(FB, X, I),
    Y is 3 - X,
    FB = fb(Cells, _, _, State, W, _, _, ch(Root, Libs, _, Size, _)),
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    capture(N, FB, Cells, Root, Libs, Y, 0, C1, 0, K1),
    capture(S, FB, Cells, Root, Libs, Y, C1, C2, K1, K2),
    capture(E, FB, Cells, Root, Libs, Y, C2, C3, K2, K3),
    capture(Wst, FB, Cells, Root, Libs, Y, C3, Captured, K3, Ko),
    (   Captured =:= 1,
        arg(I, Root, RI), arg(RI, Size, 1), arg(RI, Libs, 1)   % a lone stone: its count is exact
    ->  setarg(2, State, Ko)
    ;   setarg(2, State, 0)
    ).

%   capture(+J, +FB, +Cells, +Root, +Libs, +Y, +N0, -N, +K0, -K): the
%   chain of Y at J, if any, has no liberty left: it is taken off (N the
%   stones taken so far, K the last point freed).
capture(J, FB, Cells, Root, Libs, Y, N0, N, K0, K) :-
    (   arg(J, Cells, Y), arg(J, Root, R), arg(R, Libs, 0)
    ->  remove_chain(FB, R, N0, N), K = J
    ;   N = N0, K = K0
    ).

%   place(+FB, +X, +I): X's stone on the empty point I, a chain of its own
%   (its pairs: its empty neighbours) joined to the chains of X it
%   touches; every chain it touches loses a liberty (the pair stone-I).
%   No capture.
place(FB, X, I) :-
    FB = fb(Cells, _, _, _, W, _, _, ch(Root, Libs, Next, Size, Sums)),
    setarg(I, Cells, X),
    remove_empty(FB, I),
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    arg(N, Cells, CN), arg(S, Cells, CS), arg(E, Cells, CE), arg(Wst, Cells, CW),
    % its own pairs: its empty neighbours (each adds its share to Sums)
    ( CN =:= 0 -> L1 = 1, S1 is N + N * N * 2097152 ; L1 = 0, S1 = 0 ),
    ( CS =:= 0 -> L2 is L1 + 1, S2 is S1 + S + S * S * 2097152 ; L2 = L1, S2 = S1 ),
    ( CE =:= 0 -> L3 is L2 + 1, S3 is S2 + E + E * E * 2097152 ; L3 = L2, S3 = S2 ),
    ( CW =:= 0 -> L is L3 + 1, Sum is S3 + Wst + Wst * Wst * 2097152 ; L = L3, Sum = S3 ),
    setarg(I, Root, I), setarg(I, Next, I), setarg(I, Size, 1),
    setarg(I, Libs, L), setarg(I, Sums, Sum),
    IS is I + I * I * 2097152,                 % I's share of Sums (2^21)
    ( CN =:= 0 -> true ; CN =:= 3 -> true ; touch(CN, N, FB, Root, Libs, Sums, X, I, IS) ),
    ( CS =:= 0 -> true ; CS =:= 3 -> true ; touch(CS, S, FB, Root, Libs, Sums, X, I, IS) ),
    ( CE =:= 0 -> true ; CE =:= 3 -> true ; touch(CE, E, FB, Root, Libs, Sums, X, I, IS) ),
    ( CW =:= 0 -> true ; CW =:= 3 -> true ; touch(CW, Wst, FB, Root, Libs, Sums, X, I, IS) ).

%   touch(+C, +J, +FB, +Root, +Libs, +Sums, +X, +I, +IS): the stone on I
%   (IS the share of I in Sums) touches a stone of colour C on J: its
%   chain loses the pair J-I, and is joined to I's if it is X's.
touch(C, J, FB, Root, Libs, Sums, X, I, IS) :-
    arg(J, Root, R),
    arg(R, Libs, L0), L is L0 - 1, setarg(R, Libs, L),
    arg(R, Sums, S0), S is S0 - IS, setarg(R, Sums, S),
    (   C =:= X, arg(I, Root, RI), RI =\= R -> merge(FB, RI, R) ; true ).

%   merge(+FB, +A, +B): the chains of roots A and B become one, whose root
%   is the root of the larger; the stones of the smaller get the new root
%   and the rings of stones (Next) are joined.
merge(FB, A, B) :-
    FB = fb(_, _, _, _, _, _, _, ch(Root, Libs, Next, Size, Sums)),
    arg(A, Size, SA), arg(B, Size, SB),
    (   SA >= SB -> Big = A, Small = B ; Big = B, Small = A ),
    relabel(Small, Small, Root, Next, Big),
    arg(Big, Next, NB), arg(Small, Next, NS),
    setarg(Big, Next, NS), setarg(Small, Next, NB),
    S is SA + SB, setarg(Big, Size, S),
    arg(A, Libs, LA), arg(B, Libs, LB), L is LA + LB, setarg(Big, Libs, L),
    arg(A, Sums, SumA), arg(B, Sums, SumB), Sum is SumA + SumB, setarg(Big, Sums, Sum).

relabel(S, Start, Root, Next, Big) :-
    setarg(S, Root, Big),
    arg(S, Next, S1),
    (   S1 =:= Start -> true ; relabel(S1, Start, Root, Next, Big) ).

%   remove_chain(+FB, +R, +N0, -N): the chain of root R is taken off; the
%   chains next to its stones get their liberties back.  Two walks round
%   the ring of stones (Next stays as it was): all are emptied first, so
%   that the second gives liberties back to the other chains only.
remove_chain(FB, R, N0, N) :-
    FB = fb(Cells, _, _, _, W, _, _, ch(Root, Libs, Next, Size, Sums)),
    arg(R, Size, K),
    N is N0 + K,
    empty_ring(R, R, FB, Cells, Root, Next),
    give_back(R, R, W, Cells, Root, Libs, Sums, Next).

empty_ring(S, R, FB, Cells, Root, Next) :-
    setarg(S, Cells, 0),
    add_empty(FB, S),
    setarg(S, Root, 0),
    arg(S, Next, S1),
    (   S1 =:= R -> true ; empty_ring(S1, R, FB, Cells, Root, Next) ).

give_back(S, R, W, Cells, Root, Libs, Sums, Next) :-
    N is S - W, Sth is S + W, E is S + 1, Wst is S - 1,
    SS is S + S * S * 2097152,
    one_back(N, Cells, Root, Libs, Sums, SS),
    one_back(Sth, Cells, Root, Libs, Sums, SS),
    one_back(E, Cells, Root, Libs, Sums, SS),
    one_back(Wst, Cells, Root, Libs, Sums, SS),
    arg(S, Next, S1),
    (   S1 =:= R -> true ; give_back(S1, R, W, Cells, Root, Libs, Sums, Next) ).

%   one_back(+J, +Cells, +Root, +Libs, +Sums, +SS): a stone on J gets
%   back the pair J-S of the freed point S (SS the share of S in Sums)
%   (not with forall/2: it would undo the setarg/3).
one_back(J, Cells, Root, Libs, Sums, SS) :-
    arg(J, Cells, C),
    (   C =:= 0 -> true
    ;   C =:= 3 -> true
    ;   arg(J, Root, R),
        arg(R, Libs, L0), L is L0 + 1, setarg(R, Libs, L),
        arg(R, Sums, T0), T is T0 + SS, setarg(R, Sums, T)
    ).

ring(R, Next, [R|Stones]) :-
    arg(R, Next, S),
    ring_(S, R, Next, Stones).

ring_(S, R, Next, Stones) :-
    (   S =:= R
    ->  Stones = []
    ;   Stones = [S|Rest],
        arg(S, Next, S1),
        ring_(S1, R, Next, Rest)
    ).

remove_empty(FB, I) :-
    FB = fb(_, Empties, Where, State, _, _, _, _),
    arg(I, Where, K),
    arg(1, State, Count),
    arg(Count, Empties, Last),
    setarg(K, Empties, Last),
    setarg(Last, Where, K),
    setarg(I, Where, 0),
    Count1 is Count - 1,
    setarg(1, State, Count1).

add_empty(FB, I) :-
    FB = fb(_, Empties, Where, State, _, _, _, _),
    arg(1, State, Count0),
    Count is Count0 + 1,
    setarg(Count, Empties, I),
    setarg(I, Where, Count),
    setarg(1, State, Count).

                 /*******************************
                 *      CHAINS AND LIBERTIES    *
                 *******************************/

%!  fb_chain(+FB, +I, -Stones) is det.
%
%   Stones are the indices of the chain of the stone at I, ordered.
fb_chain(FB, I, Stones) :-
    FB = fb(_, _, _, _, _, _, _, ch(Root, _, Next, _, _)),
    arg(I, Root, R),
    ring(R, Next, Stones0),
    sort(Stones0, Stones).

%!  fb_liberties(+FB, +I, +Max, -Libs) is det.
%
%   Libs are the liberties (indices, ordered) of the chain of the stone at
%   I, at most Max of them: counting stops there.  No liberty or one is
%   read from the chain's sums (see the module header) without a walk.
%
%   ?- board_rows(_B, ["bw-", "b--", "---"]), fb_new(_B, _FB),
%      fb_index(_FB, [0, 0], _I), fb_liberties(_FB, _I, 9, _L), length(_L, N).
%   N = 2.
fb_liberties(FB, I, Max, Libs) :-
    FB = fb(Cells, _, _, _, _, _, _, ch(Root, Ps, Next, _, Sums)),
    arg(I, Root, R),
    arg(R, Ps, P), arg(R, Sums, V),
    (   ( P =:= 0 ; Max =< 0 ) -> Libs = []
    ;   S is V /\ 0x1FFFFF, P * (V >> 21) =:= S * S -> L is S // P, Libs = [L]
    ;   ring(R, Next, Stones),
        stone_liberties(Stones, FB, Cells, Max, [], Libs)
    ).

stone_liberties([], _, _, _, Libs0, Libs) :-
    sort(Libs0, Libs).
stone_liberties([S|Ss], FB, Cells, Max, L0, L) :-
    fb_neighbours(FB, S, Js),
    add_liberties(Js, Cells, L0, L1, 0, _),
    length(L1, K),
    (   K >= Max
    ->  sort(L1, L2), length(L, Max), append(L, _, L2)
    ;   stone_liberties(Ss, FB, Cells, Max, L1, L)
    ).

%   add_liberties(+Js, +Cells, +L0, -L, ...): L is L0 and the empty points
%   among Js that it does not hold yet.
add_liberties([], _, L, L, K, K).
add_liberties([J|Js], Cells, L0, L, K0, K) :-
    (   arg(J, Cells, 0), \+ memberchk(J, L0)
    ->  L1 = [J|L0], K1 is K0 + 1
    ;   L1 = L0, K1 = K0
    ),
    add_liberties(Js, Cells, L1, L, K1, K).

%!  fb_atari(+FB, +I, -Liberty) is semidet.
%
%   The chain of the stone at I is in atari: Liberty is its one liberty.
%   Read from the chain's sums without a walk: its P pairs name one point
%   exactly when P * Q =:= S * S (see the module header).
fb_atari(FB, I, Liberty) :-
    FB = fb(_, _, _, _, _, _, _, ch(Root, Libs, _, _, Sums)),
    arg(I, Root, R),
    arg(R, Libs, P),
    P > 0, P < 5,                       % four pairs at most name one point
    arg(R, Sums, V),
    S is V /\ 0x1FFFFF,                 % 2^21 - 1
    P * (V >> 21) =:= S * S,
    Liberty is S // P.

%!  fb_captures(+FB, +X, +I, -J) is nondet.
%
%   A stone of colour X on the empty point I captures the opponent's chain
%   of the stone J, a neighbour of I: that chain is in atari and I is its
%   liberty.  White's stone in the corner is taken by Black on [1, 0]:
%
%   ?- board_rows(_B, ["wb-", "---", "---"]), fb_new(_B, _FB),
%      fb_index(_FB, [1, 0], _I), fb_captures(_FB, 1, _I, _J),
%      fb_index(_FB, Pos, _J).
%   Pos = [0, 0].
fb_captures(FB, X, I, J) :-
    Y is 3 - X,
    fb_neighbours(FB, I, Js),
    member(J, Js),
    fb_cell(FB, J, Y),
    fb_atari(FB, J, I).

%!  fb_self_atari(+FB, +X, +I) is semidet.
%
%   Colour X's stone on the empty point I (where X may play) would leave
%   its chain with one liberty, capturing nothing.  Read without playing
%   nor walking: the chain's pairs would be those of the chains of X next
%   to I (each once), less their pairs with I, and I's own with its empty
%   neighbours; their sums tell whether they name one point (as in
%   fb_atari/3).  Black's stone at [0, 1] would have only [1, 1]:
%
%   ?- board_rows(_B, ["b-w", "w--", "---"]), fb_new(_B, _FB),
%      fb_index(_FB, [0, 1], _I), fb_self_atari(_FB, 1, _I).
%   true.
fb_self_atari(FB, X, I) :-
    FB = fb(Cells, _, _, _, W, _, _, ch(Root, Libs, _, _, Sums)),
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    arg(N, Cells, CN), arg(S, Cells, CS), arg(E, Cells, CE), arg(Wst, Cells, CW),
    sign(CN) + sign(CS) + sign(CE) + sign(CW) >= 3,   % at most one empty neighbour
    arg(N, Root, RN), arg(S, Root, RS), arg(E, Root, RE), arg(Wst, Root, RW),
    Y is 3 - X,
    \+ takes(CN, RN, Y, RN, RS, RE, RW, Libs),
    \+ takes(CS, RS, Y, RN, RS, RE, RW, Libs),
    \+ takes(CE, RE, Y, RN, RS, RE, RW, Libs),
    \+ takes(CW, RW, Y, RN, RS, RE, RW, Libs),
    IS is I + I * I * 2097152,
    NewS is sign(abs(RS - RN)),                       % 1: a chain not seen yet
    NewE is sign(abs(RE - RN)) * sign(abs(RE - RS)),
    NewW is sign(abs(RW - RN)) * sign(abs(RW - RS)) * sign(abs(RW - RE)),
    pairs(CN, N, RN, 1, X, IS, Libs, Sums, 0, 0, P1, V1),
    pairs(CS, S, RS, NewS, X, IS, Libs, Sums, P1, V1, P2, V2),
    pairs(CE, E, RE, NewE, X, IS, Libs, Sums, P2, V2, P3, V3),
    pairs(CW, Wst, RW, NewW, X, IS, Libs, Sums, P3, V3, P, V),
    (   P =:= 0 -> true ; T is V /\ 0x1FFFFF, P * (V >> 21) =:= T * T ).

%   takes(+C, +R, +Y, +RN, +RS, +RE, +RW, +Libs): the neighbour is a
%   chain of Y whose last liberty is the point (its count of pairs is its
%   number of stones among the neighbours; roots are 0 on empty points).
takes(C, R, Y, RN, RS, RE, RW, Libs) :-
    C =:= Y,
    arg(R, Libs, L),
    L =:= 4 - sign(abs(RN - R)) - sign(abs(RS - R)) - sign(abs(RE - R)) - sign(abs(RW - R)).

%   pairs(+C, +J, +R, +New, +X, +IS, +Libs, +Sums, +P0, +V0, -P, -V):
%   the count P0 and sums V0 (as Sums) of the pairs of X's stone on I,
%   with its neighbour J (colour C, chain R): an empty J is the pair I-J;
%   a stone of X's adds its chain's pairs if New is 1 (not added yet) and
%   takes off its pair J-I (IS: the share of I in Sums).
pairs(C, J, R, New, X, IS, Libs, Sums, P0, V0, P, V) :-
    (   C =:= 0 -> P is P0 + 1, V is V0 + J + J * J * 2097152
    ;   C =\= X -> P = P0, V = V0
    ;   New =:= 1
    ->  arg(R, Libs, PR), arg(R, Sums, VR),
        P is P0 + PR - 1, V is V0 + VR - IS
    ;   P is P0 - 1, V is V0 - IS
    ).

%!  fb_eye(+FB, +X, +I) is semidet.
%
%   The empty point I is an eye of colour X as far as one point shows: its
%   neighbours are X's stones (or off the board) and the opponent holds
%   fewer than two of its diagonal points (none when I is on the edge).
fb_eye(FB, X, I) :-
    FB = fb(Cells, _, _, _, W, _, _, _),
    arg(I, Cells, 0),
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    wall(N, Cells, X), wall(S, Cells, X), wall(E, Cells, X), wall(Wst, Cells, X),
    NW is N - 1, NE is N + 1, SW is S - 1, SE is S + 1,
    Y is 3 - X,
    arg(NW, Cells, A), arg(NE, Cells, B), arg(SW, Cells, C), arg(SE, Cells, D),
    diagonal(A, Y, 0, B1, 0, E1),
    diagonal(B, Y, B1, B2, E1, E2),
    diagonal(C, Y, B2, B3, E2, E3),
    diagonal(D, Y, B3, Bad, E3, Edge),
    (   Edge > 0 -> Bad =:= 0 ; Bad < 2 ).

%   wall(+J, +Cells, +X): the point J holds X's stone or is off the board.
wall(J, Cells, X) :-
    arg(J, Cells, C),
    ( C =:= X -> true ; C =:= 3 ).

diagonal(C, Y, B0, B, E0, E) :-
    (   C =:= Y -> B is B0 + 1, E = E0
    ;   C =:= 3 -> B = B0, E is E0 + 1
    ;   B = B0, E = E0
    ).

                 /*******************************
                 *        RANDOM PLAY           *
                 *******************************/

%!  fb_random_move(+FB, +X, -I) is semidet.
%
%   I is a random empty point where X may play and that is not one of X's
%   eyes (fb_eye/3); fails when there is none (X passes).  It starts at a
%   random place in the list of empty points and takes the first that
%   will do.
fb_random_move(FB, X, I) :-
    FB = fb(_, Empties, _, s(Count, _), _, _, _, _),
    Count > 0,
    random_between(1, Count, K0),
    scan_moves(Count, K0, Count, FB, Empties, X, I).

scan_moves(0, _, _, _, _, _, _) :- !, fail.
scan_moves(Left, K, Count, FB, Empties, X, I) :-
    arg(K, Empties, J),
    (   \+ fb_eye(FB, X, J), fb_legal(FB, X, J)
    ->  I = J
    ;   Left1 is Left - 1,
        (   K =:= Count -> K1 = 1 ; K1 is K + 1 ),
        scan_moves(Left1, K1, Count, FB, Empties, X, I)
    ).

%!  fb_area(+FB, -Score) is det.
%
%   Score is Black's area minus White's once a random game has filled the
%   board: stones, and empty points whose neighbours on the board are of
%   one colour only.
fb_area(FB, Score) :-
    FB = fb(Cells, _, _, _, W, _, Is, _),
    area(Is, Cells, W, 0, Score).

area([], _, _, S, S).
area([I|Is], Cells, W, S0, S) :-
    arg(I, Cells, C),
    (   C =:= 1 -> S1 is S0 + 1
    ;   C =:= 2 -> S1 is S0 - 1
    ;   N is I - W, Sth is I + W, E is I + 1, Wst is I - 1,
        arg(N, Cells, A), arg(Sth, Cells, B), arg(E, Cells, D), arg(Wst, Cells, F),
        B1 is (A /\ 1) * (1 - (A >> 1)) + (B /\ 1) * (1 - (B >> 1))   % 1: black
             + (D /\ 1) * (1 - (D >> 1)) + (F /\ 1) * (1 - (F >> 1)),
        W1 is (A >> 1) * (1 - (A /\ 1)) + (B >> 1) * (1 - (B /\ 1))   % 2: white
             + (D >> 1) * (1 - (D /\ 1)) + (F >> 1) * (1 - (F /\ 1)),
        (   W1 =:= 0, B1 > 0 -> S1 is S0 + 1
        ;   B1 =:= 0, W1 > 0 -> S1 is S0 - 1
        ;   S1 = S0
        )
    ),
    area(Is, Cells, W, S1, S).
