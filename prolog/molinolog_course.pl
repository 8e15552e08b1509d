:- module(molinolog_curso, []).

/** <module> Molinolog: the course's rules alone

`swipl prolog/molinolog_course.pl` loads the rules as the course writes them
(prolog/molinolog/course.pl, read its header first) and nothing else: no
bit-set engine, no machine player, no web.  Try them:

    ?- estado_inicial(1, false, E0), aplicar(E0, colocar((n,1)), E),
       guardar_estado(E), print_state.

prolog/molinolog.pl loads the whole game (the engine, the machine player,
molinolog/3 and the web protocol) and re-exports these same predicates.
prolog/molinolog_course.plt holds the course's rules and the engine equal.
*/

:- reexport(molinolog/course).
