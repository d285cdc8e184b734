"""Boards before an engine sees them: reading and checking a board file, generating boards, and warning about them.

``loading`` is the way in (``load_board``, ``board_from_data``); its stages are ``reading``,
``limits``, ``shape`` and ``meaning``, and ``problems`` words what they find. ``generate`` and
``generate_cards`` make boards from a seed, ``strategies`` the same boards for Hypothesis,
``fuzz`` feeds the loader broken ones, and ``anachronism`` warns about what a board's
rules document could not have known.
"""

# Before any module here: the generator is of the engines' compiled group, whose build is used only if it
# was made from the sources here (``engines.compiled``, which importing the engines runs).
import engines  # noqa: E402,F401
