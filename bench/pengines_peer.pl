/*  The peer of bench/http_load.py: Go's goMove/4 served by Pengines.

    swipl bench/pengines_peer.pl --port=PORT [--workers=N]

Loads prolog/go.pl into the default Pengines application (pengine_sandbox)
and starts SWI-Prolog's threaded HTTP server with the Pengines handlers
(library(pengines), shipped with Debian's swi-prolog-nox) on 127.0.0.1:PORT,
then prints `ready` and serves until it is killed.  A client plays a move
the way the seed courses' web layer asks Prolog anything: one POST
/pengine/create with the goal and the board in the query text, answered in
the same reply and the pengine destroyed at once:

    {"src_text": "", "format": "json", "destroy": true,
     "ask": "once(goMove([[\"-\",...],...], \"b\", [3,4], RBoard))"}

once/1 matters: a query that leaves a choice point keeps its pengine alive,
and after some such requests the server stops answering (measured on
SWI-Prolog 9.0.4 when this peer was written).  Every query is checked by the sandbox
(library(sandbox)), as Pengines does for any client; goMove/4 and what it
calls are pure Prolog, so the check lets it through.  --workers: HTTP worker
threads (default 16, one per client of the benchmark); each pengine runs in
a thread of its own besides.
*/

:- use_module(library(http/thread_httpd)).
:- use_module(library(http/http_dispatch)).
:- use_module(library(pengines)).
:- use_module(library(main)).
:- use_module(library(option)).

:- prolog_load_context(directory, Dir),
   directory_file_path(Dir, '../prolog/go.pl', Go),
   pengine_sandbox:use_module(Go).

:- initialization(main, main).

main(Argv) :-
    argv_options(Argv, _, Options),
    option(port(Port), Options),
    option(workers(Workers), Options, 16),
    set_prolog_flag(debug_on_error, false),
    http_server(http_dispatch, [port('127.0.0.1':Port), workers(Workers)]),
    format("ready~n"),
    flush_output,
    thread_get_message(_).
