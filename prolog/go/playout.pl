:- module(go_playout,
          [ policy_game/6,           % +FB, +X, +Last, +Ply0, +MaxPly, +First
            policy_game/7,           % +FB, +X, +Last, +Ply0, +MaxPly, +First, +Patterns
            policy_game/9,           % +FB, +X, +Last, +Ply0, +MaxPly, +First, +Patterns, +Replies, -Moves
            policy_game/10,          % ..., +Replies, +TwoLibs, -Moves
            policy_game/11,          % ..., +Replies, +TwoLibs, +Nakade, -Moves
            new_replies/2,           % +Arity, -Replies
            learn_replies/4,         % +Replies, +Before, +Moves, +Winner
            policy_move/5,           % +FB, +X, +Last, +Last2, -I
            policy_move/6,           % +FB, +X, +Last, +Last2, +Rules, -I
            pattern_move/3,          % +FB, +I, -Pattern
            pattern_point/2,         % +FB, +I
            pattern_code/3,          % +FB, +I, -Code
            code_table/4,            % +Key, :Goal, +Default, -Table
            pattern_name/1           % ?Name
          ]).

/** <module> Go: the random games of the tree search (the playout policy)

Start reading at prolog/go.pl (the entry module).  A tree search such as
UCT judges a position by the games that follow it: after the moves of the
tree, both sides play quick moves to the end of the game (a *playout*),
and the end is counted.  Purely random moves judge badly: a player who
leaves its chain in atari, or does not take a chain in atari, would lose
any game, and random games ignore it half of the time.  MoGo (Gelly,
Wang, Munos and Teytaud, "Modification of UCT with patterns in
Monte-Carlo Go", 2006) made its playouts *local* and *sensible*; Fuego's
default policy is the same idea.  Here, each move, the side to move X
takes the first rule that gives a move:

  1. **Atari around the last move.**  If the opponent's last stone is in
     atari, X takes it.  Else, if that stone put a chain of X's in atari,
     X saves it: by taking an opponent chain in atari that touches it, or
     by extending on its liberty when the chain then has two liberties at
     least (not a self-atari: fb_self_atari/3).
  1a. **Nakade** (off by default; nakade(true) or nakade(full) of the
     search turns it on).  A group's *eye space* is a small region enclosed by its
     stones (and the edge): three to six points, empty or holding the
     opponent's stones.  Some shapes of it make two eyes or one
     depending on who plays its *vital point* first: the middle of a
     straight or bent three, the centre of a pyramid four, of a bulky
     five, of a crossed five and of a rabbity six (nakade_point/4).
     Random games settle them by chance, so a group that lives if its
     owner moves first is counted dead as often as alive.  If the last
     move was played inside such an eye space of X's, or next to one of
     the opponent's, X plays its vital point (X's own: not a
     self-atari; the opponent's: a self-atari too, since the stones
     taken leave a dead shape).  This is the nakade heuristic of
     Fuego's and Pachi's playouts, in prolog/go/nakade.pl.
  1b. **The last good reply.**  The search (go_uct) keeps, for each
     colour and each point, the move of that colour that last answered a
     move on that point in a simulation it won (new_replies/2,
     learn_replies/4); a reply of the loser's is forgotten.  If X has a
     reply to the last move and may still play it (an empty point, not its
     eye, no self-atari), X plays it.  This is Baier and Drake's "last
     good reply with forgetting" (2010): the random games learn, within
     one search, the answers that work in this position.
  1c. **Two liberties** (on by default; twolibs(false) of the search
     turns it off).  If the
     last move left a chain of X's of two stones or more with two
     liberties, X gives it a third: one of the two where its stone has
     two empty neighbours besides the other (the defence of Pachi's and
     Fuego's playouts against a chain being chased into atari).
  2. **Patterns.**  Among the eight points around the last move, the
     empty ones whose 3x3 neighbourhood is one of MoGo's shapes (a hane,
     a cut, a few shapes on the edge: pattern_name/1) and where X may
     play without self-atari; one of them at random.  The neighbourhood
     is read as a number (2 bits for each of the eight points: empty,
     black, white, off the board) and looked up in a table made once:
     a term of 65536 arguments, one per number (see pattern_move/3).
  3. **A capture.**  A chain of the opponent's next to X's own previous
     stone and still in atari (X's attack that the opponent left alone).
  4. **A random move** (fb_random_move/3's scan of the empty points)
     that is legal, does not fill one of X's eyes (fb_eye/3), and does
     not put a chain of two stones or more in atari (a lone stone may:
     throw-ins kill eyes); with nakade(full) of the search (rule 1a as
     well), nor fills an empty eye space of X's of three to six points
     but at its vital point (own_space/5): a random fill would leave a
     shape of one eye, which rule 1a then kills.  X passes when there is
     none.

Two passes in a row end the game, which is counted by area (fb_area/2).
The board is go_fastboard's, changed in place: the caller runs a playout
inside \+ \+ and finds the board as it was.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(option)).
:- use_module(board).
:- use_module(fastboard).
:- use_module(nakade).          % rule 1a, and rule 4's eye spaces

:- set_prolog_flag(optimise, true).   % arithmetic compiled inline, as in board.pl

:- meta_predicate code_table(+, 1, +, -).

%!  policy_game(+FB, +X, +Last, +Ply0, +MaxPly, +First) is det.
%
%   X (1 black, 2 white) to move on FB (changed in place with setarg/3:
%   the caller wraps the call and what follows in \+ \+ ); Last is the
%   index of the previous move (0: none or a pass).  Plays both sides by
%   the policy of the module header until two passes in a row, or until
%   ply MaxPly is played: the first move (or pass) played is ply Ply0, the
%   next Ply0 + 1, and so on.  First has one argument per index of FB
%   (functor(First, first, Size), Size the arity of FB's cells term); for
%   each point played whose argument is still unbound, it binds it to
%   X-Ply, the colour and the ply of the first stone there.  A game on
%   the 2x2 board, which Black wins with the whole board:
%
%   ?- set_random(seed(1)), board_rows(_B, ["--", "--"]), fb_new(_B, _FB),
%      arg(1, _FB, _C), functor(_C, _, _S), functor(_F, first, _S),
%      policy_game(_FB, 1, 0, 1, 100, _F), fb_area(_FB, A).
%   A = 4.
policy_game(FB, X, Last, Ply0, MaxPly, First) :-
    policy_game(FB, X, Last, Ply0, MaxPly, First, true).

%!  policy_game(+FB, +X, +Last, +Ply0, +MaxPly, +First, +Patterns) is det.
%
%   As policy_game/6; with Patterns false, rule 2 (the patterns) is
%   skipped: a lighter, quicker random game.
policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns) :-
    policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns, none, _).

%!  policy_game(+FB, +X, +Last, +Ply0, +MaxPly, +First, +Patterns, +Replies, -Moves) is det.
%
%   As policy_game/7, with the last good replies: Replies is none, or a
%   table of new_replies/2 that the policy consults after rule 1 (see
%   the module header).  Moves are the moves played, the last first,
%   each X-I (I 0 for a pass): learn_replies/4 learns from them once the
%   game is counted.
policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns, Replies, Moves) :-
    policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns, Replies, false, Moves).

%!  policy_game(+FB, +X, +Last, +Ply0, +MaxPly, +First, +Patterns, +Replies, +TwoLibs, -Moves) is det.
%
%   As policy_game/9; with TwoLibs true, rule 1c (a chain of two
%   liberties next to the last move is given a third) comes after the
%   last good reply.
policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns, Replies, TwoLibs, Moves) :-
    policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns, Replies, TwoLibs, false, Moves).

%!  policy_game(+FB, +X, +Last, +Ply0, +MaxPly, +First, +Patterns, +Replies, +TwoLibs, +Nakade, -Moves) is det.
%
%   As policy_game/10; with Nakade true, rule 1a (the vital point of a
%   small eye space at the last move) comes after rule 1; with Nakade
%   full, rule 4 also leaves X's own empty eye spaces whole but their
%   vital points (false: neither).
policy_game(FB, X, Last, Ply0, MaxPly, First, Patterns, Replies, TwoLibs, Nakade, Moves) :-
    (   Patterns == false -> Table = none ; pattern_table(Table) ),
    game(FB, X, Last, 0, 0, Ply0, MaxPly, First, t(Table, Replies, TwoLibs, Nakade), [], Moves).

%   game(+FB, +X, +Last, +Last2, +Passes, +Ply, +MaxPly, +First, +Tables,
%   +Moves0, -Moves): Last the opponent's last move, Last2 X's own before
%   it (0: a pass); Moves0 the moves so far, the last first.
game(FB, X, Last, Last2, Passes, Ply, MaxPly, First, Tables, Moves0, Moves) :-
    (   Passes >= 2 -> Moves = Moves0
    ;   Ply > MaxPly -> Moves = Moves0
    ;   Y is 3 - X,
        Ply1 is Ply + 1,
        (   choose(FB, X, Last, Last2, Tables, I)
        ->  fb_play(FB, X, I, _),
            arg(I, First, F),
            ( var(F) -> F = X-Ply ; true ),
            game(FB, Y, I, Last, 0, Ply1, MaxPly, First, Tables, [X-I|Moves0], Moves)
        ;   arg(4, FB, State),
            setarg(2, State, 0),
            Passes1 is Passes + 1,
            game(FB, Y, 0, Last, Passes1, Ply1, MaxPly, First, Tables, [X-0|Moves0], Moves)
        )
    ).

%!  policy_move(+FB, +X, +Last, +Last2, -I) is semidet.
%
%   I is the move of the policy (module header) for X on FB, Last the
%   opponent's last move and Last2 X's own before it (0 for none or a
%   pass); fails when X passes.  Random among equals: seed with
%   set_random/1 to repeat.
policy_move(FB, X, Last, Last2, I) :-
    policy_move(FB, X, Last, Last2, [], I).

%!  policy_move(+FB, +X, +Last, +Last2, +Rules, -I) is semidet.
%
%   As policy_move/5, with the rules that are options of the search
%   turned on or off by Rules: twolibs(Bool) (rule 1c) and nakade(N)
%   (rule 1a, and with N full the eye spaces kept by rule 4), both
%   false by default here.
policy_move(FB, X, Last, Last2, Rules, I) :-
    option(twolibs(TwoLibs), Rules, false),
    option(nakade(Nakade), Rules, false),
    pattern_table(Table),
    choose(FB, X, Last, Last2, t(Table, none, TwoLibs, Nakade), I).

choose(FB, X, Last, Last2, t(Table, Replies, TwoLibs, Nakade), I) :-
    (   Last > 0, atari_reply(FB, X, Last, I0) -> I = I0
    ;   Last > 0, Nakade \== false, nakade_reply(FB, X, Last, I0) -> I = I0
    ;   Last > 0, Replies \== none, good_reply(Replies, FB, X, Last, I0) -> I = I0
    ;   Last > 0, TwoLibs == true, two_liberty_reply(FB, X, Last, I0) -> I = I0
    ;   Last > 0, Table \== none, pattern_reply(FB, X, Last, Table, I0) -> I = I0
    ;   Last2 > 0, fb_cell(FB, Last2, X), capture_next_to(FB, X, Last2, I0) -> I = I0
    ;   random_move(FB, X, Nakade, I)
    ).

                 /*******************************
                 *     1. ATARI, LAST MOVE      *
                 *******************************/

