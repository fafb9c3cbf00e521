"""The hand engine (private), with the compact data it works on: all that mypyc compiles.

Nothing here is public API: users import :func:`rummy500.new_game`,
:func:`rummy500.legal_moves`, :func:`rummy500.apply_move` and the rest from
the package itself.  The services (views, bots, the search bot, positions,
the match, the adapters) import this package's names alone (those of
:mod:`~rummy500._engine.door`), never its modules.

Two floors:

* :mod:`rummy500._engine.codes`, the compact vocabulary below the public
  values: card and meld-card codes and their tables, the seats' cards in one
  ``bytes``, the state's storage, the checks of melds on codes, bounded memos.
  The public values are built on it (:class:`~rummy500.GameState` derives from
  its storage class), so importing it must not load the engine above it: this
  package loads the door's names when first asked for them (PEP 562).
* the engine proper, one module per rule section and two thin dispatchers.
  A rule id leads to one module:

============================  ===============================================
rules                         module
============================  ===============================================
D1–D7 the deal                :mod:`~rummy500._engine.deal`
T1, T5, T6 drawing            :mod:`~rummy500._engine.drawing`
T2–T4 taking from the pile    :mod:`~rummy500._engine.taking`
T7, T9 playing                :mod:`~rummy500._engine.playing`
T8 opening minimum            :mod:`~rummy500._engine.opening` (a wing behind
                              one door: the turn's rules and an exact search)
T10, T11 discarding           :mod:`~rummy500._engine.discarding`
E1–E4 going out               :mod:`~rummy500._engine.going_out`
N1 no dead ends               :mod:`~rummy500._engine.dead_ends`
R1–R4 "Rummy!" calls          :mod:`~rummy500._engine.calls`
S1–S5 scoring                 :mod:`~rummy500._engine.scoring`
V7 dealer's gambit            :mod:`~rummy500._engine.gambit`
M1–M4, L1–L5 in a play        :mod:`~rummy500._engine.plays` (over :mod:`rummy500.melds`)
============================  ===============================================

:mod:`~rummy500._engine.reducer` (``apply_move``) and
:mod:`~rummy500._engine.movegen` (``legal_moves``) dispatch to them, each
fetching the rule set's compact form once (:mod:`~rummy500._engine.ruleset`:
the generated :mod:`~rummy500._engine.knobs` and the derived facts of
:mod:`~rummy500._engine.profile`) and handing it down.  Beside the sections:

* :mod:`~rummy500._engine.limits`: what may keep a seat's turn from ending
  (T11's cards that may not be discarded, T8's points still needed, what
  jokers may do), one record every check and the look-ahead (N1) take;
* :mod:`~rummy500._engine.variant`: the questions a variant of the whole game
  answers its own way, with the plain rules' answers (dealer's gambit's are
  :mod:`~rummy500._engine.gambit`'s);
* :mod:`~rummy500._engine.boundary`: every public value the engine makes
  (moves, melds, table melds, results, the states' class).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names __getattr__ loads, as type checkers see them
    from rummy500._engine.door import *  # noqa: F403


def __getattr__(name: str) -> object:
    """A name of :mod:`~rummy500._engine.door`, loaded on first use and kept."""
    import rummy500._engine.door as door

    if name not in door.__all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(door, name)
    globals()[name] = value
    return value
