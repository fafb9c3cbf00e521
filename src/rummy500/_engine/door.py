"""The names of the engine that the services use: what ``rummy500._engine`` exports.

Loaded on first use by the package (see its docstring): the hand's functions,
the seeds a deal accepts, and a few questions the services ask of the engine
with a rule set in hand (the scoring of a hand and of the table, what the
player to move could still do, the known cards after a move, whether a card
could be laid off on the table, the melds a count of cards makes), each
answered by fetching the rule set's compact form once and asking the
engine's module; the search bot's rollout policy and the bounded memo; the
environments' token layer (:mod:`~rummy500._engine.tokens`) and their compact
observation read from a state's codes (:mod:`~rummy500._engine.encoding`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import rummy500._engine.dead_ends as dead_ends
import rummy500._engine.known as known
import rummy500._engine.meldgen as meldgen
import rummy500._engine.plays as plays
import rummy500._engine.scoring as scoring
import rummy500._engine.tokens as tokens
from rummy500._engine.api import (
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    take_depths,
)
from rummy500._engine.batch import BatchCore
from rummy500._engine.build import COMPILED
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.deal import SEED_BOUND, check_seed
from rummy500._engine.encoding import CompactCore, SeatObserver, float32
from rummy500._engine.meldgen import count_vector
from rummy500._engine.rollout import RolloutPolicy, play_of, rollout_move
from rummy500._engine.ruleset import profile
from rummy500._engine.tokens import (
    TOKEN_COUNT,
    TOKEN_NAMES,
    TokenCore,
    first_token,
    spell,
    with_stock,
)
from rummy500.cards import Card
from rummy500.melds import MeldKind
from rummy500.moves import Move
from rummy500.rules import Rules
from rummy500.statevalues import EndReason, HandResult, TableMeld

__all__ = [
    "COMPILED",
    "SEED_BOUND",
    "TOKEN_COUNT",
    "TOKEN_NAMES",
    "VOCABULARY",
    "BatchCore",
    "CompactCore",
    "RolloutPolicy",
    "SeatObserver",
    "TokenCore",
    "apply_move",
    "check_move",
    "check_seed",
    "compact_core",
    "count_vector",
    "first_token",
    "float32",
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
    "spell",
    "store",
    "table_points",
    "take_depths",
    "with_stock",
]


#: Where each family of tokens begins, and the largest depth and table meld of the
#: vocabulary (the numbers of :class:`~rummy500.adapters.actions.ActionSpace`).
VOCABULARY: dict[str, int] = {
    "discard": tokens.DISCARD_BASE,
    "take": tokens.TAKE_BASE,
    "rummy": tokens.RUMMY_BASE,
    "split": tokens.SPLIT_BASE,
    "layoff": tokens.LAYOFF_BASE,
    "card": tokens.CARD_BASE,
    "max_depth": tokens.MAX_DEPTH,
    "max_melds": tokens.MAX_TARGETS,
}


def compact_core(
    rules: Rules,
    players: int,
    deck: int,
    copies: int,
    scale: float,
    target: float,
    starts: dict[str, int],
    size: int,
    wild: list[bool],
    spelled: list[float],
) -> CompactCore:
    """The compact observation's encoder from states, for ``rules`` (see its class)."""
    return CompactCore(
        profile(rules), players, deck, copies, scale, target, starts, size, wild, spelled
    )


def mover_stranded(state: StateCore) -> bool:
    """Whether the player to move (in the play phase) can no longer end the turn (N1)."""
    return dead_ends.mover_stranded(profile(state.rules), state)


def known_after(state: StateCore, move: Move) -> bytes | None:
    """The mover's known cards after ``move`` in ``state``, when they change (else ``None``)."""
    return known.known_after(profile(state.rules), state, move)


def playable_on_table(
    rules: Rules, melds: tuple[TableMeld, ...], code: int, jokers_wild: bool = True
) -> bool:
    """Whether the single card ``code`` can be laid off on some table meld."""
    return plays.playable_on_table(profile(rules), melds, code, jokers_wild)


def score_hand(
    rules: Rules,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[TableMeld, ...],
    went_out: int | None,
    reason: EndReason,
    *,
    going_rummy: bool = False,
    seven_card_run: bool = False,
) -> HandResult:
    """Score a finished hand (S2–S5; see :func:`rummy500._engine.scoring.score_hand`)."""
    return scoring.score_hand(
        profile(rules),
        hands,
        melds,
        went_out,
        reason,
        going_rummy=going_rummy,
        seven_card_run=seven_card_run,
    )


def table_points(melds: Iterable[TableMeld], rules: Rules, players: int) -> list[int]:
    """Each seat's points on the table: every card scores for whoever put it there (L5, S1)."""
    return scoring.table_points(profile(rules), melds, players)


def melds_from_counts(
    counts: Sequence[int], rules: Rules
) -> list[tuple[MeldKind, tuple[int, ...]]]:
    """Every meld a count vector of cards can form under ``rules``, as ``(kind, codes)``."""
    knobs = profile(rules)
    return meldgen.melds_from_counts(counts, knobs.jokers_wild, knobs.ace, knobs.min_run_length)
