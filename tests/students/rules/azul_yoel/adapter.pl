% The teacher's adapter for Yoel (docs/kits.md): the Azul kit's jugadas_legales/2 and
% aplicar_jugada/3 on our azul/9 state, through his facts: our state is asserted as his
% facts, his predicate runs, his facts are read back into our state.
:- use_module(solution, []).

jugadas_legales(Estado, Jugadas) :-
    a_hechos(Estado),
    azul_yoel:jugadas(Jugadas).

aplicar_jugada(Estado, Jugada, Estado2) :-
    a_hechos(Estado),
    memberchk_legal(Jugada),
    azul_yoel:jugar(Jugada),
    de_hechos(Estado, Estado2).

memberchk_legal(Jugada) :- azul_yoel:jugadas(Js), memberchk(Jugada, Js).

a_hechos(azul(_, _, _, _, Turno, Jugadores, table(Fs, Centro, Ficha, _, Tapa), _, _)) :-
    length(Jugadores, N),
    azul_yoel:iniciar(N),
    forall(nth0(I, Fs, F), (retractall(azul_yoel:fabrica(I, _)), assertz(azul_yoel:fabrica(I, F)))),
    forall((between(0, 4, I), \+ nth0(I, Fs, _)), retractall(azul_yoel:fabrica(I, _))),
    retractall(azul_yoel:centro(_)), assertz(azul_yoel:centro(Centro)),
    ( Ficha == centre -> F0 = centro ; Ficha = held(J0), F0 = jugador(J0) ),
    retractall(azul_yoel:ficha_inicial(_)), assertz(azul_yoel:ficha_inicial(F0)),
    retractall(azul_yoel:turno(_)), assertz(azul_yoel:turno(Turno)),
    retractall(azul_yoel:tapa(_, _)), forall(member(C-K, Tapa), assertz(azul_yoel:tapa(C, K))),
    retractall(azul_yoel:filas(_, _)), retractall(azul_yoel:suelo(_, _)),
    retractall(azul_yoel:muro(_, _)), retractall(azul_yoel:puntos(_, _)),
    forall(nth0(J, Jugadores, player(_, P, Ls, Muro, Suelo)),
           ( maplist(fila, Ls, Filas), assertz(azul_yoel:filas(J, Filas)),
             assertz(azul_yoel:suelo(J, Suelo)), assertz(azul_yoel:muro(J, Muro)),
             assertz(azul_yoel:puntos(J, P)) )).

de_hechos(azul(S, R, Ro, In, _, Jugadores0, table(_, _, _, Bolsa, _), U, Fa),
          azul(S, R, Ro, In, Turno, Jugadores, table(Fs, Centro, Ficha, Bolsa, Tapa), U, Fa)) :-
    azul_yoel:turno(Turno),
    findall(I-F, azul_yoel:fabrica(I, F), IFs), keysort(IFs, IFs1), pairs_values(IFs1, Fs),
    azul_yoel:centro(Centro),
    azul_yoel:ficha_inicial(F0), ( F0 == centro -> Ficha = centre ; F0 = jugador(J0), Ficha = held(J0) ),
    findall(C-K, azul_yoel:tapa(C, K), Tapa),
    findall(player(Tipo, P, Ls, Muro, Suelo),
            ( nth0(J, Jugadores0, player(Tipo, _, _, _, _)),
              azul_yoel:puntos(J, P), azul_yoel:filas(J, Filas), maplist(fila, Ls, Filas),
              azul_yoel:muro(J, Muro), azul_yoel:suelo(J, Suelo) ),
            Jugadores).

fila(empty, vacia).
fila(line(C, N), fila(C, N)).
