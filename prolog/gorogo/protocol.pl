:- module(gorogo_protocol, []).  % only clauses of the tablero:game_* hooks

/** <module> GoRoGo: the Tablero protocol (game `gorogo`)

Start reading at prolog/gorogo.pl (the entry module).  This module plugs
GoRoGo into prolog/tablero.pl: the game's options and refusals as data, and
its clauses of the hooks, turning JSON dicts into placements of the rules
and games into JSON-ready views.  It exports nothing.  Every placement, a
person's or the machine's, is judged and played by the course's rules
(course.pl: gorogo_refusal/3, gorogo_place/3), and the view's legal
placements and result are theirs too; the machine chooses its placement
with the bit-mask engine (machine.pl over rules.pl).

## The state term

    gorogo_game(options(Black, White, Depth), State, Last)

State is the rules' state term (documented in board.pl); Black and White
are human or machine; Depth is the machine's search depth; Last is none or
last(Side, Piece, Row, Col, Captured), the last placement, Captured the
[Row, Col] of the pieces it removed.

## The protocol

  - Options: `black` and `white` "human" or "machine" (default human and
    machine), `depth` 1..5 (default 4), the placements the machine looks
    ahead.  Depth 6 takes 9 to 11 s of CPU for Black's first placement on
    this machine, so the range stops at 5 (about 2 s); machine.pl has the
    timing table.
  - The machine's time budget: 5 s a placement (machine_seconds/1).  The
    machine answers gorogo_timed_move/4's placement: that of the search the
    depth asks for, or, should a busy server or a long search to the end of
    the game not finish it in 5 s, that of the deepest search that did.
  - Actions: `{"kind":"place", "piece":"regular"|"henge", "pos":[Row, Col]}`,
    0-based, row 0 at the top; without "piece", White's opening placement
    is the surplus Henge and any other a regular piece.  Declared with
    game_action/3, so tablero refuses another kind or field.
  - Format (game_format/2): 2, since the last-piece rule is read literally
    (a player holding only two Henge may place one) and the view took the
    shared vocabulary: stored games of format 1 are replayed.
  - View: board (5 strings of 5 characters, `.` `B` `W` `H`, row 0 first),
    to_move ("b"|"w", null when over), phase ("opening_henge"|"play"),
    in_hand ({b: {regular, henge}, w: {...}}), captures ({b, w}), last (null
    or {player, kind: "place", piece, pos, captured}), legal ({regular:
    [[Row, Col], ...], henge: [...]}), status ({en, es}: a sentence for the
    status line), over, result (null, or {code: "captures"|"no_legal_move",
    winner: "b"|"w", message, margin: "B+2" (won by 2 captures; "W+0" is a
    tie, which goes to White) or "W+F" (Black had no legal placement)}),
    depth.
  - Seats: {b, w}, each "human" or "machine".
  - Show (game_show/3): the report's text board, print_state/1 of course.pl.
  - Score (game_score/3): {captures: {b, w}, in_hand: {b: {regular, henge},
    w: {...}}, leader: the player who wins if the game ends on captures now
    ("w" on a tie), margin: "B+2"|"W+0"|... as result.margin would say}.
  - Refusals: GoRoGo's own are henge_first (the opening placement must be
    the Henge), no_regular_left, no_henge_left, last_piece_henge (a Henge may
    not be the player's last piece; the web never meets it, as a player
    holding one Henge and nothing else has lost) and suicide; the rest are
    tablero's (bad_kind and bad_field for an undeclared kind or field,
    bad_action for a malformed piece or pos, off_board, occupied, game_over,
    machine_turn).  A refusal's explain is the gorogo_refusal/3 goal that
    gave its code, the game's state bound.
  - Explain: complete goals on course.pl's predicates with the state
    written in (gorogo_refusal/3, gorogo_place/3, gorogo_over/3), and the
    machine's choice as its gorogo_best_move/3 goal (game_machine/3).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module('../tablero').
:- use_module('../tablero/contract', [level_number/4]).
:- use_module(board, [cell/4, other/2]).
:- use_module(course).
:- use_module(rules, [in_hand/3]).
:- use_module(machine).

tablero:game(gorogo).
tablero:game_info(gorogo, _{order: 3, title: _{en: "GoRoGo", es: "GoRoGo"},
                            description: _{en: "A 5×5 capture game with neutral Henge pieces.",
                                             es: "Un juego de capturas en 5×5 con piezas Henge neutrales."},
                          console: _{hint: _{en: "Board is the board now (0 empty, 1 black, 2 white, 3 Henge), State the game, Player the player to move (1 or 2); jogada/3 plays on this position.",
                                              es: "Board es el tablero ahora (0 vacío, 1 negra, 2 blanca, 3 Henge), State la partida, Player quien juega (1 o 2); jogada/3 juega sobre esta posición."},
                                     example: "gorogo_legal(State, M)"}}).

%   Playing the computer: the depth of the machine's search; White moves
%   first (it places the surplus Henge).
tablero:game_difficulty(gorogo, easy,   machine, _{depth: 1}).
tablero:game_difficulty(gorogo, medium, machine, _{depth: 2}).
tablero:game_difficulty(gorogo, hard,   machine, _{depth: 4}).
tablero:game_computer(gorogo, _{seats: [w-white, b-black]}).

%   Tournaments (prolog/tablero/contract.pl): a pairing's first player is
%   Black (who moves second); our machine's levels are the search's depth.
%   A student's machine_move/2 is given the course's gorogo/5 and answers
%   place(Piece, X, Y), Piece regular or henge.
tablero:game_tournament(gorogo, _{levels: ['1', '2', '3', '4', '5'],
                                  seats: [b-black, w-white]}).
tablero:game_student_state(gorogo, gorogo_game(_, State, _), State).
tablero:game_student_action(gorogo, _, place(Piece, X, Y),
                            _{kind: "place", piece: Name, pos: [X, Y]}) :-
    integer(X), integer(Y),
    memberchk(Piece-Name, [regular-"regular", henge-"henge"]).
tablero:game_machine_level(gorogo, Level, gorogo_game(options(B, W, Depth0), S, L), Action) :-
    level_number(gorogo, Level, Depth0, Depth),
    tablero:game_machine(gorogo, gorogo_game(options(B, W, Depth), S, L), Action).

%   The console: Board (the documents' 5x5 matrix of 0-3), State and Player
%   (1/2, to move) are bound; jogada/3 and updateTable/2 play on this
%   position (gorogo_set_current/1).
tablero:game_console(gorogo, [gorogo]).
tablero:game_console_bound(gorogo, gorogo_game(_, State, _), Bound) :-
    State = gorogo(Board, ToMove, _, _, _),
    (   \+ gorogo_over(State, _, _),
        console_side(ToMove, Player)
    ->  Bound = ['Board'=Board, 'State'=State, 'Player'=Player]
    ;   Bound = ['Board'=Board, 'State'=State]
    ).
tablero:game_console_prepare(gorogo, gorogo_game(_, State, _)) :-
    gorogo_set_current(State).

console_side(b, 1).
console_side(w, 2).

tablero:game_format(gorogo, 2).

tablero:game_action(gorogo, place, [piece, pos]).

tablero:game_option(gorogo, black, oneof([human, machine]), human).
tablero:game_option(gorogo, white, oneof([human, machine]), machine).
tablero:game_option(gorogo, depth, integer(1, 5), 4).

tablero:game_refusal(gorogo, henge_first, refused,
                     "White's first placement is the surplus Henge").
tablero:game_refusal(gorogo, no_regular_left, refused,
                     "You have no regular piece left").
tablero:game_refusal(gorogo, no_henge_left, refused,
                     "You have no Henge left").
tablero:game_refusal(gorogo, last_piece_henge, refused,
                     "A Henge may not be your last piece: keep another piece in hand").
tablero:game_refusal(gorogo, suicide, refused,
                     "A regular piece may not go where its group has no empty neighbour, unless it captures").

tablero:game_new(gorogo, Options, gorogo_game(options(Black, White, Depth), State, none)) :-
    option(black(Black), Options),
    option(white(White), Options),
    option(depth(Depth), Options),
    gorogo_initial(State).

%   The explain is the course's queries as complete goals, State0 written
%   in each as its Prolog text (term_string/2, as ~q writes it): pasted into
%   `swipl prolog/gorogo.pl`
%   each gives the answer shown (tests/test_panel_paste.py).  The machine's
%   choice, when the machine made it, comes first (tablero:machine_pairs/4).
tablero:game_act(gorogo, gorogo_game(Options, State0, _), Action,
                 gorogo_game(Options, State, Last), Explain) :-
    action_move(Action, State0, Move),
    term_string(State0, S0T),
    term_string(Move, MT),
    machine_pairs(gorogo, State0, Move, Machine),
    (   gorogo_over(State0, Winner, Reason)
    ->  atomics_to_string(["gorogo_over(", S0T, ", Winner, Reason)"], QO),
        answer_text(['Winner'=Winner, 'Reason'=Reason], AO),
        refuse(gorogo, game_over, [QO-AO])
    ;   true
    ),
    atomics_to_string(["gorogo_refusal(", S0T, ", ", MT, ", Code)"], QR),
    (   gorogo_refusal(State0, Move, Code)
    ->  answer_text(['Code'=Code], AR),
        append(Machine, [QR-AR], Refused),
        refuse(gorogo, Code, Refused)
    ;   true
    ),
    gorogo_place(State0, Move, State),
    last_move(State0, Move, State, Last),
    explain(S0T, MT, State, Explain0),
    append(Machine, [QR-"false"|Explain0], Explain).

tablero:game_machine(gorogo, gorogo_game(options(_, _, Depth), State, _),
                     _{kind: "place", piece: Name, pos: [R, C]}) :-
    machine_seconds(Seconds),
    gorogo_timed_move(State, Depth, Seconds, Move, Search),
    Move = place(Piece, R, C),
    piece_name(Piece, Name),
    (   Search = best_move(D)
    ->  format(string(Goal), "gorogo_best_move(~q, ~d, Move)", [State, D]),
        (   D < Depth
        ->  format(string(Q), "machine, depth ~d of ~d: ~s", [D, Depth, Goal])
        ;   string_concat("machine: ", Goal, Q)
        )
    ;   format(string(Q), "machine, not exact: gorogo_best_move(~q, ~d, Move)", [State, Depth])
    ),
    answer_text(['Move'=Move], A),
    machine_decision(gorogo, State, Move, Q-A).

%   machine_seconds(-Seconds): the machine's time budget for a placement.
machine_seconds(5).

tablero:game_seats(gorogo, gorogo_game(options(Black, White, _), _, _), _{b: Black, w: White}).

%   A state read from text (a stored game, Python's from_position()) that is
%   no gorogo_game/3 term as the header above and prolog/gorogo/board.pl
%   describe it is refused (bad_state) rather than drawn or played on: a row
%   of two points, a piece code 7, a hand of -1.
tablero:game_state_problem(gorogo, Game, Problem) :-
    \+ well_formed(Game),
    Problem = "it is not a state of gorogo (a gorogo_game/3 term as prolog/gorogo/protocol.pl describes it)".

%   well_formed(+Game): Game is gorogo_game(options(B, W, Depth), State, Last)
%   with each part of the right kind: Depth 1..5, State a gorogo/5 term with
%   5 rows of 5 codes 0..3, no more pieces in hand than a player starts with,
%   and Last none or a placement on the board.
%
%   ?- gorogo_initial(_S), well_formed(gorogo_game(options(human, machine, 4), _S, none)).
%   true.
%
%   ?- gorogo_initial(gorogo(_, C, H, K, P)),
%      well_formed(gorogo_game(options(human, machine, 4), gorogo([[0, 3]], C, H, K, P), none)).
%   false.
well_formed(gorogo_game(options(B, W, Depth),
                        gorogo(Board, ToMove, hand(BR, BH, WR, WH), captures(CB, CW), Phase),
                        Last)) :-
    memberchk(B, [human, machine]), memberchk(W, [human, machine]),
    integer(Depth), between(1, 5, Depth),
    is_list(Board), length(Board, 5),
    forall(member(Row, Board),
           ( is_list(Row), length(Row, 5),
             forall(member(Code, Row), ( integer(Code), between(0, 3, Code) )) )),
    memberchk(ToMove, [b, w]),
    forall(member(N-Most, [BR-10, BH-2, WR-10, WH-2]), ( integer(N), between(0, Most, N) )),
    integer(CB), CB >= 0, integer(CW), CW >= 0,
    memberchk(Phase, [opening_henge, play]),
    (   Last == none
    ->  true
    ;   Last = last(Side, Piece, R, C, Captured),
        memberchk(Side, [b, w]), memberchk(Piece, [regular, henge]),
        integer(R), between(0, 4, R), integer(C), between(0, 4, C),
        is_list(Captured),
        forall(member(P, Captured), ( P = [PR, PC], integer(PR), integer(PC),
                                      between(0, 4, PR), between(0, 4, PC) ))
    ),
    !.

tablero:game_view(gorogo, gorogo_game(options(_, _, Depth), State, Last), View) :-
    State = gorogo(Board, Side, Hand, Captures, Phase),
    maplist(row_text, Board, Rows),
    findall([R, C], gorogo_legal(State, place(regular, R, C)), LegalRegular),
    findall([R, C], gorogo_legal(State, place(henge, R, C)), LegalHenge),
    last_json(Last, LastJSON),
    (   gorogo_over(State, Winner, Reason)
    ->  Over = true, ToMove = null,
        result_json(State, Winner, Reason, Result)
    ;   Over = false, ToMove = Side, Result = null
    ),
    status(State, Status),
    hand_json(Hand, InHand),
    captures_json(Captures, CapturesJSON),
    View = _{ board: Rows, to_move: ToMove, phase: Phase,
              in_hand: InHand, captures: CapturesJSON, last: LastJSON,
              legal: _{regular: LegalRegular, henge: LegalHenge},
              status: Status, over: Over, result: Result, depth: Depth }.

tablero:game_show(gorogo, gorogo_game(_, gorogo(Board, _, _, _, _), _), Text) :-
    with_output_to(string(Text), print_state(Board)).

tablero:game_score(gorogo, gorogo_game(_, gorogo(_, _, Hand, Captures, _), _),
                   _{captures: CapturesJSON, in_hand: InHand, leader: Leader, margin: Margin}) :-
    Captures = captures(CB, CW),
    (   CB > CW -> Leader = b ; Leader = w ),
    margin_text(Leader, CB, CW, Margin),
    hand_json(Hand, InHand),
    captures_json(Captures, CapturesJSON).

                 /*******************************
                 *           ACTIONS            *
                 *******************************/