%   atari_reply(+FB, +X, +Last, -I): take the chain of the stone Last if
%   it is in atari (the opponent's stones next to Last are all of its
%   chain), else save a chain of X's next to Last that is in atari.
atari_reply(FB, X, Last, I) :-
    (   fb_atari(FB, Last, L), fb_legal(FB, X, L)
    ->  I = L
    ;   FB = fb(Cells, _, _, _, W, _, _, _),
        N is Last - W, S is Last + W, E is Last + 1, Wst is Last - 1,
        weak(N, Cells, X, FB, [], Ws1),
        weak(S, Cells, X, FB, Ws1, Ws2),
        weak(E, Cells, X, FB, Ws2, Ws3),
        weak(Wst, Cells, X, FB, Ws3, Ws),
        Ws \== []
    ->  findall(M, ( member(J-L, Ws), saving_move(FB, X, J, L, M) ), Ms),
        Ms \== [],
        random_member(I, Ms)
    ).

%   two_liberty_reply(+FB, +X, +Last, -I): a chain of X's of two stones or
%   more next to the last move Last has two liberties (one more move puts
%   it in atari); I is one of them where X's stone has two empty
%   neighbours besides the chain's other liberty, so the chain gets three
%   liberties at least, and is not a self-atari.
two_liberty_reply(FB, X, Last, I) :-
    FB = fb(Cells, _, _, _, W, _, _, ch(Root, _, _, Size, _)),
    N is Last - W, S is Last + W, E is Last + 1, Wst is Last - 1,
    member(J, [N, S, E, Wst]),
    arg(J, Cells, X),
    arg(J, Root, R), arg(R, Size, K), K >= 2,
    \+ fb_atari(FB, J, _),
    fb_liberties(FB, J, 3, [A, B]),
    (   random(2) =:= 0 -> member(L-O, [A-B, B-A]) ; member(L-O, [B-A, A-B]) ),
    new_liberties(L, O, Cells, W, 0, New),
    New >= 2,
    fb_legal(FB, X, L),
    !,
    I = L.

