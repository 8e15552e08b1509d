:- module(azul_board,
          [ azul_colour/1,          % ?Colour
            colour_sort/2,          % +Tiles, -Sorted
            wall_colour/3,          % +Row, +Col, -Colour
            colour_column/3,        % +Row, +Colour, -Col
            wall_pattern/1,         % -Rows
            empty_wall/1,           % -Wall
            wall_row_has/3,         % +Wall, +Line, +Colour
            wall_set/5,             % +Wall0, +Row, +Col, +Colour, -Wall
            tile_points/4,          % +Wall, +Row, +Col, -Points
            wall_bonus/2,           % +Wall, -Bonus
            complete_rows/2,        % +Wall, -Count
            floor_penalties/1,      % -Points
            floor_penalty/2,        % +Floor, -Penalty
            floor_add/5,            % +N, +Item, +Floor0, -Floor, -Lost
            factory_count/2,        % ?Players, ?Factories
            full_bag/1,             % -Bag
            empty_counts/1,         % -Counts
            counts_total/2,         % +Counts, -Total
            counts_add/3,           % +Tiles, +Counts0, -Counts
            counts_add_n/4,         % +Colour, +N, +Counts0, -Counts
            fill_factories/5,       % +K, +Pool0, -Pool, -Factories, -Pours
            source_tiles/3,         % +Table, +Source, -Tiles
            table_colour_count/3,   % +Table, +Colour, -Count
            table_empty/1,          % +Table
            rng_seed/2,             % +Seed, -Rng
            rng_next/2,             % +Rng0, -Rng
            random_below/4,         % +N, +Rng0, -Rng, -R
            clock_seed/1,           % -Seed
            replace_nth0/4          % +I, +List0, +X, -List
          ]).

/** <module> Azul: the tiles, the wall, the floor, the bag and the table

Start reading at prolog/azul.pl (the entry module).  This module knows the
components of Azul and nothing of turns or players: the five colours, the
printed wall and how a placed tile scores, the floor line and its penalties
(written here once: the web view passes them on), the bag and lid as tile
counts, the factories and the centre, and the seeded pseudo-random generator
that draws from the bag.  Everything here is pure but clock_seed/1.

## Names

Colours are the atoms `blue`, `yellow`, `red`, `black`, `white` (in that order:
"colour order").  Rows and columns are 0-based; pattern lines are numbered
1..5 as on the board (line k holds k tiles and feeds wall row k-1).  The wall
pattern is the printed one: row 0 reads blue, yellow, red, black, white and
every row below is shifted one place to the right, so wall_colour(R, C, Colour)
holds when Colour is number (C - R) mod 5.

## Terms

  - A wall: 5 rows of 5 cells, each a colour or `empty`.
  - A floor: at most 7 items, colours or `first` (the first-player token), in
    the order they fell.
  - Counts (the bag and the lid): [blue-Nb, yellow-Ny, red-Nr, black-Nk,
    white-Nw].
  - The table: table(Factories, Centre, Token, Bag, Lid), where Factories is
    a list of tile lists ([] once taken) in colour order, Centre the tiles in
    the centre in colour order, Token `centre` or held(P) once player P took
    it this round, and Bag and Lid counts.
  - A source: `centre` or factory(I), I from 0.
  - A pool: pool(Bag, Lid, Rng), what a refill draws from.

## Randomness

A Park-Miller generator, S' = S * 48271 mod (2^31 - 1), whose state Rng (an
integer in 1..2147483646) the game carries.  A tile is drawn from the bag
counts: R in 0..Total-1 picks the colour whose cumulative count first exceeds
R.  When the bag is empty the lid is poured back into it; when both are empty
the factories are filled as far as possible.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(error)).

                 /*******************************
                 *           COLOURS            *
                 *******************************/

colours([blue, yellow, red, black, white]).

%!  azul_colour(?Colour) is nondet.
%
%   Colour is one of the five tile colours, in colour order.
%
%   ?- findall(_C, azul_board:azul_colour(_C), Cs).
%   Cs = [blue, yellow, red, black, white].
azul_colour(C) :-
    colours(Cs),
    member(C, Cs).

colour_index(blue, 0).
colour_index(yellow, 1).
colour_index(red, 2).
colour_index(black, 3).
colour_index(white, 4).

%!  colour_sort(+Tiles, -Sorted) is det.
%
%   Sorted are the colours Tiles in colour order, duplicates kept.
%
%   ?- azul_board:colour_sort([white, red, blue, red], Sorted).
%   Sorted = [blue, red, red, white].
colour_sort(Tiles, Sorted) :-
    map_list_to_pairs(colour_index, Tiles, Keyed),
    keysort(Keyed, SortedKeyed),
    pairs_values(SortedKeyed, Sorted).

                 /*******************************
                 *           THE WALL           *
                 *******************************/

