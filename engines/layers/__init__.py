"""The layer machine: one implementation of continuous-effect interaction, driven by a ruleset (``machine.py``).

The machine (``machine.py``) runs a pass (``layer_pass.py``: what one pass holds, and whom an effect applies
to) sublayer by sublayer. It calls, and none of them calls back into it: ``plan.py`` (where each part of an
effect applies, and what a machine takes from its ruleset once), ``state.py`` (the objects as the pass changes
them), ``apply.py`` (what one part does to an object), ``amounts.py`` (values and conditions), ``dependency.py``
(dependency, by trial application), ``text.py`` (text-changing effects), ``reading.py`` (filters read on the
state), ``zones.py`` (cards outside the battlefield), ``resolution.py`` (a resolved effect's amounts as it
resolved), ``explaining.py`` and ``judge_words.py`` (the trace and its reasons), ``answer.py`` (the final state
as an outcome).
"""
