:- module(gorogo_protocol, []).

/** <module> GoRoGo: the web protocol (tablero.pl)

This module only defines clauses of the multifile hooks of prolog/tablero.pl
for the game gorogo: it exports nothing.  The rules it calls are in rules.pl
(gorogo_rules), the machine player in machine.pl (gorogo_machine).

A game is gorogo_game(options(Black, White, Depth), State, Last), where State
is the rules' state term (board.pl), Last is none or
last(Side, Piece, Row, Col, Captured) and Captured is a list of [Row, Col].

    options  {"black": "human"|"machine", "white": "human"|"machine",
             "depth": 1..8}, by default human, machine and 4.
    action   {"kind": "place", "piece": "regular"|"henge", "pos": [Row, Col]},
             0-based, row 0 at the top; without "piece", the opening
             placement is the Henge and any other a regular piece.
    view     board: 5 strings of 5 characters (. B W H), row 0 first;
             to_move "b"|"w"; phase "opening_henge"|"play";
             in_hand {b: {regular, henge}, w: {regular, henge}};
             captures {b, w}; last: null or {by, piece, pos, captured};
             legal {regular: [[Row, Col], ...], henge: [...]}; status {en, es};
             over; winner "b"|"w"|null; result "B+2" (the capture margin;
             "W+0" is a tie) or "W+F" (Black had no legal placement) or null;
             result_reason "captures"|"no_legal_move"|null; players {b, w};
             depth.
    refusals invalid: bad_option, bad_action, bad_pos (pos is not two
             integers, or off the board); refused: game_over, occupied, henge_first,
             no_regular_left, no_henge_left, last_piece_henge, suicide.  A
             refusal's explain names the jogada/3 query that failed.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../tablero').
:- use_module(board).
:- use_module(rules).
:- use_module(machine).

tablero:game(gorogo).

tablero:game_new(gorogo, Options, gorogo_game(options(Black, White, Depth), State, none)) :-
    dict_pairs(Options, _, Pairs),
    forall(member(Key-_, Pairs), known_option(Key)),
    option_player(black, Options, "human", Black),
    option_player(white, Options, "machine", White),
    option_depth(Options, Depth),
    gorogo_initial(State).

known_option(Key) :-
    (   memberchk(Key, [black, white, depth])
    ->  true
    ;   format(string(Msg), "Unknown option ~w: the options are black, white and depth", [Key]),
        throw(tablero(invalid, bad_option, Msg))
    ).

option_player(Key, Options, Default, Player) :-
    get_dict_default(Key, Options, Default, Value),
    (   player_name(Player, Value)
    ->  true
    ;   format(string(Msg), "Option ~w must be \"human\" or \"machine\"", [Key]),
        throw(tablero(invalid, bad_option, Msg))
    ).

option_depth(Options, Depth) :-
    default_depth(Default),
    get_dict_default(depth, Options, Default, Depth),
    (   integer(Depth), between(1, 8, Depth)
    ->  true
    ;   throw(tablero(invalid, bad_option, "Option depth must be an integer from 1 to 8"))
    ).

default_depth(4).

get_dict_default(Key, Dict, Default, Value) :-
    (   get_dict(Key, Dict, Value0)
    ->  Value = Value0
    ;   Value = Default
    ).

player_name(human, "human").
player_name(machine, "machine").

piece_name(regular, "regular").
piece_name(henge, "henge").

tablero:game_act(gorogo, gorogo_game(Options, State0, _), Action,
                 gorogo_game(Options, State, Last), Explain) :-
    action_move(Action, State0, Move),
    move_query(State0, Move, Query),
    (   gorogo_over(State0, _, _)
    ->  refuse(game_over, "gorogo_over(State, Winner, Reason)"-"true")
    ;   gorogo_refusal(State0, Move, Code)
    ->  format(string(Answer), "false: ~w", [Code]),
        refuse(Code, Query-Answer)
    ;   true
    ),
    gorogo_place(State0, Move, State),
    last_move(State0, Move, State, Last),
    explain(State0, Query, State, Last, Explain).

%   move_query(+State, +Move, -Query): Move as the report's jogada/3 query.
move_query(gorogo(_, Side, _, _, _), place(Piece, R, C), Query) :-
    side_code(Side, Player),
    piece_code(Piece, Player, Code),
    format(string(Query), "jogada(~w, ~w, ~w)", [Code, R, C]).

action_move(Action, State0, place(Piece, R, C)) :-
    (   get_dict(kind, Action, "place")
    ->  true
    ;   throw(tablero(invalid, bad_action, "An action is {\"kind\":\"place\", \"piece\":\"regular\"|\"henge\", \"pos\":[R,C]}"))
    ),
    (   get_dict(piece, Action, Name)
    ->  (   piece_name(Piece, Name)
        ->  true
        ;   throw(tablero(invalid, bad_action, "The piece must be \"regular\" or \"henge\""))
        )
    ;   State0 = gorogo(_, _, _, _, opening_henge)
    ->  Piece = henge
    ;   Piece = regular
    ),
    (   get_dict(pos, Action, [R, C]), integer(R), integer(C)
    ->  true
    ;   throw(tablero(invalid, bad_pos, "The position must be a list [Row, Col] of two integers"))
    ).

refuse(Code, Explain) :-
    gorogo_refusal_message(Code, Msg),
    (   Code == bad_pos -> Kind = invalid ; Kind = refused ),   % off the board: HTTP 400, as in Go
    throw(tablero(Kind, Code, Msg, [Explain])).

last_move(gorogo(Board0, Side, _, _, _), place(Piece, R, C), gorogo(Board, _, _, _, _),
          last(Side, Piece, R, C, Captured)) :-
    findall([R1, C1], ( cell(Board0, R1, C1, V0), V0 =\= 0, cell(Board, R1, C1, 0) ),
            Captured).

explain(gorogo(_, Side, _, _, _), Q1, State, last(_, _, _, _, Captured),
        [Q1-"true", Q2-A2|Over]) :-
    side_code(Side, Player),
    format(string(Q2), "updateTable(Board, ~w)", [Player]),
    length(Captured, N),
    (   N =:= 0
    ->  A2 = "true: no capture"
    ;   format(string(A2), "true: captures ~w at ~w", [N, Captured])
    ),
    (   gorogo_over(State, Winner, Reason)
    ->  format(string(A3), "Winner = ~w, Reason = ~w", [Winner, Reason]),
        Over = ["gorogo_over(State, Winner, Reason)"-A3]
    ;   Over = []
    ).

tablero:game_view(gorogo, gorogo_game(options(Black, White, Depth), State, Last), View) :-
    State = gorogo(Board, Side, hand(BR, BH, WR, WH), captures(CB, CW), Phase),
    maplist(row_text, Board, Rows),
    findall([R, C], gorogo_legal(State, place(regular, R, C)), LegalRegular),
    findall([R, C], gorogo_legal(State, place(henge, R, C)), LegalHenge),
    player_name(Black, BName),
    player_name(White, WName),
    last_json(Last, LastJSON),
    outcome(State, Over, Winner, Result, Reason),
    status(State, Status),
    View = _{ board: Rows, to_move: Side, phase: Phase,
              in_hand: _{ b: _{regular: BR, henge: BH}, w: _{regular: WR, henge: WH} },
              captures: _{b: CB, w: CW},
              last: LastJSON,
              legal: _{regular: LegalRegular, henge: LegalHenge},
              status: Status, over: Over, winner: Winner, result: Result,
              result_reason: Reason,
              players: _{b: BName, w: WName}, depth: Depth }.

row_text(Row, Text) :-
    maplist(code_char, Row, Chars),
    string_chars(Text, Chars).

code_char(0, '.').
code_char(1, 'B').
code_char(2, 'W').
code_char(3, 'H').

last_json(none, null).
last_json(last(Side, Piece, R, C, Captured),
          _{by: Side, piece: Piece, pos: [R, C], captured: Captured}).

outcome(State, Over, Winner, Result, Reason) :-
    (   gorogo_over(State, Winner, Reason)
    ->  Over = true,
        result_text(State, Winner, Reason, Result)
    ;   Over = false, Winner = null, Result = null, Reason = null
    ).

%   "B+2": Black won by 2 captures ("W+0": a tie, won by White); "W+F": White
%   won because Black had no legal placement.
result_text(gorogo(_, _, _, captures(CB, CW), _), Winner, Reason, Result) :-
    upcase_atom(Winner, W),
    (   Reason == captures
    ->  Margin is abs(CB - CW),
        format(string(Result), "~w+~w", [W, Margin])
    ;   format(string(Result), "~w+F", [W])
    ).

status(State, _{en: En, es: Es}) :-
    State = gorogo(_, Side, _, captures(CB, CW), Phase),
    (   gorogo_over(State, Winner, Reason)
    ->  over_status(Reason, Winner, CB, CW, En, Es)
    ;   Phase == opening_henge
    ->  En = "White: place the surplus Henge anywhere",
        Es = "Blanco: coloca la Henge sobrante donde quieras"
    ;   in_hand(State, R, H),
        colour_names(Side, EnName, EsName),
        format(string(En), "~w to place: ~w regular and ~w Henge in hand", [EnName, R, H]),
        format(string(Es), "Coloca ~w: ~w normales y ~w Henge en mano", [EsName, R, H])
    ).

over_status(captures, Winner, CB, CW, En, Es) :-
    colour_names(Winner, EnName, EsName),
    (   CB =:= CW
    ->  format(string(En), "White wins: ~w to ~w in captures, and a tie goes to White", [CB, CW]),
        format(string(Es), "Gana Blanco: ~w a ~w en capturas, y el empate es de Blanco", [CB, CW])
    ;   format(string(En), "~w wins on captures, ~w to ~w", [EnName, CB, CW]),
        format(string(Es), "Gana ~w por capturas, ~w a ~w", [EsName, CB, CW])
    ).
over_status(no_legal_move, Winner, _, _, En, Es) :-
    colour_names(Winner, EnName, EsName),
    other(Winner, Loser),
    colour_names(Loser, EnLoser, EsLoser),
    format(string(En), "~w wins: ~w has no legal placement", [EnName, EnLoser]),
    format(string(Es), "Gana ~w: ~w no tiene colocación legal", [EsName, EsLoser]).

colour_names(b, "Black", "Negro").
colour_names(w, "White", "Blanco").

tablero:game_seat(gorogo, gorogo_game(options(B, W, _), gorogo(_, P, _, _, _), _), Seat) :-
    (   memberchk(P, [b, "b"]) -> Seat = B ; Seat = W ).

tablero:game_machine(gorogo, gorogo_game(options(_, _, Depth), State, _),
                     _{kind: "place", piece: Name, pos: [R, C]}) :-
    gorogo_best_move(State, Depth, place(Piece, R, C)),
    piece_name(Piece, Name).
