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
     children, the tactical values their priors, with
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
:- use_module(reading).
:- use_module(owl, [eye_points/4]).
:- use_module(owl_reading, [owl_critical/4, owl_kills/4]).

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
%   stones it saves or kills by go_reading's search (read_chains/5; chains
%   of two to four liberties that die if their owner does not move),
%   eyes(true) to add to a candidate that makes a weak group live or kills
%   one by its eye space a weight that urgent/4 plays unless the search
%   finds it clearly worse (eye_groups/5, go_owl), owl(true) to add such
%   a weight, and a point a stone, to the defence point of a critical
%   group of X's, read a few moves deep (critical_groups/5,
%   go_owl_reading:owl_critical/4), unless a chain of X's in atari can be saved
%   and the group is not short of liberties itself (pressing/3), and a
%   smaller weight, a prior, to the killing point of the opponent's
%   (go_owl_reading:owl_kills/4) and to the defence that does not press.
%   Random
%   choices use SWI's random state (go_machine_action/3 seeds it).
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
%   search_budget/5's.
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

%   read_chains(+FB, +X, +Options, +Candidates0, -Candidates): with
%   option reading(true), each candidate plus read_weight/1 points a
%   stone for the stones that X's move there saves or kills by reading
%   (go_reading:reading_points/4: chains of two to four liberties that
%   die if the side that owns them does not move); such a point that was
%   not a candidate (settled, or on the first two lines in the opening)
%   becomes one.  Else Candidates0.
read_chains(FB, X, Options, Candidates0, Candidates) :-
    (   option(reading(true), Options)
    ->  reading_points(FB, X, [], Points),
        read_weight(K),
        add_points(FB, X, K, Points, Candidates0, Candidates)
    ;   Candidates = Candidates0
    ).

read_weight(12).

%   eye_groups(+FB, +X, +Options, +Candidates0, -Candidates): with option
%   eyes(true), each candidate plus eye_weight/1 points if X's move there
%   makes a weak group live or kills one by its eye space
%   (go_owl:eye_points/4: a second eye, the vital point of a straight or
%   bent three, a block that keeps an eye on the edge; the same points of
%   the opponent's weak groups); such a point that was not a candidate
%   (settled, or on the first two lines in the opening) becomes one.
%   Else Candidates0.  The weight is one for the point, not one a stone
%   as read_chains/5's: eye_weight/1 is enough for urgent/4 to play the
%   point before the search's choice unless it finds it clearly worse,
%   and a capture or a rescue of two stones or more still goes first.
%   Weighed a stone (and before go_owl:eye_points/4 kept only the groups
%   the opponent can kill), the points of big groups (read one move deep,
%   with the opponent given every point next to its stones: often right,
%   often not urgent) went before every capture and rescue, and the
%   player found GNU Go's defences half as often (docs/go.md, *Measured*).
eye_groups(FB, X, Options, Candidates0, Candidates) :-
    (   option(eyes(true), Options)
    ->  eye_points(FB, X, [], Points0),
        findall(I-1, member(I-_, Points0), Points),   % one a point
        eye_weight(K),
        add_points(FB, X, K, Points, Candidates0, Candidates)
    ;   Candidates = Candidates0
    ).

eye_weight(12).

%   critical_groups(+FB, +X, +Options, +Candidates0, -Candidates): with
%   option owl(true), each candidate plus owl_weight/1 and a point a
%   stone (owl_stone_weight/1) if X's move there is the defence point of
%   a critical group of X's that presses (go_owl_reading:owl_critical/4: read a
%   few moves deep on the group's eye space; critical: it lives if X
%   moves first and dies if the opponent does; pressing/3), enough for
%   urgent/4 to play it unless the search finds it clearly worse, the
%   bigger group's first.  Plus owl_kill_weight/1, a better prior only,
%   if it is the defence point of a critical group that does not press,
%   or the killing point of a critical group of the opponent's
%   (go_owl_reading:owl_kills/4).  Played first, the killing points took the
%   place of the defence GNU Go wanted in 4 of 80 9x9 positions
%   (docs/go.md, *Measured*).  A point that was not a candidate becomes
%   one.  Option owl_stones(K) sets the weight a stone (default
%   owl_stone_weight/1).  Else Candidates0.
critical_groups(FB, X, Options, Candidates0, Candidates) :-
    (   option(owl(true), Options)
    ->  owl_critical(FB, X, [], Groups),
        owl_kills(FB, X, [], Kills),
        savable_ataris(FB, X, Ataris),
        partition(pressing(FB, Ataris), Groups, Pressing, Waiting),
        owl_weight(K0),
        owl_stone_weight(KS0),
        option(owl_stones(KS), Options, KS0),
        owl_kill_weight(KK),
        findall(D-N,
                ( member(critical(Stones, D, _), Pressing), length(Stones, N) ),
                Defences0),
        msort(Defences0, Defences1),
        sum_values(Defences1, Defences),             % one a point, the stones summed
        findall(D-V, ( member(D-N, Defences), V is K0 + KS * N ), Saves),
        findall(D, member(critical(_, D, _), Waiting), Waits),
        findall(I, member(I-_, Kills), Killing),
        append(Waits, Killing, Priors0),
        findall(I-KK, ( member(I, Priors0), \+ memberchk(I-_, Saves) ), Priors1),
        sort(Priors1, Priors),
        append(Saves, Priors, Points),
        add_points(FB, X, 1, Points, Candidates0, Candidates)
    ;   Candidates = Candidates0
    ).

