:- module(go_rules,
          [ go_new/2,                % +Options, -Game
            go_play/4,               % +Game0, +Action, -Game, -Explain
            go_board/2,              % +Game, -Board
            go_to_move/2,            % +Game, -Player
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

How a game ends is go_scoring's (prolog/go/scoring.pl), which this module
re-exports: the proposal that opens the phase (scoring_proposal/4), the
count (go_count/5: area, or territory under the Japanese preset), the
estimate of an unfinished game, the outcome and its result code.

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
:- reexport(scoring).                   % go_count/5, go_score/3, go_outcome/2, ...

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
        scoring_proposal(B, Next, Dead, Explain),
        Status = scoring(P, Dead, [], [])
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

%   on_board(+Pos, +Size): Pos is a point [R, C] of the board (else a
%   refusal: bad_action when it is not two integers, off_board).
on_board(Pos, Size) :-
    (   Pos = [R, C], integer(R), integer(C) -> true
    ;   throw(refusal(bad_action, []))
    ),
    (   R >= 0, R < Size, C >= 0, C < Size -> true
    ;   throw(refusal(off_board, []))
    ).

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
