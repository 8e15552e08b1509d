% Lucía's Molinolog rules (Programación Lógica 2019), on the course's estado/8:
%   estado(T, Proteger, Turno, Fase, Fichas, mano(Negras, Blancas), SinCaptura, Historia)
% written from the assignment, with her own helpers.  Her bug, a real one: a mill is three
% pieces along a side of a square; she forgot the mills that cross the rings on the
% north, east, south and west lines ((n,1), (n,2), (n,3)), so placing or moving into one
% passes the turn instead of asking for a capture.
:- module(reglas_lucia, [accion_legal/2, aplicar/3, fin_del_juego/2]).
:- use_module(library(lists)).
:- use_module(library(ordsets)).

otro(negro, blanco).
otro(blanco, negro).

vecina_dir(n, ne). vecina_dir(ne, e). vecina_dir(e, se). vecina_dir(se, s).
vecina_dir(s, sw). vecina_dir(sw, w). vecina_dir(w, nw). vecina_dir(nw, n).

es_cardinal(D) :- memberchk(D, [n, e, s, w]).

casilla(T, (D, R)) :-
    Max is T + 1, between(1, Max, R),
    member(D, [n, ne, e, se, s, sw, w, nw]).

vecinas(T, (D1, R), (D2, R)) :- casilla(T, (D1, R)), ( vecina_dir(D1, D2) ; vecina_dir(D2, D1) ).
vecinas(T, (D, R1), (D, R2)) :-
    casilla(T, (D, R1)), es_cardinal(D),
    ( R2 is R1 + 1 ; R2 is R1 - 1 ), R2 >= 1, R2 =< T + 1.

% Los molinos: tres fichas en un lado de un cuadrado.  (Faltan los radiales.)
linea(T, [(A, R), (B, R), (C, R)]) :-
    Max is T + 1, between(1, Max, R),
    member(A-B-C, [nw-n-ne, ne-e-se, se-s-sw, sw-w-nw]).

ocupada(Fichas, (D, R)) :- memberchk(ficha(_, D, R), Fichas).

hace_molino(T, Fichas, Color, P, Puntos) :-
    findall(Q, ( linea(T, L), memberchk(P, L),
                 forall(member((D, R), L), memberchk(ficha(Color, D, R), Fichas)),
                 member(Q, L) ), Qs),
    sort(Qs, Puntos).

cuantas(Color, Fichas, mano(N, B), Total) :-
    include([ficha(C, _, _)]>>(C == Color), Fichas, Mias),
    length(Mias, K),
    ( Color == negro -> Total is K + N ; Total is K + B ).

en_mano(negro, mano(N, _), N).
en_mano(blanco, mano(_, B), B).

fase_para(Color, Mano, Fase) :- en_mano(Color, Mano, N), ( N > 0 -> Fase = colocar ; Fase = mover ).

puede_capturar(estado(T, Prot, Color, _, Fichas, _, _, _), (D, R)) :-
    otro(Color, Rival),
    member(ficha(Rival, D, R), Fichas),
    (   Prot == true, hace_molino(T, Fichas, Rival, (D, R), [_|_])
    ->  \+ ( member(ficha(Rival, D2, R2), Fichas),
             \+ hace_molino(T, Fichas, Rival, (D2, R2), [_|_]) )
    ;   true
    ).

accion_legal(E, A) :-
    \+ fin_del_juego(E, _),
    E = estado(T, _, Color, Fase, Fichas, _, _, _),
    (   Fase == colocar -> A = colocar(P), casilla(T, P), \+ ocupada(Fichas, P)
    ;   Fase == mover -> A = mover((D, R), P), member(ficha(Color, D, R), Fichas),
        vecinas(T, (D, R), P), \+ ocupada(Fichas, P)
    ;   Fase = capturar(_), A = capturar(P), puede_capturar(E, P)
    ).

aplicar(E0, A, E) :-
    accion_legal(E0, A), !,
    E0 = estado(T, Prot, Color, _, Fichas0, Mano0, Q, H),
    (   A = colocar((D, R))
    ->  ord_add_element(Fichas0, ficha(Color, D, R), Fichas),
        ( Color == negro -> Mano0 = mano(N0, B), N is N0 - 1, Mano = mano(N, B)
        ; Mano0 = mano(N, B0), B is B0 - 1, Mano = mano(N, B) ),
        tras_llegar(estado(T, Prot, Color, colocar, Fichas, Mano, Q, H), (D, R), coloco, E)
    ;   A = mover((D0, R0), (D, R))
    ->  ord_del_element(Fichas0, ficha(Color, D0, R0), F1),
        ord_add_element(F1, ficha(Color, D, R), Fichas),
        tras_llegar(estado(T, Prot, Color, mover, Fichas, Mano0, Q, H), (D, R), movio, E)
    ;   A = capturar((D, R)),
        otro(Color, Rival),
        ord_del_element(Fichas0, ficha(Rival, D, R), Fichas),
        pasar_turno(estado(T, Prot, Color, capturar, Fichas, Mano0, Q, H), capturo, E)
    ).

tras_llegar(E0, P, Como, E) :-
    E0 = estado(T, Prot, Color, _, Fichas, Mano, Q, H),
    hace_molino(T, Fichas, Color, P, Molino),
    (   Molino == [] -> pasar_turno(E0, Como, E)
    ;   E = estado(T, Prot, Color, capturar(Molino), Fichas, Mano, Q, H)
    ).

pasar_turno(estado(T, Prot, Color, _, Fichas, Mano, Q0, H0), Como,
            estado(T, Prot, Rival, Fase, Fichas, Mano, Q, H)) :-
    otro(Color, Rival),
    fase_para(Rival, Mano, Fase),
    ( Como == capturo -> Q = 0 ; Q is Q0 + 1 ),
    ( Como == movio -> H = [posicion(Fichas, Rival)|H0] ; H = [posicion(Fichas, Rival)] ).

fin_del_juego(estado(T, Prot, Color, Fase, Fichas, Mano, Q, H), Resultado) :-
    Fase \= capturar(_),
    (   member(Pierde, [negro, blanco]), cuantas(Pierde, Fichas, Mano, N), N =< 2
    ->  otro(Pierde, Gana), Resultado = gana(Gana, dos_fichas)
    ;   Fase == mover,
        \+ ( member(ficha(Color, D, R), Fichas), vecinas(T, (D, R), P), \+ ocupada(Fichas, P) )
    ->  otro(Color, Gana), Resultado = gana(Gana, sin_movimientos)
    ;   H = [Ahora|Antes], include(==(Ahora), Antes, [_, _|_])
    ->  Resultado = tablas(repeticion)
    ;   Q >= 100
    ->  Resultado = tablas(cincuenta_jugadas)
    ),
    _ = Prot.
