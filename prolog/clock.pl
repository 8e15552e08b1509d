:- module(clock,
          [ clock_new/3,        % +Setting, +Seats, -Clock
            clock_new/4,        % +Main, +Increment, +Seats, -Clock
            clock_fault/4,      % +Game, +Setting, +Seats, -Message
            clock_offered/2,    % ?Game, ?Kind
            clock_setting/2,    % +Clock, -Setting
            clock_left/4,       % +Clock, +Seat, +Now, -Left
            clock_shown/4,      % +Clock, +Seat, +Now, -Shown
            clock_fallen/3,     % +Clock, +Now, -Seat
            clock_runs/5,       % +Plies, +Over, +Phase, +ToMove, -Next
            clock_charge/4,     % +Clock0, +Now, +Next, -Clock
            clock_takeback/4,   % +Clock0, +Now, +Next, -Clock
            clock_stop/4,       % +Clock0, +Now, +Loser, -Clock
            clock_view/4,       % +Game, +View0, +Loser, -View
            clock_api/4         % +Op, +Game, +RequestJSON, -ReplyJSON
          ]).

/** <module> Game clocks kept by the server: Fischer, absolute, byo-yomi, correspondence

A game may be played on a clock, chosen when it is made.  Its **setting** is a
dict whose `kind` names the kind of clock (seconds unless said):

    _{kind:"fischer", main:S, increment:S}      % main time, S added a move
    _{kind:"absolute", main:S}                  % sudden death: main time only
    _{kind:"byoyomi", main:S, periods:N, period:S}  % Japanese byo-yomi (Go)
    _{kind:"correspondence", days:D}            % D days a move

(a setting without `kind`, {main, increment}, is Fischer's: the API's first
shape).  The server is the only authority: it stores the clock below with the
game and asks these predicates what each action does to it.  They are pure:
the instant is an argument (Now, milliseconds since the Unix epoch), nothing
is read from the system clock here.

A clock is its setting and its state:

    left: _{b: Ms, w: Ms},          % each seat's time left at `since`
    periods_left: _{b: N, w: N},    % byo-yomi only: each seat's periods
    running: Seat | null,           % whose time runs now (null: nobody's)
    since: Ms | null,               % when it started to run
    deadline: Ms | null,            % when its flag falls if nobody acts
    flag: Seat | null               % whose flag fell (the game is then over)

A clock stored before kinds existed has no `kind`: it is Fischer's, and
clock_api/4 reads it so (no upgrade loses a saved game).

The rules of the clock:

  - It starts with the game's first action: that action costs nothing and
    then the clock of the side to move runs (a game made by one friend for
    another does not spend anyone's time while the other comes).
  - An accepted action that ends its mover's turn charges the side whose
    clock ran the time since it started to run, as its kind says:
      - Fischer: the time is taken from its main time and the increment
        added;
      - absolute: the time is taken from its main time, nothing added;
      - byo-yomi: the time is taken from its main time; once that is gone
        the periods count: a move made within a period keeps that period
        (the next turn has it whole again), a period run past is used up and
        the next one starts;
      - correspondence: its time is the full days a move again (as lichess's
        correspondence games: days per move, not a bank of days).
    An action after which the same side acts again (Molinolog's mill and its
    capture) leaves its clock running as it is: the turn goes on.  A refused
    action charges nothing (it never gets here).
  - When the running side's time is gone (byo-yomi: its last period too)
    its flag falls: the game is over, lost on time (clock_view/4 writes the
    result; the game's own shape of it is the hook tablero:game_time_result/4).
  - Nobody's clock runs when the game is over or in Go's scoring phase
    (clock_runs/5): agreeing on dead stones is not timed.
  - Undo (clock_takeback/4) gives no time back: the side whose clock ran is
    charged until the undo, without an increment (periods used up stay used
    up), and then the clock of the side to move after the undo runs.
*/

:- use_module(library(http/json)).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(yall)).

%   tablero:game_time_result(+Game, +Loser, +Winner, -Result) is semidet.
%
%   A game played on a clock says what its view's result is when Loser's
%   flag falls (Go: {code: "B+T", ...}).  A game without it has no clock.
:- multifile tablero:game_time_result/4.

%   tablero:game_clock_kind(?Game, ?Kind) is nondet.
%
%   A kind of clock a game offers besides those every timed game has
%   (fischer, absolute, correspondence): Go's "byoyomi".
:- multifile tablero:game_clock_kind/2.

