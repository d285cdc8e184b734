"""Engines from other projects, adapted to the board format so that a run can diff them against ours.

Each is optional: its module imports the other project's package only when the engine is built, and says
how to install it when it is missing (``pip install 'diffcheck[phase]'``).
"""
