"""``python -m ludeum``: the command line (``ludeum.cli``)."""

import sys

from .cli import main

sys.exit(main())
