:- module(tablero_json,
          [ json_text/2,         % +Term, -Text
            text_json/2          % +Text, -Term
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
%   than json_write_dict/3 on the small views games return.  Every text
%   (string, atom key or value) stands in the pieces as a variable; the
%   texts are collected beside them and checked together: when none holds a
%   quote, backslash or control character (a view: board rows, codes,
%   words) the variables are the texts, in one unification; else each text
%   is checked alone and only those that need it are written with
%   json_write/2's escapes (a move's reply quotes the goal it ran:
%   goMove(Board, "b", ...)).
%
%   ?- json_text(_{ok:true, n:[1,2]}, T).
%   T = "{\"n\":[1,2],\"ok\":true}".
%
%   ?- json_text(_{q:"say \"hi\""}, T).
%   T = "{\"q\":\"say \\\"hi\\\"\"}".
json_text(Term, Text) :-
    json(Term, Parts, [], Texts, [], Slots, []),
    atomics_to_string(Texts, All),
    (   plain_text(All)
    ->  Slots = Texts
    ;   json_controls(Controls),
        split_string(All, Controls, "", [_])
    ->  maplist(quotes_escaped, Texts, Slots)
    ;   maplist(escaped, Texts, Slots)
    ),
    atomics_to_string(Parts, Text).

%   quotes_escaped(+Text, -Written): Text inside a JSON string, when it holds
%   no control character (only quotes and backslashes need an escape).
%!  text_json(+Text, -Term) is semidet.
%
%   Term is the JSON value of Text, JSON as Python's json.dumps/1 writes it,
%   as atom_json_dict/3 reads it with value_string_as(string) (objects as
%   dicts with atom keys, strings as strings, true, false and null as
%   atoms), read by SWI-Prolog's own term reader, which is written in C: a
%   move's action in 2 us where library(http/json) takes 8
%   (bench/prolog_move.pl).  For such text JSON's syntax is Prolog's:
%   objects read as {} terms of "Key":Value pairs, arrays as lists, numbers
%   and strings alike.  The term is then checked to be JSON all through.
%   Fails wherever the two readers could differ, so that the caller reads
%   the text with library(http/json): a text with a backslash (JSON's
%   escapes and Prolog's differ: \/, \uD83D, \x41\) or a single quote (0'a),
%   a text Prolog does not read, and one that reads as something that is not
%   JSON (NaN and Infinity read as variables, 1r3 as a rational number, an
%   object with a key twice).  Any other error (a time or inference limit, a
%   resource error) is passed on, not taken for a text to read again.
%   Prolog also reads 0x10, 0o7, 0b1 and 1_000
%   as integers, which are not JSON and which json.dumps/1 never writes.
%
%   ```
%   ?- text_json("{\"kind\": \"move\", \"pos\": [3, -1.5]}", D).
%   D = _{kind:"move", pos:[3, -1.5]}.
%   ?- text_json("[true, null, {}, []]", D).
%   D = [true, null, _{}, []].
%   ?- text_json("{\"n\": NaN}", D).
%   false.
%   ```
text_json(Text, Term) :-
    split_string(Text, "\\'", "", [_]),
    catch(term_string(T, Text), error(syntax_error(_), _), fail),
    catch(json_value(T, Term), error(duplicate_key(_), _), fail).

json_value(T, V) :-
    (   string(T)
    ;   integer(T)
    ;   float(T), float_class(T, Class), memberchk(Class, [zero, subnormal, normal])
    ),
    !,
    V = T.
json_value(T, V) :-
    T == [],
    !,
    V = [].
json_value(T, V) :-
    atom(T),
    !,
    (   json_literal(T) -> V = T
    ;   T == {} -> V = _{}
    ).
json_value(T, V) :-
    compound(T),
    (   T = [_|_]
    ->  json_values(T, V)
    ;   T = {Pairs}
    ->  json_members(Pairs, KVs, []),
        dict_pairs(V, _, KVs)          % a key twice: an error, and so a failure
    ).

json_values(T, V) :-
    (   T == []
    ->  V = []
    ;   nonvar(T),
        T = [H|Hs],
        V = [W|Ws],
        json_value(H, W),
        json_values(Hs, Ws)
    ).

json_members(Pairs, KVs, Tail) :-
    (   nonvar(Pairs), Pairs = (A, B)
    ->  json_members(A, KVs, KVs1),
        json_members(B, KVs1, Tail)
    ;   nonvar(Pairs), Pairs = Key:Value, string(Key)
    ->  atom_string(K, Key),
        json_value(Value, V),
        KVs = [K-V|Tail]
    ).

quotes_escaped(T, Written) :-
    (   split_string(T, "\"\\", "", [_])
    ->  Written = T
    ;   split_string(T, "\\", "", Parts0),
        joined(Parts0, "\\\\", T1),
        split_string(T1, "\"", "", Parts1),
        joined(Parts1, "\\\"", Written)
    ).

%   joined(+Strings, +Separator, -String)
joined([S], _, S) :- !.
joined(Strings, Sep, String) :-
    separated(Strings, Sep, Parts),
    atomics_to_string(Parts, String).

separated([S], _, [S]) :- !.
separated([S|Ss], Sep, [S, Sep|Parts]) :-
    separated(Ss, Sep, Parts).

%   escaped(+Text, -Written): Text as written inside a JSON string.
escaped(T, Written) :-
    (   plain_text(T)
    ->  Written = T
    ;   with_output_to(string(Quoted), json_write(current_output, T)),
        sub_string(Quoted, 1, _, 1, Written)
    ).

plain_text(Text) :-
    json_unsafe(Unsafe),
    split_string(Text, Unsafe, "", [_]).

%   json(+Term, -Parts, ?PartsTail, -Texts, ?TextsTail, -Slots, ?SlotsTail):
%   Parts are Term's pieces, each of its texts a variable of Slots; Texts
%   are those texts, in the same order (three difference lists).  The
%   commonest terms are tried first: strings, dicts, lists.
json(T, P0, P, X0, X, Y0, Y) :-
    (   string(T)
    ->  P0 = ['"', W, '"'|P], X0 = [T|X], Y0 = [W|Y]
    ;   is_dict(T)
    ->  P0 = ['{'|P1],
        dict_pairs(T, _, Pairs),
        json_pairs(Pairs, P1, P, X0, X, Y0, Y)
    ;   T == []
    ->  P0 = ['[]'|P], X0 = X, Y0 = Y
    ;   is_list(T)
    ->  (   T = [H|_], string(H), maplist(string, T)
        ->  P0 = ['["'|P1], strings(T, P1, P, X0, X, Y0, Y)
        ;   P0 = ['['|P1], json_items(T, P1, P, X0, X, Y0, Y)
        )
    ;   number(T)
    ->  P0 = [T|P], X0 = X, Y0 = Y
    ;   atom(T)
    ->  (   json_literal(T)
        ->  P0 = [T|P], X0 = X, Y0 = Y
        ;   P0 = ['"', W, '"'|P], X0 = [T|X], Y0 = [W|Y]
        )
    ;   with_output_to(string(W), json_write(current_output, T)),
        P0 = [W|P], X0 = X, Y0 = Y
    ).

json_pairs([], ['}'|P], P, X, X, Y, Y).
json_pairs([K-V|KVs], ['"', W, '":'|P0], P, [KT|X0], X, [W|Y0], Y) :-
    (   atom(K) -> KT = K ; number_string(K, KT) ),   % a dict's key: an atom or an integer
    json(V, P0, P1, X0, X1, Y0, Y1),
    (   KVs == []
    ->  P1 = ['}'|P], X1 = X, Y1 = Y
    ;   P1 = [','|P2],
        json_pairs(KVs, P2, P, X1, X, Y1, Y)
    ).

strings([S|Ss], [W|P0], P, [S|X0], X, [W|Y0], Y) :-
    (   Ss == []
    ->  P0 = ['"]'|P], X0 = X, Y0 = Y
    ;   P0 = ['","'|P1],
        strings(Ss, P1, P, X0, X, Y0, Y)
    ).

json_items([I|Is], P0, P, X0, X, Y0, Y) :-
    json(I, P0, P1, X0, X1, Y0, Y1),
    (   Is == []
    ->  P1 = [']'|P], X1 = X, Y1 = Y
    ;   P1 = [','|P2],
        json_items(Is, P2, P, X1, X, Y1, Y)
    ).

%   json_controls(-Chars): the control characters, which a JSON string must
%   escape (besides the quote and the backslash).
json_controls('\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\').

%   json_unsafe(-Chars): the characters that a JSON string must escape.
json_unsafe('"\\\x1\\x2\\x3\\x4\\x5\\x6\\x7\\x8\\x9\\xa\\xb\\xc\\xd\\xe\\xf\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a\\x1b\\x1c\\x1d\\x1e\\x1f\').

json_literal(true).
json_literal(false).
json_literal(null).
