:- module(graficos,
          [ gr_crear/3,             % -Ventana, +T, +Botones
            gr_destruir/1,          % +Ventana
            gr_dibujar_tablero/3,   % +Ventana, +T, +Fichas
            gr_dimensiones/2,       % +Ventana, +T
            gr_ficha/5,             % +Ventana, +T, +Dir, +Dist, +Ficha
            gr_evento/2,            % +Ventana, ?Evento
            gr_mensaje/2,           % +Ventana, +Texto
            gr_pregunta/3,          % +Ventana, +Pregunta, ?Respuesta
            gr_opciones/4,          % +Ventana, +Pregunta, +Opciones, ?Respuesta
            gr_estado/2,            % +Ventana, +Texto
            gr_purgar/0,
            pce_image_directory/1   % +Dir (XPCE's, called by the course's template)
          ]).

/** <module> graficos: the Molinolog lab's window, drawn by Tablero

The 2019 Molinolog lab (UdelaR, "Programación Lógica") hands its students
`graficos.pl`, an XPCE window, and every solution drives its game through
it.  This module has the same name, the same exports and the same meanings,
but no window: `tablero lab molinolog FILE.pl` runs a student's unmodified
`molinolog.pl` with this file staged in place of theirs (theirs is never
loaded), and every gr_* call becomes one JSON line to Tablero, which draws it
on the web board (a person plays in the browser) or records it for the
headless judge (docs/molinolog.md, "Running a student's lab").

The channel is the process's standard input and output, which
prolog/molinolog/lab.pl gives the stream aliases `graficos_in` and
`graficos_out` before it loads the student's file (the student's own
user_input and user_output are then an empty and a null stream).  Each call
writes `{"gr": Name, ...}`; the calls that wait for the person
(gr_evento/2, gr_mensaje/2, gr_pregunta/3, gr_opciones/4) then read one reply
line.  Without that channel (this file loaded in a plain swipl) every call
raises an error saying how to run it.

As the course's module:

  - `Ventana` is a handle, here `ventana(N)`;
  - `Fichas` is a list of `ficha(Tipo, Dir, Dist)`, Tipo `blanco` or
    `negro`; gr_ficha/5 also takes `seleccion`, the selection mark;
  - `T` is the board's size (1..3: T+1 rings), `(Dir, Dist)` a point:
    Dir one of n, ne, e, se, s, sw, w, nw and Dist the ring, 1 the innermost;
  - gr_evento/2 waits for `click(Dir, Dist)`, `salir` (the page closed) or
    the event of a button of gr_crear/3 (events come in order: a click made
    while the program was busy is the next one it reads);
  - gr_pregunta/3 answers the text typed, as an atom; gr_pregunta/3 and
    gr_opciones/4 fail when the dialog is closed without an answer;
  - gr_opciones/4 answers the chosen element of Opciones itself.
*/

:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(http/json)).

:- dynamic ventana_botones/2.      % ventana(N), Botones
:- dynamic siguiente/1.

siguiente(1).

%!  gr_crear(-Ventana, +T, +Botones) is det.
%
%   Opens a window with the board of size T and one button per
%   `boton(Nombre, Evento)` of Botones; pressing it is the event Evento.
gr_crear(ventana(N), T, Botones) :-
    tamano(T),
    must_be(list, Botones),
    maplist(boton, Botones, Nombres),
    retract(siguiente(N)),
    N1 is N + 1,
    assertz(siguiente(N1)),
    assertz(ventana_botones(ventana(N), Botones)),
    decir(_{gr: crear, ventana: N, t: T, botones: Nombres}).

boton(boton(Nombre, _Evento), Texto) :-
    !,
    texto(Nombre, Texto).
boton(Otro, _) :-
    type_error(boton, Otro).

%!  gr_destruir(+Ventana) is det.
%
%   Closes the window.
gr_destruir(V) :-
    numero(V, N),
    retractall(ventana_botones(V, _)),
    decir(_{gr: destruir, ventana: N}).

%!  gr_dibujar_tablero(+Ventana, +T, +Fichas) is det.
%
%   Draws the board of size T with the pieces of Fichas, and nothing else.
gr_dibujar_tablero(V, T, Fichas) :-
    numero(V, N),
    tamano(T),
    must_be(list, Fichas),
    maplist(ficha(T), Fichas, Lista),
    decir(_{gr: dibujar_tablero, ventana: N, t: T, fichas: Lista}).

ficha(T, ficha(Tipo, Dir, Dist), [Tipo, Dir, Dist]) :-
    !,
    tipo(Tipo),
    punto(T, Dir, Dist).
ficha(_, Otro, _) :-
    type_error(ficha, Otro).

%!  gr_dimensiones(+Ventana, +T) is det.
%
%   Makes the window's board of size T, every point empty.
gr_dimensiones(V, T) :-
    numero(V, N),
    tamano(T),
    decir(_{gr: dimensiones, ventana: N, t: T}).

%!  gr_ficha(+Ventana, +T, +Dir, +Dist, +Ficha) is det.
%
%   Draws Ficha (`blanco`, `negro` or `seleccion`) on the point (Dir, Dist).
gr_ficha(V, T, Dir, Dist, Ficha) :-
    numero(V, N),
    tamano(T),
    punto(T, Dir, Dist),
    (   memberchk(Ficha, [blanco, negro, seleccion])
    ->  true
    ;   domain_error(ficha, Ficha)
    ),
    decir(_{gr: ficha, ventana: N, t: T, dir: Dir, dist: Dist, ficha: Ficha}).

