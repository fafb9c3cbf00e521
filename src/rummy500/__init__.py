"""rummy500: the rules of 500 Rummy as an immutable, typed Python library.

Every name a user needs is importable from here (``rummy500.X``), grouped:

* cards and melds: :class:`Card`, :func:`parse_card`, :class:`Meld`,
  :func:`make_meld`, :func:`layoff`, :func:`enumerate_melds` …
* rules: :class:`Rules`, :mod:`~rummy500.presets`, :class:`CardValues`;
* a hand: :func:`new_game`, :func:`legal_moves`, :func:`is_legal`,
  :func:`check_move`, :func:`apply_move`, :func:`take_depths`, :class:`GameState`, the moves,
  :func:`parse_move`, :func:`~rummy500.moves.format_move`, :func:`move_from_dict`,
  :func:`polling_order`;
* a match and its record: :func:`new_match`, :func:`apply_match_move`,
  :class:`MatchRecorder`, :func:`replay`;
* what a seat sees: :func:`observe`, :class:`PlayerView`, :func:`resample`;
* bots: :class:`Bot`, :class:`RandomBot`, :class:`GreedyBot`,
  :func:`play_hand`; bots as programs in any language, :class:`ProgramBot`
  (the bot protocol), bots named by text (:func:`make_bot`), and
  :func:`tournament`;
* a front end's match in one object: :class:`Session` (views, legal moves,
  submitted moves, seated bots, a record) and its events; the JSON Schemas of
  positions, views, records and moves, :func:`json_schema`;
* pictures: :mod:`rummy500.svg` draws cards, melds and tables as SVG (and
  gives cards, melds, states and views a ``_repr_svg_`` for Jupyter);
* the errors, all under :class:`Rummy500Error`.

The modules themselves (``rummy500.cards``, ``rummy500.rules`` …) hold the
same names and a few lower-level ones; the hand engine's internals live in
the private ``rummy500._engine``.
"""

from __future__ import annotations

import warnings

# Installs GameState.legal_moves(), .is_legal() and .apply() (the values may not import the engine).
from rummy500 import handplay as handplay
from rummy500 import presets, svg
from rummy500._engine import (
    COMPILED,
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    take_depths,
)
from rummy500.bots import Bot, GreedyBot, RandomBot, Step, iter_hand, play_hand
from rummy500.botspecs import make_bot
from rummy500.cards import JOKER, Card, Rank, Suit, make_deck, parse_card, parse_cards
from rummy500.checkout import stray_compiled_modules, stray_message
from rummy500.errors import (
    BotError,
    CardParseError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMeldError,
    MissingExtraError,
    MoveLimitError,
    NotationError,
    PositionError,
    Reason,
    RecordError,
    ReplayError,
    RulesError,
    Rummy500Error,
)
from rummy500.match import (
    HandRecord,
    MatchResult,
    MatchState,
    apply_match_move,
    match_legal_moves,
    new_match,
)
from rummy500.meldcards import MeldCard, parse_meld_cards
from rummy500.meldlist import enumerate_melds
from rummy500.melds import Meld, MeldKind, layoff, make_meld, meld_value
from rummy500.movedata import move_from_dict
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
    format_move,
)
from rummy500.notation import parse_move
from rummy500.programbot import ProgramBot
from rummy500.records import MatchRecorder, record_to_json, replay
from rummy500.rules import KNOBS, Rules
from rummy500.schema import json_schema
from rummy500.seating import next_seat, sides
from rummy500.session import HandDealt, HandEnded, MatchWon, MoveApplied, Session
from rummy500.state import (
    EndReason,
    GameState,
    HandResult,
    JokerEffect,
    Phase,
    TableMeld,
    polling_order,
)
from rummy500.tournaments import tournament
from rummy500.values import CardValues
from rummy500.views import KnownCards, PlayerView, observe, resample, track

__version__ = "0.1.0.dev0"

# A checkout's in-place compiled build would run instead of its sources: say so at once.
if stray_compiled_modules():
    warnings.warn(stray_message(stray_compiled_modules()), RuntimeWarning, stacklevel=2)

__all__ = [
    "COMPILED",
    "JOKER",
    "KNOBS",
    "Block",
    "Bot",
    "BotError",
    "CallRummy",
    "Card",
    "CardParseError",
    "CardValues",
    "Discard",
    "Draw",
    "EndHand",
    "EndReason",
    "GameState",
    "GreedyBot",
    "HandDealt",
    "HandEnded",
    "HandRecord",
    "HandResult",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidMeldError",
    "JokerEffect",
    "KnownCards",
    "LayoffMove",
    "MatchRecorder",
    "MatchResult",
    "MatchState",
    "MatchWon",
    "Meld",
    "MeldCard",
    "MeldKind",
    "MeldMove",
    "MissingExtraError",
    "Move",
    "MoveApplied",
    "MoveLimitError",
    "Nominate",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "PositionError",
    "ProgramBot",
    "RandomBot",
    "Rank",
    "Reason",
    "RecordError",
    "ReplayError",
    "Rules",
    "RulesError",
    "Rummy500Error",
    "Session",
    "Split",
    "Step",
    "Suit",
    "TableMeld",
    "Take",
    "__version__",
    "apply_match_move",
    "apply_move",
    "check_move",
    "enumerate_melds",
    "format_move",
    "is_legal",
    "iter_hand",
    "json_schema",
    "layoff",
    "legal_moves",
    "make_bot",
    "make_deck",
    "make_meld",
    "match_legal_moves",
    "meld_value",
    "move_from_dict",
    "new_game",
    "new_match",
    "next_seat",
    "observe",
    "parse_card",
    "parse_cards",
    "parse_meld_cards",
    "parse_move",
    "play_hand",
    "polling_order",
    "presets",
    "record_to_json",
    "replay",
    "resample",
    "sides",
    "svg",
    "take_depths",
    "tournament",
    "track",
]
