"""Documents as blocks, and their two renderings: GitHub Markdown and one self-contained HTML page.

This module has one job: a small document model (frozen dataclasses, the union ``Block``) and two
renderers, ``render_markdown`` and ``render_html``. Content is built once, as blocks, and both
renderers say exactly the same thing because they render the same blocks. Nothing here knows what a
changelog is; ``diffcheck.reports.changelog`` builds the content.

All text in blocks is plain text, and each renderer escapes all of it: no text given to a block can
become markup in either format. The one exception is ``Picture.svg``, markup our own code drew
(``diffcheck.reports.picture``), which the HTML page embeds as it is.

Navigation. Every heading of level 2 or more has an anchor: GitHub's own slug of its text (see
``slug``), numbered ``-1``, ``-2``, ... when repeated, exactly as GitHub numbers them, unless the
heading names one itself. ``anchors`` computes them once for both renderers, so a link ``#slug``
works both in the Markdown on GitHub and in the HTML page.

Links: a ``Paragraph`` carries ``links``, pairs ``(phrase, anchor)``: the first occurrence of each
phrase in the text (in the order given, each after the previous one) links to that anchor. This was
chosen over an inline form (a paragraph as a sequence of text and link spans) because content still
writes a paragraph as one sentence, "see Divergences no rule change explains", and only names which
words link where; the text stays plain and is escaped as before, the link syntax is the renderer's
own. Links only go to anchors of the same document (a dangling one is a ``ValueError`` when
rendering), so no link can point anywhere else.
"""

from __future__ import annotations

import html
import re
import textwrap
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

from tabulate import tabulate

__all__ = [
    "Block",
    "Code",
    "Contents",
    "Fold",
    "Heading",
    "List",
    "Paragraph",
    "Picture",
    "RENDERERS",
    "Table",
    "anchors",
    "headings",
    "render_html",
    "render_markdown",
    "slug",
]

WRAP = 88  # Markdown paragraphs are wrapped for terminals; GitHub joins the lines again


# ---------------------------------------------------------------- the document model


@dataclass(frozen=True)
class Heading:
    """A title (level 1), section (2) or subsection (3 and more).

    Markdown: an ATX heading, preceded by ``<a id="..."></a>`` only when ``anchor`` is given and is
    not GitHub's own slug. HTML: ``<hN>``, preceded by an empty ``<a id="...">`` that links target.
    """

    level: int
    text: str
    anchor: str | None = None  # None: GitHub's slug of the text (for levels 2 and more)


@dataclass(frozen=True)
class Paragraph:
    """Plain text, with optional links to anchors of the same document (see the module docstring).

    Markdown: wrapped lines, links as ``[phrase](#anchor)``. HTML: ``<p>``, links as ``<a href>``.
    """

    text: str
    links: tuple[tuple[str, str], ...] = ()  # (phrase in the text, anchor it links to)


@dataclass(frozen=True)
class Table:
    """Rows of plain cells. Markdown: a pipe table (tabulate). HTML: ``<table>`` with a header row.

    A marked row is emphasised: its last cell (the marker) in bold, and in HTML a highlighted row.
    """

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: tuple[bool, ...] = ()  # per row: emphasise it (its last cell is the marker)


@dataclass(frozen=True)
class Code:
    """Literal text, shown as it is. Markdown: a fenced block. HTML: ``<pre><code>``."""

    text: str
    language: str = ""


