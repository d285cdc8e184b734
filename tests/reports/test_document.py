"""The document model (diffcheck.reports.document) and the timeline picture (diffcheck.reports.picture).

Each test states what a reader relies on: anchors as GitHub makes them, so links work in both
formats; folds and pictures shown as each format can; and no text becoming markup.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from diffcheck.reports.document import (
    Code, Contents, Fold, Heading, List, Paragraph, Picture, Table, anchors, headings, render_html,
    render_markdown, slug,
)
from diffcheck.reports.picture import Mark, timeline_svg

EVIL = '<script>alert("x")</script> & *b* [l](http://e.com) `c` ![i](#a)'


class Page(HTMLParser):
    """Every start tag of a page, with its attributes, and the ids and in-page links among them."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    @property
    def ids(self) -> list[str]:
        return [a["id"] for _, a in self.tags if a.get("id")]

    @property
    def links(self) -> list[str]:
        return [a["href"] for _, a in self.tags if a.get("href")]


def sample() -> list:
    return [
        Heading(1, "Changelog"),
        Paragraph("See Humility & Giant Growth, or the second P/T.",
                  links=(("Humility & Giant Growth", "humility--giant-growth"), ("P/T", "pt-1"))),
        Contents(),
        Heading(2, "Humility & Giant Growth"),
        Heading(3, "P/T"),
        Heading(4, "Too deep for the contents"),
        Heading(2, "P/T"),
        Heading(2, "Named", anchor="own-name"),
        Fold("Details", (Heading(3, "Inside a fold"), Code("k: v", "yaml"))),
    ]


# ---------------------------------------------------------------- anchors


def test_github_slugs_and_numbering_of_repeats():
    blocks = [Heading(2, "Humility & Giant Growth"), Heading(2, "P/T"), Heading(2, "P/T"), Heading(3, "P/T")]
    assert anchors(blocks) == ["humility--giant-growth", "pt", "pt-1", "pt-2"]
    assert slug("Layer 7e: P/T (switching)") == "layer-7e-pt-switching"
    assert slug("Ünïcode snake_case 😄 -x-") == "ünïcode-snake_case---x-"  # the emoji goes, its spaces stay
    # As GitHub numbers them: a repeat never takes a slug a heading already has.
    assert anchors([Heading(2, "a"), Heading(2, "a"), Heading(2, "a-1")]) == ["a", "a-1", "a-1-1"]


def test_the_title_counts_for_numbering_but_has_no_anchor():
    # GitHub slugs the title too, so a section with the title's text is its second occurrence.
    assert anchors([Heading(1, "P/T"), Heading(2, "P/T")]) == [None, "pt-1"]


def test_explicit_anchors():
    assert anchors([Heading(2, "P/T", anchor="pt-table"), Heading(2, "P/T")]) == ["pt-table", "pt-1"]
    text = render_markdown([Heading(2, "P/T", anchor="pt-table"), Heading(2, "Same", anchor="same")])
    assert '<a id="pt-table"></a>\n## P/T' in text
    assert '<a id="same">' not in text  # GitHub's own slug: GitHub makes that anchor itself
    with pytest.raises(ValueError, match="two headings"):
        anchors([Heading(2, "x"), Heading(2, "y", anchor="x")])
    with pytest.raises(ValueError, match="only letters"):
        anchors([Heading(2, "x", anchor='x" onclick="y')])


def test_headings_inside_folds_are_numbered_in_document_order():
    blocks = [Heading(2, "A"), Fold("f", (Heading(3, "A"),)), Heading(2, "A")]
    assert [h.text for h in headings(blocks)] == ["A", "A", "A"]
    assert anchors(blocks) == ["a", "a-1", "a-2"]
    page = Page(render_html(blocks))
    assert page.ids == ["a", "a-1", "a-2"]


# ---------------------------------------------------------------- contents and links


def test_html_links_all_reach_an_element_with_that_id():
    page = Page(render_html(sample()))
    ids = page.ids
    assert len(ids) == len(set(ids))
    assert page.links and all(href.startswith("#") for href in page.links)
    assert {href[1:] for href in page.links} <= set(ids)
    assert {"humility--giant-growth", "pt", "pt-1", "own-name", "inside-a-fold"} <= set(ids)


def test_html_contents_nest_by_level_and_stop_at_its_depth():
    page = render_html(sample())
    toc = re.search(r'<nav class="toc">(.*?)</nav>', page, flags=re.S).group(1)
    assert re.findall(r'href="#([^"]+)"', toc) == ["humility--giant-growth", "pt", "pt-1", "own-name",
                                                   "inside-a-fold"]
    # The level-3 heading is in a list inside the level-2 item.
    assert re.search(r'<li><a href="#humility--giant-growth">Humility &amp; Giant Growth</a><ul>\s*'
                     r'<li><a href="#pt">P/T</a></li>', toc)
    assert "too-deep" not in toc
    assert 'href="#too-deep"' in render_html([Contents(levels=3), Heading(4, "Too deep")])
    shallow = render_html([Contents(levels=1), Heading(2, "A"), Heading(3, "B")])
    assert 'href="#a"' in shallow and 'href="#b"' not in shallow


