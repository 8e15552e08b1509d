% Ana's Molinolog lab (a solution with its own names, as real ones have): her machine
% plays the last of the legal actions of the course's rules, a capture whenever one is due.
:- use_module(tablero(molinolog/course), [accion_legal/2]).

mi_jugada(Estado, Accion) :-
    findall(A, accion_legal(Estado, A), Acciones),
    last(Acciones, Accion).
