"""PDF, HTML and DOCX in: the text they become, pages and section paths that point back, and
geometry that survives extraction (across page breaks, under repeated headers and footers).

Real files written by others (tests/real_data/SOURCES.md): pypdf's, python-docx's and
docutils' own test files. Generated files: PDFs written with reportlab (a geometry across a
page break, under a repeated header and footer, with page numbers), .docx files written with
python-docx.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
import shapely

from geochunk import ChunkConfig, InputError, chunk_file, chunk_text
from geochunk.cli import main
from geochunk.read.extract import extract, locate
from geochunk.read.extract.pdf import pages_to_text, rejoin_minus, strip_furniture

REAL = Path(__file__).parent / "real_data"

reportlab = pytest.importorskip("reportlab")
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen import canvas  # noqa: E402


# -- writers --------------------------------------------------------------------------------
def make_pdf(pages: list[list[str]], *, header: str | None = None, footer: str | None = None,
             encrypt: str | None = None, image_only: bool = False) -> bytes:
    """A PDF whose page ``n`` holds the lines ``pages[n]`` (one text line each), under a
    ``header`` and over a ``footer`` (``{n}``/``{total}`` filled in), as a report writer lays
    them out."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, encrypt=encrypt)
    width, height = A4
    for n, lines in enumerate(pages, start=1):
        if image_only:
            c.rect(72, 72, 200, 200, fill=1)
        else:
            if header:
                c.drawString(72, height - 40, header.format(n=n, total=len(pages)))
            y = height - 80
            for line in lines:
                c.drawString(72, y, line)
                y -= 14
            if footer:
                c.drawString(72, 30, footer.format(n=n, total=len(pages)))
        c.showPage()
    c.save()
    return buf.getvalue()


def ring(n: int, x0: float = 530000.0, y0: float = 180000.0) -> list[str]:
    """A closed ring of ``n`` + 1 projected coordinates, one pair a line (as a report prints a
    long outline)."""
    import math

    pts = [(x0 + 500 * math.cos(2 * math.pi * k / n), y0 + 500 * math.sin(2 * math.pi * k / n)) for k in range(n)]
    pts.append(pts[0])
    return [f"{x:.1f} {y:.1f}," if i < len(pts) - 1 else f"{x:.1f} {y:.1f}))" for i, (x, y) in enumerate(pts)]


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


def parse_span(span):  # noqa: ANN001, ANN201
    from geochunk.detection.geometry import parse_span as parse

    return parse(span)


def geometries(text: str) -> list:
    from geochunk.detection.scan import detect

    return [s for s in detect(text).spans]


# -- PDF: geometry across page breaks under furniture ----------------------------------------
def test_polygon_across_a_page_break_under_header_and_footer(tmp_path):
    lines = ring(80)
    body = [["Appendix B: parcel outlines", "Parcel LU-0012 (EPSG:27700):", "POLYGON ((" + lines[0]] + lines[1:40],
            lines[40:70], lines[70:] + ["", "End of the outline."]]
    pdf = make_pdf(body, header="ACME Survey Ltd - Appendix B", footer="Page {n} of {total}")
    path = write(tmp_path, "appendix.pdf", pdf)
    ex = extract(path)
    assert "ACME Survey" not in ex.text and "Page 1 of 3" not in ex.text
    assert any("repeated header/footer" in n for n in ex.notes)
    assert sum("page break fell inside an open geometry" in n for n in ex.notes) == 2
    spans = geometries(ex.text)
    assert len(spans) == 1 and spans[0].status == "ok"
    geom = shapely.from_wkt(spans[0].geometry_text)
    assert geom.is_valid and len(geom.exterior.coords) == 81
    assert ex.pages_of(spans[0].start, spans[0].end) == (1, 2, 3)
    for budget in (16, 32, 64, 512, 4096):
        chunks = chunk_file(path, budget=budget)
        holding = [c for c in chunks if c.start <= spans[0].start < c.end]
        assert len(holding) == 1 and holding[0].end >= spans[0].end, budget  # never cut
        assert holding[0].source_pages == (1, 2, 3)
        assert all(c.source_pages for c in chunks)
        text = ex.text
        assert all(c.text == text[c.start:c.end] for c in chunks if c.text_kind == "source")


