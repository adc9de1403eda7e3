from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refmanager.model import Name
from refmanager.parse.names import (
    _AND,
    _may_join,
    is_initials,
    list_end,
    split_chinese,
    split_names,
)


def families(text: str) -> list[str]:
    names, _ = split_names(text)
    return [n.family or n.literal for n in names]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Smith, J. R., & van der Berg, A.", ["Smith", "van der Berg"]),
        ("J. R. Smith and A. van der Berg", ["Smith", "van der Berg"]),
        ("Okafor CN, Le Scao T, von Platen P", ["Okafor", "Le Scao", "von Platen"]),
        ("NOWAK J K, LI M, KAN M Y", ["NOWAK", "LI", "KAN"]),
        ("Müller, Hans, and Ana Gómez", ["Müller", "Gómez"]),
        ("Ingrid Hansen, Wei Xu, and Kwame Mensah", ["Hansen", "Xu", "Mensah"]),
        ("Dupont, A.-L. and Rossi, R.", ["Dupont", "Rossi"]),
    ],
)
def test_name_orders(text: str, expected: list[str]) -> None:
    assert families(text) == expected


def test_suffix_and_initials() -> None:
    names, _ = split_names("Carter, Jr., D. E. and Moreau, L.")
    assert names[0].family == "Carter"
    assert names[0].suffix == "Jr."
    assert names[0].given == "D. E."
    assert names[1].family == "Moreau"


def test_et_al_and_chinese_deng() -> None:
    names, etal = split_names("Tanaka K, Silva R, et al.")
    assert [n.family for n in names] == ["Tanaka", "Silva"]
    assert etal
    names, etal = split_names("赵敏, 欧阳明华, 等")
    assert etal
    assert [(n.family, n.given) for n in names] == [("赵", "敏"), ("欧阳", "明华")]


def test_chinese_split() -> None:
    assert split_chinese("王伟").family == "王"
    assert split_chinese("王伟").given == "伟"
    assert split_chinese("司马光辉").family == "司马"


def test_corporate_literal() -> None:
    names, _ = split_names("The Orion Research Team")
    assert names[0].literal == "The Orion Research Team"
    assert not names[0].family


@pytest.mark.parametrize(
    "text",
    [
        "Graph Nations",
        "Statistics Graphland",
        "Graph Development Programme",
        "OECD",
        "National Institutes of Graphs",
        "Graph Academy of Sciences",
    ],
)
def test_bodies_named_by_words_no_person_bears(text: str) -> None:
    names, _ = split_names(text)
    assert [(n.literal, n.family) for n in names] == [(text, "")]


def test_a_dutch_apostrophe_particle_opens_the_family_name() -> None:
    names, _ = split_names("G. 't Hooft and M. \u2019t Veld")
    assert [(n.family, n.given) for n in names] == [("'t Hooft", "G."), ("\u2019t Veld", "M.")]


def test_a_last_name_with_its_suffix_keeps_its_initials_before_the_title() -> None:
    text = "Ode III, A. J., Abe Jr., F. P. & Sato III, H. E. Graph Patent 6177575 (2001)."
    end = list_end(text)
    assert end is not None and text[:end].rstrip() == text[: text.index(" Graph")]


def test_is_initials() -> None:
    assert is_initials("J. R.")
    assert is_initials("ZX")
    assert is_initials("A.-L.")
    assert not is_initials("Ma")
    assert not is_initials("John")


def test_a_particle_family_before_initials_keeps_its_particles() -> None:
    names, _ = split_names("Okafor T, Brandt K, van de Velde MA, ter Horst J")
    assert [(n.family, n.given) for n in names] == [
        ("Okafor", "T"),
        ("Brandt", "K"),
        ("van de Velde", "MA"),
        ("ter Horst", "J"),
    ]


def _names(text: str) -> list[tuple[str, str, str]]:
    return [(n.family, n.given, n.suffix) for n in split_names(text)[0]]


def test_a_suffix_after_the_family_name_is_the_suffix_not_a_name() -> None:
    assert _names("Miller III, A. J., Jones, B.") == [
        ("Miller", "A. J.", "III"),
        ("Jones", "B", ""),
    ]
    assert _names("Walker, J. H., IV, and Smith, A.") == [
        ("Walker", "J. H.", "IV"),
        ("Smith", "A", ""),
    ]


