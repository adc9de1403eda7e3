from __future__ import annotations

from pathlib import Path

from tools.realdata.calibrate import _wrong_among, reliability


def test_the_share_of_wrong_fields_among_the_sure_ones() -> None:
    pairs = [(0.95, True), (0.92, False), (0.99, True), (0.97, True), (0.5, False)]
    assert _wrong_among(pairs, 0.9) == "wrong among >= 0.9: 0.250 of 4"
    assert _wrong_among([], 0.9) == "wrong among >= 0.9: 0.000 of 0"


def test_the_reliability_table_has_a_row_per_filled_bin() -> None:
    table = reliability([(0.05, False), (0.95, True), (1.0, True)]).splitlines()
    assert len(table) == 3  # the header, 0.0-0.1 and 0.9-1.0 (1.0 falls in the last bin)
    assert table[2].split()[:2] == ["0.9-1.0", "2"]


def test_the_shipped_calibration_is_the_file_its_manifest_describes() -> None:
    import json

    from refmanager.parse.confidence import CALIBRATION_FILE
    from tools.manifest import sha256

    shipped = Path(CALIBRATION_FILE)
    manifest = json.loads(
        shipped.with_name(shipped.name + ".manifest.json").read_text(encoding="utf-8")
    )
    assert manifest["sha256"] == sha256(shipped)
    assert manifest["settings"]["fields the labels lack"] == "judged neither way"
    figures = manifest["figures"]["cross-fitted on held-out real folds"]
    assert figures["real strings: field ECE"] <= 0.02  # issue 21's target, real strings alone
