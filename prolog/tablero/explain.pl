:- module(tablero_explain,
          [ machine_decision/4,      % +Game, +State, +Action, +Pair
            machine_pairs/4,         % +Game, +State0, +Action, -Pairs
            machine_chosen/2,        % +Game, +Pair
            answer_text/2,           % +Bindings, -Text
            written_goals/2          % +Explain, -Goals
          ]).

/** <module> The machine's choice, shown in the panel as the goal that made it

Start reading at prolog/tablero.pl, which re-exports these.  A game's
game_machine/3 hook remembers the goal that chose the machine's action
(machine_decision/4); the game_act/5 call that tablero makes right after it
puts that goal first in the action's explain (machine_pairs/4), so the
Prolog panel shows it as a complete goal a student can paste into `swipl`.
answer_text/2 writes an answer as the toplevel does.
*/

:- use_module(library(apply)).
:- use_module(library(yall)).

%!  machine_decision(+Game, +State, +Action, +Pair) is det.
%
%   Remembers, for the game_act/5 call that tablero makes right after a
%   game's game_machine/3, the goal that made the machine choose Action in
%   State, as the panel's Query-Answer Pair ("machine: Goal" - answer
%   text).  Backtrackable: it lives for the one api_machine call.
machine_decision(Game, State, Action, Pair) :-
    b_setval(tablero_machine, decision(Game, State, Action, Pair)).

%!  machine_pairs(+Game, +State0, +Action, -Pairs) is det.
%
%   Pairs is [Pair] when machine_decision/4 remembered the machine's choice
%   of Action in State0 in this same call (and forgets it), else [] (a
%   person's action).  A game's game_act/5 puts Pairs first in its explain.
machine_pairs(Game, _, _, [Pair]) :-
    nb_current(tablero_machine, chosen(Game, Pair)),
    !,
    b_setval(tablero_machine, none).
machine_pairs(Game, State0, Action, [Pair]) :-
    nb_current(tablero_machine, decision(Game, State1, Action1, Pair)),
    State1 == State0,
    Action1 == Action,
    !,
    b_setval(tablero_machine, none).
machine_pairs(_, _, _, []).

%!  machine_chosen(+Game, +Pair) is det.
%
%   As machine_decision/4, for a choice made in another process (a search
%   process of app/machine_pool.py, prolog/tablero/search.pl, which sends
%   the action and the Pair its game_machine/3 remembered): the next
%   game_act/5 call of Game in this same call puts Pair first in its
%   explain.  The caller plays the action that was chosen, and nothing else.
machine_chosen(Game, Pair) :-
    b_setval(tablero_machine, chosen(Game, Pair)).

%!  answer_text(+Bindings, -Text) is det.
%
%   Text is the Name = Value pairs of Bindings as the toplevel answers
%   them (quoted, a space after each argument's comma), joined by ", ".
%
%   ?- answer_text(['Code'=occupied, 'Pos'=[1,2]], Text).
%   Text = "Code = occupied, Pos = [1, 2]".
answer_text(Bindings, Text) :-
    maplist([Name=Value, Part]>>format(string(Part), "~w = ~W",
                                       [Name, Value, [quoted(true), spacing(next_argument)]]),
            Bindings, Parts),
    atomic_list_concat(Parts, ', ', Atom),
    atom_string(Atom, Text).

%!  written_goals(+Explain, -Goals) is semidet.
%
%   Goals are the entries of Explain (_{query, answer} dicts) as the panel's
%   goals: the game_goals/4 hook of a game whose rules write each query as
%   a complete goal with the state bound.  The machine's choice ("machine:
%   Goal") stays a query: the panel shows it as the machine's.  Fails if an
%   entry is not two strings.
%
%   ?- written_goals([_{query:"succ(1, X)", answer:"X = 2"}], Goals).
%   Goals = [_{answer:"X = 2", goal:"succ(1, X)", words:null}].
written_goals(Explain, Goals) :-
    maplist(written_goal, Explain, Goals).

written_goal(Pair, Goal) :-
    is_dict(Pair),
    get_dict(query, Pair, Q), string(Q),
    get_dict(answer, Pair, A), string(A),
    (   sub_string(Q, 0, _, _, "machine")
    ->  Goal = _{query:Q, answer:A, words:null}
    ;   Goal = _{goal:Q, answer:A, words:null}
    ).
