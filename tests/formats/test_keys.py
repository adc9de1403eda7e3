from refmanager.formats.keys import KeyMaker, base_key
from refmanager.model import Date, Name, Reference


def _ref(family: str, year: int | None, title: str) -> Reference:
    ref = Reference(author=[Name(family=family, given="X")], issued=Date(year) if year else None)
    ref.set("title", title)
    return ref


def test_key_is_author_year_first_significant_title_word() -> None:
    ref = _ref("Dao", 2022, "FlashAttention: Fast and memory-efficient exact attention")
    assert base_key(ref) == "dao2022flashattention"
    assert base_key(_ref("Müller", 2001, "The art of U-Net")) == "muller2001art"
    assert base_key(_ref("Łukasiewicz", 1920, "O logice trójwartościowej")) == (
        "lukasiewicz1920logice"
    )


def test_key_falls_back_without_author_year_or_latin_letters() -> None:
    assert base_key(Reference()) == "anon"
    assert base_key(_ref("张", None, "深度学习")) == "anon"
    corporate = Reference(author=[Name(literal="The World Health Organization")])
    assert base_key(corporate) == "world"
    edited = Reference(editor=[Name(family="Knuth", given="D.")], issued=Date(1984))
    assert base_key(edited) == "knuth1984"


def test_existing_citation_key_is_kept_but_cleaned() -> None:
    ref = _ref("Dao", 2022, "Flash")
    ref.set("citation-key", "Dao:2022 {flash}")
    assert base_key(ref) == "Dao:2022flash"


def test_collisions_get_letter_suffixes_in_order_case_insensitively() -> None:
    maker = KeyMaker()
    a = _ref("Dao", 2022, "Flash attention")
    keys = [maker.key(a) for _ in range(28)]
    assert keys[:3] == ["dao2022flash", "dao2022flasha", "dao2022flashb"]
    assert keys[26] == "dao2022flashz"
    assert keys[27] == "dao2022flashaa"
    assert len(set(keys)) == 28
    upper = _ref("Dao", 2022, "Flash")
    upper.set("citation-key", "DAO2022FLASH")
    assert maker.key(upper).lower() not in {k.lower() for k in keys}


def test_suffixed_key_does_not_clash_with_a_later_natural_key() -> None:
    maker = KeyMaker()
    assert maker.key(_ref("Li", 2020, "A")) == "li2020"
    assert maker.key(_ref("Li", 2020, "The")) == "li2020a"
    natural = _ref("Li", 2020, "x")
    natural.set("citation-key", "li2020a")
    assert maker.key(natural) == "li2020aa"


def test_keys_are_deterministic() -> None:
    refs = [_ref("Wang", 2020, f"Title {i % 3}") for i in range(10)]
    first = [KeyMaker().key(r) for r in refs[:1]]
    maker1, maker2 = KeyMaker(), KeyMaker()
    assert [maker1.key(r) for r in refs] == [maker2.key(r) for r in refs]
    assert first == ["wang2020title"]
