:- module(gorogo_curso, []).

/** <module> GoRoGo: the course's rules alone

`swipl prolog/gorogo_course.pl` loads the rules as the course writes them
(prolog/gorogo/course.pl, read its header first) and nothing else: no
bit-mask engine, no machine player, no web.  Try the report's predicates on
the stored game:

    ?- jogada(3, 2, 2), jogada(1, 0, 0), print_state.

prolog/gorogo.pl loads the whole game (the engine, the machine player, the
terminal game and the web protocol) and re-exports these same predicates.
prolog/gorogo_course.plt holds the course's rules and the engine equal.
*/

:- reexport(gorogo/course).