def test_an_ordinal_suffix_is_the_suffix_not_a_name() -> None:
    # PubMed's "3rd" for "III" ("Hammer JA 3rd"), in every order of the name
    assert _names("Ode, J. A., 3rd & Lee, J. R.") == [("Ode", "J. A.", "3rd"), ("Lee", "J. R", "")]
    assert _names("Ode JA 3rd, Lee JR") == [("Ode", "JA", "3rd"), ("Lee", "JR", "")]
    assert _names("J. A. Ode 2nd and J. R. Lee") == [("Ode", "J. A.", "2nd"), ("Lee", "J. R.", "")]


def test_a_suffix_in_capitals_or_nlms_ordinal_is_the_suffix_not_a_name() -> None:
    # NLM's "3d", and "JR." in capitals after a name written initials first
    assert _names("Ode ES, Abe HF 3d") == [("Ode", "ES", ""), ("Abe", "HF", "3d")]
    assert _names("J. R. ODE, P. E. ABEL, JR., R. D. SATO") == [
        ("ODE", "J. R.", ""),
        ("ABEL", "P. E.", "JR."),
        ("SATO", "R. D.", ""),
    ]
    assert _names("E. W. ODELL, JR") == [("ODELL", "E. W.", "JR")]
    # after a family name "JR" stays that name's initials
    assert _names("Ode, JR, Abe, K") == [("Ode", "JR", ""), ("Abe", "K", "")]


def test_a_short_family_name_in_capitals_after_initials_with_periods() -> None:
    assert _names("D. ODERMATT, H. A. ABE et H. SATO") == [
        ("ODERMATT", "D.", ""),
        ("ABE", "H. A.", ""),
        ("SATO", "H.", ""),
    ]
    assert _names("Y. S. KAO") == [("KAO", "Y. S.", "")]
    # initials without periods after the family name stay initials
    assert _names("Ode JR, Abe K") == [("Ode", "JR", ""), ("Abe", "K", "")]


def test_cjk_lists_and_others_stops_and_spaced_names() -> None:
    # "外 N人", "외 N인": "and N others"
    assert split_names("李明 外 3人") == ([Name(family="李", given="明")], True)
    names, etal = split_names("김철수, 이영희 외 2인")
    assert [n.family for n in names] == ["김", "이"] and etal
    # a stop parts the names ("王伟. 李明", "김철수.이영희")
    assert [n.family for n in split_names("王伟. 李明. 张小红")[0]] == ["王", "李", "张"]
    assert [n.family for n in split_names("김철수.이영희")[0]] == ["김", "이"]
    # a space between a Japanese family name and the given name
    assert split_names("高橋 翼")[0] == [Name(family="高橋", given="翼")]
    assert split_names("王 伟")[0] == [Name(family="王", given="伟")]


def test_french_initials_in_brackets_after_the_family_name() -> None:
    assert _names("ODE (K.-L.), ABE (Th.), SATO (R. P.)") == [
        ("ODE", "K.-L.", ""),
        ("ABE", "Th.", ""),
        ("SATO", "R. P.", ""),
    ]
    # a body's expansion in brackets stays the body's
    assert families("WHO (World Health Organization)") == ["WHO (World Health Organization)"]


def test_a_word_in_brackets_after_a_name_is_no_name() -> None:
    # a nickname ("Ode, Kai (Kim)") or a short title ("Ode, K. (Graphen)")
    assert _names("Ode, Kai (Kim), Abe, Tim") == [("Ode", "Kai", ""), ("Abe", "Tim", "")]
    assert families("Ode, K. (Graphen)") == ["Ode"]


def test_a_given_name_written_out_with_two_initials_after_the_family_name() -> None:
    assert families("Ode, Kai W. V.") == ["Ode"]
    assert families("Ode, Kaia E. M., & Abe, Tim") == ["Ode", "Abe"]


def test_a_stop_after_vancouver_initials_parts_the_names() -> None:
    assert families("Ode DL. Abel JH") == ["Ode", "Abel"]
    assert families("J. R. Ode") == ["Ode"]