def test_bare_page_numbers_inside_a_geojson_block_are_removed(tmp_path):
    coords = [f"[{-3.0 - k / 100:.2f}, {51.0 + k / 100:.2f}]," for k in range(60)]
    coords[-1] = coords[-1].rstrip(",")
    flat = ['{"type": "Feature", "id": "well-7", "properties": {"name": "Well 7"},',
            '"geometry": {"type": "LineString", "coordinates": ['] + coords + ["]}}"]
    pages = [flat[:22], flat[22:44], flat[44:]]
    ex = extract(make_pdf(pages, footer="- {n} -"), name="wells.pdf")
    assert "- 2 -" not in ex.text
    spans = geometries(ex.text)
    assert [s.kind for s in spans] == ["geojson_feature"] and spans[0].status == "ok"
    assert len(parse_span(spans[0]).geometry.coords) == 60


def test_coordinate_lines_repeated_on_every_page_are_not_furniture():
    pages = [["POLYGON ((0 0,", "1 0,"], ["1 0,", "1 1,"], ["1 0,", "0 0))"]]
    kept, removed = strip_furniture([list(p) for p in pages])
    assert kept == pages and not removed


def test_two_page_bare_number_is_kept():
    """On two pages a coordinate alone on a line could match the page order by chance."""
    ex = pages_to_text(["MULTIPOINT ((1 2), (3\n1", "4), (5 6))\n2"])
    assert ex.text.endswith("2") and "\n1\n" in ex.text


def test_wrapped_minus_sign_rejoined_and_ambiguous_reported(tmp_path):
    pages = [["Gauges on the line:", "LINESTRING (-3.11 51.20, -", "3.12 51.21, -3.13 51.22)", "",
              "Range: MULTIPOINT ((530100-", "180000))"]]
    ex = extract(make_pdf(pages), name="gauges.pdf")
    assert "LINESTRING (-3.11 51.20, -3.12 51.21, -3.13 51.22)" in ex.text
    assert any("rejoined 1 minus sign" in n for n in ex.notes)
    assert any("not rejoined" in n for n in ex.notes)
    line = [s for s in geometries(ex.text) if s.geom_type == "LINESTRING"]
    assert line and shapely.from_wkt(line[0].geometry_text).coords[1] == (-3.12, 51.21)


def test_minus_rejoin_only_inside_an_open_geometry():
    lines, n, notes = rejoin_minus([("The well is at depth -", 1), ("3 m below the plate.", 1)])
    assert n == 0 and len(lines) == 2


# -- PDF: bad files, one line each ---------------------------------------------------------
@pytest.mark.parametrize(
    "data, expect",
    [
        (lambda: make_pdf([["POINT (1 2)"]], encrypt="secret"), "encrypted PDF"),
        (lambda: make_pdf([[], []], image_only=True), "no text layer (2 pages"),
        (lambda: make_pdf([["POINT (1 2)"]])[:400], "cannot be read as a PDF"),
        (lambda: b"%PDF-1.7\n" + b"\x00" * 64, "cannot be read as a PDF"),
        (lambda: b"", "is empty"),
    ],
    ids=["encrypted", "image-only", "truncated", "garbage", "empty"],
)
def test_bad_pdfs_get_one_line(tmp_path, capsys, data, expect):
    path = write(tmp_path, "bad.pdf", data())
    with pytest.raises(InputError, match=re.escape(expect)) as info:
        extract(path)
    assert "\n" not in str(info.value)
    assert main(["chunk", str(path)]) == 1
    err = capsys.readouterr().err
    assert expect in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_empty_password_pdf_opens():
    ex = extract(REAL / "pypdf-7.1.0" / "r2-empty-password.pdf")
    assert "pdf encryption test" in ex.text


# -- real files written by others ----------------------------------------------------------
@pytest.mark.parametrize(
    "name, kind, expect",
    [
        ("pypdf-7.1.0/crazyones.pdf", "pdf", "The Crazy Ones"),
        ("pypdf-7.1.0/multilang.pdf", "pdf", "Привет, мир"),
        ("pypdf-7.1.0/pdflatex-outline.pdf", "pdf", "Hello, here is some text"),
        ("python-docx-1.2.0/par-known-styles.docx", "docx", "# Heading 1"),
        ("python-docx-1.2.0/tbl-having-applied-style.docx", "docx", "foo: bar"),
        ("python-docx-1.2.0/sct-first-page-hdrftr.docx", "docx", "Second (even) page."),
        ("python-docx-1.2.0/tbl-cell-props.docx", "docx", "| a | b | c | d |"),
        ("docutils-0.21.2/standalone_rst_html5.html", "html", "Author: David Goodger"),
        ("docutils-0.21.2/compact_lists.html", "html", "- This is an ordinary simple bullet list."),
        ("docutils-0.21.2/dangerous.html", "html", "Potentially dangerous features"),
    ],
)
def test_real_files(name, kind, expect):
    path = REAL / name
    ex = extract(path)
    assert ex.kind == kind and expect in ex.text
    chunks = chunk_file(path, budget=64)
    assert "".join(ex.text[c.core_start:c.end] for c in chunks) == ex.text  # nothing lost
    if kind == "pdf":
        assert all(c.source_pages for c in chunks)
        assert {p for c in chunks for p in c.source_pages} == {p for _, _, p in ex.pages}


