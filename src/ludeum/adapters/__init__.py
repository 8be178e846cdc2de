"""Ludeum's games in the APIs game-playing research code already speaks (issue 54).

* ``encoding``: each game's actions as fixed integers and its positions as flat
  vectors of numbers, from one seat's side: pure Python, shared by the adapters;
* ``pettingzoo_env``: a PettingZoo AEC environment for every game and ruleset (needs
  ``pettingzoo``);
* ``openspiel_game``: an OpenSpiel game for every game and ruleset (needs
  ``open_spiel``).

The engine itself needs none of these packages: each adapter imports its own only
when it is imported. ``docs/research.md`` shows each in use.
"""
