:- module(go_board,
          [ emptyBoard/1,            % -Board
            emptyBoard/2,            % +Size, -Board
            goMove/4,                % +Board, +Player, +Pos, -RBoard
            adyacentes/4,            % +Board, +Fila, +Columna, -Adyacentes
            encerrados/7,            % +Board, +Player, +R, +C, -Adyacentes, +Vistos, -Encerrados
            encerradosContrario/7,   % +Board, +Player, +R, +C, -Adyacentes, +Vistos, -EncerradosContrarios
            encerradosVacios/8,      % +Board, +Vacio, +Player, +R, +C, -Adyacentes, +Vistos, -EncerradosTerreno
            eliminarEncerrados/3,    % +Board, +ListaEncerrados, -NBoard
            aplanarTablero/4,        % +Board, +Ficha, +Fila, -ListaFichas
            contarPuntos/5,          % +Board, +Player, +Vacios, +Vistos, -EncerradosPlayer
            replace/5,               % ?X, +XIndex, +Y, +Xs, -XsY
            getElem/3,               % -X, +XIndex, +Xs
            terminarJuego/3,         % +Board, -PuntosW, -PuntosB
            finDelJuego/3,           % +Board, -PuntajeNegras, -PuntajeBlancas
            go_move/5,               % +Board, +Player, +Pos, -RBoard, -Captured
            board_cell/4,            % +Board, +R, +C, ?Cell
            opponent/2,              % ?Player, ?Other
            board_rows/2,            % ?Board, ?Rows
            board_string/2,          % ?Board, ?String
            score_owner/3,           % +Board, -Owner, -Score
            flat_board/3             % +Board, -Width, -Flat
          ]).

/** <module> Go: the course's board and its documented predicates

Start reading at prolog/go.pl (the entry module).  This module is the
documented contract of the course base code: the board, goMove/4 (Go's one
rule of play) and the area count, and the board's text forms.  It knows no
game: no turn, no history, no ko (see go_rules).  Everything here is pure.

## The board

A board is a list of rows; a row is a list of cells; a cell is the string "-"
(empty), "b" (black) or "w" (white).  A position is [R, C], 0-based, row 0 at
the top and column 0 at the left.  Where the course predicates speak of a
stone ("ficha") they use the terna [Ficha, Fila, Columna], e.g. ["w", 3, 4].

goMove/4 places a stone on an empty point, removes every opponent group left
without liberties and refuses suicide.

## Score (area)

A player's points are their stones plus the empty points of every empty region
that touches only that player's stones.  A region touching both colours, or no
stone at all, is nobody's: an empty board scores 0-0.

Besides the course's predicates, go_move/5, board_cell/4, opponent/2 and the
text forms (board_rows/2, board_string/2) and score_owner/3 are exported for
the game layer (go_rules) and the machine (go_machine); flat_board/3 for the
dead-stone proposer (go_dead).
*/

%   Arithmetic is compiled inline in this file only (the flag is local to a
%   source file): the area score runs about 30% faster (bench/go_rules.py).
%   The code reads the same.
:- set_prolog_flag(optimise, true).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(ordsets)).

                 /*******************************
                 *   THE DOCUMENTED CONTRACT    *
                 *******************************/

%!  emptyBoard(-Board) is det.
%
%   Board is the empty 19x19 board of the course base code.
%
%   ?- emptyBoard(_B), length(_B, N).
%   N = 19.
emptyBoard(Board) :-
    emptyBoard(19, Board).

%!  emptyBoard(+Size, -Board) is det.
%
%   Board is an empty Size x Size board, Size from 2 to 25.
%
%   ?- emptyBoard(2, B).
%   B = [["-","-"],["-","-"]].
emptyBoard(Size, Board) :-
    must_be(between(2, 25), Size),
    length(Row, Size),
    maplist(=("-"), Row),
    length(Board, Size),
    maplist(=(Row), Board).

%!  getElem(-X, +XIndex, +Xs) is semidet.
%
%   X is the element of Xs at the 0-based index XIndex.
%
%   ?- getElem(X, 2, [a, b, c]).
%   X = c.
getElem(X, XIndex, Xs) :-
    nth0(XIndex, Xs, X).