def test_centers_and_libraries_name_bodies() -> None:
    assert families("Centers for Graph Control and Prevention") == [
        "Centers for Graph Control and Prevention"
    ]
    assert families("Centres for Graph Studies") == ["Centres for Graph Studies"]


def test_a_bodys_name_with_and_is_one_literal() -> None:
    for body in ("Food and Agriculture Organization of the United Nations",
                 "Department of Health and Human Services",
                 "National Institute for Health and Care Excellence"):  # fmt: skip
        assert [n.literal for n in split_names(body)[0]] == [body]
    assert _names("Smith, J. and Jones, K.") == [("Smith", "J.", ""), ("Jones", "K", "")]


def test_cyrillic_initials_after_the_family_name() -> None:
    # GOST's "Кузнецов А. В.": the last initial, its stop gone, is still an initial
    assert _names("Один А. В., Другов Б. Г.") == [("Один", "А. В", ""), ("Другов", "Б. Г", "")]
    assert _names("Один А.В.") == [("Один", "А.В", "")]


def test_japanese_and_korean_name_lists() -> None:
    assert _names("山田太郎・鈴木花子") == [("山田", "太郎", ""), ("鈴木", "花子", "")]
    assert _names("김철수, 이영희") == [("김", "철수", ""), ("이", "영희", "")]
    assert _names("남궁민수") == [("남궁", "민수", "")]


def test_hyphenated_initials_are_a_given_name() -> None:
    assert _names("Park D-H, Kim J") == [("Park", "D-H", ""), ("Kim", "J", "")]


def test_pinyin_names_printed_family_first() -> None:
    assert _names("Zhao Mingyu, Li Xiaohua") == [("Zhao", "Mingyu", ""), ("Li", "Xiaohua", "")]
    # given-first lists, and lists that read either way, keep the Western order
    assert _names("Mingyu Zhao and Xiaohua Li") == [("Zhao", "Mingyu", ""), ("Li", "Xiaohua", "")]
    assert _names("Yang Liu, Wei Zhang") == [("Liu", "Yang", ""), ("Zhang", "Wei", "")]
    assert _names("Kaiming He, Jian Sun") == [("He", "Kaiming", ""), ("Sun", "Jian", "")]


def test_a_group_after_et_al_is_one_more_author() -> None:
    names, etal = split_names("Doe J, Roe R, et al.; ALPHA Study Group")
    assert etal
    assert [n.family or n.literal for n in names] == ["Doe", "Roe", "ALPHA Study Group"]
    names, etal = split_names("Doe J, Roe R, et al. Accra Kernel Expert Group")
    assert etal
    assert names[-1].literal == "Accra Kernel Expert Group"
    names, _ = split_names("Doe J, Roe R, et al.; ALPHA Trial Investigators")
    assert names[-1].literal == "ALPHA Trial Investigators"
    names, etal = split_names("Doe J, Roe R, et al.")
    assert etal
    assert [n.family for n in names] == ["Doe", "Roe"]


