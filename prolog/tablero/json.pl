:- module(tablero_json,
          [ json_text/2          % +Term, -Text
          ]).

/** <module> JSON written fast, for the replies of every move

Start reading at prolog/tablero.pl: every reply to Python, and every view a
page draws, is written here.
*/

:- use_module(library(http/json)).
:- use_module(library(apply)).

%!  json_text(+Term, -Text) is det.
%
%   Text is Term (dicts, lists, strings, numbers, atoms) as compact JSON.
%   Built as a list of pieces joined once, which is several times faster
%   than json_write_dict/3 on the small views games return.  The text of
%   every string is checked once, all strings together: when none holds a
%   quote, backslash or control character (a move's view: board rows, codes,
%   words) the pieces are joined as they are; else every string is written
%   with json_write/2's escapes.
%
%   ?- json_text(_{ok:true, n:[1,2]}, T).
%   T = "{\"n\":[1,2],\"ok\":true}".
json_text(Term, Text) :-
    phrase(json(Term, Strings, []), Parts),
    (   plain(Strings)
    ->  atomics_to_string(Parts, Text)
    ;   phrase(json_escaped(Term), Escaped),
        atomics_to_string(Escaped, Text)
    ).

%   plain(+Strings): no text of Strings needs an escape in JSON.
plain([]) :- !.
plain(Strings) :-
    atomics_to_string(Strings, All),
    json_unsafe(Unsafe),
    split_string(All, Unsafe, "", [_]).

%   json(+Term, -Strings, ?Tail)//: Term's pieces, its string texts unescaped
%   (collected in the difference list Strings-Tail).
json(D, S0, S) -->
    { is_dict(D), !, dict_pairs(D, _, Pairs) },
    ['{'], json_pairs(Pairs, S0, S), ['}'].
json(L, S0, S) -->
    { is_list(L) }, !,
    (   { L = [_|_], maplist(string, L) }
    ->  { append(L, S, S0) },
        ['["'], strings(L), ['"]']
    ;   ['['], json_items(L, S0, S), [']']
    ).
json(N, S, S) -->
    { number(N) }, !,
    [N].
json(A, S, S) -->
    { atom(A), json_literal(A) }, !,
    [A].
json(T, [T|S], S) -->
    { text(T) }, !,
    ['"', T, '"'].
json(T, S, S) -->
    { with_output_to(string(Written), json_write(current_output, T)) },
    [Written].

text(T) :- string(T), !.
text(T) :- atom(T).

strings([X|Xs]) -->
    [X],
    (   { Xs == [] } -> [] ; ['","'], strings(Xs) ).

json_pairs([], S, S) --> [].
json_pairs([K-V|Ps], S0, S) -->
    json(K, S0, S1), [:], json(V, S1, S2),
    (   { Ps == [] } -> { S2 = S } ; [','], json_pairs(Ps, S2, S) ).

json_items([], S, S) --> [].
json_items([X|Xs], S0, S) -->
    json(X, S0, S1),
    (   { Xs == [] } -> { S1 = S } ; [','], json_items(Xs, S1, S) ).

%   json_escaped(+Term)//: Term's pieces, every string escaped as it needs.
json_escaped(D) -->
    { is_dict(D), !, dict_pairs(D, _, Pairs) },
    ['{'], escaped_pairs(Pairs), ['}'].
json_escaped(L) -->
    { is_list(L) }, !,
    ['['], escaped_items(L), [']'].
json_escaped(N) -->
    { number(N) }, !,
    [N].
json_escaped(A) -->
    { atom(A), json_literal(A) }, !,
    [A].
json_escaped(S) -->
    { json_unsafe(Unsafe), split_string(S, Unsafe, "", [_]) }, !,
    ['"', S, '"'].
json_escaped(S) -->
    { with_output_to(string(Escaped), json_write(current_output, S)) },
    [Escaped].

escaped_pairs([]) --> [].
escaped_pairs([K-V|Ps]) -->
    json_escaped(K), [:], json_escaped(V),
    (   { Ps == [] } -> [] ; [','], escaped_pairs(Ps) ).

escaped_items([]) --> [].
escaped_items([X|Xs]) -->
    json_escaped(X),
    (   { Xs == [] } -> [] ; [','], escaped_items(Xs) ).

%   json_unsafe(-Chars): the characters that a JSON string must escape.
json_unsafe('"\\\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\').

json_literal(true).
json_literal(false).
json_literal(null).