def test_contents_list_only_the_headings_after_it():
    blocks = [Heading(2, "Before"), Contents(), Heading(2, "After")]
    assert render_markdown(blocks).count("](#") == 1 and "](#after)" in render_markdown(blocks)
    assert "<nav" not in render_html([Heading(2, "Before"), Contents()])


def test_markdown_links_match_heading_slugs():
    blocks = sample()
    text = render_markdown(blocks)
    targets = re.findall(r"\]\(#([^)]+)\)", text)
    # A heading's anchor in Markdown: GitHub's slug of its text, or an <a id> written before it.
    known = set(anchors([h for h in headings(blocks) if h.anchor is None]) + re.findall(r'<a id="([^"]+)"', text))
    assert targets and set(targets) <= known
    assert "- [Humility & Giant Growth](#humility--giant-growth)\n  - [P/T](#pt)\n- [P/T](#pt-1)" in text
    assert '<a id="own-name"></a>\n## Named' in text
    assert "See [Humility & Giant Growth](#humility--giant-growth), or the second [P/T](#pt-1)." in text


def test_paragraph_links_must_be_in_the_text_and_reach_a_heading():
    with pytest.raises(ValueError, match="not in the paragraph"):
        render_html([Heading(2, "A"), Paragraph("no such words", links=(("A section", "a"),))])
    with pytest.raises(ValueError, match="no heading"):
        render_markdown([Heading(2, "A"), Paragraph("see B", links=(("B", "b"),))])


def test_paragraph_links_escape_their_text():
    blocks = [Heading(2, "A"), Paragraph(f"{EVIL}! see <A>!", links=(("<A>", "a"),))]
    page = render_html(blocks)
    assert '<a href="#a">&lt;A&gt;</a>' in page
    assert "<script" not in page and 'href="http' not in page
    text = render_markdown(blocks)
    assert "[\\<A>](#a)" in text
    # "!" just before a link would make it an image.
    assert "Wow\\![A](#a)" in render_markdown([Heading(2, "A"), Paragraph("Wow!A", links=(("A", "a"),))])
    assert "<script" not in text.replace("\\<", "") and "![i](#a)" not in text and "](http" not in text


# ---------------------------------------------------------------- folds, pictures, lists


def test_fold_is_details_in_both_formats():
    blocks = [Fold("Board <script>x</script> & more", (Paragraph("inside"), Table(("a",), (("1",),))))]
    text = render_markdown(blocks)
    assert text.startswith("<details><summary>Board &lt;script&gt;x&lt;/script&gt; &amp; more</summary>\n\n"
                           "inside\n\n| a   |")
    assert text.endswith("\n\n</details>\n")
    page = render_html(blocks)
    assert "<details><summary>Board &lt;script&gt;x&lt;/script&gt; &amp; more</summary>\n<p>inside</p>" in page
    assert "</table>\n</details>" in page
    assert "<script" not in text and "<script" not in page
    assert "<details open>" in render_html([Fold("s", (), open=True)])
    # A summary on several lines stays one line: a blank line would end GitHub's HTML block.
    assert "<summary>a b</summary>" in render_markdown([Fold("a\n\nb", ())])


def test_picture_inline_in_html_alt_in_markdown():
    svg = timeline_svg([("2006-10-01", "cr418")], [Mark("2009-10-01", "seven layers", 3, "x")])
    blocks = [Heading(2, "X"), Picture(svg, "Rule changes <by> date")]
    page = render_html(blocks)
    assert f"<figure>\n{svg}\n<figcaption>Rule changes &lt;by&gt; date</figcaption>\n</figure>" in page
    text = render_markdown(blocks)
    assert "<svg" not in text and "seven layers" not in text
    assert "Rule changes \\<by> date" in text


def test_list_items_are_plain_text():
    blocks = [List(("one", "- not nested", "[ ] not a task", "<b>bold</b>", "a " * 60))]
    text = render_markdown(blocks)
    assert text.startswith("- one\n- \\- not nested\n- \\[ ] not a task\n- \\<b>bold\\</b>\n- a a")
    assert all(len(line) <= 88 for line in text.splitlines())
    assert "\n  a a" in text  # a long item goes on, indented, in the same item
    page = render_html(blocks)
    assert "<li>- not nested</li>" in page and "<li>&lt;b&gt;bold&lt;/b&gt;</li>" in page


