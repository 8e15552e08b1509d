:- module(azul_rules,
          [ initial_state/3,        % +Kinds, +Seed, -State
            state_over/1,           % +State
            state_to_move/3,        % +State, -Player, -Kind
            legal_takes/2,          % +State, -Moves
            take_refusal/3,         % +State, +Move, -Code
            take_turn/4,            % +State0, +Move, -State, -Events
            apply_take/3,           % +State0, +Move, -State
            player_take/8,          % +Player0, +Colour, +N, +Token, +Line, -Player, -ToFloor, -ToLid
            tile_wall/6,            % +Player0, -Player, -Tiled, -WallPoints, -Penalty, -ToLid
            winners/2,              % +Players, -Winners
            state_tile_count/2      % +State, -Count
          ]).

/** <module> Azul: the game (state, legal moves, a turn, rounds, the end)

Start reading at prolog/azul.pl (the entry module).  This module plays the
game with the components of prolog/azul/board.pl (colours, wall, floor, bag,
table: their terms are documented there).  Everything here is pure: a state
goes in, a new state comes out, and the only randomness is the pseudo-random
generator state carried in the state.

## The state term

    azul(Seed, Rng, Round, Starter, ToMove, Players, Table, Last, Phase)

  - Seed: the integer the game was created with (kept so it can be replayed).
  - Rng: the generator state, an integer in 1..2147483646 (rng_seed/2).
  - Round: the round being played, from 1.
  - Starter: the player who started this round.
  - ToMove: the player to move.
  - Players: a list of player(Kind, Score, Lines, Wall, Floor):
      - Kind: human | greedy | random | lookahead;
      - Score: an integer, never below 0;
      - Lines: 5 pattern lines, each `empty` or line(Colour, N), 1 =< N =< k;
      - Wall and Floor: as in board.pl.
  - Table: table(Factories, Centre, Token, Bag, Lid), as in board.pl.
  - Last: `none` or last(P, Move, Taken, ToFloor, TookToken, RoundEnd), the last
    turn; RoundEnd is `none` or round_end(Points) with one
    points(WallPoints, Penalty) per player when that turn ended the round.
  - Phase: `playing` or over(Reason, Bonuses, Winners); Reason is `row_complete`
    or `no_tiles`, Bonuses one bonus(Rows, Columns, Colours, Points) per player,
    Winners the list of winning players.

Players are numbered from 0.  A move is take(Source, Colour, Line): Source is
`centre` or factory(I), Line is 1..5 or `floor`.  One move is a whole turn
(take and place).

## Rule choices (document 003 leaves these open; docs/azul.md)

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
  - Randomness: setup draws the first player and then the factories; every
    turn consumes one step of the generator (the `random` strategy chooses
    with that step), every refill draws one step per tile.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(board).

                 /*******************************
                 *            SETUP             *
                 *******************************/

%!  initial_state(+Kinds, +Seed, -State) is det.
%
%   State is a new game for the player kinds Kinds (2 to 4 of them) with the
%   integer Seed: 100 tiles in the bag, factories filled, token in the centre,
%   first player drawn.
%
%   ?- azul_rules:initial_state([greedy, random], 1, _S),
%      azul_rules:state_to_move(_S, First, Kind), azul_rules:state_tile_count(_S, N).
%   First = 1,
%   Kind = random,
%   N = 100.
initial_state(Kinds, Seed, azul(Seed, Rng, 1, First, First, Players, Table, none, playing)) :-
    length(Kinds, NP),
    factory_count(NP, NF),
    rng_seed(Seed, Rng0),
    random_below(NP, Rng0, Rng1, First),
    maplist(new_player, Kinds, Players),
    full_bag(Bag0),
    empty_counts(Lid0),
    fill_factories(NF, pool(Bag0, Lid0, Rng1), pool(Bag, Lid, Rng), Factories, _),
    Table = table(Factories, [], centre, Bag, Lid).

new_player(Kind, player(Kind, 0, Lines, Wall, [])) :-
    length(Lines, 5),
    maplist(=(empty), Lines),
    empty_wall(Wall).

%!  state_over(+State) is semidet.
%
%   The game of State is over.
state_over(State) :-
    arg(9, State, over(_, _, _)).

