% The course's graficos.pl stands here as a student's zip holds it: an XPCE
% window.  Tablero must never load it (Debian's swipl has no XPCE): this
% stand-in stops the process at once if it is ever loaded.
:- module(graficos, []).
:- initialization(halt(86)).
