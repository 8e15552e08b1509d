:- module(grade_rules_games,
          [ rules_ready/2,           % +Game, -Missing
            rules_answer/3           % +Game, +Request, -Reply
          ]).

/** <module> A student's rules of Molinolog, GoRoGo or Azul beside ours, one move at a time

`tablero serve --rules GAME=FILE.pl` (app/student_rules.py) asks a student's
rules the same question as ours about every move played on the board: is
this move legal, what position results, is the game over.  prolog/grade/play.pl
loads the student's file into grade_student (sandbox.pl) and, for these
games, hands each request to rules_answer/3:

    {"game": "molinolog", "state": StoredText, "traces": Traces,
     "action": {...}, "seconds": CpuSeconds, "inferences": N}

(the game before the move as the server stores it, read as the machine's
search processes read it, prolog/tablero/search.pl, and the action as the
page sent it).  The student's state is the tournament's contract for the
game (prolog/tablero/tournament.pl's student_state/3); the questions are the
course kit's (prolog/kit/GAME/, docs/kits.md):

  - molinolog: accion_legal(+Estado, +Accion), aplicar(+Estado, +Accion,
    -Estado2), fin_del_juego(+Estado2, -Resultado) on the course's estado/8
    (prolog/molinolog/course.pl is ours, the same names);
  - gorogo: the stored game jogo/1 set to our gorogo/5 state, then
    jogada(+Peca, +X, +Y) (Peca 1 or 2, the mover's colour, or 3, a Henge)
    and the stored game read back; a file without jogada/3 is asked
    updateTable(+Board, +Jogador) (the board with the piece put on it).
    GoRoGo has no game-over predicate in the report: the state after the
    move (hands and captures) says it;
  - azul: jugadas_legales(+Estado, -Jugadas) (the move legal when it is a
    member) and aplicar_jugada(+Estado, +Jugada, -Estado2) on azul/9 (the
    take and its placement, the turn passed, no end of round: our
    apply_take/3 of prolog/azul/rules.pl; compared on Turno, Jugadores and
    Mesa).

The reply:

    {"ok": true, "move": MoveText, "ours": Side, "theirs": Side,
     "before": Picture, "diff": Points, "fields": Names}

    Side = {"status", "step", "legal", "state", "picture", "over",
            "message", "output", "us"}

`status` is limited_call/4's (answer, failed, timeout, inferences, error,
halt, abort, resource, not_written) of the predicate named by `step`, or
not_a_board (a state answered that is not one of the game: `state` shows it).
`legal` is whether the side's rules take the move; `state` the state after
it as Prolog text; `picture` that state for the page to draw (per game,
below); `over` fin_del_juego/2's answer as text (null: the game goes on).
`diff` are the points whose pieces differ between the two pictures,
`fields` the parts of the state that differ, in the course's words.

Pictures: molinolog {"pieces": [[Point, "b"|"w"]...], "to_move", "phase",
"in_hand": {b, w}, "mill": the points of the mill to capture for}, a point
["n", 2]; gorogo {"board": 5 rows of ". B W H",
"to_move", "phase", "in_hand": {b, w} each [regular, henge], "captures":
{b, w}}; azul {"player": the mover, "score", "lines": 5 of null or [Colour,
N], "floor": [...], "wall": 5 rows of colours or null, "factories",
"centre", "to_move"}.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../tablero/tournament', [student_state/3]).
:- use_module('../tablero/search', []).
:- use_module('../molinolog/course', []).
:- use_module('../gorogo/course', []).
:- use_module('../azul/rules', []).
:- use_module(sandbox).

%!  rules_ready(+Game, -Missing) is det.
%
%   Missing is "" when the student's file defines what Game's questions
%   call, else what is missing, in words.
rules_ready(molinolog, Missing) :-
    missing([accion_legal/2, aplicar/3, fin_del_juego/2], Missing).
rules_ready(gorogo, Missing) :-
    (   \+ student_defines(jogada/3), \+ student_defines(updateTable/2)
    ->  Missing = "jogada/3 (or updateTable/2) is not defined"
    ;   \+ stored_game(_)
    ->  Missing = "jogo/1 (the stored game) is not defined as dynamic"
    ;   Missing = ""
    ).
rules_ready(azul, Missing) :-
    missing([jugadas_legales/2, aplicar_jugada/3], Missing).

missing(PIs, Missing) :-
    (   member(PI, PIs), \+ student_defines(PI)
    ->  format(string(Missing), "~q is not defined", [PI])
    ;   Missing = ""
    ).

%   stored_game(-M): jogo/1 is dynamic in M, the module the student's file
%   (or its adapter) sees it from.
stored_game(M) :-
    current_predicate(grade_student:jogo/1),
    (   predicate_property(grade_student:jogo(_), imported_from(M0))
    ->  M = M0
    ;   M = grade_student
    ),
    predicate_property(M:jogo(_), dynamic).

%!  rules_answer(+Game, +Request, -Reply) is det.
%
%   Both sides' answers on one move (see the module header).
rules_answer(Game, Request, Reply) :-
    tablero_search:state(Game, Request, Term),
    student_state(Game, Term, S0),
    get_dict(action, Request, Action),
    (   action_move(Game, S0, Action, Move)
    ->  Limits = limits(cpu(Request.seconds), Request.inferences, false),
        ours(Game, S0, Move, Ours),
        theirs(Game, S0, Move, Limits, Theirs),
        picture(Game, S0, S0, Before),
        differences(Game, Ours, Theirs, Diff, Fields),
        format(string(MoveText), "~q", [Move]),
        text(S0, S0Text),
        Reply = _{ok: true, move: MoveText, ours: Ours, theirs: Theirs,
                  before: Before, before_state: S0Text, diff: Diff, fields: Fields}
    ;   Reply = _{ok: false, message: "not a move of this game"}
    ).

                 /*******************************
                 *           THE MOVE           *
                 *******************************/

