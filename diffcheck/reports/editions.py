"""What ``diffcheck editions`` shows: every edition, its dates, its documents and its rule changes."""

from __future__ import annotations

from typing import Any

from rulesets.editions import EDITIONS


def editions_data() -> list[dict[str, Any]]:
    """One entry per edition, oldest first: plain data, as ``--json`` prints it."""
    out = []
    for e in EDITIONS:
        out.append({
            "edition": e.key,
            "title": e.title,
            "aliases": list(e.aliases),
            "in_force_from": e.since,
            "in_force_until": e.until,  # the day the next edition took effect; null for the newest
            "documents": [{"file": f"CR-{d.file_date}", "in_force_from": d.effective} for d in e.documents],
            # From the day after ``after`` to the day before ``before`` the archive holds no document.
            "archive_gaps": [{"after": a, "before": b} for a, b in e.archive_gaps],
            "changes": [
                {"key": c.key, "title": c.title, "old_rule": c.old_rule, "new_rule": c.new_rule, "summary": c.summary}
                for c in e.rule_changes
            ],
            "not_expressible": [
                {"old_rule": i.old_rule, "new_rule": i.new_rule, "summary": i.summary} for i in e.not_expressible
            ],
        })
    return out


def render_editions(data: list[dict[str, Any]]) -> str:
    lines: list[str] = []
    for e in data:
        until = f"until {e['in_force_until']}" if e["in_force_until"] else "to this day"
        aliases = f" (also: {', '.join(e['aliases'])})" if e["aliases"] else ""
        lines.append(f"{e['edition']}{aliases}: {e['title']}")
        docs = e["documents"]
        lines.append(f"  in force from {e['in_force_from']} {until}; {len(docs)} documents: "
                     f"{docs[0]['file']} ... {docs[-1]['file']}" if len(docs) > 1 else
                     f"  in force from {e['in_force_from']} {until}; 1 document: {docs[0]['file']}")
        for gap in e["archive_gaps"]:
            lines.append(f"  no document is known between {gap['after']} and {gap['before']}: a date in between "
                         f"is answered by the rules of {gap['after']}, and says so")
        if e is data[0]:
            lines.append("  the first edition")
        for c in e["changes"]:
            lines.append(f"  - {c['key']}: {c['title']} ({c['old_rule']} -> {c['new_rule']})")
            lines.append(f"      {c['summary']}")
        for i in e["not_expressible"]:
            lines.append(f"  - (no board shows it) {i['old_rule']} -> {i['new_rule']}: {i['summary']}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
