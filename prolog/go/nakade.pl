:- module(go_nakade,
          [ nakade_reply/4,          % +FB, +X, +Last, -I
            nakade_point/4,          % +FB, +I, +Owner, -Vital
            their_space/3,           % +J, +FB, +X
            own_space/5              % +J, +FB, +Cells, +W, +X
          ]).

/** <module> Go: eye spaces in the random games (the playouts' nakade rule)

Start reading at prolog/go/playout.pl: this module is its rule 1a and the
eye spaces its rule 4 looks at (options nakade(true) and nakade(full)).
Random games judge a small eye space by chance: a bent three whose vital
point the attacker has taken still lives in them, because nobody fills
it, and one whose owner has taken it dies when the owner fills it.  An
*eye space* here is a region of three to six points without the owner's
stones, enclosed by the owner's stones and the edge; its shape has a
*vital point* (nakade_point/4) or none.  Rule 1a (nakade_reply/4) plays
the vital point of the eye space at the last move, the owner's to make
two eyes, the opponent's to leave one (the nakade heuristic of Fuego's
and Pachi's playouts); rule 4 with nakade(full) asks their_space/3 (a
self-atari inside the opponent's eye space is no loss) and own_space/5
(a random move does not fill one's own eye space but at its vital
point).  The board is go_fastboard's, read only.
*/

:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(board).
:- use_module(fastboard).

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

%!  nakade_reply(+FB, +X, +Last, -I) is semidet.
%
%   I is the vital point (nakade_point/4) of an eye space of X's that
%   holds the opponent's last stone Last, or of one of the opponent's next
%   to Last; empty, and legal for X: not a
%   self-atari in X's own eye space (in the opponent's, the stones taken
%   would leave a space of one eye, so a self-atari there is the killing
%   move).
%
%   Quick tests leave out most last moves before any region is flooded.
%   In X's eye space, the opponent's chain of Last has five stones at
%   most, and Last touches a stone of X's or is a corner point: any other
%   point of an eye space has three or four neighbours in it, so it is
%   the vital point of its shape, already taken, or the shape has none.
%   Next to the opponent's, Last has its empty neighbours on one side (not
%   two opposite ones: a stone in the open), the test of Pachi's playouts.
nakade_reply(FB, X, Last, I) :-
    FB = fb(Cells, _, _, _, W, _, _, ch(Root, _, _, Size, _)),
    N is Last - W, S is Last + W, E is Last + 1, Wst is Last - 1,
    arg(N, Cells, CN), arg(S, Cells, CS), arg(E, Cells, CE), arg(Wst, Cells, CW),
    (   ( CN =:= X ; CS =:= X ; CE =:= X ; CW =:= X
        ; ( CN =:= 3 ; CS =:= 3 ), ( CE =:= 3 ; CW =:= 3 )
        ),
        arg(Last, Root, R), arg(R, Size, K), K =< 5,
        space(Last, FB, X, Space),
        vital(Space, W, V),
        arg(V, Cells, 0),
        fb_legal(FB, X, V),
        \+ fb_self_atari(FB, X, V)
    ->  I = V
    ;   Y is 3 - X,
        CN + CS > 0, CE + CW > 0,               % no two empty opposite neighbours
        killing_point([N, S, E, Wst], FB, Cells, W, Y, X, [], I)
    ).

%   killing_point(+Js, +FB, +Cells, +W, +Y, +X, +Big, -V): an empty point
%   of Js is in an eye space of Y's whose vital point V is empty and legal
%   for X.  Big are the points of the regions already found too big: a
%   point among them is not flooded again.
killing_point([J|Js], FB, Cells, W, Y, X, Big, V) :-
    (   arg(J, Cells, 0),
        \+ memberchk(J, Big)
    ->  arg(8, FB, Chains),
        flood([J], Cells, Chains, W, Y, 9, 1, [J], Region),
        (   Region = small(K, Space),
            K >= 3,
            vital(Space, W, V0),
            arg(V0, Cells, 0),
            fb_legal(FB, X, V0)
        ->  V = V0
        ;   Region = big(Seen)
        ->  append(Seen, Big, Big1),
            killing_point(Js, FB, Cells, W, Y, X, Big1, V)
        ;   killing_point(Js, FB, Cells, W, Y, X, Big, V)
        )
    ;   killing_point(Js, FB, Cells, W, Y, X, Big, V)
    ).