%   sum_values(+Pairs, -Summed): the I-N pairs, sorted by I, one a
%   point, its numbers summed.
sum_values([], []).
sum_values([I-A, I-B|Ps], Summed) :-
    !,
    C is A + B,
    sum_values([I-C|Ps], Summed).
sum_values([P|Ps], [P|Summed]) :-
    sum_values(Ps, Summed).

%!  pressing(+FB, +Ataris, +Group) is semidet.
%
%   The critical Group of X's (critical(Stones, D, K) of
%   go_owl_reading:owl_critical/4) is urgent now, its defence point worth
%   playing before the search's choice: a chain of its stones has two
%   liberties or fewer (it is in danger now, whatever else is on the
%   board), or X has no chain in atari that it can save (Ataris of
%   savable_ataris/3 is []).  A rescue is sure, a reading three moves
%   deep is not: in a 13x13 game (docs/go.md, *Measured*) a group of
%   seven stones, no chain of it short of liberties, was read critical
%   at every move for 14 plies while neither side played there, and its
%   defence point went before D1, the capture that saves four stones in
%   atari (go.plt, unit go_owl, owl_the_rescue_before_the_reading).
pressing(FB, _, critical(Stones, _, _)) :-
    member(S, Stones),
    fb_liberties(FB, S, 3, Libs),
    Libs \= [_, _, _],
    !.
pressing(_, [], _).

%!  savable_ataris(+FB, +X, -Chains) is det.
%
%   Chains are X's chains of two stones or more in atari that X, to
%   move, can save (go_tactics:escapes/4: a capture, or an extension the
%   opponent cannot ladder), each as a stone of it.
savable_ataris(FB, X, Chains) :-
    fb_points(FB, Is),
    findall(R,
            ( member(S, Is),
              fb_cell(FB, S, X),
              fb_chain(FB, S, [R, _|_]),
              R =:= S,                          % once a chain: its first stone
              fb_liberties(FB, S, 2, [_]),
              escapes(FB, X, S, 8) ),           % go_tactics' ladder depth
            Chains).

owl_weight(12).
owl_stone_weight(1).
owl_kill_weight(6).

%   add_points(+FB, +X, +K, +Points, +Candidates0, -Candidates): each
%   candidate I-Value0 of Candidates0 plus K times the stones of I-Stones
%   in Points, and each point of Points that was not a candidate added,
%   its value go_tactics:move_value/4 plus K times its stones.
add_points(FB, X, K, Points, Candidates0, Candidates) :-
    findall(I-Value,
            ( member(I-Value0, Candidates0),
              ( memberchk(I-Stones, Points) -> true ; Stones = 0 ),
              Value is Value0 + K * Stones ),
            Kept),
    findall(I-Value,
            ( member(I-Stones, Points),
              \+ memberchk(I-_, Candidates0),
              move_value(FB, X, I, Value0),
              Value is Value0 + K * Stones ),
            Added),
    append(Kept, Added, Candidates).

%!  approached_chains(+FB, +X, +Last, -Chains) is det.
%
%   On boards from 13x13, where a few hundred random games cannot see a
%   fight, Chains are X's chains that the opponent's last move Last
%   touches and that it left with two liberties: *approached*, one more
%   move puts them in atari.  Each is S-Size, a stone of the chain and
%   its stones.  [] on smaller boards, where the search reads it.
approached_chains(FB, X, Last, Chains) :-
    fb_size(FB, N),
    (   N >= 13, Last > 0
    ->  fb_neighbours(FB, Last, Js),
        findall(R-S-Size,
                ( member(S, Js), fb_cell(FB, S, X),
                  fb_liberties(FB, S, 3, [_, _]),
                  fb_chain(FB, S, Stones), Stones = [R|_],
                  length(Stones, Size) ),
                Found),
        sort(1, @<, Found, Chains0),                % one entry a chain
        findall(S-Size, member(_-S-Size, Chains0), Chains)
    ;   Chains = []
    ).