%   action_move(+Game, +State, +Action, -Move): the course's term of an
%   action dict (fails for one that is none).
action_move(molinolog, _, Action, Accion) :-
    get_dict(kind, Action, Kind),
    (   Kind == "place" -> Accion = colocar(P), point(Action.get(point), P)
    ;   Kind == "move" -> Accion = mover(F, T), point(Action.get(from), F), point(Action.get(to), T)
    ;   Kind == "capture" -> Accion = capturar(P), point(Action.get(point), P)
    ).
action_move(gorogo, gorogo(_, _, _, _, Phase), Action, place(Piece, X, Y)) :-
    get_dict(kind, Action, "place"),
    get_dict(pos, Action, [X, Y]), integer(X), integer(Y),
    (   get_dict(piece, Action, Name)
    ->  memberchk(Name-Piece, ["regular"-regular, "henge"-henge])
    ;   Phase == opening_henge
    ->  Piece = henge
    ;   Piece = regular
    ).
action_move(azul, _, Action, take(Source, Colour, Line)) :-
    get_dict(kind, Action, "take"),
    get_dict(source, Action, S), get_dict(colour, Action, C), get_dict(line, Action, L),
    (   integer(S) -> Source = factory(S) ; S == "centre", Source = centre ),
    string(C), atom_string(Colour, C),
    memberchk(Colour, [blue, yellow, red, black, white]),
    (   L == "floor" -> Line = floor ; integer(L), Line = L ).

point([D, R], (Dir, R)) :-
    string(D), atom_string(Dir, D), integer(R).

                 /*******************************
                 *             OURS             *
                 *******************************/

ours(molinolog, E0, A, Side) :-
    (   once(molinolog_course:accion_legal(E0, A))
    ->  molinolog_course:aplicar(E0, A, E),
        (   molinolog_course:fin_del_juego(E, R) -> text(R, Over) ; Over = null ),
        side(molinolog, E0, answer, aplicar, true, E, Over, Side)
    ;   side(molinolog, E0, failed, accion_legal, false, null, null, Side)
    ).
ours(gorogo, S0, Move, Side) :-
    (   \+ gorogo_course:gorogo_over(S0, _, _),
        \+ gorogo_course:gorogo_refusal(S0, Move, _)
    ->  gorogo_course:gorogo_place(S0, Move, S),
        (   gorogo_course:gorogo_over(S, W, Why) -> text(over(W, Why), Over) ; Over = null ),
        side(gorogo, S0, answer, jogada, true, S, Over, Side)
    ;   side(gorogo, S0, failed, jogada, false, null, null, Side)
    ).