def test_no_text_becomes_markup():
    """Every text field holds markup; neither format has any element it did not make itself."""
    blocks = [Heading(1, EVIL), Contents(), Heading(2, EVIL), Paragraph(EVIL), Table((EVIL,), ((EVIL,),), (True,)),
              Code(EVIL, "yaml"), List((EVIL,)), Fold(EVIL, (Paragraph(EVIL),)), Picture("<svg></svg>", EVIL)]
    page = render_html(blocks)
    made = {"html", "head", "meta", "title", "style", "body", "main", "nav", "ul", "li", "a", "h1", "h2", "p",
            "table", "thead", "tbody", "tr", "th", "td", "strong", "pre", "code", "details", "summary",
            "figure", "svg", "figcaption"}
    parsed = Page(page)
    assert {tag for tag, _ in parsed.tags} <= made
    assert all(href.startswith("#") for href in parsed.links)
    text = render_markdown(blocks)
    prose = re.sub(r"```yaml\n.*?\n```", "", text, flags=re.S)
    html_in_markdown = re.findall(r"<(?!\\)[a-z/][^>]*>", prose.replace("\\<", ""))
    assert set(html_in_markdown) <= {"<details>", "<summary>", "</summary>", "</details>"}
    # The only link or image is the contents' link to the section (the summary is HTML, not Markdown).
    markdown = re.sub(r"<summary>.*</summary>", "", prose)
    assert re.findall(r"\]\(([^)]*)\)", markdown) == ["#" + anchors(blocks)[1]]


def test_page_is_self_contained_and_prints_compactly():
    page = render_html(sample())
    assert "<script" not in page and "src=" not in page and "http" not in page and "@import" not in page
    assert "<title>Changelog</title>" in page
    print_css = page[page.index("@media print"):]
    assert re.search(r"body \{ font-size: 1[01](\.\d)?pt", print_css)
    assert "break-inside: avoid" in print_css and "background: none" in print_css


# ---------------------------------------------------------------- the timeline


MARKS = [
    Mark("2007-02-01", "CDAs <first>", 0, "cda"),
    Mark("2007-05-01", "Dependency & more", 40, "dependency"),
    Mark("2009-10-01", "Counters \"7d\"", 3000, "counters"),
    Mark("2026-01-20", "Late", 1, "late"),
]
EDITIONS = [("1999-04-23", "Sixth <Edition>"), ("2009-10-01", "cr613")]


def circles(svg: str) -> dict[str, ET.Element]:
    """Each mark's circle, by the anchor its link goes to."""
    root = ET.fromstring(svg)
    return {a.get("href")[1:]: a.find("circle") for a in root.iter("a")}


def test_timeline_is_deterministic_xml():
    svg = timeline_svg(EDITIONS, MARKS)
    assert svg == timeline_svg(list(EDITIONS), list(reversed(MARKS)))
    root = ET.fromstring(svg)
    assert root.tag == "svg" and root.get("width") == "100%" and root.get("role") == "img"
    assert root.get("aria-label") and re.fullmatch(r"0 0 900 \d+\.\d", root.get("viewBox"))
    assert "http" not in svg and "<script" not in svg


def test_timeline_one_link_per_mark_with_tooltip():
    root = ET.fromstring(timeline_svg(EDITIONS, MARKS))
    links = list(root.iter("a"))
    assert sorted(a.get("href") for a in links) == ["#cda", "#counters", "#dependency", "#late"]
    titles = {a.get("href"): a.find("title").text for a in links}
    assert titles["#counters"] == 'Counters "7d": 3,000'
    assert titles["#cda"] == "CDAs <first>: 0"  # escaped in the SVG, so XML reads it back as text


def test_timeline_area_grows_with_count():
    found = circles(timeline_svg(EDITIONS, MARKS))
    radius = {anchor: float(c.get("r")) for anchor, c in found.items()}
    assert radius["cda"] < radius["late"] < radius["dependency"] < radius["counters"]
    assert found["cda"].get("fill") == "none"  # count 0: hollow
    assert found["late"].get("fill") != "none"


def test_timeline_places_marks_by_date_and_escapes_text():
    svg = timeline_svg(EDITIONS, MARKS)
    x = {anchor: float(c.get("cx")) for anchor, c in circles(svg).items()}
    assert x["cda"] < x["dependency"] < x["counters"] < x["late"] <= 900
    texts = [t.text for t in ET.fromstring(svg).iter("text")]
    assert "Sixth <Edition>" in texts and "Dependency & more" in texts
    assert "<Edition>" not in svg and "<first>" not in svg


def test_timeline_labels_of_close_marks_do_not_share_a_row():
    close = [Mark(f"2007-0{m}-01", f"change number {m}", m, f"c{m}") for m in range(1, 7)]
    root = ET.fromstring(timeline_svg([], close))
    rows = [float(a.find("text").get("y")) for a in root.iter("a")]
    assert len(set(rows)) == len(close)