%   action_move(+Action, +State, -Move): the placement of an action dict;
%   a malformed one is refused as bad_action (a point off the board is
%   gorogo_refusal/3's off_board).
action_move(Action, State, place(Piece, R, C)) :-
    (   get_dict(kind, Action, "place"),
        action_piece(Action, State, Piece),
        get_dict(pos, Action, [R, C]), integer(R), integer(C)
    ->  true
    ;   refuse(gorogo, bad_action, [])
    ).

action_piece(Action, State, Piece) :-
    (   get_dict(piece, Action, Name)
    ->  piece_name(Piece, Name)
    ;   State = gorogo(_, _, _, _, opening_henge)
    ->  Piece = henge
    ;   Piece = regular
    ).

piece_name(regular, "regular").
piece_name(henge, "henge").

last_move(gorogo(Board0, Side, _, _, _), place(Piece, R, C), gorogo(Board, _, _, _, _),
          last(Side, Piece, R, C, Captured)) :-
    findall([R1, C1], ( cell(Board0, R1, C1, V0), V0 =\= 0, cell(Board, R1, C1, 0) ),
            Captured).

%   explain(+S0T, +MT, +State, -Explain): the goals of an accepted
%   placement (written MT) on the state written S0T: the state after it (its
%   board, hands and captures) and, when it ends the game, the winner.
explain(S0T, MT, State, [QP-AP|Over]) :-
    atomics_to_string(["gorogo_place(", S0T, ", ", MT, ", State)"], QP),
    answer_text(['State'=State], AP),
    (   gorogo_over(State, Winner, Reason)
    ->  atomics_to_string(["gorogo_place(", S0T, ", ", MT, ", _S), gorogo_over(_S, Winner, Reason)"], QO),
        answer_text(['Winner'=Winner, 'Reason'=Reason], AO),
        Over = [QO-AO]
    ;   Over = []
    ).

                 /*******************************
                 *             VIEW             *
                 *******************************/

row_text(Row, Text) :-
    maplist(code_char, Row, Chars),
    string_chars(Text, Chars).

code_char(0, '.').
code_char(1, 'B').
code_char(2, 'W').
code_char(3, 'H').

hand_json(hand(BR, BH, WR, WH),
          _{b: _{regular: BR, henge: BH}, w: _{regular: WR, henge: WH}}).

captures_json(captures(CB, CW), _{b: CB, w: CW}).

last_json(none, null).
last_json(last(Side, Piece, R, C, Captured),
          _{player: Side, kind: place, piece: Piece, pos: [R, C], captured: Captured}).

result_json(State, Winner, Reason,
            _{code: Reason, winner: Winner, message: Message, margin: Margin}) :-
    State = gorogo(_, _, _, captures(CB, CW), _),
    (   Reason == captures
    ->  margin_text(Winner, CB, CW, Margin)
    ;   upcase_atom(Winner, W),
        format(string(Margin), "~w+F", [W])
    ),
    status(State, _{en: Message, es: _}).

%   margin_text(+Winner, +CB, +CW, -Margin): "B+2", Black ahead by 2
%   captures; "W+0", a tie, which goes to White.
margin_text(Winner, CB, CW, Margin) :-
    upcase_atom(Winner, W),
    N is abs(CB - CW),
    format(string(Margin), "~w+~w", [W, N]).

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
        (   R =:= 1 -> Normal = "normal" ; Normal = "normales" ),
        format(string(Es), "Coloca ~w: ~w ~w y ~w Henge en mano", [EsName, R, Normal, H])
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

%   The panel's goals: every query of this game's explain is already a
%   complete goal, the state bound (written_goals/2); a placement's goal
%   carries the rules' words about what it captured.
tablero:game_goals(gorogo, Context, Explain, Goals) :-
    written_goals(Explain, Goals0),
    (   get_dict(after, Context, After), is_dict(After),
        get_dict(last, After, Last), is_dict(Last),
        get_dict(captured, Last, Captured), is_list(Captured)
    ->  length(Captured, N),
        format(string(Words), "~d piece(s) captured", [N]),
        maplist(placement_words(Words), Goals0, Goals)
    ;   Goals = Goals0
    ).

placement_words(Words, Goal0, Goal) :-
    (   get_dict(goal, Goal0, G),
        sub_string(G, 0, _, _, "gorogo_place(")
    ->  put_dict(words, Goal0, Words, Goal)
    ;   Goal = Goal0
    ).

%   Lost on time (prolog/clock.pl): the margin as SGF writes a time loss ("B+T").
tablero:game_time_result(gorogo, Loser, Winner,
                         _{code:"time", winner:Winner, reason:"time", message:Message,
                           margin:Margin}) :-
    string_upper(Winner, W),
    format(string(Margin), "~w+T", [W]),
    atom_string(LA, Loser),
    atom_string(WA, Winner),
    colour_names(LA, L, _),
    colour_names(WA, N, _),
    format(string(Message), "~w lost on time: ~w wins.", [L, N]).