%!  wall_colour(+Row, +Col, -Colour) is det.
%
%   Colour is printed on the wall at Row, Col (both 0-based).
%
%   ?- azul_board:wall_colour(1, 0, Colour).
%   Colour = white.
wall_colour(Row, Col, Colour) :-
    I is (Col - Row) mod 5,
    colours(Cs),
    nth0(I, Cs, Colour).

%!  colour_column(+Row, +Colour, -Col) is det.
%
%   Col is the column of Colour in wall row Row.
%
%   ?- azul_board:colour_column(1, white, Col).
%   Col = 0.
colour_column(Row, Colour, Col) :-
    colour_index(Colour, I),
    Col is (I + Row) mod 5.

%!  wall_pattern(-Rows) is det.
%
%   Rows is the printed 5x5 wall pattern, a list of rows of colours.
%
%   ?- azul_board:wall_pattern([_, Row1|_]).
%   Row1 = [white, blue, yellow, red, black].
wall_pattern(Rows) :-
    numlist(0, 4, Is),
    maplist(pattern_row(Is), Is, Rows).

pattern_row(Cols, Row, Colours) :-
    maplist(wall_colour(Row), Cols, Colours).

%!  empty_wall(-Wall) is det.
%
%   Wall is a wall with no tile placed.
empty_wall(Wall) :-
    length(Row, 5),
    maplist(=(empty), Row),
    length(Wall, 5),
    maplist(=(Row), Wall).

%!  wall_row_has(+Wall, +Line, +Colour) is semidet.
%
%   The wall row that pattern line Line (1..5) feeds already has Colour.
wall_row_has(Wall, Line, Colour) :-
    Row is Line - 1,
    nth0(Row, Wall, Cells),
    colour_column(Row, Colour, Col),
    nth0(Col, Cells, Colour).

%!  wall_set(+Wall0, +Row, +Col, +Colour, -Wall) is det.
%
%   Wall is Wall0 with Colour placed at Row, Col.
wall_set(Wall0, Row, Col, Colour, Wall) :-
    nth0(Row, Wall0, Cells0),
    replace_nth0(Col, Cells0, Colour, Cells),
    replace_nth0(Row, Wall0, Cells, Wall).

%!  tile_points(+Wall, +Row, +Col, -Points) is det.
%
%   Points are scored by the tile at Row, Col of Wall (already placed): 1 if it
%   touches no tile, otherwise the length of its horizontal run plus the
%   length of its vertical run, each counted only if longer than 1.
%
%   ?- azul_board:empty_wall(_W0), azul_board:wall_set(_W0, 0, 0, blue, _W1),
%      azul_board:wall_set(_W1, 0, 1, yellow, _W),
%      azul_board:tile_points(_W, 0, 1, Points).
%   Points = 2.
tile_points(Wall, Row, Col, Points) :-
    nth0(Row, Wall, Cells),
    run_length(Cells, Col, H),
    maplist(nth0(Col), Wall, Column),
    run_length(Column, Row, V),
    (   H =:= 1, V =:= 1
    ->  Points = 1
    ;   run_points(H, PH),
        run_points(V, PV),
        Points is PH + PV
    ).

run_points(N, P) :-
    (   N > 1 -> P = N ; P = 0 ).

%   run_length(+Cells, +I, -N): N filled cells in a row through index I.
run_length(Cells, I, N) :-
    length(Before, I),
    append(Before, [_|After], Cells),
    reverse(Before, Left),
    filled_prefix(Left, L),
    filled_prefix(After, R),
    N is L + R + 1.

filled_prefix([], 0).
filled_prefix([C|Cs], N) :-
    (   C == empty
    ->  N = 0
    ;   filled_prefix(Cs, N0),
        N is N0 + 1
    ).

%!  wall_bonus(+Wall, -Bonus) is det.
%
%   Bonus is bonus(Rows, Columns, Colours, Points): the complete rows (+2
%   each), complete columns (+7 each) and colours with all five tiles placed
%   (+10 each) of Wall, and the points they are worth.
%
%   ?- azul_board:empty_wall(_W), azul_board:wall_bonus(_W, Bonus).
%   Bonus = bonus(0, 0, 0, 0).
wall_bonus(Wall, bonus(Rows, Cols, Colours, Points)) :-
    complete_rows(Wall, Rows),
    numlist(0, 4, Is),
    aggregate_all(count, (member(C, Is), maplist(nth0_filled(C), Wall)), Cols),
    aggregate_all(count, (azul_colour(Colour), colour_complete(Wall, Colour)), Colours),
    Points is 2 * Rows + 7 * Cols + 10 * Colours.