%!  state_to_move(+State, -Player, -Kind) is det.
%
%   Player (from 0) is to move in State (or would be, once the game is over)
%   and sits in a seat of Kind (human, greedy, random or lookahead).
state_to_move(azul(_, _, _, _, P, Players, _, _, _), P, Kind) :-
    nth0(P, Players, player(Kind, _, _, _, _)).

                 /*******************************
                 *         LEGAL MOVES          *
                 *******************************/

%!  legal_takes(+State, -Moves) is det.
%
%   Moves are the legal take(Source, Colour, Line) moves of the player to
%   move, factories first (by index), then the centre; colours in colour order;
%   lines 1..5 then `floor`.  Empty when the game is over.
%
%   ?- azul_rules:initial_state([greedy, random], 1, _S),
%      azul_rules:legal_takes(_S, [First|_]).
%   First = take(factory(0), black, 1).
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

%!  take_refusal(+State, +Move, -Code) is semidet.
%
%   Code says why Move is not legal for the player to move; fails if it is
%   legal.  Codes: game_over, bad_source, empty_source, no_such_colour,
%   bad_line, line_full, colour_mismatch, wall_has_colour.
%
%   ?- azul_rules:initial_state([human, human], 1, _S),
%      azul_rules:take_refusal(_S, take(centre, red, 1), Code).
%   Code = empty_source.
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
%
%   ?- azul_rules:initial_state([human, human], 1, _S0),
%      azul_rules:take_turn(_S0, take(factory(0), black, 2), _S, Events).
%   Events = [took(1, factory(0), black, 2, 2, 0, 0, false)].
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

%!  apply_take(+State0, +Move, -State) is det.
%
%   State is State0 after the take and placement of the legal Move alone,
%   the turn passed to the next player: no end of round even when the table
%   is left empty (no wall tiling, no refill), the generator not stepped,
%   Last and Phase as in State0.  This is the part of a turn that a course's
%   own move application reproduces exactly (the kit's aplicar_jugada/3,
%   asked by `tablero serve --rules azul=FILE.pl`): the refill that may
%   follow draws from our generator.
%
%   ?- azul_rules:initial_state([human, human], 1, _S0),
%      azul_rules:apply_take(_S0, take(factory(0), black, 1), _S),
%      _S = azul(_, _, _, _, ToMove, [_, player(_, _, [L1|_], _, Floor)|_], _, _, _).
%   ToMove = 0,
%   L1 = line(black, 1),
%   Floor = [black].
apply_take(S0, Move, S) :-
    S0 = azul(Seed, Rng, Round, Starter, P, Players0, Table0, Last, Phase),
    Move = take(Source, Colour, Line),
    table_take(Source, Colour, P, Table0, Table1, Taken, TookToken),
    nth0(P, Players0, Pl0),
    player_take(Pl0, Colour, Taken, TookToken, Line, Pl, _, ToLid),
    replace_nth0(P, Players0, Pl, Players),
    table_lid_add(Colour, ToLid, Table1, Table),
    length(Players, NP),
    Next is (P + 1) mod NP,
    S = azul(Seed, Rng, Round, Starter, Next, Players, Table, Last, Phase).

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
%
%   ?- azul_rules:player_take(player(human, 0, [empty, empty, empty, empty, empty], [], []),
%                             red, 3, true, 2, Player, ToFloor, ToLid).
%   Player = player(human, 0, [empty, line(red, 2), empty, empty, empty], [], [first, red]),
%   ToFloor = 1,
%   ToLid = 0.
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
        line_tiles(Content0, Have),
        Placed is min(Line - Have, N),
        Over is N - Placed,
        Total is Have + Placed,
        (   Total =:= 0 -> Content = empty ; Content = line(Colour, Total) ),
        nth1(Line, Lines, Content, Rest)
    ).

line_tiles(empty, 0).
line_tiles(line(_, N), N).

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

%!  winners(+Players, -Winners) is det.
%
%   Winners are the players (0-based) with the highest score; among those,
%   the ones with most complete rows.  More than one winner is a shared
%   victory.
%
%   ?- azul_board:empty_wall(_W),
%      azul_rules:winners([player(greedy, 12, [], _W, []),
%                          player(random, 12, [], _W, [])], Winners).
%   Winners = [0, 1].
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
    line_tiles(Content, K),
    N is N0 + K.
