:- module(go_fastboard,
          [ fb_new/2,                % +Board, -FB
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
            fb_liberties/4,          % +FB, +I, +Max, -Libs
            fb_atari/3,              % +FB, +I, -Liberty
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
  - Chains: ch(Root, Libs, Next, Size), four terms with one argument per
    index.  For a stone, Root is the index of one stone of its chain,
    the same for all (the chain's name, its *root*); Next the next stone of the chain, round in a
    ring; at the root, Size is the chain's number of stones and Libs its
    count of (stone, empty neighbour) pairs: zero exactly when the chain
    has no liberty, so a capture is seen without walking the chain.
    Joining two chains renames the stones of the smaller (merge/3).

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
    FB = fb(Cells, Empties, Where, s(Count, 0), Width, N, Points, ch(Root, Libs, Next, Sizes)),
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
fb_legal(FB, X, I) :-
    FB = fb(Cells, _, _, s(_, Ko), W, _, _, ch(Root, Libs, _, _)),
    arg(I, Cells, 0),
    I =\= Ko,
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    (   ( arg(N, Cells, 0) ; arg(S, Cells, 0) ; arg(E, Cells, 0) ; arg(Wst, Cells, 0) )
    ->  true
    ;   Js = [N, S, E, Wst],
        member(J, Js),
        arg(J, Cells, C),
        C =\= 3,
        arg(J, Root, R),
        arg(R, Libs, L),
        touching(Js, Root, Cells, R, 0, K),
        (   C =:= X -> L > K ; L =:= K )
    ->  true
    ).

%   touching(+Js, +Root, +Cells, +R, +K0, -K): K stones of the chain R
%   are among the points Js.
touching([], _, _, _, K, K).
touching([J|Js], Root, Cells, R, K0, K) :-
    arg(J, Cells, C),
    (   ( C =:= 1 ; C =:= 2 ), arg(J, Root, R) -> K1 is K0 + 1 ; K1 = K0 ),
    touching(Js, Root, Cells, R, K1, K).

%!  fb_play(+FB, +X, +I, -Captured) is det.
%
%   Colour X plays on I (fb_legal/3 must hold); the opponent's chains left
%   without liberty are taken off, Captured stones in all.  Sets the ko
%   point when one stone took one stone and has one liberty.
fb_play(FB, X, I, Captured) :-
    place(FB, X, I),
    Y is 3 - X,
    fb_neighbours(FB, I, Js),
    foldl(capture(FB, Y), Js, 0-0, Captured-Last),
    arg(4, FB, State),
    (   Captured =:= 1, lone_in_atari(FB, X, Js)
    ->  setarg(2, State, Last)
    ;   setarg(2, State, 0)
    ).

capture(FB, Y, J, N0-L0, N-L) :-
    FB = fb(Cells, _, _, _, _, _, _, ch(Root, Libs, _, _)),
    (   arg(J, Cells, Y), arg(J, Root, R), arg(R, Libs, 0)
    ->  remove_chain(FB, R, N0, N), L = J
    ;   N = N0, L = L0
    ).

%   lone_in_atari(+FB, +X, +Js): the stone just played with neighbours Js
%   touches no stone of its own and has one liberty.
lone_in_atari(FB, X, Js) :-
    arg(1, FB, Cells),
    \+ ( member(J, Js), arg(J, Cells, X) ),
    count_cells(Js, Cells, 0, 0, 1).

count_cells([], _, _, K, K).
count_cells([J|Js], Cells, V, K0, K) :-
    (   arg(J, Cells, V) -> K1 is K0 + 1 ; K1 = K0 ),
    count_cells(Js, Cells, V, K1, K).

%   place(+FB, +X, +I): X's stone on the empty point I, a chain of its own
%   joined to the chains of X it touches; every chain it touches loses a
%   liberty (the pair stone-I).  No capture.
place(FB, X, I) :-
    FB = fb(Cells, _, _, _, W, _, _, ch(Root, Libs, Next, Size)),
    setarg(I, Cells, X),
    remove_empty(FB, I),
    N is I - W, S is I + W, E is I + 1, Wst is I - 1,
    Js = [N, S, E, Wst],
    count_cells(Js, Cells, 0, 0, L),
    setarg(I, Root, I), setarg(I, Next, I), setarg(I, Size, 1), setarg(I, Libs, L),
    touch(Js, FB, X, I).

touch([], _, _, _).
touch([J|Js], FB, X, I) :-
    FB = fb(Cells, _, _, _, _, _, _, ch(Root, Libs, _, _)),
    arg(J, Cells, C),
    (   ( C =:= 1 ; C =:= 2 )
    ->  arg(J, Root, R),
        arg(R, Libs, L0), L is L0 - 1, setarg(R, Libs, L),
        arg(I, Root, RI),
        (   C =:= X, RI =\= R -> merge(FB, RI, R) ; true )
    ;   true
    ),
    touch(Js, FB, X, I).

%   merge(+FB, +A, +B): the chains of roots A and B become one, whose root
%   is the root of the larger; the stones of the smaller get the new root
%   and the rings of stones (Next) are joined.
merge(FB, A, B) :-
    FB = fb(_, _, _, _, _, _, _, ch(Root, Libs, Next, Size)),
    arg(A, Size, SA), arg(B, Size, SB),
    (   SA >= SB -> Big = A, Small = B ; Big = B, Small = A ),
    relabel(Small, Small, Root, Next, Big),
    arg(Big, Next, NB), arg(Small, Next, NS),
    setarg(Big, Next, NS), setarg(Small, Next, NB),
    S is SA + SB, setarg(Big, Size, S),
    arg(A, Libs, LA), arg(B, Libs, LB), L is LA + LB, setarg(Big, Libs, L).

relabel(S, Start, Root, Next, Big) :-
    setarg(S, Root, Big),
    arg(S, Next, S1),
    (   S1 =:= Start -> true ; relabel(S1, Start, Root, Next, Big) ).

%   remove_chain(+FB, +R, +N0, -N): the chain of root R is taken off; the
%   chains next to its stones get their liberties back.
remove_chain(FB, R, N0, N) :-
    FB = fb(Cells, _, _, _, _, _, _, ch(_, _, Next, Size)),
    arg(R, Size, K),
    N is N0 + K,
    ring(R, Next, Stones),
    empty_all(Stones, FB, Cells),
    give_back(Stones, FB).

empty_all([], _, _).
empty_all([S|Ss], FB, Cells) :-
    setarg(S, Cells, 0),
    add_empty(FB, S),
    empty_all(Ss, FB, Cells).

give_back([], _).
give_back([S|Ss], FB) :-
    fb_neighbours(FB, S, Js),
    one_back(Js, FB),
    give_back(Ss, FB).

%   one_back(+Js, +FB): each stone among Js gets a liberty back (not with
%   forall/2: it would undo the setarg/3).
one_back([], _).
one_back([J|Js], FB) :-
    FB = fb(Cells, _, _, _, _, _, _, ch(Root, Libs, _, _)),
    arg(J, Cells, C),
    (   ( C =:= 1 ; C =:= 2 )
    ->  arg(J, Root, R), arg(R, Libs, L0), L is L0 + 1, setarg(R, Libs, L)
    ;   true
    ),
    one_back(Js, FB).

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
    FB = fb(_, _, _, _, _, _, _, ch(Root, _, Next, _)),
    arg(I, Root, R),
    ring(R, Next, Stones0),
    sort(Stones0, Stones).

%!  fb_liberties(+FB, +I, +Max, -Libs) is det.
%
%   Libs are the liberties (indices, ordered) of the chain of the stone at
%   I, at most Max of them: counting stops there.
%
%   ?- board_rows(_B, ["bw-", "b--", "---"]), fb_new(_B, _FB),
%      fb_index(_FB, [0, 0], _I), fb_liberties(_FB, _I, 9, _L), length(_L, N).
%   N = 2.
fb_liberties(FB, I, Max, Libs) :-
    FB = fb(Cells, _, _, _, _, _, _, ch(Root, _, Next, _)),
    arg(I, Root, R),
    ring(R, Next, Stones),
    stone_liberties(Stones, FB, Cells, Max, [], Libs).

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
%   Quick when it is not: a chain in atari has a count of pairs (see
%   fb_legal/3) of four at most.
fb_atari(FB, I, Liberty) :-
    FB = fb(_, _, _, _, _, _, _, ch(Root, Libs, _, Size)),
    arg(I, Root, R),
    arg(R, Libs, P),
    P =< 4,
    (   arg(R, Size, 1) -> P =:= 1 ; true ),    % a lone stone's count is exact
    fb_liberties(FB, I, 2, [Liberty]).

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
    diagonals([NW, NE, SW, SE], Cells, Y, 0, Bad, 0, Edge),
    (   Edge > 0 -> Bad =:= 0 ; Bad < 2 ).

%   wall(+J, +Cells, +X): the point J holds X's stone or is off the board.
wall(J, Cells, X) :-
    arg(J, Cells, C),
    ( C =:= X -> true ; C =:= 3 ).

diagonals([], _, _, Bad, Bad, Edge, Edge).
diagonals([J|Js], Cells, Y, B0, B, E0, E) :-
    arg(J, Cells, C),
    (   C =:= Y -> B1 is B0 + 1, E1 = E0
    ;   C =:= 3 -> B1 = B0, E1 is E0 + 1
    ;   B1 = B0, E1 = E0
    ),
    diagonals(Js, Cells, Y, B1, B, E1, E).

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
    fb_points(FB, Is),
    foldl(area_point(FB), Is, 0, Score).

area_point(FB, I, S0, S) :-
    FB = fb(Cells, _, _, _, _, _, _, _),
    arg(I, Cells, C),
    (   C =:= 1 -> S is S0 + 1
    ;   C =:= 2 -> S is S0 - 1
    ;   fb_neighbours(FB, I, Js),
        count_cells(Js, Cells, 1, 0, B),
        count_cells(Js, Cells, 2, 0, W),
        (   W =:= 0, B > 0 -> S is S0 + 1
        ;   B =:= 0, W > 0 -> S is S0 - 1
        ;   S = S0
        )
    ).
