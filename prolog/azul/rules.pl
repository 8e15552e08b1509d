:- module(azul_rules,
          [ azul_colour/1,          % ?Colour
            wall_colour/3,          % +Row, +Col, -Colour
            colour_column/3,        % +Row, +Colour, -Col
            wall_pattern/1,         % -Rows
            rng_seed/2,             % +Seed, -Rng
            random_below/4,         % +N, +Rng0, -Rng, -R
            initial_state/3,        % +Kinds, +Seed, -State
            legal_takes/2,          % +State, -Moves
            take_refusal/3,         % +State, +Move, -Code
            take_turn/4,            % +State0, +Move, -State, -Events
            player_take/8,          % +Player0, +Colour, +N, +Token, +Line, -Player, -ToFloor, -ToLid
            source_tiles/3,         % +Table, +Source, -Tiles
            tile_points/4,          % +Wall, +Row, +Col, -Points
            tile_wall/6,            % +Player0, -Player, -Tiled, -WallPoints, -Penalty, -ToLid
            floor_penalty/2,        % +Floor, -Penalty
            wall_bonus/2,           % +Wall, -Bonus
            complete_rows/2,        % +Wall, -Count
            winners/2,              % +Players, -Winners
            state_tile_count/2,     % +State, -Count
            table_colour_count/3    % +Table, +Colour, -Count
          ]).

/** <module> Azul: the rules (tiles, factories, pattern lines, wall, scoring)

Start reading here for the rules; prolog/azul.pl is the entry module (the
simulation, the log and the web protocol).  Everything in this module is pure:
a state goes in, a new state comes out, and the only randomness is a
pseudo-random number carried in the state.

## Names

Colours are the atoms `blue`, `yellow`, `red`, `black`, `white` (in that order:
"colour order").  Rows, columns and players are 0-based; pattern lines are
numbered 1..5 as on the board (line k holds k tiles and feeds wall row k-1).
The wall pattern is the printed one: row 0 reads blue, yellow, red, black,
white and every row below is shifted one place to the right, so
wall_colour(R, C, Colour) holds when Colour is number (C - R) mod 5.

## The state term

    azul(Seed, Rng, Round, Starter, ToMove, Players, Table, Last, Phase)

  - Seed: the integer the game was created with (kept so it can be replayed).
  - Rng: the PRNG state, an integer in 1..2147483646 (see rng_seed/2).
  - Round: the round being played, from 1.
  - Starter: the player who started this round.
  - ToMove: the player to move.
  - Players: a list of player(Kind, Score, Lines, Wall, Floor):
      - Kind: human | greedy | random | lookahead;
      - Score: an integer, never below 0;
      - Lines: 5 pattern lines, each `empty` or line(Colour, N), 1 =< N =< k;
      - Wall: 5 rows of 5 cells, each a colour or `empty`;
      - Floor: at most 7 items, colours or `first` (the first-player token),
        in the order they fell.
  - Table: table(Factories, Centre, Token, Bag, Lid):
      - Factories: a list of tile lists ([] once taken), in colour order;
      - Centre: the tiles in the centre, in colour order;
      - Token: `centre` or held(P) once player P took it this round;
      - Bag, Lid: the tile counts as [blue-Nb, yellow-Ny, red-Nr, black-Nk, white-Nw].
  - Last: `none` or last(P, Move, Taken, ToFloor, TookToken, RoundEnd), the last
    turn; RoundEnd is `none` or round_end(Points) with one
    points(WallPoints, Penalty) per player when that turn ended the round.
  - Phase: `playing` or over(Reason, Bonuses, Winners); Reason is `row_complete`
    or `no_tiles`, Bonuses one bonus(Rows, Columns, Colours, Points) per player,
    Winners the list of winning players.

A move is take(Source, Colour, Line): Source is `centre` or factory(I), Line is
1..5 or `floor`.  One move is a whole turn (take and place).

## Rule choices (GAMES.md §4 and document 003 leave these open)

  - The first player of round 1 is drawn with the seed (document 003: "de forma
    aleatoria").  If nobody takes the first-player token in a round (the centre
    never received a tile), the player who started it starts the next one.
  - The token goes to the floor before the tiles taken with it.  A floor that is
    already full does not take it: the player still holds it (starts next round)
    but pays nothing for it.  Tiles beyond the seventh floor space go to the lid
    at once.
  - Floor penalties are subtracted after the wall tiling of the round, and the
    score is then raised to 0 if it fell below.
  - "No tiles left to play": after the refill of a new round every factory is
    empty (bag and lid were both empty).  The game then ends without that round.
  - Randomness: a Park-Miller generator, S' = S * 48271 mod (2^31 - 1).  Setup
    draws the first player and then the factories; every turn consumes one step
    (the `random` strategy chooses with that step), every refill draws one step
    per tile.  A tile is drawn from the bag counts: R in 0..Total-1 picks the
    colour whose cumulative count first exceeds R.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).

colours([blue, yellow, red, black, white]).

%!  azul_colour(?Colour) is nondet.
%
%   Colour is one of the five tile colours, in colour order.
azul_colour(C) :-
    colours(Cs),
    member(C, Cs).

colour_index(blue, 0).
colour_index(yellow, 1).
colour_index(red, 2).
colour_index(black, 3).
colour_index(white, 4).

%!  wall_colour(+Row, +Col, -Colour) is det.
%
%   Colour is printed on the wall at Row, Col (both 0-based).
wall_colour(Row, Col, Colour) :-
    I is (Col - Row) mod 5,
    colours(Cs),
    nth0(I, Cs, Colour).

%!  colour_column(+Row, +Colour, -Col) is det.
%
%   Col is the column of Colour in wall row Row.
colour_column(Row, Colour, Col) :-
    colour_index(Colour, I),
    Col is (I + Row) mod 5.

%!  wall_pattern(-Rows) is det.
%
%   Rows is the printed 5x5 wall pattern, a list of rows of colours.
wall_pattern(Rows) :-
    numlist(0, 4, Is),
    maplist(pattern_row(Is), Is, Rows).

pattern_row(Cols, Row, Colours) :-
    maplist(wall_colour(Row), Cols, Colours).

                 /*******************************
                 *       PSEUDO-RANDOM          *
                 *******************************/

