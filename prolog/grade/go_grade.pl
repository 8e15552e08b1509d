:- module(grade_go,
          [ grade/0                  % the Go course's contract and cases
          ]).

/** <module> Grading a Go solution (the UNS 2019 course's proylcc.pl)

driver.pl loads this module for `--game=go` (the default) once the student's
file is loaded.  It checks the documented contract (emptyBoard/1, goMove/4,
the score predicate), then asks every case of cases.pl, the student's code
and our rules (prolog/go.pl) side by side, each call within limits
(limited_call/4), and writes the records that driver.pl's header lists.

Whether a score answer passes is decided in Python, which knows the argument
order (document 000's terminarJuego(Board, PuntosW, PuntosB) or document
004's finDelJuego(Board, PuntajeNegras, PuntajeBlancas)) and may detect the
other order.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../go', []).
:- use_module(sandbox).
:- use_module(common).
:- use_module(cases).
:- use_module(positions, [score_position/5]).

                 /*******************************
                 *           GRADING            *
                 *******************************/

grade :-
    findall(M:Head, student_dynamic(M, Head), Dynamic),
    nb_setval(grade_dynamic, Dynamic),
    student_state(Loaded),
    nb_setval(grade_loaded_state, Loaded),
    nb_setval(grade_case, contract),
    contract(Gradeable),
    nb_setval(grade_case, none),
    (   Gradeable == true
    ->  nb_setval(grade_case, contract),
        score_predicate(Score),
        nb_setval(grade_case, none),
        setting(seeds, SeedsText),
        atomic_list_concat(SeedAtoms, ',', SeedsText),
        maplist(atom_number, SeedAtoms, Seeds),
        cases(Seeds, Cases0),
        selected(Cases0, Cases),
        plan(Cases),
        number_setting(skip, Skip),
        run_cases(Cases, 0, Skip, Score)
    ;   true
    ).

selected(Cases0, Cases) :-
    setting(sections, S),
    (   S == ''
    ->  Cases = Cases0
    ;   atomic_list_concat(Names, ',', S),
        include(in_sections(Names), Cases0, Cases)
    ).

in_sections(Names, Case) :-
    arg(1, Case, Section),
    memberchk(Section, Names).

plan(Cases) :-
    findall(_{name: Sec, title: Title, contract: Contract, cases: N},
            ( section(Sec, Contract, Title),
              aggregate_all(count, ( member(C, Cases), C \= internal(_, _), arg(1, C, Sec) ), N),
              N > 0 ),
            Sections),
    length(Cases, Total),
    emit(_{kind: plan, sections: Sections, total: Total}).

%   contract(-Gradeable): the checks of emptyBoard/1 and goMove/4; Gradeable
%   is false when goMove/4 is missing (the course's main predicate: no case
%   can be asked).  A missing emptyBoard/1 is its own verdict only.
contract(Gradeable) :-
    (   student_defines(emptyBoard/1)
    ->  check_empty_board
    ;   emit(_{kind: contract, check: "emptyBoard/1", ok: false, fatal: false,
               message: "emptyBoard/1 is not defined"})
    ),
    (   student_defines(goMove/4)
    ->  emit(_{kind: contract, check: "goMove/4", ok: true, fatal: false,
               message: "goMove/4 is defined"})
    ;   findall(A, student_defines(goMove/A), As),
        (   As == []
        ->  Message = "goMove/4 is not defined"
        ;   findall(PI, ( member(A, As), format(atom(PI), "goMove/~w", [A]) ), PIs),
            atomic_list_concat(PIs, ', ', Defined),
            format(string(Message), "goMove/4 is not defined (~w is)", [Defined])
        ),
        emit(_{kind: contract, check: "goMove/4", ok: false, fatal: true, message: Message})
    ),
    (   student_defines(goMove/4)
    ->  Gradeable = true
    ;   Gradeable = false
    ).

