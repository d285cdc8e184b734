"""Runs: from generated boards to findings, by comparing two engines, shrinking what diverges and grouping it.

``harness`` is a run; ``shrink`` and ``reductions`` make a divergent board minimal;
``divergence`` says when two outcomes differ; ``signature`` and ``findings`` group minimal
boards by what they show and by the rule changes that explain them (``attribution``, rules
bisect); ``rundir`` keeps a run's files, atomically, so a run can be resumed.
"""

# Before any module here: the static skip is of the engines' compiled group, whose build is used only if it
# was made from the sources here (``engines.compiled``, which importing the engines runs).
import engines  # noqa: E402,F401
