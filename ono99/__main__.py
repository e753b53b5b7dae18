"""``python -m ono99`` runs the ``ono99`` command."""

import sys

from .cli import main

sys.exit(main())
