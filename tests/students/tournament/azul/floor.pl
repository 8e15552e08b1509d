% An Azul student's machine with its own names (as real solutions have), mapped by the
% adapter lines at the end: it takes the first legal take that does not go to the floor.
:- use_module(tablero(azul/rules), [legal_takes/2]).

mi_turno(Estado, Jugada) :-
    legal_takes(Estado, Jugadas),
    (   member(Jugada, Jugadas), Jugada = take(_, _, L), L \== floor -> true
    ;   Jugadas = [Jugada|_]
    ).

% The adapter: the tournament's contract on the student's name.
machine_move(State, Move) :-
    mi_turno(State, Move).
