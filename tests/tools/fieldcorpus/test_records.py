import re

from tools.fieldcorpus.records import RecordGenerator


def _records(n: int, seed: int = 7) -> list[dict[str, object]]:
    gen = RecordGenerator(seed)
    return [gen.record() for _ in range(n)]


def test_some_titles_name_a_model_and_its_size() -> None:
    titles = [str(r["title"]) for r in _records(3000)]
    sized = [t for t in titles if re.search(r"\b\d+[BMKT](,|:| and)", t)]
    assert 30 <= len(sized) <= 200


def test_some_titles_end_in_a_part_number_like_an_initial() -> None:
    titles = [str(r["title"]) for r in _records(3000)]
    parts = [t for t in titles if re.search(r"( I| II| III| IV|, Part I| \(II\))$", t)]
    assert 20 <= len(parts) <= 150


def test_some_titles_are_two_clauses_long() -> None:
    lengths = [len(str(r["title"]).split()) for r in _records(3000)]
    assert sum(n >= 12 for n in lengths) >= 60


def test_issue_ranges_of_several_issues() -> None:
    issues = [str(r["issue"]) for r in _records(4000) if "issue" in r]
    spans = [
        int(m.group(2)) - int(m.group(1)) for i in issues if (m := re.fullmatch(r"(\d+)-(\d+)", i))
    ]
    assert any(s > 1 for s in spans)
    assert all(s >= 1 for s in spans)


def test_software_is_credited_to_its_project() -> None:
    software = [r for r in _records(6000) if r["type"] == "software"]
    credited = []
    for rec in software:
        names = rec["author"]
        assert isinstance(names, list)
        literal = names[0].get("literal", "")
        if re.search(r"(Contributors|contributors|Developers|Team|Authors)$", literal):
            credited.append((literal, str(rec["title"])))
    assert len(credited) >= len(software) // 4
    project_titled = [t for lit, t in credited if t.split(":")[0] in lit]
    assert len(project_titled) >= len(credited) // 2


def test_the_added_shapes_do_not_change_the_other_records_drawn() -> None:
    a = RecordGenerator(3)
    b = RecordGenerator(3)
    b.shape_rng.random()  # another draw of the shape stream alone
    kinds_a = [a.record()["type"] for _ in range(200)]
    kinds_b = [b.record()["type"] for _ in range(200)]
    assert kinds_a == kinds_b


def test_without_shapes_the_records_are_those_drawn_before() -> None:
    plain = RecordGenerator(5, shapes=False)
    shaped = RecordGenerator(5)
    pairs = [(plain.record(), shaped.record()) for _ in range(3000)]
    assert [a["type"] for a, _ in pairs] == [b["type"] for _, b in pairs]
    assert not any(re.search(r"\b\d+[BMKT], a ", str(a["title"])) for a, _ in pairs)
    differ = sum(a["title"] != b["title"] for a, b in pairs)
    assert 0 < differ < len(pairs) // 5