%   kind_fields(?Kind, -Fields): a kind of clock and its setting's fields,
%   each Name-Min-Max-Words (a whole number from Min to Max, in Words).
kind_fields("fischer", [main-1-10800-"seconds", increment-0-600-"seconds"]).
kind_fields("absolute", [main-1-10800-"seconds"]).
kind_fields("byoyomi", [main-0-10800-"seconds", periods-1-30-"periods", period-1-3600-"seconds"]).
kind_fields("correspondence", [days-1-30-"days"]).

%   The kinds every game on a clock offers.
common_kind("fischer").
common_kind("absolute").
common_kind("correspondence").

day_ms(86400000).

%!  clock_offered(?Game, ?Kind) is nondet.
%
%   Game can be played on a clock of Kind (with the games loaded, Go offers
%   "byoyomi" besides the kinds every timed game has).
clock_offered(Game, Kind) :-
    clock_game(Game),
    (   common_kind(Kind)
    ;   tablero:game_clock_kind(Game, Kind)
    ).

%!  clock_fault(+Game, +Setting, +Seats, -Message) is semidet.
%
%   Message says why Setting cannot time a game of Game between Seats; fails
%   when it can (clock_new/3 then makes the clock).  With the games loaded,
%   clock_fault(go, _{kind:"absolute", main:0}, ["b", "w"], M) gives
%   M = "main must be whole seconds from 1 to 10800".
clock_fault(_, Setting, _, "A clock is a JSON object such as {\"kind\": \"fischer\", \"main\": 300, \"increment\": 3}") :-
    \+ is_dict(Setting),
    !.
clock_fault(Game, _, _, Message) :-
    \+ clock_game(Game),
    !,
    findall(G, clock_game(G), Gs),
    atomic_list_concat(Gs, ", ", Names),
    format(string(Message), "~w is not played on a clock (these are: ~w)", [Game, Names]).
clock_fault(_, _, Seats, "A clock is for a game of two players") :-
    \+ length(Seats, 2),
    !.
clock_fault(Game, Setting, _, Message) :-
    setting_kind(Setting, Kind),
    kind_fields(Kind, _),
    \+ clock_offered(Game, Kind),
    !,
    findall(G, ( clock_game(G), clock_offered(G, Kind) ), Gs),
    atomic_list_concat(Gs, ", ", Names),
    article(Kind, A),
    format(string(Message), "~w ~w clock is for ~w only", [A, Kind, Names]).
clock_fault(_, Setting, _, Message) :-
    setting_fault(Setting, Message).

%   setting_fault(+Setting, -Message): Setting (a dict) is not a clock's
%   setting of a known kind, of its fields, whole numbers in range.
setting_fault(Setting, "kind must be fischer, absolute, byoyomi or correspondence") :-
    setting_kind(Setting, Kind),
    \+ kind_fields(Kind, _),
    !.
setting_fault(Setting, Message) :-
    setting_kind(Setting, Kind),
    kind_fields(Kind, Fields),
    findall(N, member(N-_-_-_, Fields), Named0),
    msort(Named0, Named),
    dict_keys(Setting, Keys0),
    subtract(Keys0, [kind], Keys1),
    msort(Keys1, Keys),
    Keys \== Named,
    !,
    shape(Kind, Fields, Message).
setting_fault(Setting, Message) :-
    setting_kind(Setting, Kind),
    kind_fields(Kind, Fields),
    member(Name-Min-Max-Words, Fields),
    get_dict(Name, Setting, Value),
    \+ ( integer(Value), between(Min, Max, Value) ),
    !,
    (   Words == "seconds"
    ->  format(string(Message), "~w must be whole seconds from ~w to ~w", [Name, Min, Max])
    ;   format(string(Message), "~w must be a whole number of ~w from ~w to ~w", [Name, Words, Min, Max])
    ).

dict_keys(Dict, Keys) :-
    dict_pairs(Dict, _, Pairs),
    pairs_keys(Pairs, Keys).

setting_kind(Setting, Kind) :-
    (   get_dict(kind, Setting, Kind0)
    ->  Kind = Kind0
    ;   Kind = "fischer"
    ).

%   shape(+Kind, +Fields, -Message): what a setting of Kind looks like.
shape(Kind, Fields, Message) :-
    findall(Text, ( member(Name-_-_-Words, Fields),
                    format(string(Text), "\"~w\": ~w", [Name, Words]) ), Texts),
    atomic_list_concat(Texts, ", ", Body),
    article(Kind, A),
    format(string(Message), "~w ~w clock is {\"kind\": \"~w\", ~w}", [A, Kind, Kind, Body]).

