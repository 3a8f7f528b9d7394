"""The storage layer's errors and notices: stable codes plus plain parameters."""

from collections.abc import Mapping
from dataclasses import dataclass, field

STORE_ERROR_CODES: dict[str, tuple[str, ...]] = {
    # A save could not be written (disk full, I/O error); the previous data is intact.
    "save-failed": ("reason",),
    # The data directory cannot be written to; nothing was changed.
    "read-only-directory": ("path",),
    # The data directory cannot be created or opened at all.
    "data-dir-unusable": ("path", "reason"),
    # Another running copy of the app holds the data directory.
    "data-locked": ("path",),
    # A file was written by a newer version of the app; it was left as it is.
    "newer-schema": ("path", "version", "supported"),
    "no-such-match": ("id",),
    "match-exists": ("id",),
    # The match was changed elsewhere (another tab) since it was loaded; not saved.
    "match-changed": ("id",),
    "no-such-player": ("player",),
    "duplicate-player": ("player",),
    # A player who appears in stored matches can only be hidden, not deleted.
    "player-in-match": ("player", "matches"),
    # An own game that stored matches were played by is only deleted when asked to.
    "game-in-use": ("game", "matches"),
    "no-such-game": ("id",),
    "unknown-setting": ("name",),
    "bad-setting": ("name",),
    # An import file was rejected as a whole; nothing was imported.
    "import-unreadable": ("path", "reason"),
    "import-not-json": ("path",),
    "import-wrong-shape": ("path", "where"),
    "import-newer-version": ("path", "version", "supported"),
    "import-bad-match": ("path", "id", "reason"),
    # An import file past the limits no real table reaches (storage/transfer.py).
    "import-too-large": ("path", "max"),
    "import-too-many-matches": ("path", "count", "max"),
    "import-too-many-players": ("path", "count", "max"),
    "import-bad-game": ("path", "id", "reason"),
    # A player name that is not allowed (names.py), spelt out (<U+200B>).
    "import-bad-name": ("path", "where", "name"),
    # A name in the file reads the same as another (in the file or the store).
    "import-look-alike": ("path", "name", "known"),
    "export-failed": ("path", "reason"),
    # A match handed over by a link or QR code (storage/match_link.py,
    # match_code.py, match_merge.py) that was refused; nothing was changed.
    "code-not-a-match": (),
    "code-cut-short": (),
    # The checksum (or the digits' shape) says it changed on the way.
    "code-damaged": (),
    "code-newer-version": ("version", "supported"),
    # Longer, or inflating to more, than any match: refused before inflating.
    "code-too-large": (),
    # The engine refuses the match the code describes (`reason`: its code).
    "code-bad-match": ("reason",),
    # A player name that is not allowed (names.py), spelt out (<U+200B>).
    "code-bad-name": ("name",),
    # A name reads as a player on this phone but is spelt differently.
    "code-look-alike": ("name", "known"),
    # A followed copy (match_merge.Followed) was sent another match: another
    # id, players, game or rules than the one it follows.
    "follow-other-match": ("id",),
    # A match past what a code carries (only names of thousands of marks are).
    "match-too-large": (),
    # Not the full http(s) address of the phone-alone site.
    "bad-site-address": (),
}
"""Every code StoreError can carry, with the names of its parameters."""

STORE_NOTICE_CODES: dict[str, tuple[str, ...]] = {
    # A damaged file was moved aside and its last good copy put back.
    "backup-restored": ("path", "moved_to"),
    # A damaged file with no good copy was moved aside; its data starts empty.
    "file-moved-aside": ("path", "moved_to"),
    # The list of matches disagreed with the match files and was rebuilt from them.
    "index-repaired": ("matches",),
    # Data written by an older version of the app was upgraded.
    "data-migrated": ("from_version", "to_version"),
}
"""Every code StoreNotice can carry: what the store did on opening, to tell the user."""


class StoreError(Exception):
    """A storage operation that failed as a whole: the data on disk is unchanged.

    `code` is a key of STORE_ERROR_CODES and `params` its plain values; the text a
    user reads is made from them by the translation layer, never here.
    """

    def __init__(self, code: str, **params: object) -> None:
        detail = ", ".join(f"{key}={value!r}" for key, value in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)
        assert sorted(STORE_ERROR_CODES.get(code, ("?",))) == sorted(params), code
        self.code = code
        self.params = params


@dataclass(frozen=True)
class StoreNotice:
    """Something the store repaired on opening that the user should hear about."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