%!  replace(?X, +XIndex, +Y, +Xs, -XsY) is semidet.
%
%   XsY is Xs with its element X at the 0-based index XIndex replaced by Y.
%
%   ?- replace(X, 1, z, [a, b, c], L).
%   X = b,
%   L = [a, z, c].
replace(X, XIndex, Y, Xs, XsY) :-
    replace_(XIndex, Xs, X, Y, XsY).

%   The index comes first so that SWI-Prolog's first-argument indexing
%   tells 0 from the other numbers without leaving a choice point.
replace_(0, [X|Xs], X, Y, [Y|Xs]) :- !.
replace_(I, [Z|Xs], X, Y, [Z|XsY]) :-
    I > 0,
    I1 is I - 1,
    replace_(I1, Xs, X, Y, XsY).

%!  board_cell(+Board, +R, +C, ?Cell) is semidet.
%
%   Cell is the cell at [R, C] of Board; fails off the board.
board_cell(Board, R, C, V) :-
    nth0(R, Board, Row),
    nth0(C, Row, V).

%   set_cell(+Board0, +R, +C, ?Old, +New, -Board): Board is Board0 with the
%   cell Old at [R, C] replaced by New; fails off the board.
set_cell(Board0, R, C, Old, New, Board) :-
    replace(Row0, R, Row, Board0, Board),
    replace(Old, C, New, Row0, Row).

%!  adyacentes(+Board, +Fila, +Columna, -Adyacentes) is det.
%
%   Adyacentes are the stones (ternas [Ficha, Fila, Columna]) on the points
%   north, south, west and east of [Fila, Columna] that lie on the board.
%
%   ?- adyacentes([["b","w"],["-","-"]], 0, 0, A).
%   A = [["-",1,0],["w",0,1]].
adyacentes(Board, R, C, Adyacentes) :-
    Up is R - 1, Down is R + 1, Left is C - 1, Right is C + 1,
    row(Board, Up, RowUp),
    row(Board, R, Row),
    row(Board, Down, RowDown),
    terna(RowUp, Up, C, Adyacentes, Ternas1),
    terna(RowDown, Down, C, Ternas1, Ternas2),
    terna(Row, R, Left, Ternas2, Ternas3),
    terna(Row, R, Right, Ternas3, []).

%   row(+Board, +R, -Row): Row is row R of Board, or [] off the board.
row(Board, R, Row) :-
    (   nth0(R, Board, Row0) -> Row = Row0 ; Row = [] ).

%   terna(+Row, +R, +C, -Ternas, ?Tail): Ternas is [[F, R, C]|Tail] with F
%   the cell at column C of Row (row R), or just Tail off the board.
terna(Row, R, C, Ternas, Tail) :-
    (   nth0(C, Row, F) -> Ternas = [[F, R, C]|Tail] ; Ternas = Tail ).

%!  encerrados(+Board, +Player, +R, +C, -Adyacentes, +Vistos, -Encerrados) is semidet.
%
%   The stone of Player at [R, C] belongs to a group without liberties:
%   Encerrados is that group (ternas), added to the stones Vistos already
%   visited (call it with []).  Adyacentes are the neighbours of [R, C].  Fails
%   if the group touches an empty point ("-").
%
%   ?- encerrados([["w","b"],["b","-"]], "w", 0, 0, A, [], E).
%   A = [["b",1,0],["b",0,1]],
%   E = [["w",0,0]].
encerrados(Board, Player, R, C, Adyacentes, Vistos, Encerrados) :-
    adyacentes(Board, R, C, Adyacentes),
    \+ memberchk(["-", _, _], Adyacentes),
    encerrados_(Adyacentes, Board, Player, [[Player, R, C]|Vistos], Encerrados).

%   encerrados_(+Adyacentes, +Board, +Player, +Vistos0, -Vistos) follows the
%   group into every neighbour of Player's colour not visited yet.
encerrados_([], _, _, Vistos, Vistos).
encerrados_([[F, R, C]|Ady], Board, Player, Vistos0, Vistos) :-
    (   F == Player,
        \+ memberchk([F, R, C], Vistos0)
    ->  encerrados(Board, Player, R, C, _, Vistos0, Vistos1)
    ;   Vistos1 = Vistos0
    ),
    encerrados_(Ady, Board, Player, Vistos1, Vistos).

