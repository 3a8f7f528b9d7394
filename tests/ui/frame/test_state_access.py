"""A session's access to a shared table: viewers change nothing, guests' settings stay
theirs, only the host hands out codes and rights."""

from __future__ import annotations

from pathlib import Path

from companion.access.sharing import TABLE_LIMITS, Guest, Role, ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.transfer import MAX_IMPORT_BYTES
from companion.ui.frame import format as fmt
from companion.ui.frame.state import AppState
from companion.words.i18n import get_translator
from companion.words.messages import error_message

HOST_IP = "127.0.0.1"
PHONE_IP = "198.51.100.7"


def _guest(store: Store, gate: ShareGate, session_id: str = "phone") -> AppState:
    state = AppState.load(store, gate, session_id=session_id, client_ip=PHONE_IP)
    assert state.access.join("123 456", "Bo") is None
    return state


def _announcements(state: AppState) -> list[str]:
    """What `state` announces to the other sessions, as it happens."""
    told: list[str] = []
    state.access.tell_access_changes_with(lambda: told.append("share-changed"))
    return told


def _snapshot(store: Store) -> tuple[object, ...]:
    """Everything a write could change, to compare before and after."""
    matches = [(s.id, store.load_match(s.id)) for s in store.list_matches()]
    return (matches, store.players(), store.settings())


def test_a_viewer_changes_nothing_and_is_told_why(
    store: Store, gate: ShareGate, host: AppState, tmp_path: Path
) -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match_id = host.writes.add_match(match)
    assert match_id is not None
    export = tmp_path / "other.json"
    other = Store.in_memory()
    other.add_match(Match.new("uno", ["Cy", "Di"]))
    other.export_all(export)
    viewer = _guest(store, gate)
    assert viewer.role is Role.VIEWER and not viewer.can_change
    before = _snapshot(store)

    assert viewer.writes.add_match(Match.new("uno", ["Ada", "Bo"])) is None
    played = match.record_round("Ada", {"Bo": {"8": 1}})
    assert not viewer.save_match(match_id, played, base=match)
    assert not viewer.writes.rename_player("Ada", "Ann")
    assert not viewer.writes.hide_player("Bo", True)
    assert viewer.writes.import_file(export) is None
    viewer.settings.set_language("es")  # a guest's own choice: allowed, never stored

    assert _snapshot(store) == before
    assert [p.code for p in viewer.problems] == ["view-only"] * 5
    assert host.problems == ()


def test_a_session_that_has_not_joined_is_locked_out(
    store: Store, gate: ShareGate
) -> None:
    stranger = AppState.load(store, gate, session_id="s", client_ip=PHONE_IP)
    assert stranger.role is Role.LOCKED
    assert stranger.writes.add_match(Match.new("uno", ["Ada", "Bo"])) is None
    assert store.list_matches() == []
    refused = stranger.access.join("654 321")
    assert refused is not None and refused.code == "join-code-wrong"
    assert refused.params == {"attempts_left": 4}
    refused = stranger.access.join("12 34")
    assert refused is not None and refused.code == "join-code-format"
    assert stranger.role is Role.LOCKED
    assert stranger.access.join("123456") is None
    assert stranger.role is Role.VIEWER


