"""Computer opponents, written once over the game protocol: expectiminimax where
chance moves (Senet's throws), alpha-beta with iterative deepening, move ordering and
a transposition table where it does not (Squadro, Lodestone)."""
