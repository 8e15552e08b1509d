:- module(tablero_json,
          [ json_text/2          % +Term, -Text
          ]).

/** <module> JSON written fast, for the replies of every move

Start reading at prolog/tablero.pl: every reply to Python, and every view a
page draws, is written here.
*/

:- use_module(library(http/json)).

%!  json_text(+Term, -Text) is det.
%
%   Text is Term (dicts, lists, strings, numbers, atoms) as compact JSON.
%   Built as a list of pieces joined once, which is several times faster
%   than json_write_dict/3 on the small views games return; a string with a
%   quote, backslash or control character gets json_write/2's escapes.
%
%   ?- json_text(_{ok:true, n:[1,2]}, T).
%   T = "{\"n\":[1,2],\"ok\":true}".
json_text(Term, Text) :-
    phrase(json(Term), Parts),
    atomics_to_string(Parts, Text).

json(D) -->
    { is_dict(D), !, dict_pairs(D, _, Pairs) },
    ['{'], json_pairs(Pairs), ['}'].
json(L) -->
    { is_list(L) }, !,
    ['['], json_items(L), [']'].
json(N) -->
    { number(N) }, !,
    [N].
json(A) -->
    { atom(A), json_literal(A) }, !,
    [A].
json(S) -->
    { json_unsafe(Unsafe), split_string(S, Unsafe, "", [_]) }, !,
    ['"', S, '"'].
json(S) -->
    { with_output_to(string(Escaped), json_write(current_output, S)) },
    [Escaped].

%   json_unsafe(-Chars): the characters that a JSON string must escape.
json_unsafe("\"\\\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\").

json_literal(true).
json_literal(false).
json_literal(null).

json_pairs([]) --> [].
json_pairs([K-V|Ps]) -->
    json(K), [:], json(V),
    (   { Ps == [] } -> [] ; [','], json_pairs(Ps) ).

json_items([]) --> [].
json_items([X|Xs]) -->
    json(X),
    (   { Xs == [] } -> [] ; [','], json_items(Xs) ).
