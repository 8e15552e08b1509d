:- module(clock,
          [ clock_new/4,        % +Main, +Increment, +Seats, -Clock
            clock_left/4,       % +Clock, +Seat, +Now, -Left
            clock_fallen/3,     % +Clock, +Now, -Seat
            clock_runs/5,       % +Plies, +Over, +Phase, +ToMove, -Next
            clock_charge/4,     % +Clock0, +Now, +Next, -Clock
            clock_takeback/4,   % +Clock0, +Now, +Next, -Clock
            clock_stop/4,       % +Clock0, +Now, +Loser, -Clock
            clock_view/4,       % +Game, +View0, +Loser, -View
            clock_api/4         % +Op, +Game, +RequestJSON, -ReplyJSON
          ]).

/** <module> Game clocks: Fischer time, kept by the server

A game may be played on a clock (chosen when it is made: a main time and an
increment per move, in seconds).  The server is the only authority: it stores
the clock below with the game and asks these predicates what each action
does to it.  They are pure: the instant is an argument (Now, milliseconds
since the Unix epoch), nothing is read from the system clock here.

A clock is a dict:

    _{main: Seconds, increment: Seconds,
      left: _{b: Ms, w: Ms},        % each seat's time left at `since`
      running: Seat | null,         % whose time runs now (null: nobody's)
      since: Ms | null,             % when it started to run
      deadline: Ms | null,          % when its flag falls if nobody acts
      flag: Seat | null}            % whose flag fell (the game is then over)

The rules of the clock:

  - It starts with the game's first action: that action costs nothing and
    then the clock of the side to move runs (a game made by one friend for
    another does not spend anyone's time while the other comes).
  - An accepted action charges the side whose clock ran the time since it
    started to run; when the turn passes to the other side, the increment is
    added (Fischer).  A side that acts twice in a row (Molinolog's mill and
    its capture) is charged each time and gets the increment once, when its
    turn ends.  A refused action charges nothing (it never gets here).
  - When the running side's time is gone its flag falls: the game is over,
    lost on time (clock_view/4 writes the result; the game's own shape of it
    is the hook tablero:game_time_result/4).
  - Nobody's clock runs when the game is over or in Go's scoring phase
    (clock_runs/5): agreeing on dead stones is not timed.
  - Undo (clock_takeback/4) gives no time back: the side whose clock ran is
    charged until the undo, without an increment, and then the clock of the
    side to move after the undo runs.
*/

:- use_module(library(http/json)).
:- use_module(library(apply)).
:- use_module(library(lists)).

%   tablero:game_time_result(+Game, +Loser, +Winner, -Result) is semidet.
%
%   A game played on a clock says what its view's result is when Loser's
%   flag falls (Go: {code: "B+T", ...}).  A game without it has no clock.
:- multifile tablero:game_time_result/4.

%!  clock_new(+Main, +Increment, +Seats, -Clock) is semidet.
%
%   A clock of Main seconds for each of Seats (strings) and Increment
%   seconds a move, stopped until the first action.  Fails unless there are
%   two Seats, Main is an
%   integer from 1 to 10800 (three hours) and Increment one from 0 to 600.
%
%   ?- clock_new(300, 3, ["b", "w"], _C), clock_left(_C, "b", 0, L).
%   L = 300000.
clock_new(Main, Increment, Seats, Clock) :-
    length(Seats, 2),
    integer(Main), between(1, 10800, Main),
    integer(Increment), between(0, 600, Increment),
    Ms is Main * 1000,
    findall(K-Ms, ( member(S, Seats), atom_string(K, S) ), Pairs),
    dict_create(Left, _, Pairs),
    Clock = _{main:Main, increment:Increment, left:Left, running:null,
              since:null, deadline:null, flag:null}.

%!  clock_left(+Clock, +Seat, +Now, -Left) is det.
%
%   Left is Seat's time in milliseconds at instant Now: what it had when its
%   clock started to run, less the time since (never below 0).
%
%   ?- clock_new(60, 0, ["b", "w"], _C0), clock_charge(_C0, 1000, "w", _C),
%      clock_left(_C, "w", 21000, L).
%   L = 40000.
clock_left(Clock, Seat, Now, Left) :-
    atom_string(Key, Seat),
    get_dict(Key, Clock.left, Left0),
    (   Clock.running == Seat
    ->  Left is max(0, Left0 - (Now - Clock.since))
    ;   Left = Left0
    ).

