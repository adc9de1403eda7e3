"""refmanager: read the bibliographies of scholarly PDFs into an editable local library."""

__version__ = "0.1.0"
