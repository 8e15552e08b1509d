:- module(go_goals,
          [ go_goals/3               % +Context, +Explain, -Goals
          ]).

/** <module> Go: the rules' explain written as goals a student can paste

Start reading at prolog/go.pl.  go_play/4 explains an action cheaply, with
its inputs named and not written: `goMove(Board, "b", [3,3], RBoard)` -
"true: 0 stone(s) captured".  Writing the board into every explain would
cost more than the move itself (a 19x19 board is about 2,000 characters),
so the Prolog panel asks for complete goals only while a person reads it
(tablero:api_goals/4, `POST /api/goals/go`): this module takes the views
the page holds (the one before the action, the one after it, the action)
and the explain, and writes each query as a goal with every input bound,
on one line, with its answer as the toplevel prints it:

    ?- goMove([["-","-"],["-","-"]], "b", [0,0], RBoard).
    RBoard = [["b", "-"], ["-", "-"]].

Pasted into `swipl prolog/go.pl` each goal gives the answer shown
(tests/test_panel_paste.py runs them).  A query it cannot complete comes
back as the rules wrote it (`query`, not `goal`), and the page says so.
Every text here is built from the views' points and strings, never read as
Prolog: a page may send anything.

A goal is a dict _{goal, answer, words}: `words` are the rules' own words
about the answer ("0 stone(s) captured", the page translates them), or
null.  The machine's choice ("machine: Goal", written complete by the
rules) passes through as it came.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module('../tablero/explain', [answer_text/2]).

%!  go_goals(+Context, +Explain, -Goals) is semidet.
%
%   Goals are the complete goals of Explain (a list of _{query, answer}
%   dicts), in order.  Context is _{before: View, action: Action, after:
%   View} with the views and the action of the API (after null for a
%   refused action).  Fails if Context is not a Go view the rules wrote.
%
%   ?- go_goals(_{before: _{size: 2, board: ["--", "--"], to_move: "b"},
%                 action: _{kind: "move", pos: [0,0]},
%                 after: _{size: 2, board: ["b-", "--"], to_move: "w"}},
%               [_{query: "goMove(Board, \"b\", [0,0], RBoard)",
%                  answer: "true: 0 stone(s) captured"}], [_G]),
%      get_dict(goal, _G, Goal), get_dict(answer, _G, Answer).
%   Goal = "goMove([[\"-\",\"-\"],[\"-\",\"-\"]], \"b\", [0,0], RBoard)",
%   Answer = "RBoard = [[\"b\", \"-\"], [\"-\", \"-\"]]".
go_goals(Context, Explain, Goals) :-
    is_dict(Context),
    get_dict(before, Context, Before),
    view_board(Before, Board0),
    (   get_dict(after, Context, After), is_dict(After)
    ->  (   view_board(After, Board) -> true ; Board = none )
    ;   After = none, Board = none
    ),
    (   get_dict(action, Context, Action), is_dict(Action) -> true ; Action = _{} ),
    is_list(Explain),
    maplist(pair, Explain, Pairs),
    C = c(Before, Board0, Action, After, Board),
    maplist(goal(C), Pairs, Goals).

%   pair(+Dict, -Query-Answer): an explain entry's two strings.
pair(Dict, Q-A) :-
    is_dict(Dict),
    get_dict(query, Dict, Q), string(Q),
    get_dict(answer, Dict, A), string(A).

                 /*******************************
                 *          THE GOALS           *
                 *******************************/

%   goal(+C, +Query-Answer, -Goal): one explain entry as a goal, or as the
%   query it was when this module does not know how to complete it.
goal(C, Q-A, Goal) :-
    (   sub_string(Q, 0, _, _, "machine")
    ->  Goal = _{query:Q, answer:A, words:null}
    ;   complete(Q, A, C, G, Answer, Words)
    ->  Goal = _{goal:G, answer:Answer, words:Words}
    ;   ( sub_string(Q, 0, _, _, "ko: ") ; sub_string(Q, 0, _, _, "superko: ") )
    ->  Goal = _{query:Q, answer:A, words:Q}
    ;   Goal = _{query:Q, answer:A, words:null}
    ).

