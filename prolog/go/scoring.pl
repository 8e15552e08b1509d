:- module(go_scoring,
          [ scoring_proposal/4,      % +Board, +ToMove, -Dead, -Explain
            go_count/5,              % +Game, +Dead, -Score, -Owner, -Explain
            go_dead_marking/2,       % +Game, -Dead
            go_estimate/3,           % +Game, -Score, -Owner
            go_outcome/2,            % +Game, -Outcome
            go_result_code/2,        % +Outcome, -Code
            go_score/3               % +Game, -Score, -Owner
          ]).

/** <module> Go: the end of a game (the proposal, the count, the result)

Start reading at prolog/go.pl (the entry module).  The game layer
(go_rules, prolog/go/rules.pl) plays a game and holds its state term;
this module says how it ends: the proposal of dead stones that opens the
scoring phase, with the reasons the Prolog panel shows
(scoring_proposal/4, from go_dead's verdicts), the count of a position
with its dead stones off (go_count/5), the estimate of an unfinished
game (go_estimate/3) and the outcome and its result code.  go_rules
re-exports all of it: a game's end is part of the game layer, and a
student who loads prolog/go.pl sees one set of predicates.

## The count

go_count/5 counts a position with its dead stones taken off.  Area (the
documents' and the Chinese presets): stones plus the empty points enclosed
by one colour, as terminarJuego/3.  Territory (the Japanese preset): the
empty points enclosed by one colour (the points of the dead stones
included) plus the prisoners (the stones captured in play and the dead
stones), with the eyes of groups in seki counted for nobody (see
go_dead:seki_points/3).  Komi goes to White.


The proposal is go_dead's (prolog/go/dead.pl), made with the side to
move after the two passes: it decides a capturing race, or a corner
shape whose ko the side to move starts.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(library(aggregate)).
:- use_module(board).
:- use_module(dead).
:- use_module(rules, [go_new/2, go_play/4]).   % the examples' games (rules re-exports this module)

                 /*******************************
                 *         THE PROPOSAL         *
                 *******************************/

%!  scoring_proposal(+Board, +ToMove, -Dead, -Explain) is det.
%
%   Dead are the stones go_dead proposes dead on Board when play ends
%   with ToMove to move (dead_verdicts/3), as ordered points [R, C];
%   Explain lists, as Query-Answer strings, the goal that gives them and,
%   for each dead unit, why it is dead.  White's B4 alone in Black's
%   corner, Black's wall with the rest of the board for eyes:
%
%   ?- board_rows(_B, ["--b--", "-wb--", "bbb--", "-----", "-----"]),
%      scoring_proposal(_B, "w", Dead, Explain).
%   Dead = [[1, 1]],
%   Explain = ["dead_stones(Board, Dead)"-"Dead = [[1,1]]", "dead_verdicts(Board, Vs), member(dead(\"w\", Stones, _), Vs)"-"white 1 stone(s) at [1,1]...: eyes worth 0, 2 liberties, walled in by living stones"].
scoring_proposal(Board, ToMove, Dead, [Q-A|Why]) :-
    dead_verdicts(Board, ToMove, Verdicts),
    verdicts_dead(Verdicts, Dead),
    format(string(A), "Dead = ~w", [Dead]),
    foldl(verdict_explain, Verdicts, Why, []),
    proposal_query(Board, ToMove, Dead, Q).

%   proposal_query(+Board, +Next, +Dead, -Q): the goal that gives the
%   proposal Dead: dead_stones/2, or dead_stones/3 with the side to move
%   when it decided something (a capturing race, or a killing shape
%   whose owner plays first).
proposal_query(B, Next, Dead, Q) :-
    (   dead_stones(B, Dead)
    ->  Q = "dead_stones(Board, Dead)"
    ;   format(string(Q), "dead_stones(Board, ~q, Dead)", [Next])
    ).

%   verdicts_dead(+Verdicts, -Dead): the dead stones of dead_verdicts/2, as
%   dead_stones/2 gives them.
verdicts_dead(Verdicts, Dead) :-
    findall(Stones, member(dead(_, Stones, _), Verdicts), Lists),
    ord_union(Lists, Dead).

%   verdict_explain(+Verdict)//: the Query-Answer pair that says why a
%   unit of dead_verdicts/2 was called dead (nothing for the others).
verdict_explain(dead(Colour, Stones, why(Eyes, Libs, race(Strength, Shared)))) -->
    !,
    { Stones = [First|_],
      colour_word(Colour, Word),
      format(string(Q), "dead_verdicts(Board, ToMove, Vs), member(dead(~q, Stones, _), Vs)", [Colour]),
      length(Stones, N),
      format(string(A), "~w ~d stone(s) at ~w...: eyes worth ~w, ~d liberties, lose a capturing race \c
                         to a group as strong (eyes-liberties ~w, ~d shared): the other side moves first",
             [Word, N, First, Eyes, Libs, Strength, Shared]) },
    [Q-A].
