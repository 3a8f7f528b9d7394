"""Folders a test makes read-only, even for root: a disk that refuses writes.

Root writes through a folder's mode, so the folder is made immutable
(`chattr +i`); where the file system has no such flag (an overlay without
it), it is bind-mounted read-only over itself instead. Not root: its mode.
Neither possible: the test fails and says why (the tests run as root, or as
a user, on a file system that allows one of the two).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def _run(*command: str | Path) -> bool:
    return subprocess.run(command, capture_output=True).returncode == 0


@contextlib.contextmanager
def _immutable(folders: list[Path]) -> Iterator[None]:
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *folders], check=True)


@contextlib.contextmanager
def _mounted_read_only(folders: list[Path]) -> Iterator[None]:
    try:
        yield
    finally:
        for folder in reversed(folders):
            subprocess.run(["umount", folder], check=True)


def _mount_read_only(folders: list[Path]) -> bool:
    mounted: list[Path] = []
    for folder in folders:
        if not (
            _run("mount", "--bind", folder, folder)
            and _run("mount", "-o", "remount,bind,ro", folder)
        ):
            for done in reversed([*mounted, folder]):
                _run("umount", done)
            return False
        mounted.append(folder)
    return True


@contextlib.contextmanager
def read_only(directory: Path, *, folders_in_it: bool = False) -> Iterator[None]:
    """`directory` (and, with `folders_in_it`, every folder in it) refusing
    every write until the block ends."""
    folders = [directory]
    if folders_in_it:
        folders += sorted(p for p in directory.rglob("*") if p.is_dir())
    if os.geteuid() != 0:
        modes = [folder.stat().st_mode for folder in folders]
        for folder in folders:
            folder.chmod(0o555)
        try:
            yield
        finally:
            for folder, mode in zip(folders, modes, strict=True):
                folder.chmod(mode)
        return
    if shutil.which("chattr") and _run("chattr", "+i", *folders):
        with _immutable(folders):
            yield
        return
    if shutil.which("mount") and _mount_read_only(folders):
        with _mounted_read_only(folders):
            yield
        return
    pytest.fail(
        f"cannot make {directory} read-only for root: neither `chattr +i` "
        "(e2fsprogs) nor a read-only bind mount works here",
        False,
    )