%!  nakade_point(+FB, +I, +Owner, -Vital) is semidet.
%
%   The point I (empty, or a stone of Owner's opponent) lies in an eye
%   space of Owner's (1 black, 2 white): a region of three to six points
%   without Owner's stones, enclosed by Owner's stones and the edge; the
%   region's shape has a vital point, Vital (empty or not), that makes
%   two eyes of it when Owner plays there and one when the opponent does.
%   The shapes (the degree of a point is the number of its neighbours in
%   the region, the vital point the one of highest degree):
%
%     - three points, straight or bent: the middle (degrees 1 1 2);
%     - a pyramid four (1 1 1 3) and a bulky five (1 2 2 2 3): the
%       point of degree 3;
%     - a crossed five (1 1 1 1 4) and a rabbity six (1 1 2 2 2 4): the
%       centre, of degree 4.
%
%   Other regions (a straight or bent four, a square four, most fives
%   and sixes) have no vital point: two eyes whoever plays first, or one.
%   White's bent three in the corner, [0, 0], [0, 1] and [1, 0]: the
%   vital point is the corner:
%
%   ?- board_rows(_B, ["--w--", "-ww--", "ww---", "-----", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [0, 1], _I),
%      nakade_point(_FB, _I, 2, _V), fb_index(_FB, Pos, _V).
%   Pos = [0, 0].
nakade_point(FB, I, Owner, Vital) :-
    FB = fb(Cells, _, _, _, W, _, _, _),
    arg(I, Cells, C),
    C =\= Owner, C =\= 3,
    space(I, FB, Owner, Space),
    vital(Space, W, Vital).

%   space(+I, +FB, +Owner, -Space): Space are the points of the region of
%   I without Owner's stones, three to six of them; fails as soon as a
%   seventh is found (a flood from I: most regions of an open board end
%   there after a few points).
space(I, FB, Owner, Space) :-
    FB = fb(Cells, _, _, _, W, _, _, Chains),
    flood([I], Cells, Chains, W, Owner, 9, 1, [I], small(K, Space)),
    K >= 3.

%   flood(+Todo, +Cells, +Chains, +W, +Owner, +Stop, +K0, +Seen0, -Region):
%   Region is small(K, Space), the K points of the region (six at most),
%   or big(Seen), the points seen when a seventh was found, or a stone of
%   colour Stop (9: none stops it).
flood([], _, _, _, _, _, K, Space, small(K, Space)).
flood([P|Ps], Cells, Chains, W, Owner, Stop, K0, Seen0, Region) :-
    N is P - W, S is P + W, E is P + 1, Wst is P - 1,
    (   reach(N, Cells, Chains, Owner, Stop, K0, K1, Seen0, Seen1, Ps, Ps1),
        reach(S, Cells, Chains, Owner, Stop, K1, K2, Seen1, Seen2, Ps1, Ps2),
        reach(E, Cells, Chains, Owner, Stop, K2, K3, Seen2, Seen3, Ps2, Ps3),
        reach(Wst, Cells, Chains, Owner, Stop, K3, K4, Seen3, Seen4, Ps3, Ps4)
    ->  flood(Ps4, Cells, Chains, W, Owner, Stop, K4, Seen4, Region)
    ;   Region = big(Seen0)
    ).

%   reach(+J, +Cells, +Chains, +Owner, +Stop, +K0, -K, +Seen0, -Seen,
%   +Todo0, -Todo): J joins the region (K0 points so far, Seen0) unless
%   it holds Owner's stone, is off the board or was seen; fails at a
%   seventh point, at a stone of colour Stop, or at once at a stone whose
%   chain would not fit in six.
reach(J, Cells, Chains, Owner, Stop, K0, K, Seen0, Seen, Todo0, Todo) :-
    arg(J, Cells, C),
    (   ( C =:= Owner ; C =:= 3 ; memberchk(J, Seen0) )
    ->  K = K0, Seen = Seen0, Todo = Todo0
    ;   K0 < 6,
        (   C =:= 0 -> true
        ;   C =\= Stop,
            Chains = ch(Root, _, _, Size, _),
            arg(J, Root, R), arg(R, Size, Stones),
            K0 + Stones =< 6
        ),
        K is K0 + 1, Seen = [J|Seen0], Todo = [J|Todo0]
    ).

%!  their_space(+J, +FB, +X) is semidet.
%
%   The empty point J lies in an eye space of the opponent's (six points
%   at most without its stones, enclosed by them and the edge): X's
%   stones there are given up to leave it one eye (nakade), so a
%   self-atari is no loss.
their_space(J, FB, X) :-
    FB = fb(Cells, _, _, _, W, _, _, Chains),
    Y is 3 - X,
    flood([J], Cells, Chains, W, Y, 9, 1, [J], small(_, _)).

%!  own_space(+J, +FB, +Cells, +W, +X) is semidet.
%
%   The empty point J lies in an eye space of X's that holds no stone:
%   three to six empty points enclosed by X's stones and the edge; J is
%   not its vital point (there is none, or it is another).  A point with
%   a stone of the opponent next to it, or with empty points only, is
%   not looked at (it would be the centre of a crossed five or a rabbity
%   six: the vital point).
own_space(J, FB, Cells, W, X) :-
    N is J - W, S is J + W, E is J + 1, Wst is J - 1,
    arg(N, Cells, CN), arg(S, Cells, CS), arg(E, Cells, CE), arg(Wst, Cells, CW),
    Y is 3 - X,
    CN =\= Y, CS =\= Y, CE =\= Y, CW =\= Y,
    CN + CS + CE + CW > 0,
    arg(8, FB, Chains),
    flood([J], Cells, Chains, W, X, Y, 1, [J], small(K, Space)),
    K >= 3,
    \+ vital(Space, W, J).

%   vital(+Space, +W, -V): V is the vital point of the region Space
%   (nakade_point/4): the point of highest degree, when the degrees
%   sorted are one of the shapes that have one.
vital(Space, W, V) :-
    degrees(Space, Space, W, Ds),
    msort(Ds, Sorted),
    pairs_keys(Sorted, Keys),
    vital_shape(Keys),
    last(Sorted, _-V).

vital_shape([1, 1, 2]).                 % straight or bent three
vital_shape([1, 1, 1, 3]).              % pyramid four
vital_shape([1, 2, 2, 2, 3]).           % bulky five
vital_shape([1, 1, 1, 1, 4]).           % crossed five
vital_shape([1, 1, 2, 2, 2, 4]).        % rabbity six

degrees([], _, _, []).
degrees([P|Ps], Space, W, [D-P|Ds]) :-
    N is P - W, S is P + W, E is P + 1, Wst is P - 1,
    in(N, Space, 0, D1), in(S, Space, D1, D2), in(E, Space, D2, D3), in(Wst, Space, D3, D),
    degrees(Ps, Space, W, Ds).

in(J, Space, D0, D) :-
    (   memberchk(J, Space) -> D is D0 + 1 ; D = D0 ).