nth0_filled(I, Cells) :-
    nth0(I, Cells, C),
    C \== empty.

colour_complete(Wall, Colour) :-
    foldl(row_has_colour(Colour), Wall, 0, 5).

row_has_colour(Colour, Cells, N0, N) :-
    (   memberchk(Colour, Cells) -> N is N0 + 1 ; N = N0 ).

%!  complete_rows(+Wall, -Count) is det.
%
%   Count rows of Wall have all five tiles.
complete_rows(Wall, Count) :-
    aggregate_all(count, (member(Row, Wall), \+ memberchk(empty, Row)), Count).

                 /*******************************
                 *          THE FLOOR           *
                 *******************************/

%!  floor_penalties(-Points) is det.
%
%   Points are what the seven floor spaces score, from the first.  The one
%   place the penalties are written: floor_penalty/2 sums them and the web
%   view passes them on.
%
%   ?- azul_board:floor_penalties(Points).
%   Points = [-1, -1, -2, -2, -2, -3, -3].
floor_penalties([-1, -1, -2, -2, -2, -3, -3]).

%!  floor_penalty(+Floor, -Penalty) is det.
%
%   Penalty (a positive number) is what the items of Floor cost: the sum of
%   the first length(Floor) floor_penalties/1, negated.
%
%   ?- azul_board:floor_penalty([first, red, red], Penalty).
%   Penalty = 4.
floor_penalty(Floor, Penalty) :-
    length(Floor, N),
    floor_penalties(Points),
    length(Spaces, N),
    append(Spaces, _, Points),
    sum_list(Spaces, Sum),
    Penalty is -Sum.

%!  floor_add(+N, +Item, +Floor0, -Floor, -Lost) is det.
%
%   Floor is Floor0 with N copies of Item (a colour or `first`) added in the
%   free spaces; Lost of them found the floor full.
%
%   ?- azul_board:floor_add(3, red, [first, blue, blue, blue, blue, blue], Floor, Lost).
%   Floor = [first, blue, blue, blue, blue, blue, red],
%   Lost = 2.
floor_add(N, Item, Floor0, Floor, Lost) :-
    floor_penalties(Spaces),
    length(Spaces, Size),
    length(Floor0, Len),
    Fit is max(0, min(N, Size - Len)),
    Lost is N - Fit,
    length(Add, Fit),
    maplist(=(Item), Add),
    append(Floor0, Add, Floor).

                 /*******************************
                 *       BAG, LID, FACTORIES    *
                 *******************************/

%!  factory_count(?Players, ?Factories) is semidet.
%
%   A game of Players players (2 to 4) has Factories factories.
factory_count(2, 5).
factory_count(3, 7).
factory_count(4, 9).

%!  full_bag(-Bag) is det.
%
%   Bag is the counts of the bag at the start: 20 tiles of each colour.
full_bag(Bag) :-
    colours(Cs),
    pairs_keys_values(Bag, Cs, [20, 20, 20, 20, 20]).

%!  empty_counts(-Counts) is det.
%
%   Counts has no tile of any colour.
empty_counts(Counts) :-
    colours(Cs),
    pairs_keys_values(Counts, Cs, [0, 0, 0, 0, 0]).

%!  counts_total(+Counts, -Total) is det.
%
%   Total is the number of tiles in Counts.
counts_total(Counts, Total) :-
    pairs_values(Counts, Ns),
    sum_list(Ns, Total).

%!  counts_add(+Tiles, +Counts0, -Counts) is det.
%
%   Counts is Counts0 with the list of colours Tiles added.
counts_add([], Counts, Counts).
counts_add([C|Cs], Counts0, Counts) :-
    counts_add_n(C, 1, Counts0, Counts1),
    counts_add(Cs, Counts1, Counts).

%!  counts_add_n(+Colour, +N, +Counts0, -Counts) is det.
%
%   Counts is Counts0 with N tiles of Colour added.
counts_add_n(_, 0, Counts, Counts) :- !.
counts_add_n(C, N, [C0-M|Cs], [C0-M1|Cs1]) :-
    (   C == C0
    ->  M1 is M + N,
        Cs1 = Cs
    ;   M1 = M,
        counts_add_n(C, N, Cs, Cs1)
    ).

counts_pick([C0-N|Cs], R, C, Out) :-
    (   R < N
    ->  C = C0,
        N1 is N - 1,
        Out = [C0-N1|Cs]
    ;   R1 is R - N,
        Out = [C0-N|Out1],
        counts_pick(Cs, R1, C, Out1)
    ).