%!  clock_fallen(+Clock, +Now, -Seat) is semidet.
%
%   Seat's flag has fallen at instant Now: its clock runs and it has no time
%   left (or it fell already).
clock_fallen(Clock, _, Seat) :-
    Clock.flag \== null,
    !,
    Seat = Clock.flag.
clock_fallen(Clock, Now, Seat) :-
    Seat = Clock.running,
    Seat \== null,
    clock_left(Clock, Seat, Now, 0).

%!  clock_runs(+Plies, +Over, +Phase, +ToMove, -Next) is det.
%
%   Whose clock runs after an action: nobody's (null) before the first
%   action, once the game is over or in the scoring phase; else the side to
%   move's.
clock_runs(0, _, _, _, null) :- !.
clock_runs(_, true, _, _, null) :- !.
clock_runs(_, _, "scoring", _, null) :- !.
clock_runs(_, _, _, ToMove, ToMove).

%!  clock_charge(+Clock0, +Now, +Next, -Clock) is semidet.
%
%   The clock after an action accepted at instant Now, Next being the side
%   whose clock runs after it (clock_runs/5).  The side whose clock ran is
%   charged the time since it started and, when the turn passes (Next is
%   another side), gets the increment.  Fails if a flag has fallen at Now:
%   the action comes too late.
%
%   ?- clock_new(10, 2, ["b", "w"], _C0), clock_charge(_C0, 0, "w", _C1),
%      clock_charge(_C1, 4000, "b", _C2), clock_left(_C2, "w", 9000, L).
%   L = 8000.
clock_charge(Clock0, Now, Next, Clock) :-
    \+ clock_fallen(Clock0, Now, _),
    spend(Clock0, Now, Next, Clock0.increment, Clock).

%!  clock_takeback(+Clock0, +Now, +Next, -Clock) is semidet.
%
%   The clock after an undo at instant Now: as clock_charge/4, without the
%   increment (time spent is not given back).
clock_takeback(Clock0, Now, Next, Clock) :-
    \+ clock_fallen(Clock0, Now, _),
    spend(Clock0, Now, Next, 0, Clock).

spend(Clock0, Now, Next, Increment, Clock) :-
    Running = Clock0.running,
    (   Running == null
    ->  Left = Clock0.left
    ;   clock_left(Clock0, Running, Now, L0),
        (   Next \== Running -> L is L0 + Increment * 1000 ; L = L0 ),
        atom_string(Key, Running),
        put_dict(Key, Clock0.left, L, Left)
    ),
    running(Left, Now, Next, Since, Deadline),
    Clock = Clock0.put(_{left:Left, running:Next, since:Since, deadline:Deadline}).

running(_, _, null, null, null) :- !.
running(Left, Now, Next, Now, Deadline) :-
    atom_string(Key, Next),
    get_dict(Key, Left, L),
    Deadline is Now + L.

%!  clock_stop(+Clock0, +Now, +Loser, -Clock) is det.
%
%   The clock once Loser's flag has fallen at Now: stopped, Loser with no
%   time left.
clock_stop(Clock0, _, Loser, Clock) :-
    atom_string(Key, Loser),
    put_dict(Key, Clock0.left, 0, Left),
    Clock = Clock0.put(_{left:Left, running:null, since:null, deadline:null, flag:Loser}).

%!  clock_view(+Game, +View0, +Loser, -View) is semidet.
%
%   The view of a game whose player Loser lost on time: over, nobody to
%   move, the result as the game writes it (tablero:game_time_result/4) and,
%   for a page that shows a status line, the same in words.  Fails for a
%   game that declares no result on time.
clock_view(Game, View0, Loser, View) :-
    dict_pairs(View0.seats, _, SeatPairs),
    member(WKey-_, SeatPairs),
    atom_string(WKey, Winner),
    Winner \== Loser,
    !,
    tablero:game_time_result(Game, Loser, Winner, Result),
    time_words(Loser, Winner, En, Es),
    View1 = View0.put(_{over:true, to_move:null, machine_to_move:false, result:Result}),
    (   get_dict(status, View0, _)
    ->  View2 = View1.put(status, _{en:En, es:Es})
    ;   View2 = View1
    ),
    (   get_dict(legal, View0, Legal0)
    ->  no_legal(Legal0, Legal), View = View2.put(legal, Legal)
    ;   View = View2
    ).

