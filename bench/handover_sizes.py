"""Hand-over sizes: the QR version and link length of a match handed over (issue 42).

Run: PYTHONPATH=$PWD python bench/handover_sizes.py [--site URL] [--seed N] [--tiny]
--tiny: 2 and 6 players x 10 and 30 rounds; the longest match for version 15 only.
No browser: the match code (storage/match_code.py) and the QR code segno makes
of the link at level L (storage/match_link.py), for 2/4/6 players x 10/30/60
rounds of each game and an own game, with random hands: each player left holds
1 to --most-cards cards dealt from a shuffled deck (a round in five played on
for places where the game allows it). The floor is what the issue measured
against: the match's JSON (Match.to_dict) deflated and in base64, one byte-mode
segment. Then the longest match of each game that fits version 15, 18 (the
largest shown), 20 and 25 at level L, and what happens past largest_version()
(the link alone). Last, what the rounds' origins (issue 52 §5, code version 2)
add: the same matches of Crazy Eights with every round recorded on one of
1 to 3 phones (named), 2 to 6 minutes apart, in digits a round and QR version.
Target (issue 42): 30 rounds at 6 players of Crazy Eights in version 15 or
lower at level L.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import zlib
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import segno
from harness import at_most, tiny_flag

from companion.engine.game_definitions import define_game
from companion.engine.match import Match
from companion.engine.origins import Origin
from companion.storage.match_code import encode_match
from companion.storage.match_link import handover_qr, largest_version, match_link
from companion.storage.records import StoredMatch

NAMES = ["Ada", "Bo", "Åse", "Cyrus", "Dagny", "Eirik"]
WHEN = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
OWN_GAME = define_game(
    {
        "id": "own-5eed1234",
        "name": "Mau-Mau",
        "card_set": "regular",
        "faces": {
            face: {"value": value, "copies": 4}
            for face, value in {
                "A": 11,
                "7": 7,
                "8": 8,
                "9": 9,
                "10": 10,
                "J": 2,
                "Q": 3,
                "K": 4,
            }.items()
        },
        "decks": 2,
        "scoring": "penalty",
        "end": {"kind": "limit", "value": 100_000, "rule": "exceeds"},
        "lowest_wins": True,
        "nobody_out": False,
        "min_players": 2,
        "max_players": 6,
    }
)
TARGET_NAME = "QR version of 30 rounds, 6 players of Crazy Eights (level L)"
GAMES: dict[str, Callable[[list[str]], Match]] = {
    "crazy-eights": lambda names: Match.new("crazy-eights", names, limit=100_000),
    "vandatta": lambda names: Match.new("vandatta", names, rounds=1000),
    "uno, regular": lambda names: Match.new(
        "uno", names, limit=100_000, card_set="regular"
    ),
    "uno, uno cards": lambda names: Match.new(
        "uno", names, limit=100_000, card_set="uno-cards"
    ),
    "own game": lambda names: Match.new(OWN_GAME, names),
}


def played(game: str, players: int, rounds: int, seed: int, most_cards: int) -> Match:
    """A match of `rounds` random rounds (the same first rounds for any count)."""
    rng = random.Random(seed)
    names = NAMES[:players]
    match = GAMES[game](names)
    for _ in range(rounds):
        deck = [
            face
            for face, copies in match.settings.deck_limits(match.game).items()
            for _ in range(copies)
        ]
        rng.shuffle(deck)
        out = rng.choice(names)
        places = None
        if match.game.allows_playing_on and players > 2 and rng.random() < 0.2:
            others = [name for name in names if name != out]
            places = [out, *rng.sample(others, players - 2)]
        hands: dict[str, dict[str, int]] = {}
        for name in names:
            if name == out or name in (places or []):
                continue
            hand: dict[str, int] = {}
            for _ in range(rng.randint(1, most_cards)):
                face = deck.pop()
                hand[face] = hand.get(face, 0) + 1
            hands[name] = hand
        match = match.record_round(out, hands, places=places)
    return match


PHONES = [("a1b2c3d4", "Ada"), ("0f0f0f0f", "Åse"), ("5eed5eed", "")]


def with_origins(match: Match, phones: int, seed: int) -> Match:
    """`match` with each round recorded on one of `phones` phones, 2 to 6
    minutes after the last (as an evening's rounds are)."""
    rng = random.Random(seed)
    at = int(WHEN.timestamp())
    rounds = []
    for played_round in match.rounds:
        at += rng.randint(120, 360)
        phone, name = PHONES[rng.randrange(phones)]
        rounds.append(replace(played_round, origin=Origin(phone, at, name)))
    return replace(match, rounds=tuple(rounds))


def origin_costs(site: str, args: argparse.Namespace) -> None:
    """What the rounds' origins add to a code, by phones and rounds."""
    print(
        "\nrounds' origins (code version 2), Crazy Eights, 6 players:\n"
        f"{'phones':>6}{'rounds':>7}{'digits':>8}{'with':>7}"
        f"{'a round':>8}{'QR (L)':>7}{'with':>6}"
    )
    for phones in (1, 3):
        for rounds in (10, 30, 60):
            match = played("crazy-eights", 6, rounds, args.seed, args.most_cards)
            bare, said = (
                measured(site, match),
                measured(site, with_origins(match, phones, args.seed)),
            )
            grown = (int(str(said["digits"])) - int(str(bare["digits"]))) / rounds
            print(
                f"{phones:>6}{rounds:>7}{bare['digits']:>8}{said['digits']:>7}"
                f"{grown:>8.1f}{bare['version']:>7}{said['version']:>6}"
            )


def measured(site: str, match: Match) -> dict[str, object]:
    """The code's figures for one match, and the JSON floor's."""
    stored = StoredMatch("5eed0000c0de", WHEN, None, match)
    link = match_link(site, stored)
    code = handover_qr(link, most=40)
    floor_text = json.dumps(match.to_dict(), ensure_ascii=False).encode()
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    floor = base64.urlsafe_b64encode(packer.compress(floor_text) + packer.flush())
    floor_link = f"{site}#m={floor.decode()}"
    try:
        floor_version: object = segno.make(floor_link, error="l").version
    except segno.DataOverflowError:
        floor_version = ">40"
    return {
        "digits": len(encode_match(stored)),
        "link": len(link),
        "version": code.version if code else ">40",
        "floor": floor_version,
        "floor_link": len(floor_link),
    }


def fits(site: str, match: Match, version: int) -> bool:
    link = match_link(site, StoredMatch("5eed0000c0de", WHEN, None, match))
    return handover_qr(link, most=version) is not None


def longest_fitting(site: str, game: str, players: int, version: int, args) -> int:
    """The most rounds whose link fits `version` at level L (a binary search:
    more rounds of the same seed never make a shorter code)."""
    low, high = 0, 1000
    while low < high:
        middle = (low + high + 1) // 2
        match = played(game, players, middle, args.seed, args.most_cards)
        if fits(site, match, version):
            low = middle
        else:
            high = middle - 1
    return low


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site", default="https://ada-lovelace.github.io/card-table-companion/"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--most-cards", type=int, default=7)
    args = tiny_flag(parser).parse_args()
    players_rounds = ((2, 6), (10, 30)) if args.tiny else ((2, 4, 6), (10, 30, 60))
    print(f"site: {args.site} ({len(args.site)} chars), hands of 1-{args.most_cards}")
    print(
        f"{'game':<16}{'players':>8}{'rounds':>7}{'digits':>8}{'link':>7}"
        f"{'QR (L)':>7}{'floor QR':>10}{'floor link':>11}"
    )
    for game in GAMES:
        for players in players_rounds[0]:
            for rounds in players_rounds[1]:
                match = played(game, players, rounds, args.seed, args.most_cards)
                row = measured(args.site, match)
                print(
                    f"{game:<16}{players:>8}{rounds:>7}{row['digits']:>8}"
                    f"{row['link']:>7}{row['version']:>7}"
                    f"{row['floor']:>10}{row['floor_link']:>11}"
                )
    origin_costs(args.site, args)
    # Every round a phone records now says where: the target is met with them.
    evening = played("crazy-eights", 6, 30, args.seed, 7)
    target = measured(args.site, with_origins(evening, 3, args.seed))
    # Past version 40 no QR code holds the link: 41 stands for that.
    version = target["version"] if isinstance(target["version"], int) else 41
    verdict = "PASS" if at_most(TARGET_NAME, version, "", 15) else "MISS"
    print(
        f"\n{verdict}: 30 rounds, 6 players of Crazy Eights, 3 phones' rounds: "
        f"version {target['version']} (target <= 15 at L)"
    )
    print(
        "\nlongest match that fits (rounds), level L; one code is shown up to "
        f"version {largest_version()}, past it the link alone:"
    )
    versions = [15] if args.tiny else sorted({15, largest_version(), 20, 25})
    print(f"{'game':<16}{'players':>8}" + "".join(f"{f'v{v}':>6}" for v in versions))
    for game in GAMES:
        for players in (4, 6):
            most = [
                longest_fitting(args.site, game, players, v, args) for v in versions
            ]
            print(f"{game:<16}{players:>8}" + "".join(f"{n:>6}" for n in most))


if __name__ == "__main__":
    main()