%!  fill_factories(+K, +Pool0, -Pool, -Factories, -Pours) is det.
%
%   Factories are K factories of 4 tiles each (fewer, or none, when bag and
%   lid run out) drawn in order from Pool0 = pool(Bag, Lid, Rng), which
%   leaves Pool; Pours says how many times the lid was poured into the bag.
fill_factories(0, Pool, Pool, [], 0) :- !.
fill_factories(K, Pool0, Pool, [F|Fs], Pours) :-
    draw_tiles(4, Pool0, Pool1, Tiles, P1),
    colour_sort(Tiles, F),
    K1 is K - 1,
    fill_factories(K1, Pool1, Pool, Fs, P2),
    Pours is P1 + P2.

draw_tiles(0, Pool, Pool, [], 0) :- !.
draw_tiles(N, pool(Bag0, Lid0, Rng0), Pool, Tiles, Pours) :-
    counts_total(Bag0, TB),
    (   TB > 0
    ->  random_below(TB, Rng0, Rng1, R),
        counts_pick(Bag0, R, C, Bag1),
        Tiles = [C|Ts],
        N1 is N - 1,
        draw_tiles(N1, pool(Bag1, Lid0, Rng1), Pool, Ts, Pours)
    ;   counts_total(Lid0, TL), TL > 0
    ->  empty_counts(Lid1),
        draw_tiles(N, pool(Lid0, Lid1, Rng0), Pool, Tiles, P1),
        Pours is P1 + 1
    ;   Pool = pool(Bag0, Lid0, Rng0),
        Tiles = [],
        Pours = 0
    ).

%!  source_tiles(+Table, +Source, -Tiles) is semidet.
%
%   Tiles are the tiles at Source (`centre` or factory(I)); fails if there is
%   no such factory.
source_tiles(table(_, Centre, _, _, _), centre, Centre).
source_tiles(table(Fs, _, _, _, _), factory(I), Tiles) :-
    integer(I),
    nth0(I, Fs, Tiles).

%!  table_colour_count(+Table, +Colour, -Count) is det.
%
%   Count tiles of Colour are still on the table (factories and centre).
table_colour_count(table(Fs, Centre, _, _, _), Colour, Count) :-
    foldl(colour_count_(Colour), [Centre|Fs], 0, Count).

colour_count_(Colour, Tiles, N0, N) :-
    include(==(Colour), Tiles, Same),
    length(Same, K),
    N is N0 + K.

%!  table_empty(+Table) is semidet.
%
%   No tile is left in the factories or the centre of Table.
table_empty(table(Fs, [], _, _, _)) :-
    maplist(==([]), Fs).

                 /*******************************
                 *        PSEUDO-RANDOM         *
                 *******************************/

%!  rng_seed(+Seed, -Rng) is det.
%
%   Rng is the generator state for the integer Seed (any integer), mixed and
%   advanced twice so that nearby seeds give unrelated games.
%
%   ?- azul_board:rng_seed(42, Rng).
%   Rng = 1023075859.
rng_seed(Seed, Rng) :-
    must_be(integer, Seed),
    S0 is ((Seed * 1103515245 + 12345) mod 2147483646) + 1,
    rng_next(S0, S1),
    rng_next(S1, Rng).

%!  rng_next(+Rng0, -Rng) is det.
%
%   Rng is the generator state one step after Rng0.
rng_next(S0, S) :-
    S is S0 * 48271 mod 2147483647.

%!  random_below(+N, +Rng0, -Rng, -R) is det.
%
%   R is a pseudo-random integer in 0..N-1 (N > 0) drawn by one step Rng0 -> Rng.
%
%   ?- azul_board:random_below(6, 1023075859, Rng, R).
%   Rng = 1360843377,
%   R = 3.
random_below(N, Rng0, Rng, R) :-
    rng_next(Rng0, Rng),
    R is Rng * N // 2147483647.

%!  clock_seed(-Seed) is det.
%
%   Seed is the clock in milliseconds, modulo 2147483647 (so 0..2147483646):
%   the seed of a game whose seed was not chosen.  The one predicate here
%   that is not pure.
clock_seed(Seed) :-
    get_time(T),
    Seed is truncate(T * 1000) mod 2147483647.

%!  replace_nth0(+I, +List0, +X, -List) is det.
%
%   List is List0 with its element at 0-based index I replaced by X.
replace_nth0(I, List0, X, List) :-
    nth0(I, List0, _, Rest),
    nth0(I, List, X, Rest).
