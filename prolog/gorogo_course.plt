/*  The course's rules (gorogo/course.pl, on the report's matrix) against the
    bit-mask engine (gorogo/rules.pl, whose pos_moves/2 and pos_child/5 the
    machine's search plays), on thousands of positions of the 5x5 board
    reached by seeded random play, Henge included.  At every position: the
    same legal placements in the same order; for each, the same next state
    (board, captures, hands, player to move); the same end of the game
    (winner and reason); the same refusal code for random placements, legal
    or not.  Also the course's own rules on a few positions, and print_state/0.
    Run alone:  /tmp/runone.sh gorogo_course  (or swipl -q prolog/run_tests.pl)
*/

:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(gorogo_course).
:- use_module(gorogo/rules, [mask_legal/2, mask_place/3, mask_refusal/3, mask_over/3,
                             pos_moves/2, pos_child/5]).
:- use_module(gorogo/board, [state_pos/2, pos_state/2, bit_point/3]).

%   gc_walk(+Seed, -Positions, -Over): one seeded random game to its end,
%   every position checked; Over is the engine's mask_over/3 at the end
%   (Winner-Reason).
gc_walk(Seed, N, Over) :-
    set_random(seed(Seed)),
    gorogo_initial(S0),
    gc_walk_(S0, 1, N, Over).

gc_walk_(S, I, N, Over) :-
    gc_check(S),
    findall(M, mask_legal(S, M), Ms),
    (   \+ mask_over(S, _, _),
        Ms \== []
    ->  random_member(M, Ms),
        mask_place(S, M, S1),
        I1 is I + 1,
        gc_walk_(S1, I1, N, Over)
    ;   N = I,
        mask_over(S, W, R),
        Over = W-R
    ).

gc_check(S) :-
    gc_same_placements(S),
    gc_same_end(S),
    gc_same_refusals(S).

gc_same_placements(S) :-
    findall(M, gorogo_legal(S, M), Course),
    findall(M-S1, gc_engine_child(S, M, S1), Children),
    pairs_keys(Children, Engine),
    gc_equal(legal(S), Engine, Course),
    forall(member(M-S1, Children),
           ( gorogo_place(S, M, S2),
             gc_equal(result(S, M), S1, S2) )).

%   gc_engine_child(+S, -Move, -S1): the engine's placements, as the search
%   makes them (pos_moves/2 and pos_child/5), in the opening mask_place/3.
gc_engine_child(S, M, S1) :-
    (   S = gorogo(_, _, _, _, opening_henge)
    ->  mask_legal(S, M),
        mask_place(S, M, S1)
    ;   state_pos(S, Pos),
        pos_moves(Pos, Ms),
        member(m(Piece, X, Dead), Ms),
        bit_point(X, R, C),
        M = place(Piece, R, C),
        pos_child(Pos, Piece, X, Dead, Pos1),
        pos_state(Pos1, S1)
    ).

gc_same_end(S) :-
    ( mask_over(S, W1, R1) -> O1 = W1-R1 ; O1 = none ),
    ( gorogo_over(S, W2, R2) -> O2 = W2-R2 ; O2 = none ),
    gc_equal(over(S), O1, O2).

%   Six random placements, most of them illegal, some off the board.  The
%   random generator is left as it was, so that a seed's game does not
%   depend on the checks made on the way.
gc_same_refusals(S) :-
    random_property(state(Random)),
    forall(between(1, 6, _),
           ( random_member(Piece, [regular, henge]),
             random_between(-1, 5, R),
             random_between(-1, 5, C),
             Move = place(Piece, R, C),
             ( mask_refusal(S, Move, C1) -> true ; C1 = legal ),
             ( gorogo_refusal(S, Move, C2) -> true ; C2 = legal ),
             gc_equal(refusal(S, Move), C1, C2) )),
    set_random(state(Random)).

gc_equal(What, Engine, Course) :-
    (   Engine == Course
    ->  true
    ;   throw(differ(What, engine(Engine), course(Course)))
    ).

:- dynamic gc_end/1.

gc_walks(Seeds, N) :-
    findall(K, ( member(Seed, Seeds), gc_walk(Seed, K, Over), assertz(gc_end(Over)) ), Ks),
    sum_list(Ks, N).

:- begin_tests(gorogo_course_equal).

%   The seeded games are always the same: the number of positions they
%   visit is part of the answer (3,118 in all, as docs/gorogo.md says).
test(games_1_to_60, N == 1558) :-
    numlist(1, 60, Seeds),
    gc_walks(Seeds, N).

test(games_61_to_120, N == 1560) :-
    numlist(61, 120, Seeds),
    gc_walks(Seeds, N).

%   The walks reach both ends, each checked on the way.
test(every_end_is_reached, Reasons == [captures, no_legal_move]) :-
    findall(R, gc_end(_-R), Rs),
    sort(Rs, Reasons).

:- end_tests(gorogo_course_equal).

:- begin_tests(gorogo_course_rules).

%   The report's picture: a regular piece may not go where black closes it
%   in, a Henge may; with the Henge at (2,3) a white piece may, on White's turn.
test(henge_on_whites_turn, [C1, C2, Row] == [suicide, legal, [0, 1, 2, 3, 0]]) :-
    S1 = gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,1,0],[0,0,1,0,0],[0,0,0,0,0]],
                w, hand(5,2,5,2), captures(0,0), play),
    gorogo_refusal(S1, place(regular, 2, 2), C1),
    ( gorogo_refusal(S1, place(henge, 2, 2), C2) -> true ; C2 = legal ),
    gorogo_place(gorogo([[0,0,0,0,0],[0,0,1,0,0],[0,1,0,3,0],[0,0,1,0,0],[0,0,0,0,0]],
                        w, hand(5,2,5,2), captures(0,0), play),
                 place(regular, 2, 2), gorogo([_, _, Row|_], _, _, _, _)).

%   A placement anywhere removes every opponent group left without an
%   empty neighbour: the black piece at (0,0) breathes through the Henge on
%   Black's turn, and dies at White's placement far away.
test(capture_through_henge_elsewhere,
     S == gorogo([[0,3,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,2]],
                 b, hand(5,2,4,2), captures(0,1), play)) :-
    gorogo_place(gorogo([[1,3,0,0,0],[2,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                        w, hand(5,2,5,2), captures(0,0), play),
                 place(regular, 4, 4), S).

test(last_piece_rule, [C1, Legal2] == [last_piece_henge, 24]) :-
    gorogo_refusal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                          b, hand(0,1,0,1), captures(0,0), play),
                   place(henge, 0, 0), C1),
    aggregate_all(count,
                  gorogo_legal(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
                                      b, hand(0,2,0,1), captures(0,0), play), _),
                  Legal2).

test(print_state_shows_the_stored_game, Line == "2 |   |   | H |   |   |") :-
    gorogo_initial(S0),
    gorogo_set_current(S0),
    jogada(3, 2, 2),
    with_output_to(string(Text), print_state),
    split_string(Text, "\n", "", Lines),
    nth0(6, Lines, Line).

:- end_tests(gorogo_course_rules).
