"""The CRF models both learned readers share (python-crfsuite): the field parser's
(``refmanager.parse``) and the line model's (``refmanager.pdf``).

``taggers`` opens a model file once per thread and file version (a model other than a
shipped one only once ``modelcheck`` found it safe); ``keep`` trains a library's own model
beside the one it would replace, compares the two on the caller's measures, and keeps it
or rejects it. What a model's features and labels are stays with its reader.
"""
