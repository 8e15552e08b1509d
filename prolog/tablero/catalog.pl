:- module(tablero_catalog,
          [ api_games/1         % -GamesJSON
          ]).

/** <module> The catalog: what every game declares, for the pages and the API

Start reading at prolog/tablero.pl, whose hooks these are (game/1,
game_option/4, game_format/2, game_info/2, game_action/3, and
tablero_computer's game_difficulty/4 and game_computer/2, tablero_contract's
game_tournament/2).  `GET /api/games`
serves api_games/1's text as is: the index draws its cards from it, the pages
their forms and their words about the computer, the console its hint.
*/

:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(json).                 % json_text/2
:- use_module(computer).             % computer_json/2
:- use_module(contract).             % tournament_json/2
:- use_module('../clock', [clock_offered/2]).

%!  api_games(-GamesJSON) is det.
%
%   GamesJSON is a JSON list of the games that have plugged in, each with
%   its declared options and its state format: [{"game":G, "options":[{"name":N,
%   "type":T, "default":D}, ...], "format":F, "title":T, "actions":A,
%   "clocks":K}, ...], K the kinds of clock it can be played on (none:
%   clock_offered/2); a game that declares its difficulties
%   (game_difficulty/4) has them under `computer` (computer_json/2), one
%   played in tournaments (game_tournament/2) its seats and levels there
%   under `tournament` (tournament_json/2), one
%   that describes itself or says what its console binds (game_info/2) has
%   them under `description` and `console`.
api_games(JSON) :-
    findall(Order-Entry,
            ( tablero:game(G),
              findall(O, option_json(G, O), Os),
              ( tablero:game_format(G, F) -> true ; F = 1 ),
              game_info_or_default(G, Order, Title),
              findall(_{kind:K, fields:Fs}, tablero:game_action(G, K, Fs), As),
              findall(C, clock_offered(G, C), Cs),
              Entry0 = _{game:G, options:Os, format:F, title:Title, actions:As, clocks:Cs},
              (   computer_json(G, Computer)
              ->  put_dict(computer, Entry0, Computer, Entry1)
              ;   Entry1 = Entry0
              ),
              (   tournament_json(G, Tournament)
              ->  put_dict(tournament, Entry1, Tournament, Entry2)
              ;   Entry2 = Entry1
              ),
              (   catch(tablero:game_info(G, Info), _, fail) -> true ; Info = _{} ),
              foldl(info_entry(Info), [description, console], Entry2, Entry) ),
            Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Gs),
    json_text(Gs, JSON).

info_entry(Info, Key, Entry0, Entry) :-
    (   get_dict(Key, Info, Value)
    ->  put_dict(Key, Entry0, Value, Entry)
    ;   Entry = Entry0
    ).

game_info_or_default(Game, Order, Title) :-
    (   catch(tablero:game_info(Game, Info), _, fail) -> true ; Info = _{} ),
    (   get_dict(order, Info, Order) -> true ; Order = 1000 ),
    (   get_dict(title, Info, Title) -> true
    ;   atom_string(Game, Name), Title = _{en: Name, es: Name}
    ).

option_json(Game, _{name:Name, type:TypeS, default:D}) :-
    tablero:game_option(Game, Name, Type, Default),
    format(string(TypeS), "~q", [Type]),
    (   Default == (-) -> D = null ; value_json(Default, D) ).

value_json(V, J) :-
    (   is_list(V) -> maplist(value_json, V, J)
    ;   V == true -> J = true
    ;   V == false -> J = false
    ;   atom(V) -> atom_string(V, J)
    ;   J = V
    ).
