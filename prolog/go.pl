:- module(go,
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
            board_string/2,          % ?Board, ?String
            board_rows/2,            % ?Board, ?Rows
            score_owner/3,           % +Board, -Owner, -Score
            go_new/2,                % +Options, -Game
            go_play/4,               % +Game0, +Action, -Game, -Explain
            go_board/2,              % +Game, -Board
            go_score/3,              % +Game, -Score, -Owner
            go_machine_action/2,     % +Game, -Action
            board_text/2,            % +Board, -Text
            gtp_vertex/3             % ?Size, ?Pos, ?Vertex
          ]).

/** <module> Go: the course's rules and a game layer

## The board (the documented contract of the course base code)

A board is a list of rows; a row is a list of cells; a cell is the string "-"
(empty), "b" (black) or "w" (white).  A position is [R, C], 0-based, row 0 at
the top and column 0 at the left.  Where the course predicates speak of a
stone ("ficha") they use the terna [Ficha, Fila, Columna], e.g. ["w", 3, 4].

goMove/4 is Go's one rule of play: place a stone on an empty point, remove
every opponent group left without liberties, refuse suicide.  It knows no
history; ko belongs to the game layer.

## Score (area)

A player's points are their stones plus the empty points of every empty region
that touches only that player's stones.  A region touching both colours, or no
stone at all, is nobody's: an empty board scores 0-0.

## The game layer (beyond the documents)

A game is the term

    go(Settings, Board, ToMove, Captures, Passes, History, Last, Status)

    Settings  settings(Size, Preset, Ko, Komi, Tie, Players): Ko is simple or
              superko; Tie is white (the documents: a tie goes to White) or
              draw; Players is players(Black, White), each human or machine
              (who plays that colour on the page; the rules ignore it).
    Board     the position as a list of row strings (see board_rows/2)
    ToMove    "b" or "w"; Black moves first.
    Captures  B-W, the stones each player has captured.
    Passes    consecutive passes so far; two end the game.
    History   the positions seen so far, newest first, as SHA-1 atoms of their
              rows.  Simple ko compares a move's result with the position
              before the opponent's last turn (the second element); positional
              superko with all of them.  Under simple ko only two are kept.
    Last      none, move(Player, Pos), pass(Player) or resign(Player).
    Status    playing, or over(Result) with Result score(B, W) (area points,
              komi included in W) or resigned(Player).

Presets: documents (komi 0, simple ko, tie to White: the course's rules),
chinese (komi 7.5, positional superko), japanese (komi 6.5, simple ko; still
counted by area, since dead stones are not marked here: remove them by play).
*/

%   Arithmetic is compiled inline in this file only (the flag is local to a
%   source file): the area score runs about 30% faster (bench/go_rules.py).
%   The code reads the same.
:- set_prolog_flag(optimise, true).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(tablero).

                 /*******************************
                 *   THE DOCUMENTED CONTRACT    *
                 *******************************/

%!  emptyBoard(-Board) is det.
%
%   Board is the empty 19x19 board of the course base code.
emptyBoard(Board) :-
    emptyBoard(19, Board).

%!  emptyBoard(+Size, -Board) is det.
%
%   Board is an empty Size x Size board, Size from 2 to 25.
emptyBoard(Size, Board) :-
    must_be(between(2, 25), Size),
    length(Row, Size),
    maplist(=("-"), Row),
    length(Board, Size),
    maplist(=(Row), Board).

%!  getElem(-X, +XIndex, +Xs) is semidet.
%
%   X is the element of Xs at the 0-based index XIndex.
getElem(X, XIndex, Xs) :-
    nth0(XIndex, Xs, X).

%!  replace(?X, +XIndex, +Y, +Xs, -XsY) is semidet.
%
%   XsY is Xs with its element X at the 0-based index XIndex replaced by Y.
replace(X, XIndex, Y, Xs, XsY) :-
    replace_(XIndex, Xs, X, Y, XsY).

