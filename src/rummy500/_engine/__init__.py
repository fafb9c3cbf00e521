"""The hand engine (private): one module per rule section, and two thin dispatchers.

Nothing here is public API: users import :func:`rummy500.new_game`,
:func:`rummy500.legal_moves`, :func:`rummy500.apply_move` and the rest from
the package itself.  A rule id leads to one module:

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
:mod:`~rummy500._engine.movegen` (``legal_moves``) dispatch to them.

The services (views, bots, the search bot, positions, the match, the
adapters) reach the engine through the names of this package alone, never
through its modules: besides the hand's five functions, the seeds a deal
accepts, the scoring of a hand and of the table, what the player to move
could still do (N1), the known cards after a move and whether a card could
be laid off on the table.
"""

from __future__ import annotations

from rummy500._engine.api import (
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    take_depths,
)
from rummy500._engine.build import COMPILED
from rummy500._engine.dead_ends import mover_stranded
from rummy500._engine.deal import SEED_BOUND, check_seed
from rummy500._engine.known import known_after
from rummy500._engine.plays import playable_on_table
from rummy500._engine.scoring import score_hand, table_points

__all__ = [
    "COMPILED",
    "SEED_BOUND",
    "apply_move",
    "check_move",
    "check_seed",
    "is_legal",
    "known_after",
    "legal_moves",
    "mover_stranded",
    "new_game",
    "playable_on_table",
    "score_hand",
    "table_points",
    "take_depths",
]
