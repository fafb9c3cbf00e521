"""rummy500: the rules of 500 Rummy as an immutable, typed Python library.

The names re-exported here are the public contract (DESIGN.md §3).
"""

from __future__ import annotations

from rummy500 import bots, presets
from rummy500.cards import JOKER, Card, Rank, Suit, make_deck, parse_card, parse_cards
from rummy500.engine import apply_move, check_move, is_legal, legal_moves, new_game
from rummy500.errors import (
    CardParseError,
    IllegalMoveError,
    InvalidMeldError,
    NotationError,
    Reason,
    RulesError,
    Rummy500Error,
)
from rummy500.meldgen import enumerate_melds
from rummy500.melds import Meld, MeldCard, MeldKind, layoff, make_meld, meld_value
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Play,
    Split,
    Take,
)
from rummy500.notation import format_move, parse_move
from rummy500.rules import Rules
from rummy500.state import EndReason, GameState, HandResult, JokerEffect, Phase, TableMeld
from rummy500.values import CardValues
from rummy500.views import KnownCards, PlayerView, observe, resample, track

__version__ = "0.1.0.dev0"

__all__ = [
    "JOKER",
    "Block",
    "CallRummy",
    "Card",
    "CardParseError",
    "CardValues",
    "Discard",
    "Draw",
    "EndHand",
    "EndReason",
    "GameState",
    "HandResult",
    "IllegalMoveError",
    "InvalidMeldError",
    "JokerEffect",
    "KnownCards",
    "LayoffMove",
    "Meld",
    "MeldCard",
    "MeldKind",
    "MeldMove",
    "Move",
    "Nominate",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "Reason",
    "Rules",
    "RulesError",
    "Rummy500Error",
    "Split",
    "Suit",
    "TableMeld",
    "Take",
    "__version__",
    "apply_move",
    "bots",
    "check_move",
    "enumerate_melds",
    "format_move",
    "is_legal",
    "layoff",
    "legal_moves",
    "make_deck",
    "make_meld",
    "meld_value",
    "new_game",
    "observe",
    "parse_card",
    "parse_cards",
    "parse_move",
    "presets",
    "resample",
    "track",
]