%   The index comes first so that SWI-Prolog's first-argument indexing
%   tells 0 from the other numbers without leaving a choice point.
replace_(0, [X|Xs], X, Y, [Y|Xs]) :- !.
replace_(I, [Z|Xs], X, Y, [Z|XsY]) :-
    I > 0,
    I1 is I - 1,
    replace_(I1, Xs, X, Y, XsY).

cell(Board, R, C, V) :-
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
eliminarEncerrados(Board, Encerrados, NBoard) :-
    foldl(eliminar_, Encerrados, Board, NBoard).

eliminar_([_, R, C], Board0, Board) :-
    set_cell(Board0, R, C, _, "-", Board).

%!  aplanarTablero(+Board, +Ficha, +Fila, -ListaFichas) is det.
%
%   ListaFichas are the ternas [Ficha, R, C] of every cell equal to Ficha in
%   the rows 0..Fila of Board, row by row (the course calls it with Fila 18,
%   the last row of a 19x19 board).
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
terminarJuego(Board, PuntosW, PuntosB) :-
    score_owner(Board, _, PuntosB-PuntosW).

%!  finDelJuego(+Board, -PuntajeNegras, -PuntajeBlancas) is det.
%
%   The same score in document 004's order: Black's points first.
finDelJuego(Board, PuntajeNegras, PuntajeBlancas) :-
    score_owner(Board, _, PuntajeNegras-PuntajeBlancas).

