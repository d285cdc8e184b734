"""What is written for people: changelogs of runs, the timeline of every edition, and what the commands print.

``changelog`` and ``timeline`` build documents as blocks (``document``, with ``picture``'s
SVG) and tell each finding through its witnesses (``witness``); ``render`` writes the
tables and JSON of ``judge``, ``diff``, ``bisect`` and ``run``, and ``editions`` the list of
editions.
"""
