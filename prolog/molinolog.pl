:- module(molinolog,
          [ molinolog/3,            % +JugadorNegro, +JugadorBlanco, +T
            molinolog/4,            % +JugadorNegro, +JugadorBlanco, +T, +Options
            play_molinolog/7,       % +In, +Out, +Black, +White, +T, +Depth, -Outcome
            minimax_depth/1,        % ?Depth
            set_minimax_depth/1,    % +Depth
            point/2,                % +T, ?Point
            adjacent/3,             % +T, ?Point1, ?Point2
            mill/2,                 % +T, ?Points
            board_lines/4,          % +T, +Pieces, +Marked, -Lines
            molinolog_initial/2,    % +T, -State
            molinolog_initial/3,    % +T, +Options, -State
            position_state/6,       % +T, +Options, +Pieces, +ToMove, +InHand, -State
            state_size/2,           % +State, -T
            state_to_move/2,        % +State, -Colour
            state_phase/2,          % +State, -Phase
            state_in_hand/3,        % +State, ?Colour, -N
            state_on_board/3,       % +State, ?Colour, -N
            state_piece/3,          % +State, ?Point, ?Colour
            state_mill/2,           % +State, -Points
            state_quiet/2,          % +State, -Turns
            state_outcome/2,        % +State, -Outcome
            legal_step/2,           % +State, -Step
            step/3,                 % +State0, +Step, -State
            step_refusal/3,         % +State, +Step, -Code
            legal_move/2,           % +State, -Move
            play_move/3,            % +State0, +Move, -State
            move_steps/2,           % +Move, -Steps
            count_moves/3,          % +T, +Depth, -N
            best_move/2,            % +State, -Move
            best_move/3,            % +State, +Depth, -Move
            best_move_nodes/4,      % +State, +Depth, -Move, -Nodes
            state_value/2,          % +State, -Score
            state_features/3,       % +State, +Colour, -Features
            random_move/2,          % +State, -Move
            self_play/5             % +State0, +Black, +White, -Moves, -Outcome
          ]).

/** <module> Molinolog: nine men's morris on boards of size 1, 2 and 3

Start reading here.  Consult this file and play the course's game in the
terminal with `molinolog(humano, maquina, 2)`; minimax_depth/1 is the
machine's search depth.  The rules of docs/molinolog.md (UdelaR
"Programación Lógica" 2019, *Juego del molino*), a machine player (minimax
with alpha-beta) and the Tablero protocol live in modules under
prolog/molinolog/, and the terminal game in prolog/molinolog_cli.pl:

  - course.pl (molinolog_course): the rules as the course writes them, on
    the document's terms (points (Dir, Dist), pieces negro and blanco, the
    board as a list of ficha(Color, Dir, Dist), the phases colocar, mover,
    capturar), print_state/0 of the game in progress.  Read this one first:
    the terminal game and the web page judge every action with it;
  - convert.pl (molinolog_convert): the course's state to the engine's and
    back, exactly;
  - board.pl (molinolog_board): the points, edges and mill lines of a board,
    the pieces as bit sets (tables computed at load time) and the board
    drawn as text;
  - rules.pl (molinolog_rules): the engine's rules on bit sets: the state
    term, the steps of a turn, whole turns and the end of the game, the
    moves the machine searches.  Its header documents the state term and
    every rule choice the course document leaves open.  prolog/molinolog_course.plt
    holds it equal to course.pl on thousands of random positions;
  - machine.pl (molinolog_machine): state_value/2, best_move/3 (negamax with
    alpha-beta), best_move_within/4 (the same within a time budget),
    random_move/2, self_play/5 and the perft count count_moves/3;
  - search.pl (molinolog_search): the search behind best_move/3, on bit sets
    (move generation, ordering by class, the leaf evaluation);
  - protocol.pl (molinolog_protocol): the tablero:game_* hooks (options,
    actions, the JSON view, refusals), documented in its header;
  - ../molinolog_cli.pl (molinolog_cli): molinolog/3, the terminal game
    (play_molinolog/7: the same on any streams), in Spanish, or in English
    with molinolog/4's lang(en); its words are in molinolog/messages.pl.

This module is the entry: it re-exports the predicates listed above, and
every export of course.pl (no helper of the parts), so
`use_module(prolog/molinolog)` gives all of them, and it loads the
protocol.  Every name it exports is Molinolog's own or a relation of its
board and states, so it loads beside Go and Azul (`swipl prolog/molinolog.pl
prolog/azul.pl`); print_state/0 is also GoRoGo's (the report's name), so of
these two only the first loaded gives it to the toplevel.

prolog/molinolog_course.pl loads course.pl alone, for a student.

## Board and points

A board of size T (1, 2 or 3) has T+1 concentric square rings; ring 1 is the
innermost.  A point is the course's pair `(Dir, Dist)`, e.g. `(n,2)`, with Dir in
`n, ne, e, se, s, sw, w, nw` and Dist the ring, 1..T+1.  Edges join neighbouring
directions on a ring and neighbouring rings at n, e, s, w only.  A mill is a
side of a ring or three consecutive rings on n, e, s or w.  Inside the state a
point is a bit index and a set of points an integer (see board.pl).

## The state term (in full in rules.pl)

    molinolog(Rules, Black, White, ToMove, Hand, Pending, Quiet, History)

Rules is rules(T, ProtectMills); Black and White the bit sets of the
pieces; ToMove `b` or `w`; Hand is hand(NB, NW), the pieces still to place;
Pending `none` or capture(MillBits) between a mill-forming step and its
capture; Quiet the turns since the last capture; History the keys of the
positions since the last placement or capture (for repetition).

A *step* is one action: `place(P)`, `move(From, To)` or `capture(P)`.  A *move*
is a whole turn, the unit of the search and of count_moves/3: `place(P)`,
`place(P, C)`, `move(From, To)`, `move(From, To, C)` (C: the captured point), or
`capture(C)` when a state with a pending capture is the start.  Outcomes are
`none`, `win(Colour, Reason)` and `draw(Reason)`.

## The Tablero protocol (game `molinolog`)

The web state is game(players(Black, White), Depth, Last, State) around the
rules state; options size, black, white, depth and protect_mills; one step
per action.  See protocol.pl.
*/

:- reexport(molinolog/board,
            [ point/2,
              adjacent/3,
              mill/2,
              board_lines/4
            ]).
:- reexport(molinolog/rules,
            [ molinolog_initial/2,
              molinolog_initial/3,
              position_state/6,
              state_size/2,
              state_to_move/2,
              state_phase/2,
              state_in_hand/3,
              state_on_board/3,
              state_piece/3,
              state_mill/2,
              state_quiet/2,
              state_outcome/2,
              legal_step/2,
              step/3,
              step_refusal/3,
              legal_move/2,
              play_move/3,
              move_steps/2
            ]).
:- reexport(molinolog/machine).
:- reexport(molinolog/course).
:- reexport(molinolog_cli, [molinolog/3, molinolog/4, play_molinolog/7]).
:- use_module(molinolog/protocol).
