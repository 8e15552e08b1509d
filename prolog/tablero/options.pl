:- module(tablero_options,
          [ option_type/3,       % +Type, +JSON, -Value
            type_text/2          % +Type, -Text
          ]).

/** <module> The types of a game's options

Start reading at prolog/tablero.pl: a game declares each option it takes
with tablero:game_option(Game, Name, Type, Default), and tablero checks a new
game's options against those types here (game_options/3 there).  A type is
integer(L, H), number(L, H), halves(L, H) (whole or half numbers),
boolean, oneof(Atoms), string(Max) or list(Type, Min, Max).
*/

:- use_module(library(apply)).
:- use_module(library(lists)).

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