@dataclass(frozen=True)
class List:
    """A bullet list of plain-text items. Markdown: ``- item`` lines. HTML: ``<ul>``."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Contents:
    """A table of contents of the headings after it, of levels 2 to 1 + ``levels``, nested by level.

    Markdown: a list of ``[text](#anchor)`` links, two spaces of indent a level deeper.
    HTML: ``<nav class="toc">`` holding nested ``<ul>``. No headings after it: nothing.
    """

    levels: int = 2


@dataclass(frozen=True)
class Fold:
    """Content the reader opens on demand (closed unless ``open``).

    Both formats: ``<details><summary>`` (GitHub renders it in Markdown too, the inner blocks as
    Markdown between blank lines); the summary is HTML-escaped in both, as it is inside HTML.
    """

    summary: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)
    open: bool = False


@dataclass(frozen=True)
class Picture:
    """An inline SVG drawn by our own code (trusted markup, never user text), and its alt text.

    HTML: the SVG in a ``<figure>``, with ``alt`` (escaped) as its ``<figcaption>``.
    Markdown: ``alt`` as a paragraph, since GitHub strips inline SVG.
    """

    svg: str
    alt: str


Block = Union[Heading, Paragraph, Table, Code, List, Contents, Fold, Picture]


# ---------------------------------------------------------------- anchors


def slug(text: str) -> str:
    """GitHub's slug of a heading's text, before numbering repeats: lowercase, only letters, digits,
    underscores, hyphens and spaces kept, then spaces as hyphens ("P/T" -> "pt")."""
    kept = (c for c in _flat(text).lower() if c in " -" or unicodedata.category(c)[0] in "LMN"
            or unicodedata.category(c) == "Pc")
    return "".join(kept).replace(" ", "-")


def headings(blocks: Sequence[Block]) -> list[Heading]:
    """Every heading, in document order, those inside folds included (GitHub slugs those too)."""
    found: list[Heading] = []
    for block in blocks:
        if isinstance(block, Heading):
            found.append(block)
        elif isinstance(block, Fold):
            found += headings(block.blocks)
    return found


def anchors(blocks: Sequence[Block]) -> list[str | None]:
    """The anchor of each heading of ``headings(blocks)``: its own, or else GitHub's numbered slug for
    levels 2 and more; None for a title without one. Both renderers use these, so links agree.

    Raises ``ValueError`` for an explicit anchor that is not letters, digits, ``_`` and ``-``, or
    for two headings with one anchor (the HTML page would have two elements with one id).
    """
    return [anchor for _, anchor, _ in _anchored(headings(blocks))]


def _anchored(heads: Sequence[Heading]) -> list[tuple[Heading, str | None, str]]:
    """Each heading with its anchor and GitHub's slug of it, numbered as github-slugger does it."""
    occurrences: dict[str, int] = {}
    taken: set[str] = set()
    out = []
    for heading in heads:
        base = github = slug(heading.text)
        while github in occurrences:  # "pt", "pt" -> "pt", "pt-1"; and never a slug taken already
            occurrences[base] += 1
            github = f"{base}-{occurrences[base]}"
        occurrences[github] = 0
        if heading.anchor is not None and not _ANCHOR.fullmatch(heading.anchor):
            raise ValueError(f"anchor {heading.anchor!r}: only letters, digits, _ and - are allowed")
        own = heading.anchor if heading.anchor is not None else (github or None) if heading.level >= 2 else None
        if own in taken:
            raise ValueError(f"two headings have the anchor {own!r}")
        if own is not None:
            taken.add(own)
        out.append((heading, own, github))
    return out


_ANCHOR = re.compile(r"[\w-]+")


@dataclass
class _Walk:
    """What a renderer needs beyond a block: every heading's anchor, in order, and how far it is."""

    heads: list[tuple[Heading, str | None, str]]
    targets: frozenset[str]
    done: int = 0

    @classmethod
    def of(cls, blocks: Sequence[Block]) -> _Walk:
        heads = _anchored(headings(blocks))
        return cls(heads, frozenset(a for _, a, _ in heads if a is not None))

    def heading(self) -> tuple[str | None, str]:
        """The next heading's anchor and GitHub slug (renderers meet headings in document order)."""
        _, anchor, github = self.heads[self.done]
        self.done += 1
        return anchor, github

    def contents(self, block: Contents) -> list[_Entry]:
        """The headings after the current position that ``block`` lists, as a tree."""
        top = 1 + block.levels
        return _tree([(h.level, h.text, a) for h, a, _ in self.heads[self.done:] if 2 <= h.level <= top])

    def segments(self, paragraph: Paragraph) -> list[tuple[str, str | None]]:
        """The paragraph's text cut into (text, None) and (phrase, anchor) pieces, in order."""
        pieces: list[tuple[str, str | None]] = []
        text, start = paragraph.text, 0
        for phrase, anchor in paragraph.links:
            at = text.find(phrase, start) if phrase else -1
            if at < 0:
                raise ValueError(f"link {phrase!r}: not in the paragraph (after the links before it)")
            if anchor not in self.targets:
                raise ValueError(f"link {phrase!r}: no heading has the anchor {anchor!r}")
            pieces += [(text[start:at], None), (phrase, anchor)]
            start = at + len(phrase)
        pieces.append((text[start:], None))
        return [(t, a) for t, a in pieces if t]


@dataclass(frozen=True)
class _Entry:
    """One line of a table of contents, and the entries nested under it."""

    text: str
    anchor: str | None
    children: tuple[_Entry, ...]


def _tree(items: Sequence[tuple[int, str, str | None]]) -> list[_Entry]:
    """Nest (level, text, anchor) items: each under the closest earlier item of a lower level."""
    def build(start: int, stop: int) -> list[_Entry]:
        out, i = [], start
        while i < stop:
            j = i + 1
            while j < stop and items[j][0] > items[i][0]:
                j += 1
            out.append(_Entry(items[i][1], items[i][2], tuple(build(i + 1, j))))
            i = j
        return out

    return build(0, len(items))


def _flat(text: str) -> str:
    """Text on one line, as a heading or a summary must be (the layout of whitespace is not content)."""
    return " ".join(text.split())


# ---------------------------------------------------------------- Markdown


_MD_SPECIAL = re.compile(r"([\\`*_<~])")
_MD_LINE_START = re.compile(r"^([-+*>#=]|\d+[.)])(?=\s|$)")


def _md_text(text: str) -> str:
    """Inline text with nothing GitHub would read as markup or HTML."""
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = text.replace("](", "]\\(")
    return re.sub(r"&(?=#?\w+;)", r"\\&", text)


def _md_cell(text: str) -> str:
    return _md_text(text).replace("|", "\\|")


def _md_link(text: str, anchor: str) -> str:
    label = _md_text(_flat(text)).replace("[", "\\[").replace("]", "\\]")
    return f"[{label}](#{anchor})"


def _md_inline(pieces: Sequence[tuple[str, str | None]]) -> str:
    """Text and links as one Markdown string, nothing in the text read as markup."""
    out: list[str] = []
    for text, anchor in pieces:
        if anchor is not None:
            if out and out[-1].endswith("!"):
                out[-1] = out[-1][:-1] + "\\!"  # "!" before a link would make it an image
            out.append(_md_link(text, anchor))
        elif out or text.strip():
            escaped = _md_text(text if out else text.lstrip())
            if not out and escaped.startswith("["):
                escaped = "\\" + escaped  # first in a paragraph, "[x]: y" would be a link definition
            out.append(escaped)
    return "".join(out)


def _md_lines(inline: str, width: int = WRAP) -> list[str]:
    lines = textwrap.wrap(inline, width, break_long_words=False, break_on_hyphens=False) or [""]
    # A wrapped line must not start a list, quote, heading or setext underline.
    return [_MD_LINE_START.sub(lambda m: "\\" + m.group(1), line) for line in lines]


def _md_paragraph(text: str) -> str:
    return "\n".join(_md_lines(_md_inline([(text, None)])))


def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _md_heading(block: Heading, walk: _Walk) -> str:
    anchor, github = walk.heading()
    text = _md_text(_flat(block.text))
    if text.endswith("#"):
        text = text[:-1] + "\\#"
    line = f"{'#' * block.level} {text}"
    if anchor is not None and anchor != github:
        return f'<a id="{_e(anchor)}"></a>\n{line}'
    return line


def _md_table(block: Table) -> str:
    marked = block.marked or (False,) * len(block.rows)
    rows = [
        [_md_cell(c) for c in row[:-1]] + [f"**{_md_cell(row[-1])}**" if mark and row[-1] else _md_cell(row[-1])]
        for row, mark in zip(block.rows, marked)
    ]
    return tabulate(rows, headers=[_md_cell(h) for h in block.headers], tablefmt="github", disable_numparse=True)


def _md_list(items: Sequence[str]) -> str:
    lines = []
    for item in items:
        first, *rest = _md_lines(_md_inline([(item, None)]), WRAP - 2)
        lines += [f"- {first}", *(f"  {line}" for line in rest)]
    return "\n".join(lines)


def _md_contents(entries: Sequence[_Entry], depth: int = 0) -> list[str]:
    lines = []
    for entry in entries:
        link = _md_link(entry.text, entry.anchor) if entry.anchor else _md_inline([(_flat(entry.text), None)])
        lines.append(f"{'  ' * depth}- {link}")
        lines += _md_contents(entry.children, depth + 1)
    return lines


def _md_fold(block: Fold, walk: _Walk) -> str:
    opened = " open" if block.open else ""
    inner = _md_blocks(block.blocks, walk)
    head = f"<details{opened}><summary>{_e(_flat(block.summary))}</summary>"
    return "\n\n".join([head, *inner, "</details>"])


def _md_blocks(blocks: Sequence[Block], walk: _Walk) -> list[str]:
    parts = []
    for block in blocks:
        if isinstance(block, Heading):
            parts.append(_md_heading(block, walk))
        elif isinstance(block, Paragraph):
            parts.append("\n".join(_md_lines(_md_inline(walk.segments(block)))))
        elif isinstance(block, Table):
            parts.append(_md_table(block))
        elif isinstance(block, Code):
            fence = _fence(block.text)
            parts.append(f"{fence}{block.language}\n{block.text}\n{fence}")
        elif isinstance(block, List):
            parts.append(_md_list(block.items))
        elif isinstance(block, Contents):
            parts.append("\n".join(_md_contents(walk.contents(block))))
        elif isinstance(block, Fold):
            parts.append(_md_fold(block, walk))
        elif isinstance(block, Picture):
            parts.append(_md_paragraph(block.alt))
        else:
            raise TypeError(f"not a block: {block!r}")
    return [part for part in parts if part]


def render_markdown(blocks: Sequence[Block]) -> str:
    """GitHub Markdown: ATX headings, wrapped paragraphs, pipe tables (tabulate), fenced code,
    lists, folds as ``<details>``; pictures as their alt text."""
    return "\n\n".join(_md_blocks(blocks, _Walk.of(blocks))) + "\n"


# ---------------------------------------------------------------- HTML


_CSS = """
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
       max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; background: #fff; }
h1, h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
h3, h4 { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 1rem; }
a { color: #0969da; }
p { overflow-wrap: break-word; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d1d9e0; padding: .25rem .6rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
tr.marked td { background: #fff8c5; }
pre { background: #f6f8fa; padding: .8rem 1rem; overflow: auto; border-radius: 6px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
nav.toc { margin: 1rem 0 1.5rem; }
nav.toc ul { margin: 0; padding-left: 1.2rem; }
nav.toc > ul { columns: 2 22rem; column-gap: 2rem; padding-left: 1.2rem; }
nav.toc li { break-inside: avoid; }
details { border: 1px solid #d1d9e0; border-radius: 6px; padding: 0 .8rem; margin: 1rem 0; }
details[open] { padding-bottom: .4rem; }
summary { cursor: pointer; color: #0969da; padding: .4rem 0; font-weight: 600; }
summary:hover { text-decoration: underline; }
figure { margin: 1.5rem 0; }
figure svg { display: block; width: 100%; height: auto; }
figcaption { color: #59636e; font-size: .9em; margin-top: .4rem; }
@media (prefers-color-scheme: dark) {
  body { color: #e6edf3; background: #0d1117; }
  th, pre { background: #161b22; }
  th, td, h1, h2, details { border-color: #3d444d; }
  tr.marked td { background: #3b2e00; }
  a, summary { color: #4493f8; }
  figcaption { color: #9198a1; }
}
@media print {
  @page { margin: 1.5cm; }
  body { font-size: 10.5pt; line-height: 1.35; max-width: none; margin: 0; padding: 0;
         color: #000; background: none; }
  h1 { font-size: 1.6em; margin: 0 0 .5em; }
  h2 { font-size: 1.3em; margin: 1.1em 0 .4em; }
  h3, h4 { font-size: 1em; margin: .8em 0 .3em; }
  h1, h2, h3, h4 { break-after: avoid; }
  p, ul { margin: .4em 0; }
  table, details, figure, pre { margin: .5em 0; }
  th, td { padding: .1rem .4rem; }
  tr, pre, figure, nav.toc li { break-inside: avoid; }
  thead { display: table-header-group; }
  pre { white-space: pre-wrap; background: none; border: 1px solid #d1d9e0; padding: .4rem .6rem; }
  nav.toc > ul { columns: 2; }
  summary { padding: .2rem 0; }
  th { background: #f6f8fa; }
  tr.marked td { background: #fff8c5; }
  th, td, h1, h2, details { border-color: #d1d9e0; }
  a, summary { color: #000; text-decoration: none; }
  figcaption { color: #333; }
}
""".strip()


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _html_heading(block: Heading, walk: _Walk) -> str:
    anchor, _ = walk.heading()
    level = min(max(block.level, 1), 6)
    target = f'<a id="{_e(anchor)}"></a>' if anchor is not None else ""
    return f"{target}<h{level}>{_e(block.text)}</h{level}>"


def _html_table(block: Table) -> str:
    marked = block.marked or (False,) * len(block.rows)
    lines = ["<table>", "<thead><tr>" + "".join(f"<th>{_e(h)}</th>" for h in block.headers) + "</tr></thead>",
             "<tbody>"]
    for row, mark in zip(block.rows, marked):
        cells = [f"<td>{_e(c)}</td>" for c in row[:-1]]
        last = f"<strong>{_e(row[-1])}</strong>" if mark and row[-1] else _e(row[-1])
        cells.append(f"<td>{last}</td>")
        lines.append(("<tr class=\"marked\">" if mark else "<tr>") + "".join(cells) + "</tr>")
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines)


