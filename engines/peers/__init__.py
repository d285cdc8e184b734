"""The engines from outside, diffed against ours: an engine in any language in its own process, speaking protocol 1
(``external.py``; docs/external-engines.md), and other projects' engines adapted in-process (``phase.py``: phase.rs).

An in-process peer is optional: its module imports the other project's package only when the engine is built,
and says how to install it when it is missing (``pip install 'diffcheck[phase]'``).
"""
