% Beto's machine, written in the contract itself: a legal action drawn at random (the
% tournament seeds SWI-Prolog's random generator, so the same seed plays the same game).
:- module(beto, [machine_move/2]).
:- use_module(tablero(molinolog/course), [accion_legal/2]).

machine_move(Estado, Accion) :-
    findall(A, accion_legal(Estado, A), Acciones),
    random_member(Accion, Acciones).
