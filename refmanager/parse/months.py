"""Month names and abbreviations in the languages reference lists print (English, German,
French, Spanish, Portuguese, Italian), and their numbers."""

from __future__ import annotations

from refmanager.parse.features import MONTHS

_ENGLISH_ORDER = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
)
# The other languages' names (and abbreviations) that English's three letters do not give
_OTHER_MONTHS = {
    "januar": 1, "februar": 2, "m\u00e4rz": 3, "juni": 6, "juli": 7, "oktober": 10,
    "dezember": 12, "m\u00e4r": 3, "okt": 10,
    "janvier": 1, "f\u00e9vrier": 2, "mars": 3, "avril": 4, "mai": 5,
    "juin": 6, "juillet": 7, "ao\u00fbt": 8, "septembre": 9, "octobre": 10, "novembre": 11,
    "d\u00e9cembre": 12,
    # French abbreviations (biblatex's French: "févr. 2005", "juil. 2010")
    "janv": 1, "f\u00e9vr": 2, "avr": 4, "juil": 7, "d\u00e9c": 12,
    # Portuguese and Spanish abbreviations ABNT and APA print ("12 mar. 2020", "3 dez. 2019")
    "fev": 2, "abr": 4, "ago": 8, "set": 9, "out": 10, "dez": 12, "ene": 1,
    "dic": 12, "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6,
    "julio": 7, "agosto": 8, "septiembre": 9, "octubre": 10, "noviembre": 11,
    "diciembre": 12, "janeiro": 1, "fevereiro": 2, "mar\u00e7o": 3, "maio": 5, "junho": 6,
    "julho": 7, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7,
    "settembre": 9, "ottobre": 10, "dicembre": 12,
}  # fmt: skip
# Every month's name or abbreviation above, in lower case
ANY_MONTH = MONTHS | frozenset(_OTHER_MONTHS)


def month_number(word: str) -> int | None:
    """The number of a month's name or abbreviation, or None."""
    low = word.lower()
    if low in MONTHS:
        return _ENGLISH_ORDER.index(low[:3]) + 1
    return _OTHER_MONTHS.get(low)
