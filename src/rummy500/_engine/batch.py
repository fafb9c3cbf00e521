"""The step of a batched environment: one token in every game, compiled with the engine.

Internal.  :class:`rummy500.adapters.batched.BatchedEnv` keeps one
:class:`BatchCore`: it steps the token game of every game in a loop of
compiled code (in the compiled build) and writes each game's observation,
mask and acting seat as bytes into the buffers under the environment's
arrays.  The games whose move ended a hand, or that reached the step limit,
are handed back for the environment to pay and deal again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from rummy500._engine.codes.storage import StateCore
from rummy500._engine.tokens import TOKEN_COUNT, TokenCore
from rummy500.errors import InvalidArgumentError
from rummy500.moves import Move

__all__ = ["BatchCore", "Vector"]

#: What writes a seat's observation: a state, the seats' match totals, the tokens spelled.
Vector = Callable[[StateCore, tuple[int, ...], tuple[int, ...]], bytes]

#: The little-endian int64 bytes of each seat number.
_SEATS: Final = tuple([seat.to_bytes(8, "little") for seat in range(256)])


class BatchCore:
    """Every game of a batched environment, stepped together (see the module).

    Args:
        observations: The buffer under the ``(N, size)`` float32 observations.
        masks: The buffer under the ``(N, tokens)`` masks (one byte a token).
        actors: The buffer under the ``(N,)`` little-endian int64 acting seats.
        vectors: Each game's makers of its seats' observations.
        limit: The tokens after which an episode is cut.

    Attributes:
        games: Each game's current token game.
        steps: The tokens each game's episode has spelled.
        before: For each game handed back, the position before its last token.
        moves: For each game handed back, the move its last token completed (or ``None``).
    """

    __slots__ = (
        "actors",
        "before",
        "games",
        "limit",
        "masks",
        "moves",
        "observations",
        "row",
        "steps",
        "totals",
        "vectors",
    )

    def __init__(
        self,
        observations: bytearray,
        masks: bytearray,
        actors: bytearray,
        vectors: list[list[Vector]],
        limit: int,
    ) -> None:
        count = len(vectors)
        self.observations = observations
        self.masks = masks
        self.actors = actors
        self.vectors = vectors
        self.limit = limit
        self.row = len(observations) // count
        self.games: list[TokenCore | None] = [None] * count
        self.totals: list[tuple[int, ...]] = [()] * count
        self.steps = [0] * count
        self.before: list[StateCore | None] = [None] * count
        self.moves: list[Move | None] = [None] * count

    def start(self, index: int, game: TokenCore, totals: tuple[int, ...], steps: int) -> None:
        """Game ``index`` plays ``game`` now, with these match totals and tokens spelled."""
        self.games[index] = game
        self.totals[index] = totals
        self.steps[index] = steps
        self.write(index)

    def write(self, index: int) -> None:
        """Write game ``index``'s observation, mask and acting seat into the buffers."""
        game = self.games[index]
        assert game is not None
        actor = game.actor
        assert actor is not None
        row = self.row
        self.observations[index * row : (index + 1) * row] = self.vectors[index][actor](
            game.state, self.totals[index], game.prefix
        )
        self.masks[index * TOKEN_COUNT : (index + 1) * TOKEN_COUNT] = game.mask_bytes()
        self.actors[index * 8 : index * 8 + 8] = _SEATS[actor]

    def check(self, tokens: list[int]) -> None:
        """Refuse the batch's tokens unless each is legal in its game (nothing has stepped).

        Raises:
            InvalidArgumentError: for the first token that is not legal in its game.
        """
        games = self.games
        for index in range(len(games)):
            game = games[index]
            assert game is not None
            token = tokens[index]
            if not game.legal(token):
                raise InvalidArgumentError(
                    f"game {index}: token {token} is not legal for p{game.actor} now"
                )

    def step(self, tokens: list[int]) -> list[int]:
        """Spell ``tokens[i]`` in game ``i``; the games handed back (a hand over, or cut).

        The tokens are legal (:meth:`check`).
        """
        handed: list[int] = []
        games = self.games
        steps = self.steps
        limit = self.limit
        for index in range(len(games)):
            game = games[index]
            assert game is not None
            token = tokens[index]
            before = game.state
            move = game.spell_token(token)
            steps[index] = steps[index] + 1
            if (move is not None and game.actor is None) or steps[index] >= limit:
                self.before[index] = before
                self.moves[index] = move
                handed.append(index)
            else:
                self.write(index)
        return handed
