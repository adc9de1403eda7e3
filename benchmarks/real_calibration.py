"""The reliability of the parser's confidences on real strings held out by document.

    .venv/bin/python -m benchmarks.real_calibration MODELS_DIR

``MODELS_DIR`` holds the fold models of ``benchmarks.real_cv --keep``. Every real string is
parsed by the model of its own fold; the calibration scored on a fold is fitted on the
other folds only (``tools.realdata.calibrate``, which also fits the shipped file). Prints
the reliability tables of the field and the row confidence, ECE, AUROC and the share of
wrong fields among those at 0.9 or more (the cells the window leaves untinted).
"""

from __future__ import annotations

import sys

from tools.realdata.calibrate import main as calibrate

if __name__ == "__main__":
    sys.exit(calibrate([*sys.argv[1:], "--no-write"]))
