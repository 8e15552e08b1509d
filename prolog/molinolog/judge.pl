:- module(molinolog_judge,
          [ judge_pictures/4,       % +T, +Proteger, +Pictures, -Report
            judge_main/0            % JSON on standard input and output (app/lab.py)
          ]).

/** <module> The headless judge: is every board a lab drew reachable by our rules?

A student's Molinolog lab plays `molinolog(maquina, maquina, T)` against our
graficos.pl with no page (app/lab.py records every board it draws).  Each
*picture* is the board as the window shows it at one moment: the pieces
drawn by gr_dibujar_tablero/3 (`strict`: the program says "this is the
board"), or the board after gr_ficha/5 painted a piece (`strict` false: a
program may paint the arrival of a move before it redraws the board without
the piece that left).

judge_pictures/4 replays the course's rules (course.pl) along them.  A
picture equal to the board of the current state changes nothing; otherwise
it must be the board after one action of ours (aplicar/3: a placement, a
move, a capture), one whole turn (jugar/3), a whole turn and an action, or
two whole turns (a program that draws once per round).  The first strict
picture that none of these reaches is the illegal one: the report gives the
position before it (pieces, turn, phase), what appeared and disappeared,
and why in words (rechazo/3's code where one action explains it).  An empty
board after a game started is a new game.  A picture that changes the board
after our rules ended the game (fin_del_juego/2: two pieces, no moves, the
third repetition, 100 quiet turns) is reported as played past the end.

    {"t": 1, "protect_mills": false, "pictures": [{"i": 3, "strict": true,
      "fichas": [["negro", "n", 1], ...]}, ...]}

on standard input gives one JSON line on standard output (judge_main/0).
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(http/json)).
:- use_module(course).

judge_main :-
    set_stream(user_input, encoding(utf8)),
    set_stream(user_output, encoding(utf8)),
    json_read_dict(user_input, In, [value_string_as(string)]),
    T = In.t,
    (   In.get(protect_mills) == true -> Pr = true ; Pr = false ),
    maplist(picture, In.pictures, Pictures),
    judge_pictures(T, Pr, Pictures, Report),
    json_write_dict(user_output, Report, [width(0)]),
    nl(user_output).

picture(D, picture(D.i, Strict, Fichas)) :-
    (   D.strict == true -> Strict = true ; Strict = false ),
    maplist(ficha, D.fichas, Fs),
    sort(Fs, Fichas).

ficha([C, D, R], ficha(Ca, Da, R)) :-
    atom_string(Ca, C),
    atom_string(Da, D).

%!  judge_pictures(+T, +Proteger, +Pictures, -Report) is det.
%
%   Report (a dict) judges the list of picture(I, Strict, Fichas).
judge_pictures(T, Pr, Pictures, Report) :-
    estado_inicial(T, Pr, E0),
    walk(Pictures, E0, 0, 0, none, Result),
    Result = result(E, Plies, Games, Stop),
    report(E, Plies, Games, Stop, Report).

%   walk(+Pictures, +Estado, +Plies, +Games, +Stop, -Result)
walk([], E, Plies, Games, Stop, result(E, Plies, Games, Stop)).
walk([picture(I, Strict, P)|Ps], E, Plies, Games, Stop, Result) :-
    arg(5, E, Fichas),
    (   Stop \== none
    ->  Result = result(E, Plies, Games, Stop)
    ;   P == Fichas
    ->  walk(Ps, E, Plies, Games, Stop, Result)
    ;   P == [], Fichas \== []
    ->  arg(1, E, T), arg(2, E, Pr),
        estado_inicial(T, Pr, E1),
        Games1 is Games + 1,
        walk(Ps, E1, Plies, Games1, Stop, Result)
    ;   fin_del_juego(E, Fin)
    ->  (   Strict == true
        ->  Result = result(E, Plies, Games, past_end(I, Fin, P))
        ;   walk(Ps, E, Plies, Games, Stop, Result)
        )
    ;   reaches(E, P, E1, Acciones)
    ->  length(Acciones, N),
        Plies1 is Plies + N,
        walk(Ps, E1, Plies1, Games, Stop, Result)
    ;   Strict == true
    ->  Result = result(E, Plies, Games, illegal(I, P))
    ;   walk(Ps, E, Plies, Games, Stop, Result)
    ).

%   reaches(+E, +Fichas, -E1, -Acciones): our rules lead from E to a state
%   whose board is Fichas, by the fewest actions tried in this order.
reaches(E, P, E1, [A]) :-
    accion_legal(E, A),
    aplicar(E, A, E1),
    arg(5, E1, P),
    !.
reaches(E, P, E1, [J]) :-
    jugada_legal(E, J),
    jugar(E, J, E1),
    arg(5, E1, P),
    !.
reaches(E, P, E2, [J, A]) :-
    jugada_legal(E, J),
    jugar(E, J, E1),
    accion_legal(E1, A),
    aplicar(E1, A, E2),
    arg(5, E2, P),
    !.
reaches(E, P, E2, [J1, J2]) :-
    jugada_legal(E, J1),
    jugar(E, J1, E1),
    jugada_legal(E1, J2),
    jugar(E1, J2, E2),
    arg(5, E2, P),
    !.

report(E, Plies, Games, Stop, Report) :-
    (   fin_del_juego(E, Fin)
    ->  result_dict(Fin, Ours)
    ;   Ours = null
    ),
    stop_dict(Stop, E, Illegal, PastEnd),
    (   Illegal == null -> Legal = true ; Legal = false ),
    Report = _{legal: Legal, plies: Plies, games: Games, ours: Ours,
               illegal: Illegal, past_end: PastEnd,
               position: Position},
    position_dict(E, Position).

result_dict(gana(C, R), _{result: Text, winner: C, reason: R, message: M}) :-
    format(string(Text), "~q", [gana(C, R)]),
    mensaje_estado_fin(gana(C, R), M).
result_dict(tablas(R), _{result: Text, winner: null, reason: R, message: M}) :-
    format(string(Text), "~q", [tablas(R)]),
    mensaje_estado_fin(tablas(R), M).

mensaje_estado_fin(gana(C, R), M) :-
    fin_text(gana(C, R), M).
mensaje_estado_fin(tablas(repeticion), "Tablas: la misma posición se repitió tres veces.").
mensaje_estado_fin(tablas(cincuenta_jugadas), "Tablas: 50 jugadas de cada jugador sin capturas.").

fin_text(gana(C, dos_fichas), M) :-
    contrincante(C, O),
    format(string(M), "¡Ganó el jugador ~w! (el jugador ~w quedó con dos fichas)", [C, O]).
fin_text(gana(C, sin_movimientos), M) :-
    contrincante(C, O),
    format(string(M), "¡Ganó el jugador ~w! (el jugador ~w no puede mover)", [C, O]).

stop_dict(none, _, null, null).
stop_dict(illegal(I, P), E, Illegal, null) :-
    position_dict(E, Pos),
    arg(5, E, Fichas),
    ord_subtract(P, Fichas, Appeared),
    ord_subtract(Fichas, P, Gone),
    maplist(ficha_list, P, Drawn),
    maplist(ficha_list, Appeared, Ap),
    maplist(ficha_list, Gone, Go),
    explain(E, Appeared, Gone, Code, Why),
    Illegal = _{picture: I, position: Pos, drawn: Drawn, appeared: Ap,
                disappeared: Go, code: Code, reason: Why}.
stop_dict(past_end(I, Fin, P), E, null, _{picture: I, result: Text, position: Pos,
                                           drawn: Drawn}) :-
    format(string(Text), "~q", [Fin]),
    position_dict(E, Pos),
    maplist(ficha_list, P, Drawn).

position_dict(E, _{fichas: Fs, turno: C, fase: F, mano: [N, B], text: Text}) :-
    E = estado(_, _, C, Fase, Fichas, mano(N, B), _, _),
    maplist(ficha_list, Fichas, Fs),
    format(string(F), "~q", [Fase]),
    format(string(Text), "~q", [E]).

ficha_list(ficha(C, D, R), [C, D, R]).

%   explain(+E, +Appeared, +Gone, -Code, -Why): the change in words.
explain(E, [ficha(C, D, R)], [], Code, Why) :-
    turno(E, C),
    !,
    (   rechazo(E, colocar((D, R)), Code)
    ->  format(string(Why), "~w placed on (~w,~w): refused by our rules (~w)", [C, D, R, Code])
    ;   aplicar(E, colocar((D, R)), E1), fase(E1, capturar(_))
    ->  Code = must_capture,
        format(string(Why), "~w placed on (~w,~w) and formed a mill, but the capture that must follow is missing", [C, D, R])
    ;   Code = unreachable,
        format(string(Why), "~w placed on (~w,~w), which our rules do not reach from this position", [C, D, R])
    ).
explain(E, [ficha(C, D, R)], [ficha(C, D0, R0)], Code, Why) :-
    turno(E, C),
    !,
    (   rechazo(E, mover((D0, R0), (D, R)), Code)
    ->  format(string(Why), "~w moved from (~w,~w) to (~w,~w): refused by our rules (~w)",
               [C, D0, R0, D, R, Code])
    ;   Code = must_capture,
        format(string(Why), "~w moved from (~w,~w) to (~w,~w) and formed a mill, but the capture that must follow is missing",
               [C, D0, R0, D, R])
    ).
explain(E, Appeared, Gone, Code, Why) :-
    turno(E, C),
    contrincante(C, O),
    select(ficha(O, Dc, Rc), Gone, Gone1),
    (   Appeared = [ficha(C, D, R)], Gone1 == []
    ->  A = colocar((D, R)), Desc = "placed on"
    ;   Appeared = [ficha(C, D, R)], Gone1 = [ficha(C, D0, R0)]
    ->  A = mover((D0, R0), (D, R)), Desc = "moved to"
    ),
    !,
    (   rechazo(E, A, Code0)
    ->  Code = Code0,
        format(string(Why), "~w ~w (~w,~w): refused by our rules (~w)", [C, Desc, D, R, Code])
    ;   aplicar(E, A, E1),
        (   fase(E1, capturar(_))
        ->  rechazo(E1, capturar((Dc, Rc)), Code),
            format(string(Why), "~w ~w (~w,~w), formed a mill and captured (~w,~w): refused by our rules (~w)",
                   [C, Desc, D, R, Dc, Rc, Code])
        ;   Code = no_mill,
            format(string(Why), "~w ~w (~w,~w) and captured ~w's piece on (~w,~w), but formed no new mill there: only a new mill captures",
                   [C, Desc, D, R, O, Dc, Rc])
        )
    ).
explain(E, [], [ficha(O, D, R)], Code, Why) :-
    fase(E, capturar(_)),
    !,
    turno(E, C),
    (   rechazo(E, capturar((D, R)), Code) -> true ; Code = unreachable ),
    format(string(Why), "~w captured ~w's piece on (~w,~w): refused by our rules (~w)", [C, O, D, R, Code]).
explain(E, Appeared, Gone, unreachable, Why) :-
    turno(E, C),
    fase(E, F),
    length(Appeared, NA),
    length(Gone, NG),
    format(string(Why), "no action of ours leads there: ~d piece(s) appeared and ~d disappeared, with ~w to play (phase ~q)",
           [NA, NG, C, F]).
