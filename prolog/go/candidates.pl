:- module(go_candidates,
          [ player_candidates/4,     % +Game, +Options, -FB, -Candidates
            settled_points/3,        % +Board, +FB, -Settled
            relieving_capture/3,     % +FB, +X, +I
            stones_on_board/2        % +FB, -Stones
          ]).

/** <module> Go: the points the machine player looks at

Start reading at prolog/go.pl (the entry module), then player.pl, whose
turn begins here: player_candidates/4 gives the empty points worth a look
for the side to move, each with its tactical value (go_tactics:move_value/4:
captures, saving a chain in atari, atari).  Left out are:

  - its own true eyes (go_tactics:own_true_eye/3): filling one is a waste;
  - a self-atari that captures nothing (a tactical value of -10 or less);
  - from 7x7 up while stones cover less than a quarter of the board, the
    first two lines, unless tactics say the point is worth something;
  - points already *settled*: an empty region of at most settled_region/2
    points walled in by one colour, once the stones go_dead proposes dead
    are off the board (settled_points/3).

## A settled point that still matters

The proposal of dead stones (go_dead) is a rule of thumb for the end of a
game: walls and eyes, no reading.  In the middle of a game it may call the
opponent's stones dead that are in fact winning a capturing race against a
weak chain of ours, and the region around them is then "ours" and settled,
so the move that captures them is never looked at.  With option
settled(tactics), the default, a settled point stays a candidate when a stone there takes
one of our chains out of atari for good, or captures stones that touch a
chain of ours with two liberties or fewer (relieving_capture/3): the capture
gives that chain the captured stones' points as liberties.  A capture of
stones that touch only strong chains of ours (a dead stone inside our
territory) stays left out: taking it would only spend a move.

In a game against GNU Go level 1 (bench/go_machine.py, seed 953, the
machine Black, before its 53rd move) White's five stones B4 B5 A5 B6 B7 had
one liberty, A6, and Black's A2 B2 B3 two, A3 and A1.  The proposal called
White's five stones dead, A6 was settled, and for four turns Black played
elsewhere while GNU Go's own reading said Black's three stones were critical
and A6 their defence; they died.  Capturing on A6 is a candidate worth 60
points with settled(tactics) (prolog/go.plt, captures_a_chain_the_proposal_calls_dead).
How often it happened in the machine's lost games, and what the option
measured: docs/go.md, *The machine player*.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(ordsets)).
:- use_module(library(aggregate)).
:- use_module(board).
:- use_module(rules).
:- use_module(dead).
:- use_module(fastboard).
:- use_module(tactics).

%!  player_candidates(+Game, +Options, -FB, -Candidates) is det.
%
%   FB is the position of Game on a go_fastboard board; Candidates are the
%   points (indices of FB) worth a look for the player to move, each as
%   I-Value with its tactical value (see the module header).  Option
%   settled(tactics) keeps a settled point where a stone takes a chain of
%   the player's out of atari or makes a relieving capture
%   (relieving_capture/3), the default; settled(drop) leaves every settled
%   point out (the player before it).
player_candidates(Game, Options, FB, Candidates) :-
    Game = go(_, _, P, _, _, _, _, _),
    go_board(Game, Board),
    fb_new(Board, FB),
    fb_colour(P, X),
    settled_points(Board, FB, Settled),
    option(settled(Keep), Options, tactics),
    fb_empties(FB, Empties),
    stones_on_board(FB, Stones),
    fb_size(FB, N),
    (   N >= 7, Stones * 4 < N * N -> Opening = true ; Opening = false ),
    findall(I-Value,
            ( member(I, Empties),
              \+ ( memberchk(I, Settled), \+ kept(Keep, FB, X, I) ),
              \+ own_true_eye(FB, X, I),
              move_value(FB, X, I, Value),
              Value > -10,
              \+ ( Opening == true, Value =< 0, line(FB, I, Line), Line =< 2 ) ),
            Candidates).

%   kept(+Keep, +FB, +X, +I): X's move on the settled point I stays a
%   candidate (option settled(Keep)).
kept(tactics, FB, X, I) :-
    (   move_features(FB, X, I, f(_, Saved, _, _, _, _)), Saved > 0
    ->  true
    ;   relieving_capture(FB, X, I)
    ).

%!  relieving_capture(+FB, +X, +I) is semidet.
%
%   X's stone on the empty point I captures an opponent chain (one in atari
%   whose liberty is I) that touches a chain of X's with two liberties or
%   fewer.  White's stone in the corner is in atari; Black on [1, 0] takes
%   it, and it touches Black's stone [0, 1], which has two liberties (a
%   relieving capture); next to Black's two stones, which have three, it
%   is not:
%
%   ?- board_rows(_B, ["wb---", "-----", "-----", "-----", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [1, 0], _I), relieving_capture(_FB, 1, _I).
%   true.
%
%   ?- board_rows(_B, ["wbb--", "-----", "-----", "-----", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [1, 0], _I), relieving_capture(_FB, 1, _I).
%   false.
relieving_capture(FB, X, I) :-
    fb_captures(FB, X, I, J),
    fb_chain(FB, J, Stones),
    member(S, Stones),
    fb_neighbours(FB, S, Ks),
    member(K, Ks),
    fb_cell(FB, K, X),
    fb_liberties(FB, K, 3, Libs),
    length(Libs, NLibs),
    NLibs =< 2,
    !.

%!  settled_points(+Board, +FB, -Settled) is det.
%
%   Settled are the empty points (indices of FB, the position of Board) of
%   the regions walled in by one colour of settled_region/2 points at most,
%   the proposed dead stones (go_dead:dead_stones/2) taken off.
settled_points(Board, FB, Settled) :-
    dead_stones(Board, Dead),
    remove_stones(Board, Dead, Clean),
    score_owner(Clean, Owner, _),
    string_chars(Owner, Chars),
    fb_size(FB, N),
    settled_region(N, Max),
    fb_new(Clean, Clear),
    fb_empties(Clear, Empties),
    regions(Empties, Clear, Regions),
    findall(I,
            ( member(Region, Regions),
              length(Region, K), K =< Max,
              Region = [I0|_],
              owner_at(Clear, Chars, I0, O), O \== '-',
              member(I, Region) ),
            Settled0),
    sort(Settled0, Settled).

%!  settled_region(+N, -Max) is det.
%
%   On an N x N board an empty region of Max points or fewer, walled in by
%   one colour, is taken as settled.
settled_region(N, Max) :-
    Max is max(4, N * N // 8).

owner_at(FB, Chars, I, O) :-
    fb_index(FB, [R, C], I),
    fb_size(FB, N),
    K is R * N + C,
    nth0(K, Chars, O).

%   regions(+Empties, +FB, -Regions): the empty regions (lists of indices)
%   of FB.
regions([], _, []).
regions([I|Is], FB, [Region|Regions]) :-
    region([I], FB, [I], Region0),
    sort(Region0, Region),
    ord_subtract(Is, Region, Rest),
    regions(Rest, FB, Regions).

region([], _, Seen, Seen).
region([I|Todo], FB, Seen, Region) :-
    fb_neighbours(FB, I, Js),
    findall(J, ( member(J, Js), fb_cell(FB, J, 0), \+ memberchk(J, Seen) ), New0),
    sort(New0, New),
    append(New, Todo, Todo1),
    append(New, Seen, Seen1),
    region(Todo1, FB, Seen1, Region).

%!  stones_on_board(+FB, -Stones) is det.
%
%   Stones is the number of stones on FB.
stones_on_board(FB, Stones) :-
    fb_points(FB, Is),
    aggregate_all(count, ( member(I, Is), fb_cell(FB, I, C), C > 0 ), Stones).
