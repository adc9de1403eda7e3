"""How references are stored: the stored JSON decoded in bulk."""

from __future__ import annotations

import json

import pytest

from refmanager.library.codec import decode_items


def test_decode_items_in_one_call_or_one_by_one() -> None:
    texts = ['{"title":"A, B","author":[{"family":"X"}]}', '{"type":"book"}']
    assert decode_items(texts) == [json.loads(t) for t in texts]
    # a row holding two objects would shift the others: it fails as it does on its own
    with pytest.raises(ValueError, match="Extra data"):
        decode_items(['{"a":1},{"b":2}', '{"c":3}'])
    with pytest.raises(ValueError):
        decode_items(["", '{"c":3}'])
