"""Game records beyond the game on screen (issue 13), for every game and ruleset,
built only on the game protocol (``ludeum.protocol``) and the saved-game envelope
(``ludeum.saves``). Pure Python: the browser glue, the command line and the tests
all use the same code.

* ``line``: the line of play with take-back and redo; throws that were seen stay.
* ``positions``: the state at any point of a record, for review.
* ``review``: the win-chance series of a game and its turning points; ``graph``
  draws it as SVG.
* ``text``: the plain-text move list, written for people and read back by the importer.
* ``link``: share links, a compact encoding of a game's actions.
* ``library``: the saved-games list, each entry's summary.
"""