article(Kind, "An") :- sub_string(Kind, 0, 1, _, "a"), !.
article(_, "A").

%!  clock_new(+Setting, +Seats, -Clock) is semidet.
%
%   A clock of Setting (a dict: see the module's comment) for each of Seats
%   (strings), stopped until the first action.  Fails unless there are two
%   Seats and the setting is whole numbers in range (clock_fault/4 says which
%   is wrong); a setting without `kind` is Fischer's.
%
%   ?- clock_new(_{kind:"byoyomi", main:600, periods:3, period:30}, ["b", "w"], _C),
%      clock_shown(_C, "w", 0, S).
%   S = _{byoyomi:false, left:600000, periods:3}.
clock_new(Setting, Seats, Clock) :-
    is_dict(Setting),
    length(Seats, 2),
    setting_kind(Setting, Kind),
    kind_fields(Kind, Fields),
    \+ setting_fault(Setting, _),
    findall(Name-Value, ( member(Name-_-_-_, Fields), get_dict(Name, Setting, Value) ), Named),
    dict_create(Setting1, _, [kind-Kind|Named]),
    first_left(Setting1, Ms),
    seat_dict(Seats, Ms, Left),
    State = _{left:Left, running:null, since:null, deadline:null, flag:null},
    (   Kind == "byoyomi"
    ->  seat_dict(Seats, Setting1.periods, Periods),
        State1 = State.put(periods_left, Periods)
    ;   State1 = State
    ),
    Clock = Setting1.put(State1).

%!  clock_new(+Main, +Increment, +Seats, -Clock) is semidet.
%
%   A Fischer clock of Main seconds for each of Seats (strings) and Increment
%   seconds a move: clock_new/3's _{kind:"fischer", main:Main,
%   increment:Increment}.  Fails unless there are two Seats, Main is an
%   integer from 1 to 10800 (three hours) and Increment one from 0 to 600.
%
%   ?- clock_new(300, 3, ["b", "w"], _C), clock_left(_C, "b", 0, L).
%   L = 300000.
clock_new(Main, Increment, Seats, Clock) :-
    clock_new(_{kind:"fischer", main:Main, increment:Increment}, Seats, Clock).

seat_dict(Seats, Value, Dict) :-
    findall(K-Value, ( member(S, Seats), atom_string(K, S) ), Pairs),
    dict_create(Dict, _, Pairs).

%   first_left(+Setting, -Ms): each seat's time before the first move (and,
%   correspondence, at the start of each of its turns).
first_left(Setting, Ms) :-
    (   Setting.kind == "correspondence"
    ->  day_ms(Day), Ms is Setting.days * Day
    ;   Ms is Setting.main * 1000
    ).