@pytest.mark.parametrize(
    "text",
    ["L. Conti (a cura di)", "L. Conti (dir.)", "L. Conti (Org.)", "L. Conti (Hg.)",
     "L. Conti (coord.)", "L. Conti (éd.)", "L. Conti (eds.)"],
)  # fmt: skip
def test_an_editors_mark_in_any_language_is_no_part_of_the_name(text: str) -> None:
    names, _ = split_names(text)
    assert [(n.family, n.given) for n in names] == [("Conti", "L.")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("国家统计局", [("", "", "国家统计局")]),
        (
            "中华人民共和国国家质量监督检验检疫总局",
            [("", "", "中华人民共和国国家质量监督检验检疫总局")],
        ),
        ("山田太郎, 鈴木花子", [("山田", "太郎", ""), ("鈴木", "花子", "")]),
        ("张三, 王小明", [("张", "三", ""), ("王", "小明", "")]),
    ],
)
def test_cjk_bodies_are_one_name_and_four_characters_split_two_and_two(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    names, _ = split_names(text)
    assert [(n.family, n.given, n.literal) for n in names] == expected


@pytest.mark.parametrize(
    "text",
    ["Instituto Brasileiro de Grafos", "Ministère des Graphes", "Universität Graphenstadt",
     "Fundação Grafos"],
)  # fmt: skip
def test_bodies_named_in_other_languages_are_one_name(text: str) -> None:
    names, _ = split_names(text)
    assert [n.literal for n in names] == [text]


def test_any_run_of_white_space_in_a_name_list_reads_as_one_space() -> None:
    plain = split_names("Smith, J. R. and van der Berg, A.")
    for spaced in (
        "  Smith,\tJ.\u00a0R.\n and   van der\u2003Berg, A. ",
        "Smith,\r\nJ. R.\u3000and van\u00a0der Berg,\u2009A.",
    ):
        assert split_names(spaced) == plain


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Spanish "y" and Portuguese "e" join the last name after an initial or a comma
        ("García, M., y López, J.", [("García", "M."), ("López", "J")]),
        ("Silva, J. A. e Santos, M. C.", [("Silva", "J. A."), ("Santos", "M. C")]),
        # German lists part names with a slash
        ("Krause, J./Lange, M.", [("Krause", "J."), ("Lange", "M")]),
        ("Krause, J. / Lange, M.", [("Krause", "J."), ("Lange", "M")]),
        # a two-word family name, then one given name, pair after pair
        ("Fernández Rodríguez, Ana", [("Fernández Rodríguez", "Ana")]),
        (
            "Fernández Rodríguez, Ana, y López García, José",
            [("Fernández Rodríguez", "Ana"), ("López García", "José")],
        ),
        # two names written given name first stay as they were
        ("John Smith, Anna Lee", [("Smith", "John"), ("Lee", "Anna")]),
        # upper-case particles before the initials belong to the family name (GB/T 7714)
        ("VAN DER WALT S J", [("VAN DER WALT", "S J")]),
        ("ODE K, VAN ROSSUM G", [("ODE", "K"), ("VAN ROSSUM", "G")]),
        ("DE SAUSSURE F.", [("DE SAUSSURE", "F")]),
        ("DA SILVA J", [("DA SILVA", "J")]),
        # family names printed first in capitals, with full given names
        ("DUPONT Jean", [("DUPONT", "Jean")]),
        ("MARTIN Claire et DURAND Paul", [("MARTIN", "Claire"), ("DURAND", "Paul")]),
        ("LE GOFF Jacques", [("LE GOFF", "Jacques")]),
        ("ZHANG Wei, LI Na", [("ZHANG", "Wei"), ("LI", "Na")]),
        ("WANG Xiao-Ming", [("WANG", "Xiao-Ming")]),
        # initials in capitals before the family name stay given names
        ("JR Smith", [("Smith", "JR")]),
        # a family name and one given name pair only between commas, never across "and"
        ("Graphson Barry and Ode", [("Barry", "Graphson"), ("Ode", "")]),
        ("藤島亥治郎", [("藤島", "亥治郎")]),
    ],
)
def test_names_as_lists_in_other_languages_and_styles_print_them(
    text: str, expected: list[tuple[str, str]]
) -> None:
    names, _ = split_names(text)
    assert [(n.family, n.given) for n in names] == expected


