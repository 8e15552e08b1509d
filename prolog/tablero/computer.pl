:- module(tablero_computer,
          [ computer_json/2,     % +Game, -Computer
            computer_options/4,  % ?Game, ?Difficulty, ?Order, -Options
            seat_json/2          % +Seat, -SeatJSON
          ]).

/** <module> Playing the computer, in words

Start reading at prolog/tablero.pl, whose hooks these are.

How a person plays the computer, in words (optional; the index's "Play the
computer" and the seats of the pages say it):

    tablero:game_difficulty(?Game, ?Difficulty, ?Kind, ?Settings:dict)
    tablero:game_computer(?Game, ?Computer:dict)

game_difficulty/4 declares what the machine's seat is at Difficulty (easy,
medium or hard, in that order): a seat of Kind (a value of the seat's option:
machine, gnugo, greedy, ...) and the options in Settings (_{depth: 3}, or
_{}).  game_computer/2 says how a person and the machine sit: Computer is a
dict with `seats`, the two seats in the order they move, each Seat-Option
(Option the option that names the seat's kind: b-black) or Seat-Option/N
(the Nth element, from 0, of a list option: '0'-players/0); `order`, chosen
(the person moves first or second, as they choose; the default) or drawn (the
first player is drawn with the game: the person takes the first seat); and
`options`, what a game against the computer sets besides (Go: _{size: 9};
default _{}); and `choices`, the options a person chooses beside the
difficulty (default none), each Option-Choice, Choice a dict with `values`,
the values offered, `words`, how each is shown (a list as long, each a text or
a dict of texts by language), and `label`, the choice's name in each language
(_{en: "Board", es: "Tablero"}); the value a game gets unless the person
chooses another, its `default` as served, is the one `options` sets, else the
first.  The catalog (api_games/1) serves them under
`computer`, with each difficulty's new-game options for a person moving first
and second (computer_options/4), so a page offers the game against the
computer with no word of its own: the index's Go card offers 9×9, 13×13 and
19×19, its game 9×9 unless the person chooses another.
*/

:- use_module(library(apply)).
:- use_module(library(lists)).

%!  computer_json(+Game, -Computer) is semidet.
%
%   How Game is played against the computer
%   (game_difficulty/4, game_computer/2) as the catalog serves it:
%   _{seats: [_{seat, option, index}], order, options, choices: [_{option,
%   values, words, label, default}], difficulties: [_{difficulty, kind, settings,
%   games: _{first: Options, second: Options}}]} (`index` only for a seat in
%   a list option; `second` only when the order is chosen).  Fails for a game
%   that declares no difficulty.
%
%   ?- computer_json(go, _C), get_dict(choices, _C, Choices).
%   Choices = [_{default:9, label:_{en:"Board", es:"Tablero"}, option:size,
%                values:[9, 13, 19], words:["9×9", "13×13", "19×19"]}].
computer_json(Game, _{seats:Seats, order:Order, options:Extra, choices:Choices,
                      difficulties:Ds}) :-
    tablero:game_difficulty(Game, _, _, _),
    !,
    computer_declared(Game, Declared, Order, Extra),
    maplist(seat_json, Declared, Seats),
    computer_choices(Game, Choices),
    findall(_{difficulty:D, kind:Kind, settings:Settings, games:Games},
            ( tablero:game_difficulty(Game, D, Kind, Settings),
              findall(O-Options, computer_options(Game, D, O, Options), Pairs),
              dict_pairs(Games, _, Pairs) ),
            Ds).

%!  seat_json(+Seat, -SeatJSON:dict) is det.
%
%   A seat as game_computer/2 writes it (Seat-Option, or Seat-Option/N for
%   the Nth element of a list option) as the catalog serves it.
%
%   ?- seat_json('0'-players/0, J).
%   J = _{index:0, option:players, seat:'0'}.
seat_json(Seat-Option/N, _{seat:Seat, option:Option, index:N}) :- !.
seat_json(Seat-Option, _{seat:Seat, option:Option}).

%   computer_declared(+Game, -Seats, -Order, -Options): game_computer/2 with
%   its defaults (`seats` has none).
computer_declared(Game, Seats, Order, Options) :-
    tablero:game_computer(Game, Computer),
    get_dict(seats, Computer, Seats),
    (   get_dict(order, Computer, Order) -> true ; Order = chosen ),
    (   get_dict(options, Computer, Options) -> true ; Options = _{} ).

%   computer_choices(+Game, -Choices): game_computer/2's `choices` as the
%   catalog serves them, each _{option, values, words, label, default}; []
%   for none.
computer_choices(Game, Choices) :-
    tablero:game_computer(Game, Computer),
    (   get_dict(choices, Computer, Declared) -> true ; Declared = [] ),
    computer_declared(Game, _, _, Extra),
    findall(Choice,
            ( member(Option-Choice0, Declared),
              Choice0.values = [First|_],
              (   get_dict(Option, Extra, Default) -> true ; Default = First ),
              put_dict(_{option:Option, default:Default}, Choice0, Choice) ),
            Choices).

%!  computer_options(?Game, ?Difficulty, ?Order, -Options:dict) is nondet.
%
%   Options are the options of a new game of Game in which a person plays
%   the computer at Difficulty, moving Order (first or second; first only
%   when the first player is drawn): the person's seat `human`, the other
%   the difficulty's kind, with its settings and the game's own
%   (game_computer/2's `options`).
computer_options(Game, Difficulty, Order, Options) :-
    tablero:game_difficulty(Game, Difficulty, Kind, Settings),
    computer_declared(Game, [First, Second], Drawn, Extra),
    (   Drawn == drawn -> Orders = [first] ; Orders = [first, second] ),
    member(Order, Orders),
    (   Order == first -> Person = First, Machine = Second
    ;   Person = Second, Machine = First
    ),
    put_dict(Settings, Extra, Options0),
    seat_kind(Person, human, Options0, Options1),
    seat_kind(Machine, Kind, Options1, Options).

%   seat_kind(+Seat, +Kind, +Options0, -Options): Seat's option names Kind.
seat_kind(_-Option/N, Kind, Options0, Options) :-
    !,
    (   get_dict(Option, Options0, List0) -> true ; List0 = [] ),
    length(List0, Len0),
    Len is max(Len0, N + 1),
    length(List, Len),
    append(List0, _, List),
    nth0(N, List, Kind),
    put_dict(Option, Options0, List, Options).
seat_kind(_-Option, Kind, Options0, Options) :-
    put_dict(Option, Options0, Kind, Options).