%!  rng_seed(+Seed, -Rng) is det.
%
%   Rng is the generator state for the integer Seed (any integer), mixed and
%   advanced twice so that nearby seeds give unrelated games.
rng_seed(Seed, Rng) :-
    must_be(integer, Seed),
    S0 is ((Seed * 1103515245 + 12345) mod 2147483646) + 1,
    rng_next(S0, S1),
    rng_next(S1, Rng).

rng_next(S0, S) :-
    S is S0 * 48271 mod 2147483647.

%!  random_below(+N, +Rng0, -Rng, -R) is det.
%
%   R is a pseudo-random integer in 0..N-1 (N > 0) drawn by one step Rng0 -> Rng.
random_below(N, Rng0, Rng, R) :-
    rng_next(Rng0, Rng),
    R is Rng * N // 2147483647.

                 /*******************************
                 *            SETUP             *
                 *******************************/

%!  initial_state(+Kinds, +Seed, -State) is det.
%
%   State is a new game for the player kinds Kinds (2 to 4 of them) with the
%   integer Seed: 100 tiles in the bag, factories filled, token in the centre,
%   first player drawn.
initial_state(Kinds, Seed, azul(Seed, Rng, 1, First, First, Players, Table, none, playing)) :-
    length(Kinds, NP),
    factory_count(NP, NF),
    rng_seed(Seed, Rng0),
    random_below(NP, Rng0, Rng1, First),
    maplist(new_player, Kinds, Players),
    colours(Cs),
    pairs_keys_values(Bag0, Cs, [20, 20, 20, 20, 20]),
    empty_counts(Lid0),
    fill_factories(NF, pool(Bag0, Lid0, Rng1), pool(Bag, Lid, Rng), Factories, _),
    Table = table(Factories, [], centre, Bag, Lid).

%!  factory_count(?Players, ?Factories) is semidet.
factory_count(2, 5).
factory_count(3, 7).
factory_count(4, 9).

new_player(Kind, player(Kind, 0, Lines, Wall, [])) :-
    length(Lines, 5),
    maplist(=(empty), Lines),
    length(Row, 5),
    maplist(=(empty), Row),
    length(Wall, 5),
    maplist(=(Row), Wall).

empty_counts(Counts) :-
    colours(Cs),
    pairs_keys_values(Counts, Cs, [0, 0, 0, 0, 0]).

                 /*******************************
                 *       BAG, LID, FACTORIES    *
                 *******************************/

%   pool(Bag, Lid, Rng): what a refill draws from.  fill_factories/5 says how
%   many times the lid was poured back into the bag.

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

