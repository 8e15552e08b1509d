:- module(go_rules,
          [ go_new/2,                % +Options, -Game
            go_play/4,               % +Game0, +Action, -Game, -Explain
            go_count/5,              % +Game, +Dead, -Score, -Owner, -Explain
            go_dead_marking/2,       % +Game, -Dead
            go_estimate/3,           % +Game, -Score, -Owner
            go_board/2,              % +Game, -Board
            go_to_move/2,            % +Game, -Player
            go_outcome/2,            % +Game, -Outcome
            go_result_code/2,        % +Outcome, -Code
            go_score/3,              % +Game, -Score, -Owner
            gtp_vertex/3,            % ?Size, ?Pos, ?Vertex
            board_text/2,            % +Board, -Text
            board_text/3             % +Board, +Dead, -Text
          ]).

/** <module> Go: the game layer (turns, ko, passes, the scoring phase, result)

Start reading at prolog/go.pl (the entry module).  The board and goMove/4
are go_board's; this module makes a game of them: whose turn it is, the
captures, ko and superko, passing, resigning, the scoring phase with its
dead stones (proposed by go_dead), komi, the count and the result.  It is
pure: a refused action throws refusal(Code, Explain), which the Tablero
protocol (go_protocol) turns into a reply; a student calling go_play/4 sees
the same term.

## The state term

A game is the term

    go(Settings, Board, ToMove, Captures, Passes, History, Last, Status)

    Settings  settings(Size, Preset, Ko, Komi, Tie, Players): Ko is simple or
              superko; Tie is white (the documents: a tie goes to White) or
              draw; Players is players(Black, White), each human, machine
              or gnugo (who plays that colour on the page; the rules ignore it).
    Board     the position as a list of row strings (see board_rows/2)
    ToMove    "b" or "w"; Black moves first, White after a handicap.
    Captures  B-W, the stones each player has captured in play (prisoners;
              the dead stones are added at the count).
    Passes    consecutive passes so far; two end play.
    History   the positions seen so far, newest first, as SHA-1 atoms of their
              rows.  Simple ko compares a move's result with the position
              before the opponent's last turn (the second element); positional
              superko with all of them.  Under simple ko only two are kept.
    Last      none, or the last action: move(Player, Pos), pass(Player),
              resign(Player), toggle(Player, Pos), accept(Player) or
              resume(Player).
    Status    playing; scoring(Passer, Dead, Accepted, Toggles) in the scoring
              phase (below); or over(Result) with Result score(B, W, Dead)
              (the points counted, komi included in W, and the dead stones
              taken off) or resigned(Player).  A state stored before the
              phase existed may hold over(score(B, W)): nothing was dead.

Presets: documents (komi 0, simple ko, tie to White: the course's rules,
area count), chinese (komi 7.5, positional superko, area count), japanese
(komi 6.5, simple ko, territory count).

## The end of a game: the scoring phase

Two passes in a row end play and open the scoring phase, as on every Go
server: the state becomes scoring(Passer, Dead, Accepted, Toggles) with
Passer the player who passed last, Dead the dead stones proposed by
go_dead:dead_stones/2 (ordered points [R, C]), Accepted the players who have
accepted the marking (none yet) and Toggles the toggle(Player, Pos) actions
of the phase, newest first (the machine toggles a chain once at most).
In the phase

  - toggle(Player, Pos) marks the chain of the stone at Pos dead, or alive
    if it was marked dead, and clears the acceptances;
  - accept(Player) accepts the marking; when both players have accepted,
    the game is over and counted with the dead stones taken off;
  - resume(Player) cancels the phase: play goes on, the opponent of the
    passer to move;
  - resign(Player) ends the game as always; a move or a pass is refused
    (scoring_phase).

Either player may toggle, accept or resume.  ToMove, in the phase, is the
player the phase waits for: the opponent of the passer at first, then the
player who toggled last (still marking), or, after an acceptance, the one
who has not accepted.

## The count

go_count/5 counts a position with its dead stones taken off.  Area (the
documents' and the Chinese presets): stones plus the empty points enclosed
by one colour, as terminarJuego/3.  Territory (the Japanese preset): the
empty points enclosed by one colour (the points of the dead stones
included) plus the prisoners (the stones captured in play and the dead
stones), with the eyes of groups in seki counted for nobody (see
go_dead:seki_points/3).  Komi goes to White.

## Refusals

go_play/4 throws refusal(Code, Explain) with Code one of game_over,
not_your_turn, bad_action (not an action term), off_board, occupied,
suicide, ko and superko, scoring_phase (a move or a pass in the scoring
phase), not_scoring (toggle, accept or resume outside it), not_a_stone (a
toggle on an empty point) and already_accepted; Explain lists, as
Query-Answer strings, the rule predicates that decided it.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(yall)).
:- use_module(library(ordsets)).
:- use_module(library(aggregate)).
:- use_module(board).
:- use_module(dead).
:- use_module(setup).

                 /*******************************
                 *          A NEW GAME          *
                 *******************************/