verdict_explain(dead(Colour, Stones, why(_, _, captured(Point)))) -->
    !,
    { Stones = [First|_],
      colour_word(Colour, Word),
      format(string(Q), "dead_verdicts(Board, Vs), member(dead(~q, Stones, _), Vs)", [Colour]),
      length(Stones, N),
      format(string(A), "~w ~d stone(s) at ~w...: in atari, taken on ~w by the stones beside them, \c
                         and cannot be saved",
             [Word, N, First, Point]) },
    [Q-A].
verdict_explain(dead(Colour, Stones, why(_, Libs, filled(Invaders)))) -->
    !,
    { Stones = [First|_],
      colour_word(Colour, Word),
      format(string(Q), "dead_verdicts(Board, Vs), member(dead(~q, Stones, _), Vs)", [Colour]),
      length(Stones, N),
      Invaders = [Invader|_],
      length(Invaders, M),
      format(string(A), "~w ~d stone(s) at ~w...: no eye, ~d liberties; their only eye space holds \c
                         ~d stone(s) of the other side at ~w..., and taking them leaves one eye \c
                         there at most (the rest filled, or false eyes)",
             [Word, N, First, Libs, M, Invader]) },
    [Q-A].
verdict_explain(dead(Colour, Stones, why(Eyes, Libs, Against))) -->
    !,
    { Stones = [First|_],
      colour_word(Colour, Word),
      format(string(Q), "dead_verdicts(Board, Vs), member(dead(~q, Stones, _), Vs)", [Colour]),
      (   Against == []
      ->  Walls = "walled in by living stones"
      ;   format(string(Walls), "weaker than the groups around it (eyes-liberties ~w)", [Against])
      ),
      length(Stones, N),
      format(string(A), "~w ~d stone(s) at ~w...: eyes worth ~w, ~d liberties, ~w",
             [Word, N, First, Eyes, Libs, Walls]) },
    [Q-A].
verdict_explain(_) -->
    [].

colour_word("b", "black").
colour_word("w", "white").
                 /*******************************
                 *     THE COUNT AND RESULT     *
                 *******************************/

%!  go_dead_marking(+Game, -Dead) is det.
%
%   Dead are the points marked dead in Game: the marking of the scoring
%   phase, the agreed one once the game is counted, else none.
go_dead_marking(go(_, _, _, _, _, _, _, Status), Dead) :-
    (   Status = scoring(_, Dead0, _, _) -> Dead = Dead0
    ;   Status = over(score(_, _, Dead0)) -> Dead = Dead0
    ;   Dead = []
    ).

%!  go_score(+Game, -Score, -Owner) is det.
%
%   Score is score(B, W, Komi, Result): the points of go_count/5 (komi added
%   to W) with the stones marked dead taken off (go_dead_marking/2), and the
%   result code of go_result_code/2 such as "B+3.5", "W+R" or "Draw"; Owner
%   is the owner string of go_count/5.  For an unfinished game it counts the
%   position as it is.
%
%   ?- go_new([size(2), preset(chinese)], _G0), go_play(_G0, move("b", [0,0]), _G, _),
%      go_score(_G, S, O).
%   S = score(4, 7.5, 7.5, "W+3.5"),
%   O = "bbbb".
go_score(Game, score(B, W, Komi, Result), Owner) :-
    Game = go(S, _, _, _, _, _, _, Status),
    S = settings(_, _, _, Komi, Tie, _),
    go_dead_marking(Game, Dead),
    go_count(Game, Dead, B-W, Owner, _),
    (   Status = over(resigned(_))
    ->  status_outcome(Status, S, Outcome)
    ;   count_outcome(B, W, Tie, Outcome)
    ),
    go_result_code(Outcome, Result).

%!  go_estimate(+Game, -Score, -Owner) is det.
%
%   As go_score/3, but with the stones that go_dead:dead_stones/2 proposes
%   taken off: what the count would be if play ended now.
go_estimate(Game, score(B, W, Komi, Result), Owner) :-
    Game = go(settings(_, _, _, Komi, Tie, _), _, _, _, _, _, _, _),
    arg(2, Game, Rows),
    board_rows(Board, Rows),
    dead_stones(Board, Dead),
    go_count(Game, Dead, B-W, Owner, _),
    count_outcome(B, W, Tie, Outcome),
    go_result_code(Outcome, Result).

