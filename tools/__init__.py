"""Developer tools (icons, screenshots, sample PDFs, the document corpus)."""