ours(azul, S0, Move, Side) :-
    azul_rules:legal_takes(S0, Moves),
    (   memberchk(Move, Moves)
    ->  azul_rules:apply_take(S0, Move, S),
        side(azul, S0, answer, aplicar_jugada, true, S, null, Side)
    ;   side(azul, S0, failed, jugadas_legales, false, null, null, Side)
    ).

%   side(+Game, +State0, +Status, +Step, +Legal, +State, +Over, -Side)
side(Game, S0, Status, Step, Legal, State, Over, Side) :-
    (   State == null
    ->  Text = null, Picture = null
    ;   text(State, Text),
        (   picture(Game, S0, State, Picture) -> true ; Picture = null )
    ),
    Side = _{status: Status, step: Step, legal: Legal, state: Text, picture: Picture,
             over: Over, message: "", output: "", us: 0}.

text(Term, Text) :-
    format(string(Text0), "~q", [Term]),
    sub_text(Text0, 4000, Text).

sub_text(Text, Max, Sub) :-
    string_length(Text, Len),
    (   Len =< Max -> Sub = Text ; sub_string(Text, 0, Max, _, Sub) ).

                 /*******************************
                 *            THEIRS            *
                 *******************************/

%   theirs(+Game, +State0, +Move, +Limits, -Side): the student's answers,
%   each question under the limits, stopping at the first that fails or
%   faults.
theirs(molinolog, S0, A, Limits, Side) :-
    E0 = S0,
    limited_call(grade_student:accion_legal(E0, A), true, Limits, O1),
    (   O1.status == answer
    ->  limited_call(grade_student:aplicar(E0, A, E), E, Limits, O2),
        (   O2.status == answer
        ->  E1 = O2.answer,
            (   well_formed(molinolog, E1)
            ->  limited_call(grade_student:fin_del_juego(E1, R), R, Limits, O3),
                (   O3.status == answer
                ->  text(O3.answer, Over), their_side(molinolog, S0, O3, fin_del_juego, true, E1, Over, Side)
                ;   O3.status == failed
                ->  their_side(molinolog, S0, O3.put(status, answer), fin_del_juego, true, E1, null, Side)
                ;   their_side(molinolog, S0, O3, fin_del_juego, true, E1, null, Side)
                )
            ;   not_a_state(O2, aplicar, Side)
            )
        ;   their_side(molinolog, S0, O2, aplicar, true, null, null, Side)
        )
    ;   their_side(molinolog, S0, O1, accion_legal, false, null, null, Side)
    ).
theirs(gorogo, S0, place(Piece, X, Y), Limits, Side) :-
    S0 = gorogo(Board0, ToMove, _, _, _),
    colour_code(ToMove, Own),
    (   Piece == henge -> Code = 3 ; Code = Own ),
    stored_game(M),
    retractall(M:jogo(_)),
    assertz(M:jogo(S0)),
    (   student_defines(jogada/3)
    ->  Step = jogada,
        limited_call(grade_student:jogada(Code, X, Y), true, Limits, O1)
    ;   Step = updateTable,
        (   set_cell(Board0, X, Y, Code, Board)
        ->  limited_call(grade_student:updateTable(Board, Own), true, Limits, O1)
        ;   O1 = _{status: failed, message: "", output: "", us: 0}
        )
    ),
    (   O1.status == answer
    ->  (   catch(M:jogo(S), _, fail), well_formed(gorogo, S)
        ->  their_side(gorogo, S0, O1, Step, true, S, null, Side)
        ;   ( catch(M:jogo(S1), _, fail) -> true ; S1 = none ),
            not_a_state(O1.put(answer, S1), Step, Side)
        )
    ;   their_side(gorogo, S0, O1, Step, false, null, null, Side)
    ).
