:- module(grade_azul,
          [ grade/0
          ]).

/** <module> Grading an Azul solution (La Habana's simulator: the Azul kit's contract)

The kit's contract (prolog/kit/azul/azul.pl, docs/kits.md): new_game/1 (a
whole game between strategies, printed), jugadas_legales/2 and
estrategia/3 (greedy, random) on the state azul/9 of prolog/azul/rules.pl.
A solution that keeps its game in asserted facts, or names things its own
way, is graded through its adapter.pl (docs/grading.md).

  - jugadas_legales/2 is compared, as a set, with our legal_takes/2: a move
    missing (which kind) or one too many (why our rules refuse it:
    take_refusal/3's code: line_full, colour_mismatch, wall_has_colour, ...);
  - aplicar_jugada/3 is compared, state to state, with our apply_take/3
    (the take and placement of one legal move, the turn passed, no end of
    round; the hand-written positions: a factory's rest to the centre, the
    first-player token to the floor, a line's overflow to the floor, a full
    floor's excess to the lid; every turn of the random games): the order
    of a factory's and the centre's tiles aside (heaps), the first part that differs
    named (to_move, factories, centre, token, pattern_lines, floor, lid,
    other_fields);
  - estrategia(greedy, ...) must answer a legal move that scores most now
    (greedy_value/3 of prolog/azul/machine.pl: the wall tiling of the full
    pattern lines with its adjacency points, minus the floor penalty, the
    first-player token and overflow included); any move of the best value
    passes (ties are the student's to break);
  - estrategia(random, ...) must answer a legal move;
  - new_game/1 must play a game to its end and print it, within larger
    limits (10 s of CPU time, 500M inferences).

Sections: `positions` (written by hand: a full pattern line, a wall row
with the colour, a line of another colour, an empty centre with the token,
the floor always open, and greedy choices decided by the first-player token,
the floor's overflow and the adjacency points of the round's tiling),
`random` (seeded random games: every turn's legal moves, the greedy choice
every third turn, the random one every seventh), `games` (new_game/1).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../azul/rules', []).
:- use_module('../azul/board', []).
:- use_module('../azul/machine', []).
:- use_module(sandbox).
:- use_module(common).
:- use_module(kit_grade).

grade :-
    grade_kit(grade_azul).

contract([new_game/1, jugadas_legales/2, aplicar_jugada/3, estrategia/3]).

sections([ section(positions, t("Positions written by hand (lines, wall, floor, token, scoring)",
                                "Posiciones elegidas (filas, muro, suelo, ficha inicial, puntos)")),
           section(random, t("Random games (seeded)", "Partidas al azar (con semilla)")),
           section(games, t("Whole games: new_game/1", "Partidas enteras: new_game/1"))
         ]).

position(state(S), S).
position(moves(Seed, Ms), S) :-
    azul_rules:initial_state([human, human], Seed, S0),
    foldl(take_move, Ms, S0, S).

take_move(M, S0, S) :-
    \+ azul_rules:take_refusal(S0, M, _),
    azul_rules:take_turn(S0, M, S, _).

                 /*******************************
                 *           THE CASES          *
                 *******************************/

cases(Seeds, Cases) :-
    findall(C, hand_case(C), Hand),
    findall(C, ( member(Seed, Seeds), random_case(Seed, C) ), Random),
    findall(C, game_case(C), Games),
    append([Hand, Random, Games], Cases).

hand_case(case(positions, Name, Title, jugadas_legales/2, state(S), legales)) :-
    legales_position(Name, Title, S).
hand_case(case(positions, Name, Title, estrategia/3, state(S), greedy(Name))) :-
    greedy_position(Name, Title, S).
hand_case(case(positions, Name, Title, aplicar_jugada/3, state(S), apply(M))) :-
    apply_position(Name, Title, S, M).
hand_case(case(positions, random_is_legal,
               t("estrategia(random, ...) answers a legal move",
                 "estrategia(random, ...) da una jugada legal"),
               estrategia/3, state(S), random)) :-
    legales_position(wall_has_colour, _, S).

