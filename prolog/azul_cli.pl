:- module(azul_cli,
          [ azul/1,                 % +Jugadores
            azul/2,                 % +Jugadores, +Opciones
            azul_terminal/5         % +In, +Out, +Kinds, +Seed, -Outcome
          ]).

/** <module> Azul in a terminal, in Spanish

Start here to play: `swipl prolog/azul_cli.pl` and then
`?- azul([humano, goloso]).` (2 to 4 seats, each `humano` or a machine:
`goloso`, `aleatorio` or `previsor`; the English names human, greedy, random
and lookahead work too).  `azul(Jugadores, [semilla(S)])` replays the deal of
seed S.  The rules are those of prolog/azul/rules.pl; this module only
reads, prints and asks.

Typed input (each ends with a full stop, as any Prolog term):

    2-rojo-3.            every red tile of factory 2 to pattern line 3
    centro-azul-suelo.   every blue tile of the centre to the floor
    jugadas.             list the legal moves
    ayuda.               show this help
    salir.               abandon the game (so does the end of the input)

Factories and players are numbered from 1, pattern lines 1 to 5 (line k
holds k tiles).  The colours are azul, amarillo, rojo, negro and blanco; on
the table they are the letters A, M, R, N and B, `1` is the first-player token,
and on a wall an upper-case letter is a placed tile and a lower-case one the
empty space of that colour.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(error)).
:- use_module(azul/board, [clock_seed/1]).
:- use_module(azul/rules, [initial_state/3, state_over/1, state_to_move/3,
                           legal_takes/2, take_refusal/3, take_turn/4]).
:- use_module(azul/machine, [choose_move/3]).
:- use_module(azul/log, [table_lines/3, player_name/3, kind_name/3, points_text/3]).

%!  azul(+Jugadores) is det.
%
%   Plays Azul on the terminal between Jugadores, a list of 2 to 4 seats,
%   each `humano`, `goloso`, `aleatorio` or `previsor`, with a seed from
%   the clock.
azul(Jugadores) :-
    azul(Jugadores, []).

%!  azul(+Jugadores, +Opciones) is det.
%
%   As azul/1; Opciones may hold semilla(S), the integer seed of the deal.
azul(Jugadores, Opciones) :-
    must_be(list, Jugadores),
    maplist(seat_kind, Jugadores, Kinds),
    (   option(semilla(Seed), Opciones) -> must_be(integer, Seed) ; clock_seed(Seed) ),
    set_stream(user_output, encoding(utf8)),
    setup_call_cleanup(prompt(Old, ''),
                       azul_terminal(user_input, user_output, Kinds, Seed, _),
                       prompt(_, Old)).

seat_kind(Name, Kind) :-
    (   atom(Name), kind_name(es, Kind, Name)
    ->  true
    ;   atom(Name), kind_name(en, Kind, Name)
    ->  true
    ;   domain_error(oneof([humano, goloso, aleatorio, previsor]), Name)
    ).

%!  azul_terminal(+In, +Out, +Kinds, +Seed, -Outcome) is det.
%
%   Plays one game between the seats Kinds (human, greedy, random,
%   lookahead) dealt by Seed, reading the humans' moves from stream In and
%   writing to stream Out.  Outcome is winners(Players) (from 0) or
%   `abandoned`.
azul_terminal(In, Out, Kinds, Seed, Outcome) :-
    must_be(list(oneof([human, greedy, random, lookahead])), Kinds),
    length(Kinds, N),
    must_be(between(2, 4), N),
    initial_state(Kinds, Seed, S0),
    format(Out, "Azul, semilla ~w (vuelva a jugar este reparto con azul(Jugadores, [semilla(~w)])).~n",
           [Seed, Seed]),
    (   memberchk(human, Kinds) -> help(Out) ; true ),
    draw_for_machine(Out, S0),
    turn(S0, io(In, Out), Outcome).

%   turn(+S, +IO, -Outcome): the game from S on.  The table is drawn before
%   every human turn, at the end, and when a round starts with a machine to
%   move.
turn(S, io(_, Out), winners(Winners)) :-
    S = azul(_, _, _, _, _, _, _, _, over(_, _, Winners)),
    !,
    draw(Out, S).
turn(S, IO, Outcome) :-
    IO = io(In, Out),
    state_to_move(S, P, Kind),
    (   Kind == human
    ->  draw(Out, S),
        player_name(es, P, Name),
        format(Out, "~w, su jugada:~n", [Name]),
        human_move(S, In, Out, Move)
    ;   choose_move(Kind, S, Move)
    ),
    (   Move == abandoned
    ->  format(Out, "Partida abandonada.~n", []),
        Outcome = abandoned
    ;   take_turn(S, Move, S1, Events),
        maplist(say_event(Out, Kind), Events),
        (   Events = [_, _|_] -> draw_for_machine(Out, S1) ; true ),
        turn(S1, IO, Outcome)
    ).

draw_for_machine(Out, S) :-
    (   \+ state_over(S),
        state_to_move(S, _, Kind),
        Kind \== human
    ->  draw(Out, S)
    ;   true
    ).

draw(Out, S) :-
    table_lines(es, S, Lines),
    nl(Out),
    forall(member(L, Lines), format(Out, "~w~n", [L])).

%   human_move(+S, +In, +Out, -Move): reads input until it is a legal move;
%   Move is that move or `abandoned`.
human_move(S, In, Out, Move) :-
    format(Out, "> ", []),
    flush_output(Out),
    read_input(In, Input),
    (   Input == quit
    ->  Move = abandoned
    ;   Input == help
    ->  help(Out),
        human_move(S, In, Out, Move)
    ;   Input == moves
    ->  legal_text(S, Text),
        format(Out, "~w~n", [Text]),
        human_move(S, In, Out, Move)
    ;   input_move(Input, S, Answer),
        (   Answer = move(Move0)
        ->  Move = Move0
        ;   Answer = error(Text),
            format(Out, "Error: ~w~n", [Text]),
            human_move(S, In, Out, Move)
        )
    ).

%   read_input(+In, -Input): term(T), syntax, help, moves or quit.
read_input(In, Input) :-
    catch(read_term(In, Term, []), E, true),
    (   nonvar(E)
    ->  (   E = error(syntax_error(_), _) -> Input = syntax ; throw(E) )
    ;   Term == end_of_file
    ->  Input = quit
    ;   Term == salir
    ->  Input = quit
    ;   Term == ayuda
    ->  Input = help
    ;   Term == jugadas
    ->  Input = moves
    ;   Input = term(Term)
    ).

%   input_move(+Input, +S, -Answer): move(Move) for a legal move, or
%   error(Text) saying why the input is not one.
input_move(syntax, _, error("no se entiende; escriba p. ej. 2-rojo-3. o centro-azul-suelo.")).
input_move(term(Term), S, Answer) :-
    (   \+ ground(Term)
    ->  Answer = error("escriba la jugada sin variables, p. ej. 2-rojo-3.")
    ;   \+ Term = _-_-_
    ->  Answer = error("una jugada es Origen-Color-Fila, p. ej. 2-rojo-3. o centro-azul-suelo.")
    ;   Term = O-C-F,
        \+ term_move(O, C, F, _)
    ->  Answer = error("Origen es centro o una fábrica (de 1 en adelante), Color azul, amarillo, rojo, negro o blanco, Fila de 1 a 5 o suelo.")
    ;   Term = O-C-F,
        term_move(O, C, F, Move),
        (   take_refusal(S, Move, Code)
        ->  refusal_text(Code, Text),
            Answer = error(Text)
        ;   Answer = move(Move)
        )
    ).

term_move(O, C, F, take(Source, Colour, Line)) :-
    source_name(Source, O),
    colour_name(Colour, C, _),
    line_name(Line, F).

%   source_name(?Source, ?Name): a source and how it is typed (factories from 1).
source_name(centre, centro).
source_name(factory(I), N) :-
    (   integer(I)
    ->  N is I + 1
    ;   integer(N),
        N >= 1,
        I is N - 1
    ).

line_name(floor, suelo).
line_name(L, L) :-
    integer(L).

%   colour_name(?Colour, ?Singular, ?Plural)
colour_name(blue, azul, azules).
colour_name(yellow, amarillo, amarillos).
colour_name(red, rojo, rojos).
colour_name(black, negro, negros).
colour_name(white, blanco, blancos).

refusal_text(game_over, "la partida terminó.").
refusal_text(bad_source, "no existe esa fábrica.").
refusal_text(empty_source, "ahí no quedan azulejos.").
refusal_text(no_such_colour, "ahí no hay azulejos de ese color.").
refusal_text(bad_line, "la fila es de 1 a 5, o suelo.").
refusal_text(line_full, "esa fila de preparación ya está llena.").
refusal_text(colour_mismatch, "esa fila de preparación ya tiene azulejos de otro color.").
refusal_text(wall_has_colour, "esa fila del muro ya tiene un azulejo de ese color.").

legal_text(S, Text) :-
    legal_takes(S, Moves),
    maplist(move_term_text, Moves, Texts),
    atomic_list_concat(Texts, '  ', All),
    format(string(Text), "Jugadas legales: ~w", [All]).

move_term_text(take(Source, Colour, Line), Text) :-
    source_name(Source, O),
    colour_name(Colour, C, _),
    line_name(Line, F),
    format(string(Text), "~w-~w-~w", [O, C, F]).

                 /*******************************
                 *           WHAT HAPPENED      *
                 *******************************/