%!  clock_setting(+Clock, -Setting) is det.
%
%   The setting a clock was made with (a rematch's clock is made from it).
%
%   ?- clock_new(_{kind:"correspondence", days:3}, ["b", "w"], _C),
%      clock_setting(_C, S).
%   S = _{days:3, kind:"correspondence"}.
clock_setting(Clock, Setting) :-
    kind(Clock, Kind),
    kind_fields(Kind, Fields),
    findall(Name-Value, ( member(Name-_-_-_, Fields), get_dict(Name, Clock, Value) ), Named),
    dict_create(Setting, _, [kind-Kind|Named]).

%   kind(+Clock, -Kind): a clock's kind; one stored before kinds is Fischer's.
kind(Clock, Kind) :-
    (   get_dict(kind, Clock, Kind0)
    ->  Kind = Kind0
    ;   Kind = "fischer"
    ).

%   stored(+Clock0, -Clock): a stored clock as these rules read it (one
%   stored before kinds existed gets kind fischer).
stored(Clock0, Clock) :-
    (   is_dict(Clock0), \+ get_dict(kind, Clock0, _)
    ->  Clock = Clock0.put(kind, "fischer")
    ;   Clock = Clock0
    ).

%   available(+Clock, +Seat, -Ms): Seat's time from `since` until its flag
%   falls: its time left and, on byo-yomi, all its periods.
available(Clock, Seat, Ms) :-
    atom_string(Key, Seat),
    get_dict(Key, Clock.left, Left),
    (   kind(Clock, "byoyomi")
    ->  get_dict(Key, Clock.periods_left, N),
        Ms is Left + N * Clock.period * 1000
    ;   Ms = Left
    ).

%   elapsed(+Clock, +Seat, +Now, -Ms): how long Seat's clock has run.
elapsed(Clock, Seat, Now, Ms) :-
    (   Clock.running == Seat, Clock.flag == null
    ->  Ms is max(0, Now - Clock.since)
    ;   Ms = 0
    ).

%!  clock_left(+Clock, +Seat, +Now, -Left) is det.
%
%   Left is Seat's time in milliseconds at instant Now until its flag falls:
%   what it had when its clock started to run (byo-yomi: with its periods),
%   less the time since (never below 0).
%
%   ?- clock_new(60, 0, ["b", "w"], _C0), clock_charge(_C0, 1000, "w", _C),
%      clock_left(_C, "w", 21000, L).
%   L = 40000.
clock_left(Clock, Seat, Now, Left) :-
    available(Clock, Seat, Available),
    elapsed(Clock, Seat, Now, Elapsed),
    Left is max(0, Available - Elapsed).

%!  clock_shown(+Clock, +Seat, +Now, -Shown) is det.
%
%   Seat's clock as a page shows it at Now: _{left: Ms} (Fischer, absolute,
%   correspondence: the time left); byo-yomi _{left: Ms, periods: N,
%   byoyomi: B}, B false while the main time runs (Ms of it left) and true
%   once it is gone (Ms left in the period running, N periods left counting
%   it; 0 and 0 once the last is gone).
%
%   ?- clock_new(_{kind:"byoyomi", main:10, periods:3, period:5}, ["b", "w"], _C0),
%      clock_charge(_C0, 0, "w", _C), clock_shown(_C, "w", 17000, S).
%   S = _{byoyomi:true, left:3000, periods:2}.
clock_shown(Clock, Seat, Now, Shown) :-
    kind(Clock, "byoyomi"),
    !,
    atom_string(Key, Seat),
    get_dict(Key, Clock.left, Left),
    get_dict(Key, Clock.periods_left, N0),
    elapsed(Clock, Seat, Now, Elapsed),
    Period is Clock.period * 1000,
    (   Elapsed < Left
    ->  Ms is Left - Elapsed, Shown = _{left:Ms, periods:N0, byoyomi:false}
    ;   Over is Elapsed - Left,
        N is N0 - Over // Period,
        (   N > 0
        ->  Ms is Period - Over mod Period,
            Shown = _{left:Ms, periods:N, byoyomi:true}
        ;   Shown = _{left:0, periods:0, byoyomi:true}
        )
    ).
