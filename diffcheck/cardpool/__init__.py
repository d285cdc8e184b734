"""The card pool a user imports: every card of a card-data file (MTGJSON's AtomicCards.json, Scryfall's
oracle-cards), its printed characteristics taken from the file and its layer abilities read from its Oracle text.

``sources`` reads the two file formats into ``PoolCard`` values; ``oracle`` reads Oracle text into the board
vocabulary; ``importing`` writes the compact index in the user's data folder, ``store`` reads it a card at a time
(without the reader's parser: ``judge`` starts fast), ``paths`` says where it is. The hand-checked catalogue
(``diffcheck.catalogue``) stays the reference: a card it holds is taken from it, never from the pool.
"""
