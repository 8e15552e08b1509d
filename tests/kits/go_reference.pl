goMove(Board, Player, [R, C], RBoard) :-
    rival(Player, Other),
    at(Board, [R, C], "-"),
    put(Board, [R, C], Player, B1),
    findall(N, (next_to(B1, [R, C], N), at(B1, N, Other)), Ns),
    foldl(take_dead(Other), Ns, B1, B2),
    group(B2, [R, C], Player, _, Libs),
    Libs \== [],
    !,
    RBoard = B2.
terminarJuego(Board, W, B) :-
    length(Board, N), M is N - 1,
    findall(P, (between(0, M, R), between(0, M, C), P = [R, C]), Ps),
    foldl(score_point(Board), Ps, [0-0, []], [W0-B0, _]),
    W = W0, B = B0.
jugadaMaquina(Board, Player, Jugada) :-
    length(Board, N), M is N - 1,
    (   between(0, M, R), between(0, M, C), goMove(Board, Player, [R, C], _)
    ->  Jugada = [R, C]
    ;   Jugada = pasar
    ).

rival("b", "w").
rival("w", "b").
at(Board, [R, C], X) :- integer(R), integer(C), nth0(R, Board, Row), nth0(C, Row, X).
put(Board, [R, C], X, Board1) :-
    nth0(R, Board, Row, Rows), nth0(C, Row, _, Cells),
    nth0(C, Row1, X, Cells), nth0(R, Board1, Row1, Rows).
next_to(Board, [R, C], [R1, C1]) :-
    length(Board, N),
    member(D, [[-1, 0], [1, 0], [0, -1], [0, 1]]), D = [DR, DC],
    R1 is R + DR, C1 is C + DC, R1 >= 0, R1 < N, C1 >= 0, C1 < N.
take_dead(Colour, P, B0, B) :-
    (   at(B0, P, Colour), group(B0, P, Colour, Stones, [])
    ->  foldl([S, X0, X]>>put(X0, S, "-", X), Stones, B0, B)
    ;   B = B0
    ).
%   group(+Board, +P, +Colour, -Points, -Edge): the region of Colour cells around P and the
%   empty neighbours (for stones) or the colours met (for an empty region).
group(Board, P, Colour, Points, Libs) :-
    flood([P], Board, Colour, [P], Points, [], Libs).
flood([], _, _, Seen, Seen, Libs, Libs).
flood([P|Q], Board, Colour, Seen0, Seen, L0, L) :-
    findall(N, next_to(Board, P, N), Ns),
    foldl(visit(Board, Colour), Ns, Q-Seen0-L0, Q1-Seen1-L1),
    flood(Q1, Board, Colour, Seen1, Seen, L1, L).
visit(Board, Colour, N, Q0-S0-L0, Q-S-L) :-
    at(Board, N, X),
    (   X == Colour
    ->  ( memberchk(N, S0) -> Q-S-L = Q0-S0-L0 ; Q = [N|Q0], S = [N|S0], L = L0 )
    ;   Colour == "-"
    ->  Q = Q0, S = S0, ( memberchk(X, L0) -> L = L0 ; L = [X|L0] )
    ;   X == "-"
    ->  Q = Q0, S = S0, ( memberchk(N, L0) -> L = L0 ; L = [N|L0] )
    ;   Q-S-L = Q0-S0-L0
    ).
score_point(Board, P, [W0-B0, Seen], [W-B, Seen1]) :-
    at(Board, P, X),
    (   X == "w" -> W is W0 + 1, B = B0, Seen1 = Seen
    ;   X == "b" -> B is B0 + 1, W = W0, Seen1 = Seen
    ;   memberchk(P, Seen) -> W = W0, B = B0, Seen1 = Seen
    ;   group(Board, P, "-", Region, Colours),
        length(Region, K),
        append(Region, Seen, Seen1),
        (   Colours == ["w"] -> W is W0 + K, B = B0
        ;   Colours == ["b"] -> B is B0 + K, W = W0
        ;   W = W0, B = B0
        )
    ).
