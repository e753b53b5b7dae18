"""``python -m ono99`` runs the ``ono99`` command."""

import sys

from .cli._main import main

sys.exit(main())
