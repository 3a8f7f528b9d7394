"""Three phones and one evening's match: the steps a table takes with a match on
many phones, and the invariants the merge keeps after each (issue 52).

Shared by tests/storage/test_match_merge_properties.py (Hypothesis picks the
steps) and bench/merge_properties.py (many more sequences, at random).

The invariants, after every step, on every phone:
- every stored match is one the engine accepts (`Match.from_dict` of its
  `to_dict` gives it back);
- no stored match changed but by being brought up to date (its rounds before
  are the beginning of its rounds now), by a person (a round recorded, the
  match ended early, deleted, one copy of two chosen) or by a follow that
  replaced a copy the phone had not changed since the other phone's last word:
  so every round acknowledged on a phone is still there unless a person let
  it go;
- what a hand-over, a follow or an import brought is kept: a match on the
  phone is it or extends it (unless the merge refused it, changing nothing).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from handed_matches import play, stored, table
from merge_phones import KEPT_ID, others

from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_code import decode_match, encode_match
from companion.storage.match_copies import copies_of
from companion.storage.match_merge import Followed

KINDS = (
    "record",
    "take-back",
    "hand",
    "follow",
    "import",
    "end",
    "delete",
    "choose",
)
"""What a step does: record a round alone, take the last round back, hand a
match over by its code, follow (a message of the followed phone), import an
exported file, end a match early, delete one, choose one copy of two (the
other deleted)."""

Step = tuple[str, int, int, int]
"""(kind, this phone, the other phone, a number that picks the match and the round)."""

PHONES = 3
PICKS = 64
"""Step numbers from 0 to PICKS - 1: few enough that steps meet on one match."""


def _evening() -> Match:
    """A match to 300 points: some ten rounds end it."""
    return table(["Ada", "Bo", "Cy"], limit=300)


@cache
def starting_matches() -> list[Match]:
    """Each phone's copy of the evening, under one id: the second phone has
    the first's rounds and one more, the third went another way."""
    return [
        play(_evening(), 2, seed=1),
        play(_evening(), 3, seed=1),
        play(_evening(), 2, seed=2),
    ]


def extends(old: Match, new: Match) -> bool:
    """Whether `new` is `old` brought up to date (or `old` itself)."""
    if replace(old, rounds=(), ended_early=False) != replace(
        new, rounds=(), ended_early=False
    ):
        return False
    if new.rounds[: len(old.rounds)] != old.rounds:
        return False
    if old.ended_early:
        return new == old
    return True


