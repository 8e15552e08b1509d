/*  Tests of prolog/go/reading.pl: reading whether a chain short of
    liberties dies, on positions of the machine's lost games against GNU Go
    level 1 (bench/go_machine.py, 9x9, seeds 921-960) where GNU Go's own
    reading called a group of ours critical.  Run: swipl -q prolog/run_tests.pl
*/
:- use_module(library(plunit)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(go).
:- use_module(go/rules).
:- use_module(go/board).
:- use_module(go/fastboard).
:- use_module(go/reading).

:- begin_tests(go_reading).

%   rd_position(+Rows, +ToMove, -Game): a game in play with the position
%   Rows (row 0 is the top line, 9 on a 9x9 board), ToMove to play.
rd_position(Rows, ToMove, Game) :-
    length(Rows, Size),
    go_new([size(Size)], go(S, _, _, Caps, Passes, _, Last, Status)),
    variant_sha1(Rows, H),
    Game = go(S, Rows, ToMove, Caps, Passes, [H], Last, Status).

rd_board(Rows, FB) :-
    board_rows(B, Rows),
    fb_new(B, FB).

%   rd_vertices(+FB, +Is, -Vs): the points Is as GTP vertices ("A6").
rd_vertices(FB, Is, Vs) :-
    maplist(rd_vertex(FB), Is, Vs).

rd_vertex(FB, I, V) :-
    fb_size(FB, N),
    fb_index(FB, P, I),
    gtp_vertex(N, P, V).

rd_index(FB, Vertex, I) :-
    fb_size(FB, N),
    gtp_vertex(N, P, Vertex),
    fb_index(FB, P, I).

%   Seed 953, before Black's 53rd move.  Black's A2 B2 B3 have two
%   liberties, A1 and A3; White's five stones A5 B5 B4 B6 B7 touching them
%   have one, A6.  White to move fills A3 and captures the three; Black to
%   move saves them only by taking the five on A6 (GNU Go's defence too).
%   The machine played H4 and lost the three.
rd_seed953(["-w----w--", "bbwwbbw--", "bwbwbww--", "-wb-b-wb-", "wwb-bbbww",
            "bwb-b-b--", "-bwbbbbw-", "bbwwb--w-", "-ww-ww---"]).

test(a_chain_only_a_capture_saves, Found == [3-["A6"]]) :-
    rd_seed953(Rows),
    rd_board(Rows, FB),
    rd_index(FB, "B3", B3),
    critical_chains(FB, 1, [], Critical),
    findall(Size-Vs,
            ( member(c(T, Size, Ds), Critical),
              fb_chain(FB, T, Stones), memberchk(B3, Stones),
              rd_vertices(FB, Ds, Vs) ),
            Found).

%   Seed 939, before Black's 35th move.  Black's F2 F1 G1 on the lower edge
%   have three liberties, E2 E1 and F3.  White to move closes them in; Black
%   to move saves them on E3 (GNU Go's point), F3, E2 or D1.  The search
%   reads both: killed/5 with White first, not after Black's E3.
rd_seed939(["---w-----", "wbbw-----", "-wbwb-b--", "-wwb-----", "-wbbb-bb-",
            "--wb--bw-", "--wb--w-w", "---w-bww-", "-----bbw-"]).

test(a_chain_of_three_on_the_edge, Found-Killed == [3-["E3", "F3", "E2", "D1"]]-[true, false]) :-
    rd_seed939(Rows),
    rd_board(Rows, FB),
    rd_index(FB, "F2", F2),
    rd_index(FB, "E3", E3),
    critical_chains(FB, 1, [], Critical),
    findall(Size-Vs,
            ( member(c(T, Size, Ds), Critical),
              fb_chain(FB, T, Stones), memberchk(F2, Stones),
              rd_vertices(FB, Ds, Vs) ),
            Found),
    findall(K, ( killed(FB, 2, F2, 7, n(400, 5)) -> K = true ; K = false ), [K1]),
    findall(K, ( fb_play(FB, 1, E3, _),
                 ( killed(FB, 2, F2, 7, n(400, 5)) -> K = true ; K = false ) ), [K2]),
    Killed = [K1, K2].

%   Seed 932, before White's 46th move.  Black's H4 H3 cut White's G5
%   group from the lower right and have two liberties.  White to move kills
%   them on H2 (GNU Go's point for its group), or J3; Black to move saves
%   them.  For White the reading's one point is H2: it kills two stones.
rd_seed932(["-b-b-ww--", "b-bwwwb--", "-bw-wbb--", "bbwwwb-w-", "ww-wbbw--",
            "bbwwbwwb-", "-bbwb-wb-", "---bb----", "---------"]).

test(an_attack_on_the_chain_that_cuts, Points == ["H2"-2]) :-
    rd_seed932(Rows),
    rd_board(Rows, FB),
    reading_points(FB, 2, [], Points0),
    findall(V-S, ( member(I-S, Points0), rd_vertices(FB, [I], [V]) ), Points).

%   A search that runs out of nodes answers nothing: with a budget of five
%   positions no chain of seed 953's is found critical.
test(a_search_out_of_nodes_is_unknown, Critical == []) :-
    rd_seed953(Rows),
    rd_board(Rows, FB),
    critical_chains(FB, 1, [nodes(5)], Critical).

%   The player with option reading(true): on seed 953's position it takes
%   the five stones on A6 (a point the dead-stone proposal calls settled, so
%   not a candidate without the reading); without it, it plays elsewhere
%   (it played H4 in the game).
test(the_player_defends_by_reading, Moves-Elsewhere == [M, M]-true) :-
    rd_seed953(Rows),
    rd_position(Rows, "b", G),
    gtp_vertex(9, A6, "A6"), M = move("b", A6),
    findall(A, ( member(Seed, [1, 2]),
                 go_machine_action(G, [seed(Seed), playouts(300), reading(true)], A) ),
            Moves),
    findall(A, ( member(Seed, [1, 2]),
                 go_machine_action(G, [seed(Seed), playouts(300)], A) ),
            Plain),
    ( memberchk(M, Plain) -> Elsewhere = false ; Elsewhere = true ).

:- end_tests(go_reading).
