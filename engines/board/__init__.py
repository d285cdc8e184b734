"""The board's values: what an engine is given and what it answers, with no machine in them.

``board.py`` the board, its objects and cards, ``abilities.py`` abilities and effect parts, ``values.py`` filters,
amounts and conditions, ``vocabulary.py`` the words, ``outcome.py`` the answer's shape and its check,
``trace.py`` an explanation's entries, ``features.py`` the parts of the vocabulary an engine may implement.

``from engines.board import Board`` (and every other name ``engines/board.py`` gave before the engines were
grouped into rooms) keeps working: this package gives what its ``board`` module gives. Modules of the engines
import from the modules themselves, never from here, so that nothing imports itself through this package.
"""

from engines.board.board import *  # noqa: F401,F403