game_case(case(games, Name, t(En, Es), new_game/1, state(none), game(Kinds))) :-
    member(Kinds, [[greedy, greedy], [random, greedy, random]]),
    format(atom(Name), "new_game_~w", [Kinds]),
    format(string(En), "new_game(~q) plays a whole game", [Kinds]),
    format(string(Es), "new_game(~q) juega una partida entera", [Kinds]).

%   A state of two players, player 0 to move: state(Lines, Wall, Floor,
%   Factories, Centre, Token, S).
state(Lines, Wall, Floor, Factories, Centre, Token,
      azul(1, 1, 1, 0, 0, [player(human, 0, Lines, Wall, Floor),
                           player(human, 0, Empty, EmptyWall, [])],
           table(Factories, Centre, Token, Counts, Counts), none, playing)) :-
    azul_board:empty_wall(EmptyWall),
    length(Empty, 5), maplist(=(empty), Empty),
    Counts = [blue-0, yellow-0, red-0, black-0, white-0].

%   wall(+Placed, -Wall): the wall with the tiles Placed (Row-Col) on it.
wall(Placed, Wall) :-
    azul_board:empty_wall(W0),
    foldl([R-C, A, B]>>( azul_board:wall_colour(R, C, Colour),
                         azul_board:wall_set(A, R, C, Colour, B) ), Placed, W0, Wall).

empty_lines([empty, empty, empty, empty, empty]).

legales_position(line_full, t("a full pattern line takes no more tiles",
                              "una fila de preparación llena no recibe más azulejos"),
                 S) :-
    wall([], W),
    state([line(red, 1), line(blue, 2), empty, empty, empty], W, [],
          [[red, red, blue, yellow], [black, black, white, white]], [], centre, S).
legales_position(wall_has_colour, t("a line whose wall row has the colour is closed to it",
                                    "una fila cuyo muro ya tiene el color no lo recibe"),
                 S) :-
    wall([1-1, 2-2], W),                    % blue in rows 1 and 2 of the wall
    empty_lines(L),
    state(L, W, [], [[blue, blue, red, red], [yellow, black, white, white]], [], centre, S).
legales_position(colour_mismatch, t("a line started with another colour is closed",
                                    "una fila empezada con otro color no lo recibe"),
                 S) :-
    wall([], W),
    state([empty, empty, line(yellow, 1), line(black, 2), empty], W, [],
          [[red, red, yellow, black]], [], centre, S).
legales_position(centre_token_only, t("the centre with only the first-player token is empty",
                                      "el centro con sólo la ficha de jugador inicial está vacío"),
                 S) :-
    wall([], W),
    empty_lines(L),
    state(L, W, [], [[red, red, blue, white], []], [], centre, S).
legales_position(centre_tiles, t("the centre's tiles can be taken (with the token)",
                                 "se toman los azulejos del centro (con la ficha inicial)"),
                 S) :-
    wall([], W),
    empty_lines(L),
    state(L, W, [red], [[], [white, white, black, black]], [yellow, yellow, blue], centre, S).
legales_position(floor_always, t("the floor is always open, even when every line is closed",
                                 "el suelo siempre se puede elegir, aunque ninguna fila sirva"),
                 S) :-
    wall([], W),
    state([line(red, 1), line(red, 2), line(red, 3), line(red, 4), line(red, 5)], W, [],
          [[blue, blue, blue, blue]], [], centre, S).

%   apply_position(Name, Title, S, Move): a state and the legal Move that
%   aplicar_jugada/3 is asked to play there.
apply_position(apply_factory, t("aplicar_jugada: a factory's other tiles go to the centre",
                                "aplicar_jugada: el resto de la fábrica va al centro"),
               S, take(factory(0), blue, 2)) :-
    wall([], W),
    empty_lines(L),
    state(L, W, [], [[blue, red, blue, yellow], [black, black, white, white]], [white],
          centre, S).