def test_a_phone_the_host_lets_record_records(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    phone = _guest(store, gate)
    host.let_record("phone", True)
    assert phone.role is Role.RECORDER and phone.can_change
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match_id = phone.writes.add_match(match)
    assert match_id is not None
    played = match.record_round("Bo", {"Ada": {"K": 1}})
    assert phone.save_match(match_id, played, base=match)
    edited = played.edit_round(0, "Ada", {"Bo": {"8": 1}})
    assert phone.save_match(match_id, edited, base=played)
    assert phone.save_match(match_id, edited.delete_round(0), base=edited)
    assert store.load_match(match_id).rounds == ()
    rematch = phone.writes.add_match(Match.new("crazy-eights", ["Bo", "Ada"]))
    assert rematch is not None
    # The match left empty for the rematch is gone: nothing in it to keep.
    assert [s.id for s in store.list_matches()] == [rematch]
    assert phone.problems == ()

    host.let_record("phone", False)
    assert phone.role is Role.VIEWER
    assert not phone.writes.hide_player("Bo", True)


def test_a_recorder_gets_nothing_but_recording_and_the_data_stays(
    store: Store, gate: ShareGate, host: AppState, tmp_path: Path
) -> None:
    host.writes.add_match(Match.new("uno", ["Ada", "Bo"]))
    host.settings.set_language("sv")
    export = tmp_path / "other.json"
    other = Store.in_memory()
    other.add_match(Match.new("crazy-eights", ["Cy", "Di"]))
    other.update_settings(language="es", theme="dark")
    other.export_all(export)
    phone = _guest(store, gate)
    host.let_record("phone", True)
    assert phone.role is Role.RECORDER and not phone.is_host
    before = _snapshot(store)

    assert phone.writes.import_file(export) is None
    assert phone.writes.export_all(tmp_path / "taken.json") is None
    assert not phone.writes.rename_player("Ada", "Ann")
    assert not phone.writes.hide_player("Bo", True)
    phone.access.new_join_code()
    phone.let_record("phone", False)
    phone.settings.set_language("es")
    phone.settings.set_theme("dark")

    assert _snapshot(store) == before
    assert not (tmp_path / "taken.json").exists()
    assert [p.code for p in phone.problems] == ["host-only"] * 6
    assert phone.role is Role.RECORDER and gate.code == "123456"
    # Its own match is stored; the host's remembered game and rules are not its.
    assert phone.writes.add_match(Match.new("crazy-eights", ["Ada", "Bo"], limit=150))
    settings = store.settings()
    assert settings["last_game"] == "uno"
    assert "crazy-eights" not in settings["house_rules"]


def test_guests_settings_are_their_own_and_never_stored(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    host.settings.set_language("sv")
    host.settings.set_theme("dark")
    phone = _guest(store, gate)
    # The stored choices are the host's: a guest starts from its own defaults.
    assert (phone.lang, phone.theme, phone.keep_awake) == ("en", "system", True)
    assert not phone.language_chosen
    host.let_record("phone", True)
    phone.settings.set_language("es")
    phone.settings.set_theme("light")
    phone.settings.set_keep_awake(False)
    assert (phone.lang, phone.theme, phone.keep_awake) == ("es", "light", False)
    settings = store.settings()
    assert (settings["language"], settings["theme"]) == ("sv", "dark")
    assert settings["keep_awake"] is True
    again = AppState.load(store, gate, session_id="host2", client_ip="::1")
    assert (again.lang, again.theme, again.keep_awake) == ("sv", "dark", True)
    assert phone.problems == ()


def test_only_the_host_hands_out_codes_and_rights(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    phone = _guest(store, gate)
    phone.let_record("phone", True)
    phone.access.new_join_code()
    assert phone.role is Role.VIEWER
    assert gate.code == "123456"
    assert [p.code for p in phone.problems] == ["view-only", "view-only"]

    told = _announcements(host)
    host.access.new_join_code()
    assert gate.code == "654321"
    assert phone.role is Role.LOCKED
    assert told == ["share-changed"]
    host.let_record("phone", True)
    assert [p.code for p in host.problems] == ["guest-gone"]


def test_too_many_wrong_codes_from_many_phones_tell_the_host(store: Store) -> None:
    codes = iter(["123456", "654321"])
    gate = ShareGate(True, new_code=lambda: next(codes))
    host = AppState.load(store, gate, session_id="host", client_ip=HOST_IP)
    told = _announcements(host)
    (_, limit), _ = TABLE_LIMITS
    errors = []
    for n in range(limit):
        phone = AppState.load(
            store, gate, session_id=f"s{n}", client_ip=f"2001:db8::{n + 1:x}"
        )
        phone.access.tell_access_changes_with(lambda: told.append("share-changed"))
        errors.append(phone.access.join("000000"))
    assert [e.code for e in errors if e] == ["join-code-wrong"] * (limit - 1) + [
        "join-rate-limited"
    ]
    # Only the wrong code that replaced the code is news for the host's screen.
    assert told == ["share-changed"]
    assert gate.code == "654321"


def test_a_guest_that_leaves_drops_off_the_hosts_list(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    phone = _guest(store, gate)
    told = _announcements(phone)
    assert [g.session_id for g in gate.guests()] == ["phone"]
    phone.access.leave()
    assert gate.guests() == () and phone.role is Role.LOCKED and told
    host.access.leave()
    assert host.role is Role.HOST


def test_a_guest_whose_browser_goes_away_is_marked_and_announced_once(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    phone = _guest(store, gate)
    told = _announcements(phone)
    phone.access.set_away(True)
    phone.access.set_away(True)
    assert gate.guests()[0].away and told == ["share-changed"]
    assert phone.role is Role.VIEWER
    phone.access.set_away(False)
    assert not gate.guests()[0].away and len(told) == 2
    host.access.set_away(True)  # the host is no guest: nothing to mark or announce
    assert len(told) == 2


def test_without_sharing_every_session_is_the_host(store: Store) -> None:
    state = AppState.load(store, session_id="x", client_ip=PHONE_IP)
    assert state.role is Role.HOST
    assert state.writes.add_match(Match.new("uno", ["Ada", "Bo"])) is not None


def test_the_join_code_and_guests_as_shown() -> None:
    t = get_translator("es")
    assert fmt.join_code_spoken("012345") == "0 1 2 3 4 5"
    named = Guest("s1", "Bo", PHONE_IP, 1, can_record=False)
    unnamed = Guest("s2", "", PHONE_IP, 3, can_record=False)
    assert fmt.guest_label(t, named) == "Bo"
    assert fmt.guest_label(get_translator("en"), unnamed) == "Guest 3"
    spanish = fmt.guest_label(t, unnamed)
    assert "3" in spanish and spanish != "Guest 3"


def test_a_name_given_on_joining_meets_the_name_rules(
    store: Store, gate: ShareGate
) -> None:
    phone = AppState.load(store, gate, session_id="s", client_ip=PHONE_IP)
    refused = phone.access.join("123 456", "Kari\u202e")
    assert refused is not None and refused.code == "hidden-character"
    assert phone.role is Role.LOCKED
    assert phone.access.join("123 456", "  Kari   Nordmann ") is None
    assert [g.name for g in gate.guests()] == ["Kari Nordmann"]
    other = AppState.load(store, gate, session_id="t", client_ip="198.51.100.8")
    refused = other.access.join("123 456", "KARI NORDMANN")
    assert refused is not None and refused.code == "guest-name-taken"
    assert other.role is Role.LOCKED


class ReadOnlyFolder:
    """The host's store once its data folder refuses writes: saves fail, naming it."""

    def __init__(self, store: Store, folder: str) -> None:
        self.inner = store
        self.folder = folder

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def save_match(self, match_id, match, base=None) -> None:
        raise StoreError("read-only-directory", path=self.folder)


def test_a_recorders_failed_save_never_names_the_hosts_data_folder(
    store: Store, gate: ShareGate
) -> None:
    folder = "/home/host/.local/share/card-table-companion"
    failing = ReadOnlyFolder(store, folder)
    host = AppState.load(failing, gate, session_id="host", client_ip=HOST_IP)  # type: ignore[arg-type]
    match = Match.new("crazy-eights", ["Ada", "Bo"])
    match_id = host.writes.add_match(match)
    assert match_id is not None
    phone = _guest(failing, gate)  # type: ignore[arg-type]
    host.let_record("phone", True)
    played = match.record_round("Bo", {"Ada": {"K": 1}})
    t = get_translator("en")

    assert not phone.save_match(match_id, played, base=match)
    told = [error_message(t, problem) for problem in phone.problems]
    assert told == [
        "The host's device could not save this. Nothing was changed: tell the host."
    ]
    assert not host.save_match(match_id, played, base=match)
    assert folder in error_message(t, host.problems[0])
    assert store.load_match(match_id) == match


def test_only_the_host_may_send_an_import_and_only_within_the_size_limit(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    assert host.writes.may_import("club.json", MAX_IMPORT_BYTES)
    assert not host.writes.may_import("club.json", MAX_IMPORT_BYTES + 1)
    assert [(p.code, p.params["path"]) for p in host.problems] == [
        ("import-too-large", "club.json")
    ]
    phone = _guest(store, gate)
    host.let_record("phone", True)
    assert not phone.writes.may_import("club.json", 10)
    assert [p.code for p in phone.problems] == ["host-only"]


def test_only_the_host_ends_or_deletes_a_match_and_undo_puts_it_back(
    store: Store, gate: ShareGate, host: AppState
) -> None:
    match = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
        "Bo", {"Ada": {"K": 1}}
    )
    match_id = store.add_match(match)
    phone = _guest(store, gate)
    host.let_record("phone", True)
    assert phone.can_change and not phone.is_host
    before = _snapshot(store)
    # What a recorder's browser could send for the host's buttons, refused here.
    assert phone.writes.end_match(match_id, match) is None
    assert phone.writes.delete_match(match_id) is None
    assert phone.writes.restore_match(store.load_stored(match_id)) is False
    assert _snapshot(store) == before
    assert [p.code for p in phone.problems] == ["host-only"] * 3

    ended = host.writes.end_match(match_id, match)
    assert ended is not None and store.load_match(match_id).winners == ["Bo"]
    deleted = host.writes.delete_match(match_id)
    assert deleted is not None and store.list_matches() == []
    assert host.writes.restore_match(deleted)
    assert store.load_stored(match_id) == deleted
    assert host.problems == ()