def test_real_pdf_pages_are_right():
    ex = extract(REAL / "pypdf-7.1.0" / "pdflatex-outline.pdf")
    assert [p for _, _, p in ex.pages] == [1, 2, 3, 4]
    at = ex.text.index("Hello, here is some text")
    assert ex.pages_of(at, at + 5) == (2,)  # page 1 is the table of contents
    assert any("header/footer" in n for n in ex.notes)  # the page numbers


def test_real_html_sections_and_scripts():
    ex = extract(REAL / "docutils-0.21.2" / "standalone_rst_html5.html")
    assert "buttonClick" not in ex.text and "alert(" not in ex.text  # a script inside an <svg>
    assert "Embedded interactive SVG images." in ex.text
    at = ex.text.index("# 1 Structural Elements")
    assert ex.section_of(at, at + 10) == ("reStructuredText Test Document", "1 Structural Elements")
    deeper = ex.text.index("1.1 Section Title", at)  # the heading, not the table of contents
    assert ex.section_of(deeper, deeper + 5)[-1] == "1.1 Section Title"


# -- HTML ----------------------------------------------------------------------------------
PAGE = b"""<!doctype html><html><head><title>t</title><script>var g = "POINT (9 9)";</script>
<style>p { color: red }</style></head><body>
<h1>Appendix B</h1><p>Parcels surveyed in 2021 &amp; 2022.</p>
<h2>Parcel LU-0012</h2>
<table><tr><th>Parcel ID</th><td>LU-0012</td></tr><tr><th>Zone</th><td>R2 &lt;residential&gt;</td></tr></table>
<pre class="language-wkt">POLYGON ((0 0, 10 0,
  10 10, 0 0))</pre>
<h2>Wells</h2>
<table><tr><th>id</th><th>x</th><th>y</th></tr><tr><td>W-1</td><td>1.5</td><td>2.5</td></tr></table>
<p>Outline: POLYGON ((1 1,</p><p>2 1, 2 2, 1 1))</p>
<script>document.write("<p>injected</p>")</script><noscript>enable js</noscript>
</body></html>"""


def test_html_layout_sections_and_tables():
    ex = extract(PAGE, name="report.html")
    t = ex.text
    assert "POINT (9 9)" not in t and "injected" not in t and "color" not in t and "enable js" not in t
    assert "# Appendix B\n\nParcels surveyed in 2021 & 2022." in t
    assert "Parcel ID: LU-0012\nZone: R2 <residential>" in t
    assert "```wkt\nPOLYGON ((0 0, 10 0,\n  10 10, 0 0))\n```" in t
    assert "| id | x | y |\n| --- | --- | --- |\n| W-1 | 1.5 | 2.5 |" in t
    assert "Outline: POLYGON ((1 1,\n2 1, 2 2, 1 1))" in t  # a paragraph break inside a geometry
    at = t.index("Zone:")
    assert ex.section_of(at, at + 4) == ("Appendix B", "Parcel LU-0012")
    w = t.index("W-1")
    assert ex.section_of(w, w + 3) == ("Appendix B", "Wells")
    spans = geometries(t)
    assert len(spans) == 2 and all(s.status == "ok" for s in spans)


def test_html_chunks_carry_section_paths(tmp_path):
    path = write(tmp_path, "report.html", PAGE)
    chunks = chunk_file(path, budget=32)
    by_feature = {f.id: c.section_path for c in chunks for f in c.features}
    assert by_feature and all(by_feature.values())
    assert ("Appendix B", "Parcel LU-0012") in by_feature.values()