say_event(Out, Kind, took(P, Source, Colour, N, Line, ToFloor, ToLid, TookToken)) :-
    player_name(es, P, Name),
    (   Kind == human -> Who = Name ; kind_name(es, Kind, K), format(string(Who), "~w (~w)", [Name, K]) ),
    tiles_words(N, Colour, Tiles),
    source_words(Source, From),
    line_words(Line, To),
    (   TookToken == true -> Token = " y la ficha de jugador inicial" ; Token = "" ),
    overflow_words(Line, ToFloor, ToLid, Over),
    (   N =:= 1 -> Them = "lo" ; Them = "los" ),
    format(Out, "~w toma ~w~w ~w y ~w pone ~w~w.~n", [Who, Tiles, Token, From, Them, To, Over]).
say_event(Out, _, round_end(Round, Tilings)) :-
    format(Out, "Fin de la ronda ~w: se alicata el muro.~n", [Round]),
    forall(nth0(I, Tilings, tiling(_, Wall, Floor, Score)),
           ( player_name(es, I, Name),
             points_text(es, Score, Points),
             format(Out, "  ~w: muro +~w, suelo -~w; ahora ~w.~n", [Name, Wall, Floor, Points]) )).
say_event(Out, _, refill(Round, _, Pours)) :-
    (   Pours > 0 -> format(Out, "La bolsa se vació: se rellenó con la tapa.~n", []) ; true ),
    format(Out, "Ronda ~w: las fábricas se rellenan de la bolsa.~n", [Round]).
