// English and Spanish strings, keyed by code; the chosen language is kept in localStorage.
//
// Static text in HTML carries data-i18n="key" (its text), or data-i18n-title,
// data-i18n-aria-label, data-i18n-placeholder (an attribute); translatePage() fills them.
// Dynamic text calls t(key, {vars}).  A text that counts something calls t(key, {count}):
// the key has one text per plural category of the language (Intl.PluralRules: "key.one",
// "key.other", ...; English and Spanish need one and other), and {count} in it is the number
// written as people write it here (formatNumber: 2.5, 2,5).  An error from the API is shown with errorText(error):
// the translation of "error.<code>" when there is one, else the server's own message.
// A page adds its own keys with addStrings({en: {...}, es: {...}}) (see gorogo-i18n.js).

const STORAGE_KEY = "tablero.lang";
export const LANGS = ["en", "es"];

const STRINGS = {
  en: {
    "lang.toggle": "Español",
    "lang.toggle_title": "Cambiar a español",
    "app.name": "Tablero",
    "app.tagline": "Board games whose rules are written in Prolog",
    "nav.home": "All games",

    "index.games": "Games",
    "index.recent": "Saved games",
    "index.no_recent": "No saved games yet.",
    "index.play": "Play",
    "index.friend": "Play a friend",
    "index.friend_label": "{game}: play a friend, or both sides on this device",
    "index.computer": "Play the computer",
    "index.computer_label": "{game}: play the computer",
    "index.computer_starting": "Starting…",
    "index.difficulty": "Difficulty",
    "index.order": "You move",
    "index.order.first": "first",
    "index.order.second": "second",
    "index.needs_gnugo": "{difficulty} (needs GNU Go on the server)",
    "difficulty.easy": "easy",
    "difficulty.medium": "medium",
    "difficulty.hard": "hard",
    "difficulty.seat": "{seat}, {difficulty}",
    "index.unavailable": "Not available on this server",
    "index.loading": "Loading…",
    "index.load_failed": "Could not reach the server.",
    "index.actions.one": "{count} action",
    "index.actions.other": "{count} actions",
    "index.updated": "updated {when}",
    "game.go": "Go",
    "game.go.desc": "The classic game of surrounding territory, on 9×9, 13×13 or 19×19.",
    "game.molinolog": "Molinolog",
    "game.molinolog.desc": "Nine men's morris: form mills and capture.",
    "game.gorogo": "GoRoGo",
    "game.gorogo.desc": "A 5×5 capture game with neutral Henge pieces.",
    "game.azul": "Azul",
    "game.azul.desc": "Draft coloured tiles and decorate the palace wall.",

    "player.b": "Black",
    "player.w": "White",
    "go.title": "Go",
    "go.board": "Go board, {size}×{size}",
    "go.to_move": "To move",
    "go.captures": "Captures",
    "go.captures_title": "Stones each side has captured",
    "go.over": "Game over",
    "go.pass": "Pass",
    "go.resign": "Resign",
    "go.undo": "Undo",
    "go.new_game": "New game",
    "go.start": "Start",
    "go.cancel": "Cancel",
    "go.size": "Size",
    "go.preset": "Rules",
    "go.komi": "Komi",
    "go.komi_hint": "empty: the rules' komi",
    "go.preset.documents": "Course documents (komi 0)",
    "go.preset.chinese": "Chinese (komi 7.5, superko)",
    "go.preset.japanese": "Japanese-style (komi 6.5)",
    "go.preset_short.documents": "course",
    "go.preset_short.chinese": "Chinese",
    "go.preset_short.japanese": "Japanese-style",
    "go.settings": "{size}×{size} · {preset} rules · komi {komi}",
    "go.choose": "Choose the settings and start a game.",
    "go.choose_or_play": "Choose the settings, then press Start or play your first stone on the board.",
    "go.loading": "Loading the game…",
    "go.reloaded": "The game had moved on: here is the current position.",
    "go.result.resign": "{winner} wins by resignation",
    "go.result.points.one": "{winner} wins by {count} point",
    "go.result.points.other": "{winner} wins by {count} points",
    "go.result.tie_white": "Tie: White wins (the documents' rule)",
    "go.result.draw": "Draw",
    "go.score": "Black {b} · White {w}",
    "go.score_komi": "Black {b} · White {w} (komi {komi} included)",
    "go.last.pass": "{player} passed",
    "go.last.resign": "{player} resigned",
    "go.human": "Human",
    "go.machine": "Machine",
    "go.download_sgf": "Download SGF",
    "go.download_sgf_title": "The game record, to open in any Go program",
    "go.open_sgf": "Open SGF",
    "go.open_sgf_hint": "Or open a game record (SGF): it opens at its last position, its moves to review; Black and White above say who plays on.",
    "go.sgf_reading": "Reading {name}…",
    "go.sgf_opened.one": "Opened {name}: {count} move. Use the review bar to step through it.",
    "go.sgf_opened.other": "Opened {name}: {count} moves. Use the review bar to step through them.",
    "go.record_result": "The record says {result}.",
    "go.error.too_large": "That is too large to send here (at most 64 KiB): a game record without long comments takes a few kilobytes.",
    "go.sgf_error.sgf_unreadable": "This file is not an SGF game record.",
    "go.sgf_error.sgf_unreadable.no_point": "Move {move} ({player}, [{value}]) is no point of a {size}×{size} board.",
    "go.sgf_error.sgf_unreadable.property": "The file's {property} property is malformed.",
    "go.sgf_error.sgf_unreadable.setup": "The file's setup stones (AB, AW, AE) or PL are malformed.",
    "go.sgf_error.sgf_not_go": "GM[{value}]: this is the record of another game than Go (GM[1]).",
    "go.sgf_error.sgf_size": "SZ[{value}]: Tablero plays Go on square boards of {min} to {max} lines.",
    "go.sgf_error.sgf_komi": "KM[{value}]: the komi is not a number.",
    "go.sgf_error.sgf_komi.range": "KM[{value}]: Tablero takes a whole or half komi from -150 to 150.",
    "go.sgf_error.sgf_setup": "The file's setup stones (AB, AW, AE) are not taken.",
    "go.sgf_error.sgf_setup.after_move": "After move {move}: setup stones (AB, AW, AE) are taken only before the first move.",
    "go.sgf_error.sgf_setup.twice": "A point is set up twice in one node (AB, AW, AE).",
    "go.sgf_error.sgf_setup.handicap": "HA[{handicap}]: the first {handicap} black moves are not on different points.",
    "go.sgf_error.sgf_too_many_moves": "The record is too long: a game keeps at most {max} moves.",
    "go.sgf_error.sgf_too_large": "The file is too large: at most {max} characters.",
    "go.sgf_error.sgf_options": "The file's settings are refused: {why}",
    "go.sgf_error.sgf_move": "Move {move} ({what}) is refused: {why}",
    "go.sgf_what.move": "{player} at {vertex}",
    "go.sgf_what.pass": "{player} passes",
    "go.sgf_what.resume": "{player} resumes play after two passes",
    "go.sgf_what.resign": "{player} resigns",
    "go.sgf_what.accept": "{player} accepts the dead stones",
    "go.seat.human": "human",
    "go.seat.machine": "machine",
    "go.players": "Black: {b} · White: {w}",
    "go.wait": "The machine is playing: wait for its move.",
    "go.machine.asked": "Machine ({player})",
    "go.machine.played": "Machine: {action}",
    "go.gnugo": "GNU Go",
    "go.seat.gnugo": "GNU Go (level {level})",
    "go.level": "GNU Go level",
    "go.handicap": "Handicap",
    "go.handicap.none": "None",
    "go.gnugo.thinking": "{player}: GNU Go is thinking…",
    "go.gnugo.checking": "{player}: GNU Go is checking the dead stones…",
    "go.machine.checking": "{player}: the machine is checking the dead stones…",
    "go.machine.thinking": "{player}: the machine is thinking…",
    "go.gnugo.asked": "GNU Go ({player})",
    "go.gnugo.played": "GNU Go: {action}",
    "go.error.engine_timeout": "GNU Go took too long and was stopped; nothing was played.",
    "go.retry": "Try again",
    "go.retry_title": "Ask the machine to play its turn again",
    "go.retrying": "{error} Asking again…",
    "go.error.engine_failed": "GNU Go could not play here (it is missing or failed); nothing was played.",
    "go.error.engine_illegal": "GNU Go answered a move the rules refuse; nothing was played.",
    "go.scoring": "Counting the score",
    "go.phase.title": "Play has ended: which stones are dead?",
    "go.phase.help": "Prolog proposes the stones it thinks are dead: they are ringed on the board, and the shading shows the points each side counts. Click a stone to mark its group dead or alive. When both players accept the same marking, the game is counted with the dead stones taken off; or resume play.",
    "go.phase.rule.area": "Area count: your stones and the empty points you surround.",
    "go.phase.rule.territory": "Territory count: the empty points you surround plus your prisoners; points in seki count for nobody.",
    "go.phase.count": "Count now: Black {b} · White {w}",
    "go.phase.count_komi": "Count now: Black {b} · White {w} (komi {komi} included)",
    "go.phase.accepted": "{player} accepted this marking",
    "go.phase.waiting": "{player} has not accepted yet",
    "go.accept": "Accept",
    "go.accept_for": "Accept for {player}",
    "go.resume": "Resume play",
    "go.action.toggle": "{player} marks {vertex}",
    "go.action.accept": "{player} accepts",
    "go.action.resume": "{player} resumes play",
    "go.last.pass_end": "{player} passed too: play has ended. Check the dead stones.",
    "go.last.toggle_dead": "{player} marked the group on {vertex} dead",
    "go.last.toggle_alive": "{player} marked the group on {vertex} alive",
    "go.last.accept": "{player} accepted the marking",
    "go.last.resume": "{player} resumed play: {next} to move",
    "go.error.not_a_stone": "There is no stone there: click a stone to mark its group dead or alive.",
    "go.error.scoring_phase": "Play has ended: mark the dead stones and accept, or resume play.",
    "go.error.not_scoring": "Dead stones are marked after two passes.",
    "go.error.already_accepted": "You have already accepted this marking.",

    "prolog.title": "Prolog",
    "prolog.hint": "The queries the rules answered, newest first.",
    "prolog.empty": "No action yet.",
    "prolog.no_query": "No Prolog query decided this.",
    "prolog.refused": "refused",
    "prolog.action.move": "{player} {vertex}",
    "prolog.action.pass": "{player} passes",
    "prolog.action.resign": "{player} resigns",
    "prolog.action.undo": "Undo",
    "prolog.action.new": "New game",

    "error.occupied": "That point is already occupied.",
    "error.suicide": "Suicide: that stone would have no liberty and captures nothing.",
    "error.ko": "Ko: that would repeat the position before your opponent's last move. Play elsewhere first.",
    "error.superko": "Superko: that would repeat an earlier position.",
    "error.not_your_turn": "It is not your turn.",
    "error.machine_turn": "It is the machine's turn: wait for its move.",
    "error.game_over": "The game is over.",
    "error.off_board": "That point is off the board.",
    "error.bad_json": "The request was not valid JSON.",
    "error.stale": "The game had moved on since you last saw it: reloaded.",
    "error.conflict": "Another move was played at the same moment: reloaded.",
    "error.unknown_game_id": "There is no saved game with that id.",
    "error.unknown_game": "No such game.",
    "error.unsupported_size": "That board size is not offered here (9, 13 or 19).",
    "error.bad_option": "One of the settings is not valid.",
    "error.bad_action": "That action is not understood.",
    "error.bad_pos": "That position is not understood.",
    "error.nothing_to_undo": "There is nothing to undo.",
    "error.not_casual": "Undo is only for casual games.",
    "error.illegal": "The rules do not allow this action.",
    "error.timeout": "The rules engine took too long to answer.",
    "error.prolog_error": "The rules engine failed on this request.",
    "error.not_found": "Not found.",
    "error.network": "The server could not be reached. Try again.",
    "error.no_secret": "Only the player holding that seat can play for it.",
    "error.not_your_seat": "That seat is not yours: you can watch this game.",
    "error.bad_invitation": "That invitation link is not valid.",
    "error.seat_taken": "That invitation was used already.",
    "error.machine_busy": "The machine is already thinking about this game.",
    "error.machines_busy": "Every machine player is thinking about other games: nothing was played. Try again in a few seconds.",
    "error.machine_timeout": "The machine took too long and was stopped: nothing was played. Try again.",
    "error.machine_failed": "The machine player failed: nothing was played. Try again.",
    "error.not_machine_turn": "It is not a machine's turn.",
    "error.undo_requested": "You already asked to take back a move.",
    "error.no_undo_request": "There is no request to answer.",
    "error.history_full": "This game has reached its length limit.",
    "error.storage_unavailable": "Saved games cannot be reached just now: nothing was changed. Try again.",
    "error.bad_field": "That action has a field the rules do not know.",
    "error.bad_kind": "That kind of action is not understood.",
    "seat.your_turn": "Your turn",
    "seat.watching": "You are watching this game.",
    "seat.their_turn": "{seat} is to play: wait for your opponent's move.",
    "seat.you": "You play: {seats}",
    "seat.invite": "Invite a friend to play {seat}",
    "seat.taken": "You took seat {seat}.",
    "seat.here": "Your opponent ({seat}) is here",
    "seat.away": "Your opponent ({seat}) is away",
    "seat.link": "Send this link to the friend who will play {seat}:",
    "seat.link_copied": "Link copied: send it to the friend who will play {seat}.",
    "live.busy.one": "The server is busy: live updates are paused; trying again in {count} second.",
    "live.busy.other": "The server is busy: live updates are paused; trying again in {count} seconds.",
    "live.lost.one": "Live updates are interrupted; trying again in {count} second.",
    "live.lost.other": "Live updates are interrupted; trying again in {count} seconds.",
    "undo.asked": "You asked to take back the last move; waiting for your opponent.",
    "undo.requested": "Your opponent ({seat}) asks to take back the last move.",
    "undo.accept": "Accept",
    "undo.decline": "Decline",
    "review.first": "The start",
    "review.back": "One move back (←)",
    "review.forward": "One move forward (→)",
    "review.last": "The game as it stands",
    "review.at": "Move {n} of {total}",
    "review.showing": "Reviewing: the game after move {n} of {total}. » goes back to play.",
    "review.leave_first": "You are looking at an earlier move: press » to go back to the game.",
    "review.numbers": "Move numbers",
    "review.numbers_title": "Show on each stone the number of the move that placed it",
    "confirm.setting": "Confirm moves with a second tap",
    "confirm.again": "Tap the same place again to play there, or another to move it (Esc cancels).",
    "confirm.cancel": "Cancel",
    "go.pass_really": "Really pass?",
    "go.resign_really": "Really resign?",
  },
  es: {
    "lang.toggle": "English",
    "lang.toggle_title": "Switch to English",
    "app.name": "Tablero",
    "app.tagline": "Juegos de tablero con reglas escritas en Prolog",
    "nav.home": "Todos los juegos",

    "index.games": "Juegos",
    "index.recent": "Partidas guardadas",
    "index.no_recent": "Todavía no hay partidas guardadas.",
    "index.play": "Jugar",
    "index.friend": "Jugar con alguien",
    "index.friend_label": "{game}: jugar con alguien, o los dos lados en este dispositivo",
    "index.computer": "Jugar contra la computadora",
    "index.computer_label": "{game}: jugar contra la computadora",
    "index.computer_starting": "Empezando…",
    "index.difficulty": "Dificultad",
    "index.order": "Mueves",
    "index.order.first": "primero",
    "index.order.second": "segundo",
    "index.needs_gnugo": "{difficulty} (necesita GNU Go en el servidor)",
    "difficulty.easy": "fácil",
    "difficulty.medium": "media",
    "difficulty.hard": "difícil",
    "difficulty.seat": "{seat}, {difficulty}",
    "index.unavailable": "No disponible en este servidor",
    "index.loading": "Cargando…",
    "index.load_failed": "No se pudo contactar al servidor.",
    "index.actions.one": "{count} acción",
    "index.actions.other": "{count} acciones",
    "index.updated": "actualizada {when}",
    "game.go": "Go",
    "game.go.desc": "El clásico juego de rodear territorio, en 9×9, 13×13 o 19×19.",
    "game.molinolog": "Molinolog",
    "game.molinolog.desc": "El juego del molino: forma molinos y captura piezas.",
    "game.gorogo": "GoRoGo",
    "game.gorogo.desc": "Un juego de capturas en 5×5 con piezas Henge neutrales.",
    "game.azul": "Azul",
    "game.azul.desc": "Elige azulejos de colores y decora la pared del palacio.",

    "player.b": "Negras",
    "player.w": "Blancas",
    "go.title": "Go",
    "go.board": "Tablero de Go, {size}×{size}",
    "go.to_move": "Juegan",
    "go.captures": "Capturas",
    "go.captures_title": "Piedras capturadas por cada bando",
    "go.over": "Partida terminada",
    "go.pass": "Pasar",
    "go.resign": "Abandonar",
    "go.undo": "Deshacer",
    "go.new_game": "Partida nueva",
    "go.start": "Empezar",
    "go.cancel": "Cancelar",
    "go.size": "Tamaño",
    "go.preset": "Reglas",
    "go.komi": "Komi",
    "go.komi_hint": "vacío: el komi de las reglas",
    "go.preset.documents": "Documentos del curso (komi 0)",
    "go.preset.chinese": "China (komi 7,5, superko)",
    "go.preset.japanese": "Estilo japonés (komi 6,5)",
    "go.preset_short.documents": "del curso",
    "go.preset_short.chinese": "chinas",
    "go.preset_short.japanese": "de estilo japonés",
    "go.settings": "{size}×{size} · reglas {preset} · komi {komi}",
    "go.choose": "Elige la configuración y empieza una partida.",
    "go.choose_or_play": "Elige la configuración y pulsa Empezar, o juega tu primera piedra en el tablero.",
    "go.loading": "Cargando la partida…",
    "go.reloaded": "La partida había avanzado: esta es la posición actual.",
    "go.result.resign": "Ganan {winner} por abandono",
    "go.result.points.one": "Ganan {winner} por {count} punto",
    "go.result.points.other": "Ganan {winner} por {count} puntos",
    "go.result.tie_white": "Empate: ganan Blancas (la regla de los documentos)",
    "go.result.draw": "Empate",
    "go.score": "Negras {b} · Blancas {w}",
    "go.score_komi": "Negras {b} · Blancas {w} (komi {komi} incluido)",
    "go.last.pass": "{player} pasaron",
    "go.last.resign": "{player} abandonaron",
    "go.human": "Humano",
    "go.machine": "Máquina",
    "go.download_sgf": "Descargar SGF",
    "go.download_sgf_title": "La partida en formato SGF, para abrirla en cualquier programa de Go",
    "go.open_sgf": "Abrir SGF",
    "go.open_sgf_hint": "O abre una partida guardada (SGF): se abre en su última posición, con sus jugadas para repasar; Negras y Blancas, arriba, dicen quién sigue jugando.",
    "go.sgf_reading": "Leyendo {name}…",
    "go.sgf_opened.one": "{name} abierto: {count} jugada. Recórrela con la barra de repaso.",
    "go.sgf_opened.other": "{name} abierto: {count} jugadas. Recórrelas con la barra de repaso.",
    "go.record_result": "El registro dice {result}.",
    "go.error.too_large": "Es demasiado grande para enviarlo aquí (como mucho 64 KiB): una partida sin comentarios largos ocupa unos pocos kilobytes.",
    "go.sgf_error.sgf_unreadable": "Este archivo no es una partida en formato SGF.",
    "go.sgf_error.sgf_unreadable.no_point": "La jugada {move} ({player}, [{value}]) no es un punto de un tablero de {size}×{size}.",
    "go.sgf_error.sgf_unreadable.property": "La propiedad {property} del archivo está mal escrita.",
    "go.sgf_error.sgf_unreadable.setup": "Las piedras iniciales (AB, AW, AE) o PL del archivo están mal escritas.",
    "go.sgf_error.sgf_not_go": "GM[{value}]: es la partida de otro juego, no de Go (GM[1]).",
    "go.sgf_error.sgf_size": "SZ[{value}]: Tablero juega al Go en tableros cuadrados de {min} a {max} líneas.",
    "go.sgf_error.sgf_komi": "KM[{value}]: el komi no es un número.",
    "go.sgf_error.sgf_komi.range": "KM[{value}]: Tablero acepta un komi entero o de medio punto, de -150 a 150.",
    "go.sgf_error.sgf_setup": "No se aceptan las piedras iniciales (AB, AW, AE) del archivo.",
    "go.sgf_error.sgf_setup.after_move": "Tras la jugada {move}: las piedras iniciales (AB, AW, AE) solo se aceptan antes de la primera jugada.",
    "go.sgf_error.sgf_setup.twice": "Un punto se coloca dos veces en un mismo nodo (AB, AW, AE).",
    "go.sgf_error.sgf_setup.handicap": "HA[{handicap}]: las primeras {handicap} jugadas de Negras no están en puntos distintos.",
    "go.sgf_error.sgf_too_many_moves": "La partida es demasiado larga: se guardan como mucho {max} jugadas.",
    "go.sgf_error.sgf_too_large": "El archivo es demasiado grande: como mucho {max} caracteres.",
    "go.sgf_error.sgf_options": "No se acepta la configuración del archivo: {why}",
    "go.sgf_error.sgf_move": "La jugada {move} ({what}) no se acepta: {why}",
    "go.sgf_what.move": "{player} en {vertex}",
    "go.sgf_what.pass": "pasan {player}",
    "go.sgf_what.resume": "{player} reanudan el juego tras dos pases",
    "go.sgf_what.resign": "{player} abandonan",
    "go.sgf_what.accept": "{player} aceptan las piedras muertas",
    "go.seat.human": "humano",
    "go.seat.machine": "máquina",
    "go.players": "Negras: {b} · Blancas: {w}",
    "go.wait": "Juega la máquina: espera su jugada.",
    "go.machine.asked": "Máquina ({player})",
    "go.machine.played": "Máquina: {action}",
    "go.gnugo": "GNU Go",
    "go.seat.gnugo": "GNU Go (nivel {level})",
    "go.level": "Nivel de GNU Go",
    "go.handicap": "Hándicap",
    "go.handicap.none": "Ninguno",
    "go.gnugo.thinking": "{player}: GNU Go está pensando…",
    "go.gnugo.checking": "{player}: GNU Go está revisando las piedras muertas…",
    "go.machine.checking": "{player}: la máquina está revisando las piedras muertas…",
    "go.machine.thinking": "{player}: la máquina está pensando…",
    "go.gnugo.asked": "GNU Go ({player})",
    "go.gnugo.played": "GNU Go: {action}",
    "go.error.engine_timeout": "GNU Go tardó demasiado y se detuvo; no se jugó nada.",
    "go.retry": "Reintentar",
    "go.retry_title": "Pedir otra vez a la máquina que juegue su turno",
    "go.retrying": "{error} Se lo vuelvo a pedir…",
    "go.error.engine_failed": "GNU Go no pudo jugar aquí (no está instalado o falló); no se jugó nada.",
    "go.error.engine_illegal": "GNU Go respondió una jugada que las reglas no permiten; no se jugó nada.",
    "go.scoring": "Recuento",
    "go.phase.title": "Terminó el juego: ¿qué piedras están muertas?",
    "go.phase.help": "Prolog propone las piedras que cree muertas: están rodeadas por un anillo en el tablero, y el sombreado muestra los puntos de cada bando. Haz clic en una piedra para marcar su grupo muerto o vivo. Cuando ambos jugadores aceptan la misma marca, se cuenta la partida sin las piedras muertas; o vuelve a jugar.",
    "go.phase.rule.area": "Recuento por área: tus piedras y los puntos vacíos que rodeas.",
    "go.phase.rule.territory": "Recuento por territorio: los puntos vacíos que rodeas más tus prisioneros; los puntos en seki no son de nadie.",
    "go.phase.count": "Recuento ahora: Negras {b} · Blancas {w}",
    "go.phase.count_komi": "Recuento ahora: Negras {b} · Blancas {w} (komi {komi} incluido)",
    "go.phase.accepted": "{player} aceptaron esta marca",
    "go.phase.waiting": "{player} todavía no aceptaron",
    "go.accept": "Aceptar",
    "go.accept_for": "Aceptar por {player}",
    "go.resume": "Seguir jugando",
    "go.action.toggle": "{player} marcan {vertex}",
    "go.action.accept": "{player} aceptan",
    "go.action.resume": "{player} vuelven a jugar",
    "go.last.pass_end": "{player} también pasaron: terminó el juego. Revisa las piedras muertas.",
    "go.last.toggle_dead": "{player} marcaron muerto el grupo de {vertex}",
    "go.last.toggle_alive": "{player} marcaron vivo el grupo de {vertex}",
    "go.last.accept": "{player} aceptaron la marca",
    "go.last.resume": "{player} volvieron a jugar: juegan {next}",
    "go.error.not_a_stone": "No hay ninguna piedra ahí: haz clic en una piedra para marcar su grupo muerto o vivo.",
    "go.error.scoring_phase": "Terminó el juego: marca las piedras muertas y acepta, o vuelve a jugar.",
    "go.error.not_scoring": "Las piedras muertas se marcan después de dos pases.",
    "go.error.already_accepted": "Ya aceptaste esta marca.",

    "prolog.title": "Prolog",
    "prolog.hint": "Las consultas que respondieron las reglas, la más reciente primero.",
    "prolog.empty": "Todavía no hubo acciones.",
    "prolog.no_query": "Ninguna consulta Prolog decidió esto.",
    "prolog.refused": "rechazada",
    "prolog.action.move": "{player} {vertex}",
    "prolog.action.pass": "{player} pasan",
    "prolog.action.resign": "{player} abandonan",
    "prolog.action.undo": "Deshacer",
    "prolog.action.new": "Partida nueva",

    "error.occupied": "Ese punto ya está ocupado.",
    "error.suicide": "Suicidio: esa piedra quedaría sin libertades y no captura nada.",
    "error.ko": "Ko: repetiría la posición anterior a la última jugada del rival. Juega en otro lugar primero.",
    "error.superko": "Superko: repetiría una posición anterior.",
    "error.not_your_turn": "No es tu turno.",
    "error.machine_turn": "Le toca a la máquina: espera su jugada.",
    "error.game_over": "La partida terminó.",
    "error.off_board": "Ese punto está fuera del tablero.",
    "error.bad_json": "El pedido no era JSON válido.",
    "error.stale": "La partida avanzó desde que la viste: se recargó.",
    "error.conflict": "Se jugó otra jugada al mismo tiempo: se recargó.",
    "error.unknown_game_id": "No hay ninguna partida guardada con ese identificador.",
    "error.unknown_game": "No existe ese juego.",
    "error.unsupported_size": "Ese tamaño de tablero no se ofrece aquí (9, 13 o 19).",
    "error.bad_option": "Alguna de las opciones no es válida.",
    "error.bad_action": "No se entiende esa acción.",
    "error.bad_pos": "No se entiende esa posición.",
    "error.nothing_to_undo": "No hay nada para deshacer.",
    "error.not_casual": "Deshacer solo está permitido en partidas amistosas.",
    "error.illegal": "Las reglas no permiten esta acción.",
    "error.timeout": "El motor de reglas tardó demasiado en responder.",
    "error.prolog_error": "El motor de reglas falló con este pedido.",
    "error.not_found": "No encontrado.",
    "error.network": "No se pudo contactar al servidor. Prueba de nuevo.",
    "error.no_secret": "Solo quien ocupa ese asiento puede jugar por él.",
    "error.not_your_seat": "Ese asiento no es tuyo: puedes mirar esta partida.",
    "error.bad_invitation": "Ese enlace de invitación no es válido.",
    "error.seat_taken": "Esa invitación ya se usó.",
    "error.machine_busy": "La máquina ya está pensando en esta partida.",
    "error.machines_busy": "Todas las máquinas están pensando en otras partidas: no se jugó nada. Prueba de nuevo en unos segundos.",
    "error.machine_timeout": "La máquina tardó demasiado y se detuvo: no se jugó nada. Prueba de nuevo.",
    "error.machine_failed": "La máquina falló: no se jugó nada. Prueba de nuevo.",
    "error.not_machine_turn": "No le toca a una máquina.",
    "error.undo_requested": "Ya pediste deshacer una jugada.",
    "error.no_undo_request": "No hay ningún pedido que responder.",
    "error.history_full": "Esta partida llegó a su largo máximo.",
    "error.storage_unavailable": "No se puede acceder a las partidas guardadas ahora: no se cambió nada. Prueba de nuevo.",
    "error.bad_field": "Esa acción tiene un campo que las reglas no conocen.",
    "error.bad_kind": "No se entiende ese tipo de acción.",
    "seat.your_turn": "Tu turno",
    "seat.watching": "Estás mirando esta partida.",
    "seat.their_turn": "Juega {seat}: espera la jugada de tu rival.",
    "seat.you": "Juegas: {seats}",
    "seat.invite": "Invitar a alguien a jugar {seat}",
    "seat.taken": "Ocupaste el asiento {seat}.",
    "seat.here": "Tu rival ({seat}) está aquí",
    "seat.away": "Tu rival ({seat}) no está",
    "seat.link": "Envía este enlace a quien vaya a jugar {seat}:",
    "seat.link_copied": "Enlace copiado: envíalo a quien vaya a jugar {seat}.",
    "live.busy.one": "El servidor está ocupado: las novedades en vivo están en pausa; se reintenta en {count} segundo.",
    "live.busy.other": "El servidor está ocupado: las novedades en vivo están en pausa; se reintenta en {count} segundos.",
    "live.lost.one": "Las novedades en vivo se interrumpieron; se reintenta en {count} segundo.",
    "live.lost.other": "Las novedades en vivo se interrumpieron; se reintenta en {count} segundos.",
    "undo.asked": "Pediste deshacer la última jugada; esperando a tu rival.",
    "undo.requested": "Tu rival ({seat}) pide deshacer la última jugada.",
    "undo.accept": "Aceptar",
    "undo.decline": "Rechazar",
    "review.first": "El comienzo",
    "review.back": "Una jugada atrás (←)",
    "review.forward": "Una jugada adelante (→)",
    "review.last": "La partida como está",
    "review.at": "Jugada {n} de {total}",
    "review.showing": "Repaso: la partida tras la jugada {n} de {total}. » vuelve al juego.",
    "review.leave_first": "Estás mirando una jugada anterior: pulsa » para volver a la partida.",
    "review.numbers": "Números de jugada",
    "review.numbers_title": "Muestra en cada piedra el número de la jugada que la puso",
    "confirm.setting": "Confirmar las jugadas con un segundo toque",
    "confirm.again": "Toca otra vez el mismo lugar para jugar ahí, u otro para cambiarla (Esc cancela).",
    "confirm.cancel": "Cancelar",
    "go.pass_really": "¿Seguro que pasas?",
    "go.resign_really": "¿Seguro que abandonas?",
  },
};