%!  encerradosContrario(+Board, +Player, +R, +C, -Adyacentes, +Vistos, -EncerradosContrarios) is det.
%
%   EncerradosContrarios are the opponent stones (ternas) of every opponent
%   group next to [R, C] that has no liberty, added to Vistos (call it with []).
%
%   ?- encerradosContrario([["w","b"],["b","-"]], "b", 1, 0, A, [], E).
%   A = [["w",0,0],["-",1,1]],
%   E = [["w",0,0]].
encerradosContrario(Board, Player, R, C, Adyacentes, Vistos, Encerrados) :-
    opponent(Player, Other),
    adyacentes(Board, R, C, Adyacentes),
    contrarios_(Adyacentes, Board, Other, Vistos, Encerrados).

%   contrarios_(+Adyacentes, +Board, +Other, +Vistos0, -Vistos) adds the
%   group of every neighbour of colour Other that has no liberty.
contrarios_([], _, _, Vistos, Vistos).
contrarios_([[F, R, C]|Ady], Board, Other, Vistos0, Vistos) :-
    (   F == Other,
        \+ memberchk([F, R, C], Vistos0),
        encerrados(Board, Other, R, C, _, Vistos0, Vistos1)
    ->  true
    ;   Vistos1 = Vistos0
    ),
    contrarios_(Ady, Board, Other, Vistos1, Vistos).

%!  encerradosVacios(+Board, +Vacio, +Player, +R, +C, -Adyacentes, +Vistos, -EncerradosTerreno) is semidet.
%
%   The empty point [R, C] (Vacio is "-") lies in an empty region that touches
%   stones of Player only: EncerradosTerreno is that region (ternas), added to
%   Vistos (call it with []).  Fails if the region touches the other colour or
%   no stone at all.
%
%   ?- encerradosVacios([["-","b"],["b","b"]], "-", "b", 0, 0, A, [], T).
%   A = [["b",1,0],["b",0,1]],
%   T = [["-",0,0]].
encerradosVacios(Board, Vacio, Player, R, C, Adyacentes, Vistos, Terreno) :-
    empty_region(Board, Vacio, R, C, Adyacentes, Vistos, Terreno, [], Borders),
    Borders == [Player].

%   empty_region(+Board, +Vacio, +R, +C, -Ady, +Vistos0, -Vistos, +Borders0, -Borders)
%   flood-fills the empty region of [R, C]; Borders is the ordered set of the
%   colours it touches.
empty_region(Board, Vacio, R, C, Adyacentes, Vistos0, Vistos, B0, B) :-
    adyacentes(Board, R, C, Adyacentes),
    foldl(region_step_(Board, Vacio), Adyacentes,
          [[Vacio, R, C]|Vistos0]-B0, Vistos-B).

region_step_(Board, Vacio, [F, R, C], Vistos0-B0, Vistos-B) :-
    (   F == Vacio
    ->  (   memberchk([F, R, C], Vistos0)
        ->  Vistos-B = Vistos0-B0
        ;   empty_region(Board, Vacio, R, C, _, Vistos0, Vistos, B0, B)
        )
    ;   Vistos = Vistos0,
        ord_add_element(B0, F, B)
    ).

%!  eliminarEncerrados(+Board, +ListaEncerrados, -NBoard) is det.
%
%   NBoard is Board with every stone of ListaEncerrados (ternas) removed.
%
%   ?- eliminarEncerrados([["w","b"],["b","-"]], [["w",0,0]], B).
%   B = [["-","b"],["b","-"]].
eliminarEncerrados(Board, Encerrados, NBoard) :-
    foldl(eliminar_, Encerrados, Board, NBoard).

eliminar_([_, R, C], Board0, Board) :-
    set_cell(Board0, R, C, _, "-", Board).

%!  aplanarTablero(+Board, +Ficha, +Fila, -ListaFichas) is det.
%
%   ListaFichas are the ternas [Ficha, R, C] of every cell equal to Ficha in
%   the rows 0..Fila of Board, row by row (the course calls it with Fila 18,
%   the last row of a 19x19 board).
%
%   ?- aplanarTablero([["b","-"],["-","b"]], "b", 1, L).
%   L = [["b",0,0],["b",1,1]].
aplanarTablero(_, _, Fila, []) :-
    Fila < 0,
    !.