%   complete(+Query, +Answer, +C, -Goal, -GoalAnswer, -Words): the goal of
%   each query go_play/4 writes, with the board or game bound.

% goMove/4, the course's move predicate: the answer is the board after it.
complete(Q, A, c(_, B0, _, _, B), G, Answer, Words) :-
    string_concat("goMove(Board, ", Rest, Q),
    string_concat(Args, ", RBoard)", Rest),
    split_string(Args, ",", " ", [PlayerS, RS, CS]),
    player_arg(PlayerS, Player),
    point_arg(RS, CS, Pos),
    truth(A, Truth, Words),
    (   Truth == false
    ->  goal_text("goMove(~q, ~q, ~q, RBoard)", [B0, Player, Pos], G),
        Answer = "false"
    ;   B \== none
    ->  goal_text("goMove(~q, ~q, ~q, RBoard)", [B0, Player, Pos], G),
        answer_text(['RBoard'=B], Answer)
    ;   goal_text("goMove(~q, ~q, ~q, _)", [B0, Player, Pos], G),
        Answer = "true"
    ).
% Simple ko: the move would take back the one stone that just took one of
% ours, so RBoard would be the board before the opponent's last move.
complete(Q, _, c(Before, B0, Action, _, _), G, "false", Q) :-
    sub_string(Q, 0, _, _, "ko: "),
    get_dict(last, Before, Last), is_dict(Last),
    get_dict(kind, Last, "move"),
    get_dict(pos, Last, [LR, LC]),
    get_dict(pos, Action, [R, C]),
    acting(Action, Before, Player),
    set_point(B0, R, C, Player, B1),
    set_point(B1, LR, LC, "-", Prev),
    goal_text("goMove(~q, ~q, ~q, RBoard), RBoard \\== ~q", [B0, Player, [R, C], Prev], G).
% The dead-stone proposal after the second pass.
complete("dead_stones(Board, Dead)", A, c(_, B0, _, _, _), G, Answer, null) :-
    goal_text("dead_stones(~q, Dead)", [B0], G),
    spaced(A, Answer).
complete(Q, A, c(_, B0, _, _, _), G, Answer, null) :-
    string_concat("dead_stones(Board, ", Rest, Q),
    string_concat(PlayerS, ", Dead)", Rest),
    player_arg(PlayerS, Player),
    goal_text("dead_stones(~q, ~q, Dead)", [B0, Player], G),
    spaced(A, Answer).
% Why a unit of stones was proposed dead: its first stone names it.  The
% capturing-race form names the side to move: the passer's opponent.
complete(Q, A, c(Before, B0, Action, _, _), G, "true", A) :-
    string_concat("dead_verdicts(Board, ", Rest, Q),
    verdict_query(Rest, Race, Colour),
    first_stone(A, First),
    (   Race == false
    ->  goal_text("dead_verdicts(~q, _Vs), memberchk(dead(~q, [~q|_], _), _Vs)",
                  [B0, Colour, First], G)
    ;   acting(Action, Before, Passer),
        other(Passer, ToMove),
        goal_text("dead_verdicts(~q, ~q, _Vs), memberchk(dead(~q, [~q|_], _), _Vs)",
                  [B0, ToMove, Colour, First], G)
    ).
% Marking a chain dead or alive in the scoring phase.
complete(Q, A, c(_, B0, _, _, _), G, Answer, A) :-
    string_concat("chain_stones(Board, ", Rest, Q),
    string_concat(Args, ", Stones)", Rest),
    split_string(Args, ",", " []", [RS, CS]),
    point_arg(RS, CS, Pos),
    goal_text("chain_stones(~q, ~q, Stones)", [B0, Pos], G),
    (   sub_string(A, 0, _, _, "false")
    ->  Answer = "false"
    ;   sub_string(A, Before, _, _, ": now"),
        sub_string(A, 0, Before, _, Binding),
        spaced(Binding, Answer)
    ).