clock_shown(Clock, Seat, Now, _{left:Left}) :-
    clock_left(Clock, Seat, Now, Left).

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
%   whose clock runs after it (clock_runs/5).  When the turn passes (Next is
%   another side, or nobody), the side whose clock ran is charged the time
%   since it started as its kind says (the module's comment); when the same
%   side acts again its clock runs on as it is.  Fails if a flag has fallen
%   at Now: the action comes too late.
%
%   ?- clock_new(10, 2, ["b", "w"], _C0), clock_charge(_C0, 0, "w", _C1),
%      clock_charge(_C1, 4000, "b", _C2), clock_left(_C2, "w", 9000, L).
%   L = 8000.
clock_charge(Clock0, Now, Next, Clock) :-
    \+ clock_fallen(Clock0, Now, _),
    spend(Clock0, Now, Next, charge, Clock).

%!  clock_takeback(+Clock0, +Now, +Next, -Clock) is semidet.
%
%   The clock after an undo at instant Now: as clock_charge/4, without the
%   increment (time spent is not given back).
clock_takeback(Clock0, Now, Next, Clock) :-
    \+ clock_fallen(Clock0, Now, _),
    spend(Clock0, Now, Next, takeback, Clock).

spend(Clock0, _, Next, _, Clock) :-
    Next \== null,
    Clock0.running == Next,
    !,
    Clock = Clock0.                     % the same side again: its turn goes on
spend(Clock0, Now, Next, How, Clock) :-
    Running = Clock0.running,
    (   Running == null
    ->  Clock1 = Clock0
    ;   Elapsed is Now - Clock0.since,
        kind(Clock0, Kind),
        turn_ends(Kind, How, Clock0, Running, Elapsed, Clock1)
    ),
    running(Clock1, Now, Next, Clock).

%   turn_ends(+Kind, +How, +Clock0, +Seat, +Elapsed, -Clock): Seat's turn
%   ended after Elapsed ms (less than all its time: its flag did not fall).
turn_ends("fischer", How, Clock0, Seat, Elapsed, Clock) :-
    (   How == charge -> Add is Clock0.increment * 1000 ; Add = 0 ),
    set_left(Clock0, Seat, left, [L0, L]>>(L is L0 - Elapsed + Add), Clock).
turn_ends("absolute", _, Clock0, Seat, Elapsed, Clock) :-
    set_left(Clock0, Seat, left, [L0, L]>>(L is L0 - Elapsed), Clock).
turn_ends("byoyomi", _, Clock0, Seat, Elapsed, Clock) :-
    atom_string(Key, Seat),
    get_dict(Key, Clock0.left, Left0),
    (   Elapsed < Left0
    ->  set_left(Clock0, Seat, left, [L0, L]>>(L is L0 - Elapsed), Clock)
    ;   Used is (Elapsed - Left0) // (Clock0.period * 1000),
        set_left(Clock0, Seat, left, [_, 0]>>true, Clock1),
        set_left(Clock1, Seat, periods_left, [N0, N]>>(N is N0 - Used), Clock)
    ).
turn_ends("correspondence", _, Clock0, Seat, _, Clock) :-
    first_left(Clock0, Ms),
    set_left(Clock0, Seat, left, [_, Ms]>>true, Clock).

%   set_left(+Clock0, +Seat, +Field, :Update, -Clock): Seat's value in the
%   per-seat dict Field (left, periods_left) updated.
set_left(Clock0, Seat, Field, Update, Clock) :-
    atom_string(Key, Seat),
    get_dict(Field, Clock0, Seats0),
    get_dict(Key, Seats0, V0),
    call(Update, V0, V),
    put_dict(Key, Seats0, V, Seats),
    put_dict(Field, Clock0, Seats, Clock).

%   running(+Clock0, +Now, +Next, -Clock): Next's clock runs from Now.
running(Clock0, _, null, Clock) :-
    !,
    Clock = Clock0.put(_{running:null, since:null, deadline:null}).
running(Clock0, Now, Next, Clock) :-
    available(Clock0, Next, Available),
    Deadline is Now + Available,
    Clock = Clock0.put(_{running:Next, since:Now, deadline:Deadline}).

%!  clock_stop(+Clock0, +Now, +Loser, -Clock) is det.
%
%   The clock once Loser's flag has fallen at Now: stopped, Loser with no
%   time (and no period) left.
clock_stop(Clock0, _, Loser, Clock) :-
    set_left(Clock0, Loser, left, [_, 0]>>true, Clock1),
    (   kind(Clock0, "byoyomi")
    ->  set_left(Clock1, Loser, periods_left, [_, 0]>>true, Clock2)
    ;   Clock2 = Clock1
    ),
    Clock = Clock2.put(_{running:null, since:null, deadline:null, flag:Loser}).

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
%   object of the numbers and the clock (a clock stored before kinds existed
%   is read as Fischer's); the reply is {"ok": true, ...} or {"ok": false,
%   "code": C, "message": M}.
%
%     - new {setting, seats}: {clock}, or bad_clock with clock_fault/4's
%       reason;
%     - charge and takeback {clock, now, plies, over, phase, to_move}:
%       {clock}, or flag_fallen (the flag fell before Now);
%     - settle {clock, now, view}: {fallen: false}, or {fallen: true, loser,
%       clock, view} (the view as clock_view/4 makes it).
clock_api(Op, Game, RequestJSON, Reply) :-
    catch(( atom_json_dict(RequestJSON, Request0, [value_string_as(string)]),
            (   get_dict(clock, Request0, Clock0)
            ->  stored(Clock0, Clock), Request = Request0.put(clock, Clock)
            ;   Request = Request0
            ),
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

op(new, Game, R, Answer) :-
    (   clock_fault(Game, R.setting, R.seats, Message)
    ->  Answer = _{ok:false, code:"bad_clock", message:Message}
    ;   clock_new(R.setting, R.seats, Clock),
        Answer = _{ok:true, clock:Clock}
    ).
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

%   clock_game(?Game): Game can be played on a clock (it says its result on
%   time).
clock_game(Game) :-
    (   atom(Game)
    ->  once(clause(tablero:game_time_result(Game, _, _, _), _))
    ;   setof(G, B^clause(tablero:game_time_result(G, _, _, _), B), Gs),
        member(Game, Gs)
    ).

refusal(new, _{ok:false, code:"bad_clock", message:"A clock is {\"kind\": \"fischer\", \"main\": seconds, \"increment\": seconds}, absolute, byoyomi or correspondence"}).
refusal(charge, _{ok:false, code:"flag_fallen", message:"The time is up"}).
refusal(takeback, _{ok:false, code:"flag_fallen", message:"The time is up"}).
refusal(settle, _{ok:false, code:"clock_error", message:"The clock cannot be read"}).