def test_html_declared_charset_and_bad_bytes():
    ex = extract(b'<meta charset="iso-8859-1"><p>Caf\xe9 POINT (1 2)</p>', name="a.htm")
    assert "Café POINT (1 2)" in ex.text
    with pytest.raises(InputError, match="not valid UTF-8"):
        extract(b"<p>caf\xe9</p>", name="b.html")
    with pytest.raises(InputError, match="holds no text"):
        extract(b"<script>alert(1)</script>", name="c.html")


def test_html_pathological_nesting_is_linear():
    deep = b"<div>" * 50_000 + b"POINT (1 2)" + b"</div>" * 50_000
    ex = extract(deep, name="deep.html")
    assert ex.text == "POINT (1 2)"


# -- DOCX ----------------------------------------------------------------------------------
def make_docx(build) -> bytes:  # noqa: ANN001
    docx = pytest.importorskip("docx")
    d = docx.Document()
    build(d)
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def test_docx_headings_tables_and_geometry(tmp_path):
    def build(d):
        d.add_heading("Appendix C", level=1)
        d.add_paragraph("Boreholes drilled in 2023.")
        d.add_heading("Borehole BH-4", level=2)
        t = d.add_table(rows=2, cols=2)
        t.cell(0, 0).text, t.cell(0, 1).text = "Borehole ID", "BH-4"
        t.cell(1, 0).text, t.cell(1, 1).text = "Depth", "12 m"
        d.add_paragraph("POLYGON ((0 0, 4 0,")
        d.add_paragraph("4 4, 0 0))")
        d.add_heading("Wells", level=2)
        t = d.add_table(rows=2, cols=3)
        for i, v in enumerate(("id", "x", "y")):
            t.cell(0, i).text = v
        for i, v in enumerate(("W-9", "3.5", "4.5")):
            t.cell(1, i).text = v
        d.add_paragraph("Point list", style="List Bullet")

    path = write(tmp_path, "report.docx", make_docx(build))
    ex = extract(path)
    t = ex.text
    assert t.startswith("# Appendix C\n\nBoreholes drilled in 2023.\n\n## Borehole BH-4")
    assert "Borehole ID: BH-4\nDepth: 12 m" in t
    assert "POLYGON ((0 0, 4 0,\n4 4, 0 0))" in t
    assert "| id | x | y |\n| --- | --- | --- |\n| W-9 | 3.5 | 4.5 |" in t
    assert "- Point list" in t
    at = t.index("Depth")
    assert ex.section_of(at, at + 5) == ("Appendix C", "Borehole BH-4")
    chunks = chunk_file(path, budget=24)
    poly = [c for c in chunks if any(f.geom_type == "POLYGON" for f in c.features)]
    assert len(poly) == 1 and poly[0].section_path == ("Appendix C", "Borehole BH-4")


def test_docx_bad_archives(tmp_path, monkeypatch):
    with pytest.raises(InputError, match="ZIP archive is damaged"):
        extract(b"PK\x03\x04" + b"\x00" * 100, name="a.docx")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("xl/workbook.xml", "<x/>")
    with pytest.raises(InputError, match="without word/document.xml"):
        extract(buf.getvalue(), name="sheet.docx")
    from geochunk.read.extract import docx as docx_mod

    monkeypatch.setattr(docx_mod, "MAX_UNPACKED", 1024 * 1024)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("word/document.xml", b"\x00" * (3 * 1024 * 1024))
    small = buf.getvalue()
    assert len(small) < 20_000
    with pytest.raises(InputError, match="zip bomb"):
        extract(small, name="bomb.docx")


