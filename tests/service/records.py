"""Records the service tests share: two references to one work, in two documents."""

from __future__ import annotations

from refmanager.library import Library
from refmanager.model import DocumentMeta, Reference


def two_of_one_work(lib: Library) -> list[int]:
    doi = Reference.from_csl(
        {
            "title": "Deep learning",
            "DOI": "10.1038/nature14539",
            "author": [{"family": "LeCun", "given": "Yann"}],
            "issued": {"date-parts": [[2015]]},
            "_raw": "LeCun. Deep learning.",
        }
    )
    other = Reference.from_csl(
        {
            "title": "Deep learning",
            "DOI": "10.1038/NATURE14539",
            "author": [{"family": "LeCun"}],
            "container-title": "Nature",
            "issued": 2015,
            "_raw": "LeCun Y. Deep learning. Nature.",
        }
    )
    a = lib.documents.add_document(DocumentMeta(title="x"), [doi], sha256="1" * 64)
    b = lib.documents.add_document(DocumentMeta(title="y"), [other], sha256="2" * 64)
    return [lib.documents.references_of(a)[0].id, lib.documents.references_of(b)[0].id]