aplanarTablero(Board, Ficha, Fila, ListaFichas) :-
    nth0(Fila, Board, Row),
    findall([Ficha, Fila, C], nth0(C, Row, Ficha), EnFila),
    Fila1 is Fila - 1,
    aplanarTablero(Board, Ficha, Fila1, Antes),
    append(Antes, EnFila, ListaFichas).

%!  contarPuntos(+Board, +Player, +Vacios, +Vistos, -EncerradosPlayer) is det.
%
%   EncerradosPlayer are the empty points of Vacios (ternas) that lie in a
%   region enclosed by Player alone, added to Vistos (call it with []).
%
%   ?- contarPuntos([["-","b"],["b","w"]], "b", [["-",0,0]], [], E).
%   E = [["-",0,0]].
contarPuntos(Board, Player, Vacios, Vistos, Encerrados) :-
    foldl(contar_punto_(Board, Player), Vacios, Vistos, Encerrados).

contar_punto_(Board, Player, [V, R, C], Vistos0, Vistos) :-
    (   memberchk([V, R, C], Vistos0)
    ->  Vistos = Vistos0
    ;   encerradosVacios(Board, V, Player, R, C, _, Vistos0, Vistos1)
    ->  Vistos = Vistos1
    ;   Vistos = Vistos0
    ).

%!  terminarJuego(+Board, -PuntosW, -PuntosB) is det.
%
%   PuntosW and PuntosB are White's and Black's area points (document 000):
%   stones on the board plus the empty points each encloses.  No komi.
%
%   ?- emptyBoard(3, _B0), goMove(_B0, "b", [1,1], _B), terminarJuego(_B, W, Bl).
%   W = 0,
%   Bl = 9.
terminarJuego(Board, PuntosW, PuntosB) :-
    score_owner(Board, _, PuntosB-PuntosW).

%!  finDelJuego(+Board, -PuntajeNegras, -PuntajeBlancas) is det.
%
%   The same score in document 004's order: Black's points first.
%
%   ?- emptyBoard(3, _B), finDelJuego(_B, N, Bl).
%   N = 0,
%   Bl = 0.
finDelJuego(Board, PuntajeNegras, PuntajeBlancas) :-
    score_owner(Board, _, PuntajeNegras-PuntajeBlancas).

