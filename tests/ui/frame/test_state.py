"""The session store, the new-match draft and the text the UI makes from data."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from companion.engine.errors import MatchError
from companion.engine.games import EndKind, Scoring
from companion.engine.match import Match
from companion.storage import Store, StoreError, StoreNotice
from companion.ui.frame import format as fmt
from companion.ui.frame.state import AppState
from companion.ui.new_match.match_draft import MatchDraft
from companion.words.i18n import get_translator


@pytest.fixture
def state() -> AppState:
    return AppState.load(Store.in_memory())


def test_saves_go_through_the_store_and_tell_other_sessions(state: AppState) -> None:
    told: list[str] = []
    state.tell_others_with(told.append)
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match_id = state.writes.add_match(match)
    assert match_id is not None
    played = match.record_round("Ada", {"Bo": {"8": 1}})
    assert state.save_match(match_id, played, base=match)
    assert state.load_match(match_id) == played
    assert told == [match_id, match_id]
    assert state.revision == 2


def test_a_save_that_moves_on_still_tells_others_but_redraws_nothing_here(
    state: AppState,
) -> None:
    told: list[str] = []
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match_id = state.writes.add_match(match)
    assert match_id is not None
    state.tell_others_with(told.append)
    before = state.revision
    played = match.record_round("Ada", {"Bo": {"8": 1}})
    assert state.save_match(match_id, played, base=match, rerender=False)
    assert state.load_match(match_id) == played
    assert told == [match_id]
    assert state.revision == before


def test_a_save_over_a_change_made_elsewhere_is_reported(state: AppState) -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match_id = state.writes.add_match(match)
    assert match_id is not None
    elsewhere = match.record_round("Bo", {"Ada": {"2": 1}})
    state.store.save_match(match_id, elsewhere)
    mine = match.record_round("Ada", {"Bo": {"K": 1}})
    assert not state.save_match(match_id, mine, base=match)
    assert state.load_match(match_id) == elsewhere
    assert [p.code for p in state.problems] == ["match-changed"]
    state.dismiss(0)
    assert state.problems == ()


class FailingStore:
    """A store whose disk is full: every save fails, nothing changes."""

    def __init__(self) -> None:
        self.inner = Store.in_memory()

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def save_match(self, match_id, match, base=None) -> None:
        raise StoreError("save-failed", reason="No space left on device")


def test_a_failed_save_becomes_a_visible_problem() -> None:
    store = FailingStore()
    state = AppState.load(store)  # type: ignore[arg-type]
    match = Match.new("uno", ["Ada", "Bo"])
    match_id = state.writes.add_match(match)
    assert match_id is not None
    assert not state.save_match(match_id, match.record_round("Ada", {"Bo": {"J": 1}}))
    assert state.problems[0].code == "save-failed"
    assert state.load_match(match_id) == match


def test_notices_from_opening_the_store_are_shown() -> None:
    store = Store.in_memory()
    store.notices.append(StoreNotice("index-repaired", {"matches": 2}))
    assert AppState.load(store).problems == (store.notices[0],)


def test_settings_are_remembered_for_every_session(state: AppState) -> None:
    state.settings.set_language("sv")
    state.settings.set_theme("dark")
    again = AppState.load(state.store)
    assert (again.lang, again.theme) == ("sv", "dark")
    assert again.language_chosen
    assert again.t.gettext("Record round") != "Record round"


def test_the_browsers_language_is_the_first_screens_until_one_is_chosen() -> None:
    store = Store.in_memory()
    assert AppState.load(store, languages=["fr", "nb-NO"]).lang == "nb"
    assert not AppState.load(store, languages=["nb-NO"]).language_chosen
    AppState.load(store).settings.set_language("es")
    assert AppState.load(store, languages=["nb-NO"]).lang == "es"


def test_a_new_match_draft_prefills_from_the_game() -> None:
    draft = MatchDraft.for_game("vandatta")
    assert (draft.end_kind, draft.end_text, draft.scoring) == (
        EndKind.ROUNDS,
        "5",
        Scoring.PENALTY,
    )
    draft = draft.add_player("Ada").add_player("Bo").add_player("Cy")
    assert draft.dealer == "Ada"
    draft = draft.move_up("Cy").set(dealer="Bo", end_text="3")
    match = draft.build()
    assert match.players == ("Ada", "Cy", "Bo")
    assert match.first_dealer == "Bo"
    assert match.settings.end.value == 3


def test_a_new_match_draft_refuses_bad_choices() -> None:
    draft = MatchDraft.for_game("crazy-eights").add_player("Ada")
    problem = draft.check()
    assert problem is not None and problem.code == "player-count"
    with pytest.raises(MatchError):
        draft.add_player("  ada ")
    problem = draft.add_player("Bo").set(end_text="").check()
    assert problem is not None and problem.code == "bad-limit"


def test_a_rematch_keeps_players_and_house_rules() -> None:
    first = Match.new(
        "crazy-eights", ["Ada", "Bo"], limit=150, values={"8": 25}, first_dealer="Bo"
    ).record_round("Ada", {"Bo": {"8": 1}})
    draft = MatchDraft.rematch(first)
    again = draft.build()
    assert again.players == first.players
    assert again.settings == first.settings
    # Bo dealt the only round: the deal moves on to Ada.
    assert again.first_dealer == "Ada"
    assert again.rounds == ()


def test_summary_text_is_the_standings_in_plain_text() -> None:
    t = get_translator("en")
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    match = match.record_round("Ada", {"Bo": {"8": 1}, "Cy": {"K": 1, "3": 1}})
    assert fmt.summary_text(t, match).splitlines() == [
        "Crazy Eights",
        "Round 2",
        "1. Ada: 0 points",
        "2. Cy: 13 points",
        "3. Bo: 50 points",
    ]
    over = match.record_round("Cy", {"Ada": {"2": 1}, "Bo": {"8": 1, "A": 1}})
    assert fmt.summary_text(t, over).splitlines()[1] == "Finished after 2 rounds"
    assert fmt.summary_text(t, over).splitlines()[-1] == "Ada wins!"


def test_settings_chosen_in_one_session_hold_in_the_next(state: AppState) -> None:
    state.settings.set_keep_awake(False)
    state.settings.set_theme("dark")
    state.settings.set_language("sv")
    later = AppState.load(state.store)
    assert (later.keep_awake, later.theme, later.lang) == (False, "dark", "sv")
    assert state.problems == ()


@pytest.mark.parametrize(
    ("count", "most"), [(1, 50), (7, 50), (50, 50), (51, 50), (200, 50)]
)
def test_the_chart_draws_at_most_its_limit_of_rounds_and_always_the_last(
    count: int, most: int
) -> None:
    from companion.ui.scoreboard.history import plotted_rounds

    drawn = plotted_rounds(count, most)
    assert drawn[-1] == count and len(drawn) <= most
    assert drawn == sorted(set(drawn)) and drawn[0] >= 1
    if count <= most:
        assert drawn == list(range(1, count + 1))


def test_the_table_can_choose_whether_reaching_the_limit_ends_the_match() -> None:
    from companion.engine.games import LimitRule

    draft = MatchDraft.for_game("crazy-eights").add_player("Ada").add_player("Bo")
    assert draft.effective_limit_rule is LimitRule.EXCEEDS
    assert draft.set(scoring=Scoring.WINNER_COLLECTS).effective_limit_rule is (
        LimitRule.REACHES
    )
    match = draft.set(limit_rule=LimitRule.REACHES).build()
    assert match.record_round("Ada", {"Bo": {"8": 2}}).is_over
    assert not draft.build().record_round("Ada", {"Bo": {"8": 2}}).is_over
    assert MatchDraft.rematch(match).limit_rule is LimitRule.REACHES


def test_new_matches_start_from_the_house_rules_last_used_at_that_game(
    state: AppState,
) -> None:
    played = Match.new("vandatta", ["Ada", "Bo"], rounds=3, values={"8": 25, "A": 15})
    assert state.writes.add_match(played) is not None
    draft = MatchDraft.for_game("vandatta", house=state.house_rules("vandatta"))
    assert (draft.end_kind, draft.end_text) == (EndKind.ROUNDS, "3")
    assert draft.values == {"8": "25", "A": "15"}
    built = draft.add_player("Cy").add_player("Di").build()
    assert built.settings.values["8"] == 25 and built.settings.end.value == 3
    fresh = MatchDraft.for_game("uno", house=state.house_rules("uno"))
    assert fresh.scoring is Scoring.WINNER_COLLECTS and fresh.values == {}
    damaged = MatchDraft.for_game("vandatta", house={"scoring": "most"})
    assert damaged.end_text == "5"


class SettingsRefusingStore(FailingStore):
    """A store that keeps matches but cannot write its settings file."""

    def save_match(self, match_id, match, base=None) -> None:
        self.inner.save_match(match_id, match, base=base)

    def update_settings(self, **changes) -> None:
        raise StoreError("save-failed", reason="No space left on device")


def test_a_started_match_opens_even_when_its_rules_cannot_be_remembered() -> None:
    state = AppState.load(SettingsRefusingStore())  # type: ignore[arg-type]
    match_id = state.writes.add_match(Match.new("uno", ["Ada", "Bo"]))
    assert match_id is not None
    assert state.load_match(match_id) == Match.new("uno", ["Ada", "Bo"])
    assert [p.code for p in state.problems] == ["save-failed"]


def test_a_match_of_a_users_game_starts_without_a_complaint(state: AppState) -> None:
    game = state.store.save_own_game(
        {
            "name": "Mau-Mau", "card_set": "regular",
            "faces": {"J": {"value": 20, "copies": 4}},
            "decks": 1, "scoring": "penalty",
            "end": {"kind": "rounds", "value": 2},
            "lowest_wins": True, "nobody_out": True,
            "min_players": 2, "max_players": 4,
        }
    )  # fmt: skip
    before = state.store.settings()
    match_id = state.writes.add_match(Match.new(game, ["Ada", "Bo"]))
    assert match_id is not None and state.problems == ()
    assert state.store.settings() == before
    assert fmt.match_title(get_translator("nb"), state.load_match(match_id)) == (
        "Mau-Mau"
    )


PARTS = {"access", "follow", "settings", "writes", "handover", "drafts"}


def test_a_session_is_made_of_its_parts_each_a_typed_field() -> None:
    # Mixed in, a part re-declared what it expected of the others, and mypy
    # took the word for it; as typed fields, a part missing is mypy's error.
    # (ft.observable makes AppState a subclass of Observable and of itself.)
    bases = [c.__name__ for c in AppState.__mro__]
    assert bases == ["AppState", "Observable", "AppState", "object"]
    hints = typing.get_type_hints(AppState)
    parts = {f.name for f in dataclasses.fields(AppState) if not f.init}
    assert parts == PARTS
    state = AppState.load(Store.in_memory())
    for name in parts:
        assert hints[name].__module__.startswith("companion.ui.frame.state_")
        assert isinstance(getattr(state, name), hints[name])


def test_a_change_made_through_a_part_re_renders_the_session() -> None:
    state = AppState.load(Store.in_memory())
    heard: list[str | None] = []

    def listen(_sender: object, name: str | None) -> None:
        heard.append(name)

    # Flet re-renders a screen when its observable state says a field changed;
    # the parts say it through AppState's fields.
    state.subscribe(listen)
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    assert state.writes.add_match(match) is not None
    state.settings.set_theme("dark")
    state.handover.hand_in("not a link")
    state.access.new_join_code()
    assert not state.writes.save_match("no-such-match", match)
    assert heard == ["revision", "theme", "handed", "revision", "problems", "revision"]
    assert state.revision == 3 and state.theme == "dark"
    assert isinstance(state.handed, StoreError) and state.problems
