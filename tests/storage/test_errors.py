"""Store errors and notices: stable kebab-case codes with plain parameters."""

import re

import pytest

from companion.storage import (
    STORE_ERROR_CODES,
    STORE_NOTICE_CODES,
    StoreError,
    StoreNotice,
)

KEBAB = re.compile(r"^[a-z]+(-[a-z]+)*$")


@pytest.mark.parametrize("codes", [STORE_ERROR_CODES, STORE_NOTICE_CODES])
def test_codes_are_kebab_case_with_named_parameters(
    codes: dict[str, tuple[str, ...]],
) -> None:
    for code, params in codes.items():
        assert KEBAB.match(code), code
        assert all(re.match(r"^[a-z_]+$", name) for name in params), code


def test_an_error_carries_its_code_and_parameters() -> None:
    error = StoreError("no-such-match", id="0123456789ab")
    assert (error.code, error.params) == ("no-such-match", {"id": "0123456789ab"})
    assert "no-such-match" in str(error)


def test_an_error_with_the_wrong_parameters_is_a_programming_mistake() -> None:
    with pytest.raises(AssertionError):
        StoreError("no-such-match", name="x")


def test_notices_compare_by_value() -> None:
    assert StoreNotice("index-repaired", {"matches": 2}) == StoreNotice(
        "index-repaired", {"matches": 2}
    )
