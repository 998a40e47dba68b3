"""``view.messages.error_line``: an exception as one line a page may show, never a traceback or
a server path, whatever the message holds."""

from __future__ import annotations

import os
import string

from hypothesis import assume, given, settings, strategies as st

from geochunk.view.messages import MAX_CHARS, error_line, strip_paths

SEGMENT = st.text(string.ascii_lowercase + string.digits + "._-", min_size=1, max_size=8).filter(
    lambda s: s.strip(".") != "")
# message text around a path: no lower-case letter (so it cannot spell a path's folders), no
# slash (so it cannot start one); anything else, line breaks and lone surrogates included
AROUND = st.text(st.characters(blacklist_categories=("Ll",), blacklist_characters="/\\~"), max_size=60)

# the same, less what error_line shows as an escape (whose letters could spell a folder's name)
PLAIN = st.text(st.characters(blacklist_categories=("Ll", "Cc", "Cf", "Cs"), blacklist_characters="/\\~"),
                max_size=60)


def _posix(segments: list[str]) -> str:
    return "/" + "/".join(segments)


@settings(max_examples=300, deadline=None)
@given(st.lists(SEGMENT, min_size=2, max_size=6), AROUND, AROUND,
       st.sampled_from(["/", "~/", "C:\\", "\\\\"]))
def test_an_absolute_path_found_in_a_message_is_named_by_its_base_name(segments, before, after, root) -> None:
    sep = "\\" if "\\" in root else "/"
    path = root + sep.join(segments)
    folder = root + sep.join(segments[:-1]) + sep
    line = error_line(RuntimeError(f"{before} {path} {after}"))
    assert folder not in line
    assert "\n" not in line and "\r" not in line and len(line) <= MAX_CHARS
    line.encode("utf-8")  # lone surrogates are shown as escapes


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=10)
                .filter(lambda s: "/" not in s and s.strip() == s and s), min_size=2, max_size=5),
       st.text(max_size=80), st.text(max_size=80))
def test_a_known_path_never_shows_even_with_spaces_in_it(segments, before, after) -> None:
    path = "/" + "/".join(segments)
    line = error_line(OSError(f"{before}{path}{after}"), paths=[path])
    assert path not in line
    assert "Traceback" not in line
    assert len(line.splitlines()) <= 1 and len(line) <= MAX_CHARS


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400), st.text(max_size=400))
def test_one_line_and_nothing_from_traceback_on(head, tail) -> None:
    assume("/srv" not in head)
    line = error_line(ValueError(f"{head}Traceback (most recent call last):\n  File \"/srv/app.py\"{tail}"))
    assert "Traceback" not in line
    assert "/srv/" not in line
    assert len(line.splitlines()) <= 1 and len(line) <= MAX_CHARS
    assert line  # never empty: the type's name at least


def test_the_messages_a_damaged_index_gives_keep_what_is_wrong(tmp_path) -> None:
    ix = tmp_path / "folder-3f2a.duckdb"
    messages = [
        f'cannot open index {ix} (damaged, or not a DuckDB file): IO Error: The file "{ix}" exists, '
        "but it is not a valid DuckDB database file!",
        f'cannot open index {ix} (damaged): IO Error: Could not read enough bytes from file "{ix}": '
        "attempted to read 4096 bytes",
        f"{ix}: the index is damaged, or not a geochunk index: Catalog Error: Table chunks does not exist",
        f"no index at {ix} (build one with 'geochunk index')",
    ]
    for message in messages:
        for paths in ((), (ix,)):
            line = error_line(RuntimeError(message), paths=paths)
            assert str(tmp_path) not in line and "/" not in line, line
            assert "folder-3f2a.duckdb" in line, line


def test_home_and_resolved_forms_of_a_known_path_are_replaced(tmp_path) -> None:
    home = os.path.expanduser("~")
    if home not in ("", "/"):
        under = os.path.join(home, "my cache", "ix.duckdb")
        assert error_line(OSError(f"bad ~{under[len(home):]}"), paths=[under]) == "bad ix.duckdb"
    link = tmp_path / "link"
    (tmp_path / "real dir").mkdir()
    link.symlink_to(tmp_path / "real dir")
    real = os.path.realpath(link / "ix.duckdb")
    assert error_line(OSError(f"bad {real}: x"), paths=[link / "ix.duckdb"]) == "bad ix.duckdb: x"


def test_words_with_slashes_urls_and_a_lone_slash_stay() -> None:
    text = "and/or 1/2 w/o https://example.org/a/b a / b"
    assert strip_paths(text) == text
    assert strip_paths("at file:///home/ana/x.txt.") == "at file:x.txt."


def test_a_long_message_is_capped_and_a_huge_one_is_read_in_linear_time() -> None:
    line = error_line(RuntimeError("x" * 10_000))
    assert len(line) == MAX_CHARS and line.endswith("…")
    # many path starts in a row: one pass, each character seen once
    assert len(strip_paths(" /" * 200_000)) == 400_000


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise ValueError("no text for /srv/app/secret.db")


def test_an_exception_whose_text_cannot_be_had_is_shown_by_its_type_name() -> None:
    assert error_line(_Unprintable()) == "_Unprintable"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(string.ascii_lowercase + " ", min_size=1, max_size=8).filter(str.strip),
                min_size=2, max_size=5), st.sampled_from(["'", '"']), PLAIN, PLAIN)
def test_a_quoted_path_with_spaces_is_named_by_its_base_name_alone(segments, quote, before, after) -> None:
    # OSError quotes its file name ('...'), DuckDB its file ("..."): a folder's name may hold spaces
    segments = [s.strip() for s in segments]
    path = "/" + "/".join(segments)
    before, after = " ".join(before.splitlines()), " ".join(after.splitlines())  # one line
    line = error_line(RuntimeError(f"{before} {quote}{path}{quote} {after}"))
    assert f"{quote}{segments[-1]}{quote}" in line, line
    assert all(s not in line for s in segments[:-1] if s not in segments[-1]), line


def test_a_user_home_and_a_file_url_with_a_host_are_named_by_their_base_name() -> None:
    assert strip_paths("no index at ~ana/.cache/g/ix.duckdb") == "no index at ix.duckdb"
    assert strip_paths("see file://localhost/home/ana/my%20data/x.txt.") == "see file:x.txt."
    assert strip_paths("FILE://srv/share/x.txt") == "FILE:x.txt"
    kept = "~10 km/h, ~5/10, ~ana, a~b/c, https://example.org/a/b, svn+ssh://h/p"
    assert strip_paths(kept) == kept


def test_a_known_path_is_replaced_only_where_it_ends_not_inside_a_longer_name() -> None:
    # '/srv/data' replaced inside '/srv/data2/...' left 'data2/secret/x.db', no longer absolute
    assert error_line("cannot read /srv/data2/secret/x.db", paths=["/srv/data"]) == "cannot read x.db"
    assert error_line("cannot read /srv/data: empty", paths=["/srv/data"]) == "cannot read data: empty"
    assert error_line("no /srv/data/a b.md", paths=["/srv/data", "/srv/data/a b.md"]) == "no a b.md"


def test_control_and_bidi_characters_are_shown_as_escapes() -> None:
    # a right-to-left override from a document would reverse the rest of the line on the page
    line = error_line(ValueError("bad id 'a\u202etxt.exe'\x00 \x1b[31m\tend \u2067x\u2069"))
    assert line == "bad id 'a\\u202etxt.exe'\\x00 \\x1b[31m end \\u2067x\\u2069", line
    assert error_line("Zürich: 東京 — ok") == "Zürich: 東京 — ok"