@dataclass
class Phone:
    """One phone: its store, each stored match as last seen (the baseline the
    invariants hold it to), and the copies it keeps of matches it follows."""

    store: Store
    seen: dict[str, Match] = field(default_factory=dict)
    follows: dict[tuple[int, str], Followed] = field(default_factory=dict)

    def matches(self) -> dict[str, Match]:
        return {s.id: self.store.load_match(s.id) for s in self.store.list_matches()}

    def pick(self, number: int) -> str | None:
        """A stored match: three times in four the evening's or a copy of it,
        where the phones meet; else any."""
        ids = sorted(self.seen)
        evening = [i for i in ids if i == KEPT_ID or i in copies_of(KEPT_ID, ids)]
        if evening and number % 4:
            ids = evening
        return ids[number // 4 % len(ids)] if ids else None


@cache
def _others() -> tuple[StoredMatch, ...]:
    return tuple(others())


class Evening:
    """Three phones that already hold matches, and the evening's on each.

    A phone that follows another's match stays linked to it: each change a
    person makes there (a round, one taken back, the end) is sent to it, as
    a live follow sends every save.
    """

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.phones: list[Phone] = []
        for match in starting_matches():
            store = Store.in_memory()
            store.merge_all([*_others(), stored(match, KEPT_ID)])
            phone = Phone(store)
            phone.seen = phone.matches()
            self.phones.append(phone)
        self.links: set[tuple[int, str, int]] = set()
        """(the followed phone, its match, the following phone)."""
        self.exports = 0
        self.outcomes: Counter[str] = Counter()
        self._arrived: dict[int, list[Match]] = {}
        self._replaceable: dict[tuple[int, str], Match] = {}

    def close(self) -> None:
        for phone in self.phones:
            phone.store.close()

    def run(self, steps: list[Step]) -> list[str]:
        """Take the steps; the first broken invariant's description, if any."""
        for step in steps:
            broken = self.step(step)
            if broken:
                return [f"{step}: {line}" for line in broken]
        return []

    def step(self, step: Step) -> list[str]:
        """Take one step; every invariant it broke, described."""
        kind, at, other, number = step
        at, other = at % PHONES, other % PHONES
        self._arrived, self._replaceable = {}, {}
        phone = self.phones[at]
        match_id = phone.pick(number)
        if kind == "import":
            self._import(other, at)
        elif match_id is None:
            pass
        elif kind in ("record", "take-back", "end"):
            if self._changed(phone, match_id, number, kind):
                for source, followed, follower in sorted(self.links):
                    if (source, followed) == (at, match_id):
                        self._send(source, followed, follower, "follow")
        elif kind in ("delete", "choose"):
            self._let_go(phone, match_id, number, kind)
            self.links = {link for link in self.links if link[:2] != (at, match_id)}
        elif at != other:
            if kind == "follow":
                self.links.add((at, match_id, other))
            self._send(at, match_id, other, kind)
        return self._broken()

    def _changed(self, phone: Phone, match_id: str, number: int, kind: str) -> bool:
        """A person records a round alone, takes the last one back, or ends
        the match early; whether it changed."""
        match = phone.store.load_match(match_id)
        if kind == "record":
            changed = play(match, 1, seed=number)
        elif kind == "end":
            ends = bool(match.rounds) and not match.is_over
            changed = match.end_early() if ends else match
        else:
            last = len(match.rounds) - 1
            changed = match.delete_round(last) if match.rounds else match
        if changed == match:
            return False
        phone.store.save_match(match_id, changed, base=match)
        phone.seen[match_id] = changed
        return True

    def _let_go(self, phone: Phone, match_id: str, number: int, kind: str) -> None:
        """A person deletes a match, or keeps one of two copies."""
        if kind == "choose":
            family = [match_id, *copies_of(match_id, phone.seen)]
            if len(family) < 2:
                return
            match_id = family[number % 2]
        phone.store.delete_match(match_id)
        del phone.seen[match_id]

    def _send(self, at: int, match_id: str, to: int, kind: str) -> None:
        """Phone `at` hands its match over by its code, or sends it to the
        phone `to` that follows it; `to` merges it."""
        source, phone = self.phones[at], self.phones[to]
        handed = decode_match(encode_match(source.store.load_stored(match_id)))
        key = (at, match_id)
        follows = phone.follows.get(key) if kind == "follow" else None
        if follows is not None and phone.seen.get(follows.copy_id) == follows.base:
            self._replaceable[(to, follows.copy_id)] = handed.match
        try:
            taken = phone.store.merge(handed, follows)
        except StoreError as error:
            self.outcomes[f"{kind}: refused ({error.code})"] += 1
            return
        self.outcomes[f"{kind}: {taken.outcome.value}"] += 1
        if kind == "follow":
            copy = phone.store.load_match(taken.match_id)
            phone.follows[key] = Followed(taken.match_id, copy)
        self._arrived.setdefault(to, []).append(handed.match)

    def _import(self, at: int, into: int) -> None:
        """Phone `into` imports the file phone `at` exported."""
        if at == into:
            return
        self.exports += 1
        path = self.scratch / f"export-{self.exports}.json"
        self.phones[at].store.export_all(path)
        result = self.phones[into].store.import_file(path)
        path.unlink()
        for name in ("added", "updated", "copied", "skipped"):
            self.outcomes[f"import: {name}"] += len(getattr(result, name))
        self._arrived[into] = list(self.phones[at].matches().values())

    def _broken(self) -> list[str]:
        broken: list[str] = []
        for n, phone in enumerate(self.phones):
            now = phone.matches()
            arrived = self._arrived.get(n, [])
            for match_id, match in now.items():
                if match == phone.seen.get(match_id):
                    continue  # Read back before, unchanged since.
                if Match.from_dict(match.to_dict()) != match:
                    broken.append(f"phone {n}: {match_id} is not one the engine reads")
            for match_id, before in phone.seen.items():
                host = self._replaceable.get((n, match_id))
                if match_id not in now:
                    broken.append(f"phone {n}: {match_id} lost, nobody deleted it")
                elif host is not None:
                    if now[match_id] not in (before, host):
                        broken.append(f"phone {n}: followed {match_id} not the host's")
                elif not extends(before, now[match_id]):
                    broken.append(f"phone {n}: {match_id} changed, not brought up")
            new = set(now) - set(phone.seen)
            if new and not arrived:
                broken.append(f"phone {n}: {sorted(new)} appeared from nowhere")
            for match in arrived:
                if not any(extends(match, kept) for kept in now.values()):
                    broken.append(f"phone {n}: what arrived is not kept")
            phone.seen = now
        return broken


def random_steps(rng: random.Random, most: int) -> list[Step]:
    """A sequence of 1 to `most` steps, at random."""
    return [
        (
            rng.choice(KINDS),
            rng.randrange(PHONES),
            rng.randrange(PHONES),
            rng.randrange(PICKS),
        )
        for _ in range(rng.randint(1, most))
    ]
