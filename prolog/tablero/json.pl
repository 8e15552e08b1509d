:- module(tablero_json,
          [ json_text/2          % +Term, -Text
          ]).

/** <module> JSON written fast, for the replies of every move

Start reading at prolog/tablero.pl: every reply to Python, and every view a
page draws, is written here.
*/

:- use_module(library(http/json)).
:- use_module(library(apply)).
:- use_module(library(pairs)).

%!  json_text(+Term, -Text) is det.
%
%   Text is Term (dicts, lists, strings, numbers, atoms) as compact JSON.
%   Built as a list of pieces joined once, which is several times faster
%   than json_write_dict/3 on the small views games return.  Every text
%   (string, atom key or value) stands in the pieces as a variable, bound to
%   the text itself once all texts are checked together: when none holds a
%   quote, backslash or control character (a view: board rows, codes,
%   words) that is all; else each text is checked alone and only those that
%   need it are written with json_write/2's escapes (a move's reply quotes
%   the goal it ran: goMove(Board, "b", ...)).
%
%   ?- json_text(_{ok:true, n:[1,2]}, T).
%   T = "{\"n\":[1,2],\"ok\":true}".
%
%   ?- json_text(_{q:"say \"hi\""}, T).
%   T = "{\"q\":\"say \\\"hi\\\"\"}".
json_text(Term, Text) :-
    phrase(json(Term, Texts, []), Parts),
    (   plain_texts(Texts)
    ->  maplist(as_is, Texts)
    ;   maplist(escaped, Texts)
    ),
    atomics_to_string(Parts, Text).

as_is(T-T).

%   escaped(?Pair): T-Written, Written being T's text inside a JSON string.
escaped(T-Written) :-
    (   plain_text(T)
    ->  Written = T
    ;   with_output_to(string(Quoted), json_write(current_output, T)),
        sub_string(Quoted, 1, _, 1, Written)
    ).

%   plain_texts(+Pairs): no text of Pairs (Text-Var) needs an escape in JSON.
plain_texts([]) :- !.
plain_texts(Pairs) :-
    pairs_keys(Pairs, Texts),
    atomics_to_string(Texts, All),
    plain_text(All).

plain_text(Text) :-
    json_unsafe(Unsafe),
    split_string(Text, Unsafe, "", [_]).

%   json(+Term, -Texts, ?Tail)//: Term's pieces, each text a variable (Texts
%   pairs each text with its variable, in the difference list Texts-Tail).
json(D, S0, S) -->
    { is_dict(D), !, dict_pairs(D, _, Pairs) },
    ['{'], json_pairs(Pairs, S0, S), ['}'].
json(L, S0, S) -->
    { is_list(L) }, !,
    (   { L = [_|_], maplist(string, L) }
    ->  ['["'], strings(L, S0, S), ['"]']
    ;   ['['], json_items(L, S0, S), [']']
    ).
json(N, S, S) -->
    { number(N) }, !,
    [N].
json(A, S, S) -->
    { atom(A), json_literal(A) }, !,
    [A].
json(T, [T-W|S], S) -->
    { text(T) }, !,
    ['"', W, '"'].
json(T, S, S) -->
    { with_output_to(string(Written), json_write(current_output, T)) },
    [Written].

text(T) :- string(T), !.
text(T) :- atom(T).

strings([X|Xs], [X-W|S0], S) -->
    [W],
    (   { Xs == [] } -> { S0 = S } ; ['","'], strings(Xs, S0, S) ).

json_pairs([], S, S) --> [].
json_pairs([K-V|Ps], S0, S) -->
    json(K, S0, S1), [:], json(V, S1, S2),
    (   { Ps == [] } -> { S2 = S } ; [','], json_pairs(Ps, S2, S) ).

json_items([], S, S) --> [].
json_items([X|Xs], S0, S) -->
    json(X, S0, S1),
    (   { Xs == [] } -> { S1 = S } ; [','], json_items(Xs, S1, S) ).

%   json_unsafe(-Chars): the characters that a JSON string must escape.
json_unsafe('"\\\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\').

json_literal(true).
json_literal(false).
json_literal(null).
