:- module(tablero_plugins,
          [ load_games/0,            % load every game that plugs in
            game_entry/2             % +Dir, -Entry
          ]).

/** <module> Games as plug-ins: where they are found

A game plugs in as a folder NAME/ holding protocol.pl (its declarations and
hooks for prolog/tablero.pl) beside its entry module NAME.pl.  Tablero's own
four are in prolog/; others are in folders named on the command line of a
process that serves them (`--games=Entry:Entry...`, which app/ passes from
$TABLERO_GAMES).  Such a game loads the protocol as

    :- use_module(tablero(tablero)).

(the file search path `tablero` is prolog/, set here).  Python loads the same
games in each worker (app/paths.py); the console's and the machine's
processes call load_games/0.
*/

:- multifile user:file_search_path/2.
:- dynamic user:file_search_path/2.

:- prolog_load_context(directory, Here),
   file_directory_name(Here, Prolog),
   (   user:file_search_path(tablero, Prolog)
   ->  true
   ;   assertz(user:file_search_path(tablero, Prolog))
   ).

%!  load_games is det.
%
%   Loads (without importing) every game of prolog/ and of the process's
%   `--games=` argument.
load_games :-
    user:file_search_path(tablero, Prolog),
    !,
    forall(game_entry(Prolog, Entry), use_module(user:Entry, [])),
    current_prolog_flag(argv, Argv),
    forall(( member(Arg, Argv),
             atom_concat('--games=', Paths, Arg),
             atomic_list_concat(Entries, ':', Paths),
             member(Entry, Entries),
             Entry \== '' ),
           use_module(user:Entry, [])).

%!  game_entry(+Dir, -Entry) is nondet.
%
%   Entry is the file NAME.pl of a game in Dir: beside it, a folder NAME/
%   holds protocol.pl.
game_entry(Dir, Entry) :-
    directory_files(Dir, Names),
    msort(Names, Sorted),
    member(Name, Sorted),
    file_name_extension(Base, pl, Name),
    atomic_list_concat([Dir, /, Base, '/protocol.pl'], Protocol),
    exists_file(Protocol),
    atomic_list_concat([Dir, /, Name], Entry).