theirs(azul, S0, Move, Limits, Side) :-
    limited_call(grade_student:jugadas_legales(S0, Js), Js, Limits, O1),
    (   O1.status == answer, is_list(O1.answer)
    ->  (   memberchk(Move, O1.answer)
        ->  limited_call(grade_student:aplicar_jugada(S0, Move, S), S, Limits, O2),
            (   O2.status == answer
            ->  (   well_formed(azul, O2.answer)
                ->  their_side(azul, S0, O2, aplicar_jugada, true, O2.answer, null, Side)
                ;   not_a_state(O2, aplicar_jugada, Side)
                )
            ;   their_side(azul, S0, O2, aplicar_jugada, true, null, null, Side)
            )
        ;   their_side(azul, S0, O1.put(status, failed), jugadas_legales, false, null, null, Side)
        )
    ;   O1.status == answer
    ->  not_a_state(O1, jugadas_legales, Side)
    ;   their_side(azul, S0, O1, jugadas_legales, false, null, null, Side)
    ).

their_side(Game, S0, O, Step, Legal, State, Over, Side) :-
    side(Game, S0, O.status, Step, Legal, State, Over, Side0),
    sub_text(O.output, 2000, Output),
    Side = Side0.put(_{message: O.message, output: Output, us: O.us}).

not_a_state(O, Step, Side) :-
    (   get_dict(answer, O, A) -> text(A, Text) ; Text = null ),
    sub_text(O.output, 2000, Output),
    Side = _{status: not_a_board, step: Step, legal: true, state: Text, picture: null,
             over: null, message: O.message, output: Output, us: O.us}.

colour_code(b, 1).
colour_code(w, 2).

set_cell(Board0, X, Y, V, Board) :-
    nth0(X, Board0, Row0, RestRows),
    nth0(Y, Row0, 0, RestCells),
    nth0(Y, Row, V, RestCells),
    nth0(X, Board, Row, RestRows).

%   well_formed(+Game, @State): State is a state of the game's shape (what
%   picture/4 can draw).
well_formed(Game, State) :-
    ground(State),
    catch(picture(Game, State, State, _), _, fail).

                 /*******************************
                 *           PICTURES           *
                 *******************************/

%   picture(+Game, +State0, +State, -Picture): State drawn for the page
%   (State0 the state before the move: Azul's mover).
picture(molinolog, _, estado(_, _, Turno, Fase, Fichas, mano(N, B), _, _),
        _{pieces: Pieces, to_move: ToMove, phase: Phase, in_hand: _{b: N, w: B},
          mill: Mill}) :-
    is_list(Fichas),
    maplist(ficha_json, Fichas, Pieces),
    colour_json(Turno, ToMove),
    integer(N), integer(B),
    (   Fase = capturar(Molino)
    ->  Phase = "capturar",
        is_list(Molino),
        maplist([(D, R), [DS, R]]>>(atom(D), atom_string(D, DS), integer(R)), Molino, Mill)
    ;   atom(Fase), atom_string(Fase, Phase), Mill = []
    ).
picture(gorogo, _, gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase),
        _{board: Rows, to_move: ToMoveS, phase: PhaseS,
          in_hand: _{b: [BR, BH], w: [WR, WH]}, captures: _{b: CB, w: CW}}) :-
    length(Board, 5),
    maplist(gorogo_row, Board, Rows),
    memberchk(ToMove, [b, w]), atom_string(ToMove, ToMoveS),
    maplist(integer, [BR, BH, WR, WH, CB, CW]),
    atom(Phase), atom_string(Phase, PhaseS).
picture(azul, azul(_, _, _, _, P, _, _, _, _),
        azul(_, _, _, _, ToMove, Players, table(Fs, Centre, _, _, _), _, _),
        _{player: P, score: Score, lines: Lines, floor: Floor, wall: Wall,
          factories: FsJ, centre: CentreJ, to_move: ToMove}) :-
    integer(ToMove),
    nth0(P, Players, player(_, Score, Lines0, Wall0, Floor0)),
    integer(Score),
    length(Lines0, 5), maplist(line_json, Lines0, Lines),
    is_list(Floor0), maplist(tile_json, Floor0, Floor),
    length(Wall0, 5), maplist([R0, R]>>(length(R0, 5), maplist(cell_json, R0, R)), Wall0, Wall),
    is_list(Fs), maplist([F0, F]>>(is_list(F0), maplist(tile_json, F0, F)), Fs, FsJ),
    is_list(Centre), maplist(tile_json, Centre, CentreJ).