%   answered(+FB, +X, +Approached, +I-Value0, -I-Value): Value0 plus, when
%   X's stone on I gives an approached chain three liberties or more (it
%   extends, or captures a neighbour), approach_weight/1 and the
%   liberties it then has: a local answer weighs as much as a rescue, so
%   urgent/4 plays it unless the search finds it clearly worse, and the
%   answer that gains most liberties goes first.
answered(_, _, [], Candidate, Candidate) :- !.
answered(FB, X, Approached, I-Value0, I-Value) :-
    (   fb_legal(FB, X, I),
        findall(Libs,
                ( fb_play(FB, X, I, _),
                  member(S-_, Approached),
                  fb_cell(FB, S, X),
                  fb_liberties(FB, S, 9, Ls), length(Ls, Libs),
                  Libs >= 3 ),
                Gains),
        max_list(Gains, Most)
    ->  approach_weight(W),
        Value is Value0 + W + Most
    ;   Value = Value0
    ).

approach_weight(12).

%   rescued(+FB, +X, +Threatened, +I-Value0, -I-Value): Value0 plus what
%   the move does for X's Threatened chains (go_tactics:rescue_value/5).
rescued(FB, X, Threatened, I-Value0, I-Value) :-
    rescue_value(FB, X, Threatened, I, Rescue),
    Value is Value0 + Rescue.

%   raced(+FB, +X, +Races, +I-Value0, -I-Value): Value0 plus what the move
%   does for the capturing races X loses if the opponent moves first
%   (go_tactics:race_value/5).
raced(FB, X, Races, I-Value0, I-Value) :-
    race_value(FB, X, Races, I, Race),
    Value is Value0 + Race.

%   last_index(+Game, +FB, -Last): Last is the index on FB of the point of
%   the opponent's last move, 0 if the last action was not a move.
last_index(Game, FB, Last) :-
    Game = go(_, _, _, _, _, _, LastAction, _),
    (   LastAction = move(_, Pos) -> fb_index(FB, Pos, Last) ; Last = 0 ).

%   prior(+FB, +Stones, +I-Value, -I-Prior): the win rate a candidate
%   starts with: one half, more for a good tactical value, less for a
%   point on the first two lines while the board is still open.  From
%   13x13 up, where a few hundred random games say little about the
%   whole board, the place bonus of place_bonus/3 too: the corners
%   first, then the sides.
prior(FB, Stones, I-Value, I-Prior) :-
    line(FB, I, Line),
    fb_size(FB, N),
    (   Stones * 4 < N * N, Line =< 2 -> Edge = -0.1 ; Edge = 0 ),
    (   N >= 13 -> place_bonus(FB, I, Bonus) ; Bonus = 0 ),
    Prior is max(0.05, min(0.95, 0.5 + (Value + Bonus) / 60 + Edge)).

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

%   place_bonus(+FB, +I, -Bonus): where a stone is worth most when tactics
%   say nothing: a corner point (the 3-3, 3-4 and 4-4 points) of an empty
%   corner, then a point on the third or fourth line far from every stone
%   (an extension along a side), then a point near the stones; the first
%   two lines are poor while the board is open.
place_bonus(FB, I, Bonus) :-
    line(FB, I, Line),
    fb_index(FB, [R, C], I),
    fb_size(FB, N),
    (   corner_point(N, R, C), nearest_stone(FB, I, D), D >= 5
    ->  Bonus = 30
    ;   memberchk(Line, [3, 4]), nearest_stone(FB, I, D), D >= 4
    ->  Bonus = 15
    ;   Line =< 2, nearest_stone(FB, I, D), D >= 3
    ->  Bonus = -10
    ;   nearest_stone(FB, I, D), D =< 2
    ->  Bonus is 6 - D
    ;   Bonus = 0
    ).

%   corner_point(+N, +R, +C): [R, C] is a 3-3, 3-4, 4-3 or 4-4 point of a
%   corner (lines counted from each edge).
corner_point(N, R, C) :-
    N >= 13,
    LR is min(R, N - 1 - R) + 1,
    LC is min(C, N - 1 - C) + 1,
    memberchk(LR, [3, 4]),
    memberchk(LC, [3, 4]).

%   nearest_stone(+FB, +I, -D): D is the distance (the larger of the row
%   and column distances) from I to the nearest stone, 9 at most.
nearest_stone(FB, I, D) :-
    fb_index(FB, [R, C], I),
    fb_points(FB, Is),
    foldl(closer(FB, R, C), Is, 9, D).

closer(FB, R, C, J, D0, D) :-
    (   fb_cell(FB, J, S), S > 0
    ->  fb_index(FB, [R1, C1], J),
        D is min(D0, max(abs(R - R1), abs(C - C1)))
    ;   D = D0
    ).
