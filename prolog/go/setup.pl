:- module(go_setup,
          [ handicap_points/3,       % +Size, +N, -Points
            setup_position/4,        % +Options, +Size, -Rows, -First
            setup_seats/4            % +Options, +Size, -Black, -White
          ]).

/** <module> Go: the position before the first move (handicap, setup stones) and the seats

Start reading at prolog/go.pl (the entry module).  go_rules:go_new/2 asks
this module for the position a game starts from and for who sits in each
seat.  A game starts from the empty board, or with stones already placed:

  - a *handicap* of 2 to 9 black stones on the standard points, the ones
    GNU Go's GTP command `fixed_handicap` names (handicap_points/3): on
    boards of 7x7 and more, at most 4 stones on even sizes and on 7x7, 9 on
    the others.  White then moves first.  A handicap of 0 or 1 places no
    stone (1 means Black moves first without komi in some rules: set the
    komi yourself).
  - *setup stones*: any black and white stones, as GTP vertices ("D4"),
    such as the AB and AW properties of an SGF file.  They are placed
    together with the handicap stones; two stones on one point, a vertex
    off the board, or a group left with no liberty are refused.

Who moves first is the option first(b or w): by default White after a
handicap of 2 or more, else Black.  A position the options cannot give is
refused with refusal(bad_option, [Message], []), which the Tablero protocol
answers as a bad_option with Message.

The seats: black(Who) and white(Who), Who one of human, machine (the
Prolog player of prolog/go/machine.pl) or gnugo (GNU Go, run by the server
for that seat: app/gnugo_seat.py), and level(L), GNU Go's level 1 to 10.
The rules ignore who sits where; GNU Go plays boards up to 19x19 only.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(option)).
:- use_module(library(assoc)).
:- use_module(board).

%!  handicap_points(+Size, +N, -Points) is semidet.
%
%   Points are the N standard handicap points of a Size x Size board as
%   ordered [Row, Col] pairs (row 0 at the top), the points GNU Go's
%   `fixed_handicap N` names: on the third line from the edge on boards up
%   to 11x11, on the fourth from 12x12; the corners first, then the middle
%   of the sides, and the centre for an odd N from 5.  Fails when the board
%   cannot take N stones (N from 2 to 9; boards from 7x7; at most 4 on even
%   sizes and on 7x7).
%
%   ?- handicap_points(9, 2, Ps).
%   Ps = [[2, 6], [6, 2]].
%
%   ?- handicap_points(19, 5, Ps).
%   Ps = [[3, 3], [3, 15], [9, 9], [15, 3], [15, 15]].
%
%   ?- handicap_points(8, 5, Ps).
%   false.
handicap_points(Size, N, Points) :-
    integer(Size), integer(N),
    handicap_max(Size, Max),
    between(2, Max, N),
    (   Size > 11 -> Low = 3 ; Low = 2 ),
    High is Size - 1 - Low,
    Mid is Size // 2,
    findall(P, handicap_point(N, Low, High, Mid, P), Ps),
    msort(Ps, Points).

%   handicap_max(+Size, -Max): the most handicap stones a board takes.
handicap_max(Size, Max) :-
    (   Size < 7 -> Max = 0
    ;   ( Size mod 2 =:= 0 ; Size =:= 7 ) -> Max = 4
    ;   Max = 9
    ).

%   handicap_point(+N, +Low, +High, +Mid, -Point): a point of a handicap of
%   N: each point below comes from the handicap written beside it on.
handicap_point(N, Low, High, Mid, P) :-
    member(From-P, [2-[Low, High], 2-[High, Low], 3-[Low, Low], 4-[High, High],
                    6-[Mid, Low], 6-[Mid, High], 8-[Low, Mid], 8-[High, Mid]]),
    N >= From.
handicap_point(N, _, _, Mid, [Mid, Mid]) :-
    N >= 5,
    N mod 2 =:= 1.

%!  setup_position(+Options, +Size, -Rows, -First) is det.
%
%   Rows (see board_rows/2) is the position before the first move of a
%   game of Size with the options handicap(N) (0 to 9, default 0),
%   black_stones(Vertices) and white_stones(Vertices) (GTP vertices, default
%   none) and first(b or w); First is the player who moves first, "b" or
%   "w".  Throws refusal(bad_option, [Message], []) for a handicap the board
%   cannot take, a vertex off the board, two stones on one point or a group
%   with no liberty.
%
%   ?- setup_position([handicap(2)], 9, Rows, First).
%   Rows = ["---------", "---------", "------b--", "---------", "---------", "---------", "--b------", "---------", "---------"],
%   First = "w".
%
%   ?- setup_position([white_stones(["A2"]), black_stones(["A1", "B2"])], 3, Rows, First).
%   Rows = ["---", "wb-", "b--"],
%   First = "b".
%
%   ?- catch(setup_position([white_stones(["A2", "B1"]), black_stones(["A1"])], 3, _, _),
%            refusal(bad_option, [M], _), true).
%   M = "The setup stones leave the black group at A1 with no liberty".
%
%   ?- catch(setup_position([handicap(5)], 10, _, _), refusal(bad_option, [M], _), true).
%   M = "A 10x10 board takes a handicap of at most 4 stones".
setup_position(Options, Size, Rows, First) :-
    option(handicap(N), Options, 0),
    must_be(between(0, 9), N),
    (   N < 2
    ->  Handicap = []
    ;   handicap_points(Size, N, Handicap)
    ->  true
    ;   handicap_max(Size, Max),
        (   Max =:= 0
        ->  refuse("A ~wx~w board takes no handicap stones (boards from 7x7 do)", [Size, Size])
        ;   refuse("A ~wx~w board takes a handicap of at most ~w stones", [Size, Size, Max])
        )
    ),
    option(black_stones(BlackV), Options, []),
    option(white_stones(WhiteV), Options, []),
    maplist(vertex_point(Size), BlackV, Black0),
    maplist(vertex_point(Size), WhiteV, White),
    append(Handicap, Black0, Black),
    append(Black, White, All),
    msort(All, Sorted),
    (   append(_, [P, P|_], Sorted)
    ->  point_vertex(Size, P, V),
        refuse("Two stones are set on ~w (handicap and setup stones)", [V])
    ;   true
    ),
    findall(Row, ( between(1, Size, R1), R is R1 - 1,
                   findall(Cell, ( between(1, Size, C1), C is C1 - 1,
                                   setup_cell(Black, White, [R, C], Cell) ),
                           Row) ),
            Board),
    has_liberties(Size, Black, White),
    board_rows(Board, Rows),
    (   N >= 2 -> First0 = w ; First0 = b ),
    option(first(F), Options, First0),
    (   memberchk(F-First, [b-"b", w-"w", "b"-"b", "w"-"w"])
    ->  true
    ;   must_be(oneof([b, w]), F)
    ).

setup_cell(Black, White, P, Cell) :-
    (   memberchk(P, Black) -> Cell = "b"
    ;   memberchk(P, White) -> Cell = "w"
    ;   Cell = "-"
    ).

%   has_liberties(+Size, +Black, +White): every group of the stones at the
%   points Black and White has a liberty (else the bad_option refusal
%   naming a group without one).  Each group is walked once.
has_liberties(Size, Black, White) :-
    findall(P-"b", member(P, Black), Bs),
    findall(P-"w", member(P, White), Ws),
    append(Bs, Ws, Pairs),
    list_to_assoc(Pairs, Stones),
    empty_assoc(Done0),
    foldl(group_has_liberty(Size, Stones), Pairs, Done0, _).

group_has_liberty(Size, Stones, P-Colour, Done0, Done) :-
    (   get_assoc(P, Done0, _)
    ->  Done = Done0
    ;   put_assoc(P, Done0, Colour, Seen0),
        flood([P], Size, Stones, Colour, Seen0, Done, false, Liberty),
        (   Liberty == true
        ->  true
        ;   list_to_assoc([P-Colour], One),
            flood([P], Size, Stones, Colour, One, Group, false, _),
            assoc_to_keys(Group, Points),
            maplist(point_vertex(Size), Points, Vs),
            length(Vs, NV),
            (   NV > 8
            ->  length(First, 8), append(First, _, Vs),
                atomic_list_concat(First, ', ', Text0),
                format(string(Text), "~w, ... (~d stones)", [Text0, NV])
            ;   atomic_list_concat(Vs, ', ', Text)
            ),
            (   Colour == "b" -> Name = black ; Name = white ),
            refuse("The setup stones leave the ~w group at ~w with no liberty", [Name, Text])
        )
    ).

%   flood(+Queue, +Size, +Stones, +Colour, +Seen0, -Seen, +Liberty0, -Liberty):
%   Seen0 and the stones of Colour joined to the points of Queue are Seen;
%   Liberty is true if one of them has an empty neighbour.
flood([], _, _, _, Seen, Seen, Liberty, Liberty).
flood([P|Ps], Size, Stones, Colour, Seen0, Seen, Lib0, Lib) :-
    findall(N, neighbour(Size, P, N), Ns),
    foldl(flood_step(Stones, Colour), Ns, Ps-Seen0-Lib0, Queue-Seen1-Lib1),
    flood(Queue, Size, Stones, Colour, Seen1, Seen, Lib1, Lib).

flood_step(Stones, Colour, N, Q0-S0-L0, Q-S-L) :-
    (   get_assoc(N, Stones, C)
    ->  L = L0,
        (   C == Colour, \+ get_assoc(N, S0, _)
        ->  put_assoc(N, S0, C, S), Q = [N|Q0]
        ;   S = S0, Q = Q0
        )
    ;   L = true, S = S0, Q = Q0
    ).

neighbour(Size, [R, C], [R1, C1]) :-
    member(DR-DC, [-1-0, 1-0, 0-(-1), 0-1]),
    R1 is R + DR, C1 is C + DC,
    R1 >= 0, R1 < Size, C1 >= 0, C1 < Size.

%   vertex_point(+Size, +Vertex, -Point): the point [R, C] of a GTP vertex
%   ("D4", any case) on a board of Size (else the bad_option refusal).
vertex_point(Size, Vertex, [R, C]) :-
    (   ( string(Vertex) ; atom(Vertex) ),
        string_upper(Vertex, Up),
        string_chars(Up, [L|Digits]),
        Digits \== [],
        catch(number_chars(Num, Digits), _, fail),
        integer(Num),
        column_index(L, C),
        R is Size - Num,
        R >= 0, R < Size, C < Size
    ->  true
    ;   refuse("Setup stone ~q is not a point of the ~wx~w board (GTP vertices such as \"D4\")",
               [Vertex, Size, Size])
    ).

point_vertex(Size, [R, C], Vertex) :-
    column_index(L, C),
    Num is Size - R,
    format(string(Vertex), "~w~d", [L, Num]).

%   column_index(?Letter, ?Index): GTP columns, A to Z without I.
column_index(L, C) :-
    sub_atom('ABCDEFGHJKLMNOPQRSTUVWXYZ', C, 1, _, L).

refuse(Format, Args) :-
    format(string(Message), Format, Args),
    throw(refusal(bad_option, [Message], [])).

%!  setup_seats(+Options, +Size, -Black, -White) is det.
%
%   Black and White are who sits in each seat, from the options black(Who)
%   and white(Who) (human, machine or gnugo; default human); level(L), GNU
%   Go's level, must be 1 to 10.  A type or domain error for a bad value; a
%   gnugo seat on a board over 19x19 throws refusal(bad_option, [Message],
%   []).
%
%   ?- setup_seats([white(gnugo)], 9, B, W).
%   B = human,
%   W = gnugo.
setup_seats(Options, Size, Black, White) :-
    option(black(Black), Options, human),
    must_be(oneof([human, machine, gnugo]), Black),
    option(white(White), Options, human),
    must_be(oneof([human, machine, gnugo]), White),
    option(level(Level), Options, 5),
    must_be(between(1, 10), Level),
    (   Size > 19, memberchk(gnugo, [Black, White])
    ->  refuse("GNU Go plays boards up to 19x19, not ~wx~w", [Size, Size])
    ;   true
    ).