%!  go_new(+Options, -Game) is det.
%
%   Game is a new game (see the module header).  Options is a list of
%   size(Size) (2..25, default 19), preset(P) (documents, chinese or
%   japanese; default documents), komi(K) (a whole or half number from -150
%   to 150) and ko(simple or superko) to override the preset's, black(Who)
%   and white(Who) (human, machine or gnugo; default human) and level(L)
%   (GNU Go's, 1..10), handicap(N), black_stones(Vs), white_stones(Vs) and
%   first(b or w): the position before the first move (go_setup, in
%   prolog/go/setup.pl).  A bad option throws a type or domain error, or
%   refusal(bad_option, [Message], []) for a position or seat the size
%   cannot take.
%
%   ?- go_new([size(9), preset(chinese)], _G), arg(1, _G, S).
%   S = settings(9, chinese, superko, 7.5, draw, players(human, human)).
go_new(Options, go(settings(Size, Preset, Ko, Komi, Tie, players(Black, White)),
                   Rows, First, 0-0, 0, [H], none, playing)) :-
    option(size(Size), Options, 19),
    must_be(between(2, 25), Size),
    option(preset(Preset), Options, documents),
    must_be(oneof([documents, chinese, japanese]), Preset),
    preset(Preset, Ko0, Komi0, Tie),
    option(ko(Ko), Options, Ko0),
    must_be(oneof([simple, superko]), Ko),
    option(komi(Komi), Options, Komi0),
    must_be(number, Komi),
    (   Komi >= -150, Komi =< 150, Komi * 2 =:= truncate(Komi * 2) -> true
    ;   domain_error(half_points_within_150, Komi)
    ),
    setup_seats(Options, Size, Black, White),
    setup_position(Options, Size, Rows, First),
    variant_sha1(Rows, H).

%   preset(?Name, ?Ko, ?Komi, ?Tie)
preset(documents, simple, 0, white).
preset(chinese, superko, 7.5, draw).
preset(japanese, simple, 6.5, draw).

                 /*******************************
                 *        LOOKING AT A GAME     *
                 *******************************/

%!  go_board(+Game, -Board) is det.
%
%   Board is the position of Game as a list of rows.
%
%   ?- go_new([size(2)], _G), go_board(_G, B).
%   B = [["-","-"],["-","-"]].
go_board(Game, Board) :-
    arg(2, Game, Rows),
    board_rows(Board, Rows).

%!  go_to_move(+Game, -Player) is semidet.
%
%   Player ("b" or "w") is to move in Game, or, in the scoring phase, the
%   player the phase waits for (see the module header); fails when the game
%   is over.
%
%   ?- go_new([], _G), go_to_move(_G, P).
%   P = "b".
go_to_move(go(_, _, ToMove, _, _, _, _, Status), ToMove) :-
    Status \= over(_).

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
    go_board(Game, Board),
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

                 /*******************************
                 *           PLAYING            *
                 *******************************/

%!  go_play(+Game0, +Action, -Game, -Explain) is det.
%
%   Game is Game0 after Action: move(Player, [R, C]), pass(Player) or
%   resign(Player); in the scoring phase toggle(Player, [R, C]),
%   accept(Player) or resume(Player) (see the module header).  Explain
%   lists, as Query-Answer strings, the rule predicates that decided it.
%   A refused action throws refusal(Code, Explain) (see the module header).
%
%   ?- go_new([size(9), preset(chinese)], _G0), go_play(_G0, move("b", [4,4]), _G, E).
%   E = ["goMove(Board, \"b\", [4,4], RBoard)"-"true: 0 stone(s) captured"].
go_play(Game0, Action, Game, Explain) :-
    Game0 = go(_, _, ToMove, _, _, _, _, Status),
    (   Status = over(_)
    ->  throw(refusal(game_over, []))
    ;   true
    ),
    (   action_player(Action, Player) -> true
    ;   throw(refusal(bad_action, []))
    ),
    allowed(Status, Action, ToMove, Player),
    play_(Action, Game0, Game, Explain).

action_player(move(P, _), P) :- opponent(P, _).
action_player(pass(P), P) :- opponent(P, _).
action_player(resign(P), P) :- opponent(P, _).
action_player(toggle(P, _), P) :- opponent(P, _).
action_player(accept(P), P) :- opponent(P, _).
action_player(resume(P), P) :- opponent(P, _).

%   allowed(+Status, +Action, +ToMove, +Player): Action may be played now
%   (else a refusal is thrown).  In play only the player to move may move
%   or pass; in the scoring phase either player marks, accepts or resumes.
allowed(playing, Action, ToMove, Player) :-
    (   phase_action(Action)
    ->  throw(refusal(not_scoring, []))
    ;   ( Player == ToMove ; Action = resign(_) )
    ->  true
    ;   format(string(A), "Player = ~q", [ToMove]),
        throw(refusal(not_your_turn, ["go_to_move(Game0, Player)"-A]))
    ).
allowed(scoring(_, _, _, _), Action, _, _) :-
    (   ( Action = move(_, _) ; Action = pass(_) )
    ->  throw(refusal(scoring_phase, []))
    ;   true
    ).

phase_action(toggle(_, _)).
phase_action(accept(_)).
phase_action(resume(_)).

play_(move(P, Pos), Game0, Game, Explain) :-
    Game0 = go(S, Str0, P, Bc0-Wc0, _, Hist0, _, playing),
    S = settings(Size, _, Ko, _, _, _),
    on_board(Pos, Size),
    board_rows(B0, Str0),
    format(string(Q), "goMove(Board, ~q, ~w, RBoard)", [P, Pos]),
    Pos = [R, C],
    (   board_cell(B0, R, C, "-") -> true
    ;   throw(refusal(occupied, [Q-"false: the point is not empty"]))
    ),
    (   go_move(B0, P, Pos, B, Captured) -> true
    ;   throw(refusal(suicide,
                      [Q-"false: the stone's group would have no liberty (encerrados/7 succeeds)"]))
    ),
    length(Captured, NCap),
    format(string(A), "true: ~d stone(s) captured", [NCap]),
    changed_rows(B0, Str0, B, Str),
    variant_sha1(Str, H),
    ko_check(Ko, H, Hist0, Q-A),
    (   P == "b" -> Bc is Bc0 + NCap, Wc = Wc0 ; Bc = Bc0, Wc is Wc0 + NCap ),
    keep_history(Ko, [H|Hist0], Hist),
    opponent(P, Next),
    Game = go(S, Str, Next, Bc-Wc, 0, Hist, move(P, Pos), playing),
    Explain = [Q-A].
play_(pass(P), Game0, Game, Explain) :-
    Game0 = go(S, Str, P, Caps, Passes0, Hist0, _, playing),
    S = settings(_, _, Ko, _, _, _),
    Passes is Passes0 + 1,
    (   Ko == simple, Hist0 = [Current|_]
    ->  Hist = [Current, Current]
    ;   Hist = Hist0
    ),
    opponent(P, Next),
    (   Passes >= 2
    ->  board_rows(B, Str),
        dead_verdicts(B, Next, Verdicts),
        verdicts_dead(Verdicts, Dead),
        Status = scoring(P, Dead, [], []),
        format(string(A), "Dead = ~w", [Dead]),
        foldl(verdict_explain, Verdicts, Why, []),
        proposal_query(B, Next, Dead, Q),
        Explain = [Q-A|Why]
    ;   Status = playing,
        format(string(Q), "go_play(Game0, pass(~q), Game, _)", [P]),
        Explain = [Q-"true: the first pass; a second one in a row ends play"]
    ),
    Game = go(S, Str, Next, Caps, Passes, Hist, pass(P), Status).
play_(resign(P), Game0, Game, [Q-"true: the game is over"]) :-
    Game0 = go(S, Str, _, Caps, Passes, Hist, _, _),
    format(string(Q), "go_play(Game0, resign(~q), Game, _)", [P]),
    opponent(P, Next),
    Game = go(S, Str, Next, Caps, Passes, Hist, resign(P), over(resigned(P))).
play_(toggle(P, Pos), Game0, Game, [Q-A]) :-
    Game0 = go(S, Str, _, Caps, Passes, Hist, _, scoring(Passer, Dead0, _, Toggles)),
    S = settings(Size, _, _, _, _, _),
    on_board(Pos, Size),
    board_rows(B, Str),
    format(string(Q), "chain_stones(Board, ~w, Stones)", [Pos]),
    (   chain_stones(B, Pos, Stones) -> true
    ;   throw(refusal(not_a_stone, [Q-"false: the point is empty"]))
    ),
    (   ord_subset(Stones, Dead0)
    ->  ord_subtract(Dead0, Stones, Dead), Now = "alive"
    ;   ord_union(Dead0, Stones, Dead), Now = "dead"
    ),
    format(string(A), "Stones = ~w: now ~w", [Stones, Now]),
    Game = go(S, Str, P, Caps, Passes, Hist, toggle(P, Pos),
              scoring(Passer, Dead, [], [toggle(P, Pos)|Toggles])).
play_(accept(P), Game0, Game, Explain) :-
    Game0 = go(S, Str, _, Caps, Passes, Hist, _, scoring(Passer, Dead, Accepted0, Toggles)),
    (   memberchk(P, Accepted0)
    ->  throw(refusal(already_accepted, []))
    ;   true
    ),
    ord_add_element(Accepted0, P, Accepted),
    opponent(P, Other),
    (   memberchk(Other, Accepted)
    ->  go_count(Game0, Dead, B-W, _, Count),
        Status = over(score(B, W, Dead)),
        Explain = [Count]
    ;   Status = scoring(Passer, Dead, Accepted, Toggles),
        format(string(Q), "go_play(Game0, accept(~q), Game, _)", [P]),
        Explain = [Q-"true: the other player has still to accept"]
    ),
    Game = go(S, Str, Other, Caps, Passes, Hist, accept(P), Status).
play_(resume(P), Game0, Game, [Q-"true: play goes on"]) :-
    Game0 = go(S, Str, _, Caps, _, Hist, _, scoring(Passer, _, _, _)),
    format(string(Q), "go_play(Game0, resume(~q), Game, _)", [P]),
    opponent(Passer, Next),
    Game = go(S, Str, Next, Caps, 0, Hist, resume(P), playing).

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

%   on_board(+Pos, +Size): Pos is a point [R, C] of the board (else a
%   refusal: bad_action when it is not two integers, off_board).
on_board(Pos, Size) :-
    (   Pos = [R, C], integer(R), integer(C) -> true
    ;   throw(refusal(bad_action, []))
    ),
    (   R >= 0, R < Size, C >= 0, C < Size -> true
    ;   throw(refusal(off_board, []))
    ).

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

%   changed_rows(+Board0, +Rows0, +Board, -Rows): Rows is Board as row text
%   (see board_rows/2); a row the move left as it was keeps its text.
changed_rows([], [], [], []).
changed_rows([Cells0|B0], [Row0|Rows0], [Cells|B], [Row|Rows]) :-
    (   Cells == Cells0 -> Row = Row0 ; atomics_to_string(Cells, Row) ),
    changed_rows(B0, Rows0, B, Rows).

ko_check(simple, H, [_, Before|_], Q-A) :-
    H == Before,
    !,
    throw(refusal(ko, [Q-A, "ko: RBoard repeats the position of one turn ago"-"false"])).
ko_check(superko, H, Hist, Q-A) :-
    memberchk(H, Hist),
    !,
    throw(refusal(superko, [Q-A, "superko: RBoard repeats an earlier position"-"false"])).
ko_check(_, _, _, _).

keep_history(superko, Hist, Hist).
keep_history(simple, Hist0, Hist) :-
    (   Hist0 = [A, B|_] -> Hist = [A, B] ; Hist = Hist0 ).

                 /*******************************
                 *   COORDINATES AND DRAWING    *
                 *******************************/

%!  gtp_vertex(+Size, ?Pos, ?Vertex) is semidet.
%
%   Vertex is the GTP name of Pos = [R, C] on a board of Size, such as "D4":
%   a column letter (A-Z without I) and the row number counted from the
%   bottom.  Either may be given; a lower-case Vertex is read too.
%
%   ?- gtp_vertex(19, P, "D4").
%   P = [15, 3].
%
%   ?- gtp_vertex(9, [8, 8], V).
%   V = "J1".
gtp_vertex(Size, [R, C], Vertex) :-
    (   nonvar(Vertex)
    ->  string_upper(Vertex, Up),
        string_chars(Up, [L|Digits]),
        catch(number_chars(Num, Digits), _, fail),
        integer(Num),
        letter_column(L, C),
        R is Size - Num
    ;   C1 is C + 1,
        column_letter(C1, L),
        Num is Size - R,
        format(string(Vertex), "~w~d", [L, Num])
    ),
    R >= 0, R < Size, C >= 0, C < Size.

letter_column(L, C) :-
    char_code(L, Code),
    between(0'A, 0'Z, Code),
    Code =\= 0'I,
    (   Code > 0'I -> Skip = 1 ; Skip = 0 ),
    C is Code - 0'A - Skip.

column_letter(C, L) :-
    (   C >= 9 -> Skip = 1 ; Skip = 0 ),
    Code is 0'A + C - 1 + Skip,
    char_code(L, Code).

%!  board_text(+Board, -Text) is det.
%
%   Text draws Board for a terminal: "." empty, "X" black, "O" white, with
%   GTP coordinates (letters skipping I, row numbers from the bottom).
%
%   ?- board_text([["b","-"],["-","w"]], T).
%   T = "   A B\n 2 X . 2\n 1 . O 1\n   A B\n".
board_text(Board, Text) :-
    board_text(Board, [], Text).

%!  board_text(+Board, +Dead, -Text) is det.
%
%   As board_text/2, with the stones at the points Dead drawn "x" and "o".
%
%   ?- board_text([["b","-"],["-","w"]], [[1,1]], T).
%   T = "   A B\n 2 X . 2\n 1 . o 1\n   A B\n".
board_text(Board, Dead, Text) :-
    length(Board, N),
    numlist(1, N, Cols),
    maplist([C, L]>>(column_letter(C, L)), Cols, Letters),
    atomic_list_concat(Letters, ' ', Header),
    findall(Line,
            ( nth0(R, Board, Row),
              Num is N - R,
              findall(Ch, ( nth0(C, Row, S),
                            (   memberchk([R, C], Dead) -> dead_char(S, Ch) ; text_char(S, Ch) ) ),
                      Chs),
              atomic_list_concat(Chs, ' ', Cells),
              format(string(Line), "~t~d~2| ~w ~d", [Num, Cells, Num]) ),
            Lines),
    format(string(Head), "   ~w", [Header]),
    append([Head|Lines], [Head], All),
    atomic_list_concat(All, '\n', Text0),
    string_concat(Text0, "\n", Text).

text_char("-", '.').
text_char("b", 'X').
text_char("w", 'O').

dead_char("b", x).
dead_char("w", o).
dead_char("-", '.').