def test_the_name_separators_split_as_without_their_first_characters() -> None:
    """The "(?=[...])" before ``_AND`` (the characters its matches start with) changes no
    split; and an editors' word ``_EDS_WORD`` removes ends in one of ``_EDS_WORD_ENDS``."""
    import re

    from refmanager.parse.names import _AND, _EDS_WORD, _EDS_WORD_ENDS, _ETAL, _ETAL_ENDS, _SEP

    head = "(?=[\\s,aA&euy\\u548c\\u4e0e])"
    assert _AND.pattern.startswith(head)
    plain = re.compile(_AND.pattern[len(head) :])
    texts = [
        "Smith, J. and Doe, A.",
        "Smith J & Doe A",
        "Müller, H. und Roe, K.",
        "Ode, J., et Roe, R.",
        "Ode J, et al",
        "García, M., y López, J.",
        "Rossi, P., e Bianchi, L.",
        "Ortega y Gasset, J.",
        "王伟和李明",
        "王伟与李明",
        "Anderson, B., Etienne, C. , and  Yates, D.",
        "Sandra Eyre,and Uwe Ely",
        "ODE, V. C., AND ABE, G. R.",
        "ODE, P. AND ABE, R.",
    ]
    sep_head = "(?=[\\s;\\uff0c\\u3001\\u30fb,/])"
    assert _SEP.pattern.startswith(sep_head)
    plain_sep = re.compile(_SEP.pattern[len(sep_head) :])
    texts += [
        "Ode J; Roe R",
        "王伟，李明、张三",
        "山田太郎・鈴木花子",
        "Krause, J./Lange, M.",
        "A/b , C ;D",
    ]
    for text in texts:
        assert _AND.split(text) == plain.split(text), text
        assert _SEP.split(text) == plain_sep.split(text), text
    for text in ("Ode J, Roe R, et al", "Ode J, Roe R etal", "Ode J and others", "王伟, 李明等"):
        m = _ETAL.search(text)
        assert m and m.start() >= len(text) - 16 and text.endswith(_ETAL_ENDS), text
    for text in ("Ode, J., ed.", "Ode J (Eds.", "Ode J, editors", "Ode J, EDITOR", "Ode 编"):
        assert _EDS_WORD.search(text) and text[-1:] in _EDS_WORD_ENDS, text


def test_and_in_capitals_joins_the_last_name() -> None:
    names, _ = split_names("ODE, V. C., AND ABE, G. R.")
    assert [(n.family, n.given) for n in names] == [("ODE", "V. C."), ("ABE", "G. R")]
    names, _ = split_names("ODE, P. AND ABE, R.")
    assert [(n.family, n.given) for n in names] == [("ODE", "P."), ("ABE", "R")]


@pytest.mark.parametrize(
    ("text", "families"),
    [("Lowe and Cheng", ["Lowe", "Cheng"]), ("Ode & Abe", ["Ode", "Abe"]),
     ("Smith and J. Jones", ["Smith", "Jones"]), ("Jones, A. and Smith, B.", ["Jones", "Smith"]),
     ("Ode, Kenji and Rui Abe", ["Ode", "Abe"])],
)  # fmt: skip
def test_no_name_straddles_an_and(text: str, families: list[str]) -> None:
    names, _ = split_names(text)
    assert [n.family for n in names] == families


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # ABNT prints the particle after the given names; Chicago does for "von" and "van"
        ("PEIXOTO, Lívia da; BORGES, Tiago", [("PEIXOTO", "Lívia", "da"), ("BORGES", "Tiago", "")]),
        ("QUEIROZ, Renato Augusto de", [("QUEIROZ", "Renato Augusto", "de")]),
        ("MOTTA, R. T. do", [("MOTTA", "R. T.", "do")]),
        ("Kellerman, Ulrich Friedrich von", [("Kellerman", "Ulrich Friedrich", "von")]),
    ],
)
def test_a_particle_after_the_given_names_stays_with_its_name(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    names, _ = split_names(text)
    assert [(n.family, n.given, n.dropping_particle) for n in names] == expected


def test_a_particle_opening_a_family_name_is_not_cut_off() -> None:
    assert families("Brandão, Ivo, and Clara da Fonte") == ["Brandão", "da Fonte"]


@pytest.mark.parametrize(
    "text",
    ["Kante, R., Knoten, S. u. a.", "Kante, R.; Knoten, S. u.a.", "Kante R, Knoten S y col."],
)
def test_and_others_in_german_and_spanish_close_the_list(text: str) -> None:
    names, etal = split_names(text)
    assert [(n.family, n.given.rstrip(".")) for n in names] == [("Kante", "R"), ("Knoten", "S")]
    assert etal


@pytest.mark.parametrize(
    ("text", "families"),
    [
        ("Odell, R. A., Jr., & St. John, K.", ["Odell", "St. John"]),
        ("Kevin St. John and Mary Ste. Marie", ["St. John", "Ste. Marie"]),
        ("St. John K, Lind B", ["St. John", "Lind"]),
        ("A. St. Clair", ["St. Clair"]),
    ],
)
def test_saint_shortened_opens_a_family_name(text: str, families: list[str]) -> None:
    assert [n.family for n in split_names(text)[0]] == families


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Lungo, Marta e Sera, Davide", [("Lungo", "Marta"), ("Sera", "Davide")]),
     ("Garza, Juan y Lobo, María", [("Garza", "Juan"), ("Lobo", "María")]),
     ("Fonte Ruiz, Ana y Lobo Gil, José", [("Fonte Ruiz", "Ana"), ("Lobo Gil", "José")])],
)  # fmt: skip
def test_e_and_y_between_a_given_name_and_the_next_family_name(
    text: str, expected: list[tuple[str, str]]
) -> None:
    names, _ = split_names(text)
    assert [(n.family, n.given) for n in names] == expected


