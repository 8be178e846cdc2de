"""Senet's rules engine as it was before issue 28's faster move generator (commit
acaa09f, the throw limit's fix included), frozen as a yardstick: the new engine
must play the very same games (``senet_engine_identity.py``, and a unit test on
fewer games) and is timed against it side by side (``playouts.py``). Not shipped;
only its imports were changed (to ``ludeum``'s rulesets, sticks, track and history,
shared with the engine so that their values compare equal), and ``to_json`` left out.
"""
