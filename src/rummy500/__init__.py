"""rummy500: the rules of 500 Rummy as an immutable, typed Python library.

The names re-exported here are the public contract (DESIGN.md §3).
"""

from __future__ import annotations

from rummy500 import presets
from rummy500.cards import JOKER, Card, Rank, Suit, make_deck, parse_card, parse_cards
from rummy500.errors import (
    CardParseError,
    InvalidMeldError,
    NotationError,
    RulesError,
    Rummy500Error,
)
from rummy500.meldgen import enumerate_melds
from rummy500.melds import Meld, MeldCard, MeldKind, layoff, make_meld, meld_value
from rummy500.rules import Rules
from rummy500.values import CardValues

__version__ = "0.1.0.dev0"

__all__ = [
    "JOKER",
    "Card",
    "CardParseError",
    "CardValues",
    "InvalidMeldError",
    "Meld",
    "MeldCard",
    "MeldKind",
    "NotationError",
    "Rank",
    "Rules",
    "RulesError",
    "Rummy500Error",
    "Suit",
    "__version__",
    "enumerate_melds",
    "layoff",
    "make_deck",
    "make_meld",
    "meld_value",
    "parse_card",
    "parse_cards",
    "presets",
]
