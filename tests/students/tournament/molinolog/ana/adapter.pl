% The teacher's adapter: the tournament's contract, machine_move(+Estado, -Accion), mapped
% to the name Ana gave her machine (docs/tournaments.md).
:- ensure_loaded(solution).

machine_move(Estado, Accion) :-
    mi_jugada(Estado, Accion).
