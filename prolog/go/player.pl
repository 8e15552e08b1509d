:- module(go_player,
          [ player_action/3,         % +Game, +Options, -Action
            player_candidates/3      % +Game, -FB, -Candidates
          ]).

/** <module> Go: the machine player's decisions

Start reading at prolog/go.pl (the entry module), then machine.pl, which
calls player_action/3 for each turn in play.  A turn goes:

  1. *Candidates* (candidates.pl, go_candidates:player_candidates/4): the
     empty points where the side to move may play that are worth a look:
     not one of its own eyes (go_tactics:own_true_eye/3), not a point
     already settled (an empty region of at most settled_region/2 points
     walled in by one colour, once the stones go_dead proposes dead are
     off; by default (option settled(tactics)) a settled point that saves a chain
     or relieves a weak one by a capture stays), not a self-atari that
     captures nothing, and, from 7x7 up while stones cover less than a
     quarter of the board, not on the first two lines unless tactics say
     so.  Each gets the tactical value of go_tactics:move_value/4:
     captures, saving a chain in atari, atari.
  2. *Rank* them by a search tree grown by random games
     (go_uct:uct_search/6, UCT with RAVE; the candidates are the root's
     children, the tactical values their priors, weighed by weighing.pl
     (go_weighing), with
     go_tactics:rescue_value/5 added: making safe a chain of two
     liberties the opponent could capture next, and
     go_tactics:race_value/5: winning a capturing race the opponent
     would win moving first; with option reading(true) the stones a move
     saves or kills by go_reading:reading_points/4, a search of chains
     with two to four liberties; with option eyes(true) a weight for a
     move that makes a weak group live or kills one by its eye space,
     go_owl:eye_points/4; on boards from 13x13 the place bonus below
     too).  The search has a time budget,
     think_seconds/2 (1 s up to 9x9, 2 s up to 13x13, 3 s above), so that
     a busy machine still answers in time; options choose a count of
     simulations instead (search_budget/5).  A capture, a chain saved
     from atari, an answer to an approach or a capturing race won goes
     first unless the search finds it clearly worse: urgent/4 of
     urgent.pl (the random games of the search often let the side that
     should lose a race win it); "clearly worse" is a fixed margin, or
     with option
     urgent(noise) more than the noise of the search's win rates.  Option
     search(flat) ranks them by the flat Monte Carlo of
     go_montecarlo:mc_search/6 instead (the player of an earlier release,
     kept as a baseline).  On boards larger than option mc_max_size(S)
     (the player before this one searched up to 9x9 only; it is kept as a
     baseline with mc_max_size(9)) by tactical value plus a place bonus
     (corners first, then the sides, then near the stones), random
     among equals.
  3. *Resign* (resign_rule/4) when the game is lost by a wide margin: at
     least half the board covered with stones, an estimated deficit of more
     than a quarter of the board's points, and, where the search ran, its
     best move winning fewer than one simulation in twenty.
  4. *Pass* when there is no candidate (every point is settled), or when
     the opponent has just passed and the estimated lead (go_estimate/3)
     is larger than the points still open, and the search (where it ran)
     wins at least half its simulations: passing cannot change the result
     by the machine's own estimate.  (The search's check catches stones
     the estimate calls alive that the random games capture.)
     Before passing it answers a threat (pass_or_defend/4): it saves a
     chain of its own in atari or captures stones, on any point, settled
     ones too (the opponent may have played inside its area).
  5. From the endgame on (stones on a third of the board), a unit of its
     own that is dead if the opponent moves first but alive if it does
     (a capturing race, the bent four in the corner) is defended first:
     vital_defence/3.
  6. Else play the first of the ranking.

The move chosen is checked with go_play/4 (superko); a refused one is
dropped and the next best taken.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(ordsets)).
:- use_module(library(yall)).
:- use_module(board).
:- use_module(rules).
:- use_module(dead).
:- use_module(fastboard).
:- use_module(tactics).
:- use_module(montecarlo).
:- use_module(uct).
:- use_module(urgent).
:- use_module(candidates).
:- use_module(weighing).

%   Constants of the decisions.
playout_budget(24000).          % the flat Monte Carlo's simulations: this / (empty points + 10)
max_playouts(1500).             % ... and this at most
default_mc_max_size(25).        % the search on boards up to this size (every one)
resign_win_rate(0.05).          % the search's best below this: hopeless

%!  player_action(+Game, +Options, -Action) is det.
%
%   Action is the machine's move, pass or resignation for the player to
%   move in Game, a game in play (see the module header).  Options:
%   seconds(S) the search's time budget (default think_seconds/2) on the
%   wall clock, or with clock(cpu) in CPU time (go_uct:clock_time/2),
%   playouts(N) a count of simulations at most instead of a clock,
%   simulations(N) exactly N simulations (N a number) or the number the
%   search played (N a variable: 0 where no search ran), mc_max_size(S)
%   the largest board where the search runs (default every size),
%   search(flat) the flat Monte Carlo instead of the tree, priors(hand),
%   patterns(false), replies(false), twolibs(false) and nakade(true) as
%   go_uct:uct_search/6 takes them, races(false)
%   without the capturing races' values (go_tactics:races/3),
%   urgent(noise) to play a tactical move before the search's choice
%   only when the search's games do not find it clearly worse (urgent/4;
%   default urgent(fixed), a fixed margin), settled(drop) to leave out every
%   settled point (go_candidates:player_candidates/4; the default,
%   settled(tactics), keeps those where a move saves a chain or captures
%   stones next to a weak one), reading(true) to add to each candidate the
%   stones it saves or kills by go_reading's search
%   (go_weighing:read_chains/5; chains of two to four liberties that die
%   if their owner does not move), eyes(true) to add to a candidate that
%   makes a weak group live or kills one by its eye space a weight that
%   urgent/4 plays unless the search finds it clearly worse
%   (go_weighing:eye_groups/5, go_owl), owl(true) to add such a weight,
%   and a point a stone, to the defence point of a critical group of X's,
%   read a few moves deep (go_weighing:critical_groups/5,
%   go_owl_reading:owl_critical/4), unless a chain of X's in atari can be
%   saved and the group is not short of liberties itself
%   (go_weighing:pressing/3), and a smaller weight, a prior, to the
%   killing point of the opponent's (go_owl_reading:owl_kills/4) and to
%   the defence that does not press.  Random choices use SWI's random
%   state (go_machine_action/3 seeds it).
player_action(Game, Options, Action) :-
    option(clock(Clock), Options, wall),
    clock_time(Clock, Start),
    Game = go(settings(Size, _, _, Komi, _, _), _, P, _, Passes, _, _, playing),
    player_candidates(Game, Options, FB, Candidates),
    go_estimate(Game, score(B, W, _, _), Owner),
    lead(P, B, W, Lead),
    string_chars(Owner, OwnerChars),
    aggregate_all(count, member('-', OwnerChars), Open),
    (   Candidates == []
    ->  Ranked = [], Rate = none
    ;   default_mc_max_size(MaxMC0),
        option(mc_max_size(MaxMC), Options, MaxMC0),
        Size =< MaxMC
    ->  option(search(Search), Options, uct),
        search_budget(Search, Start, FB, Options, Budget),
        mc_choice(Search, Game, FB, P, Komi, Candidates, Budget, Options, Ranked, Rate)
    ;   heuristic_choice(FB, Candidates, Ranked),
        Rate = none
    ),
    (   option(simulations(Done), Options), var(Done) -> Done = 0 ; true ),
    (   resign_rule(Game, FB, Lead, Rate)
    ->  Action = resign(P)
    ;   endgame(FB),
        vital_defence(Game, P, Pos),
        catch(go_play(Game, move(P, Pos), _, _), refusal(_, _), fail)
    ->  Action = move(P, Pos)
    ;   Ranked == []
    ->  pass_or_defend(Game, FB, P, Action)
    ;   Passes > 0, Lead > Open,
        ( Rate == none -> true ; Rate >= 0.5 )
    ->  pass_or_defend(Game, FB, P, Action)
    ;   first_accepted(Ranked, Game, FB, P, Action)
    ).

%!  pass_or_defend(+Game, +FB, +P, -Action) is det.
%
%   Before it passes, the machine looks at what the opponent's last moves
%   may have threatened, on every empty point (settled ones too: the
%   opponent may have played inside the machine's area):
%
%     1. a move that takes one of its chains in atari out of atari for
%        good, or captures opponent stones (go_tactics:move_features/4),
%        the most stones first;
%     2. else, if a unit of its own is dead when the opponent moves first
%        but not when it does (a capturing race, a killing shape such as
%        the bent four in the corner: go_dead:dead_stones/3), the
%        liberty of that unit that leaves the fewest of its stones dead
%        with the opponent first.
%
%   It plays that move if the rules accept it, else it passes.
pass_or_defend(Game, FB, P, Action) :-
    (   defence(Game, FB, P, Pos),
        catch(go_play(Game, move(P, Pos), _, _), refusal(_, _), fail)
    ->  Action = move(P, Pos)
    ;   Action = pass(P)
    ).

defence(_, FB, P, Pos) :-
    fb_colour(P, X),
    fb_empties(FB, Empties),
    findall(Stones-I,
            ( member(I, Empties),
              move_features(FB, X, I, f(Captured, Saved, _, _, _, _)),
              Stones is Captured + Saved,
              Stones > 0 ),
            Found),
    Found \== [],
    !,
    max_member(_-I, Found),
    fb_index(FB, Pos, I).
defence(Game, _, P, Pos) :-
    vital_defence(Game, P, Pos).

%   endgame(+FB): stones cover a third of the board or more.
endgame(FB) :-
    fb_size(FB, N),
    stones_on_board(FB, Stones),
    Stones * 3 >= N * N.

%!  vital_defence(+Game, +P, -Pos) is semidet.
%
%   A unit of P's is dead when the opponent moves first but not when P
%   does (go_dead:dead_stones/3: a capturing race, or a killing shape
%   such as the bent four in the corner, whose vital point P must take
%   now); Pos is the point next to it or to the opponent's stones
%   touching it that leaves the fewest of P's stones dead with the
%   opponent first, fewer than now.  Played before the search from the
%   endgame on (endgame/1), and before a pass.
vital_defence(Game, P, Pos) :-
    go_board(Game, Board),
    opponent(P, Q),
    own_dead(Board, Q, P, Lost),
    own_dead(Board, P, P, Kept),
    ord_subtract(Lost, Kept, Threatened),
    Threatened \== [],
    foldl(empty_neighbours(Board), Threatened, [], Near),
    foldl(enemy_neighbours(Board, Q), Threatened, [], Enemies),
    foldl(empty_neighbours(Board), Enemies, Near, Points),
    findall(N-Pos,
            ( member(Pos, Points),
              catch(go_play(Game, move(P, Pos), Game1, _), refusal(_, _), fail),
              go_board(Game1, Board1),
              own_dead(Board1, Q, P, Dead1),
              length(Dead1, N) ),
            Tried),
    Tried \== [],
    min_member(N-Pos, Tried),
    length(Lost, N0),
    N < N0.

%   own_dead(+Board, +First, +P, -Dead): P's stones in the proposal
%   (dead_stones/3) when First moves first.
own_dead(Board, First, P, Dead) :-
    dead_stones(Board, First, All),
    include([[R, C]]>>board_cell(Board, R, C, P), All, Dead).

empty_neighbours(Board, Pos, Set0, Set) :-
    enemy_neighbours(Board, "-", Pos, Set0, Set).

%   enemy_neighbours(+Board, +Cell, +Pos, +Set0, -Set): Set0 and the
%   neighbours of Pos holding Cell.
enemy_neighbours(Board, Cell, [R, C], Set0, Set) :-
    findall([R1, C1],
            ( member(DR-DC, [-1-0, 1-0, 0-(-1), 0-1]),
              R1 is R + DR, C1 is C + DC,
              board_cell(Board, R1, C1, Cell) ),
            Ps0),
    sort(Ps0, Ps),
    ord_union(Set0, Ps, Set).

%!  search_budget(+Search, +Start, +FB, +Options, -Budget) is det.
%
%   Budget is the options of go_uct:uct_search/6 that say how long the
%   tree search of a turn that started at Start (get_time/1) runs:
%
%     - simulations(N), N a number: exactly N simulations (the move of a
%       search on the clock, played again: go_machine_action/3's goal);
%     - playouts(N): N simulations at most, a count, so that the same
%       seed gives the same move on any machine (the tests use it);
%     - else a clock: the turn ends seconds(S) after Start, S given or
%       think_seconds/2's (scaled by the server's setting,
%       think_scale/1), on the wall clock or, with option clock(cpu), in
%       CPU time.
%
%   With a variable N in simulations(N), the search binds it to the
%   simulations it played.  The flat Monte Carlo (Search = flat) always
%   counts, default_playouts/2 at most.
search_budget(flat, _, FB, Options, [playouts(Playouts)]) :-
    !,
    default_playouts(FB, Playouts0),
    option(playouts(Playouts), Options, Playouts0).
search_budget(_, Start, FB, Options, Budget) :-
    (   option(simulations(N), Options) -> true ; true ),
    (   integer(N)
    ->  Budget = [simulations(N)]
    ;   option(playouts(Playouts), Options)
    ->  Budget = [playouts(Playouts), simulations(N)]
    ;   fb_size(FB, Size),
        think_seconds(Size, Seconds0),
        option(seconds(Seconds), Options, Seconds0),
        End is Start + Seconds,
        option(clock(Clock), Options, wall),
        Budget = [deadline(End), clock(Clock), simulations(N)]
    ).

%!  think_seconds(+Size, -Seconds) is det.
%
%   The time a turn takes on a Size x Size board: 1 s up to 9x9, 2 s up
%   to 13x13, 3 s above, times think_scale/1.
think_seconds(Size, Seconds) :-
    (   Size =< 9 -> S0 = 1 ; Size =< 13 -> S0 = 2 ; S0 = 3 ),
    think_scale(Scale),
    Seconds is S0 * Scale.

%!  think_scale(-Scale) is det.
%
%   The server's setting: the environment variable TABLERO_GO_THINK, a
%   factor of think_seconds/2 (0.5 halves every turn), default 1.  Read
%   once, when this module is loaded (think_setting/0), into the flag
%   tablero_go_think: the console's sandbox lets a goal read a flag, not
%   the environment.
think_scale(Scale) :-
    (   current_prolog_flag(tablero_go_think, Scale)
    ->  true
    ;   Scale = 1
    ).

think_setting :-
    (   getenv('TABLERO_GO_THINK', Text),
        catch(atom_number(Text, Scale), _, fail),   % getenv/2 gives an atom
        Scale > 0
    ->  create_prolog_flag(tablero_go_think, Scale, [keep(false)])
    ;   true
    ).

:- initialization(think_setting).

%   default_playouts(+FB, -N): the simulations of a move of the flat Monte
%   Carlo: a playout costs about one random move per empty point, so a
%   position with fewer empty points gets more of them, and every move
%   about the same time.
default_playouts(FB, N) :-
    arg(4, FB, s(Empty, _)),
    playout_budget(B),
    max_playouts(Max),
    N is min(Max, B // (Empty + 10)).

lead("b", B, W, Lead) :- Lead is B - W.
lead("w", B, W, Lead) :- Lead is W - B.

%   first_accepted(+Ranked, +Game, +FB, +P, -Action): the first point of
%   Ranked that go_play/4 accepts, as a move; a pass if none is.
first_accepted([], _, _, P, pass(P)).
first_accepted([I|Is], Game, FB, P, Action) :-
    fb_index(FB, Pos, I),
    (   catch(go_play(Game, move(P, Pos), _, _), refusal(_, _), fail)
    ->  Action = move(P, Pos)
    ;   first_accepted(Is, Game, FB, P, Action)
    ).

%!  resign_rule(+Game, +FB, +Lead, +Rate) is semidet.
%
%   The game is hopeless for the player to move: at least half the points
%   hold stones, the estimated Lead is below minus a quarter of the points,
%   and Rate, Monte Carlo's win rate for its best move, is below
%   resign_win_rate/1 (none: Monte Carlo did not run).
resign_rule(Game, FB, Lead, Rate) :-
    fb_size(FB, N),
    go_board(Game, Board),
    aggregate_all(count, ( member(Row, Board), member(S, Row), S \== "-" ), Stones),
    Stones * 2 >= N * N,
    Lead < -(N * N) / 4,
    (   Rate == none -> true ; resign_win_rate(Min), Rate < Min ).

                 /*******************************
                 *          CANDIDATES          *
                 *******************************/