%!  gr_evento(+Ventana, ?Evento) is semidet.
%
%   Waits for the person's next event: `click(Dir, Dist)`, `salir`, or the
%   event of one of the window's buttons.
gr_evento(V, Evento) :-
    numero(V, N),
    preguntar(_{gr: evento, ventana: N}, Respuesta),
    evento(Respuesta, V, E),
    Evento = E.

evento(R, _, click(Dir, Dist)) :-
    R.get(evento) == "click",
    !,
    atom_string(Dir, R.dir),
    Dist = R.dist.
evento(R, V, Evento) :-
    R.get(evento) == "boton",
    ventana_botones(V, Botones),
    nth0(R.indice, Botones, boton(_, Evento)),
    !.
evento(_, _, salir).

%!  gr_mensaje(+Ventana, +Texto) is det.
%
%   Shows Texto in a dialog and waits until the person closes it.
gr_mensaje(V, Texto) :-
    numero(V, N),
    texto(Texto, S),
    preguntar(_{gr: mensaje, ventana: N, texto: S}, _).

%!  gr_pregunta(+Ventana, +Pregunta, ?Respuesta) is semidet.
%
%   Asks Pregunta; Respuesta is the text typed, an atom.  Fails when the
%   dialog is closed without an answer.
gr_pregunta(V, Pregunta, Respuesta) :-
    numero(V, N),
    texto(Pregunta, S),
    preguntar(_{gr: pregunta, ventana: N, texto: S}, R),
    string(R.get(respuesta)),
    atom_string(A, R.respuesta),
    Respuesta = A.

%!  gr_opciones(+Ventana, +Pregunta, +Opciones, ?Respuesta) is semidet.
%
%   Asks Pregunta with one button per element of Opciones; Respuesta is the
%   element chosen.  Fails when the dialog is closed without an answer.
gr_opciones(V, Pregunta, Opciones, Respuesta) :-
    numero(V, N),
    texto(Pregunta, S),
    must_be(list, Opciones),
    maplist(texto, Opciones, Textos),
    preguntar(_{gr: opciones, ventana: N, texto: S, opciones: Textos}, R),
    integer(R.get(indice)),
    nth0(R.indice, Opciones, O),
    Respuesta = O.

%!  gr_estado(+Ventana, +Texto) is det.
%
%   Shows Texto as the status line under the board.
gr_estado(V, Texto) :-
    numero(V, N),
    texto(Texto, S),
    decir(_{gr: estado, ventana: N, texto: S}).

%!  gr_purgar is det.
%
%   Closes every window left open (the course's "hack" for development).
gr_purgar :-
    retractall(ventana_botones(_, _)),
    decir(_{gr: purgar}).

%!  pce_image_directory(+Dir) is det.
%
%   The course's molinolog.pl template calls `pce_image_directory(icons)`
%   (XPCE's library(pce): where the window's images are) before
%   gr_crear/3, and real labs keep that line.  XPCE is not here (Debian's
%   swi-prolog-nox has none) and the board draws its own images, so this
%   only checks that Dir is given and succeeds.
pce_image_directory(Dir) :-
    must_be(nonvar, Dir).

                 /*******************************
                 *          CHECKS              *
                 *******************************/

numero(V, N) :-
    (   V = ventana(N), integer(N)
    ->  true
    ;   var(V)
    ->  instantiation_error(V)
    ;   type_error(ventana, V)
    ).

tamano(T) :-
    must_be(integer, T),
    (   between(1, 3, T)
    ->  true
    ;   domain_error(tamano_de_tablero, T)
    ).

tipo(Tipo) :-
    (   memberchk(Tipo, [blanco, negro])
    ->  true
    ;   domain_error(ficha, Tipo)
    ).

punto(T, Dir, Dist) :-
    must_be(atom, Dir),
    must_be(integer, Dist),
    Anillos is T + 1,
    (   memberchk(Dir, [n, ne, e, se, s, sw, w, nw]), between(1, Anillos, Dist)
    ->  true
    ;   domain_error(punto, (Dir, Dist))
    ).

%   texto(+Cosa, -String): what the course's label would show for Cosa.
texto(X, S) :-
    (   string(X) -> S = X
    ;   atomic(X) -> atom_string(X, S)
    ;   is_list(X), catch(string_codes(S0, X), _, fail) -> S = S0
    ;   format(string(S), "~w", [X])
    ).

                 /*******************************
                 *         THE CHANNEL          *
                 *******************************/

canal(In, Out) :-
    (   stream_property(Out, alias(graficos_out)),
        stream_property(In, alias(graficos_in))
    ->  true
    ;   throw(error(existence_error(graficos_channel, graficos_out),
                    context(graficos/0, 'this graficos.pl draws on Tablero\'s board: run the lab with `tablero lab molinolog FILE.pl`')))
    ).

decir(Dict) :-
    canal(_, Out),
    with_output_to(string(Line), json_write_dict(current_output, Dict, [width(0)])),
    format(Out, "~s~n", [Line]),
    flush_output(Out).

preguntar(Dict, Respuesta) :-
    decir(Dict.put(espera, true)),
    canal(In, _),
    read_line_to_string(In, Line),
    (   Line == end_of_file
    ->  throw(graficos_cerrado)
    ;   atom_json_dict(Line, R, [value_string_as(string)]),
        (   R.get(cerrar) == true
        ->  throw(graficos_cerrado)
        ;   Respuesta = R
        )
    ).
