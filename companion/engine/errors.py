"""The domain's error type: a stable code plus parameters, translated by the UI."""


class MatchError(ValueError):
    """A rejected game, match or round: nothing was changed.

    `code` is a stable identifier (e.g. ``"deck-limit"``) and `params` the values
    a translated message needs (player names, faces, counts, limits).
    """

    def __init__(self, code: str, **params: object) -> None:
        detail = ", ".join(f"{key}={value!r}" for key, value in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)
        assert sorted(ERROR_CODES.get(code, ("?",))) == sorted(params), code
        self.code = code
        self.params = params


ERROR_CODES: dict[str, tuple[str, ...]] = {
    "unknown-game": ("game",),
    "unknown-face": ("face", "game"),
    "unknown-card": ("player", "face"),
    "bad-count": ("player", "face", "count"),
    "deck-limit": ("face", "count", "limit"),
    "went-out-holds-cards": ("player",),
    "empty-hand": ("player",),
    "unknown-player": ("player",),
    "missing-hand": ("player",),
    "missing-points": ("player",),
    "player-count": ("count", "min", "max"),
    "too-many-for-decks": ("count", "decks", "max"),
    "empty-name": (),
    "hidden-character": ("char",),
    "name-too-long": ("name", "max"),
    "duplicate-name": ("name",),
    # `name` looks like the taken `known` but is spelt with other letters (a
    # Cyrillic А for a Latin A: names.NameBook).
    "look-alike-name": ("name", "known"),
    "match-over": (),
    # A round edited or deleted would end the match before rounds after it.
    "round-after-end": ("round",),
    # Ending a match early needs a round: the standings of none decide nothing.
    "nothing-to-end": (),
    "already-over": (),
    # A match holds at most `max` rounds (Match.MAX_MATCH_ROUNDS), however it ends.
    "too-many-rounds": ("max",),
    "bad-points": ("player", "points"),
    "points-too-high": ("player", "points", "max"),
    "nobody-out-not-allowed": (),
    "no-such-round": ("round",),
    "bad-limit": ("value", "max"),
    "bad-rounds": ("value", "max"),
    "bad-decks": ("value", "options"),
    "bad-card-value": ("face", "value", "max"),
    "bad-scoring": ("value",),
    "bad-limit-rule": ("value",),
    "conflicting-end": (),
    "unknown-dealer": ("player",),
    "bad-match-data": ("reason",),
    "unknown-card-set": ("value",),
    "bad-extra-wilds": ("value", "max"),
    "places-not-allowed": (),
    "placed-twice": ("player",),
    "places-first-out": ("player",),
    "places-leave-one": ("count",),
    "game-name-empty": (),
    "game-name-too-long": ("name", "max"),
    "game-name-taken": ("name",),
    "game-no-faces": (),
    "bad-copies": ("face", "value", "max"),
    "bad-player-range": ("min", "max"),
    "bad-game-definition": ("reason",),
}
"""Every code MatchError can carry, with the names of its parameters."""