counts_total(Counts, Total) :-
    pairs_values(Counts, Ns),
    sum_list(Ns, Total).

counts_pick([C0-N|Cs], R, C, Out) :-
    (   R < N
    ->  C = C0,
        N1 is N - 1,
        Out = [C0-N1|Cs]
    ;   R1 is R - N,
        Out = [C0-N|Out1],
        counts_pick(Cs, R1, C, Out1)
    ).

counts_add([], Counts, Counts).
counts_add([C|Cs], Counts0, Counts) :-
    counts_add_n(C, 1, Counts0, Counts1),
    counts_add(Cs, Counts1, Counts).

counts_add_n(_, 0, Counts, Counts) :- !.
counts_add_n(C, N, [C0-M|Cs], [C0-M1|Cs1]) :-
    (   C == C0
    ->  M1 is M + N,
        Cs1 = Cs
    ;   M1 = M,
        counts_add_n(C, N, Cs, Cs1)
    ).

colour_sort(Tiles, Sorted) :-
    map_list_to_pairs(colour_index, Tiles, Keyed),
    keysort(Keyed, SortedKeyed),
    pairs_values(SortedKeyed, Sorted).

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

table_empty(table(Fs, [], _, _, _)) :-
    maplist(==([]), Fs).

                 /*******************************
                 *         LEGAL MOVES          *
                 *******************************/

%!  legal_takes(+State, -Moves) is det.
%
%   Moves are the legal take(Source, Colour, Line) moves of the player to
%   move, factories first (by index), then the centre; colours in colour order;
%   lines 1..5 then `floor`.  Empty when the game is over.
legal_takes(azul(_, _, _, _, _, _, _, _, over(_, _, _)), []) :- !.
legal_takes(azul(_, _, _, _, P, Players, Table, _, playing), Moves) :-
    nth0(P, Players, player(_, _, Lines, Wall, _)),
    findall(take(S, C, L),
            ( source_colour(Table, S, C),
              line_choice(Lines, Wall, C, L) ),
            Moves).

source_colour(Table, Source, Colour) :-
    Table = table(Fs, _, _, _, _),
    length(Fs, NF),
    (   NF1 is NF - 1, between(0, NF1, I), Source = factory(I)
    ;   Source = centre
    ),
    source_tiles(Table, Source, Tiles),
    azul_colour(Colour),
    memberchk(Colour, Tiles).

line_choice(Lines, Wall, Colour, Line) :-
    (   nth1(Line, Lines, Content),
        line_accepts(Content, Line, Colour),
        \+ wall_row_has(Wall, Line, Colour)
    ;   Line = floor
    ).

line_accepts(empty, _, _).
line_accepts(line(Colour, N), K, Colour) :-
    N < K.

wall_row_has(Wall, Line, Colour) :-
    Row is Line - 1,
    nth0(Row, Wall, Cells),
    colour_column(Row, Colour, Col),
    nth0(Col, Cells, Colour).

%!  take_refusal(+State, +Move, -Code) is semidet.
%
%   Code says why Move is not legal for the player to move; fails if it is
%   legal.  Codes: game_over, bad_source, empty_source, no_such_colour,
%   bad_line, line_full, colour_mismatch, wall_has_colour.
take_refusal(State, take(Source, Colour, Line), Code) :-
    State = azul(_, _, _, _, P, Players, Table, _, Phase),
    nth0(P, Players, player(_, _, Lines, Wall, _)),
    (   Phase \== playing
    ->  Code = game_over
    ;   \+ source_tiles(Table, Source, _)
    ->  Code = bad_source
    ;   source_tiles(Table, Source, [])
    ->  Code = empty_source
    ;   source_tiles(Table, Source, Tiles), \+ memberchk(Colour, Tiles)
    ->  Code = no_such_colour
    ;   Line == floor
    ->  fail
    ;   \+ (integer(Line), between(1, 5, Line))
    ->  Code = bad_line
    ;   nth1(Line, Lines, line(C0, N)),
        (   N =:= Line
        ->  Code = line_full
        ;   C0 \== Colour
        ->  Code = colour_mismatch
        )
    ->  true
    ;   wall_row_has(Wall, Line, Colour)
    ->  Code = wall_has_colour
    ).

                 /*******************************
                 *           A TURN             *
                 *******************************/

