"""Ludeum: rules engines and board views for ancient and abstract board games."""

#: The version, written here and nowhere else: scripts/build.py puts it in the page
#: (the rules dialog's foot), in version.json and in the release's name
#: (ludeum-<version>.zip); CHANGELOG.md has a section for it (tests/unit/test_version.py).
__version__ = "1.0.0"
