"""The names of the engine that the services use: what ``rummy500._engine`` exports.

Loaded on first use by the package (see its docstring): the hand's functions,
the seeds a deal accepts, the scoring of a hand and of the table, what the
player to move could still do (N1), the known cards after a move, whether a
card could be laid off on the table, the meld generator that
:func:`rummy500.enumerate_melds` reads, the search bot's rollout policy and
the bounded memo.
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
from rummy500._engine.codes.memo import store
from rummy500._engine.dead_ends import mover_stranded
from rummy500._engine.deal import SEED_BOUND, check_seed
from rummy500._engine.known import known_after
from rummy500._engine.meldgen import count_vector, melds_from_counts
from rummy500._engine.plays import playable_on_table
from rummy500._engine.rollout import RolloutPolicy, play_of, rollout_move
from rummy500._engine.scoring import score_hand, table_points

__all__ = [
    "COMPILED",
    "SEED_BOUND",
    "RolloutPolicy",
    "apply_move",
    "check_move",
    "check_seed",
    "count_vector",
    "is_legal",
    "known_after",
    "legal_moves",
    "melds_from_counts",
    "mover_stranded",
    "new_game",
    "play_of",
    "playable_on_table",
    "rollout_move",
    "score_hand",
    "store",
    "table_points",
    "take_depths",
]