%!  take_turn(+State0, +Move, -State, -Events) is det.
%
%   State follows State0 when the player to move plays the legal Move (check
%   with take_refusal/3 first).  If the table is then empty the round ends:
%   wall tiling, floor penalties, then either the end of the game or the
%   refill of the next round.  Events describe what happened, for the log:
%   took(P, Source, Colour, Taken, Line, ToFloor, ToLid, TookToken), then at
%   the end of a round round_end(Round, Tilings), and refill(Round, Factories,
%   Pours) or game_end(Reason, Bonuses, Scores, Winners).
take_turn(S0, Move, S, [Took|Events]) :-
    S0 = azul(Seed, Rng0, Round, Starter, P, Players0, Table0, _, playing),
    Move = take(Source, Colour, Line),
    rng_next(Rng0, Rng),
    table_take(Source, Colour, P, Table0, Table1, Taken, TookToken),
    nth0(P, Players0, Pl0),
    player_take(Pl0, Colour, Taken, TookToken, Line, Pl, ToFloor, ToLid),
    replace_nth0(P, Players0, Pl, Players),
    table_lid_add(Colour, ToLid, Table1, Table),
    Took = took(P, Source, Colour, Taken, Line, ToFloor, ToLid, TookToken),
    (   table_empty(Table)
    ->  end_round(azul(Seed, Rng, Round, Starter, P, Players, Table, Last, playing),
                  S, RoundEnd, Events)
    ;   length(Players, NP),
        Next is (P + 1) mod NP,
        S = azul(Seed, Rng, Round, Starter, Next, Players, Table, Last, playing),
        RoundEnd = none,
        Events = []
    ),
    Last = last(P, Move, Taken, ToFloor, TookToken, RoundEnd).

replace_nth0(I, List0, X, List) :-
    nth0(I, List0, _, Rest),
    nth0(I, List, X, Rest).

table_take(centre, Colour, P, table(Fs, Centre0, Token0, Bag, Lid),
           table(Fs, Centre, Token, Bag, Lid), Taken, TookToken) :-
    partition(==(Colour), Centre0, Same, Centre),
    length(Same, Taken),
    (   Token0 == centre
    ->  Token = held(P),
        TookToken = true
    ;   Token = Token0,
        TookToken = false
    ).
table_take(factory(I), Colour, _, table(Fs0, Centre0, Token, Bag, Lid),
           table(Fs, Centre, Token, Bag, Lid), Taken, false) :-
    nth0(I, Fs0, Tiles),
    partition(==(Colour), Tiles, Same, Rest),
    length(Same, Taken),
    replace_nth0(I, Fs0, [], Fs),
    append(Centre0, Rest, Centre1),
    colour_sort(Centre1, Centre).

table_lid_add(Colour, N, table(Fs, C, T, Bag, Lid0), table(Fs, C, T, Bag, Lid)) :-
    counts_add_n(Colour, N, Lid0, Lid).

%!  player_take(+Player0, +Colour, +N, +TookToken, +Line, -Player, -ToFloor, -ToLid) is det.
%
%   Player is Player0 after placing N tiles of Colour on Line (1..5 or
%   `floor`), the first-player token first if TookToken is `true`.  ToFloor
%   tiles landed on the floor and ToLid tiles found the floor full.
player_take(player(K, Sc, Lines0, Wall, Floor0), Colour, N, TookToken, Line,
            player(K, Sc, Lines, Wall, Floor), ToFloor, ToLid) :-
    line_place(Line, Colour, N, Lines0, Lines, Over),
    (   TookToken == true
    ->  floor_add(1, first, Floor0, Floor1, _)
    ;   Floor1 = Floor0
    ),
    floor_add(Over, Colour, Floor1, Floor, ToLid),
    ToFloor is Over - ToLid.

line_place(Line, Colour, N, Lines0, Lines, Over) :-
    (   Line == floor
    ->  Lines = Lines0,
        Over = N
    ;   nth1(Line, Lines0, Content0, Rest),
        line_count(Content0, Have),
        Placed is min(Line - Have, N),
        Over is N - Placed,
        Total is Have + Placed,
        (   Total =:= 0 -> Content = empty ; Content = line(Colour, Total) ),
        nth1(Line, Lines, Content, Rest)
    ).

line_count(empty, 0).
line_count(line(_, N), N).

%   floor_add(+N, +Item, +Floor0, -Floor, -Lost): N copies of Item on the
%   floor; Lost of them found it full.
floor_add(N, Item, Floor0, Floor, Lost) :-
    length(Floor0, Len),
    Fit is max(0, min(N, 7 - Len)),
    Lost is N - Fit,
    length(Add, Fit),
    maplist(=(Item), Add),
    append(Floor0, Add, Floor).

                 /*******************************
                 *        END OF A ROUND        *
                 *******************************/

