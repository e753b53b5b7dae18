"""``python -m ono99`` runs the ``ono99`` command."""

import sys

from ._cli import main

sys.exit(main())