def test_a_particle_inside_a_given_name_written_after_the_family_name() -> None:
    names, _ = split_names("ARCO, Rita de Cássia; NÓ, Hugo")
    assert [(n.family, n.given) for n in names] == [("ARCO", "Rita de Cássia"), ("NÓ", "Hugo")]


def test_abnt_initials_with_a_particle_among_them() -> None:
    names, _ = split_names("ARCO, J. L. da S.; NÓ, M. de F.")
    assert [n.family for n in names] == ["ARCO", "NÓ"]
    names, _ = split_names("D. ARCO, H. A. NOS et H. NÓ")
    assert [n.family for n in names] == ["ARCO", "NOS", "NÓ"]


@pytest.mark.parametrize(
    ("text", "families"),
    [
        ("Dana Kerr y Paul Vaughn", ["Kerr", "Vaughn"]),
        ("Johannes Odell e Magnus Lind", ["Odell", "Lind"]),
        ("José Ortega y Gasset", ["Gasset"]),  # one name: a single word after "y"
    ],
)
def test_two_names_given_first_joined_by_y_or_e(text: str, families: list[str]) -> None:
    assert [n.family for n in split_names(text)[0]] == families


# the pieces name lists are made of, and the words and marks ``_AND`` reads
_NAME_PIECES = [
    "Ode", "Abe", "Amy", "Rey", "Ana", "Eta", "Undset", "Bennett", "Sandra", "J.", "K", "al",
    "y", "e", "and", "AND", "und", "et", "&", "\u548c", "\u4e0e", "Garc\u00eda", "\u00c9mile",
    " ", "  ", "\t", "\u00a0", ",", ", ", ".", ". ", ";",
]  # fmt: skip


@given(st.lists(st.sampled_from(_NAME_PIECES), max_size=12).map("".join))
@settings(max_examples=1000, deadline=None)
def test_the_quick_test_before_the_and_split_misses_no_match(text: str) -> None:
    # (a speed-only test: wherever the split's pattern matches, the quick test says it may)
    assert _AND.search(text) is None or _may_join(text)


def test_the_quick_test_before_the_and_split() -> None:
    assert not _may_join("Ito M, Lin Q, Park S")  # (no joining word: the list is not split)
    joined = ("Doe J and Roe R", "Ode, K., y Abe, J.", "Li \u548c Wang", "Ode et Abe", "Ode & Abe")
    for text in joined:
        assert _AND.search(text) is not None and _may_join(text)


@pytest.mark.parametrize(
    ("text", "families"),
    [("Park D-H, Zhao Mingyu", ["Park", "Zhao"]),
     ("Odell K, Zhao Mingyu, Lind B", ["Odell", "Zhao", "Lind"])],
)  # fmt: skip
def test_a_pinyin_name_family_first_among_vancouver_names(text: str, families: list[str]) -> None:
    names, _ = split_names(text)
    assert [n.family for n in names] == families


def test_a_natural_order_name_beside_a_pinyin_pair_stays_as_printed() -> None:
    names, _ = split_names("Kerr Odell, Zhao Mingyu")
    assert names[0].family == "Odell"


def test_a_lone_v_closing_the_list_is_the_fifth() -> None:
    names, _ = split_names("Lienhard, John H., V")
    assert [(n.family, n.given, n.suffix) for n in names] == [("Lienhard", "John H.", "V")]


def test_a_publishing_house_named_as_the_author_is_a_body() -> None:
    names, _ = split_names("Graphbook Verlag")
    assert [(n.literal, n.family) for n in names] == [("Graphbook Verlag", "")]
