"""``python -m tools.corpus``: build or resume the document corpus."""

import sys

from tools.corpus.build import main

sys.exit(main())