apply_position(apply_token, t("aplicar_jugada: the first-player token goes from the centre to the floor",
                              "aplicar_jugada: la ficha de jugador inicial pasa del centro al suelo"),
               S, take(centre, yellow, 3)) :-
    wall([], W),
    empty_lines(L),
    state(L, W, [], [[], [white, white, black, black]], [yellow, yellow, blue], centre, S).
apply_position(apply_overflow, t("aplicar_jugada: the tiles a line cannot hold go to the floor",
                                 "aplicar_jugada: los azulejos que no caben en la fila van al suelo"),
               S, take(factory(0), red, 2)) :-
    wall([], W),
    state([empty, line(red, 1), empty, empty, empty], W, [blue],
          [[red, red, red, yellow]], [], held(1), S).
apply_position(apply_floor_full, t("aplicar_jugada: beyond the floor's 7th space the tiles go to the lid",
                                   "aplicar_jugada: después del 7.º lugar del suelo los azulejos van a la tapa"),
               S, take(factory(0), red, floor)) :-
    wall([], W),
    empty_lines(L),
    state(L, W, [black, black, black, black, black, black],
          [[red, red, red, red], [blue, blue, white, white]], [], centre, S).

%   greedy_position(Name, Title, S): a state where a student's greedy that
%   misses one rule chooses another move than every move of the best value.
greedy_position(token_penalty, t("greedy: the first-player token costs a floor space",
                                 "goloso: la ficha de jugador inicial ocupa un lugar del suelo"),
                S) :-
    wall([1-0], W),                         % white at row 1: blue beside it scores 2
    empty_lines(L),
    state(L, W, [red, red], [[yellow, red, red, red]], [blue, blue], centre, S).
greedy_position(floor_overflow, t("greedy: tiles beyond the 7th floor space go to the lid (no penalty)",
                                  "goloso: los azulejos después del 7.º lugar del suelo van a la tapa (sin descuento)"),
                S) :-
    wall([0-0, 0-4], W),                    % blue and white in row 0
    state([empty, line(yellow, 2), line(yellow, 3), line(yellow, 4), line(yellow, 5)], W,
          [black, black, black, black, black, black],
          [[red, red, red, red], [blue, blue, white, white]], [], centre, S).
greedy_position(round_scoring, t("greedy: the round's tiling scores the row and the column",
                                 "goloso: al fin de la ronda el azulejo suma su fila y su columna"),
                S) :-
    wall([0-0, 1-0, 2-0, 4-1], W),          % a column of three, and one tile in row 4
    state([empty, empty, empty, line(red, 3), line(black, 4)], W, [],
          [[red, yellow, yellow, yellow], [black, blue, blue, blue]], [], centre, S).