% The game term's predicates: a pass, a resignation, an acceptance, ...
complete(Q, A, c(Before, _, _, _, _), G, Answer, Words) :-
    string_concat("go_play(Game0, ", Rest, Q),
    string_concat(ActionS, ", Game, _)", Rest),
    game_term(Before, Game0),
    goal_text("go_play(~W, ~w, _, _)", [Game0, [quoted(true), numbervars(true)], ActionS], G),
    action_text(ActionS),
    truth(A, Truth, Words),
    (   Truth == none -> Answer = A ; atom_string(Truth, Answer) ).
complete("go_to_move(Game0, Player)", A, c(Before, _, _, _, _), G, Answer,
         "it is the other player's turn") :-
    game_term(Before, Game0),
    goal_text("go_to_move(~W, Player)", [Game0, [quoted(true), numbervars(true)]], G),
    spaced(A, Answer).
% The count when both players accept: by area (terminarJuego/3, the
% course's) or by territory (territory_owner/4, the prisoners added).
complete("terminarJuego(Board, PuntosW, PuntosB)", A, c(_, B0, _, _, _), G, Answer, null) :-
    goal_text("terminarJuego(~q, PuntosW, PuntosB)", [B0], G),
    spaced(A, Answer).
complete(Q, A, c(_, B0, _, _, _), G, Answer, null) :-
    string_concat("remove_stones(Board, ", Rest, Q),
    string_concat(DeadS, "RBoard), terminarJuego(RBoard, PuntosW, PuntosB)", Rest),
    points_text(DeadS, Dead),
    goal_text("remove_stones(~q, ~q, _B), terminarJuego(_B, PuntosW, PuntosB)", [B0, Dead], G),
    spaced(A, Answer).
complete(Q, A, c(_, B0, _, _, _), G, Answer, Words) :-
    string_concat("territory_owner(Board, ", Rest, Q),
    string_concat(DeadS, " Owner, TB-TW)", Rest),
    points_text(DeadS, Dead),
    goal_text("territory_owner(~q, ~q, _, TB-TW)", [B0, Dead], G),
    sub_string(A, 0, _, _, "TB-TW = "),
    split_string(A, ";", " ", [Score|More]),
    string_concat("TB-TW = ", Pair, Score),
    split_string(Pair, "-", "", [TBS, TWS]),
    number_string(TB, TBS), number_string(TW, TWS),
    format(string(Answer), "TB = ~w, TW = ~w", [TB, TW]),
    (   More = [W|_] -> Words = W ; Words = null ).

%   verdict_query(+Rest, -Race, -Colour): the arguments of a dead_verdicts
%   query after "dead_verdicts(Board, ": Race false for the two-argument
%   form, true for the one with the side to move, and the colour of the unit.
verdict_query(Rest, Race, Colour) :-
    (   string_concat("Vs), member(dead(", Tail, Rest)
    ->  Race = false
    ;   string_concat("ToMove, Vs), member(dead(", Tail, Rest)
    ->  Race = true
    ),
    string_concat(ColourS, ", Stones, _), Vs)", Tail),
    player_arg(ColourS, Colour).

other("b", "w").
other("w", "b").

                 /*******************************
                 *         THE VIEWS' TERMS     *
                 *******************************/

%   view_board(+View, -Board): the view's board as the course's board, a
%   list of rows of one-character strings; fails unless every row is the
%   view's size in "-bw".
view_board(View, Board) :-
    is_dict(View),
    get_dict(board, View, Rows),
    is_list(Rows),
    length(Rows, N),
    between(1, 25, N),
    maplist(row_cells(N), Rows, Board).

row_cells(N, Row, Cells) :-
    string(Row),
    string_length(Row, N),
    string_chars(Row, Chars),
    maplist(cell_string, Chars, Cells).

cell_string(Ch, S) :-
    memberchk(Ch, ['-', b, w]),
    atom_string(Ch, S).

%   game_term(+View, -Game): go_rules's game term from a view (the settings,
%   the seats, the position, the captures, the passes, the last action and
%   the phase).  The ko history (hashes of earlier positions) is not in a
%   view: it is written [], which only a ko recapture would notice.  The
%   scoring phase's first argument (who passed last) is written _.
game_term(View, go(Settings, Rows, ToMove, Bc-Wc, Passes, [], Last, Status)) :-
    view_board(View, _),
    get_dict(board, View, Rows),
    get_dict(settings, View, S), is_dict(S),
    get_dict(size, View, Size), integer(Size),
    get_dict(preset, S, PresetS), word(PresetS, Preset, [documents, chinese, japanese]),
    get_dict(ko, S, KoS), word(KoS, Ko, [simple, superko]),
    get_dict(komi, S, Komi), number(Komi),
    get_dict(tie, S, TieS), word(TieS, Tie, [white, draw]),
    get_dict(seats, View, Seats), is_dict(Seats),
    get_dict(b, Seats, BS), word(BS, B, [human, machine, gnugo]),
    get_dict(w, Seats, WS), word(WS, W, [human, machine, gnugo]),
    Settings = settings(Size, Preset, Ko, Komi, Tie, players(B, W)),
    get_dict(to_move, View, ToMove), player_value(ToMove),
    get_dict(captures, View, Caps), is_dict(Caps),
    get_dict(b, Caps, Bc), integer(Bc),
    get_dict(w, Caps, Wc), integer(Wc),
    (   get_dict(passes, View, Passes), integer(Passes) -> true ; Passes = 0 ),
    (   get_dict(last, View, LastD), is_dict(LastD)
    ->  last_term(LastD, Last)
    ;   Last = none
    ),
    get_dict(phase, View, Phase),
    phase_status(Phase, View, Status).