# -- the command and the library ------------------------------------------------------------
def test_extract_command(tmp_path, capsys):
    path = write(tmp_path, "report.html", PAGE)
    assert main(["extract", str(path)]) == 0
    assert "# Appendix B" in capsys.readouterr().out
    assert main(["extract", "--json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["kind"] == "html" and doc["sections"][0]["path"] == ["Appendix B"]
    assert main(["extract", str(tmp_path / "missing.pdf")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_chunk_command_writes_source_pages(tmp_path, capsys):
    pdf = make_pdf([["Site notes", "POINT (1 2)"], ["More notes", "POINT (3 4)"]])
    path = write(tmp_path, "notes.pdf", pdf)
    assert main(["chunk", "--budget", "16", "--unit", "feature", str(path)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["source_pages"] for r in rows if r["features"]] == [[1], [2]]
    assert main(["validate", "--budget", "16", str(path)]) == 0


def test_locate_leaves_text_documents_alone():
    cs = chunk_text("POINT (1 2)", ChunkConfig(budget=16))
    ex = extract(b"<p>x</p>", name="x.html")
    assert locate(cs.chunks, ex)[0].source_pages == ()


def test_real_encrypted_pdf_is_refused_in_one_line():
    with pytest.raises(InputError, match="encrypted PDF") as info:
        extract(REAL / "pypdf-7.1.0" / "encrypted-file.pdf")
    assert "\n" not in str(info.value)


# -- the app --------------------------------------------------------------------------------
def test_app_accepts_a_pdf_upload(app_dir):
    from apptest_helpers import metric, open_app

    from geochunk.ui.state import StateKeys

    pdf = make_pdf([["Wells surveyed in 2024:", "SRID=27700;POINT (530000 180000)"],
                    ["SRID=27700;POINT (530100 180100)"]], header="ACME Survey", footer="Page {n}")
    at = open_app(app_dir)
    at.radio(key=StateKeys.SOURCE).set_value("Upload").run()
    at.file_uploader(key=StateKeys.UPLOAD).set_value(("wells.pdf", pdf, "application/pdf")).run()
    assert not at.exception and not at.sidebar.error
    assert metric(at, "Features") == "2"
    at.file_uploader(key=StateKeys.UPLOAD).set_value(("scan.pdf", make_pdf([[]], image_only=True),
                                                       "application/pdf")).run()
    assert not at.exception
    errors = [e.value.replace("\\", "") for e in at.sidebar.error]
    assert errors and "no text layer" in errors[0] and "Traceback" not in errors[0]


def test_adapters_carry_pages_and_sections(tmp_path):
    from geochunk.integrations import chunk_metadata

    pdf = make_pdf([["Site notes", "POINT (1 2)"], ["POINT (3 4)"]])
    chunks = chunk_file(write(tmp_path, "n.pdf", pdf), budget=16, unit="feature")
    meta = [chunk_metadata(c) for c in chunks if c.features]
    assert [m["source_pages"] for m in meta] == [[1], [2]]
    flat = chunk_metadata(chunks[-1], flat=True)
    assert flat["source_pages"] == "2"
    html = chunk_file(write(tmp_path, "a.html", b"<h1>A</h1><h2>B, C</h2><p>POINT (1 2)</p>"), budget=16)
    assert chunk_metadata(html[-1], flat=True)["section_path"] == "A > B, C"


def test_a_chunk_before_the_first_heading_has_no_section():
    ex = extract(b"<p>Preamble POINT (1 2).</p><h1>A</h1><p>POINT (3 4)</p>", name="p.html")
    assert ex.section_of(0, len(ex.text)) == ()
    chunks = locate(chunk_text(ex.text, ChunkConfig(budget=16, unit="feature")).chunks, ex)
    assert [c.section_path for c in chunks if c.features] == [(), ("A",)]


# -- review fixes ---------------------------------------------------------------------------
def test_page_number_under_a_running_header_is_removed_inside_a_geometry():
    """Plain-mode text often reads a page's header and its number first (the order a writer drew
    them in): the number is then the second line, under the header, and must not join the
    coordinates it falls between."""
    ring_lines = ring(40)
    ring_lines[0] = "POLYGON ((" + ring_lines[0]
    thirds = [ring_lines[:14], ring_lines[14:27], ring_lines[27:]]
    pages = ["\n".join(["ACME Appendix B", str(n + 1), *lines]) for n, lines in enumerate(thirds)]
    ex = pages_to_text(pages)
    assert "ACME" not in ex.text and "\n2\n" not in ex.text and "\n3\n" not in ex.text
    assert "".join(ex.text.split()) == "".join("".join(ring_lines).split())
    two = pages_to_text(["\n".join(["ACME Appendix B", "1", *ring_lines[:20]]),
                         "\n".join(["ACME Appendix B", "2", *ring_lines[20:]])])
    assert "".join(two.text.split()) == "".join("".join(ring_lines).split())
    (span,) = geometries(two.text)
    assert len(shapely.from_wkt(span.geometry_text).exterior.coords) == 41


def test_generated_pdf_footer_drawn_first_stays_out_of_the_polygon():
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    width, height = A4
    lines = ring(120)
    body = ["POLYGON ((" + lines[0]] + lines[1:]
    per = (len(body) + 1) // 2
    for n in range(2):
        c.drawString(72, height - 40, "ACME Environmental Ltd - Appendix B")
        c.drawString(width / 2, 30, str(n + 1))  # drawn before the body: read before it
        y = height - 80
        for line in body[n * per:(n + 1) * per]:
            c.drawString(72, y, line)
            y -= 12
        c.showPage()
    c.save()
    ex = extract(buf.getvalue(), name="two.pdf")
    assert "".join(ex.text.split()) == "".join("".join(body).split())
    (span,) = geometries(ex.text)
    geom = shapely.from_wkt(span.geometry_text)
    assert geom.is_valid and len(geom.exterior.coords) == 121
    assert ex.pages_of(span.start, span.end) == (1, 2)


def test_html_without_a_head_end_tag_keeps_its_body():
    page = b"<html><head><meta charset=utf-8><title>POINT (9 9)</title><body><h1>Site</h1><p>POINT (1 2)</p>"
    ex = extract(page, name="a.html")
    assert ex.text == "# Site\n\nPOINT (1 2)"
    ex = extract(b"<head><style>p{}</style><p>POINT (1 2)</p>", name="b.html")
    assert ex.text == "POINT (1 2)"


@pytest.mark.parametrize("charset", ["zlib", "rot13", "base64", "hex"])
def test_html_charset_naming_a_non_text_codec_is_read_as_utf8(charset):
    ex = extract(f'<meta charset="{charset}"><p>POINT (1 2)</p>'.encode(), name="a.html")
    assert ex.text == "POINT (1 2)"


def test_docx_lying_about_its_sizes_is_refused_without_inflating():
    """A zip bomb that declares small sizes in its directory: the member is inflated a bounded
    piece at a time and refused at the declared size, not read whole into memory."""
    import struct
    import tracemalloc

    real = (REAL / "python-docx-1.2.0" / "par-known-styles.docx").read_bytes()
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(real)) as zin, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            body = zin.read(info.filename)
            zout.writestr(info.filename, body + b" " * (64 * 2**20) if info.filename == "word/document.xml" else body)
    data = bytearray(buf.getvalue())
    info = next(i for i in zipfile.ZipFile(io.BytesIO(bytes(data))).infolist() if i.filename == "word/document.xml")
    struct.pack_into("<I", data, info.header_offset + 22, 5000)  # local header: uncompressed size
    name = b"word/document.xml"
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        if data[at + 46:at + 46 + len(name)] == name:
            struct.pack_into("<I", data, at + 24, 5000)  # central directory: uncompressed size
        at = data.find(b"PK\x01\x02", at + 4)
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match="ZIP archive is damaged"):
            extract(bytes(data), name="liar.docx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 2**20
    # a sound file still reads
    assert "".join(extract(real, name="ok.docx").text.split())


def test_index_results_say_the_page(tmp_path, capsys):
    """A PDF indexed in a folder build: each row records its pages, and a query's results
    show them (``p. 2``), in the text output and in --json."""
    folder = tmp_path / "reports"
    folder.mkdir()
    pdf = make_pdf([["Wells of the survey.", "The artesian well at POINT (-3.19 55.95)."],
                    ["The dry well at POINT (-3.25 55.90)."]])
    (folder / "wells.pdf").write_bytes(pdf)
    (folder / "notes.html").write_bytes(b"<h1>Notes</h1><h2>Gauges</h2><p>The gauge at POINT (-3.2 55.93).</p>")
    db = str(tmp_path / "ix.duckdb")
    assert main(["index", str(folder), "--db", db, "--collection", "r", "--embedder", "hashing",
                 "--budget", "32"]) == 0
    capsys.readouterr()
    from geochunk.retrieve.store import connect

    con = connect(db, read_only=True)
    rows = con.execute("SELECT doc_id, source_pages, section_path FROM chunks ORDER BY rid").fetchall()
    con.close()
    assert {tuple(p) for d, p, _ in rows if d.endswith("wells.pdf") and p} == {(1,), (2,)}
    assert [tuple(s) for d, _, s in rows if d.endswith("notes.html") and s] == [("Notes", "Gauges")]
    assert main(["query", "--db", db, "dry well", "--bbox", "-3.3,55.8,-3.1,56.0"]) == 0
    out = capsys.readouterr().out
    assert "[p. 2]" in out and "[Notes > Gauges]" in out
    assert main(["query", "--db", db, "dry well", "--bbox", "-3.3,55.8,-3.1,56.0", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [2] in [r["source_pages"] for r in doc["results"]]
