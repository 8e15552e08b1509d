:- module(go_weighing,
          [ read_chains/5,           % +FB, +X, +Options, +Candidates0, -Candidates
            eye_groups/5,            % +FB, +X, +Options, +Candidates0, -Candidates
            critical_groups/5,       % +FB, +X, +Options, +Candidates0, -Candidates
            pressing/3,              % +FB, +Ataris, +Group
            savable_ataris/3,        % +FB, +X, -Chains
            approached_chains/4,     % +FB, +X, +Last, -Chains
            answered/5,              % +FB, +X, +Approached, +I-Value0, -I-Value
            rescued/5,               % +FB, +X, +Threatened, +I-Value0, -I-Value
            raced/5,                 % +FB, +X, +Races, +I-Value0, -I-Value
            prior/4,                 % +FB, +Stones, +I-Value, -I-Prior
            place_bonus/3            % +FB, +I, -Bonus
          ]).

/** <module> Go: what each candidate is worth before the search

Start reading at prolog/go.pl (the entry module), then player.pl
(go_player): its turn gathers the candidates (candidates.pl), each with
its tactical value (go_tactics:move_value/4: captures, saving a chain in
atari, atari), and before it ranks them by the search tree
(go_uct:uct_search/6) it weighs them here, in the order of its
mc_choice/10:

  1. read_chains/5 (option reading(true)): 12 points a stone to a move
     that saves or kills a chain of two to four liberties by
     go_reading:reading_points/4;
  2. eye_groups/5 (option eyes(true)): 12 to a move that makes a weak
     group live or kills one by its eye space (go_owl:eye_points/4);
  3. critical_groups/5 (option owl(true)): 12 and a point a stone to the
     defence point of a critical group, read a few moves deep
     (go_owl_reading:owl_critical/4), when the group presses
     (pressing/3: it is short of liberties, or no chain in atari can be
     saved first, savable_ataris/3); 6, a prior only, to the other
     defence points and to the opponent's killing points;
  4. answered/5 (from 13x13): 12 and its liberties to a move that answers
     an approach, a chain the opponent's last move left with two
     liberties (approached_chains/4);
  5. raced/5: what the move does for a capturing race the player loses
     if the opponent moves first (go_tactics:race_value/5);
  6. rescued/5: what it does for a chain of two liberties the opponent
     could capture next (go_tactics:rescue_value/5).

A point that the first three find and that was not a candidate (settled,
or on the first two lines in the opening) becomes one.  The value a
candidate ends with is what urgent.pl (go_urgent) compares: 12 is
enough to play the move before the search's choice unless the search
finds it clearly worse.  prior/4 turns the value into the win rate the
search's tree starts the candidate with, on boards from 13x13 with the
place bonus (place_bonus/3: empty corners first, then extensions along
the sides, then the points near the stones), which the player's
heuristic choice (go_player, beyond option mc_max_size(S)) uses too.

Points are indices of the board of go_fastboard (fb_index/3); X is the
colour to move, 1 or 2 (fb_colour/2); a candidate is I-Value.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(fastboard).
:- use_module(tactics).
:- use_module(reading, [reading_points/4]).
:- use_module(owl, [eye_points/4, sum_stones/2]).
:- use_module(owl_reading, [owl_critical/4, owl_kills/4]).
:- use_module(board, [board_rows/2]).   % for the examples

%!  read_chains(+FB, +X, +Options, +Candidates0, -Candidates) is det.
%
%   With option reading(true), each candidate plus read_weight/1 points a
%   stone for the stones that X's move there saves or kills by reading
%   (go_reading:reading_points/4: chains of two to four liberties that
%   die if the side that owns them does not move); such a point that was
%   not a candidate (settled, or on the first two lines in the opening)
%   becomes one.  Else Candidates0:
%
%   ?- board_rows(_B, ["---", "---", "---"]), fb_new(_B, _FB),
%      read_chains(_FB, 1, [], [5-3, 7-0], Candidates).
%   Candidates = [5-3, 7-0].
read_chains(FB, X, Options, Candidates0, Candidates) :-
    (   option(reading(true), Options)
    ->  reading_points(FB, X, [], Points),
        read_weight(K),
        add_points(FB, X, K, Points, Candidates0, Candidates)
    ;   Candidates = Candidates0
    ).

read_weight(12).

%!  eye_groups(+FB, +X, +Options, +Candidates0, -Candidates) is det.
%
%   With option eyes(true), each candidate plus eye_weight/1 points if X's move there
%   makes a weak group live or kills one by its eye space
%   (go_owl:eye_points/4: a second eye, the vital point of a straight or
%   bent three, a block that keeps an eye on the edge; the same points of
%   the opponent's weak groups); such a point that was not a candidate
%   (settled, or on the first two lines in the opening) becomes one.
%   Else Candidates0.  The weight is one for the point, not one a stone
%   as read_chains/5's: eye_weight/1 is enough for urgent/4 to play the
%   point before the search's choice unless it finds it clearly worse,
%   and a capture or a rescue of two stones or more still goes first.
%   Weighed a stone (and before go_owl:eye_points/4 kept only the groups
%   the opponent can kill), the points of big groups (read one move deep,
%   with the opponent given every point next to its stones: often right,
%   often not urgent) went before every capture and rescue, and the
%   player found GNU Go's defences half as often (docs/go.md, *Measured*).
eye_groups(FB, X, Options, Candidates0, Candidates) :-
    (   option(eyes(true), Options)
    ->  eye_points(FB, X, [], Points0),
        findall(I-1, member(I-_, Points0), Points),   % one a point
        eye_weight(K),
        add_points(FB, X, K, Points, Candidates0, Candidates)
    ;   Candidates = Candidates0
    ).

eye_weight(12).

%!  critical_groups(+FB, +X, +Options, +Candidates0, -Candidates) is det.
%
%   With option owl(true), each candidate plus owl_weight/1 and a point a
%   stone (owl_stone_weight/1) if X's move there is the defence point of
%   a critical group of X's that presses (go_owl_reading:owl_critical/4: read a
%   few moves deep on the group's eye space; critical: it lives if X
%   moves first and dies if the opponent does; pressing/3), enough for
%   urgent/4 to play it unless the search finds it clearly worse, the
%   bigger group's first.  Plus owl_kill_weight/1, a better prior only,
%   if it is the defence point of a critical group that does not press,
%   or the killing point of a critical group of the opponent's
%   (go_owl_reading:owl_kills/4).  Played first, the killing points took the
%   place of the defence GNU Go wanted in 4 of 80 9x9 positions
%   (docs/go.md, *Measured*).  A point that was not a candidate becomes
%   one.  Option owl_stones(K) sets the weight a stone (default
%   owl_stone_weight/1).  Else Candidates0.  White's group of seven on
%   the edge of a 7x7 board has a straight three for eye space and
%   short liberties: its vital point, the middle, [6, 3], is its
%   defence, 12 and 7 for its stones; for Black it is the killing
%   point, a prior of 6:
%
%   ?- board_rows(_B, ["-------", "-------", "-------", "-------", "bbbbbbb",
%                      "bwwwwwb", "bw---wb"]),
%      fb_new(_B, _FB),
%      critical_groups(_FB, 2, [owl(true)], [], [_D-White]),
%      critical_groups(_FB, 1, [owl(true)], [], [_D-Black]),
%      fb_index(_FB, D, _D).
%   White = 19,
%   Black = 6,
%   D = [6, 3].
critical_groups(FB, X, Options, Candidates0, Candidates) :-
    (   option(owl(true), Options)
    ->  owl_critical(FB, X, [], Groups),
        owl_kills(FB, X, [], Kills),
        savable_ataris(FB, X, Ataris),
        partition(pressing(FB, Ataris), Groups, Pressing, Waiting),
        owl_weight(K0),
        owl_stone_weight(KS0),
        option(owl_stones(KS), Options, KS0),
        owl_kill_weight(KK),
        findall(D-N,
                ( member(critical(Stones, D, _), Pressing), length(Stones, N) ),
                Defences0),
        msort(Defences0, Defences1),
        sum_stones(Defences1, Defences),             % one a point, the stones summed
        findall(D-V, ( member(D-N, Defences), V is K0 + KS * N ), Saves),
        findall(D, member(critical(_, D, _), Waiting), Waits),
        findall(I, member(I-_, Kills), Killing),
        append(Waits, Killing, Priors0),
        findall(I-KK, ( member(I, Priors0), \+ memberchk(I-_, Saves) ), Priors1),
        sort(Priors1, Priors),
        append(Saves, Priors, Points),
        add_points(FB, X, 1, Points, Candidates0, Candidates)
    ;   Candidates = Candidates0
    ).

%!  pressing(+FB, +Ataris, +Group) is semidet.
%
%   The critical Group of X's (critical(Stones, D, K) of
%   go_owl_reading:owl_critical/4) is urgent now, its defence point worth
%   playing before the search's choice: a chain of its stones has two
%   liberties or fewer (it is in danger now, whatever else is on the
%   board), or X has no chain in atari that it can save (Ataris of
%   savable_ataris/3 is []).  A rescue is sure, a reading three moves
%   deep is not: in a 13x13 game (docs/go.md, *Measured*) a group of
%   seven stones, no chain of it short of liberties, was read critical
%   at every move for 14 plies while neither side played there, and its
%   defence point went before D1, the capture that saves four stones in
%   atari (go.plt, unit go_owl, owl_the_rescue_before_the_reading).
%   Black's two stones in the middle have two liberties: a group of
%   them presses, even with a chain in atari to save:
%
%   ?- board_rows(_B, ["-----", "-----", "-wbbw", "--ww-", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [2, 2], _S),
%      pressing(_FB, [_S], critical([_S], _, _)).
%   true.
pressing(FB, _, critical(Stones, _, _)) :-
    member(S, Stones),
    fb_liberties(FB, S, 3, Libs),
    Libs \= [_, _, _],
    !.
pressing(_, [], _).

%!  savable_ataris(+FB, +X, -Chains) is det.
%
%   Chains are X's chains of two stones or more in atari that X, to
%   move, can save (go_tactics:escapes/4: a capture, or an extension the
%   opponent cannot ladder), each as a stone of it.  Black's two stones
%   on the top edge have one liberty, and capturing White's corner stone
%   saves them:
%
%   ?- board_rows(_B, ["wbb-w", "-ww--", "-----", "-----", "-----"]),
%      fb_new(_B, _FB), savable_ataris(_FB, 1, [_S]),
%      fb_index(_FB, Stone, _S).
%   Stone = [0, 1].
savable_ataris(FB, X, Chains) :-
    fb_points(FB, Is),
    findall(R,
            ( member(S, Is),
              fb_cell(FB, S, X),
              fb_chain(FB, S, [R, _|_]),
              R =:= S,                          % once a chain: its first stone
              fb_liberties(FB, S, 2, [_]),
              escapes(FB, X, S, 8) ),           % go_tactics' ladder depth
            Chains).

owl_weight(12).
owl_stone_weight(1).
owl_kill_weight(6).

%   add_points(+FB, +X, +K, +Points, +Candidates0, -Candidates): each
%   candidate I-Value0 of Candidates0 plus K times the stones of I-Stones
%   in Points, and each point of Points that was not a candidate added,
%   its value go_tactics:move_value/4 plus K times its stones.
add_points(FB, X, K, Points, Candidates0, Candidates) :-
    findall(I-Value,
            ( member(I-Value0, Candidates0),
              ( memberchk(I-Stones, Points) -> true ; Stones = 0 ),
              Value is Value0 + K * Stones ),
            Kept),
    findall(I-Value,
            ( member(I-Stones, Points),
              \+ memberchk(I-_, Candidates0),
              move_value(FB, X, I, Value0),
              Value is Value0 + K * Stones ),
            Added),
    append(Kept, Added, Candidates).

%!  approached_chains(+FB, +X, +Last, -Chains) is det.
%
%   On boards from 13x13, where a few hundred random games cannot see a
%   fight, Chains are X's chains that the opponent's last move Last
%   touches and that it left with two liberties: *approached*, one more
%   move puts them in atari.  Each is S-Size, a stone of the chain and
%   its stones.  [] on smaller boards, where the search reads it:
%
%   ?- board_rows(_B, ["---", "-b-", "-w-"]), fb_new(_B, _FB),
%      fb_index(_FB, [2, 1], _Last),
%      approached_chains(_FB, 1, _Last, Chains).
%   Chains = [].
approached_chains(FB, X, Last, Chains) :-
    fb_size(FB, N),
    (   N >= 13, Last > 0
    ->  fb_neighbours(FB, Last, Js),
        findall(R-S-Size,
                ( member(S, Js), fb_cell(FB, S, X),
                  fb_liberties(FB, S, 3, [_, _]),
                  fb_chain(FB, S, Stones), Stones = [R|_],
                  length(Stones, Size) ),
                Found),
        sort(1, @<, Found, Chains0),                % one entry a chain
        findall(S-Size, member(_-S-Size, Chains0), Chains)
    ;   Chains = []
    ).

%!  answered(+FB, +X, +Approached, +I-Value0, -I-Value) is det.
%
%   Value0 plus, when
%   X's stone on I gives an approached chain three liberties or more (it
%   extends, or captures a neighbour), approach_weight/1 and the
%   liberties it then has: a local answer weighs as much as a rescue, so
%   urgent/4 plays it unless the search finds it clearly worse, and the
%   answer that gains most liberties goes first.
answered(_, _, [], Candidate, Candidate) :- !.
answered(FB, X, Approached, I-Value0, I-Value) :-
    (   fb_legal(FB, X, I),
        findall(Libs,
                ( fb_play(FB, X, I, _),
                  member(S-_, Approached),
                  fb_cell(FB, S, X),
                  fb_liberties(FB, S, 9, Ls), length(Ls, Libs),
                  Libs >= 3 ),
                Gains),
        max_list(Gains, Most)
    ->  approach_weight(W),
        Value is Value0 + W + Most
    ;   Value = Value0
    ).

approach_weight(12).

%!  rescued(+FB, +X, +Threatened, +I-Value0, -I-Value) is det.
%
%   Value0 plus what
%   the move does for X's Threatened chains (go_tactics:rescue_value/5).
rescued(FB, X, Threatened, I-Value0, I-Value) :-
    rescue_value(FB, X, Threatened, I, Rescue),
    Value is Value0 + Rescue.

%!  raced(+FB, +X, +Races, +I-Value0, -I-Value) is det.
%
%   Value0 plus what the move
%   does for the capturing races X loses if the opponent moves first
%   (go_tactics:race_value/5).
raced(FB, X, Races, I-Value0, I-Value) :-
    race_value(FB, X, Races, I, Race),
    Value is Value0 + Race.

%!  prior(+FB, +Stones, +I-Value, -I-Prior) is det.
%
%   Prior is the win rate a candidate starts with, Stones the stones on
%   the board: one half, more for a good tactical value, less for a
%   point on the first two lines while the board is still open.  From
%   13x13 up, where a few hundred random games say little about the
%   whole board, the place bonus of place_bonus/3 too: the corners
%   first, then the sides.  The middle of an empty 5x5 board with a
%   tactical value of 6, and the 4-4 point of an empty 13x13 board with
%   none (the place bonus, 30, and the cap, 0.95):
%
%   ?- board_rows(_B, ["-----", "-----", "-----", "-----", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [2, 2], _I),
%      prior(_FB, 0, _I-6, _-Prior).
%   Prior = 0.6.
%
%   ?- length(_Rows, 13), maplist(=("-------------"), _Rows),
%      board_rows(_B, _Rows), fb_new(_B, _FB), fb_index(_FB, [3, 3], _I),
%      prior(_FB, 0, _I-0, _-Prior).
%   Prior = 0.95.
prior(FB, Stones, I-Value, I-Prior) :-
    line(FB, I, Line),
    fb_size(FB, N),
    (   Stones * 4 < N * N, Line =< 2 -> Edge = -0.1 ; Edge = 0 ),
    (   N >= 13 -> place_bonus(FB, I, Bonus) ; Bonus = 0 ),
    Prior is max(0.05, min(0.95, 0.5 + (Value + Bonus) / 60 + Edge)).

%!  place_bonus(+FB, +I, -Bonus) is det.
%
%   Bonus says where a stone is worth most when tactics say nothing: a corner point (the 3-3, 3-4 and 4-4 points) of an empty
%   corner, then a point on the third or fourth line far from every stone
%   (an extension along a side), then a point near the stones; the first
%   two lines are poor while the board is open.  On an empty 13x13
%   board the 4-4 point and a point of the first line:
%
%   ?- length(_Rows, 13), maplist(=("-------------"), _Rows),
%      board_rows(_B, _Rows), fb_new(_B, _FB),
%      fb_index(_FB, [3, 3], _I), place_bonus(_FB, _I, Corner),
%      fb_index(_FB, [0, 6], _J), place_bonus(_FB, _J, Edge).
%   Corner = 30,
%   Edge = -10.
place_bonus(FB, I, Bonus) :-
    line(FB, I, Line),
    fb_index(FB, [R, C], I),
    fb_size(FB, N),
    (   corner_point(N, R, C), nearest_stone(FB, I, D), D >= 5
    ->  Bonus = 30
    ;   memberchk(Line, [3, 4]), nearest_stone(FB, I, D), D >= 4
    ->  Bonus = 15
    ;   Line =< 2, nearest_stone(FB, I, D), D >= 3
    ->  Bonus = -10
    ;   nearest_stone(FB, I, D), D =< 2
    ->  Bonus is 6 - D
    ;   Bonus = 0
    ).

%   corner_point(+N, +R, +C): [R, C] is a 3-3, 3-4, 4-3 or 4-4 point of a
%   corner (lines counted from each edge).
corner_point(N, R, C) :-
    N >= 13,
    LR is min(R, N - 1 - R) + 1,
    LC is min(C, N - 1 - C) + 1,
    memberchk(LR, [3, 4]),
    memberchk(LC, [3, 4]).

%   nearest_stone(+FB, +I, -D): D is the distance (the larger of the row
%   and column distances) from I to the nearest stone, 9 at most.
nearest_stone(FB, I, D) :-
    fb_index(FB, [R, C], I),
    fb_points(FB, Is),
    foldl(closer(FB, R, C), Is, 9, D).

closer(FB, R, C, J, D0, D) :-
    (   fb_cell(FB, J, S), S > 0
    ->  fb_index(FB, [R1, C1], J),
        D is min(D0, max(abs(R - R1), abs(C - C1)))
    ;   D = D0
    ).