check_empty_board :-
    call_limits(Limits),
    limited_call(grade_student:emptyBoard(B), B, Limits, O),
    (   O.status == answer
    ->  board_problem(O.answer, 19, Problem),
        (   Problem == ""
        ->  (   O.second == different
            ->  Ok = false,
                Message = "emptyBoard/1 gives a second, different board on backtracking"
            ;   Ok = true, Message = "emptyBoard/1 gives the empty 19x19 board"
            )
        ;   Ok = false,
            string_concat("emptyBoard/1 does not give the empty 19x19 board of \"-\" strings: ",
                          Problem, Message)
        )
    ;   Ok = false,
        status_words(O, Words),
        string_concat("emptyBoard/1 ", Words, Message)
    ),
    emit(_{kind: contract, check: "emptyBoard/1", ok: Ok, fatal: false, message: Message,
           output: O.output}).

%   board_problem(+Board, +Size, -Problem): Problem is "" if Board is the
%   empty Size x Size board, else what is wrong, in words.
board_problem(Board, Size, Problem) :-
    (   \+ is_list(Board)
    ->  format(string(Problem), "it is not a list: ~q", [Board])
    ;   length(Board, N), N =\= Size
    ->  format(string(Problem), "it has ~d rows", [N])
    ;   nth0(R, Board, Row), \+ ( is_list(Row), length(Row, Size) )
    ->  format(string(Problem), "row ~d is not a list of ~d cells: ~q", [R, Size, Row])
    ;   nth0(R, Board, Row), nth0(C, Row, Cell), Cell \== "-"
    ->  cell_words(Cell, Words),
        format(string(Problem), "cell [~d,~d] is ~w", [R, C, Words])
    ;   Problem = ""
    ).

cell_words(Cell, Words) :-
    (   var(Cell) -> Words = "an unbound variable"
    ;   atom(Cell) -> format(string(Words), "the atom ~q, not a string", [Cell])
    ;   format(string(Words), "~q", [Cell])
    ).

%   score_predicate(-Score): the student's score predicate, none or its
%   name; emits how it was found: option (--score), name (terminarJuego/3,
%   finDelJuego/3), behaviour (another /3 predicate of the student's that
%   scores known boards: tried on them, the best taken), or missing.
score_predicate(Score) :-
    setting(score, Option),
    candidates(Candidates),
    (   Option \== ''
    ->  (   student_defines(Option/3)
        ->  Score = Option, How = option
        ;   Score = none, How = missing_option
        ),
        Name = Option, Tried = []
    ;   student_defines(terminarJuego/3)
    ->  Score = terminarJuego, Name = terminarJuego, How = name, Tried = []
    ;   student_defines(finDelJuego/3)
    ->  Score = finDelJuego, Name = finDelJuego, How = name, Tried = []
    ;   by_behaviour(Found, Tried),
        (   Found == none
        ->  Score = none, Name = "", How = missing
        ;   Score = Found, Name = Found, How = behaviour
        )
    ),
    emit(_{kind: score_predicate, name: Name, how: How, candidates: Candidates,
           tried: Tried}).

%   by_behaviour(-Name, -Tried): among the student's predicates of arity 3
%   (not goMove/emptyBoard helpers of other shapes), the one whose answers
%   on known boards are their scores, in either order; Tried lists every one
%   tried with how many boards it scored ("name/3: k of n").  The best wins;
%   on a tie, one whose name looks like a score; none if none answered two
%   numbers on any board.
by_behaviour(Name, Tried) :-
    student_predicates(PIs),
    findall(N, ( member(N/3, PIs), \+ memberchk(N, [goMove, emptyBoard]) ), Names),
    findall(B-W-Board, probe_board(Board, B, W), Probes),
    length(Probes, NP),
    snapshot_dynamic(Saved),
    findall(Hits-Numbers-Like-Answers-N,
            ( member(N, Names),
              probe(N, Probes, Hits, Numbers, Answers),
              ( score_like(N/3) -> Like = 1 ; Like = 0 ) ),
            Scored),
    restore_dynamic(Saved),
    findall(T, ( member(H-_-_-_-N, Scored),
                 format(string(T), "~w/3: ~d of ~d boards", [N, H, NP]) ), Tried),
    msort(Scored, Sorted),
    reverse(Sorted, Best),
    (   Best = [H-Numbers-_-_-N|_], ( H > 0 ; Numbers > 0 )
    ->  Name = N
    ;   member(_-_-1-A-N, Best), A > 0      % a score by its name that answers other things
    ->  Name = N
    ;   Name = none
    ).

