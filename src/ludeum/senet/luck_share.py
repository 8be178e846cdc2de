"""Luck's share of a Senet result per ruleset: measured by
benchmarks/luck_share.py (docs/analysis.md says how; do not edit by hand).
150 games a kind; Hard searched 3 plies.
"""

LUCK_SHARE = {
    "jequier": {
        "equal": {
            "games": 150,
            "luck_share": 0.289,
            "luck_share_interval": (0.174, 0.409),
            "luckier_won": 0.74,
            "luckier_won_interval": (0.664, 0.804),
            "mean_abs_residue": 0.509,
        },
        "unequal": {
            "games": 150,
            "luck_share": 0.15,
            "luck_share_interval": (0.061, 0.271),
            "luckier_won": 0.693,
            "luckier_won_interval": (0.615, 0.762),
            "mean_abs_residue": 0.947,
            "stronger_won": 0.86,
        },
    },
    "jequier_ludii": {
        "equal": {
            "games": 150,
            "luck_share": 0.117,
            "luck_share_interval": (0.039, 0.222),
            "luckier_won": 0.62,
            "luckier_won_interval": (0.54, 0.694),
            "mean_abs_residue": 0.497,
        },
        "unequal": {
            "games": 150,
            "luck_share": 0.0,
            "luck_share_interval": (0.0, 0.037),
            "luckier_won": 0.527,
            "luckier_won_interval": (0.447, 0.605),
            "mean_abs_residue": 0.404,
            "stronger_won": 1.0,
        },
    },
    "kendall": {
        "equal": {
            "games": 150,
            "luck_share": 0.189,
            "luck_share_interval": (0.086, 0.31),
            "luckier_won": 0.713,
            "luckier_won_interval": (0.636, 0.78),
            "mean_abs_residue": 0.398,
        },
        "unequal": {
            "games": 150,
            "luck_share": 0.175,
            "luck_share_interval": (0.058, 0.345),
            "luckier_won": 0.787,
            "luckier_won_interval": (0.714, 0.845),
            "mean_abs_residue": 0.327,
            "stronger_won": 0.773,
        },
    },
    "tait": {
        "equal": {
            "games": 150,
            "luck_share": 0.489,
            "luck_share_interval": (0.355, 0.627),
            "luckier_won": 0.867,
            "luckier_won_interval": (0.803, 0.912),
            "mean_abs_residue": 0.487,
        },
        "unequal": {
            "games": 150,
            "luck_share": 0.419,
            "luck_share_interval": (0.293, 0.556),
            "luckier_won": 0.867,
            "luckier_won_interval": (0.803, 0.912),
            "mean_abs_residue": 0.232,
            "stronger_won": 0.78,
        },
    },
}
