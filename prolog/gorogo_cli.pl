:- module(gorogo_cli,
          [ gorogo/2,               % +Black, +White
            gorogo/3,               % +Black, +White, +Depth
            play_gorogo/4           % +In, +Players, +State0, -State
          ]).

/** <module> GoRoGo in a terminal

A text game of GoRoGo over the rules of gorogo.pl, with the report's board
(print_state/1: B, W and H, row and column numbers around it):

    ?- use_module(prolog/gorogo_cli).
    ?- gorogo(humano, maquina).

Each player is humano (placements typed at the terminal) or maquina (the
machine player, gorogo_best_move/3, searching Depth placements; gorogo/2 uses
4).  A human types a placement as "Row Col" (a regular piece, or the surplus
Henge in the opening) or "h Row Col" (a Henge), rows and columns from 0 to 4,
row 0 at the top; "q" stops the game.  A line that is not a placement, or a
placement the rules refuse, gets a message and the question again.  Machine
placements are shown as they are played, and the result at the end.

play_gorogo/4 is the game loop with its input stream as an argument, so that
the tests can play it with a string for a keyboard.
*/

:- use_module(library(error)).
:- use_module(library(readutil)).
:- use_module(gorogo).

%!  gorogo(+Black, +White) is det.
%
%   Plays a game in the terminal; Black and White are humano or maquina.
gorogo(Black, White) :-
    gorogo(Black, White, 4).

%!  gorogo(+Black, +White, +Depth) is det.
%
%   As gorogo/2, the machine searching Depth placements (1 to 8).
gorogo(Black, White, Depth) :-
    must_be(oneof([humano, maquina]), Black),
    must_be(oneof([humano, maquina]), White),
    must_be(between(1, 8), Depth),
    gorogo_initial(State0),
    play_gorogo(user_input, players(Black, White, Depth), State0, _).

%!  play_gorogo(+In, +Players, +State0, -State) is det.
%
%   Plays from State0 until the game is over or a human stops it; State is
%   the last state.  Players is players(Black, White, Depth).  Human
%   placements are read from the stream In; everything is written to the
%   current output.
play_gorogo(In, Players, State0, State) :-
    State0 = gorogo(Board, Side, _, _, _),
    nl,
    print_state(Board),
    (   gorogo_over(State0, Winner, Reason)
    ->  announce(State0, Winner, Reason),
        State = State0
    ;   show_turn(State0),
        player(Players, Side, Kind, Depth),
        turn(Kind, In, Depth, State0, Move),
        (   Move == quit
        ->  format("Game stopped.~n"),
            State = State0
        ;   gorogo_place(State0, Move, State1),
            play_gorogo(In, Players, State1, State)
        )
    ).

player(players(Black, _, Depth), b, Black, Depth).
player(players(_, White, Depth), w, White, Depth).

show_turn(gorogo(_, Side, hand(BR, BH, WR, WH), captures(CB, CW), Phase)) :-
    colour(Side, Name),
    (   Phase == opening_henge
    ->  format("~w places the surplus Henge.~n", [Name])
    ;   format("~w to place.  In hand: Black ~w + ~w H, White ~w + ~w H.  Captures: Black ~w, White ~w.~n",
               [Name, BR, BH, WR, WH, CB, CW])
    ).

turn(maquina, _, Depth, State, Move) :-
    gorogo_best_move(State, Depth, Move),
    State = gorogo(_, Side, _, _, _),
    colour(Side, Name),
    Move = place(Piece, R, C),
    piece_words(Piece, Words),
    format("~w (machine) places ~w at ~w ~w.~n", [Name, Words, R, C]).
turn(humano, In, _, State, Move) :-
    State = gorogo(_, Side, _, _, _),
    colour(Side, Name),
    format("~w, your placement (row col, h row col for a Henge, q to stop): ", [Name]),
    flush_output,
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  Move = quit
    ;   typed_move(Line, State, Move0, Error)
    ->  (   Error == none
        ->  Move = Move0
        ;   format("~w~n", [Error]),
            turn(humano, In, _, State, Move)
        )
    ).

%   typed_move(+Line, +State, -Move, -Error): Move is what Line asks for and
%   Error is none, or Error says why it cannot be played.
typed_move(Line, State, Move, Error) :-
    split_string(Line, " \t,", " \t,", Words0),
    exclude(==(""), Words0, Words),
    (   words_move(Words, State, Move)
    ->  (   Move == quit
        ->  Error = none
        ;   gorogo_refusal(State, Move, Code)
        ->  gorogo_refusal_message(Code, Error)
        ;   Error = none
        )
    ;   Move = none,
        Error = "Type a row and a column from 0 to 4, e.g. 2 3, or h 2 3 for a Henge."
    ).

words_move(["q"], _, quit).
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

announce(State, Winner, Reason) :-
    State = gorogo(_, Loser, _, captures(CB, CW), _),
    colour(Winner, Name),
    (   Reason == captures
    ->  format("~w wins: captures Black ~w, White ~w (a tie goes to White).~n", [Name, CB, CW])
    ;   colour(Loser, LoserName),
        format("~w wins: ~w has no legal placement.~n", [Name, LoserName])
    ).

colour(b, "Black").
colour(w, "White").

piece_words(regular, "a regular piece").
piece_words(henge, "a Henge").

% Example: paste into swipl after ?- use_module(prolog/gorogo_cli).  White
% types the surplus Henge on 2 2; Black's input then ends, which stops the
% game (the boards and prompts are written as well).
%
%?- gorogo:gorogo_initial(S0), open_string("2 2\n", In),
%   play_gorogo(In, players(humano, humano, 1), S0, gorogo(Board, ToMove, _, _, _)).
%@ Board = [[0,0,0,0,0],[0,0,0,0,0],[0,0,3,0,0],[0,0,0,0,0],[0,0,0,0,0]],
%@ ToMove = b.
