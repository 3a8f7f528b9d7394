"""A second process on the same data directory is refused, not let in to overwrite."""

import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine.match import Match
from companion.storage import Store, StoreError

SECOND_PROCESS = """
import sys
from companion.storage import Store, StoreError
try:
    Store.open(sys.argv[1]).close()
except StoreError as error:
    print(error.code, error.params["path"])
else:
    print("opened")
"""


def open_in_another_process(data: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", SECOND_PROCESS, str(data)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    )
    return result.stdout.strip()


def test_another_process_is_refused_while_the_store_is_open(tmp_path: Path) -> None:
    with Store.open(tmp_path):
        assert open_in_another_process(tmp_path) == f"data-locked {tmp_path}"
    assert open_in_another_process(tmp_path) == "opened"


def test_a_second_store_in_the_same_process_is_refused(tmp_path: Path) -> None:
    with Store.open(tmp_path) as first:
        with pytest.raises(StoreError) as caught:
            Store.open(tmp_path)
        assert caught.value.code == "data-locked"
        match_id = first.add_match(Match.new("uno", ["Ada", "Bo"]))
    with Store.open(tmp_path) as again:
        assert [s.id for s in again.list_matches()] == [match_id]


def test_readers_share_the_folder_but_keep_a_writer_out(tmp_path: Path) -> None:
    with Store.open(tmp_path) as writer:
        match_id = writer.add_match(Match.new("uno", ["Ada", "Bo"]))
    with Store.open(tmp_path, read_only=True) as first:
        with Store.open(tmp_path, read_only=True) as second:
            assert [s.id for s in second.list_matches()] == [match_id]
        assert open_in_another_process(tmp_path) == f"data-locked {tmp_path}"
        assert [s.id for s in first.list_matches()] == [match_id]
    assert open_in_another_process(tmp_path) == "opened"