end_round(S1, S, round_end(Points), [round_end(Round, Tilings)|Events]) :-
    S1 = azul(Seed, Rng, Round, Starter0, _, Players0, Table0, Last, playing),
    Table0 = table(Fs, Centre, Token, Bag, Lid0),
    maplist(player_round, Players0, Results),
    maplist(round_result, Results, Players, Tilings, Lids),
    maplist(tiling_points, Tilings, Points),
    foldl(counts_add, Lids, Lid0, Lid),
    (   Token = held(Starter) -> true ; Starter = Starter0 ),
    (   member(player(_, _, _, Wall, _), Players),
        complete_rows(Wall, Rows), Rows > 0
    ->  game_over(row_complete, Players, Final, Phase, Events),
        S = azul(Seed, Rng, Round, Starter, Starter, Final,
                 table(Fs, Centre, centre, Bag, Lid), Last, Phase)
    ;   length(Fs, NF),
        fill_factories(NF, pool(Bag, Lid, Rng), pool(Bag1, Lid1, Rng1), Fs1, Pours),
        Table = table(Fs1, [], centre, Bag1, Lid1),
        (   table_empty(Table)
        ->  game_over(no_tiles, Players, Final, Phase, Events),
            S = azul(Seed, Rng1, Round, Starter, Starter, Final, Table, Last, Phase)
        ;   Round1 is Round + 1,
            Events = [refill(Round1, Fs1, Pours)],
            S = azul(Seed, Rng1, Round1, Starter, Starter, Players, Table, Last, playing)
        )
    ).

%   player_round(+Player0, -round(Player, Tiling, ToLid))
player_round(Pl0, round(Pl, tiling(Tiled, WallPts, Penalty, Score), ToLid)) :-
    tile_wall(Pl0, Pl1, Tiled, WallPts, Penalty, ToLid),
    Pl0 = player(_, Score0, _, _, _),
    Pl1 = player(K, _, Lines, Wall, _),
    Score is max(0, Score0 + WallPts - Penalty),
    Pl = player(K, Score, Lines, Wall, []).

round_result(round(Pl, Tiling, ToLid), Pl, Tiling, ToLid).

tiling_points(tiling(_, WallPts, Penalty, _), points(WallPts, Penalty)).