%   new_liberties(+L, +O, +Cells, +W, +K0, -K): K0 plus the empty
%   neighbours of L other than O.
new_liberties(L, O, Cells, W, K0, K) :-
    N is L - W, S is L + W, E is L + 1, Wst is L - 1,
    empty_other(N, O, Cells, K0, K1),
    empty_other(S, O, Cells, K1, K2),
    empty_other(E, O, Cells, K2, K3),
    empty_other(Wst, O, Cells, K3, K).

empty_other(J, O, Cells, K0, K) :-
    (   J =\= O, arg(J, Cells, 0) -> K is K0 + 1 ; K = K0 ).

%   weak(+J, +Cells, +X, +FB, +Ws0, -Ws): J-L added to Ws0 when J holds
%   a stone of X's whose chain is in atari on L.
weak(J, Cells, X, FB, Ws0, Ws) :-
    (   arg(J, Cells, X), fb_atari(FB, J, L) -> Ws = [J-L|Ws0] ; Ws = Ws0 ).

%   saving_move(+FB, +X, +J, +L, -M): X's chain of J, in atari on L, is
%   saved by M: taking a chain in atari that touches it (a walk round the
%   ring of its stones), or extending on L to two liberties at least.
saving_move(FB, X, J, _, M) :-
    FB = fb(_, _, _, _, _, _, _, ch(Root, _, Next, _, _)),
    arg(J, Root, R),
    ring_capture(R, R, Next, FB, X, M).