def _html_inline(pieces: Sequence[tuple[str, str | None]]) -> str:
    return "".join(f'<a href="#{_e(anchor)}">{_e(text)}</a>' if anchor is not None else _e(text)
                   for text, anchor in pieces)


def _html_contents(entries: Sequence[_Entry]) -> str:
    items = []
    for entry in entries:
        text = f'<a href="#{_e(entry.anchor)}">{_e(entry.text)}</a>' if entry.anchor else _e(entry.text)
        nested = _html_contents(entry.children) if entry.children else ""
        items.append(f"<li>{text}{nested}</li>")
    return "<ul>\n" + "\n".join(items) + "\n</ul>"


def _html_blocks(blocks: Sequence[Block], walk: _Walk) -> list[str]:
    body = []
    for block in blocks:
        if isinstance(block, Heading):
            body.append(_html_heading(block, walk))
        elif isinstance(block, Paragraph):
            body.append(f"<p>{_html_inline(walk.segments(block))}</p>")
        elif isinstance(block, Table):
            body.append(_html_table(block))
        elif isinstance(block, Code):
            language = f' class="language-{_e(block.language)}"' if block.language else ""
            body.append(f"<pre><code{language}>{_e(block.text)}</code></pre>")
        elif isinstance(block, List):
            body.append("<ul>\n" + "\n".join(f"<li>{_e(item)}</li>" for item in block.items) + "\n</ul>")
        elif isinstance(block, Contents):
            entries = walk.contents(block)
            if entries:
                body.append(f'<nav class="toc">\n{_html_contents(entries)}\n</nav>')
        elif isinstance(block, Fold):
            opened = " open" if block.open else ""
            body += [f"<details{opened}><summary>{_e(_flat(block.summary))}</summary>",
                     *_html_blocks(block.blocks, walk), "</details>"]
        elif isinstance(block, Picture):
            body.append(f"<figure>\n{block.svg}\n<figcaption>{_e(block.alt)}</figcaption>\n</figure>")
        else:
            raise TypeError(f"not a block: {block!r}")
    return body


def render_html(blocks: Sequence[Block]) -> str:
    """One self-contained HTML page: inline CSS, no scripts, no external resources; all text escaped.

    Its title is the first level-1 heading's text.
    """
    title = next((b.text for b in blocks if isinstance(b, Heading) and b.level == 1), "Changelog")
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>\n{_CSS}\n</style>",
        "</head>",
        "<body>",
        "<main>",
        *_html_blocks(blocks, _Walk.of(blocks)),
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n"


RENDERERS: dict[str, Callable[[Sequence[Block]], str]] = {"md": render_markdown, "html": render_html}
