:- module(azul_machine,
          [ azul_strategy/1,        % ?Kind
            choose_move/3,          % +Kind, +State, -Move
            greedy_value/3,         % +State, +Move, -Value
            projected_points/2      % +Player, -Points
          ]).

/** <module> Azul: the machine players

Start reading at prolog/azul.pl (the entry module).  Three strategies choose
a move for the player to move of a state (the state term is documented in
prolog/azul/rules.pl).  All are pure and deterministic:
the same state gives the same move.  None looks into the bag: what a refill
will draw is decided by the seed, and a strategy only sees the table.

  - `greedy` (document 003's): the move that scores most now.  "Scores now"
    is the change of projected_points/2 for the player: the points the player
    would get if the round ended right after this move, that is the wall
    tiling of every full pattern line (top to bottom, with its adjacency
    points) minus the floor penalty of the whole floor (the first-player token
    and overflow included; the score's floor at 0 is not applied).  Ties go to
    the move that puts more tiles on pattern lines, then to the first move in
    the order of legal_takes/2.
  - `random`: a legal move chosen uniformly with the next step of the PRNG
    carried in the state (the step that the turn itself consumes), so a game
    with random players still replays from its seed.
  - `lookahead`: plays out the rest of the round.  The legal moves are ranked
    by a static evaluation (static_value/4 below); each of the best
    `lookahead_width` of them is followed by greedy play of every player until
    the table is empty (a round has no chance in it: the factories are known),
    and the move whose playout leaves the best round_value/2 for the player,
    minus the best round_value/2 among the others, is played.  round_value/2
    is the score after the round's tiling and floor penalties plus the static
    value of the wall (bonus progress and unfinished lines).

The static evaluation adds to projected points (weight 1):
  - bonus progress of the wall after the projected tiling: rows 2, columns 7,
    colours 10, each times (tiles placed / 5)^2, so a complete column counts
    exactly its 7;
  - for every unfinished pattern line, the points its tile would score, times
    0.6 if the tiles still missing are on the table this round and 0.25 if
    not, less 0.3 per missing tile (tiles that may end on the floor later).

`python bench/azul_sim.py` measures their strength against each other and
their time per game against random's (its output is quoted in the header of
prolog/azul.pl).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(board).
:- use_module(rules).

%   How many candidate moves `lookahead` plays out.
lookahead_width(6).

%!  azul_strategy(?Kind) is nondet.
%
%   Kind is the name of a machine strategy.
%
%   ?- findall(_K, azul_machine:azul_strategy(_K), Kinds).
%   Kinds = [greedy, random, lookahead].
azul_strategy(greedy).
azul_strategy(random).
azul_strategy(lookahead).

%!  choose_move(+Kind, +State, -Move) is semidet.
%
%   Move is the move strategy Kind plays for the player to move in State.
%   Fails when the game is over.
%
%   ?- azul_rules:initial_state([greedy, lookahead], 7, _S),
%      azul_machine:choose_move(greedy, _S, Move),
%      azul_machine:greedy_value(_S, Move, Value).
%   Move = take(factory(4), white, 4),
%   Value = 1.
choose_move(random, State, Move) :-
    legal_takes(State, Moves),
    Moves \== [],
    arg(2, State, Rng),
    length(Moves, N),
    random_below(N, Rng, _, I),
    nth0(I, Moves, Move).
choose_move(greedy, State, Move) :-
    legal_takes(State, Moves),
    Moves \== [],
    maplist(keyed_move(greedy_key, State), Moves, Keyed),
    max_first(Keyed, Move).
choose_move(lookahead, State, Move) :-
    legal_takes(State, Moves),
    Moves \== [],
    maplist(keyed_move(static_value, State), Moves, Keyed0),
    sort(1, @>=, Keyed0, Keyed),
    lookahead_width(Width),
    first_n(Width, Keyed, Candidates),
    State = azul(_, _, _, _, Me, _, _, _, _),
    maplist(playout_key(State, Me), Candidates, Scored),
    max_first(Scored, Move).

keyed_move(Key, State, Move, K-Move) :-
    move_outcome(State, Move, After, OnLines, Table),
    call(Key, After, OnLines, Table, K).

%   max_first(+Pairs, -Move): the Move of the first pair with the highest key.
max_first([K-M|KMs], Move) :-
    foldl(max_first_, KMs, K-M, _-Move).

max_first_(K-M, K0-M0, Best) :-
    (   K @> K0 -> Best = K-M ; Best = K0-M0 ).

first_n(N, List, Prefix) :-
    length(List, Len),
    K is min(N, Len),
    length(Prefix, K),
    append(Prefix, _, List).

%   move_outcome(+State, +Move, -Player, -OnLines, -Table): the player to move
%   after Move, how many tiles went to pattern lines, and the table after.
move_outcome(State, take(Source, Colour, Line), After, OnLines, Table) :-
    State = azul(_, _, _, _, P, Players, Table0, _, _),
    source_tiles(Table0, Source, Tiles),
    partition(==(Colour), Tiles, Same, Rest),
    length(Same, N),
    arg(3, Table0, Token),
    (   Source == centre, Token == centre -> TookToken = true ; TookToken = false ),
    nth0(P, Players, Before),
    player_take(Before, Colour, N, TookToken, Line, After, ToFloor, ToLid),
    OnLines is N - ToFloor - ToLid,
    table_after(Source, Rest, P, Table0, Table).

%   table_after(+Source, +Rest, +P, +Table0, -Table): the table after player P
%   took from Source, leaving Rest.  Bag and lid are left out (`none`).
table_after(centre, Rest, P, table(Fs, _, Token0, _, _), table(Fs, Rest, Token, none, none)) :-
    (   Token0 == centre -> Token = held(P) ; Token = Token0 ).
table_after(factory(I), Rest, _, table(Fs0, Centre0, Token, _, _),
            table(Fs, Centre, Token, none, none)) :-
    nth0(I, Fs0, _, Others),
    nth0(I, Fs, [], Others),
    append(Centre0, Rest, Centre).

                 /*******************************
                 *            GREEDY            *
                 *******************************/