saving_move(FB, X, _, L, L) :-
    fb_legal(FB, X, L),
    \+ fb_self_atari(FB, X, L).

ring_capture(S, R, Next, FB, X, M) :-
    (   capture_next_to(FB, X, S, M)
    ;   arg(S, Next, S1),
        S1 =\= R,
        ring_capture(S1, R, Next, FB, X, M)
    ).

%   capture_next_to(+FB, +X, +S, -M): a chain of the opponent next to the
%   point S is in atari, and X may take it on M.
capture_next_to(FB, X, S, M) :-
    Y is 3 - X,
    FB = fb(Cells, _, _, _, W, _, _, _),
    N is S - W, Sth is S + W, E is S + 1, Wst is S - 1,
    (   takeable(N, Cells, Y, FB, X, M0) -> M = M0
    ;   takeable(Sth, Cells, Y, FB, X, M0) -> M = M0
    ;   takeable(E, Cells, Y, FB, X, M0) -> M = M0
    ;   takeable(Wst, Cells, Y, FB, X, M)
    ).

takeable(J, Cells, Y, FB, X, M) :-
    arg(J, Cells, Y),
    fb_atari(FB, J, M),
    fb_legal(FB, X, M).

                 /*******************************
                 *     LAST GOOD REPLIES        *
                 *******************************/

%!  new_replies(+Arity, -Replies) is det.
%
%   Replies is an empty table of last good replies for a board whose
%   cells term has Arity arguments: for each colour and each point, the
%   point of the reply that last won a game (0: none).
new_replies(Arity, r(Arity, Table)) :-
    N is 2 * Arity,
    functor(Table, replies, N),
    forall(between(1, N, K), nb_setarg(K, Table, 0)).

