:- module(go_tactics,
          [ move_value/4,            % +FB, +X, +I, -Value
            move_features/4,         % +FB, +X, +I, -Features
            escapes/4,               % +FB, +X, +S, +Depth
            threatened_chains/3,     % +FB, +X, -Chains
            rescue_value/5,          % +FB, +X, +Chains, +I, -Value
            races/3,                 % +FB, +X, -Races
            race_value/5,            % +FB, +X, +Races, +I, -Value
            own_true_eye/3,          % +FB, +X, +I
            line/3                   % +FB, +I, -Line
          ]).

/** <module> Go: the machine's tactics (atari, captures, ladders, eyes)

Start reading at prolog/go.pl (the entry module).  The machine player
(go_player) asks here what a move does: move_features/4 plays it on a
board that changes in place (go_fastboard) and looks at the chains next to
it, then move_value/4 weighs what it found.  Everything is read from the
board: no patterns.

A chain in *atari* has one liberty.  It is saved when its owner, to move,
can capture a chain of the attacker that touches it and is in atari
itself, or can extend on its liberty to three liberties, or to two that the
attacker cannot take away in turn (escapes/4 reads this to a fixed depth:
that is the reading of a ladder).  A chain with *two* liberties is in
danger when the attacker, to move, can put it in atari so that it cannot
escape (captured/5); threatened_chains/3 finds them before the machine
chooses, and rescue_value/5 values a move by the stones of those chains it
makes safe, wherever it is played (extending, or capturing an attacker).

A *capturing race* is two chains in contact, one of each colour, each with
two or three liberties: each must capture the other to live.  races/3
finds those X loses if the opponent moves first, reading the race
(race_won/5): moves on the liberties of the two chains only, three moves
deep, then the side to move wins if the other chain has no more
liberties than its own (it fills first).  race_value/5 values a move by
the stones of the races it turns round, so that the machine plays the
liberty that wins a race before the random games of its search see it.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(board).
:- use_module(fastboard).

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

%   The weights of move_value/4: points per stone.
capture_weight(12).        % a stone captured
save_weight(12).           % a stone of ours taken out of atari for good
atari_weight(3).           % a stone put in atari that can still run
ladder_weight(9).          % a stone put in atari that cannot escape
self_atari_weight(-14).    % a stone of ours put in atari without capturing
ladder_depth(8).           % attacker moves read in a ladder

%!  move_features(+FB, +X, +I, -Features) is semidet.
%
%   Features says what colour X's stone on the empty point I does (fails if
%   X may not play there):
%   f(Captured, Saved, Atari, Ladder, SelfAtari, Libs) with Captured the
%   stones it takes, Saved the stones of X's chains in atari next to I that
%   it takes out of atari for good (escapes/4), Atari the opponent's stones
%   it puts in atari that can still escape, Ladder those that cannot,
%   SelfAtari the stones of its own chain when that chain is left with one
%   liberty and nothing was captured, Libs the liberties of that chain (3 at
%   most are counted).  White's lone stone on the corner is in atari;
%   Black takes it:
%
%   ?- board_rows(_B, ["wb-", "---", "---"]), fb_new(_B, _FB),
%      fb_index(_FB, [1, 0], _I), move_features(_FB, 1, _I, F).
%   F = f(1, 0, 0, 0, 0, 3).
move_features(FB, X, I, Features) :-
    fb_legal(FB, X, I),
    Y is 3 - X,
    fb_neighbours(FB, I, Js),
    chains_in_atari(FB, X, Js, Weak),
    findall(Features0,
            ( fb_play(FB, X, I, Captured),
              fb_liberties(FB, I, 3, Libs),
              length(Libs, NLibs),
              saved_stones(FB, X, Weak, Captured, NLibs, I, Saved),
              atari_stones(FB, Y, Js, Atari, Ladder),
              (   NLibs =:= 1, Captured =:= 0
              ->  fb_chain(FB, I, Own), length(Own, SelfAtari)
              ;   SelfAtari = 0
              ),
              Features0 = f(Captured, Saved, Atari, Ladder, SelfAtari, NLibs) ),
            [Features]).

%!  move_value(+FB, +X, +I, -Value) is semidet.
%
%   Value weighs move_features/4 (see the weights at the top of this file):
%   captures, saves and atari count for, self-atari against.
move_value(FB, X, I, Value) :-
    move_features(FB, X, I, f(Captured, Saved, Atari, Ladder, SelfAtari, _)),
    capture_weight(KC), save_weight(KS), atari_weight(KA),
    ladder_weight(KL), self_atari_weight(KSA),
    Value is KC * Captured + KS * Saved + KA * Atari + KL * Ladder + KSA * SelfAtari.

%   chains_in_atari(+FB, +X, +Js, -Weak): Weak are the chains of X
%   (a stone of each, and its size) among the points Js that are in atari.
chains_in_atari(FB, X, Js, Weak) :-
    findall(S-Size,
            ( member(S, Js), fb_cell(FB, S, X),
              fb_liberties(FB, S, 2, [_]),
              fb_chain(FB, S, Stones), length(Stones, Size) ),
            Weak0),
    dedup_chains(Weak0, FB, Weak).

dedup_chains([], _, []).
dedup_chains([S-Size|Rest], FB, [S-Size|Weak]) :-
    fb_chain(FB, S, Stones),
    exclude(in_chain(Stones), Rest, Rest1),
    dedup_chains(Rest1, FB, Weak).

in_chain(Stones, T-_) :-
    memberchk(T, Stones).

%   saved_stones(+FB, +X, +Weak, +Captured, +NLibs, +I, -Saved): the stones
%   of the chains Weak (in atari before the move, now joined to I or freed
%   by a capture) that the opponent can no longer capture.
saved_stones(_, _, [], _, _, _, 0) :- !.
saved_stones(FB, X, Weak, _, _, _, Saved) :-
    ladder_depth(D),
    Y is 3 - X,
    foldl(saved_chain(FB, X, Y, D), Weak, 0, Saved).

saved_chain(FB, X, Y, D, S-Size, N0, N) :-
    fb_liberties(FB, S, 3, Libs),
    length(Libs, K),
    (   K >= 3 -> N is N0 + Size
    ;   K =:= 2, \+ captured(FB, Y, X, S, D) -> N is N0 + Size
    ;   N = N0
    ).

%   atari_stones(+FB, +Y, +Js, -Atari, -Ladder): the stones of Y's chains
%   among Js put in atari, split into those that can escape and those that
%   cannot (Y to move).
atari_stones(FB, Y, Js, Atari, Ladder) :-
    chains_in_atari(FB, Y, Js, Chains),
    ladder_depth(D),
    foldl(atari_chain(FB, Y, D), Chains, 0-0, Atari-Ladder).

atari_chain(FB, Y, D, S-Size, A0-L0, A-L) :-
    (   escapes(FB, Y, S, D) -> A is A0 + Size, L = L0
    ;   A = A0, L is L0 + Size
    ).

%!  escapes(+FB, +X, +S, +Depth) is semidet.
%
%   X's chain of the stone S is in atari, X to move, and X can save it: by
%   capturing a chain in atari that touches it, or by extending on its
%   liberty to three liberties or more, or to two that the opponent cannot
%   take in Depth more attacks (a ladder).
escapes(FB, X, S, Depth) :-
    Depth > 0,
    fb_liberties(FB, S, 2, [L]),
    Y is 3 - X,
    (   capture_to_escape(FB, X, Y, S)
    ->  true
    ;   fb_legal(FB, X, L),
        \+ \+ ( fb_play(FB, X, L, _),
                fb_liberties(FB, S, 3, Libs),
                length(Libs, K),
                (   K >= 3
                ->  true
                ;   K =:= 2,
                    D1 is Depth - 1,
                    \+ captured(FB, Y, X, S, D1)
                ) )
    ).

%   capture_to_escape(+FB, +X, +Y, +S): a chain of Y touching X's chain of
%   S is in atari, and X may take it.
capture_to_escape(FB, X, Y, S) :-
    fb_chain(FB, S, Stones),
    member(T, Stones),
    fb_neighbours(FB, T, Js),
    member(J, Js),
    fb_cell(FB, J, Y),
    fb_liberties(FB, J, 2, [L]),
    fb_legal(FB, X, L),
    !.

%   captured(+FB, +Y, +X, +S, +Depth): X's chain of S has two liberties, Y
%   to move, and Y can put it in atari on one of them so that it cannot
%   escape.
captured(FB, Y, X, S, Depth) :-
    fb_liberties(FB, S, 3, Libs),
    Libs = [_, _],
    member(A, Libs),
    fb_legal(FB, Y, A),
    \+ \+ ( fb_play(FB, Y, A, _),
            fb_cell(FB, S, X),
            fb_liberties(FB, S, 2, [_]),
            \+ escapes(FB, X, S, Depth) ),
    !.

%!  threatened_chains(+FB, +X, -Chains) is det.
%
%   Chains are X's chains with two liberties that the opponent, to move,
%   can capture (captured/5: an atari the chain cannot escape), each as
%   S-Size, S one of its stones.  White's two stones on the edge, Black
%   to move, die by an atari from either side:
%
%   ?- board_rows(_B, ["--ww-", "-bbb-", "-----", "-----", "-----"]),
%      fb_new(_B, _FB), threatened_chains(_FB, 2, [_-Size]).
%   Size = 2.
threatened_chains(FB, X, Chains) :-
    Y is 3 - X,
    ladder_depth(D),
    fb_points(FB, Is),
    findall(R-S, ( member(S, Is), fb_cell(FB, S, X), fb_chain(FB, S, [R|_]) ), Pairs0),
    sort(1, @<, Pairs0, Pairs),            % one stone per chain
    findall(S-Size,
            ( member(_-S, Pairs),
              fb_liberties(FB, S, 3, [_, _]),
              captured(FB, Y, X, S, D),
              fb_chain(FB, S, Stones), length(Stones, Size) ),
            Chains).

%!  rescue_value(+FB, +X, +Chains, +I, -Value) is det.
%
%   Value is save_weight/1 points for each stone of the threatened Chains
%   (threatened_chains/3) that X's stone on I leaves safe: still on the
%   board with three liberties or more, or two the opponent cannot take
%   (captured/5).  0 when X may not play on I.
rescue_value(_, _, [], _, 0) :- !.
rescue_value(FB, X, Chains, I, Value) :-
    Y is 3 - X,
    ladder_depth(D),
    save_weight(KS),
    (   fb_legal(FB, X, I)
    ->  findall(V,
                ( fb_play(FB, X, I, _),
                  foldl(safe_now(FB, X, Y, D), Chains, 0, Safe),
                  V is KS * Safe ),
                [Value])
    ;   Value = 0
    ).

safe_now(FB, X, Y, D, S-Size, N0, N) :-
    (   fb_cell(FB, S, X),
        fb_liberties(FB, S, 3, Libs),
        length(Libs, K),
        (   K >= 3 -> true ; K =:= 2, \+ captured(FB, Y, X, S, D) )
    ->  N is N0 + Size
    ;   N = N0
    ).

race_weight(6).            % a stone of a race turned round (both chains)
race_depth(3).             % moves read in a capturing race
race_liberties(3).         % chains with more liberties are not racing
race_stake(4).             % races of fewer stones (both chains) are left to the search

%!  races(+FB, +X, -Races) is det.
%
%   Races are the capturing races X loses if the opponent moves first:
%   each is S-T-Stake, S a stone of X's chain and T of the opponent's
%   chain touching it, both with two to race_liberties/1 liberties (with
%   more, in an open position, nearly every move near them would count), the
%   opponent wins the race moving first (race_won/5), and Stake the stones
%   of the two chains, race_stake/1 at least.
races(FB, X, Races) :-
    Y is 3 - X,
    race_depth(D),
    race_liberties(Max),
    Max1 is Max + 1,
    fb_points(FB, Is),
    findall(R-S, ( member(S, Is), fb_cell(FB, S, X), fb_chain(FB, S, [R|_]) ), Pairs0),
    sort(1, @<, Pairs0, Pairs),
    findall(S-T-Stake,
            ( member(_-S, Pairs),
              fb_liberties(FB, S, Max1, LS), length(LS, KS), KS >= 2, KS =< Max,
              fb_chain(FB, S, SStones),
              enemy_chains(FB, Y, SStones, Ts),
              member(T, Ts),
              fb_liberties(FB, T, Max1, LT), length(LT, KT), KT >= 2, KT =< Max,
              race_won(FB, Y, T, S, D),
              fb_chain(FB, T, TStones),
              length(SStones, NS), length(TStones, NT),
              Stake is NS + NT,
              race_stake(Least), Stake >= Least ),
            Races).

%   enemy_chains(+FB, +Y, +Stones, -Ts): a stone of each chain of Y next to
%   Stones.
enemy_chains(FB, Y, Stones, Ts) :-
    findall(R-J, ( member(I, Stones), fb_neighbours(FB, I, Js), member(J, Js),
                   fb_cell(FB, J, Y), fb_chain(FB, J, [R|_]) ), Pairs0),
    sort(1, @<, Pairs0, Pairs),
    findall(J, member(_-J, Pairs), Ts).

%!  race_value(+FB, +X, +Races, +I, -Value) is det.
%
%   Value is race_weight/1 points for each stone at stake in the Races
%   (races/3) that X's stone on I wins: after it the opponent, moving
%   first, no longer wins the race, read as deep as races/3 read it (a
%   move elsewhere leaves the race as it was).  0 when X may not play on
%   I.
race_value(_, _, [], _, 0) :- !.
race_value(FB, X, Races, I, Value) :-
    Y is 3 - X,
    race_depth(D),
    race_weight(K),
    (   fb_legal(FB, X, I)
    ->  findall(V,
                ( fb_play(FB, X, I, _),
                  foldl(race_turned(FB, Y, D), Races, 0, Stake),
                  V is K * Stake ),
                [Value])
    ;   Value = 0
    ).

race_turned(FB, Y, D, S-T-Stake, N0, N) :-
    X is 3 - Y,
    (   fb_cell(FB, T, Y),
        fb_cell(FB, S, X),
        \+ race_won(FB, Y, T, S, D)
    ->  N is N0 + Stake
    ;   fb_cell(FB, T, 0)                 % the move captured T
    ->  N is N0 + Stake
    ;   N = N0
    ).

%   race_won(+FB, +X, +S, +T, +Depth): X, to move, wins the race of its
%   chain of S against the chain of T: it captures T now, or it has a move
%   on a liberty of either chain that leaves its own chain two liberties or
%   more and the opponent, to move, not winning; read Depth moves deep,
%   then X wins if T has no more liberties than S (X fills first).
race_won(FB, X, S, T, Depth) :-
    fb_liberties(FB, T, 2, LT),
    (   LT = [L]
    ->  fb_legal(FB, X, L)
    ;   Depth =< 0
    ->  fb_liberties(FB, S, 9, LS), length(LS, KS),
        fb_liberties(FB, T, 9, LT9), length(LT9, KT),
        KT =< KS
    ;   Y is 3 - X,
        D1 is Depth - 1,
        fb_liberties(FB, S, 9, LS),
        fb_liberties(FB, T, 9, LT9),
        append(LT9, LS, Ms0), sort(Ms0, Ms),
        member(M, Ms),
        fb_legal(FB, X, M),
        \+ \+ ( fb_play(FB, X, M, _),
                fb_cell(FB, S, X),
                (   fb_cell(FB, T, 0)
                ->  true
                ;   fb_liberties(FB, S, 3, [_, _|_]),
                    \+ race_won(FB, Y, T, S, D1)
                ) ),
        !
    ).

%!  own_true_eye(+FB, +X, +I) is semidet.
%
%   The empty point I is an eye of X that filling would waste: fb_eye/3,
%   and no chain of X around it is in atari (then filling can save it).
own_true_eye(FB, X, I) :-
    fb_eye(FB, X, I),
    fb_neighbours(FB, I, Js),
    \+ ( member(J, Js), fb_cell(FB, J, X), fb_liberties(FB, J, 2, [_]) ).

%!  line(+FB, +I, -Line) is det.
%
%   Line is the line of the point I counted from the nearest edge: 1 on
%   the edge, 3 for the 3-3 point's row.
line(FB, I, Line) :-
    fb_index(FB, [R, C], I),
    fb_size(FB, N),
    Line is min(min(R, C), min(N - 1 - R, N - 1 - C)) + 1.