phase_status("play", _, playing).
phase_status("scoring", View, scoring('$VAR'('_'), Dead, Accepted, [])) :-
    get_dict(dead, View, Dead),
    is_list(Dead),
    maplist([[R, C]]>>( integer(R), integer(C) ), Dead),
    get_dict(accepted, View, A), is_dict(A),
    include(accepted(A), [b, w], Ps),
    maplist(atom_string, Ps, Accepted).

accepted(A, P) :-
    get_dict(P, A, true).

last_term(D, Term) :-
    get_dict(kind, D, KindS),
    word(KindS, Kind, [move, pass, resign, toggle, accept, resume]),
    get_dict(player, D, P), player_value(P),
    (   memberchk(Kind, [move, toggle])
    ->  get_dict(pos, D, [R, C]), integer(R), integer(C),
        Term =.. [Kind, P, [R, C]]
    ;   Term =.. [Kind, P]
    ).

%   word(+String, -Atom, +Allowed): String names one of the atoms Allowed.
word(S, A, Allowed) :-
    string(S),
    member(A, Allowed),
    atom_string(A, S),
    !.

player_value("b").
player_value("w").

%   acting(+Action, +Before, -Player): who acts (the action's player, else
%   the player to move).
acting(Action, Before, Player) :-
    (   get_dict(player, Action, Player), player_value(Player)
    ->  true
    ;   get_dict(to_move, Before, Player), player_value(Player)
    ).

set_point(Board0, R, C, V, Board) :-
    nth0(R, Board0, Row0, Rows),
    nth0(C, Row0, _, Cells),
    nth0(C, Row, V, Cells),
    nth0(R, Board, Row, Rows).

                 /*******************************
                 *          THE TEXTS           *
                 *******************************/