%   random_case(+Seed, -Case): the cases of one random game (its first 40
%   turns, random moves from the seed's generator).
random_case(Seed, Case) :-
    azul_rules:initial_state([random, random], Seed, S0),
    turns(S0, [], 0, Turns),
    nth0(K, Turns, Before),
    format(atom(N0), "seed~w_turn~w", [Seed, K]),
    (   format(string(En), "game of seed ~w, turn ~w", [Seed, K]),
        format(string(Es), "partida de semilla ~w, turno ~w", [Seed, K]),
        Case = case(random, N0, t(En, Es), jugadas_legales/2, moves(Seed, Before), legales)
    ;   atom_concat(N0, '_apply', N1),
        format(string(En), "game of seed ~w, turn ~w (aplicar_jugada)", [Seed, K]),
        format(string(Es), "partida de semilla ~w, turno ~w (aplicar_jugada)", [Seed, K]),
        Case = case(random, N1, t(En, Es), aplicar_jugada/3, moves(Seed, Before), apply(next))
    ;   K mod 3 =:= 1,
        atom_concat(N0, '_greedy', N1),
        format(string(En), "game of seed ~w, turn ~w (greedy)", [Seed, K]),
        format(string(Es), "partida de semilla ~w, turno ~w (goloso)", [Seed, K]),
        Case = case(random, N1, t(En, Es), estrategia/3, moves(Seed, Before), greedy(random))
    ;   K mod 7 =:= 3,
        atom_concat(N0, '_random', N1),
        format(string(En), "game of seed ~w, turn ~w (random)", [Seed, K]),
        format(string(Es), "partida de semilla ~w, turno ~w (al azar)", [Seed, K]),
        Case = case(random, N1, t(En, Es), estrategia/3, moves(Seed, Before), random)
    ).

turns(S, Before, K, Turns) :-
    (   ( K >= 40 ; arg(9, S, over(_, _, _)) )
    ->  Turns = []
    ;   azul_machine:choose_move(random, S, Move),
        Turns = [Before|Rest],
        azul_rules:take_turn(S, Move, S1, _),
        append(Before, [Move], Before1),
        K1 is K + 1,
        turns(S1, Before1, K1, Rest)
    ).

                 /*******************************
                 *          THE CHECKS          *
                 *******************************/

check(legales, S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    azul_rules:legal_takes(S, Ours),
    msort(Ours, Sorted),
    state_goal("jugadas_legales", S, "Jugadas", Goal),
    student_call(jugadas_legales(S, Js), Js, true, O),
    length(Ours, N),
    format(string(Expected), "~d moves: ~q", [N, Sorted]),
    answer_text(O, Got),
    (   O.status \== answer
    ->  Ok = false, Problem = O.status, Detail = ""
    ;   A = O.answer, \+ is_list(A)
    ->  Ok = false, Problem = wrong_answer, Detail = not_a_list
    ;   msort(O.answer, Theirs),
        (   Theirs == Sorted
        ->  (   O.second == different -> Ok = false, Problem = second_answer, Detail = ""
            ;   Ok = true, Problem = "", Detail = ""
            )
        ;   member(M, Sorted), \+ memberchk(M, Theirs)
        ->  Ok = false, Problem = missing_moves, missing_kind(M, Detail)
        ;   member(M, Theirs), \+ memberchk(M, Sorted)
        ->  Ok = false, Problem = extra_moves, refusal(S, M, Detail)
        ;   Ok = false, Problem = wrong_answer, Detail = duplicates
        )
    ).
check(greedy(Topic), S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    azul_rules:legal_takes(S, Moves),
    findall(V-M, ( member(M, Moves), azul_machine:greedy_value(S, M, V) ), VMs),
    max_member(Best-_, VMs),
    findall(M, member(Best-M, VMs), BestMoves),
    state_goal("estrategia(greedy", S, "Jugada", Goal),
    format(string(Expected), "a move that scores ~w now: ~q", [Best, BestMoves]),
    student_call(estrategia(greedy, S, J), J, true, O),
    answer_text(O, Got0),
    (   O.status \== answer
    ->  Ok = false, Problem = O.status, Detail = "", Got = Got0
    ;   memberchk(O.answer, Moves)
    ->  azul_machine:greedy_value(S, O.answer, V),
        format(string(Got), "~w (scores ~w now)", [Got0, V]),
        (   V =:= Best
        ->  Ok = true, Problem = "", Detail = ""
        ;   Ok = false, Problem = not_greedy, Detail = Topic
        )
    ;   Ok = false, Problem = illegal_move, refusal(S, O.answer, Detail), Got = Got0
    ).
check(apply(Move0), S, result(Ok, Problem, Detail, Goal, Expected, Got, O)) :-
    (   Move0 == next                       % the random game's own move there
    ->  azul_machine:choose_move(random, S, Move)
    ;   Move = Move0
    ),
    azul_rules:apply_take(S, Move, E),
    format(string(Goal), "aplicar_jugada(~q, ~q, Estado2)", [S, Move]),
    short_text(E, Expected),
    student_call(aplicar_jugada(S, Move, S2), S2, true, O),
    answer_text(O, Got),
    state_outcome(same_state, state_difference, E, O, Ok, Problem, Detail).
check(random, S, result(Ok, Problem, Detail, Goal, "a legal move", Got, O)) :-
    azul_rules:legal_takes(S, Moves),
    state_goal("estrategia(random", S, "Jugada", Goal),
    student_call(estrategia(random, S, J), J, false, O),
    answer_text(O, Got),
    (   O.status \== answer
    ->  Ok = false, Problem = O.status, Detail = ""
    ;   memberchk(O.answer, Moves)
    ->  Ok = true, Problem = "", Detail = ""
    ;   Ok = false, Problem = illegal_move, refusal(S, O.answer, Detail)
    ).
check(game(Kinds), _, result(Ok, Problem, "", Goal, "a whole game, printed", Got, O)) :-
    format(string(Goal), "new_game(~q)", [Kinds]),
    limited_call(grade_student:new_game(Kinds), true,
                 limits(cpu(10), 500 000 000, false), O),
    string_length(O.output, Printed),
    (   O.status == answer
    ->  format(string(Got), "true, ~d characters printed", [Printed]),
        (   Printed > 0 -> Ok = true, Problem = "" ; Ok = false, Problem = no_output )
    ;   answer_text(O, Got), Ok = false, Problem = O.status
    ).

%   same_state(+Ours, +Theirs): the same azul/9, the order of the tiles of
%   a factory and of the centre aside (each a heap, as on the board of
%   `tablero serve --rules`: the kit asks for the centre sorted by colour,
%   a solution that keeps it in the order the tiles came is not wrong).
same_state(E, G) :-
    normal(E, N), normal(G, N).

normal(azul(A, B, C, D, P, Ps, table(Fs, Cen, T, Bag, Lid), L, Ph),
       azul(A, B, C, D, P, Ps, table(Fs1, Cen1, T, Bag, Lid), L, Ph)) :-
    is_list(Cen), msort(Cen, Cen1),
    is_list(Fs), maplist([F, F1]>>( is_list(F), msort(F, F1) ), Fs, Fs1).

%   state_difference(+Ours, +Theirs, -Detail): the first part that differs.
state_difference(E, G, Detail) :-
    (   G = azul(_, _, _, _, _, _, table(_, _, _, _, _), _, _), normal(G, GN)
    ->  normal(E, EN),
        EN = azul(_, _, _, _, P, Ps, table(Fs, Cen, T, _, Lid), _, _),
        GN = azul(_, _, _, _, P1, Ps1, table(Fs1, Cen1, T1, _, Lid1), _, _),
        (   P1 \== P -> Detail = to_move
        ;   Fs1 \== Fs -> Detail = factories
        ;   Cen1 \== Cen -> Detail = centre
        ;   T1 \== T -> Detail = token
        ;   player_part(Ps, Ps1, 3) -> Detail = pattern_lines
        ;   player_part(Ps, Ps1, 5) -> Detail = floor
        ;   Lid1 \== Lid -> Detail = lid
        ;   Detail = other_fields
        )
    ;   Detail = not_a_state
    ).

player_part(Ps, Ps1, Arg) :-
    \+ ( is_list(Ps1), length(Ps, N), length(Ps1, N),
         maplist([A, B]>>( compound(B), arg(Arg, A, X), arg(Arg, B, Y), X == Y ), Ps, Ps1) ).

%   state_goal(+Head, +State, +Out, -Text): the goal in words, the state
%   written in full (it is the question).
state_goal(Head, S, Out, Text) :-
    (   sub_atom(Head, _, _, _, '(')
    ->  format(string(Text), "~w, ~q, ~w)", [Head, S, Out])
    ;   format(string(Text), "~w(~q, ~w)", [Head, S, Out])
    ).

missing_kind(take(Source, _, Line), Kind) :-
    (   Line == floor -> Kind = missing_floor
    ;   Source == centre -> Kind = missing_centre
    ;   Kind = missing_line
    ).

refusal(S, M, Code) :-
    (   ground(M), M = take(_, _, _), azul_rules:take_refusal(S, M, C) -> Code = C
    ;   Code = not_a_move
    ).

answer_text(O, Text) :-
    (   O.status == answer -> short_text(O.answer, Text)
    ;   O.status == failed -> Text = "fails"
    ;   Text = O.message
    ).