%!  greedy_value(+State, +Move, -Value) is det.
%
%   Value is what Move scores now for the player to move: the change of
%   projected_points/2 that Move makes.
greedy_value(State, Move, Value) :-
    State = azul(_, _, _, _, P, Players, _, _, _),
    nth0(P, Players, Before),
    move_outcome(State, Move, After, _, _),
    projected_points(Before, V0),
    projected_points(After, V1),
    Value is V1 - V0.

%!  projected_points(+Player, -Points) is det.
%
%   Points is what Player would score if the round ended now: the wall
%   tiling of its full pattern lines minus its floor penalty.
projected_points(Player, Points) :-
    tile_wall(Player, _, _, WallPts, Penalty, _),
    Points is WallPts - Penalty.

greedy_key(After, OnLines, _, V-OnLines) :-
    projected_points(After, V).

                 /*******************************
                 *          LOOKAHEAD           *
                 *******************************/

%   static_value(+Player, +OnLines, +Table, -Value): projected points, bonus
%   progress and the prospects of unfinished lines with Table left to take.
static_value(Player, _, Table, Value) :-
    tile_wall(Player, Tiled, _, WallPts, Penalty, _),
    wall_value(Tiled, Table, Future),
    Value is WallPts - Penalty + Future.

wall_value(player(_, _, Lines, Wall, _), Table, Value) :-
    bonus_progress(Wall, Progress),
    foldl(line_prospect(Wall, Table), Lines, 1-0, _-Prospect),
    Value is Progress + Prospect.

bonus_progress(Wall, Progress) :-
    numlist(0, 4, Is),
    foldl(row_progress, Wall, 0, Rows),
    foldl(column_progress(Wall), Is, 0, Cols),
    findall(C, azul_colour(C), Colours),
    foldl(colour_progress(Wall), Colours, 0, Cs),
    Progress is (2 * Rows + 7 * Cols + 10 * Cs) / 25.

row_progress(Cells, S0, S) :-
    filled(Cells, N),
    S is S0 + N * N.

column_progress(Wall, I, S0, S) :-
    maplist(nth0(I), Wall, Cells),
    filled(Cells, N),
    S is S0 + N * N.

colour_progress(Wall, Colour, S0, S) :-
    include(memberchk(Colour), Wall, Rows),
    length(Rows, N),
    S is S0 + N * N.

filled(Cells, N) :-
    exclude(==(empty), Cells, Tiles),
    length(Tiles, N).

line_prospect(Wall, Table, Content, K-S0, K1-S) :-
    K1 is K + 1,
    (   Content = line(Colour, N), N < K
    ->  Row is K - 1,
        colour_column(Row, Colour, Col),
        nth0(Row, Wall, Cells0),
        replace_nth0(Col, Cells0, Colour, Cells),
        replace_nth0(Row, Wall, Cells, Wall1),
        tile_points(Wall1, Row, Col, Pts),
        Need is K - N,
        table_colour_count(Table, Colour, Avail),
        (   Avail >= Need -> W = 0.6 ; W = 0.25 ),
        S is S0 + W * Pts - 0.3 * Need
    ;   S = S0
    ).

%   playout_key(+State, +Me, +Candidate, -Key): Key of a candidate move
%   after greedy play to the end of the round.
playout_key(State, Me, _-Move, V-Move) :-
    light_step(State, Move, State1),
    playout(State1, Players),
    maplist(round_value, Players, Values),
    nth0(Me, Values, Mine, Others),
    max_list(Others, Best),
    V is Mine - Best.

%   light_step(+State0, +Move, -State): the turn without the round's end and
%   without the PRNG; only ToMove, Players and Table are kept.
light_step(State0, Move, azul(x, x, x, x, Next, Players, Table, x, playing)) :-
    State0 = azul(_, _, _, _, P, Players0, _, _, _),
    move_outcome(State0, Move, After, _, Table),
    replace_nth0(P, Players0, After, Players),
    length(Players, NP),
    Next is (P + 1) mod NP.

playout(State, Players) :-
    State = azul(_, _, _, _, _, Players0, Table, _, _),
    (   Table = table(Fs, [], _, _, _), maplist(==([]), Fs)
    ->  Players = Players0
    ;   choose_move(greedy, State, Move),
        light_step(State, Move, State1),
        playout(State1, Players)
    ).

%   round_value(+Player, -Value): score after the tiling and the floor, plus
%   the static value of the wall for the rounds after (nothing on the table).
round_value(Player, Value) :-
    Player = player(_, Score, _, _, _),
    tile_wall(Player, Tiled, _, WallPts, Penalty, _),
    wall_value(Tiled, table([], [], centre, none, none), Future),
    Value is max(0, Score + WallPts - Penalty) + Future.
