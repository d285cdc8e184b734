"""The judge's page: ``diffcheck serve`` starts it on this machine (``app``), a thin layer over the library
(``answers``) that composes a board from card names, judges it under an edition or a date, explains it
layer by layer and shows its history across the editions. Boards are judged in worker processes (``pool``,
``worker``), so that an answer given up on stops. Its files (``static/``) load nothing from elsewhere."""
