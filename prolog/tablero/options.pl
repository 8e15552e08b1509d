:- module(tablero_options,
          [ game_options/3,      % +Game, +Dict, -Options
            option_type/3,       % +Type, +JSON, -Value
            type_text/2          % +Type, -Text
          ]).

/** <module> The types of a game's options

Start reading at prolog/tablero.pl: a game declares each option it takes
with tablero:game_option(Game, Name, Type, Default), and a new game's
options are checked against those types here (game_options/3).  A type is
integer(L, H), number(L, H), halves(L, H) (whole or half numbers),
boolean, oneof(Atoms), string(Max) or list(Type, Min, Max).
*/

:- use_module(library(apply)).
:- use_module(library(lists)).

%!  game_options(+Game, +Dict, -Options:list) is det.
%
%   Options is the list of Name(Value) terms of the option dict Dict, checked
%   against Game's game_option/4 declarations, with the declared defaults of
%   the options Dict leaves out.  Throws a bad_option refusal.
game_options(Game, Dict, Options) :-
    (   is_dict(Dict)
    ->  true
    ;   tablero:refuse(Game, bad_option, ["options must be a JSON object"], [])
    ),
    dict_pairs(Dict, _, Pairs),
    maplist(given_option(Game), Pairs, Given),
    findall(Opt,
            ( tablero:game_option(Game, Name, _, Default),
              Default \== (-),
              \+ get_dict(Name, Dict, _),
              Opt =.. [Name, Default] ),
            Defaults),
    append(Given, Defaults, Options).

given_option(Game, Name-JSON, Opt) :-
    (   tablero:game_option(Game, Name, Type, _)
    ->  true
    ;   findall(N, tablero:game_option(Game, N, _, _), Known),
        atomic_list_concat(Known, ', ', KnownText),
        format(string(M), "Unknown option ~w (known: ~w)", [Name, KnownText]),
        tablero:refuse(Game, bad_option, [M], [])
    ),
    (   option_type(Type, JSON, Value)
    ->  Opt =.. [Name, Value]
    ;   type_text(Type, Text),
        format(string(M), "Option ~w must be ~w", [Name, Text]),
        tablero:refuse(Game, bad_option, [M], [])
    ).

%!  option_type(+Type, +JSON, -Value) is semidet.
%
%   JSON is a value of Type, which is Value (a oneof/1 string becomes its
%   atom).
%
%   ?- option_type(oneof([simple, superko]), "superko", V).
%   V = superko.
option_type(integer(L, H), V, V) :-
    integer(V), V >= L, V =< H.
option_type(number(L, H), V, V) :-
    number(V), V >= L, V =< H.
option_type(halves(L, H), V, V) :-
    number(V), V >= L, V =< H,
    V * 2 =:= truncate(V * 2).
option_type(boolean, V, V) :-
    ( V == true ; V == false ).
option_type(oneof(Atoms), V, A) :-
    string(V),
    atom_string(A, V),
    memberchk(A, Atoms).
option_type(string(Max), V, V) :-
    string(V),
    string_length(V, N), N =< Max.
option_type(list(Type, Min, Max), V, Values) :-
    is_list(V),
    length(V, N), N >= Min, N =< Max,
    maplist(option_type(Type), V, Values).

%!  type_text(+Type, -Text) is det.
%
%   Text says in words what a value of Type is, for a refusal's message.
%
%   ?- type_text(list(integer(0, 9), 1, 3), T).
%   T = "a list of 1 to 3 items, each an integer from 0 to 9".
type_text(integer(L, H), T) :-
    format(string(T), "an integer from ~w to ~w", [L, H]).
type_text(number(L, H), T) :-
    format(string(T), "a number from ~w to ~w", [L, H]).
type_text(halves(L, H), T) :-
    format(string(T), "a whole or half number from ~w to ~w", [L, H]).
type_text(boolean, "true or false").
type_text(oneof(Atoms), T) :-
    atomic_list_concat(Atoms, '", "', Text),
    format(string(T), "one of \"~w\"", [Text]).
type_text(string(Max), T) :-
    format(string(T), "a string of at most ~w characters", [Max]).
type_text(list(Type, Min, Max), T) :-
    type_text(Type, Each),
    format(string(T), "a list of ~w to ~w items, each ~w", [Min, Max, Each]).
