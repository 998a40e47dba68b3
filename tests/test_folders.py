"""geochunk.read.folders: folder input is off by default and confined to the operator's roots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from geochunk.errors import ConfigError, InputError
from geochunk.read.folders import ROOTS_ENV, FolderFile, FolderPolicy, list_folder, read_file, resolve_folder


@pytest.fixture()
def tree(tmp_path: Path) -> tuple[Path, Path]:
    """``root`` (allowed) holding reports/ with two documents, and ``outside`` holding secrets."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "reports").mkdir(parents=True)
    outside.mkdir()
    (root / "reports" / "a.md").write_text("Site A.\n\nPOINT (1 2)\n")
    (root / "reports" / "b.geojson").write_text('{"type": "Point", "coordinates": [1, 2]}')
    (root / "reports" / "c.png").write_bytes(b"\x89PNG")
    (outside / "prod-secrets.txt").write_text("password=hunter2")
    (outside / "gcp-credentials.json").write_text('{"private_key": "x"}')
    return root, outside


def test_folder_input_is_off_unless_the_operator_names_roots(tree: tuple[Path, Path]) -> None:
    root, _ = tree
    assert FolderPolicy.from_env({}) is None
    assert FolderPolicy.from_env({ROOTS_ENV: "  "}) is None
    policy = FolderPolicy.from_env({ROOTS_ENV: f"{root}{os.pathsep}{root}"})
    assert policy is not None and policy.roots == (root.resolve(),)
    with pytest.raises(ConfigError, match="is not an existing folder"):
        FolderPolicy.from_env({ROOTS_ENV: str(root / "missing")})


def test_lists_accepted_files_relative_to_the_root(tree: tuple[Path, Path]) -> None:
    root, _ = tree
    policy = FolderPolicy.from_roots([root])
    for typed in ("reports", str(root / "reports"), "reports/../reports", f"{root}/./reports/"):
        listing = list_folder(policy, typed)
        assert [f.name for f in listing.files] == ["reports/a.md", "reports/b.geojson"]
        assert ("c.png", "not an accepted file type") in listing.skipped
    assert read_file(policy, listing.files[0]) == b"Site A.\n\nPOINT (1 2)\n"


@pytest.mark.parametrize("typed", ["..", "../outside", "reports/../../outside", "/etc", "/",
                                   "/proc/1/cwd", "/proc/self/root/etc"])
def test_paths_outside_the_roots_are_refused(tree: tuple[Path, Path], typed: str) -> None:
    root, outside = tree
    policy = FolderPolicy.from_roots([root])
    with pytest.raises(InputError) as err:
        list_folder(policy, typed.replace("outside", str(outside)) if typed == "outside" else typed)
    message = str(err.value)
    assert "outside the folders this app may read" in message or "cannot be opened" in message
    assert "secrets" not in message and "passwd" not in message


@pytest.mark.parametrize("typed", ["~", "~/", "~root", "~nosuchuser", "~nosuchuser/x"])
def test_home_folder_paths_are_refused(tree: tuple[Path, Path], typed: str) -> None:
    policy = FolderPolicy.from_roots([tree[0]])
    with pytest.raises(InputError, match=r"home-folder paths \(~\) are not allowed"):
        resolve_folder(policy, typed)


def test_symlinks_cannot_escape(tree: tuple[Path, Path]) -> None:
    root, outside = tree
    (root / "escape").symlink_to(outside, target_is_directory=True)
    (root / "reports" / "leak.txt").symlink_to(outside / "prod-secrets.txt")
    (root / "reports" / "dangling.md").symlink_to(root / "nowhere.md")
    policy = FolderPolicy.from_roots([root])
    with pytest.raises(InputError, match="outside the folders"):
        list_folder(policy, "escape")
    listing = list_folder(policy, "reports")
    skipped = dict(listing.skipped)
    assert skipped["leak.txt"] == "links outside the allowed folder"
    assert skipped["dangling.md"] == "cannot be opened"
    assert "leak.txt" not in {Path(f.name).name for f in listing.files}
    forged = FolderFile("reports/leak.txt", outside / "prod-secrets.txt", root.resolve(), 16)
    with pytest.raises(InputError, match="outside the folders"):
        read_file(policy, forged)


def test_sizes_are_checked_before_any_byte_is_read(tree: tuple[Path, Path],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    root, _ = tree
    big = root / "reports" / "huge.txt"
    with big.open("wb") as fh:  # a sparse 1 GiB file: costs no disk
        fh.truncate(2**30)
    policy = FolderPolicy.from_roots([root], max_bytes=1024)
    opened: list[str] = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: opened.append(str(p)) or real_open(p, *a, **k))
    listing = list_folder(policy, "reports")
    assert dict(listing.skipped)["huge.txt"] == "larger than 1,024 bytes"
    assert opened == []  # listing opened no file at all
    grown = FolderFile("reports/huge.txt", big.resolve(), root.resolve(), 10)  # listed small, grew
    with pytest.raises(InputError, match="larger than"):
        read_file(policy, grown)


def test_fifos_and_unlistable_folders_get_a_message(tree: tuple[Path, Path],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root, _ = tree
    fifo = root / "reports" / "pipe.txt"
    os.mkfifo(fifo)
    policy = FolderPolicy.from_roots([root])
    assert dict(list_folder(policy, "reports").skipped)["pipe.txt"] == "not a regular file"
    with pytest.raises(InputError, match="not a regular file"):  # never blocks on the FIFO
        read_file(policy, FolderFile("reports/pipe.txt", fifo, root.resolve(), 0))

    def denied(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", denied)
    with pytest.raises(InputError, match="cannot be listed"):
        list_folder(policy, "reports")


def test_unreadable_files_are_left_out(tree: tuple[Path, Path]) -> None:
    root, _ = tree
    (root / "reports" / "folder.md").mkdir()  # a folder named like a document: open() refuses
    locked = root / "reports" / "locked.txt"
    locked.write_text("POINT (1 2)")
    locked.chmod(0)
    policy = FolderPolicy.from_roots([root])
    skipped = dict(list_folder(policy, "reports").skipped)
    assert skipped["folder.md"] == "not a regular file"
    if os.geteuid() != 0:  # root reads anything: only a non-root run can see this one
        assert skipped["locked.txt"] == "not readable"


def test_an_empty_or_missing_folder_says_so(tree: tuple[Path, Path]) -> None:
    root, _ = tree
    (root / "empty").mkdir()
    (root / "empty" / "photo.png").write_bytes(b"\x89PNG")  # .docx is a document type now
    policy = FolderPolicy.from_roots([root])
    listing = list_folder(policy, "empty")
    assert listing.files == () and listing.message() == "empty has no readable text files (not an accepted file type)"
    with pytest.raises(InputError, match="does not exist or cannot be opened"):
        list_folder(policy, "nope")
    with pytest.raises(InputError, match="is not a folder"):
        list_folder(policy, "reports/a.md")
    with pytest.raises(InputError, match="not a usable folder path"):
        list_folder(policy, "reports\x00")