ficha_json(ficha(C, D, R), [[DS, R], CS]) :-
    colour_json(C, CS), atom(D), atom_string(D, DS), integer(R).

colour_json(negro, "b").
colour_json(blanco, "w").

gorogo_row(Row, Text) :-
    length(Row, 5),
    maplist([V, Ch]>>nth0(V, ['.', 'B', 'W', 'H'], Ch), Row, Chars),
    string_chars(Text, Chars).

line_json(empty, null) :- !.
line_json(line(C, N), [CS, N]) :- atom(C), atom_string(C, CS), integer(N).
tile_json(T, S) :- atom(T), atom_string(T, S).
cell_json(empty, null) :- !.
cell_json(C, S) :- tile_json(C, S).

                 /*******************************
                 *          DIFFERENCES         *
                 *******************************/

%   differences(+Game, +Ours, +Theirs, -Diff, -Fields): the points whose
%   pieces differ and the parts of the state that differ (both sides with
%   a state after the move), else [] and [].
differences(Game, Ours, Theirs, Diff, Fields) :-
    (   Ours.state \== null, Theirs.state \== null, Theirs.picture \== null,
        term_string(OS, Ours.state), term_string(TS, Theirs.state)
    ->  state_fields(Game, OS, TS, Fields),
        point_diff(Game, Ours.picture, Theirs.picture, Diff)
    ;   Diff = [], Fields = []
    ).

state_fields(azul, A, B, Fields) :-
    !,
    A = azul(_, _, _, _, TA, PA, table(FA, CA, KA, _, LA), _, _),
    B = azul(_, _, _, _, TB, PB, table(FB, CB, KB, _, LB), _, _),
    findall(F, ( member(F-X-Y, [turno-TA-TB, fabricas-FA-FB, centro-CA-CB, ficha-KA-KB,
                                tapa-LA-LB]),
                 X \== Y ), F1),
    (   is_list(PB), length(PA, N), length(PB, N)
    ->  findall(F, ( nth0(I, PA, player(_, SA, LsA, WA, FlA)),
                     nth0(I, PB, player(_, SB, LsB, WB, FlB)),
                     member(F0-X-Y, [puntos-SA-SB, filas-LsA-LsB, muro-WA-WB, suelo-FlA-FlB]),
                     X \== Y,
                     format(atom(F), "~w(~d)", [F0, I]) ), F2)
    ;   F2 = [jugadores]
    ),
    append(F1, F2, Fields0),
    maplist(atom_string, Fields0, Fields).
state_fields(Game, A, B, Fields) :-
    field_names(Game, Names),
    findall(Name, ( nth1(I, Names, Name), Name \== '',
                    arg(I, A, X), arg(I, B, Y), \+ same_part(Game, Name, X, Y) ),
            Fields0),
    maplist(atom_string, Fields0, Fields).

field_names(molinolog, ['', '', turno, fase, fichas, mano, sin_captura, historia]).
field_names(gorogo, [tabuleiro, vez, mao, capturas, fase]).

%   A set of pieces compares as a set (a student's list may be in another order).
same_part(molinolog, fichas, X, Y) :- !, is_list(Y), msort(X, SX), msort(Y, SY), SX == SY.
same_part(_, _, X, Y) :- X == Y.

point_diff(molinolog, P, Q, Diff) :-
    maplist([[Pt, C], Pt-C]>>true, P.pieces, A0), sort(A0, A),
    maplist([[Pt, C], Pt-C]>>true, Q.pieces, B0), sort(B0, B),
    findall(Pt, ( member(Pt-_, A), \+ memberchk(Pt-_, B)
                ; member(Pt-_, B), \+ memberchk(Pt-_, A)
                ; member(Pt-C1, A), memberchk(Pt-C2, B), C1 \== C2 ), Diff0),
    sort(Diff0, Diff).
point_diff(gorogo, P, Q, Diff) :-
    findall([X, Y], ( nth0(X, P.board, RP), nth0(X, Q.board, RQ),
                      between(0, 4, Y), sub_atom(RP, Y, 1, _, A), sub_atom(RQ, Y, 1, _, B),
                      A \== B ), Diff).
point_diff(azul, _, _, []).