%!  goMove(+Board, +Player, +Pos, -RBoard) is semidet.
%
%   RBoard is Board after Player ("b" or "w") places a stone on the empty point
%   Pos = [R, C] and every opponent group left without liberties is removed.
%   Fails if Pos is off the board or occupied, or if the move is suicide (the
%   stone's group has no liberty after the captures).
goMove(Board, Player, [R, C], RBoard) :-
    go_move(Board, Player, [R, C], RBoard, _).

%   go_move(+Board, +Player, +Pos, -RBoard, -Captured): goMove/4 that also
%   tells the captured stones.  Uses the course predicates: the placed stone
%   (set_cell/6 checks the point is empty), then encerradosContrario/7 for
%   the captures; a move that captures nothing is suicide when encerrados/7
%   finds its group without liberties (not asked when the stone has an empty
%   neighbour).
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

opponent("b", "w").
opponent("w", "b").

                 /*******************************
                 *     BOARDS, TEXT AND SCORE   *
                 *******************************/

%!  board_rows(?Board, ?Rows) is det.
%
%   Rows are the rows of Board as strings such as "-bw-": how a game state
%   keeps its board, and how the browser and the REPL see it.
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

%!  score_owner(+Board, -Owner, -Score) is det.
%
%   Score is B-W, the area points of Black and White, and Owner is a string
%   like board_string/2's telling who owns each point: "b" or "w" for stones
%   and enclosed empty points, "-" for points that are nobody's.  Each empty
%   region is flood-filled once, on a flat term (see flat_board/3).
score_owner(Board, Owner, Score) :-
    flat_board(Board, Width, Flat),
    functor(Flat, _, Size),
    functor(Own, o, Size),
    functor(Seen, s, Size),
    fill_owner(1, Size, Width, Flat, Seen, Own, 0-0, Score),
    Own =.. [_|OwnerCells],
    atomics_to_string(OwnerCells, Owner).

%   flat_board(+Board, -Width, -Flat): the cells of Board row by row as the
%   arguments of Flat, framed by "#": every row starts with a "#", and a row
%   of "#" runs above and below.  arg/3 reaches any point in constant time,
%   and the neighbours of the point at index I are always I - Width,
%   I + Width, I - 1 and I + 1.
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

%!  board_text(+Board, -Text) is det.
%
%   Text draws Board for a terminal: "." empty, "X" black, "O" white, with
%   GTP coordinates (letters skipping I, row numbers from the bottom).
board_text(Board, Text) :-
    length(Board, N),
    numlist(1, N, Cols),
    maplist([C, L]>>(column_letter(C, L)), Cols, Letters),
    atomic_list_concat(Letters, ' ', Header),
    findall(Line,
            ( nth0(R, Board, Row),
              Num is N - R,
              maplist([S, Ch]>>(text_char(S, Ch)), Row, Chs),
              atomic_list_concat(Chs, ' ', Cells),
              format(string(Line), "~t~d~2| ~w ~d", [Num, Cells, Num]) ),
            Lines),
    format(string(Head), "   ~w", [Header]),
    append([Head|Lines], [Head], All),
    atomic_list_concat(All, '\n', Text0),
    string_concat(Text0, "\n", Text).

text_char("-", '.').
text_char("b", 'X').
text_char("w", 'O').

column_letter(C, L) :-
    (   C >= 9 -> Skip = 1 ; Skip = 0 ),
    Code is 0'A + C - 1 + Skip,
    char_code(L, Code).

%!  gtp_vertex(+Size, ?Pos, ?Vertex) is semidet.
%
%   Vertex is the GTP name of Pos = [R, C] on a board of Size, such as "D4":
%   a column letter (A-Z without I) and the row number counted from the bottom.
gtp_vertex(Size, [R, C], Vertex) :-
    (   nonvar(Vertex)
    ->  string_upper(Vertex, Up),
        string_chars(Up, [L|Digits]),
        catch(number_chars(Num, Digits), _, fail),
        integer(Num),
        letter_column(L, C),
        R is Size - Num
    ;   C1 is C + 1,
        column_letter(C1, L),
        Num is Size - R,
        format(string(Vertex), "~w~d", [L, Num])
    ),
    R >= 0, R < Size, C >= 0, C < Size.

letter_column(L, C) :-
    char_code(L, Code),
    between(0'A, 0'Z, Code),
    Code =\= 0'I,
    (   Code > 0'I -> Skip = 1 ; Skip = 0 ),
    C is Code - 0'A - Skip.

                 /*******************************
                 *          THE GAME            *
                 *******************************/

%!  go_new(+Options, -Game) is det.
%
%   Game is a new game (see the module header).  Options is a list of
%   size(Size) (2..25, default 19), preset(P) (documents, chinese or
%   japanese; default documents), komi(K) and ko(simple or superko) to
%   override the preset's, black(Who) and white(Who) (human or machine;
%   default human).  Throws tablero(invalid, bad_option, Message).
go_new(Options, go(settings(Size, Preset, Ko, Komi, Tie, players(Black, White)),
                   Empty, "b", 0-0, 0, [H], none, playing)) :-
    option_value(size, Options, 19, Size),
    (   integer(Size), between(2, 25, Size) -> true
    ;   bad_option("size must be an integer from 2 to 25")
    ),
    option_value(preset, Options, documents, Preset),
    (   preset(Preset, Ko0, Komi0, Tie) -> true
    ;   bad_option("preset must be documents, chinese or japanese")
    ),
    option_value(ko, Options, Ko0, Ko),
    (   memberchk(Ko, [simple, superko]) -> true
    ;   bad_option("ko must be simple or superko")
    ),
    option_value(komi, Options, Komi0, Komi),
    (   number(Komi), Komi >= -150, Komi =< 150, Komi * 2 =:= truncate(Komi * 2) -> true
    ;   bad_option("komi must be a whole or half number between -150 and 150")
    ),
    option_value(black, Options, human, Black),
    option_value(white, Options, human, White),
    (   memberchk(Black, [human, machine]), memberchk(White, [human, machine]) -> true
    ;   bad_option("black and white must be human or machine")
    ),
    emptyBoard(Size, Board),
    board_rows(Board, Empty),
    variant_sha1(Empty, H).

%   preset(?Name, ?Ko, ?Komi, ?Tie)
preset(documents, simple, 0, white).
preset(chinese, superko, 7.5, draw).
preset(japanese, simple, 6.5, draw).

option_value(Name, Options, Default, Value) :-
    Opt =.. [Name, V],
    (   memberchk(Opt, Options) -> Value = V ; Value = Default ).

bad_option(Message) :-
    throw(tablero(invalid, bad_option, Message)).

refuse(Code, Message, Explain) :-
    throw(tablero(refused, Code, Message, Explain)).

%!  go_board(+Game, -Board) is det.
%
%   Board is the position of Game as a list of rows.
go_board(Game, Board) :-
    arg(2, Game, Rows),
    board_rows(Board, Rows).

%!  go_play(+Game0, +Action, -Game, -Explain) is det.
%
%   Game is Game0 after Action: move(Player, [R, C]), pass(Player) or
%   resign(Player).  Explain lists, as Query-Answer strings, the rule
%   predicates that decided it.  A refused action throws
%   tablero(Kind, Code, Message, Explain), Code one of game_over,
%   not_your_turn, off_board, occupied, suicide, ko, superko.
go_play(Game0, Action, Game, Explain) :-
    Game0 = go(_, _, ToMove, _, _, _, _, Status),
    (   Status == playing -> true
    ;   refuse(game_over, "The game is over", [])
    ),
    arg(1, Action, Player),
    (   Player == ToMove -> true
    ;   player_name(ToMove, Name),
        format(string(M), "It is ~w's turn", [Name]),
        refuse(not_your_turn, M, [])
    ),
    play_(Action, Game0, Game, Explain).

play_(move(P, Pos), Game0, Game, Explain) :-
    Game0 = go(S, Str0, P, Bc0-Wc0, _, Hist0, _, playing),
    S = settings(Size, _, Ko, _, _, _),
    (   Pos = [R, C], integer(R), integer(C), R >= 0, R < Size, C >= 0, C < Size
    ->  true
    ;   throw(tablero(invalid, off_board, "That point is off the board", []))
    ),
    board_rows(B0, Str0),
    format(string(Q), "goMove(Board, ~q, ~w, RBoard)", [P, Pos]),
    (   cell(B0, R, C, "-") -> true
    ;   refuse(occupied, "That point is already occupied", [Q-"false: the point is not empty"])
    ),
    (   go_move(B0, P, Pos, B, Captured)
    ->  true
    ;   refuse(suicide, "Suicide: the stone would have no liberty and captures nothing",
               [Q-"false: the stone's group would have no liberty (encerrados/7 succeeds)"])
    ),
    length(Captured, NCap),
    format(string(A), "true: ~d stone(s) captured", [NCap]),
    changed_rows(B0, Str0, B, Str),
    variant_sha1(Str, H),
    ko_check(Ko, H, Hist0, Q-A),
    (   P == "b" -> Bc is Bc0 + NCap, Wc = Wc0 ; Bc = Bc0, Wc is Wc0 + NCap ),
    keep_history(Ko, [H|Hist0], Hist),
    opponent(P, Next),
    Game = go(S, Str, Next, Bc-Wc, 0, Hist, move(P, Pos), playing),
    Explain = [Q-A].
play_(pass(P), Game0, Game, Explain) :-
    Game0 = go(S, Str, P, Caps, Passes0, Hist0, _, playing),
    S = settings(_, _, Ko, Komi, _, _),
    Passes is Passes0 + 1,
    (   Ko == simple, Hist0 = [Current|_]
    ->  Hist = [Current, Current]
    ;   Hist = Hist0
    ),
    opponent(P, Next),
    (   Passes >= 2
    ->  board_rows(B, Str),
        score_owner(B, _, Bs-Ws),
        WsKomi is Ws + Komi,
        Status = over(score(Bs, WsKomi)),
        format(string(A), "PuntosW = ~d, PuntosB = ~d", [Ws, Bs]),
        Explain = ["terminarJuego(Board, PuntosW, PuntosB)"-A]
    ;   Status = playing,
        format(string(Q), "go_play(Game0, pass(~q), Game, _)", [P]),
        Explain = [Q-"true: the first pass; a second one in a row ends the game"]
    ),
    Game = go(S, Str, Next, Caps, Passes, Hist, pass(P), Status).
play_(resign(P), go(S, Str, P, Caps, Passes, Hist, _, playing), Game, [Q-"true: the game is over"]) :-
    format(string(Q), "go_play(Game0, resign(~q), Game, _)", [P]),
    opponent(P, Next),
    Game = go(S, Str, Next, Caps, Passes, Hist, resign(P), over(resigned(P))).

%   changed_rows(+Board0, +Rows0, +Board, -Rows): Rows is Board as row text
%   (see board_rows/2); a row the move left as it was keeps its text.
changed_rows([], [], [], []).
changed_rows([Cells0|B0], [Row0|Rows0], [Cells|B], [Row|Rows]) :-
    (   Cells == Cells0 -> Row = Row0 ; atomics_to_string(Cells, Row) ),
    changed_rows(B0, Rows0, B, Rows).

ko_check(simple, H, [_, Before|_], Q-A) :-
    H == Before,
    !,
    refuse(ko, "Ko: this would repeat the position before your opponent's last move",
           [Q-A, "ko: RBoard repeats the position of one turn ago"-"false"]).
ko_check(superko, H, Hist, Q-A) :-
    memberchk(H, Hist),
    !,
    refuse(superko, "Superko: this would repeat an earlier position",
           [Q-A, "superko: RBoard repeats an earlier position"-"false"]).
ko_check(_, _, _, _).

keep_history(superko, Hist, Hist).
keep_history(simple, Hist0, Hist) :-
    (   Hist0 = [A, B|_] -> Hist = [A, B] ; Hist = Hist0 ).

player_name("b", "Black").
player_name("w", "White").

%!  go_score(+Game, -Score, -Owner) is det.
%
%   Score is score(B, W, Komi, Result): area points (komi added to W) and the
%   result text such as "B+3.5", "W+R" or "Draw"; Owner is the owner string of
%   score_owner/3.  For an unfinished game it counts the position as it is.
go_score(go(S, Str, _, _, _, _, _, Status), score(B, W, Komi, Result), Owner) :-
    S = settings(_, _, _, Komi, Tie, _),
    board_rows(Board, Str),
    score_owner(Board, Owner, B-W0),
    W is W0 + Komi,
    (   Status = over(resigned(P))
    ->  opponent(P, Winner),
        string_upper(Winner, U),
        format(string(Result), "~w+R", [U])
    ;   result_text(B, W, Tie, Result)
    ).

result_text(B, W, Tie, Text) :-
    D is B - W,
    (   D > 0 -> format(string(Text), "B+~w", [D])
    ;   D < 0 -> A is -D, format(string(Text), "W+~w", [A])
    ;   Tie == white -> Text = "W+0"
    ;   Text = "Draw"
    ).

                 /*******************************
                 *      A MACHINE PLAYER        *
                 *******************************/

%!  go_machine_action(+Game, -Action) is det.
%
%   Action is the choice of a simple machine player for the side to move: of
%   the moves go_play/4 accepts, the one with the best value (10 per stone
%   captured, plus the liberties of the stone's group, 20 off for putting the
%   group in atari, ties broken by a hash of the move so games vary), never
%   filling its own eye (an empty point whose neighbours are all its stones).
%   It passes when no such move is left, or when the opponent has passed and
%   it leads on the board.  A beginner's opponent and a way to finish games.
go_machine_action(Game, Action) :-
    Game = go(settings(Size, _, _, _, _, _), Rows, P, _, Passes, _, _, playing),
    (   Passes > 0, leading(Game, P)
    ->  Action = pass(P)
    ;   board_rows(Board, Rows),
        Max is Size - 1,
        findall(V-move(P, [R, C]),
                ( between(0, Max, R), between(0, Max, C),
                  cell(Board, R, C, "-"),
                  \+ own_eye(Board, P, R, C),
                  catch(go_play(Game, move(P, [R, C]), _, _), tablero(_, _, _, _), fail),
                  move_value(Board, P, R, C, V) ),
                Scored),
        (   Scored == []
        ->  Action = pass(P)
        ;   max_member(_-Action, Scored)
        )
    ).

leading(Game, P) :-
    go_score(Game, score(B, W, _, _), _),
    (   P == "b" -> B > W ; W > B ).

own_eye(Board, P, R, C) :-
    adyacentes(Board, R, C, Adyacentes),
    forall(member([F, _, _], Adyacentes), F == P).

move_value(Board, P, R, C, V) :-
    go_move(Board, P, [R, C], After, Captured),
    length(Captured, NCap),
    group_liberties(After, P, R, C, Libs),
    (   Libs =:= 1 -> Atari = 20 ; Atari = 0 ),
    term_hash(R-C, H),
    V is 10 * NCap + min(Libs, 6) - Atari + (H mod 97) / 100.

%   group_liberties(+Board, +P, +R, +C, -N): N empty points touch the group
%   of P's stone at [R, C].
group_liberties(Board, P, R, C, N) :-
    group_scan([[R, C]], Board, P, [[R, C]], [], Libs),
    length(Libs, N).

group_scan([], _, _, _, Libs, Libs).
group_scan([[R, C]|Todo], Board, P, Seen, Libs0, Libs) :-
    adyacentes(Board, R, C, Adyacentes),
    foldl(scan_neighbour(P), Adyacentes, Todo-Seen-Libs0, Todo1-Seen1-Libs1),
    group_scan(Todo1, Board, P, Seen1, Libs1, Libs).

scan_neighbour(P, [F, R, C], Todo-Seen-Libs, Todo1-Seen1-Libs1) :-
    (   F == "-"
    ->  Todo1 = Todo, Seen1 = Seen, ord_add_element(Libs, [R, C], Libs1)
    ;   F == P, \+ memberchk([R, C], Seen)
    ->  Todo1 = [[R, C]|Todo], Seen1 = [[R, C]|Seen], Libs1 = Libs
    ;   Todo1 = Todo, Seen1 = Seen, Libs1 = Libs
    ).

                 /*******************************
                 *   THE TABLERO PROTOCOL       *
                 *******************************/

tablero:game(go).

tablero:game_new(go, Options, Game) :-
    dict_pairs(Options, _, Pairs),
    maplist(go_option, Pairs, List),
    go_new(List, Game).

go_option(size-S, size(S)) :- !.
go_option(komi-K, komi(K)) :- !.
go_option(preset-P, preset(A)) :- !, text_atom(P, A).
go_option(ko-K, ko(A)) :- !, text_atom(K, A).
go_option(black-B, black(A)) :- !, text_atom(B, A).
go_option(white-W, white(A)) :- !, text_atom(W, A).
go_option(Key-_, _) :-
    format(string(M), "Unknown option ~w (size, preset, komi, ko, black, white)", [Key]),
    bad_option(M).

text_atom(T, A) :-
    (   string(T) -> atom_string(A, T) ; A = T ).

tablero:game_act(go, Game0, Action, Game, Explain) :-
    Game0 = go(settings(Size, _, _, _, _, _), _, ToMove, _, _, _, _, _),
    action_term(Action, Size, ToMove, Term),
    go_play(Game0, Term, Game, Explain).

action_term(Action, Size, ToMove, Term) :-
    (   get_dict(player, Action, P0)
    ->  (   memberchk(P0, ["b", "w"]) -> P = P0
        ;   throw(tablero(invalid, bad_action, "player must be \"b\" or \"w\""))
        )
    ;   P = ToMove
    ),
    (   get_dict(kind, Action, Kind) -> true ; Kind = none ),
    (   Kind == "move"
    ->  action_pos(Action, Size, Pos),
        Term = move(P, Pos)
    ;   Kind == "pass"
    ->  Term = pass(P)
    ;   Kind == "resign"
    ->  Term = resign(P)
    ;   throw(tablero(invalid, bad_action, "kind must be \"move\", \"pass\" or \"resign\""))
    ).

action_pos(Action, Size, Pos) :-
    (   get_dict(pos, Action, Pos0)
    ->  (   Pos0 = [R, C], integer(R), integer(C) -> Pos = Pos0
        ;   throw(tablero(invalid, bad_pos, "pos must be [row, column] with integers"))
        )
    ;   get_dict(vertex, Action, V), string(V)
    ->  (   gtp_vertex(Size, Pos, V) -> true
        ;   throw(tablero(invalid, off_board, "That vertex is not on the board"))
        )
    ;   throw(tablero(invalid, bad_pos, "A move needs pos [row, column] or vertex such as \"D4\""))
    ).

tablero:game_machine(go, Game, Action) :-
    go_machine_action(Game, Term),
    Term =.. [Name, _|Args],
    atom_string(Name, Kind),
    (   Args = [Pos] -> Action = _{kind:Kind, pos:Pos} ; Action = _{kind:Kind} ).

tablero:game_seat(go, go(settings(_, _, _, _, _, players(B, W)), _, P, _, _, _, _, _), Seat) :-
    (   P == "b" -> Seat = B ; Seat = W ).

tablero:game_view(go, Game, View) :-
    Game = go(settings(Size, Preset, Ko, Komi, Tie, players(Black, White)),
              Rows, ToMove, Bc-Wc, Passes, _, Last, Status),
    last_json(Last, LastJ),
    atom_string(Black, BlackS),
    atom_string(White, WhiteS),
    View0 = _{ size:Size, board:Rows, to_move:ToMove,
               captures:_{b:Bc, w:Wc}, passes:Passes, last:LastJ,
               settings:_{preset:Preset, ko:Ko, komi:Komi, tie:Tie},
               players:_{b:BlackS, w:WhiteS} },
    (   Status == playing
    ->  View = View0.put(_{over:false})
    ;   go_score(Game, score(B, W, _, Result), Owner),
        board_string(OwnerBoard, Owner),
        board_rows(OwnerBoard, OwnerRows),
        View = View0.put(_{over:true, result:Result,
                           score:_{b:B, w:W, komi:Komi, owner:OwnerRows}})
    ).

last_json(none, null).
last_json(move(P, Pos), _{kind:"move", player:P, pos:Pos}).
last_json(pass(P), _{kind:"pass", player:P}).
last_json(resign(P), _{kind:"resign", player:P}).

                 /*******************************
                 *      EXAMPLES (swipl)        *
                 *******************************/

%?- emptyBoard(B), length(B, 19).
%   true.
%?- emptyBoard(3, B0), goMove(B0, "b", [0,1], B1), goMove(B1, "w", [0,0], B2),
%   goMove(B2, "b", [1,0], B3).
%   B3 = [["-","b","-"],["b","-","-"],["-","-","-"]].     % White's corner stone captured
%?- emptyBoard(3, B0), goMove(B0, "b", [0,1], B1), goMove(B1, "b", [1,0], B2),
%   goMove(B2, "w", [0,0], B).
%   false.                                                % suicide
%?- emptyBoard(3, B0), goMove(B0, "b", [1,1], B), terminarJuego(B, W, Bl).
%   W = 0, Bl = 9.
%?- emptyBoard(3, B), finDelJuego(B, N, Bl).
%   N = 0, Bl = 0.
%?- go_new([size(9), preset(chinese)], G0), go_play(G0, move("b", [4,4]), G, E).
%   E = ["goMove(Board, \"b\", [4,4], RBoard)"-"true: 0 stone(s) captured"], ...
%?- gtp_vertex(19, P, "D4").
%   P = [15, 3].