%   good_reply(+Replies, +FB, +X, +Last, -I): the last good reply of X to
%   a move on Last, if X may still play it (an empty point, not its eye,
%   not a self-atari).
good_reply(r(Arity, Table), FB, X, Last, I) :-
    K is (X - 1) * Arity + Last,
    arg(K, Table, I),
    I > 0,
    fb_cell(FB, I, 0),
    fb_legal(FB, X, I),
    \+ fb_eye(FB, X, I),
    \+ fb_self_atari(FB, X, I).

%!  learn_replies(+Replies, +Before, +Moves, +Winner) is det.
%
%   Moves (the last first, each X-I, I 0 for a pass) were played after
%   the move Before (an index, 0 for none); Winner (1 or 2) won the game.
%   Each move of the winner becomes its reply to the move before it; a
%   reply of the loser that was stored is forgotten (Baier and Drake's
%   "last good reply with forgetting", 2010).  Changed with nb_setarg/3:
%   it stays after the game is undone.
learn_replies(none, _, _, _) :- !.
learn_replies(r(Arity, Table), Before, Moves, Winner) :-
    learn(Moves, Before, Arity, Table, Winner).

learn([], _, _, _, _).
learn([X-I|Moves], Before, Arity, Table, Winner) :-
    (   Moves = [_-P|_] -> true ; P = Before ),
    (   I > 0, P > 0
    ->  K is (X - 1) * Arity + P,
        (   X =:= Winner
        ->  nb_setarg(K, Table, I)
        ;   arg(K, Table, I)
        ->  nb_setarg(K, Table, 0)
        ;   true
        )
    ;   true
    ),
    learn(Moves, Before, Arity, Table, Winner).

                 /*******************************
                 *         2. PATTERNS          *
                 *******************************/

%   pattern_reply(+FB, +X, +Last, +Table, -I): one at random of the empty
%   points around Last that match a pattern and where X may play without
%   self-atari.
pattern_reply(FB, X, Last, Table, I) :-
    FB = fb(Cells, _, _, _, W, _, _, _),
    N is Last - W, S is Last + W,
    A is N - 1, B is N + 1, C is Last - 1, D is Last + 1, E is S - 1, F is S + 1,
    matching(A, Cells, W, Table, [], M1),
    matching(N, Cells, W, Table, M1, M2),
    matching(B, Cells, W, Table, M2, M3),
    matching(C, Cells, W, Table, M3, M4),
    matching(D, Cells, W, Table, M4, M5),
    matching(E, Cells, W, Table, M5, M6),
    matching(S, Cells, W, Table, M6, M7),
    matching(F, Cells, W, Table, M7, Ms),
    pick(Ms, FB, X, I).

%   pick(+Ms, +FB, +X, -I): I is one of the points Ms taken at random
%   where X may play without self-atari (each is tried at most once, so
%   only the one played is usually read).
pick(Ms, FB, X, I) :-
    Ms \== [],
    random_select(M, Ms, Rest),
    (   fb_legal(FB, X, M), \+ fb_self_atari(FB, X, M)
    ->  I = M
    ;   pick(Rest, FB, X, I)
    ).

matching(P, Cells, W, Table, Ms0, Ms) :-
    (   arg(P, Cells, 0),
        code(P, Cells, W, Code),
        K is Code + 1,
        arg(K, Table, 1)
    ->  Ms = [P|Ms0]
    ;   Ms = Ms0
    ).

%   code(+P, +Cells, +W, -Code): the eight points around P, row by row
%   (NW N NE W E SW S SE), two bits each (0 empty, 1 black, 2 white, 3
%   off the board), the first lowest.  The frame of the board (go_board's
%   flat_board/3) ends with the row below the last point, so the point
%   below and right of the last point is past the cells: off the board.
code(P, Cells, W, Code) :-
    N is P - W, S is P + W,
    A is N - 1, B is N + 1, C is P - 1, D is P + 1, E is S - 1, F is S + 1,
    arg(A, Cells, CA), arg(N, Cells, CN), arg(B, Cells, CB),
    arg(C, Cells, CC), arg(D, Cells, CD),
    arg(E, Cells, CE), arg(S, Cells, CS),
    (   arg(F, Cells, CF0) -> CF = CF0 ; CF = 3 ),   % past the frame's last cell
    Code is CA + (CN << 2) + (CB << 4) + (CC << 6) + (CD << 8) + (CE << 10) + (CS << 12) + (CF << 14).

