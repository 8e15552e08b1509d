:- module(grade_play,
          [ play_main/0              % run from the command line (app/student_rules.py does)
          ]).

/** <module> A student's goMove/4 beside ours, one move at a time

`tablero serve --rules go=FILE.pl` plays the Go page with a student's rules
shown beside ours.  app/student_rules.py keeps one process a web worker
running

    swipl --stack-limit=512m -q -f none -g grade_play:play_main -t halt \
          prolog/grade/play.pl -- --student=FILE [--encoding=utf8] [--game=GAME]

which loads the student's file into the module grade_student the way the
grader does (sandbox.pl: the header renamed, halt/0 compiled as an
exception, at most 10 s to load), says so on one JSON line

    {"ready": true, "load": {...}}        (load_student/3's dict)

and then answers one JSON request a line, on its standard input and output:

    {"board": ["--b", ...], "player": "b", "pos": [R, C],
     "seconds": 2, "inferences": 10000000}

    {"ok": true,
     "theirs": {"status", "board", "second", "second_board", "message",
                "output", "us", "text"},
     "ours": {"status", "board", "us"}}

(With --game=molinolog, gorogo or azul the process loads our rules of that
game first, and each request is a move on a stored game, answered by
rules_games.pl's rules_answer/3: the kit's questions of that game.)

`theirs` is the student's goMove(Board, Player, [R, C], RBoard) under
limited_call/4 (a time and an inference limit, its output captured, the
search for a second answer on backtracking included); `ours` is goMove/4 of
prolog/go.pl on the same board.  `status` is limited_call/4's (answer,
failed, timeout, inferences, error, halt, abort, resource) or not_a_board
(an answer that is not a list of rows of "-", "b", "w" of the board's size:
`text` shows it).  Boards travel as rows of characters, as the page's view
draws them.  Before the first request user_input and user_output are given
to an empty and a null stream, so nothing the student's code reads or prints
touches the channel; a halt reached through call/1 ends the process, and the
Python side starts another.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(http/json)).
:- use_module(library(process)).
:- use_module('../go', []).
:- use_module(sandbox).

:- dynamic play_dir/1.

%!  play_main is det.
%
%   Loads the student's file named on the command line and answers requests
%   until the end of standard input (see the module header).
play_main :-
    set_prolog_flag(debug_on_error, false),
    stream_property(In, alias(user_input)),
    stream_property(Out, alias(user_output)),
    set_stream(In, encoding(utf8)),
    set_stream(Out, encoding(utf8)),
    open_string("", Empty),
    set_stream(Empty, alias(user_input)),
    open_null_stream(Null),
    set_stream(Null, alias(user_output)),
    set_input(Empty),
    set_output(Null),
    at_halt(end_now),
    current_prolog_flag(argv, Argv),
    option_value(Argv, student, File),
    (   option_value(Argv, encoding, Encoding) -> true ; Encoding = utf8 ),
    (   option_value(Argv, game, Game) -> true ; Game = go ),
    load_rules(Game),
    load_student(File, Encoding, Load),
    (   Load.ok == true, Load.syntax_errors == []
    ->  ready(Game, Missing),
        ( Missing == "" -> Ready = true ; Ready = false )
    ;   Ready = false, Missing = ""
    ),
    reply(Out, _{ready: Ready, load: Load.put(missing, Missing)}),
    (   Ready == true
    ->  serve(In, Out)
    ;   true
    ).

%   load_rules(+Game): our rules of a game other than Go, and the questions
%   asked of a student's rules of it (rules_games.pl), loaded before the
%   student's file.
load_rules(go) :- !.
load_rules(_) :-
    play_dir(Dir),
    directory_file_path(Dir, rules_games, File),
    use_module(File).

:- prolog_load_context(directory, Dir), asserta(play_dir(Dir)).

%   ready(+Game, -Missing): "" when the student's file defines what the
%   game's questions call, else what is missing.
ready(go, Missing) :-
    !,
    (   student_defines(goMove/4) -> Missing = "" ; Missing = "goMove/4 is not defined" ).
ready(Game, Missing) :-
    grade_rules_games:rules_ready(Game, Missing).

%   end_now: the process is halting (the end of the requests, or the
%   student's code reached halt/0 through call/1): end at once.  Halting
%   inside call_with_time_limit/2 can deadlock in SWI-Prolog 9.0.4's cleanup
%   of library(time) (see common.pl's on_halt/0); the Python side sees the
%   channel close and starts another process for the next move.
end_now :-
    current_prolog_flag(pid, Pid),
    process_kill(Pid, kill).

option_value(Argv, Key, Value) :-
    atom_concat('--', Key, Prefix0),
    atom_concat(Prefix0, '=', Prefix),
    member(Arg, Argv),
    atom_concat(Prefix, Value, Arg),
    !.

serve(In, Out) :-
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  true
    ;   (   catch(atom_json_dict(Line, Request, [value_string_as(string)]), _, fail),
            is_dict(Request),
            catch(answer(Request, Reply), E, (message_text(E, M), Reply = _{ok: false, message: M}))
        ->  true
        ;   Reply = _{ok: false, message: "The request is not a move: board, player, pos"}
        ),
        reply(Out, Reply),
        garbage_collect,
        serve(In, Out)
    ).

reply(Out, Dict) :-
    json_write_dict(Out, Dict, [width(0)]),
    nl(Out),
    flush_output(Out).

%   answer(+Request, -Reply): the student's goMove/4 and ours on one move;
%   for another game, the student's rules and ours (rules_games.pl).
answer(Request, Reply) :-
    get_dict(game, Request, GameS),
    GameS \== "go",
    !,
    atom_string(Game, GameS),
    grade_rules_games:rules_answer(Game, Request, Reply).
answer(Request, _{ok: true, theirs: Theirs, ours: Ours}) :-
    _{board: Rows, player: Player, pos: [R, C], seconds: Seconds,
      inferences: Inferences} :< Request,
    rows_board(Rows, Board),
    length(Board, Size),
    limited_call(go:goMove(Board, Player, [R, C], Ref), Ref,
                 limits(10, 100 000 000, false), O1),
    side(O1, Size, Ours0),
    Ours = _{status: Ours0.status, board: Ours0.board, us: O1.us},
    limited_call(grade_student:goMove(Board, Player, [R, C], RBoard), RBoard,
                 limits(Seconds, Inferences, true), O2),
    side(O2, Size, Theirs).

%   side(+Outcome, +Size, -Side): a limited_call/4 outcome as JSON.
side(O, Size, Side) :-
    (   O.status == answer
    ->  (   board_rows(O.answer, Size, Rows)
        ->  Status = answer, Board = Rows, Text = ""
        ;   Status = not_a_board, Board = null,
            format(string(Text0), "~q", [O.answer]),
            sub_text(Text0, 400, Text)
        )
    ;   Status = O.status, Board = null, Text = ""
    ),
    (   O.second == different, board_rows(O.second_answer, Size, Second)
    ->  true
    ;   Second = null
    ),
    sub_text(O.output, 2000, Output),
    Side = _{status: Status, board: Board, second: O.second, second_board: Second,
             message: O.message, output: Output, us: O.us, text: Text}.

%   rows_board(+Rows, -Board): rows of characters as the course's board, a
%   list of rows of one-character strings.
rows_board(Rows, Board) :-
    maplist(row_cells, Rows, Board).

row_cells(Row, Cells) :-
    string_chars(Row, Chars),
    maplist([Ch, S]>>string_chars(S, [Ch]), Chars, Cells).

%   board_rows(+Board, +Size, -Rows) is semidet: Board is a Size x Size
%   board of "-", "b" and "w" strings, as rows of characters.
board_rows(Board, Size, Rows) :-
    is_list(Board),
    length(Board, Size),
    maplist(cells_row(Size), Board, Rows).

cells_row(Size, Cells, Row) :-
    is_list(Cells),
    length(Cells, Size),
    maplist(cell_char, Cells, Chars),
    string_chars(Row, Chars).

cell_char(Cell, Char) :-
    string(Cell),
    memberchk(Cell-Char, ["-"-'-', "b"-b, "w"-w]).

sub_text(Text, Max, Sub) :-
    string_length(Text, Len),
    (   Len =< Max -> Sub = Text ; sub_string(Text, 0, Max, _, Sub) ).
