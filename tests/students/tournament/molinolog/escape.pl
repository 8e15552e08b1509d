% Tries to leave its box: a shell command (no new processes there), then a file written
% beside itself (its folder is shown read-only).  It loses with the error of the second.
:- dynamic folder/1.
:- prolog_load_context(directory, Dir), assertz(folder(Dir)).

machine_move(_Estado, colocar((n, 2))) :-
    catch(shell('echo escaped > /tmp/tablero-escape-shell'), _, true),
    folder(Dir),
    atom_concat(Dir, '/escaped.txt', File),
    open(File, write, Out),
    format(Out, "escaped~n", []),
    close(Out).