%   The pieces of a query the rules wrote: a player ("b"), a point's row
%   and column, a list of points ([[0,0],[1,2]]), an action of go_play/4.
player_arg("\"b\"", "b").
player_arg("\"w\"", "w").

point_arg(RS, CS, [R, C]) :-
    string_number(RS, R),
    string_number(CS, C).

string_number(S0, N) :-
    split_string(S0, "", " []", [S]),
    string_codes(S, Codes),
    Codes \== [],
    maplist([Ch]>>code_type(Ch, digit), Codes),
    number_codes(N, Codes).

%   points_text(+Text, -Points): "[[0,0],[1,2]], " (the rules' way of
%   writing a list of points, a comma after it) as a list of points.
points_text(Text, Points) :-
    split_string(Text, "", " ,", [List]),
    string_concat("[", Inner0, List),
    string_concat(Inner, "]", Inner0),
    (   Inner == ""
    ->  Points = []
    ;   split_string(Inner, "]", ",[", Parts0),
        exclude(==(""), Parts0, Parts),
        maplist([P, [R, C]]>>( split_string(P, ",", " ", [RS, CS]), point_arg(RS, CS, [R, C]) ),
                Parts, Points)
    ).

%   action_text(+Text): the action of a go_play query is one the rules
%   write: pass("b"), resign("w"), accept("b"), resume("w").
action_text(Text) :-
    member(Kind, ["pass", "resign", "accept", "resume"]),
    member(P, ["\"b\"", "\"w\""]),
    atomics_to_string([Kind, "(", P, ")"], Text),
    !.

%   first_stone(+Answer, -Point): the point after "at " in a verdict's
%   words ("black 3 stone(s) at [2,3]...: ...").
first_stone(A, [R, C]) :-
    sub_string(A, Before, _, _, " at ["),
    Start is Before + 4,
    sub_string(A, Start, _, 0, Tail),
    sub_string(Tail, 0, End, _, "]"),
    End1 is End + 1,
    sub_string(Tail, 0, End1, _, PointS),
    split_string(PointS, ",", " []", [RS, CS]),
    point_arg(RS, CS, [R, C]).

%   truth(+Answer, -Truth, -Words): a rules' answer "true: words",
%   "false: words", "true" or "false"; Truth none (and the words the whole
%   answer) for any other.
truth(A, Truth, Words) :-
    (   member(Truth, [true, false]),
        atom_string(Truth, T),
        string_concat(T, Rest, A),
        (   Rest == ""
        ->  Words = null
        ;   string_concat(": ", Words, Rest)
        )
    ->  true
    ;   Truth = none,
        Words = A
    ).

%   goal_text(+Format, +Args, -Goal): a goal on one line, compactly (terms
%   with ~q: no spaces after commas).
goal_text(Format, Args, Goal) :-
    format(string(Goal), Format, Args).

%   spaced(+Compact, -Spaced): an answer the rules wrote compactly
%   (`Dead = [[0,0],[0,1]]`) as the toplevel prints it (`Dead = [[0, 0],
%   [0, 1]]`): a space after each comma outside strings.
spaced(Compact, Spaced) :-
    string_codes(Compact, Codes0),
    spaced_codes(Codes0, false, Codes),
    string_codes(Spaced, Codes).

spaced_codes([], _, []).
spaced_codes([0'\\, C|Cs], Q, [0'\\, C|Out]) :-
    !,
    spaced_codes(Cs, Q, Out).
spaced_codes([0'"|Cs], Q0, [0'"|Out]) :-
    !,
    (   Q0 == true -> Q = false ; Q = true ),
    spaced_codes(Cs, Q, Out).
spaced_codes([0',|Cs], false, [0',, 0' |Out]) :-
    Cs \= [0' |_],
    !,
    spaced_codes(Cs, false, Out).
spaced_codes([C|Cs], Q, [C|Out]) :-
    spaced_codes(Cs, Q, Out).