no_legal(Legal0, Legal) :-
    (   is_dict(Legal0)
    ->  dict_pairs(Legal0, Tag, Pairs0),
        findall(K-[], member(K-_, Pairs0), Pairs),
        dict_pairs(Legal, Tag, Pairs)
    ;   Legal = []
    ).

%   time_words(+Loser, +Winner, -En, -Es): the result on time in words.
time_words(Loser, Winner, En, Es) :-
    colour(Loser, LEn, LEs),
    colour(Winner, WEn, WEs),
    format(string(En), "~w lost on time: ~w wins", [LEn, WEn]),
    format(string(Es), "~w perdió por tiempo: gana ~w", [LEs, WEs]).

colour("b", "Black", "Negro") :- !.
colour("w", "White", "Blanco") :- !.
colour(Seat, En, Es) :-
    number_string(N0, Seat), N is N0 + 1,
    format(string(En), "Player ~w", [N]),
    format(string(Es), "Jugador ~w", [N]).

%!  clock_api(+Op, +Game, +RequestJSON, -ReplyJSON) is det.
%
%   The door Python (app/clocks.py) calls, through the lean path: Op is
%   new, charge, takeback or settle, Game a game's name, RequestJSON a JSON
%   object of the numbers and the clock; the reply is
%   {"ok": true, ...} or {"ok": false, "code": C, "message": M}.
%
%     - new {main, increment, seats}: {clock}, or bad_clock;
%     - charge and takeback {clock, now, plies, over, phase, to_move}:
%       {clock}, or flag_fallen (the flag fell before Now);
%     - settle {clock, now, view}: {fallen: false}, or {fallen: true, loser,
%       clock, view} (the view as clock_view/4 makes it).
clock_api(Op, Game, RequestJSON, Reply) :-
    catch(( atom_json_dict(RequestJSON, Request, [value_string_as(string)]),
            (   op(Op, Game, Request, Answer)
            ->  true
            ;   refusal(Op, Answer)
            )
          ),
          Error,
          ( message_to_codes(Error, Text), Answer = _{ok:false, code:"clock_error", message:Text} )),
    with_output_to(string(Reply), json_write_dict(current_output, Answer, [width(0)])).

message_to_codes(Error, Text) :-
    format(string(Text), "~q", [Error]).

op(new, Game, R, _{ok:true, clock:Clock}) :-
    clock_game(Game),
    clock_new(R.main, R.increment, R.seats, Clock).
op(charge, _, R, _{ok:true, clock:Clock}) :-
    clock_runs(R.plies, R.over, R.phase, R.to_move, Next),
    clock_charge(R.clock, R.now, Next, Clock).
op(takeback, _, R, _{ok:true, clock:Clock}) :-
    clock_runs(R.plies, R.over, R.phase, R.to_move, Next),
    clock_takeback(R.clock, R.now, Next, Clock).
op(settle, Game, R, Answer) :-
    (   R.clock.flag == null,
        clock_fallen(R.clock, R.now, Loser),
        clock_view(Game, R.view, Loser, View)
    ->  clock_stop(R.clock, R.now, Loser, Clock),
        Answer = _{ok:true, fallen:true, loser:Loser, clock:Clock, view:View}
    ;   Answer = _{ok:true, fallen:false}
    ).

%   clock_game(?Game): Game can be played on a clock.
clock_game(Game) :-
    clause(tablero:game_time_result(Game, _, _, _), _),
    !.

refusal(new, _{ok:false, code:"bad_clock",
               message:"A clock is {\"main\": seconds from 1 to 10800, \"increment\": seconds from 0 to 600}, for a game of two players that has one"}).
refusal(charge, _{ok:false, code:"flag_fallen", message:"The time is up"}).
refusal(takeback, _{ok:false, code:"flag_fallen", message:"The time is up"}).
refusal(settle, _{ok:false, code:"clock_error", message:"The clock cannot be read"}).
