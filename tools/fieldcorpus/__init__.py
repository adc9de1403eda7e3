"""The field parser's training data (development only): invented records rendered through
many citation styles, with PDF-like noise; the shipped model's recipe and its confidence
calibration. Needs the 'train' extra (citeproc-py). The package itself only retrains a
library's model from the strings shipped with the model (``refmanager.parse.retrain``).
"""
