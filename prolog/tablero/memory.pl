:- module(tablero_memory,
          [ give_back_stacks/0
          ]).

/** <module> A worker's Prolog gives back the memory a big call grew

Start reading at prolog/tablero.pl: every call from Python (api_text/2, and
prolog/tablero/cache.pl's api_cached/10) ends with give_back_stacks/0.
*/

%!  give_back_stacks is det.
%
%   Gives the system back the stack memory that a call grew and no longer uses
%   (trim_stacks/0), when the stacks hold more than kept_stacks/1 bytes.  A
%   worker's Prolog answers calls for days: its stacks grow by doubling to
%   what the biggest call so far needed (the history of a long game: 16 MiB of
%   global stack) and stayed that size for the life of the process, a step up
%   of the worker's memory at each new record (bench/soak.py, issue 20).
%   SWI-Prolog's own toplevel trims after every query; a process that calls
%   Prolog from C must do it itself.  Below the bound nothing is done, so the
%   stacks that ordinary moves use are not given back and grown again.  Then,
%   and after every thousandth call, trim_heap/0 (malloc_trim()) gives back the
%   free pages inside malloc's heap, which the atoms that atom garbage
%   collection frees leave scattered (about 1 ms).
give_back_stacks :-
    statistics(stack, Allocated),
    kept_stacks(Kept),
    calls(Calls),
    (   Allocated > Kept
    ->  trim_stacks,
        trim_heap
    ;   Calls mod 1000 =:= 999
    ->  trim_heap
    ;   true
    ).

%   kept_stacks(-Bytes): stack memory a worker keeps between calls without
%   trimming: 4 MiB, where a move late in a 19x19 game uses about 2.6 MiB.
%   With 8 MiB, stacks that one call grew to 8 MiB stayed so until
%   SWI-Prolog's own collection shrank them: the worker's RSS swung between
%   two levels 4 MiB apart (bench/soak.py).
kept_stacks(4_194_304).

%   calls(-Calls): how many calls of this thread gave back before this one (a
%   global variable, this thread's own: flag/3 takes a mutex, 0.8 us a call;
%   a small integer is no term on the global stack, so nb_setval/2 freezes
%   none of it).
calls(Calls) :-
    (   nb_current(tablero_calls, Calls) -> true ; Calls = 0 ),
    Next is Calls + 1,
    nb_setval(tablero_calls, Next).
