"""The share gate: the join code, roles, wrong tries and their lockouts, guests."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator

import pytest

from companion.access.sharing import (
    FAILURE_WINDOW,
    FIRST_WAIT,
    FORGET_AFTER,
    MAX_FAILURES,
    MAX_PHONES,
    MAX_WAIT,
    TABLE_LIMITS,
    AccessError,
    Guest,
    Role,
    ShareGate,
    is_loopback_client,
    new_join_code,
    phone_address,
    spaced_join_code,
)

CODE = "482913"
PHONE = "192.168.1.41"
OTHER_PHONE = "192.168.1.42"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def gate(clock: Clock) -> ShareGate:
    codes: Iterator[str] = itertools.chain([CODE], (f"{n:06d}" for n in range(1, 99)))
    return ShareGate(True, clock=clock, new_code=lambda: next(codes))


def refused(call) -> AccessError:
    with pytest.raises(AccessError) as caught:
        call()
    return caught.value


def test_a_join_code_is_six_random_digits():
    codes = [new_join_code() for _ in range(200)]
    assert all(len(code) == 6 and code.isdigit() for code in codes)
    assert len(set(codes)) > 190


def test_each_shared_gate_gets_its_own_code():
    codes = [ShareGate(True).code for _ in range(20)]
    assert all(len(code) == 6 and code.isdigit() for code in codes)
    assert len(set(codes)) > 15


def test_the_code_is_shown_in_two_groups_and_typed_either_way(gate: ShareGate):
    assert spaced_join_code(CODE) == "482 913"
    guest = gate.join("s1", PHONE, " 482 913 ")
    assert guest.number == 1


def test_without_sharing_everyone_is_the_host():
    gate = ShareGate(False)
    assert gate.code == ""
    assert gate.role("any", PHONE) is Role.HOST
    gate.check_change("any", PHONE)


@pytest.mark.parametrize(
    ("client_ip", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.3.4.5", True),
        ("::1", True),
        ("::ffff:127.0.0.1", True),
        ("192.168.1.41", False),
        ("::ffff:192.168.1.41", False),
        ("fe80::1", False),
        ("", False),
        (None, False),
        ("localhost", False),
        ("not an address", False),
    ],
)
def test_only_loopback_clients_are_this_computer(client_ip, loopback):
    assert is_loopback_client(client_ip) is loopback


def test_a_loopback_client_is_the_host_without_joining(gate: ShareGate):
    assert gate.role("s1", "127.0.0.1") is Role.HOST
    assert gate.role("s2", "::1") is Role.HOST
    gate.check_change("s1", "127.0.0.1")


def test_an_unknown_client_is_locked_and_sees_nothing(gate: ShareGate):
    role = gate.role("s1", PHONE)
    assert role is Role.LOCKED
    assert not role.can_see and not role.can_change
    assert refused(lambda: gate.check_change("s1", PHONE)).code == "view-only"


def test_the_right_code_makes_a_viewer(gate: ShareGate):
    guest = gate.join("s1", PHONE, CODE, name="  Kari ")
    assert guest == Guest("s1", "Kari", PHONE, 1, can_record=False)
    role = gate.role("s1", PHONE)
    assert role is Role.VIEWER and role.can_see and not role.can_change
    assert refused(lambda: gate.check_change("s1", PHONE)).code == "view-only"
    assert gate.guests() == (guest,)


def test_joining_twice_keeps_the_same_guest(gate: ShareGate):
    first = gate.join("s1", PHONE, CODE)
    assert gate.join("s1", PHONE, CODE) == first
    assert len(gate.guests()) == 1


def test_guests_are_numbered_in_join_order(gate: ShareGate):
    gate.join("s1", PHONE, CODE)
    gate.join("s2", OTHER_PHONE, CODE, name="Bo")
    assert [(g.session_id, g.number, g.name) for g in gate.guests()] == [
        ("s1", 1, ""),
        ("s2", 2, "Bo"),
    ]


def test_a_guest_seen_from_another_address_must_join_again(gate: ShareGate):
    gate.join("s1", PHONE, CODE)
    gate.set_can_record("s1", True)
    assert gate.role("s1", OTHER_PHONE) is Role.LOCKED
    again = gate.join("s1", OTHER_PHONE, CODE)
    assert again.number == 1 and not again.can_record


def test_a_wrong_code_counts_down_the_tries_left(gate: ShareGate):
    left = [
        refused(lambda: gate.join("s1", PHONE, "000000")).params["attempts_left"]
        for _ in range(MAX_FAILURES - 1)
    ]
    assert left == [4, 3, 2, 1]
    assert gate.role("s1", PHONE) is Role.LOCKED


def _fail(gate: ShareGate, times: int, ip: str = PHONE) -> AccessError:
    for _ in range(times - 1):
        refused(lambda: gate.join("s1", ip, "111111"))
    return refused(lambda: gate.join("s1", ip, "111111"))


def test_five_wrong_codes_in_a_minute_lock_out_for_a_minute(gate, clock):
    error = _fail(gate, MAX_FAILURES)
    assert error.code == "join-rate-limited"
    assert error.params == {"seconds": 60}
    clock.now += 59.5
    locked = refused(lambda: gate.join("s1", PHONE, CODE))
    assert locked.code == "join-rate-limited"
    assert locked.params == {"seconds": 1}
    clock.now += 0.5
    assert gate.join("s1", PHONE, CODE).number == 1


def test_each_further_lockout_doubles_the_wait_up_to_an_hour(gate, clock):
    waits = []
    for _ in range(9):
        waits.append(_fail(gate, MAX_FAILURES).params["seconds"])
        clock.now += waits[-1]
    assert waits == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]
    assert FIRST_WAIT == 60 and MAX_WAIT == 3600


def test_a_client_quiet_for_an_hour_starts_again_from_the_first_wait(gate, clock):
    assert _fail(gate, MAX_FAILURES).params == {"seconds": 60}
    clock.now += 60 + FORGET_AFTER - 1
    assert _fail(gate, MAX_FAILURES).params == {"seconds": 120}  # not quiet enough
    clock.now += 120 + FORGET_AFTER
    assert _fail(gate, MAX_FAILURES).params == {"seconds": 60}


def test_while_locked_even_the_right_code_is_refused(gate, clock):
    _fail(gate, MAX_FAILURES)
    clock.now += 30
    error = refused(lambda: gate.join("s1", PHONE, CODE))
    assert error.code == "join-rate-limited" and error.params == {"seconds": 30}
    assert gate.role("s1", PHONE) is Role.LOCKED


def test_old_wrong_codes_slide_out_of_the_window(gate, clock):
    for _ in range(MAX_FAILURES - 1):
        refused(lambda: gate.join("s1", PHONE, "111111"))
        clock.now += 10
    # The first wrong code is now FAILURE_WINDOW old: only three still count.
    clock.now += FAILURE_WINDOW - 40
    error = refused(lambda: gate.join("s1", PHONE, "111111"))
    assert error.code == "join-code-wrong"
    assert error.params == {"attempts_left": 1}


def test_a_correct_join_clears_the_wrong_tries(gate, clock):
    _fail(gate, MAX_FAILURES - 1)
    gate.join("s1", PHONE, CODE)
    gate.leave("s1")
    error = refused(lambda: gate.join("s1", PHONE, "111111"))
    assert error.params == {"attempts_left": MAX_FAILURES - 1}
    # The lockout count starts again too.
    _fail(gate, MAX_FAILURES)
    clock.now += FIRST_WAIT
    gate.join("s1", PHONE, CODE)
    gate.leave("s1")
    assert _fail(gate, MAX_FAILURES).params == {"seconds": 60}


@pytest.mark.parametrize(
    "attempt", ["", "12345", "1234567", "12a456", "١٢٣٤٥٦", "-12345", "123 45"]
)
def test_a_code_that_is_not_six_digits_is_refused_without_counting(gate, attempt):
    for _ in range(MAX_FAILURES + 2):
        assert refused(lambda: gate.join("s1", PHONE, attempt)).code == (
            "join-code-format"
        )
    error = refused(lambda: gate.join("s1", PHONE, "111111"))
    assert error.params == {"attempts_left": MAX_FAILURES - 1}


def test_wrong_tries_are_counted_per_client(gate: ShareGate):
    _fail(gate, MAX_FAILURES, ip=PHONE)
    assert gate.join("s2", OTHER_PHONE, CODE).client_ip == OTHER_PHONE
    error = refused(lambda: gate.join("s3", "192.168.1.43", "111111"))
    assert error.params == {"attempts_left": MAX_FAILURES - 1}


def _addresses(count: int) -> list[str]:
    return [f"2001:db8::{n:x}" for n in range(1, count + 1)]


def test_many_addresses_together_meet_one_table_wide_bound(gate, clock):
    gate.join("joined", PHONE, CODE)
    (seconds, limit), _ = TABLE_LIMITS
    guessers = _addresses(limit)
    # Each address stays under its own five, as the probe did with twelve.
    errors = [refused(lambda ip=ip: gate.join(ip, ip, "111111")) for ip in guessers]
    assert [e.code for e in errors[:-1]] == ["join-code-wrong"] * (limit - 1)
    assert errors[-1].code == "join-rate-limited"
    assert errors[-1].params == {"seconds": seconds}
    # The code was replaced; the phone that had joined keeps its place.
    assert gate.code != CODE and gate.codes_replaced == 1
    assert gate.role("joined", PHONE) is Role.VIEWER
    # Every address is paused now, new ones and the right code included.
    fresh = "2001:db8::ffff"
    paused = refused(lambda: gate.join(fresh, fresh, gate.code))
    assert paused.code == "join-rate-limited"
    clock.now += seconds
    assert refused(lambda: gate.join(fresh, fresh, CODE)).code == "join-code-wrong"
    assert gate.join(fresh, fresh, gate.code).client_ip == fresh


def test_whoever_asked_hears_each_replaced_code_once(clock: Clock) -> None:
    codes = iter(["111111", "222222", "333333"])
    heard: list[str] = []
    gate = ShareGate(
        True, clock=clock, new_code=lambda: next(codes), on_replaced=heard.append
    )
    (seconds, limit), _ = TABLE_LIMITS
    for ip in _addresses(limit):
        refused(lambda ip=ip: gate.join(ip, ip, "999999"))
    refused(lambda: gate.join("late", "2001:db8::ff", "999999"))
    assert heard == ["222222"]
    clock.now += seconds
    for ip in _addresses(2 * limit)[limit:]:
        refused(lambda ip=ip: gate.join(ip, ip, "999999"))
    assert heard == ["222222", "333333"]


def test_the_table_takes_no_more_wrong_codes_an_hour_than_its_bound(gate, clock):
    # A guesser with endless addresses tries a new one every second for 3 hours.
    hours = 3
    checked = 0
    for n in range(hours * 3600):
        ip = f"2001:db8::{n:x}"
        replaced = gate.codes_replaced
        error = refused(lambda ip=ip: gate.join(ip, ip, "111111"))
        # A wrong code the gate compared: it counts down, or it replaced the code.
        if error.code == "join-code-wrong" or gate.codes_replaced > replaced:
            checked += 1
        clock.now += 1
    (_, per_minute), (hour, per_hour) = TABLE_LIMITS
    assert hour == 3600
    assert per_hour <= checked <= hours * per_hour
    assert gate.codes_replaced >= checked // per_minute


def test_a_new_code_differs_and_drops_every_guest(gate: ShareGate):
    gate.join("s1", PHONE, CODE)
    gate.join("s2", OTHER_PHONE, CODE)
    gate.set_can_record("s2", True)
    new = gate.regenerate()
    assert new != CODE and gate.code == new and len(new) == 6
    assert gate.guests() == ()
    assert gate.role("s1", PHONE) is Role.LOCKED
    assert gate.role("s2", OTHER_PHONE) is Role.LOCKED
    error = refused(lambda: gate.join("s1", PHONE, CODE))
    assert error.code == "join-code-wrong"
    assert gate.join("s1", PHONE, new).number == 3


def test_regenerating_never_hands_out_the_same_code_again():
    codes = iter(["111111", "111111", "111111", "222222"])
    gate = ShareGate(True, new_code=lambda: next(codes))
    assert gate.regenerate() == "222222"


def test_the_host_can_let_a_guest_record_and_take_it_back(gate: ShareGate):
    gate.join("s1", PHONE, CODE)
    promoted = gate.set_can_record("s1", True)
    assert promoted.can_record
    assert gate.role("s1", PHONE) is Role.RECORDER
    gate.check_change("s1", PHONE)
    gate.set_can_record("s1", False)
    assert gate.role("s1", PHONE) is Role.VIEWER


def test_promoting_a_guest_who_left_is_refused(gate: ShareGate):
    gate.join("s1", PHONE, CODE)
    gate.leave("s1")
    assert refused(lambda: gate.set_can_record("s1", True)).code == "guest-gone"
    assert refused(lambda: gate.set_can_record("never", True)).code == "guest-gone"


def test_a_guest_away_keeps_its_place_and_only_news_is_reported(gate: ShareGate):
    gate.join("s1", PHONE, CODE, "Fay")
    assert gate.set_away("s1", True)
    assert not gate.set_away("s1", True)  # already away: nothing to announce
    assert gate.guests()[0].away
    assert gate.role("s1", PHONE) is Role.VIEWER  # away is not gone
    assert gate.set_away("s1", False)
    assert not gate.guests()[0].away
    assert not gate.set_away("nobody", True)


def test_a_guest_who_leaves_is_locked_and_unknown_ids_are_ignored(gate: ShareGate):
    gate.join("s1", PHONE, CODE)
    gate.join("s2", OTHER_PHONE, CODE)
    gate.leave("s1")
    gate.leave("never-joined")
    assert gate.role("s1", PHONE) is Role.LOCKED
    assert [guest.session_id for guest in gate.guests()] == ["s2"]


@pytest.mark.parametrize(
    ("role", "can_see", "can_change"),
    [
        (Role.HOST, True, True),
        (Role.RECORDER, True, True),
        (Role.VIEWER, True, False),
        (Role.LOCKED, False, False),
    ],
)
def test_what_each_role_may_do(role: Role, can_see: bool, can_change: bool):
    assert role.can_see is can_see
    assert role.can_change is can_change


def test_phones_joining_at_once_each_get_their_own_number(gate: ShareGate):
    count = 40
    start = threading.Barrier(count)
    joined: list[Guest] = []

    def join(index: int) -> None:
        start.wait()
        joined.append(gate.join(f"s{index}", f"10.0.0.{index + 1}", CODE))

    threads = [threading.Thread(target=join, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(guest.number for guest in joined) == list(range(1, count + 1))
    assert len(gate.guests()) == count


def test_a_name_that_reads_like_another_guests_is_refused(gate: ShareGate):
    gate.join("s1", PHONE, CODE, name="Bo")
    # A wrong code says nothing of the names at the table.
    assert refused(lambda: gate.join("s2", OTHER_PHONE, "000000", "BO")).code == (
        "join-code-wrong"
    )
    error = refused(lambda: gate.join("s2", OTHER_PHONE, CODE, "Ｂｏ"))
    assert (error.code, error.params) == ("guest-name-taken", {"name": "Ｂｏ"})
    assert [g.name for g in gate.guests()] == ["Bo"]
    gate.join("s2", OTHER_PHONE, CODE, "Cy")
    gate.join("s3", "198.51.100.9", CODE)
    # Without a name, nobody's name is taken.
    assert [g.name for g in gate.guests()] == ["Bo", "Cy", ""]


def test_a_device_back_in_a_new_session_is_the_same_guest(gate: ShareGate):
    gate.join("s1", PHONE, CODE, "Eve", device="d-eve")
    gate.set_can_record("s1", True)
    gate.join("s2", OTHER_PHONE, CODE, "Bo", device="d-bo")
    # Eve's browser was killed: its old session stays until Flet ends it, and
    # the phone comes back in a new one (here on another address too).
    back = gate.join("s3", "192.168.1.43", CODE, "Eve", device="d-eve")
    assert (back.number, back.name, back.can_record) == (1, "Eve", True)
    assert [g.session_id for g in gate.guests()] == ["s3", "s2"]
    assert gate.role("s1", PHONE) is Role.LOCKED
    assert gate.role("s3", "192.168.1.43") is Role.RECORDER
    # The same device under another name is still that guest, renamed.
    again = gate.join("s4", PHONE, CODE, "Evie", device="d-eve")
    assert again.number == 1 and [g.name for g in gate.guests()] == ["Evie", "Bo"]


def test_a_name_another_device_holds_stays_refused(gate: ShareGate):
    gate.join("s1", PHONE, CODE, "Eve", device="d-eve")
    for device in ("d-other", ""):
        error = refused(
            lambda d=device: gate.join("s2", OTHER_PHONE, CODE, "EVE", device=d)
        )
        assert error.code == "guest-name-taken"
    # A device not known yet takes no guest's place.
    gate.join("s3", OTHER_PHONE, CODE, "Bo")
    gate.join("s4", OTHER_PHONE, CODE, "Cy")
    assert [(g.session_id, g.number) for g in gate.guests()] == [
        ("s1", 1),
        ("s3", 2),
        ("s4", 3),
    ]


def test_a_name_that_looks_like_another_guests_is_refused_naming_both(
    gate: ShareGate,
):
    gate.join("s1", PHONE, CODE, name="Bo")
    # A Cyrillic о: "Bо" looks like "Bo" but is spelt otherwise.
    error = refused(lambda: gate.join("s2", OTHER_PHONE, CODE, "B\u043e"))
    assert (error.code, error.params) == (
        "guest-name-look-alike",
        {"name": "B\u043e", "known": "Bo"},
    )
    assert [guest.name for guest in gate.guests()] == ["Bo"]


def test_a_joined_phone_names_itself_later_but_never_as_another(gate: ShareGate):
    gate.join("s1", PHONE, CODE, name="Bo")
    gate.join("s2", OTHER_PHONE, CODE)
    assert gate.name_guest("s2", OTHER_PHONE, "Cy").name == "Cy"
    for taken in ("BO", "B\u043e"):
        assert refused(lambda n=taken: gate.name_guest("s2", OTHER_PHONE, n)).code in (
            "guest-name-taken",
            "guest-name-look-alike",
        )
    # Only the phone itself, from where it joined; its own name is no other's.
    assert refused(lambda: gate.name_guest("s2", PHONE, "Di")).code == "guest-gone"
    assert refused(lambda: gate.name_guest("s9", PHONE, "Di")).code == "guest-gone"
    assert gate.name_guest("s1", PHONE, "bo").name == "bo"
    assert [(g.name, g.can_record) for g in gate.guests()] == [
        ("bo", False),
        ("Cy", False),
    ]


def test_a_phone_that_scanned_in_person_watches_until_the_host_lets_it_record() -> None:
    # The phone-alone site's gate is not shared: its own session is the host.
    gate = ShareGate(False)
    guest = gate.admit_phone("phone-1")
    address = phone_address("phone-1")
    assert guest.client_ip == address and not guest.can_record
    assert gate.role("phone-1", address) is Role.VIEWER
    with pytest.raises(AccessError):
        gate.check_change("phone-1", address)
    gate.set_can_record("phone-1", True)
    assert gate.role("phone-1", address) is Role.RECORDER
    # The same name from anywhere else is no such phone.
    assert gate.role("phone-1", "phone:phone-2") is Role.LOCKED
    assert gate.role("host", None) is Role.HOST
    gate.leave("phone-1")
    assert gate.role("phone-1", address) is Role.LOCKED


def test_six_phones_follow_one_and_a_seventh_is_told_so() -> None:
    gate = ShareGate(False)
    for number in range(1, MAX_PHONES + 1):
        gate.admit_phone(f"phone-{number}")
    with pytest.raises(AccessError) as full:
        gate.admit_phone("phone-7")
    assert full.value.code == "follow-full"
    assert full.value.params == {"most": MAX_PHONES}
    gate.leave("phone-3")
    gate.admit_phone("phone-7")