%!  pattern_point(+FB, +I) is semidet.
%
%   The 3x3 neighbourhood of the empty point I of FB is one of the
%   patterns (as pattern_move/3, read in the table: no name).
pattern_point(FB, I) :-
    FB = fb(Cells, _, _, _, W, _, _, _),
    arg(I, Cells, 0),
    pattern_table(Table),
    code(I, Cells, W, Code),
    K is Code + 1,
    arg(K, Table, 1).

%!  pattern_code(+FB, +I, -Code) is det.
%
%   Code is the number of the 3x3 neighbourhood of the point I of FB
%   (code/4: two bits for each of the eight points around I, row by row,
%   the first lowest: 0 empty, 1 black, 2 white, 3 off the board).
pattern_code(FB, I, Code) :-
    FB = fb(Cells, _, _, _, W, _, _, _),
    code(I, Cells, W, Code).

%!  pattern_move(+FB, +I, -Pattern) is semidet.
%
%   The 3x3 neighbourhood of the empty point I of FB is the shape of
%   MoGo's pattern named Pattern (pattern_name/1), turned, mirrored or
%   with the colours swapped.  Black's [2, 1] touches White's [2, 2]:
%   [1, 2] is a hane for Black (and for White, [1, 1]):
%
%   ?- board_rows(_B, ["-----", "-----", "-bw--", "-----", "-----"]),
%      fb_new(_B, _FB), fb_index(_FB, [1, 2], _I), pattern_move(_FB, _I, P).
%   P = hane_non_cutting.
pattern_move(FB, I, Name) :-
    FB = fb(Cells, _, _, _, W, _, _, _),
    arg(I, Cells, 0),
    code(I, Cells, W, Code),
    pattern(Name, Rows),
    variant(Rows, Rows1),
    code_of(Rows1, Code),
    !.

%!  pattern_name(?Name) is nondet.
%
%   Name is one of the patterns, in the order they are tried by
%   pattern_move/3.
pattern_name(Name) :-
    pattern(Name, _).

%   pattern(Name, Rows): MoGo's patterns as michi (Petr Baudis) writes
%   them; the move is the middle point.  X and O are the two colours
%   (either way round), x is "not X" (empty, O or off the board), o is
%   "not O", ? anything, . empty, a space off the board.
pattern(hane_enclosing,     ["XOX", "...", "???"]).
pattern(hane_non_cutting,   ["XO.", "...", "?.?"]).
pattern(hane_magari,        ["XO?", "X..", "x.?"]).
pattern(katatsuke,          [".O.", "X..", "..."]).
pattern(cut_unprotected,    ["XO?", "O.o", "?o?"]).
pattern(cut_peeped,         ["XO?", "O.X", "???"]).
pattern(cut_de,             ["?X?", "O.O", "ooo"]).
pattern(cut_keima,          ["OX?", "o.O", "???"]).
pattern(edge_chase,         ["X.?", "O.?", "   "]).
pattern(edge_block_cut,     ["OX?", "X.O", "   "]).
pattern(edge_block_connect, ["?X?", "x.O", "   "]).
pattern(edge_sagari,        ["?XO", "x.x", "   "]).
pattern(edge_cut,           ["?OX", "X.O", "   "]).

%   variant(+Rows, -Rows1): Rows turned (four ways), mirrored or not,
%   colours swapped or not: up to 16 variants.
variant(Rows, Rows2) :-
    maplist(string_chars, Rows, Grid0),
    (   Grid1 = Grid0 ; rotate(Grid0, Grid1) ),
    (   Grid2 = Grid1 ; reverse(Grid1, Grid2) ),
    (   Grid3 = Grid2 ; maplist(reverse, Grid2, Grid3) ),
    (   Grid = Grid3 ; maplist(maplist(swap), Grid3, Grid) ),
    maplist(string_chars, Rows2, Grid).

rotate([[A, B, C], [D, E, F], [G, H, I]], [[G, D, A], [H, E, B], [I, F, C]]).

swap('X', 'O') :- !.
swap('O', 'X') :- !.
swap(x, o) :- !.
swap(o, x) :- !.
swap(C, C).

