"""Checks across the knobs of a rule set: combinations that cannot be played.

Each knob is checked alone where :class:`~rummy500.rules.Rules` declares it;
the checks here read several knobs (min_players against max_players, E3's
floating, V5's four players, V7's jokers, whether the deck can be dealt)
and each returns one sentence naming its rule, or ``None``.  A check is
skipped when a knob it reads is itself invalid (its name is in ``bad``), so
one mistake is reported once.  :class:`~rummy500.rules.Rules` runs them all
and raises one :class:`~rummy500.errors.RulesError` listing every problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rummy500.errors import shown
from rummy500.knobchoices import GoingOut, Jokers, Scoring

if TYPE_CHECKING:
    from rummy500.rules import Rules

__all__ = ["COMBINATIONS", "deal_problem"]


def _players_range(rules: Rules, bad: set[str]) -> str | None:
    if {"min_players", "max_players"} & bad or rules.min_players <= rules.max_players:
        return None
    return f"min_players ({rules.min_players}) exceeds max_players ({rules.max_players}) (D2)"


def _hand_size_entries(rules: Rules, bad: set[str]) -> str | None:
    if {"hand_size", "min_players", "max_players"} & bad or rules.hand_size == "auto":
        return None
    counts = {count for count, _ in rules.hand_size}
    missing = [n for n in range(rules.min_players, rules.max_players + 1) if n not in counts]
    if missing:
        return f"hand_size has no entry for {missing} players (D4)"
    return None


def _floating_needed(rules: Rules, bad: set[str]) -> str | None:
    if rules.final_discard_must_be_unplayable is True and rules.going_out is not GoingOut.FLOATING:
        return (
            "final_discard_must_be_unplayable requires going_out='floating' (E3), "
            f"got {shown(getattr(rules.going_out, 'value', rules.going_out))}"
        )
    return None


def _multiplier_scoring(rules: Rules, bad: set[str]) -> str | None:
    if "going_rummy_multiplier" in bad or rules.going_rummy_multiplier <= 1:
        return None
    if rules.scoring is Scoring.WINNER_TAKES_HANDS:
        return None
    return "going_rummy_multiplier > 1 requires scoring='winner_takes_hands' (S3)"


def _partnership_players(rules: Rules, bad: set[str]) -> str | None:
    if rules.partnerships is not True or {"min_players", "max_players"} & bad:
        return None
    if (rules.min_players, rules.max_players) == (4, 4):
        return None
    return (
        "partnerships require exactly 4 players: set min_players=4 and max_players=4 "
        f"(got min_players={rules.min_players} and max_players={rules.max_players}) (V5)"
    )


def _joker_groups(rules: Rules, bad: set[str]) -> str | None:
    if rules.jokers is not Jokers.SETS_ONLY or "jokers_per_deck" in bad:
        return None
    if 0 < rules.jokers_per_deck < 2:
        return (
            "jokers='sets_only' needs jokers_per_deck of 0, 2 or 4: a group of jokers "
            "needs at least 2 jokers per deck (M4)"
        )
    return None


def _gambit_jokers(rules: Rules, bad: set[str]) -> str | None:
    if rules.dealers_gambit is True and "jokers_per_deck" not in bad and rules.jokers_per_deck < 2:
        return (
            "dealers_gambit needs at least 2 jokers per deck: one is the dealer's joker, "
            f"got jokers_per_deck={rules.jokers_per_deck!r} (V7)"
        )
    return None


def _gambit_wild(rules: Rules, bad: set[str]) -> str | None:
    if rules.dealers_gambit is True and rules.jokers is not Jokers.WILD:
        return "dealers_gambit requires jokers='wild': the dealer nominates what jokers do (V7)"
    return None


def _gambit_joker_value(rules: Rules, bad: set[str]) -> str | None:
    if rules.dealers_gambit is not True or "card_values" in bad or rules.card_values.joker == 0:
        return None
    return (
        "dealers_gambit requires jokers worth 0 (card_values joker=0): a wild joker is "
        f"worth nothing and jokers left in hand count zero, got {rules.card_values.joker} (V7)"
    )


def deal_problem(rules: Rules, players: int) -> str | None:
    """Why the deck of ``rules`` cannot be dealt to ``players`` players, or ``None`` if it can.

    A deal needs every hand (D4), a card to start the pile and one left in
    the stock, out of the deck of that many players (D1, D3); under dealer's
    gambit one joker is set aside first (V7).

    >>> from rummy500 import Rules
    >>> deal_problem(Rules(decks=1), 8)
    '8 players need 58 cards (hands, a pile card and a stock card) but one deck has 54 (D3, D4)'
    >>> deal_problem(Rules(decks=1), 5) is None
    True
    """
    deck_size = len(rules.deck(players))
    # Dealer's gambit sets the dealer's joker aside before dealing (V7).
    needed = players * rules.hand_size_for(players) + 2 + (rules.dealers_gambit is True)
    if needed <= deck_size:
        return None
    decks = "one deck has" if rules.num_decks(players) == 1 else "two decks have"
    return (
        f"{players} players need {needed} cards (hands, a pile card and a stock card) but "
        f"{decks} {deck_size} (D3, D4)"
    )


def _deck_size(rules: Rules, bad: set[str]) -> str | None:
    """A problem only if no player count from ``min_players`` to ``max_players`` can be dealt.

    A rule set that some player counts cannot use is valid (one deck for 2
    to 8 players deals 5 players from 54 cards); :func:`rummy500.new_game`
    refuses the counts it cannot deal, naming the count and the deck.
    """
    if {"min_players", "max_players", "hand_size", "jokers_per_deck", "decks"} & bad:
        return None
    if _players_range(rules, bad) or _hand_size_entries(rules, bad):
        return None
    problems = []
    for players in range(rules.min_players, rules.max_players + 1):
        problem = deal_problem(rules, players)
        if problem is None:
            return None
        problems.append(problem)
    return "no player count can be dealt: " + "; ".join(problems)


#: Every check across knobs, in the order their problems are listed.
COMBINATIONS: tuple[Callable[[Rules, set[str]], str | None], ...] = (
    _players_range,
    _hand_size_entries,
    _floating_needed,
    _multiplier_scoring,
    _partnership_players,
    _joker_groups,
    _gambit_jokers,
    _gambit_wild,
    _gambit_joker_value,
    _deck_size,
)
