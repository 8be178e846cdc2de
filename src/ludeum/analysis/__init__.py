"""Game analysis: every decision weighed, every throw's luck measured, a result split.

* ``weigh``: what a position is worth (Senet: a winning chance; Squadro and
  Lodestone: the search's evaluation), by the computer's own search;
* ``steps``: a record walked action by action, each move a ``Decision`` (its loss
  against the best move) and each throw a ``Thrown`` (its luck);
* ``labels``: per game, the losses called an inaccuracy, a mistake or a blunder,
  and accuracy, with the measurements that chose them;
* ``summary``: per seat, luck, losses, error rate and accuracy, and the split of a
  result into its start, both sides' luck and losses, and the residue;
* ``report``: the analysis as text or JSON (``python -m ludeum analyse``).

Pure Python; the browser runs it in the computer's worker.
"""
