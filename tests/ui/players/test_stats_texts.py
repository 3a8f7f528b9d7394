"""What the stats screens say: per game, in the reader's language and numbers."""

from datetime import UTC, datetime

from companion.engine.game_definitions import define_game
from companion.storage.stats import (
    Feat,
    GameKey,
    HeadToHead,
    PlayerGameStats,
    Ranked,
)
from companion.ui.players import stats_texts as texts
from companion.words.i18n import get_translator

EN, NB = get_translator("en"), get_translator("nb")
VANDATTA = GameKey("vandatta", True)


def stats(key: GameKey = VANDATTA, **changes: object) -> PlayerGameStats:
    figures = {
        "player": "Ada",
        "key": key,
        "matches": 3,
        "wins": 2,
        "shared_wins": 1,
        "rounds": 6,
        "points": 7,
        "best_round": 0,
        "worst_round": 5,
        "current_streak": 2,
        "longest_streak": 2,
        "last_played": datetime(2026, 3, 4, 12, tzinfo=UTC),
    }
    return PlayerGameStats(**(figures | changes))  # type: ignore[arg-type]


def test_a_headline_names_the_game_wins_and_rate() -> None:
    assert texts.headline(EN, stats(), {}) == "Vändåtta: 2 of 3 matches won (67%)"
    one = stats(matches=1, wins=1)
    assert texts.headline(EN, one, {}) == "Vändåtta: 1 of 1 match won (100%)"


def test_a_game_under_another_scoring_than_usual_says_so() -> None:
    collect = GameKey("crazy-eights", False)
    assert texts.game_label(EN, collect, {}) == "Crazy Eights (Winner collects)"
    assert texts.game_label(EN, GameKey("crazy-eights", True), {}) == "Crazy Eights"


def test_a_users_game_is_named_as_its_maker_named_it() -> None:
    family = define_game(
        {
            "id": "own-family",
            "name": "Family Eights",
            "card_set": "regular",
            "faces": {"8": {"value": 25, "copies": 4}, "2": {"value": 2, "copies": 4}},
            "decks": 1,
            "scoring": "penalty",
            "end": {"kind": "limit", "value": 50, "rule": "exceeds"},
            "lowest_wins": True,
            "nobody_out": True,
            "min_players": 2,
            "max_players": 4,
        }  # fmt: skip
    )
    key = GameKey(family.id, True)
    own = {family.id: family}
    assert (
        texts.headline(EN, stats(key), own) == "Family Eights: 2 of 3 matches won (67%)"
    )
    # Deleted since: its id is all that is left, and nothing fails.
    assert texts.game_label(EN, key, {}) == "own-family"


def test_the_figures_table_uses_local_numbers_and_dates() -> None:
    rows = dict(texts.figure_rows(NB, stats()))
    assert rows[NB.gettext("Points per round")] == "1,2"
    assert rows[NB.gettext("Win rate")] == "67\xa0%"
    assert rows[NB.gettext("Wins")].startswith("2 (1 ")
    assert rows[NB.gettext("Last played")] == NB.date(datetime(2026, 3, 4).date())
    english = dict(texts.figure_rows(EN, stats(best_round=None, rounds=0)))
    assert english["Best round"] == "–" and english["Points per round"] == "–"


def test_head_to_head_and_records_read_as_sentences() -> None:
    feat = Feat(2, ("Ada", "Bo"), "abc", datetime(2026, 3, 4, 12, tzinfo=UTC))
    assert texts.most_wins_text(EN, feat) == (
        "Most wins: Ada and Bo, 2 wins · last Mar 4, 2026"
    )
    assert texts.longest_match_text(EN, feat).startswith("Longest match: 2 rounds")


def test_a_players_route_keeps_any_name() -> None:
    for name in ("Ada", "Åse Ødegård", "Bo/Cy?", "50% Jo"):
        route = texts.player_route(name)
        assert route.count("/") == 2
        assert texts.player_from_route(route.rsplit("/", 1)[1]) == name


SV, ES = get_translator("sv"), get_translator("es")


def test_head_to_head_in_plain_words_with_plurals_in_four_languages() -> None:
    three_one = HeadToHead("Far", together=4, ahead=3, behind=1)
    assert texts.head_to_head_line(EN, "Mor", three_one) == (
        "Mor has beaten Far 3 times, Far has beaten Mor once"
    )
    assert texts.head_to_head_line(NB, "Mor", three_one) == (
        "Mor har slått Far 3 ganger, Far har slått Mor 1 gang"
    )
    assert texts.head_to_head_line(SV, "Mor", three_one) == (
        "Mor har slagit Far 3 gånger, Far har slagit Mor 1 gång"
    )
    assert texts.head_to_head_line(ES, "Mor", three_one) == (
        "Mor ha ganado a Far 3 veces, Far ha ganado a Mor 1 vez"
    )


def test_head_to_head_never_and_level() -> None:
    never = HeadToHead("Far", together=4, ahead=0, behind=2)
    assert never.level == 2
    assert texts.head_to_head_line(EN, "Mor", never) == (
        "Mor has never beaten Far, Far has beaten Mor 2 times; level 2 times"
    )
    assert texts.head_to_head_line(NB, "Mor", never) == (
        "Mor har aldri slått Far, Far har slått Mor 2 ganger; uavgjort 2 ganger"
    )
    once = HeadToHead("Far", together=2, ahead=1, behind=0)
    assert texts.head_to_head_line(SV, "Mor", once) == (
        "Mor har slagit Far 1 gång, Far har aldrig slagit Mor; oavgjort 1 gång"
    )
    assert texts.head_to_head_line(ES, "Mor", once) == (
        "Mor ha ganado a Far 1 vez, Far nunca ha ganado a Mor; empate 1 vez"
    )
    assert texts.head_to_head_line(EN, "Mor", once).endswith("; level once")


def test_a_leaderboard_row_is_named_by_the_player_first() -> None:
    line = Ranked("Ada", place=1, matches=4, wins=3, rounds=10, points=123)
    assert texts.ranked_label(EN, line) == (
        "Ada, place 1: 3 of 4 matches won (75%) · 12.3 points per round"
    )
    assert texts.ranked_label(NB, line).startswith("Ada, plass 1: vunnet 3 av 4")
    no_round = Ranked("Bo", place=2, matches=1, wins=0, rounds=0, points=0)
    assert texts.ranked_figures(EN, no_round) == "0 of 1 match won (0%)"


def test_points_per_round_take_the_plural_form_of_the_figure_shown() -> None:
    es = get_translator("es")
    one = Ranked("Ada", place=1, matches=1, wins=1, rounds=2, points=2)
    assert texts.ranked_figures(EN, one).endswith(" · 1 point per round")
    assert texts.ranked_figures(es, one).endswith(" · 1 punto por ronda")
    half = Ranked("Ada", place=1, matches=1, wins=1, rounds=2, points=3)
    assert texts.ranked_figures(EN, half).endswith(" · 1.5 points per round")
    assert texts.ranked_figures(es, half).endswith(" · 1,5 puntos por ronda")
    # 0.96 is shown as 1: the form follows what is shown.
    near = Ranked("Ada", place=1, matches=1, wins=1, rounds=25, points=24)
    assert texts.ranked_figures(EN, near).endswith(" · 1 point per round")