%   probe_board(-Board, -B, -W): boards whose area score is known (none
%   scores the same for both colours, so an order can be told).
probe_board(Board, B, W) :-
    member(Name, [one_black_stone, corner_territory, two_corners]),
    score_position(Name, _, Board, B, W).

%   probe(+Name, +Probes, -Hits, -Numbers, -Answers): how many boards Name
%   scores right (in either order), answers two numbers for, answers at all.
probe(Name, Probes, Hits, Numbers, Answers) :-
    foldl(probe_one(Name), Probes, 0-0-0, Hits-Numbers-Answers).

probe_one(Name, B-W-Board, H0-N0-A0, H-N-A) :-
    Goal =.. [Name, Board, X, Y],
    limited_call(grade_student:Goal, X-Y, limits(cpu(1), 5 000 000, false), O),
    (   O.status == answer -> A is A0 + 1 ; A = A0 ),
    (   O.status == answer, O.answer = X1-Y1, number(X1), number(Y1)
    ->  N is N0 + 1,
        (   ( X1 =:= W, Y1 =:= B ; X1 =:= B, Y1 =:= W ) -> H is H0 + 1 ; H = H0 )
    ;   H = H0, N = N0
    ).

%   candidates(-PIs): predicates of arity 3 whose name suggests a score.
candidates(Texts) :-
    student_predicates(PIs),
    include(score_like, PIs, Found),
    maplist(term_text, Found, Texts).

score_like(Name/3) :-
    downcase_atom(Name, Lower),
    member(Part, [punt, score, termin, fin, contar, count, point, ganador, winner, result]),
    sub_atom(Lower, _, _, _, Part),
    !.

                 /*******************************
                 *          THE CASES           *
                 *******************************/

run_cases([], _, _, _).
run_cases([Case|Cases], I, Skip, Score) :-
    I1 is I + 1,
    (   I < Skip
    ->  run_cases(Cases, I1, Skip, Score)
    ;   over_budget
    ->  number_setting(budget, Budget),
        emit(_{kind: budget, index: I, seconds: Budget})
    ;   nb_setval(grade_case, I),
        nb_setval(grade_case_term, Case),
        run_case(Case, I, Score),
        nb_setval(grade_case, none),
        run_cases(Cases, I1, Skip, Score)
    ).

run_case(internal(Section, Message), I, _) :-
    emit(_{kind: internal, index: I, section: Section, message: Message}).
run_case(move(Section, Name, Title, Board, Player, Pos, Expected), I, _) :-
    reference_move(Board, Player, Pos, Expected, Ours),
    (   Ours.ok == true
    ->  true
    ;   format(string(M), "our goMove/4 does not give the expected result for ~w", [Name]),
        emit(_{kind: internal, index: I, section: Section, message: M})
    ),
    call_limits(Limits),
    limited_call(grade_student:goMove(Board, Player, Pos, R), R, Limits, O),
    count_limits(O),
    move_verdict(Expected, O, Ok, Problem),
    section(Section, Contract, _),
    length(Board, Size),
    Record0 = _{kind: move, index: I, section: Section, name: Name, title: Title,
                contract: Contract, size: Size, player: Player, pos: Pos,
                expected: Reason, ok: Ok, problem: Problem, got: O.status,
                message: O.message, det: O.det, second: O.second,
                us: O.us, inferences: O.inferences, ref_us: Ours.us,
                output: Out, output_chars: OutLen},
    expected_reason(Expected, Reason),
    output_sample(O.output, Out, OutLen),
    (   Ok == true, O.second \== different
    ->  Record = Record0
    ;   boards_for_report(Board, Expected, O, Record0, Record)
    ),
    emit(Record),
    (   Ok == false
    ->  maybe_shrink(I, Section, Board, Player, Pos, Problem)
    ;   true
    ).