%!  go_count(+Game, +Dead, -Score, -Owner, -Explain) is det.
%
%   Score is B-W, the points of Game's position with the stones at the
%   points Dead taken off, komi added to W, counted as Game's preset says
%   (see the module header); Owner is a string like board_string/2's with
%   who each point counts for ("-": nobody).  Explain is the count as a
%   Query-Answer pair.  A White stone dead in Black's corner, by area and by
%   territory (Black's prisoner):
%
%   ?- go_new([size(3), preset(chinese), komi(0)], _G0),
%      foldl([_A, _G1, _G2]>>go_play(_G1, _A, _G2, _),
%            [move("b", [1,1]), move("w", [0,0])], _G0, _G),
%      go_count(_G, [[0,0]], Score, Owner, _).
%   Score = 9-0,
%   Owner = "bbbbbbbbb".
%
%   ?- go_new([size(3), preset(japanese), komi(0)], _G0),
%      foldl([_A, _G1, _G2]>>go_play(_G1, _A, _G2, _),
%            [move("b", [1,1]), move("w", [0,0])], _G0, _G),
%      go_count(_G, [[0,0]], Score, Owner, _).
%   Score = 9-0,
%   Owner = "bbbb-bbbb".
go_count(Game, Dead, B-W, Owner, Q-A) :-
    Game = go(settings(_, Preset, _, Komi, _, _), Str, _, Bc-Wc, _, _, _, _),
    board_rows(Board, Str),
    (   Preset == japanese
    ->  territory_owner(Board, Dead, Owner, TB-TW),
        dead_count(Board, Dead, DeadB, DeadW),
        B is TB + Bc + DeadW,
        W is TW + Wc + DeadB + Komi,
        format(string(Q), "territory_owner(Board, ~w, Owner, TB-TW)", [Dead]),
        format(string(A), "TB-TW = ~w-~w; prisoners: Black ~d, White ~d", [TB, TW, Bc + DeadW, Wc + DeadB])
    ;   remove_stones(Board, Dead, RBoard),
        score_owner(RBoard, Owner, B-W0),
        W is W0 + Komi,
        (   Dead == []
        ->  Q = "terminarJuego(Board, PuntosW, PuntosB)"
        ;   format(string(Q), "remove_stones(Board, ~w, RBoard), terminarJuego(RBoard, PuntosW, PuntosB)", [Dead])
        ),
        format(string(A), "PuntosW = ~d, PuntosB = ~d", [W0, B])
    ).

%   dead_count(+Board, +Dead, -DeadB, -DeadW): how many of the points Dead
%   hold black and white stones.
dead_count(Board, Dead, DeadB, DeadW) :-
    aggregate_all(count, ( member([R, C], Dead), board_cell(Board, R, C, "b") ), DeadB),
    aggregate_all(count, ( member([R, C], Dead), board_cell(Board, R, C, "w") ), DeadW).

%!  go_outcome(+Game, -Outcome) is det.
%
%   Outcome is `none` while Game is being played or scored, else how it
%   ended: resign(Winner), score(Winner, Margin) (Margin > 0 the points
%   ahead, komi included), tie(Winner) (equal points, and the documents' rule
%   gives the game to Winner, White) or draw.  Two passes, then both players
%   accept the proposal (no stone is dead on an empty board):
%
%   ?- go_new([size(3)], _G0),
%      foldl([_A, _G1, _G2]>>go_play(_G1, _A, _G2, _),
%            [pass("b"), pass("w"), accept("b"), accept("w")], _G0, _G),
%      go_outcome(_G, O).
%   O = tie("w").
go_outcome(go(S, _, _, _, _, _, _, Status), Outcome) :-
    status_outcome(Status, S, Outcome).

status_outcome(playing, _, none).
status_outcome(scoring(_, _, _, _), _, none).
status_outcome(over(resigned(P)), _, resign(Winner)) :-
    opponent(P, Winner).
status_outcome(over(score(B, W, _)), settings(_, _, _, _, Tie, _), Outcome) :-
    count_outcome(B, W, Tie, Outcome).
status_outcome(over(score(B, W)), settings(_, _, _, _, Tie, _), Outcome) :-
    count_outcome(B, W, Tie, Outcome).

%   count_outcome(+B, +W, +Tie, -Outcome): the outcome of a count of B
%   points to W (komi included).
count_outcome(B, W, Tie, Outcome) :-
    D is B - W,
    (   D > 0 -> Outcome = score("b", D)
    ;   D < 0 -> M is -D, Outcome = score("w", M)
    ;   Tie == white -> Outcome = tie("w")
    ;   Outcome = draw
    ).

%!  go_result_code(+Outcome, -Code) is semidet.
%
%   Code is the SGF-style result string of an Outcome of go_outcome/2:
%   "B+3.5", "W+R", "W+0" (a tie given to White) or "Draw".  Fails for none.
%
%   ?- go_result_code(score("b", 3.5), C).
%   C = "B+3.5".
go_result_code(resign(P), Code) :-
    string_upper(P, U),
    format(string(Code), "~w+R", [U]).
go_result_code(score(P, Margin), Code) :-
    string_upper(P, U),
    format(string(Code), "~w+~w", [U, Margin]).
go_result_code(tie(P), Code) :-
    string_upper(P, U),
    format(string(Code), "~w+0", [U]).
go_result_code(draw, "Draw").
