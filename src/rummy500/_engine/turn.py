"""A play in the turn of the player to move, with what it may draw on.

A meld or lay-off in one's turn is made by :func:`~rummy500._engine.playing.play_in_turn`
whether it stands alone, melds the deepest card of a take (T3), or the
chosen card of a split of the pile (a variant's move): :class:`TurnPlay` says which, and
what the play may draw on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummy500.moves import Play

__all__ = ["TurnPlay"]


class TurnPlay:
    """A play in the turn of the player to move, with what it may draw on.

    Attributes:
        player: The seat playing (the seat to move).
        play: The meld or lay-off.
        hand: The cards the play may use: the hand, with any pile cards taken.
        required: The code of a pile card the play must hold, and the rule that
            says so (T3 for a take; the variant's for a split), or ``None``.
        known: The player's known cards after the play, when they change.
        pile: With a take or a split, the pile less the cards taken; else ``None``.
        taken: With a take or a split, the cards taken.
        changes: Further fields of the state to set (those of a split).
    """

    __slots__ = ("changes", "hand", "known", "pile", "play", "player", "required", "taken")

    def __init__(
        self,
        player: int,
        play: Play,
        hand: bytes,
        required: tuple[int, str] | None = None,
        known: bytes | None = None,
        pile: bytes | None = None,
        taken: bytes = b"",
        changes: dict[str, Any] | None = None,
    ) -> None:
        self.player = player
        self.play = play
        self.hand = hand
        self.required = required
        self.known = known
        self.pile = pile
        self.taken = taken
        self.changes = changes
