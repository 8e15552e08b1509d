:- module(gorogo_cli,
          [ gorogo/2,               % +Black, +White
            gorogo/3,               % +Black, +White, +Options
            play_gorogo/4           % +In, +Options, +State0, -State
          ]).

/** <module> GoRoGo in a terminal

A text game of GoRoGo judged by the course's rules (prolog/gorogo/course.pl):
like the report's game it keeps the game in progress as the stored game
(gorogo_set_current/1) and draws it with the report's print_state/0 (B, W
and H, row and column numbers around it); each typed placement is refused
with gorogo_refusal/3's reason or played with gorogo_place/3, and the
machine chooses with the bit-mask engine (gorogo_best_move/3).  It speaks
Portuguese, the course's language; English on request:

    ?- use_module(prolog/gorogo).        % or prolog/gorogo_cli
    ?- gorogo(humano, maquina).
    ?- gorogo(humano, maquina, [lang(en), depth(5)]).

Each player is humano (placements typed at the terminal) or maquina (the
machine player, gorogo_best_move/3, searching 4 placements deep unless the
option depth says otherwise, 1 to 5).  A human types a placement as
"Row Col" (a regular piece, or the surplus Henge in the opening) or
"h Row Col" (a Henge), rows and columns from 0 to 4, row 0 at the top; "q"
(or "sair") stops the game.  A full stop at the end of the line may be
typed or left out.  A line that is not a placement, or a placement the rules
refuse, gets a message and the question again.  Machine placements are shown
as they are played, and the result at the end.

Every sentence is a message term gorogo(Message) printed with
print_message_lines/3; its words, Portuguese and English, are in
prolog/gorogo/messages.pl (prolog:message//1,2), chosen by the flag
message_language, which the game sets for its duration.

play_gorogo/4 is the game loop with its input stream as an argument, so that
the tests can play it with a string for a keyboard.
*/

:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(readutil)).
:- use_module(gorogo/course).
:- use_module(gorogo/machine, [gorogo_best_move/3]).
:- use_module(gorogo/messages, []).

%!  gorogo(+Black, +White) is det.
%
%   Plays a game in the terminal, in Portuguese; Black and White are humano
%   or maquina.
gorogo(Black, White) :-
    gorogo(Black, White, []).

%!  gorogo(+Black, +White, +Options) is det.
%
%   As gorogo/2, with the options depth(Depth) (the machine's search, 1 to
%   5; default 4) and lang(Lang) (pt, the default, or en).
gorogo(Black, White, Options) :-
    must_be(list, Options),
    gorogo_initial(State0),
    play_gorogo(user_input, [black(Black), white(White)|Options], State0, _).

%!  play_gorogo(+In, +Options, +State0, -State) is det.
%
%   Plays from State0 until the game is over or a human stops it; State is
%   the last state.  Options are black(Player) and white(Player) (humano, the
%   default, or maquina), depth(Depth) and lang(Lang) as for gorogo/3.
%   Human placements are read from the stream In; everything is written to
%   the current output.
%
%   White types the surplus Henge on 2 2; Black's input then ends, which
%   stops the game:
%
%   ?- open_string("2 2.\n", _In),
%      with_output_to(string(_),
%          play_gorogo(_In, [],
%                      gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%                             w, hand(10,2,10,2), captures(0,0), opening_henge),
%                      gorogo(Board, ToMove, _, _, _))).
%   Board = [[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%   ToMove = b.
play_gorogo(In, Options, State0, State) :-
    option(black(Black), Options, humano),
    option(white(White), Options, humano),
    option(depth(Depth), Options, 4),
    option(lang(Lang), Options, pt),
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    must_be(between(1, 5), Depth),
    must_be(oneof([pt, en]), Lang),
    current_prolog_flag(message_language, Old),
    setup_call_cleanup(set_prolog_flag(message_language, Lang),
                       play(In, players(Black, White, Depth), State0, State),
                       set_prolog_flag(message_language, Old)).

play(In, Players, State0, State) :-
    State0 = gorogo(_, Side, Hand, Captures, Phase),
    gorogo_set_current(State0),
    nl,
    print_state,
    (   gorogo_over(State0, Winner, Reason)
    ->  (   Reason == captures
        ->  say(won(Winner, Captures))
        ;   say(won(Winner, no_legal_move))
        ),
        State = State0
    ;   (   Phase == opening_henge
        ->  say(opening(Side))
        ;   say(turn(Side, Hand, Captures))
        ),
        player(Players, Side, Kind, Depth),
        turn(Kind, In, Depth, State0, Move),
        (   Move == quit
        ->  say(stopped),
            State = State0
        ;   gorogo_place(State0, Move, State1),
            play(In, Players, State1, State)
        )
    ).

player(players(Black, _, Depth), b, Black, Depth).
player(players(_, White, Depth), w, White, Depth).

%   say(+Message): the message gorogo(Message) in the current language.
say(Message) :-
    phrase(prolog:translate_message(gorogo(Message)), Lines),
    print_message_lines(current_output, '', Lines).

turn(maquina, _, Depth, State, Move) :-
    gorogo_best_move(State, Depth, Move),
    State = gorogo(_, Side, _, _, _),
    Move = place(Piece, R, C),
    say(placed(Side, Piece, R, C)).
turn(humano, In, _, State, Move) :-
    State = gorogo(_, Side, _, _, _),
    say(prompt(Side)),
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  Move = quit
    ;   typed_move(Line, State, Move0, Problem),
        (   Problem == none
        ->  Move = Move0
        ;   say(Problem),
            turn(humano, In, _, State, Move)
        )
    ).

%   typed_move(+Line, +State, -Move, -Problem): Move is what Line asks for
%   and Problem is none, or the message that says why it cannot be played
%   (refused(Code), not_understood or help).
typed_move(Line, State, Move, Problem) :-
    split_string(Line, " \t,", " \t,.", Words0),
    exclude(==(""), Words0, Words),
    (   words_move(Words, State, Move)
    ->  (   Move = place(_, _, _),
            gorogo_refusal(State, Move, Code)
        ->  Problem = refused(Code)
        ;   Problem = none
        )
    ;   Words = [Word], memberchk(Word, ["ajuda", "help", "?"])
    ->  Move = none,
        Problem = help
    ;   Move = none,
        Problem = not_understood
    ).

words_move([Q], _, quit) :-
    memberchk(Q, ["q", "sair", "quit"]).
words_move([RS, CS], State, place(Piece, R, C)) :-
    number_string(R, RS),
    number_string(C, CS),
    (   State = gorogo(_, _, _, _, opening_henge)
    ->  Piece = henge
    ;   Piece = regular
    ).
words_move([H, RS, CS], _, place(henge, R, C)) :-
    memberchk(H, ["h", "H"]),
    number_string(R, RS),
    number_string(C, CS).