%   code_of(+Rows, ?Code): Code (code/4) is a neighbourhood the pattern
%   Rows matches (on backtracking, all of them when Code is unbound).
code_of(Rows, Code) :-
    maplist(string_chars, Rows, [[A, B, C], [D, '.', E], [F, G, H]]),
    foldl(cell_bits, [A, B, C, D, E, F, G, H], 0-0, Code-_).

cell_bits(Char, C0-K, C-K1) :-
    cell(Char, V),
    C is C0 + (V << K),
    K1 is K + 2.

cell('.', 0).
cell('X', 1).
cell('O', 2).
cell(' ', 3).
cell(x, V) :- member(V, [0, 2, 3]).
cell(o, V) :- member(V, [0, 1, 3]).
cell(?, V) :- member(V, [0, 1, 2, 3]).

%   pattern_table(-Table): Table has 65536 arguments, 1 where code/4's
%   number is a pattern's and 0 elsewhere (code_table/4).
pattern_table(Table) :-
    code_table(go_playout_patterns, pattern_marks, 0, Table).

pattern_marks(Marks) :-
    findall(Code-1, ( pattern(_, Rows), variant(Rows, Rows1), code_of(Rows1, Code) ), Marks0),
    sort(Marks0, Marks).

%!  code_table(+Key, :Goal, +Default, -Table) is det.
%
%   Table is a term of 65536 arguments, one for each number of code/4
%   (argument Code + 1): Value for each Code-Value of the list that
%   call(Goal, Pairs) gives (sorted, one pair a code), Default for the
%   others.  Made once for each thread and kept in the global variable
%   Key (read without a copy): the patterns here, the learned gammas of
%   go_prior.
code_table(Key, Goal, Default, Table) :-
    (   nb_current(Key, Table0)
    ->  Table = Table0
    ;   call(Goal, Pairs),
        numlist(0, 65535, All),
        table_args(All, Pairs, Default, Args),
        Table0 =.. [table|Args],
        nb_setval(Key, Table0),
        nb_getval(Key, Table)
    ).

table_args([], _, _, []).
table_args([K|Ks], Pairs, Default, [V|Vs]) :-
    (   Pairs = [K-V0|Pairs1] -> V = V0 ; V = Default, Pairs1 = Pairs ),
    table_args(Ks, Pairs1, Default, Vs).

                 /*******************************
                 *       4. RANDOM MOVES        *
                 *******************************/

%   random_move(+FB, +X, +Nakade, -I): as fb_random_move/3, also skipping
%   the points where X's stone would join a chain of X's and leave it in
%   atari (but inside an eye space of the opponent's, with Nakade full:
%   their_space/3); with Nakade full, also the points of an empty eye
%   space of X's but its vital point (own_space/5: filling it would leave
%   one eye).
random_move(FB, X, Nakade, I) :-
    FB = fb(Cells, Empties, _, s(Count, _), W, _, _, _),
    Count > 0,
    K0 is random(Count) + 1,
    (   Nakade == full -> Own = true ; Own = false ),
    scan(Count, K0, Count, FB, Cells, W, Empties, X, Own, I).

scan(Left, K, Count, FB, Cells, W, Empties, X, Own, I) :-
    Left > 0,
    arg(K, Empties, J),
    (   \+ fb_eye(FB, X, J),
        fb_legal(FB, X, J),
        \+ ( joins(J, Cells, W, X), fb_self_atari(FB, X, J),
             \+ ( Own == true, their_space(J, FB, X) ) ),
        \+ ( Own == true, own_space(J, FB, Cells, W, X) )
    ->  I = J
    ;   Left1 is Left - 1,
        (   K =:= Count -> K1 = 1 ; K1 is K + 1 ),
        scan(Left1, K1, Count, FB, Cells, W, Empties, X, Own, I)
    ).

%   joins(+J, +Cells, +W, +X): a stone of X's is next to J.
joins(J, Cells, W, X) :-
    N is J - W, S is J + W, E is J + 1, Wst is J - 1,
    (   arg(N, Cells, X) -> true
    ;   arg(S, Cells, X) -> true
    ;   arg(E, Cells, X) -> true
    ;   arg(Wst, Cells, X)
    ).
