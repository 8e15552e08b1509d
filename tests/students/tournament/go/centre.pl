% A Go student's machine in the tournament's contract: of the moves our go_play/4
% accepts, the one nearest the centre of the board (ties by the point's order); a pass
% when none is left.
:- use_module(tablero(go/rules), [go_play/4]).

machine_move(Game, Move) :-
    Game = go(settings(Size, _, _, _, _, _), _, P, _, _, _, _, _),
    Max is Size - 1,
    findall(V-move(P, [R, C]),
            ( between(0, Max, R), between(0, Max, C),
              catch(go_play(Game, move(P, [R, C]), _, _), _, fail),
              V is abs(R - Size // 2) + abs(C - Size // 2) ),
            Moves),
    (   keysort(Moves, [_-Move|_]) -> true ; Move = pass(P) ).
