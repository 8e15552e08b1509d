% A GoRoGo student's machine in the tournament's contract: the first placement the
% course's rules allow (gorogo_legal/2), a regular piece before a Henge.
:- use_module(tablero(gorogo/course), [gorogo_legal/2]).

machine_move(State, Move) :-
    findall(M, gorogo_legal(State, M), Moves),
    (   member(Move, Moves), Move = place(regular, _, _) -> true
    ;   Moves = [Move|_]
    ).
