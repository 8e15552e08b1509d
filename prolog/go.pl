:- module(go,
          [ emptyBoard/1,            % -Board
            emptyBoard/2,            % +Size, -Board
            goMove/4,                % +Board, +Player, +Pos, -RBoard
            adyacentes/4,            % +Board, +Fila, +Columna, -Adyacentes
            encerrados/7,            % +Board, +Player, +R, +C, -Adyacentes, +Vistos, -Encerrados
            encerradosContrario/7,   % +Board, +Player, +R, +C, -Adyacentes, +Vistos, -EncerradosContrarios
            encerradosVacios/8,      % +Board, +Vacio, +Player, +R, +C, -Adyacentes, +Vistos, -EncerradosTerreno
            eliminarEncerrados/3,    % +Board, +ListaEncerrados, -NBoard
            aplanarTablero/4,        % +Board, +Ficha, +Fila, -ListaFichas
            contarPuntos/5,          % +Board, +Player, +Vacios, +Vistos, -EncerradosPlayer
            replace/5,               % ?X, +XIndex, +Y, +Xs, -XsY
            getElem/3,               % -X, +XIndex, +Xs
            terminarJuego/3,         % +Board, -PuntosW, -PuntosB
            finDelJuego/3,           % +Board, -PuntajeNegras, -PuntajeBlancas
            board_string/2,          % ?Board, ?String
            board_rows/2,            % ?Board, ?Rows
            score_owner/3,           % +Board, -Owner, -Score
            go_new/2,                % +Options, -Game
            go_play/4,               % +Game0, +Action, -Game, -Explain
            go_board/2,              % +Game, -Board
            go_to_move/2,            % +Game, -Player
            go_outcome/2,            % +Game, -Outcome
            go_result_code/2,        % +Outcome, -Code
            go_score/3,              % +Game, -Score, -Owner
            go_estimate/3,           % +Game, -Score, -Owner
            go_count/5,              % +Game, +Dead, -Score, -Owner, -Explain
            go_dead_marking/2,       % +Game, -Dead
            dead_stones/2,           % +Board, -Dead
            dead_stones/3,           % +Board, +ToMove, -Dead
            dead_verdicts/2,         % +Board, -Verdicts
            dead_verdicts/3,         % +Board, +ToMove, -Verdicts
            chain_stones/3,          % +Board, +Pos, -Stones
            remove_stones/3,         % +Board, +Stones, -RBoard
            seki_points/3,           % +Board, +Dead, -Seki
            territory_owner/4,       % +Board, +Dead, -Owner, -Score
            go_machine_action/2,     % +Game, -Action
            go_machine_action/3,     % +Game, +Options, -Action
            phase_action/2,          % +Game, -Action
            board_text/2,            % +Board, -Text
            gtp_vertex/3,            % ?Size, ?Pos, ?Vertex
            handicap_points/3        % +Size, +N, -Points
          ]).

/** <module> Go: the course's rules, a game layer and a machine player

Start reading here.  `use_module(prolog/go)` gives the documented
predicates of the course base code and the game layer; they live in
modules under prolog/go/:

  - board.pl (go_board): the board (lists of rows of "-", "b", "w"),
    goMove/4, the course's documented predicates (adyacentes/4,
    encerrados/7, ..., terminarJuego/3, finDelJuego/3), the board's text
    forms and the area count.  Its header documents the board;
  - rules.pl (go_rules): the game term (turn, captures, ko and superko,
    passes, the scoring phase, komi, presets), go_new/2 and go_play/4, GTP
    coordinates and the text board.  Its header documents the game term.
    It re-exports scoring.pl (go_scoring): the proposal that opens the
    scoring phase, the count (go_count/5) and the result;
  - dead.pl (go_dead): dead_stones/2, the proposal of dead stones, and the
    territory count with seki.  Its header explains the rule of thumb,
    step by step; the units it judges (a colour's stones walled in
    together, their eyes, cut at open corridors) are found by units.pl
    (go_units), the eyes' worth read by eyes.pl (go_eyes), weak units
    on open ground told apart by open_ground.pl (go_open_ground);
  - machine.pl (go_machine): go_machine_action/2 and /3, the machine
    player, that also marks and accepts in the scoring phase; its parts are
    player.pl (go_player: the turn, passing, resigning; the points it
    looks at, candidates.pl, go_candidates; what each is worth before
    the search, weighing.pl, go_weighing; when a tactical move goes
    first, urgent.pl, go_urgent), tactics.pl
    (go_tactics: atari, captures, ladders, eyes), reading.pl (go_reading:
    whether a chain short of liberties dies), owl.pl (go_owl: the
    points that give a weak group a second eye) with owl_reading.pl
    (go_owl_reading: whether it lives, read a few moves deep), uct.pl
    (go_uct: the search tree), prior.pl (go_prior: what a move looks like before any
    game, from the gammas learned from GNU Go's games in gammas.pl),
    playout.pl (go_playout: its random games, with MoGo's 3x3 patterns),
    montecarlo.pl (go_montecarlo: the flat Monte Carlo of
    the previous release) and fastboard.pl (go_fastboard: a board changed
    in place);
  - setup.pl (go_setup): the position before the first move (handicap
    stones on GNU Go's points, setup stones, who moves first) and the seats;
  - protocol.pl (go_protocol): the tablero:game_* hooks (options, actions,
    the JSON view, refusals), documented in its header.

This module re-exports the predicates listed above (and no helper of the
parts) and loads the protocol.  The terminal game go/3 lives in go_cli.pl,
its Spanish and English words in go/messages.pl (go_messages).
Every exported predicate has its examples, queries to paste into swipl
with their answers, in its PlDoc comment: goMove/4 and terminarJuego/3 in
board.pl, go_play/4 and gtp_vertex/3 in rules.pl, go_count/5 in scoring.pl,
dead_stones/2 in dead.pl,
for instance.
*/

:- reexport(go/board,
            [ emptyBoard/1,
              emptyBoard/2,
              goMove/4,
              adyacentes/4,
              encerrados/7,
              encerradosContrario/7,
              encerradosVacios/8,
              eliminarEncerrados/3,
              aplanarTablero/4,
              contarPuntos/5,
              replace/5,
              getElem/3,
              terminarJuego/3,
              finDelJuego/3,
              board_string/2,
              board_rows/2,
              score_owner/3
            ]).
:- reexport(go/rules).
:- reexport(go/dead).
:- reexport(go/setup, [handicap_points/3]).
:- reexport(go/machine).
:- use_module(go/protocol).