%!  player_candidates(+Game, -FB, -Candidates) is det.
%
%   FB is the position of Game on a go_fastboard board; Candidates are the
%   points (indices of FB) worth a look for the player to move, each as
%   I-Value with its tactical value: go_candidates:player_candidates/4
%   with the default options.
player_candidates(Game, FB, Candidates) :-
    player_candidates(Game, [], FB, Candidates).

                 /*******************************
                 *           CHOOSING           *
                 *******************************/

%   mc_choice(+Search, +Game, +FB, +P, +Komi, +Candidates, +Budget,
%   +Options, -Ranked, -Rate): Ranked are the candidate points, Monte
%   Carlo's best first; Rate is the best one's win rate.  Budget is
%   search_budget/5's.  The candidates are weighed first, in this order,
%   by go_weighing (weighing.pl: its header explains each weight), and
%   each value so weighed becomes the prior the search starts the point
%   with (go_weighing:prior/4).
mc_choice(Search, Game, FB, P, Komi, Candidates0, Budget, Options, Ranked, Rate) :-
    fb_colour(P, X),
    stones_on_board(FB, Stones),
    last_index(Game, FB, Last),
    approached_chains(FB, X, Last, Approached),
    read_chains(FB, X, Options, Candidates0, CandidatesR),
    eye_groups(FB, X, Options, CandidatesR, CandidatesE),
    critical_groups(FB, X, Options, CandidatesE, Candidates1),
    maplist(answered(FB, X, Approached), Candidates1, Candidates),
    (   option(races(false), Options) -> Races = [] ; races(FB, X, Races) ),
    maplist(raced(FB, X, Races), Candidates, Raced),
    threatened_chains(FB, X, Threatened),
    maplist(rescued(FB, X, Threatened), Raced, Valued),
    maplist(prior(FB, Stones), Valued, Priors),
    (   Search == flat
    ->  Budget = [playouts(Playouts)],
        mc_search(FB, X, Komi, Priors, Playouts, Tried)
    ;   option(patterns(Patterns), Options, true),
        option(priors(How), Options, learned),
        option(replies(Replies), Options, true),
        option(twolibs(TwoLibs), Options, true),
        option(explore(C), Options, 0),
        option(nakade(Nakade), Options, false),
        append(Budget, [last(Last), patterns(Patterns), priors(How), replies(Replies),
                        twolibs(TwoLibs), nakade(Nakade), explore(C)], UctOptions),
        uct_search(FB, X, Komi, Priors, UctOptions, Tried)
    ),
    Tried = [_-_-Rate|_],
    findall(I, member(_-I-_, Tried), Ranked0),
    option(urgent(Urgent), Options, fixed),
    (   urgent(Raced, Tried, Urgent, U)
    ->  Ranked = [U|Ranked0]
    ;   Ranked = Ranked0
    ).

%   last_index(+Game, +FB, -Last): Last is the index on FB of the point of
%   the opponent's last move, 0 if the last action was not a move.
last_index(Game, FB, Last) :-
    Game = go(_, _, _, _, _, _, LastAction, _),
    (   LastAction = move(_, Pos) -> fb_index(FB, Pos, Last) ; Last = 0 ).

%   heuristic_choice(+FB, +Candidates, -Ranked): the candidates ordered by
%   tactical value plus place_bonus/3, plus a random tie-break.
heuristic_choice(FB, Candidates, Ranked) :-
    findall(Score-I,
            ( member(I-Value, Candidates),
              place_bonus(FB, I, Bonus),
              random(R),
              Score is Value + Bonus + R ),
            Scored),
    sort(0, @>=, Scored, Sorted),
    pairs_values(Sorted, Ranked).