/** Merge a game's own strings ({en: {...}, es: {...}}, kept in static/<game>-i18n.js). */
export function addStrings(table) {
  for (const lang of LANGS) Object.assign(STRINGS[lang], table[lang] ?? {});
}

const listeners = new Set();
let current = initialLang();

function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled; the browser's language then decides.
  }
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
}

export function getLang() {
  return current;
}

/** The text for key in the current language, with {name} replaced from vars.  With a
 *  numeric vars.count and no text of its own, the key names plural forms: key.one,
 *  key.other, ... picked by the language's plural rules ({count} is the number written
 *  with formatNumber). */
export function t(key, vars = {}) {
  let text = STRINGS[current][key] ?? STRINGS.en[key];
  if (text === undefined && typeof vars.count === "number") {
    const { count } = vars;
    text = STRINGS[current][`${key}.${pluralRules().select(count)}`] ?? STRINGS[current][`${key}.other`]
      ?? STRINGS.en[`${key}.${englishRules.select(count)}`] ?? STRINGS.en[`${key}.other`];
    vars = { ...vars, count: formatNumber(count) };
  }
  text ??= key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

const englishRules = new Intl.PluralRules("en");
const rulesByLang = new Map();

/** The current language's plural rules (one Intl.PluralRules per language). */
function pluralRules() {
  if (!rulesByLang.has(current)) rulesByLang.set(current, new Intl.PluralRules(current));
  return rulesByLang.get(current);
}

/** Whether key has a text (or plural forms, key.other). */
export function hasText(key) {
  return key in STRINGS.en || `${key}.other` in STRINGS.en;
}

/** Words for an API error {code, message}: ours when we know the code, else the server's. */
export function errorText(error) {
  const key = `error.${error.code}`;
  return hasText(key) ? t(key) : error.message || error.code;
}

/** A number as people write it here (Spanish writes 7,5). */
export function formatNumber(n) {
  return Number(n).toLocaleString(current === "es" ? "es" : "en", { maximumFractionDigits: 1 });
}

export function setLang(lang) {
  if (!LANGS.includes(lang) || lang === current) return;
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not kept across reloads; the page still switches.
  }
  translatePage();
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.add(fn);
}

const ATTRIBUTES = { i18nTitle: "title", i18nAriaLabel: "aria-label", i18nPlaceholder: "placeholder" };

/** Fill every data-i18n* element under root with the current language's text. */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const [data, attr] of Object.entries(ATTRIBUTES)) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}]`;
    for (const el of root.querySelectorAll(selector)) el.setAttribute(attr, t(el.dataset[data]));
  }
}

/** Make `button` (the page's #lang) switch between English and Spanish. */
export function setupLangToggle(button) {
  button.dataset.i18n = "lang.toggle";
  button.dataset.i18nTitle = "lang.toggle_title";
  button.addEventListener("click", () => setLang(current === "en" ? "es" : "en"));
  translatePage();
}