run_case(score(Section, Name, Title, Board, B, W), I, Score) :-
    (   Score == none
    ->  true
    ;   student_state(Moves),
        nb_getval(grade_loaded_state, Loaded),
        restore_dynamic(Loaded),
        call_cleanup(score_case(Section, Name, Title, Board, B, W, I, Score),
                     restore_dynamic(Moves))
    ).

%   score_case(...): one score case, its record emitted.  It starts from the
%   student's dynamic predicates as loading left them, and they are put back
%   as the goMove/4 cases left them afterwards (run_case/3): the course calls
%   the score once, at the end of a game, and a score predicate that leaves
%   marks asserted (a real 2019 solution did: every point of the board) must
%   not fail the next goMove/4 case, nor the next score case.
score_case(Section, Name, Title, Board, B, W, I, Score) :-
    (   reference_score(Board, B, W, Ours),
        (   Ours.ok == true
        ->  true
        ;   format(string(M), "our terminarJuego/3 does not give the expected score \c
                               for ~w", [Name]),
            emit(_{kind: internal, index: I, section: Section, message: M})
        ),
        score_limits(Limits),
        Goal =.. [Score, Board, X, Y],
        limited_call(grade_student:Goal, X-Y, Limits, O),
        count_score_limits(O),
        section(Section, Contract, _),
        length(Board, Size),
        board_rows(Board, Rows, _),
        (   O.status == answer -> O.answer = X1-Y1 ; X1 = null, Y1 = null ),
        (   O.second == different -> O.second_answer = X2-Y2 ; X2 = null, Y2 = null ),
        maplist(json_number, [X1, Y1, X2, Y2], [JX, JY, JX2, JY2]),
        output_sample(O.output, Out, OutLen),
        emit(_{kind: score, index: I, section: Section, name: Name, title: Title,
               contract: Contract, size: Size, board: Rows,
               expected_b: B, expected_w: W, got: O.status, message: O.message,
               x: JX, y: JY, second: O.second, second_x: JX2, second_y: JY2,
               det: O.det, us: O.us, ref_us: Ours.us,
               output: Out, output_chars: OutLen})
    ->  true
    ;   true
    ).

                 /*******************************
                 *          SHRINKING           *
                 *******************************/

%   maybe_shrink(+I, +Section, +Board, +Player, +Pos, +Problem): the first
%   failure of each kind (Problem) in a game section (random games and GNU
%   Go's) is shrunk, as a property-based tester shrinks a failing example:
%   stones are taken off the board before the move, in halves, quarters, ...
%   down to one at a time, as long as the student's goMove/4 still fails the
%   same way on what is left (the expected result is our rules' on each
%   smaller board).  Emits {"kind":"shrunk"} with the smallest board found
%   and its drawing; nothing when no stone could be taken off.  Failures
%   of limits, errors and halts are not shrunk (each try would cost a
%   limit), and shrinking a case stops after 2 s of CPU time or 2,000 tries.
maybe_shrink(I, Section, Board, Player, Pos, Problem) :-
    (   memberchk(Section, [random19, random9, gnugo19, gnugo9]),
        memberchk(Problem, [wrong_board, accepted_illegal, refused_legal, second_answer,
                            malformed]),
        atomic_list_concat([grade_shrunk, Section, Problem], '_', Key),
        \+ nb_current(Key, true)
    ->  nb_setval(Key, true),
        shrink_case(I, Section, Board, Player, Pos, Problem)
    ;   true
    ).

shrink_case(I, Section, Board, Player, Pos, Problem) :-
    student_state(State),
    nb_setval(grade_shrink_state, State),
    call_cleanup(shrink_case_(I, Section, Board, Player, Pos, Problem),
                 restore_dynamic(State)).

%   Every try starts from the student's dynamic predicates as the failing
%   case left them, and they are put back so afterwards: the next cases are
%   asked as if there had been no shrinking.
shrink_case_(I, Section, Board, Player, Pos, Problem) :-
    board_stones(Board, Pos, Stones),
    length(Stones, N),
    statistics(cputime, T0),
    nb_setval(grade_shrink_tries, 0),
    Half is max(1, N // 2),
    catch(shrink(Stones, Half, Board, Player, Pos, Problem, T0, Kept), _, Kept = Stones),
    length(Kept, K),
    nb_getval(grade_shrink_tries, Tries),
    (   K < N,
        without_stones(Board, Stones, Kept, Small),
        shrink_try(Small, Player, Pos, Problem, Expected, O)
    ->  expected_reason(Expected, Reason),
        Record0 = _{kind: shrunk, index: I, section: Section, player: Player, pos: Pos,
                    expected: Reason, problem: Problem, stones_before: N, stones: K,
                    tries: Tries, got: O.status, message: O.message, second: O.second},
        boards_for_report(Small, Expected, O, Record0, Record),
        emit(Record)
    ;   true
    ).

%   shrink(+Stones, +Size, ...): takes off chunks of Size stones, each kept
%   off if the student's code still fails the same way; then chunks of half
%   the size; with one stone at a time, again until none can be taken off.
shrink(Stones, Size, Board, Player, Pos, Problem, T0, Kept) :-
    chunks(Stones, Size, Chunks),
    foldl(shrink_chunk(Board, Stones, Player, Pos, Problem, T0), Chunks, Stones, Stones1),
    length(Stones, N0), length(Stones1, N1),
    (   shrink_spent(T0)
    ->  Kept = Stones1
    ;   Size > 1
    ->  Size1 is max(1, Size // 2),
        shrink(Stones1, Size1, Board, Player, Pos, Problem, T0, Kept)
    ;   N1 < N0
    ->  shrink(Stones1, 1, Board, Player, Pos, Problem, T0, Kept)
    ;   Kept = Stones1
    ).

shrink_chunk(Board, All, Player, Pos, Problem, T0, Chunk, Stones0, Stones) :-
    subtract(Stones0, Chunk, Stones1),
    (   Stones1 \== Stones0,
        \+ shrink_spent(T0),
        without_stones(Board, All, Stones1, Small),
        shrink_try(Small, Player, Pos, Problem, _, _)
    ->  Stones = Stones1
    ;   Stones = Stones0
    ).

shrink_spent(T0) :-
    statistics(cputime, T),
    nb_getval(grade_shrink_tries, Tries),
    ( T - T0 > 2 ; Tries >= 2000 ).

%   shrink_try(+Board, +Player, +Pos, +Problem, -Expected, -Outcome): the
%   student's goMove/4 fails on Board the way it failed on the random one.
shrink_try(Board, Player, Pos, Problem, Expected, O) :-
    bump(grade_shrink_tries, _),
    nb_getval(grade_shrink_state, State),
    restore_dynamic(State),
    limited_call(go:goMove(Board, Player, Pos, R0), R0, limits(10, 100 000 000, false), Ours),
    (   Ours.status == answer
    ->  Expected = board(Ours.answer)
    ;   Pos = [R, C], nth0(R, Board, Row), nth0(C, Row, Cell),
        (   Cell == "-" -> Reason = suicide ; Reason = occupied ),
        Expected = refused(Reason)
    ),
    call_limits(limits(Cpu, Inferences, _)),
    ( Problem == second_answer -> Second = true ; Second = false ),
    limited_call(grade_student:goMove(Board, Player, Pos, R), R,
                 limits(Cpu, Inferences, Second), O),
    move_verdict(Expected, O, false, Problem).

%   board_stones(+Board, +Pos, -Stones): the points with a stone, but Pos.
board_stones(Board, Pos, Stones) :-
    findall([R, C], ( nth0(R, Board, Row), nth0(C, Row, Cell), Cell \== "-",
                      [R, C] \== Pos ), Stones).

%   without_stones(+Board, +All, +Kept, -Small): Board with the points of All
%   that are not in Kept emptied.
without_stones(Board, All, Kept, Small) :-
    subtract(All, Kept, Off),
    findall(R-C, member([R, C], Off), Pairs),
    sort(Pairs, Sorted),
    empty_points(Board, 0, Sorted, Small).

empty_points([], _, _, []).
empty_points([Row|Rows], R, Off, [Row1|Rows1]) :-
    findall(C, member(R-C, Off), Cs),
    (   Cs == [] -> Row1 = Row ; empty_cells(Row, 0, Cs, Row1) ),
    R1 is R + 1,
    empty_points(Rows, R1, Off, Rows1).

empty_cells([], _, _, []).
empty_cells([X|Xs], C, Cs, [Y|Ys]) :-
    ( memberchk(C, Cs) -> Y = "-" ; Y = X ),
    C1 is C + 1,
    empty_cells(Xs, C1, Cs, Ys).

%   chunks(+List, +Size, -Chunks): List cut into lists of Size (the last shorter).
chunks([], _, []) :- !.
chunks(List, Size, [Chunk|Chunks]) :-
    length(List, N),
    (   N =< Size
    ->  Chunk = List, Rest = []
    ;   length(Chunk, Size), append(Chunk, Rest, List)
    ),
    chunks(Rest, Size, Chunks).

reference_move(Board, Player, Pos, Expected, _{ok: Ok, us: Us}) :-
    limited_call(go:goMove(Board, Player, Pos, R), R, limits(10, 100 000 000, false), O),
    Us = O.us,
    (   Expected = board(E)
    ->  ( O.status == answer, O.answer == E -> Ok = true ; Ok = false )
    ;   ( O.status == failed -> Ok = true ; Ok = false )
    ).

reference_score(Board, B, W, _{ok: Ok, us: Us}) :-
    limited_call(go:terminarJuego(Board, W1, B1), W1-B1, limits(10, 100 000 000, false), O),
    Us = O.us,
    (   O.status == answer, O.answer == W-B -> Ok = true ; Ok = false ).

expected_reason(board(_), board).
expected_reason(refused(Reason), Reason).

%   move_verdict(+Expected, +Outcome, -Ok, -Problem)
move_verdict(Expected, O, Ok, Problem) :-
    Status = O.status,
    (   Status == answer
    ->  A = O.answer,
        (   Expected = board(E)
        ->  (   A == E
            ->  (   O.second == different
                ->  Ok = false, Problem = second_answer
                ;   Ok = true, Problem = ""
                )
            ;   length(E, Size),
                board_rows(A, _, Bad),
                Ok = false,
                (   Bad == true ; \+ (is_list(A), length(A, Size)) )
            ->  Problem = malformed
            ;   Ok = false, Problem = wrong_board
            )
        ;   Ok = false, Problem = accepted_illegal
        )
    ;   Status == failed
    ->  (   Expected = board(_)
        ->  Ok = false, Problem = refused_legal
        ;   Ok = true, Problem = ""
        )
    ;   Ok = false, Problem = Status
    ).

%   boards_for_report(+Board, +Expected, +Outcome, +Record0, -Record): the
%   boards a failure is drawn with.
boards_for_report(Board, Expected, O, Record0, Record) :-
    board_rows(Board, Before, _),
    (   Expected = board(E) -> board_rows(E, ERows, _) ; ERows = null ),
    (   O.status == answer
    ->  board_rows(O.answer, GRows, _),
        format(string(GText), "~q", [O.answer]),
        sub_text(GText, 400, GotText)
    ;   GRows = null, GotText = ""
    ),
    (   O.second == different -> board_rows(O.second_answer, SRows, _) ; SRows = null ),
    Record = Record0.put(_{before: Before, expected_board: ERows, got_board: GRows,
                           second_board: SRows, got_text: GotText}).

%   board_rows(+Board, -Rows, -Bad): Rows are the rows of Board as strings of
%   "-", "b", "w" ("?" for any other cell, Bad = true then); Rows is null if
%   Board is not a list of lists.
board_rows(Board, Rows, Bad) :-
    (   is_list(Board), maplist(is_list, Board)
    ->  maplist(row_text, Board, Rows, Bads),
        ( memberchk(true, Bads) -> Bad = true ; Bad = false )
    ;   Rows = null, Bad = true
    ).

row_text(Row, Text, Bad) :-
    maplist(cell_char, Row, Chars),
    ( memberchk('?', Chars) -> Bad = true ; Bad = false ),
    atomics_to_string(Chars, Text).

cell_char(Cell, Char) :-
    (   Cell == "-" -> Char = '-'
    ;   Cell == "b" -> Char = b
    ;   Cell == "w" -> Char = w
    ;   Char = '?'
    ).

                 /*******************************
                 *            LIMITS            *
                 *******************************/
%   The score's: ten times the inferences of goMove/4, and five times its CPU
%   time, so that code that computes runs out of inferences (the same count on
%   any machine) well before it runs out of CPU time (which a busy machine
%   stretches: at 2 s, 100M inferences ran out of either first, by the load,
%   and the grade changed with it); the CPU time stops what makes no
%   inferences.
score_limits(limits(cpu(Seconds), Inferences, Second)) :-
    call_limits(limits(cpu(S), I, Second0)),
    (   nb_current(grade_no_score_second, true) -> Second = false ; Second = Second0 ),
    (   nb_current(grade_score_lowered, true)
    ->  Seconds = S, Inferences = I
    ;   Seconds is S * 5, Inferences is I * 10      % see the comment above
    ).

count_limits(O) :-
    (   memberchk(O.status, [timeout, inferences])
    ->  bump(grade_limit_hits, N),
        (   N =:= 5, \+ nb_current(grade_lowered, true)
        ->  nb_setval(grade_lowered, true),
            note("goMove/4 ran past its limits in 5 cases: the limits of the next calls \c
                  are ten times lower")
        ;   true
        )
    ;   true
    ),
    (   O.second == limit
    ->  bump(grade_second_hits, M),
        (   M =:= 3
        ->  nb_setval(grade_no_second, true),
            note("looking for a second answer of goMove/4 ran past the limits in 3 \c
                  cases: no second answer is looked for any more")
        ;   true
        )
    ;   true
    ).

count_score_limits(O) :-
    (   O.second == limit
    ->  bump(grade_score_second_hits, M),
        (   M =:= 1
        ->  nb_setval(grade_no_score_second, true),
            note("looking for a second answer of the score predicate ran past the limits: \c
                  no second answer is looked for any more")
        ;   true
        )
    ;   true
    ),
    (   memberchk(O.status, [timeout, inferences])
    ->  bump(grade_score_hits, N),
        (   N =:= 2
        ->  nb_setval(grade_score_lowered, true),
            note("the score predicate ran past its limits in 2 cases: the next calls get \c
                  the limits of goMove/4")
        ;   true
        )
    ;   true
    ).

%   died_record(+I, -Record): what is known of case I, to draw it.
grade_common:died_record(I, Record) :-
    (   integer(I),
        nb_current(grade_case_term, move(Section, Name, Title, Board, Player, Pos, Expected))
    ->  expected_reason(Expected, Reason),
        board_rows(Board, Before, _),
        (   Expected = board(E) -> board_rows(E, ERows, _) ; ERows = null ),
        length(Board, Size),
        Record = _{kind: died, index: I, section: Section, name: Name, title: Title,
                   size: Size, player: Player, pos: Pos, expected: Reason,
                   before: Before, expected_board: ERows}
    ;   integer(I),
        nb_current(grade_case_term, score(Section, Name, Title, _, _, _))
    ->  Record = _{kind: died, index: I, section: Section, name: Name, title: Title}
    ;   Record = _{kind: died, index: I}
    ).