%!  goMove(+Board, +Player, +Pos, -RBoard) is semidet.
%
%   RBoard is Board after Player ("b" or "w") places a stone on the empty point
%   Pos = [R, C] and every opponent group left without liberties is removed.
%   Fails if Pos is off the board or occupied, or if the move is suicide (the
%   stone's group has no liberty after the captures).  White's corner stone
%   captured, then a suicide refused:
%
%   ?- emptyBoard(3, _B0), goMove(_B0, "b", [0,1], _B1),
%      goMove(_B1, "w", [0,0], _B2), goMove(_B2, "b", [1,0], B3).
%   B3 = [["-","b","-"],["b","-","-"],["-","-","-"]].
%
%   ?- emptyBoard(3, _B0), goMove(_B0, "b", [0,1], _B1),
%      goMove(_B1, "b", [1,0], _B2), goMove(_B2, "w", [0,0], _B).
%   false.
goMove(Board, Player, [R, C], RBoard) :-
    go_move(Board, Player, [R, C], RBoard, _).

%!  go_move(+Board, +Player, +Pos, -RBoard, -Captured) is semidet.
%
%   goMove/4 that also tells the captured stones (ternas).  Uses the course
%   predicates: the placed stone (set_cell/6 checks the point is empty), then
%   encerradosContrario/7 for the captures; a move that captures nothing is
%   suicide when encerrados/7 finds its group without liberties (not asked
%   when the stone has an empty neighbour).
go_move(Board, Player, [R, C], RBoard, Captured) :-
    opponent(Player, _),
    integer(R), integer(C),
    set_cell(Board, R, C, "-", Player, Board1),
    encerradosContrario(Board1, Player, R, C, Adyacentes, [], Captured),
    (   Captured \== []
    ->  eliminarEncerrados(Board1, Captured, RBoard)
    ;   memberchk(["-", _, _], Adyacentes)
    ->  RBoard = Board1
    ;   \+ encerrados(Board1, Player, R, C, _, [], _),
        RBoard = Board1
    ).

%!  opponent(?Player, ?Other) is semidet.
%
%   Other is the colour that plays against Player ("b" or "w").
opponent("b", "w").
opponent("w", "b").

                 /*******************************
                 *     BOARDS AS TEXT           *
                 *******************************/

%!  board_rows(?Board, ?Rows) is det.
%
%   Rows are the rows of Board as strings such as "-bw-": how a game state
%   keeps its board, and how the browser and the REPL see it.
%
%   ?- board_rows(B, ["b-", "-w"]).
%   B = [["b","-"],["-","w"]].
board_rows(Board, Rows) :-
    (   is_list(Board)
    ->  maplist(atomics_to_string, Board, Rows)
    ;   maplist(row_cells, Rows, Board)
    ).

row_cells(Row, Cells) :-
    string_codes(Row, Codes),
    codes_cells(Codes, Cells).

codes_cells([], []).
codes_cells([Code|Codes], [Cell|Cells]) :-
    code_cell(Code, Cell),
    codes_cells(Codes, Cells).

%!  board_string(?Board, ?String) is det.
%
%   String is Board row by row, one character a cell ("-", "b", "w"): how a
%   board crosses to Python and into storage.  A string's length must be a
%   square from 4 to 625.
%
%   ?- board_string([["b","-"],["-","w"]], S).
%   S = "b--w".
board_string(Board, String) :-
    (   is_list(Board)
    ->  append(Board, Cells),
        atomics_to_string(Cells, String)
    ;   string_length(String, Len),
        N is integer(sqrt(Len)),
        N * N =:= Len,
        between(2, 25, N),
        string_codes(String, Codes),
        string_rows(Codes, N, Board)
    ).

string_rows([], _, []) :- !.
string_rows(Codes, N, [Row|Rows]) :-
    codes_row(N, Codes, Row, Rest),
    string_rows(Rest, N, Rows).

codes_row(0, Codes, [], Codes) :- !.
codes_row(K, [Code|Codes], [Cell|Row], Rest) :-
    code_cell(Code, Cell),
    K1 is K - 1,
    codes_row(K1, Codes, Row, Rest).

code_cell(0'-, "-").
code_cell(0'b, "b").
code_cell(0'w, "w").

                 /*******************************
                 *         AREA SCORE           *
                 *******************************/

%!  score_owner(+Board, -Owner, -Score) is det.
%
%   Score is B-W, the area points of Black and White, and Owner is a string
%   like board_string/2's telling who owns each point: "b" or "w" for stones
%   and enclosed empty points, "-" for points that are nobody's.  Each empty
%   region is flood-filled once, on a flat term (see flat_board/3).
%
%   ?- score_owner([["-","b"],["b","w"]], Owner, Score).
%   Owner = "bbbw",
%   Score = 3-1.
score_owner(Board, Owner, Score) :-
    flat_board(Board, Width, Flat),
    functor(Flat, _, Size),
    functor(Own, o, Size),
    functor(Seen, s, Size),
    fill_owner(1, Size, Width, Flat, Seen, Own, 0-0, Score),
    Own =.. [_|OwnerCells],
    atomics_to_string(OwnerCells, Owner).

%!  flat_board(+Board, -Width, -Flat) is det.
%
%   Flat has the cells of Board row by row as its arguments, framed by "#":
%   every row starts with a "#", and a row of "#" runs above and below.
%   arg/3 reaches any point in constant time, and the neighbours of the
%   point at index I are always I - Width, I + Width, I - 1 and I + 1; the
%   point [R, C] is at index (R + 1) * Width + C + 2.
%
%   ?- flat_board([["b","-"],["-","w"]], Width, Flat).
%   Width = 3,
%   Flat = b("#","#","#","#","b","-","#","-","w","#","#","#").
flat_board(Board, Width, Flat) :-
    length(Board, N),
    Width is N + 1,
    length(Frame, Width),
    maplist(=("#"), Frame),
    framed_rows(Board, Frame, Framed),
    append(Frame, Framed, Cells),
    Flat =.. [b|Cells].

framed_rows([], Frame, Frame).
framed_rows([Row|Rows], Frame, ["#"|Cells]) :-
    append(Row, Cells1, Cells),
    framed_rows(Rows, Frame, Cells1).

%   fill_owner(+I, +Size, +Width, +Flat, +Seen, +Own, +Score0, -Score) binds
%   the arguments I..Size of Own (see point_owner/9); Score adds up the
%   points of each player.
fill_owner(I, Size, Width, Flat, Seen, Own, Score0, Score) :-
    (   I > Size
    ->  Score = Score0
    ;   arg(I, Flat, F),
        arg(I, Own, O),
        point_owner(F, O, I, Width, Flat, Seen, Own, Score0, Score1),
        I1 is I + 1,
        fill_owner(I1, Size, Width, Flat, Seen, Own, Score1, Score)
    ).

%   point_owner(+Cell, ?O, +I, +Width, +Flat, +Seen, +Own, +Score0, -Score):
%   O is the owner of point I: a stone owns its point and a frame cell gets
%   "" (so that Own's text is the board's).  An empty point that no flood
%   fill has reached yet starts one, which gives its whole region one owner.
point_owner("#", "", _, _, _, _, _, Score, Score).
point_owner("b", "b", _, _, _, _, _, B0-W, B-W) :- B is B0 + 1.
point_owner("w", "w", _, _, _, _, _, B-W0, B-W) :- W is W0 + 1.
point_owner("-", O, I, Width, Flat, Seen, Own, Score0, Score) :-
    (   nonvar(O)
    ->  Score = Score0
    ;   flood_empty([I], Width, Flat, Seen, Own, O, none, Met, 0, Points),
        region_owner(Met, O),
        add_points(O, Points, Score0, Score)
    ).

add_points("b", K, B0-W, B-W) :- B is B0 + K.
add_points("w", K, B-W0, B-W) :- W is W0 + K.
add_points("-", _, Score, Score).

%   flood_empty(+Stack, +Width, +Flat, +Seen, +Own, ?Colour, +Met0, -Met,
%   +Points0, -Points) visits an empty region by a stack of indices,
%   marking each point in Seen and unifying its argument of Own with Colour,
%   the region's owner to be.  Met is none, the one colour the region
%   touches, or "-" for both; Points counts the region's points.
flood_empty([], _, _, _, _, _, Met, Met, Points, Points).
flood_empty([I|Stack], Width, Flat, Seen, Own, Colour, Met0, Met, P0, P) :-
    arg(I, Seen, S),
    (   nonvar(S)
    ->  flood_empty(Stack, Width, Flat, Seen, Own, Colour, Met0, Met, P0, P)
    ;   S = seen,
        arg(I, Own, Colour),
        Up is I - Width, Down is I + Width, Left is I - 1, Right is I + 1,
        region_step([Up, Down, Left, Right], Flat, Stack, Stack1, Met0, Met1),
        P1 is P0 + 1,
        flood_empty(Stack1, Width, Flat, Seen, Own, Colour, Met1, Met, P1, P)
    ).

%   region_step(+Js, +Flat, +Stack0, -Stack, +Met0, -Met): the empty
%   neighbours Js go on the stack; stones are colours met; "#" is the edge.
region_step([], _, Stack, Stack, Met, Met).
region_step([J|Js], Flat, Stack0, Stack, Met0, Met) :-
    arg(J, Flat, F),
    region_neighbour(F, J, Stack0, Stack1, Met0, Met1),
    region_step(Js, Flat, Stack1, Stack, Met1, Met).

region_neighbour("-", J, Stack, [J|Stack], Met, Met).
region_neighbour("#", _, Stack, Stack, Met, Met).
region_neighbour("b", _, Stack, Stack, Met0, Met) :- meet(Met0, "b", Met).
region_neighbour("w", _, Stack, Stack, Met0, Met) :- meet(Met0, "w", Met).

meet(none, F, F) :- !.
meet(F, F, F) :- !.
meet(_, _, "-").

region_owner(Met, Owner) :-
    (   Met == none -> Owner = "-" ; Owner = Met ).