%!  tile_wall(+Player0, -Player, -Tiled, -WallPoints, -Penalty, -ToLid) is det.
%
%   Player is Player0 after the wall tiling: every full pattern line, from the
%   top, moves one tile to the wall and the rest to ToLid (a list of colours).
%   Tiled lists tiled(Row, Col, Colour, Points) in order, WallPoints is their
%   sum and Penalty the floor penalty (Player keeps Score and Floor
%   unchanged; the floor's tiles are in ToLid).
tile_wall(player(K, Sc, Lines0, Wall0, Floor), player(K, Sc, Lines, Wall, Floor),
          Tiled, WallPts, Penalty, ToLid) :-
    tile_lines(Lines0, 0, Wall0, Wall, Lines, Tiled, LineLid),
    foldl(tiled_points, Tiled, 0, WallPts),
    floor_penalty(Floor, Penalty),
    exclude(==(first), Floor, FloorTiles),
    append(LineLid, FloorTiles, ToLid).

tile_lines([], _, Wall, Wall, [], [], []).
tile_lines([Content|Cs], Row, Wall0, Wall, [Content1|Cs1], Tiled, Lid) :-
    K is Row + 1,
    (   Content = line(Colour, K)
    ->  colour_column(Row, Colour, Col),
        wall_set(Wall0, Row, Col, Colour, Wall1),
        tile_points(Wall1, Row, Col, Pts),
        Tiled = [tiled(Row, Col, Colour, Pts)|Tiled1],
        Content1 = empty,
        Rest is K - 1,
        length(Rest1, Rest),
        maplist(=(Colour), Rest1),
        append(Rest1, Lid1, Lid)
    ;   Wall1 = Wall0,
        Content1 = Content,
        Tiled = Tiled1,
        Lid = Lid1
    ),
    tile_lines(Cs, K, Wall1, Wall, Cs1, Tiled1, Lid1).

tiled_points(tiled(_, _, _, P), S0, S) :-
    S is S0 + P.

wall_set(Wall0, Row, Col, Colour, Wall) :-
    nth0(Row, Wall0, Cells0),
    replace_nth0(Col, Cells0, Colour, Cells),
    replace_nth0(Row, Wall0, Cells, Wall).

%!  tile_points(+Wall, +Row, +Col, -Points) is det.
%
%   Points are scored by the tile at Row, Col of Wall (already placed): 1 if it
%   touches no tile, otherwise the length of its horizontal run plus the
%   length of its vertical run, each counted only if longer than 1.
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

%!  floor_penalty(+Floor, -Penalty) is det.
%
%   Penalty (a positive number) is what the items of Floor cost: the spaces
%   score -1, -1, -2, -2, -2, -3, -3.
floor_penalty(Floor, Penalty) :-
    length(Floor, N),
    floor_cost(N, Penalty).

%   floor_cost(?Items, ?Penalty): the sums of -1, -1, -2, -2, -2, -3, -3.
floor_cost(0, 0).
floor_cost(1, 1).
floor_cost(2, 2).
floor_cost(3, 4).
floor_cost(4, 6).
floor_cost(5, 8).
floor_cost(6, 11).
floor_cost(7, 14).

                 /*******************************
                 *        END OF THE GAME       *
                 *******************************/

game_over(Reason, Players0, Players, over(Reason, Bonuses, Winners),
          [game_end(Reason, Bonuses, Scores, Winners)]) :-
    maplist(player_bonus, Players0, Players, Bonuses),
    maplist(player_score, Players, Scores),
    winners(Players, Winners).

player_bonus(player(K, Sc0, L, Wall, F), player(K, Sc, L, Wall, F), Bonus) :-
    wall_bonus(Wall, Bonus),
    Bonus = bonus(_, _, _, Points),
    Sc is Sc0 + Points.

player_score(player(_, Score, _, _, _), Score).

%!  wall_bonus(+Wall, -Bonus) is det.
%
%   Bonus is bonus(Rows, Columns, Colours, Points): the complete rows (+2
%   each), complete columns (+7 each) and colours with all five tiles placed
%   (+10 each) of Wall, and the points they are worth.
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

%!  winners(+Players, -Winners) is det.
%
%   Winners are the players (0-based) with the highest score; among those,
%   the ones with most complete rows.  More than one winner is a shared
%   victory.
winners(Players, Winners) :-
    findall(Score-Rows-I,
            ( nth0(I, Players, player(_, Score, _, Wall, _)),
              complete_rows(Wall, Rows) ),
            Keyed),
    max_member(Best-BestRows-_, Keyed),
    findall(I, member(Best-BestRows-I, Keyed), Winners).

                 /*******************************
                 *         INVARIANT            *
                 *******************************/

%!  state_tile_count(+State, -Count) is det.
%
%   Count tiles are in the bag, the lid, the factories, the centre and on the
%   players' pattern lines, walls and floors: always 100.
state_tile_count(azul(_, _, _, _, _, Players, table(Fs, Centre, _, Bag, Lid), _, _), Count) :-
    counts_total(Bag, NB),
    counts_total(Lid, NL),
    foldl(length_add, [Centre|Fs], 0, NT),
    foldl(player_tiles, Players, 0, NP),
    Count is NB + NL + NT + NP.

length_add(List, N0, N) :-
    length(List, K),
    N is N0 + K.

player_tiles(player(_, _, Lines, Wall, Floor), N0, N) :-
    foldl(line_add, Lines, 0, NLines),
    aggregate_all(count, (member(Row, Wall), member(C, Row), C \== empty), NWall),
    exclude(==(first), Floor, Tiles),
    length(Tiles, NFloor),
    N is N0 + NLines + NWall + NFloor.

line_add(Content, N0, N) :-
    line_count(Content, K),
    N is N0 + K.

%?- wall_pattern(Rows), nth0(1, Rows, Row1).
%@ Row1 = [white, blue, yellow, red, black].
%
%?- initial_state([greedy, random], 1, S), state_tile_count(S, N),
%   arg(5, S, First), arg(7, S, table([F0|_], _, _, _, _)).
%@ N = 100, First = 1, F0 = [black, black, white, white].
%
%?- floor_penalty([first, red, red], P).
%@ P = 4.
%
%?- rng_seed(42, R0), random_below(6, R0, R1, X).
%@ R0 = 1023075859, R1 = 1360843377, X = 3.
