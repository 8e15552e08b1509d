% Never answers: loops until its time is up.
machine_move(Estado, Accion) :-
    pensar(Estado, Accion).

pensar(Estado, Accion) :-
    pensar(Estado, Accion).