say_event(Out, _, game_end(Reason, Bonuses, _, _)) :-
    reason_words(Reason, Why),
    format(Out, "Fin de la partida: ~w.~n", [Why]),
    forall(nth0(I, Bonuses, bonus(R, C, K, B)),
           ( player_name(es, I, Name),
             format(Out, "  ~w: ~w filas, ~w columnas, ~w colores completos: +~w.~n",
                    [Name, R, C, K, B]) )).

tiles_words(1, Colour, Text) :-
    !,
    colour_name(Colour, C, _),
    format(string(Text), "1 ~w", [C]).
tiles_words(N, Colour, Text) :-
    colour_name(Colour, _, Cs),
    format(string(Text), "~w ~w", [N, Cs]).

source_words(centre, "del centro").
source_words(factory(I), Text) :-
    N is I + 1,
    format(string(Text), "de la fábrica ~w", [N]).

line_words(floor, "en el suelo") :- !.
line_words(L, Text) :-
    format(string(Text), "en la fila ~w", [L]).

overflow_words(floor, _, 0, "") :- !.
overflow_words(floor, _, ToLid, Text) :-
    !,
    format(string(Text), " (~w a la tapa: el suelo está lleno)", [ToLid]).
overflow_words(_, 0, 0, "") :- !.
overflow_words(_, ToFloor, 0, Text) :-
    !,
    format(string(Text), " (~w al suelo)", [ToFloor]).
overflow_words(_, ToFloor, ToLid, Text) :-
    format(string(Text), " (~w al suelo y ~w a la tapa: el suelo está lleno)", [ToFloor, ToLid]).

reason_words(row_complete, "un jugador completó una fila del muro").
reason_words(no_tiles, "no quedan azulejos para jugar").

help(Out) :-
    format(Out, "Escriba Origen-Color-Fila., p. ej. 2-rojo-3. (los rojos de la fábrica 2 a la fila 3)~n", []),
    format(Out, "o centro-azul-suelo.; jugadas. las lista, ayuda. muestra esto, salir. abandona.~n", []),
    format(Out, "Colores: A azul, M amarillo, R rojo, N negro, B blanco; 1 es la ficha de jugador inicial.~n", []).
