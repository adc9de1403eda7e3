"""Font decoding for text extraction: the bytes of a shown string -> Unicode text and widths.

This reproduces what pypdf 7.1.1 does (``pypdf.generic._font.Font.from_font_resource``,
``pypdf._cmap`` and ``pypdf._text_extraction.get_text_operands``/``get_display_str``) without
importing the ``pypdf`` package: importing any ``pypdf.x`` module runs pypdf's ``__init__``.
pypdf's data tables (standard encodings, core font metrics, the whole glyph list) are read
from pypdf's own files, lazily, by executing their cached bytecode in a private namespace (see
``_table``); the glyph names of Latin, Greek, math and dingbat glyphs are inline (the whole list
costs ~7 ms to load and is only needed for other names).

Font dictionaries come either from pypdf or from the lean reader (duck typing): names are
``str`` with a leading slash, strings ``str`` or ``bytes``, dictionaries ``dict`` subclasses,
arrays ``list`` subclasses, references and every other object may have ``get_object()``.

Where pypdf would raise (a size limit) or crash on a malformed font, or where reproducing pypdf
would need something we do not have, :func:`load_font` raises :class:`FontUnsupported` and the
caller builds the font with pypdf (:func:`pypdf_font`).
"""

from __future__ import annotations

import re
import sys
from contextlib import suppress

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)


if TYPE_CHECKING:
    from typing import Any, Protocol, TypeGuard

    class _Stream(Protocol):
        def get_data(self) -> bytes | str: ...


__all__ = ["FontUnsupported", "Glyph", "PdfFont", "load_font", "pypdf_font"]

Glyph = tuple[str, float, bool]
"""Per character code: its text (may be "" or several chars), its width, word spacing applies."""


class FontUnsupported(Exception):
    """This font needs what only pypdf can do (or pypdf itself fails on it)."""


# pypdf's limits (pypdf/_cmap.py, pypdf/generic/_font.py).
_MAPPING_LIMIT = 100_000
_CODE_TOKEN_LIMIT = 16  # hex digits of a source code
_STRING_TOKEN_LIMIT = 1024  # hex digits of a destination string
_MAX_CID_WIDTH_RANGE = 65_536
_MAX_WIDTH_ENTRIES = 100_000
_FIXED_PITCH = 1

# pypdf/_cmap.py _predefined_cmap: named CMaps decoded with a Python codec.
_PREDEFINED = {
    "/Identity-H": "utf-16-be",
    "/Identity-V": "utf-16-be",
    "/GB-EUC-H": "gbk",
    "/GB-EUC-V": "gbk",
    "/GBpc-EUC-H": "gb2312",
    "/GBpc-EUC-V": "gb2312",
    "/GBK-EUC-H": "gbk",
    "/GBK-EUC-V": "gbk",
    "/GBK2K-H": "gb18030",
    "/GBK2K-V": "gb18030",
    "/ETen-B5-H": "cp950",
    "/ETen-B5-V": "cp950",
    "/ETenms-B5-H": "cp950",
    "/ETenms-B5-V": "cp950",
    "/UniCNS-UTF16-H": "utf-16-be",
    "/UniCNS-UTF16-V": "utf-16-be",
    "/UniGB-UTF16-H": "utf-16-be",
    "/UniGB-UTF16-V": "utf-16-be",
    "/90ms-RKSJ-H": "cp932",
    "/90ms-RKSJ-V": "cp932",
    "/UniJIS-UTF16-H": "utf-16-be",
    "/UniJIS-UTF16-V": "utf-16-be",
}

_SIMPLE_SUBTYPES = ("/Type1", "/MMType1", "/TrueType", "/Type3")
_STD = "/StandardEncoding"


# --------------------------------------------------------------------------------------------
# Data tables, loaded lazily from pypdf's files without running pypdf/__init__.

_tables: dict[str, object] = {}


class _Stub:
    """Stands in for pypdf's FontDescriptor/CoreFontMetrics when core_font_metrics.py runs."""

    __slots__ = ("kw",)

    def __init__(self, **kw: object) -> None:
        self.kw = kw


class _StubModule:
    CoreFontMetrics = _Stub
    FontDescriptor = _Stub


def _exec_pypdf_file(relative: str) -> dict[str, object]:
    import builtins
    import importlib.util

    spec = importlib.util.find_spec("pypdf")
    locations = spec.submodule_search_locations if spec is not None else None
    if not locations:
        raise FontUnsupported("pypdf's data files are not available")
    path = f"{next(iter(locations))}/{relative}"
    file_spec = importlib.util.spec_from_file_location("_refmanager_pypdf_table", path)
    loader = file_spec.loader if file_spec is not None else None
    get_code = getattr(loader, "get_code", None)
    if get_code is None:
        raise FontUnsupported(f"cannot load {relative}")
    code = get_code("_refmanager_pypdf_table")  # uses pypdf's __pycache__ when it is there
    real_import = builtins.__import__

    def guarded_import(name: str, *args: object, **kwargs: object) -> object:
        if name == "pypdf.generic._font":  # core_font_metrics.py: only two classes
            return _StubModule
        if name.startswith("pypdf"):
            raise FontUnsupported(f"{relative} imports {name}")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    namespace: dict[str, object] = {
        "__builtins__": {**vars(builtins), "__import__": guarded_import},
        "__name__": "_refmanager_pypdf_table",
    }
    exec(code, namespace)  # pypdf's own data file
    return namespace


def _table(name: str) -> object:
    """One of pypdf's tables by name, loaded once."""
    hit = _tables.get(name)
    if hit is not None:
        return hit
    value: object
    if name == "glyphs":
        value = _exec_pypdf_file("_codecs/adobe_glyphs.py")["adobe_glyphs"]
    elif name == _STD:
        value = _exec_pypdf_file("_codecs/std.py")["_std_encoding"]
    elif name == "/Symbol":
        value = _exec_pypdf_file("_codecs/symbol.py")["_symbol_encoding"]
    elif name == "/ZapfDingbats":
        value = _exec_pypdf_file("_codecs/zapfding.py")["_zapfding_encoding"]
    elif name == "/PDFDocEncoding":
        value = _exec_pypdf_file("_codecs/pdfdoc.py")["_pdfdoc_encoding"]
    elif name == "/WinAnsiEncoding":
        value = _fill("cp1252")
    elif name == "/MacRomanEncoding":
        value = _fill("mac_roman")
    elif name == "core":
        raw = _exec_pypdf_file("_codecs/core_font_metrics.py")["CORE_FONT_METRICS"]
        core: dict[str, tuple[int, dict[str, float]]] = {}
        for font_name, metrics in raw.items():  # type: ignore[attr-defined]
            descriptor = metrics.kw["font_descriptor"]
            core[font_name] = (int(descriptor.kw.get("flags", 32)), metrics.kw["character_widths"])
        value = core
    else:
        raise KeyError(name)
    _tables[name] = value
    return value


def _fill(codec: str) -> list[str]:
    out: list[str] = []
    for x in range(256):
        try:
            out.append(bytes((x,)).decode(codec))
        except UnicodeDecodeError:
            out.append(chr(x))
    return out


_CHARSETS = (
    _STD,
    "/WinAnsiEncoding",
    "/MacRomanEncoding",
    "/PDFDocEncoding",
    "/Symbol",
    "/ZapfDingbats",
)


def _charset(name: str) -> list[str]:
    value = _table(name)
    assert isinstance(value, list)
    return list(value)


# Glyph names -> Unicode: the glyph list's entries for Latin, Greek, punctuation, letterlike,
# arrows, math operators, ligatures and the ZapfDingbats names a1..., the same as pypdf's
# (checked by tests/pdf/test_fonts.py). Other names load the whole list (17,404 names, ~7 ms).
_COMMON_NAMES = (
    "/A /AE /AEacute /AEmacron /Aacute /Abreve /Acaron /Acircumflex /Adblgrave /Adieresis "
    "/Adieresismacron /Adotmacron /Agrave /Ainvertedbreve /Alpha /Alphatonos /Amacron /Aogonek "
    "/Aring /Aringacute /Atilde /B /Beta /Bhook /Btopbar /C /Cacute /Ccaron /Ccedilla "
    "/Ccircumflex /Cdot /Cdotaccent /Chi /Chook /D /DZ /DZcaron /Dafrican /Dcaron /Dcroat "
    "/Deicoptic /Delta /Deltagreek /Dhook /Digammagreek /Dslash /Dtopbar /Dz /Dzcaron /E "
    "/Eacute /Ebreve /Ecaron /Ecircumflex /Edblgrave /Edieresis /Edot /Edotaccent /Egrave "
    "/Eightroman /Einvertedbreve /Elevenroman /Emacron /Eng /Eogonek /Eopen /Epsilon "
    "/Epsilontonos /Ereversed /Esh /Eta /Etatonos /Eth /Ezh /Ezhcaron /Ezhreversed /F "
    "/Feicoptic /Fhook /Fiveroman /Fourroman /G /Gacute /Gamma /Gammaafrican /Gangiacoptic "
    "/Gbreve /Gcaron /Gcedilla /Gcircumflex /Gcommaaccent /Gdot /Gdotaccent /Ghook /Gstroke /H "
    "/Hbar /Hcircumflex /Horicoptic /I /IJ /Iacute /Ibreve /Icaron /Icircumflex /Idblgrave "
    "/Idieresis /Idot /Idotaccent /Ifraktur /Igrave /Iinvertedbreve /Imacron /Iogonek /Iota "
    "/Iotaafrican /Iotadieresis /Iotatonos /Istroke /Itilde /J /Jcircumflex /K /Kappa /Kcaron "
    "/Kcedilla /Kcommaaccent /Kheicoptic /Khook /Koppagreek /L /LJ /Lacute /Lambda /Lcaron "
    "/Lcedilla /Lcommaaccent /Ldot /Ldotaccent /Lj /Lslash /M /Mturned /Mu /N /NJ /Nacute "
    "/Ncaron /Ncedilla /Ncommaaccent /Nhookleft /Nineroman /Nj /Ntilde /Nu /O /OE /Oacute "
    "/Obreve /Ocaron /Ocenteredtilde /Ocircumflex /Odblacute /Odblgrave /Odieresis /Ograve "
    "/Ohm /Ohorn /Ohungarumlaut /Oi /Oinvertedbreve /Omacron /Omega /Omegagreek /Omegatonos "
    "/Omicron /Omicrontonos /Oneroman /Oogonek /Oogonekmacron /Oopen /Oslash /Oslashacute "
    "/Ostrokeacute /Otilde /P /Phi /Phook /Pi /Psi /Q /R /Racute /Rcaron /Rcedilla "
    "/Rcommaaccent /Rdblgrave /Rfraktur /Rho /Rinvertedbreve /Rsmallinvertedsuperior /S "
    "/Sacute /Sampigreek /Scaron /Scedilla /Schwa /Scircumflex /Scommaaccent /Sevenroman "
    "/Sheicoptic /Shimacoptic /Sigma /Sixroman /Stigmagreek /T /Tau /Tbar /Tcaron /Tcedilla "
    "/Tcommaaccent /Tenroman /Theta /Thook /Thorn /Threeroman /Tonefive /Tonesix /Tonetwo "
    "/Tretroflexhook /Twelveroman /Tworoman /U /Uacute /Ubreve /Ucaron /Ucircumflex /Udblacute "
    "/Udblgrave /Udieresis /Udieresisacute /Udieresiscaron /Udieresisgrave /Udieresismacron "
    "/Ugrave /Uhorn /Uhungarumlaut /Uinvertedbreve /Umacron /Uogonek /Upsilon "
    "/Upsilonacutehooksymbolgreek /Upsilonafrican /Upsilondieresis "
    "/Upsilondieresishooksymbolgreek /Upsilonhooksymbol /Upsilontonos /Uring /Utilde /V /Vhook "
    "/W /Wcircumflex /X /Xi /Y /Yacute /Ycircumflex /Ydieresis /Yhook /Z /Zacute /Zcaron /Zdot "
    "/Zdotaccent /Zeta /Zstroke /a /aacute /abreve /acaron /acircumflex /acute /acutelowmod "
    "/adblgrave /adieresis /adieresismacron /adotmacron /ae /aeacute /aemacron /agrave "
    "/ainvertedbreve /aleph /allequal /alpha /alphatonos /amacron /ampersand /angle /angstrom "
    "/anoteleia /aogonek /apostrophemod /approaches /approxequal /approxequalorimage "
    "/approximatelyequal /aring /aringacute /arrowboth /arrowdashdown /arrowdashleft "
    "/arrowdashright /arrowdashup /arrowdblboth /arrowdbldown /arrowdblleft /arrowdblright "
    "/arrowdblup /arrowdown /arrowdownleft /arrowdownright /arrowdownwhite /arrowheaddownmod "
    "/arrowheadleftmod /arrowheadrightmod /arrowheadupmod /arrowleft /arrowleftdbl "
    "/arrowleftdblstroke /arrowleftoverright /arrowleftwhite /arrowright /arrowrightdblstroke "
    "/arrowrightoverleft /arrowrightwhite /arrowtableft /arrowtabright /arrowup /arrowupdn "
    "/arrowupdnbse /arrowupdownbase /arrowupleft /arrowupleftofdown /arrowupright "
    "/arrowupwhite /asciicircum /asciitilde /asterisk /asteriskmath /asterism "
    "/asymptoticallyequal /at /atilde /b /backslash /bar /because /beta /betasymbolgreek "
    "/braceleft /braceright /bracketleft /bracketright /breve /brokenbar /bstroke /btopbar "
    "/bullet /bulletoperator /c /cacute /capslock /careof /caron /carriagereturn /ccaron "
    "/ccedilla /ccircumflex /cdot /cdotaccent /cedilla /cent /centigrade /chi /chook "
    "/circlemultiply /circleot /circleplus /circumflex /clickalveolar /clickdental "
    "/clicklateral /clickretroflex /colon /colontriangularhalfmod /colontriangularmod /comma "
    "/commareversedmod /commaturnedmod /congruent /contourintegral /copyright /curlyand "
    "/curlyor /currency /d /dagger /daggerdbl /dblarrowleft /dblarrowright /dblintegral "
    "/dbllowline /dblprimemod /dblverticalbar /dcaron /dcroat /degree /deicoptic /delta "
    "/deltaturned /dialytikatonos /dieresis /dieresistonos /divide /divides /divisionslash "
    "/dmacron /dollar /dotaccent /dotlessi /dotmath /downtackmod /dtopbar /dz /dzcaron /e "
    "/eacute /ebreve /ecaron /ecircumflex /edblgrave /edieresis /edot /edotaccent /egrave "
    "/eight /eightroman /einvertedbreve /element /elevenroman /ellipsis /ellipsisvertical "
    "/emacron /emdash /emptyset /endash /eng /enspace /eogonek /epsilon /epsilontonos /equal "
    "/equivalence /eshreversedloop /estimated /eta /etatonos /eth /eturned /exclam /exclamdbl "
    "/exclamdown /existential /ezhcaron /ezhreversed /ezhtail /f /fahrenheit /feicoptic /ff "
    "/ffi /ffl /fi /figuredash /firsttonechinese /five /fiveeighths /fiveroman /fl /florin "
    "/forall /four /fourroman /fourthtonechinese /fraction /g /gacute /gamma /gammasuperior "
    "/gangiacoptic /gbreve /gcaron /gcedilla /gcircumflex /gcommaaccent /gdot /gdotaccent "
    "/geometricallyequal /germandbls /glottalinvertedstroke /glottalstopmod "
    "/glottalstopreversedmod /glottalstopreversedsuperior /gradient /grave /gravelowmod "
    "/greater /greaterequal /greaterequalorless /greaterorequivalent /greaterorless "
    "/greateroverequal /gstroke /guillemotleft /guillemotright /guilsinglleft /guilsinglright "
    "/h /harpoonleftbarbup /harpoonrightbarbup /hbar /hcircumflex /hhooksuperior /horicoptic "
    "/horizontalbar /hsuperior /hungarumlaut /hv /hyphen /hyphentwo /i /iacute /ibreve /icaron "
    "/icircumflex /idblgrave /idieresis /igrave /iinvertedbreve /ij /ilde /imacron "
    "/imageorapproximatelyequal /increment /infinity /integral /intersection /iogonek /iota "
    "/iotadieresis /iotadieresistonos /iotatonos /itilde /j /jcaron /jcircumflex /jsuperior /k "
    "/kappa /kappasymbolgreek /kcaron /kcedilla /kcommaaccent /kgreenlandic /kheicoptic /khook "
    "/l /lacute /lambda /lambdastroke /lbar /lcaron /lcedilla /lcommaaccent /ldot /ldotaccent "
    "/less /lessequal /lessequalorgreater /lessorequivalent /lessorgreater /lessoverequal /lj "
    "/logicaland /logicalnot /logicalor /longs /lslash /lsquare /m /macron /macronlowmod "
    "/middot /minus /minuscircle /minusmod /minusplus /minute /mu /muchgreater /muchless "
    "/mugreek /multiply /n /nabla /nacute /napostrophe /nbspace /ncaron /ncedilla "
    "/ncommaaccent /nine /nineroman /nj /nlegrightlong /nonbreakingspace /notcontains "
    "/notelement /notelementof /notequal /notgreater /notgreaternorequal /notgreaternorless "
    "/notidentical /notless /notlessnorequal /notparallel /notprecedes /notsubset /notsucceeds "
    "/notsuperset /ntilde /nu /numbersign /numeralsigngreek /numeralsignlowergreek /numero /o "
    "/oacute /obreve /ocaron /ocircumflex /odblacute /odblgrave /odieresis /oe /ogonek /ograve "
    "/ohorn /ohungarumlaut /oi /oinvertedbreve /omacron /omega /omegatonos /omicron "
    "/omicrontonos /one /onedotenleader /oneeighth /onehalf /onequarter /oneroman /onesuperior "
    "/onethird /oogonek /oogonekmacron /ordfeminine /ordmasculine /orthogonal /oslash "
    "/oslashacute /ostrokeacute /otilde /overline /overscore /p /pagedown /pageup /paragraph "
    "/parallel /parenleft /parenright /partialdiff /percent /period /periodcentered "
    "/perpendicular /perthousand /phi /phisymbolgreek /phook /pi /pisymbolgreek /plus "
    "/pluscircle /plusminus /plusmod /precedes /prescription /primemod /primereversed /product "
    "/propersubset /propersuperset /proportion /proportional /psi /q /question /questiondown "
    "/questiongreek /quotedbl /quotedblbase /quotedblleft /quotedblright /quoteleft "
    "/quoteleftreversed /quotereversed /quoteright /quoterightn /quotesinglbase /quotesingle "
    "/r /racute /radical /ratio /rcaron /rcedilla /rcommaaccent /rdblgrave /referencemark "
    "/reflexsubset /reflexsuperset /registered /reversedtilde /rho /rhookturnedsuperior "
    "/rhosymbolgreek /rhotichookmod /rightangle /righttriangle /ring /ringhalfleft "
    "/ringhalfleftcentered /ringhalfright /ringhalfrightcentered /rinvertedbreve "
    "/rturnedsuperior /s /sacute /scaron /scedilla /scircumflex /scommaaccent /second "
    "/secondtonechinese /section /semicolon /seven /seveneighths /sevenroman /sfthyphen "
    "/sheicoptic /shimacoptic /sigma /sigmafinal /sigmalunatesymbolgreek /similar /six "
    "/sixroman /slash /slong /softhyphen /space /spacehackarabic /sterling /subset "
    "/subsetnotequal /subsetorequal /succeeds /suchthat /summation /superset /supersetnotequal "
    "/supersetorequal /t /tackdown /tackleft /tau /tbar /tcaron /tcedilla /tcommaaccent "
    "/telephone /tenroman /thereexists /therefore /theta /thetasymbolgreek /thook /thorn "
    "/three /threeeighths /threequarters /threeroman /threesuperior /tilde /tildeoperator "
    "/timescircle /tonebarextrahighmod /tonebarextralowmod /tonebarhighmod /tonebarlowmod "
    "/tonebarmidmod /tonefive /tonesix /tonetwo /tonos /tpalatalhook /trademark /twelveroman "
    "/two /twodotenleader /twodotleader /tworoman /twostroke /twosuperior /twothirds /u "
    "/uacute /ubreve /ucaron /ucircumflex /udblacute /udblgrave /udieresis /udieresisacute "
    "/udieresiscaron /udieresisgrave /udieresismacron /ugrave /uhorn /uhungarumlaut "
    "/uinvertedbreve /umacron /underscore /underscoredbl /union /universal /uogonek /upsilon "
    "/upsilondieresis /upsilondieresistonos /upsilontonos /uptackmod /uring /utilde /v "
    "/verticalbar /verticallinelowmod /verticallinemod /w /wcircumflex /weierstrass /wsuperior "
    "/wynn /x /xi /xsuperior /y /yacute /ycircumflex /ydieresis /yen /yhook /yotgreek "
    "/ypogegrammeni /yr /ysuperior /z /zacute /zcaron /zdot /zdotaccent /zero "
    "/zerowidthnonjoiner /zerowidthspace /zeta /zstroke /guillemetleft /hyphensoft "
    "/two.superior /three.superior /mu.math /one.superior /guillemetright /kra /fhook "
    "/lt:Gamma /lt:Iota /nlongrightleg /Obar /lt:Upsilon /Hwair /Wynn /Ngrave /ngrave "
    "/Agravedbl /agravedbl /Egravedbl /egravedbl /Igravedbl /igravedbl /Ogravedbl /ogravedbl "
    "/Rgravedbl /rgravedbl /Ugravedbl /ugravedbl /Yogh /yogh /Hcaron /hcaron /Nlongrightleg "
    "/dcurl /Ou /ou /Zhook /zhook /Adot /adot /Ecedilla /ecedilla /Odieresismacron "
    "/odieresismacron /Otildemacron /otildemacron /Odot /odot /Odotmacron /odotmacron /Ymacron "
    "/ymacron /lcurl /ncurl /tcurl /dbdigraph /qpdigraph /Astroke /Cstroke /cstroke /Lbar "
    "/Twithdiagonalstroke /sswashtail /zswashtail /Glottalstop /Bstroke /Ubar /Vturned "
    "/Estroke /estroke /Jstroke /jstroke /Qsmallhooktail /qhooktail /Rstroke /rstroke /Ystroke "
    "/ystroke /hsupmod /hhooksupmod /jsupmod /rsupmod /rturnedsupmod /rhookturnedsupmod "
    "/Rsupinvertedmod /wsupmod /ysupmod /primedblmod /ringhalfrightmod /ringhalfleftmod "
    "/macronmod /acutemod /gravemod /ringhalfrightcentredmod /ringhalfleftcentredmod "
    "/tackupmod /tackdownmod /plussignmod /minussignmod /crossmod /gammasupmod /lsupmod "
    "/ssupmod /xsupmod /glottalstopsupreversedmod /yintonemod /yangtonemod /voicingmod "
    "/unaspiratedmod /apostrophedblmod /arrowheaddownlowmod /arrowheaduplowmod "
    "/arrowheadleftlowmod /arrowheadrightlowmod /ringlowmod /gravemiddlemod /gravedblmiddlemod "
    "/acutedblmiddlemod /tildelowmod /colonraisedmod /tonehighbeginmod /tonehighendmod "
    "/tonelowbeginmod /tonelowendmod /shelfmod /shelfopenmod /arrowleftlowmod /Heta /heta "
    "/Sampiarchaic /sampiarchaic /numeralsign /lownumeralsign /Digammapamphylian "
    "/digammapamphylian /iotasub /sigmalunatereversedsymbol /sigmalunatedottedsymbol "
    "/sigmalunatedottedreversedsymbol /gr:question /Yot /finalsigma /Kaisymbol /betasymbol "
    "/theta.math /Upsilonacutehooksymbol /Upsilonadieresishooksymbol /phi.math /pi.math "
    "/kaisymbol /Koppaarchaic /koppaarchaic /Stigma /stigma /Digamma /digamma /Koppa /koppa "
    "/Sampi /sampi /kappa.math /rhosymbol /sigmalunatesymbol /yot /Thetasymbol "
    "/epsilonlunatesymbol /epsilonreversedlunatesymbol /Sho /sho /Sigmalunatesymbol /San /san "
    "/rhostrokesymbol /Sigmareversedlunatesymbol /Sigmalunatesymboldotted "
    "/Reverseddottedsigmalunatesymbol /enquad /emquad /emspace /threeperemspace "
    "/fourperemspace /sixperemspace /figurespace /punctuationspace /thinspace /hairspace "
    "/lefttorightmark /righttoleftmark /gnrl:hyphen /nonbreakinghyphen /verticalbardbl "
    "/quotedblreversed /triangularbullet /hyphenationpoint /lineseparator /paragraphseparator "
    "/lefttorightembed /righttoleftembed /popdirectionalformatting /lefttorightoverride "
    "/righttoleftoverride /narrownobreakspace /pertenthousandsign /millisecond /minutereversed "
    "/secondreversed /millisecondreversed /caret /interrobang /undertie /charactertie "
    "/caretinsertionpoint /hyphenbullet /bracketleftsquarequill /bracketrightsquarequill "
    "/questiondbl /questionexclamationmark /exclamationquestion /tironiansignet "
    "/pilcrowsignreversed /blackwardsbulletleft /blackwardsbulletright /lowasterisk "
    "/semicolonreversed /closeup /twoasterisksalignedvertically /commercialminussign "
    "/swungdash /invertedundertie /flowerpunctuationmark /threedotpunctuation /quadrupleminute "
    "/fourdotpunctuation /fivedotpunctuation /twodotpunctuation /fourdotmark /dottedcross "
    "/tricolon /verticalfourdots /mediummathematicalspace /wordjoiner /functionapplication "
    "/invisibletimes /invisibleseparator /invisibleplus /lefttorightisolate "
    "/righttoleftisolate /firststrongisolate /popdirectionalisolate /inhibitsymmetricswapping "
    "/activatesymmetricswapping /inhibitarabicformshaping /activatearabicformshaping "
    "/nationaldigitshapes /nominaldigitshapes /accountof /addressedsubject /Cdblstruck "
    "/degreecelsius /centreline /cadauna /euler /scruple /degreefahrenheit /lttr:gscript "
    "/Hscript /Hfraktur /Hdblstruck /planck /plancktwopi /Iscript /Lscript /litre /lbbar "
    "/Ndblstruck /soundcopyright /Pdblstruck /Qdblstruck /Rscript /Rdblstruck /response "
    "/servicemark /versicle /Zdblstruck /ounce /ohm /ohminverted /Zfraktur /iotaturned /kelvin "
    "/Bscript /Cfraktur /escript /Escript /Fscript /Fturned /Mscript /oscript /information "
    "/Qrotated /facsimile /pidblstruck /gammadblstruck /Gammadblstruck /Pidblstruck "
    "/summationdblstruck /Gturnedsans /Lturnedsans /Lreversedsans /Yturnedsans "
    "/Ddblstruckitalic /ddblstruckitalic /edblstruckitalic /idblstruckitalic /jdblstruckitalic "
    "/propertyline /ampersandturned /per /aktieselskab /fturned /forsamaritan /oneseventh "
    "/oneninth /onetenth /onefifth /twofifths /threefifths /fourfifths /onesixth /fivesixths "
    "/onefraction /one.roman /two.roman /three.roman /four.roman /five.roman /six.roman "
    "/seven.roman /eight.roman /nine.roman /ten.roman /eleven.roman /twelve.roman /fifty.roman "
    "/onehundred.roman /fivehundred.roman /onethousand.roman /one.romansmall /two.romansmall "
    "/three.romansmall /four.romansmall /five.romansmall /six.romansmall /seven.romansmall "
    "/eight.romansmall /nine.romansmall /ten.romansmall /eleven.romansmall /twelve.romansmall "
    "/fifty.romansmall /onehundred.romansmall /fivehundred.romansmall /onethousand.romansmall "
    "/onethousandcd.roman /fivethousand.roman /tenthousand.roman /reversedonehundred.roman "
    "/creversed /sixlateform.roman /fiftyearlyform.roman /fiftythousand.roman "
    "/onehundredthousand.roman /zerothirds /turneddigittwo /turneddigitthree /arrowleftright "
    "/arrowupdown /arrowNW /arrowNE /arrowSE /arrowSW /arrowleftstroke /arrowrightstroke "
    "/arrowleftwave /arrowrightwave /arrowlefttwoheaded /arrowuptwoheaded /arrowrighttwoheaded "
    "/arrowdowntwoheaded /arrowlefttail /arrowrighttail /arrowleftfrombar /arrowupfrombar "
    "/arrowrightfrombar /arrowdownfrombar /arrowupdownwithbase /arrowlefthook /arrowrighthook "
    "/arrowleftloop /arrowrightloop /arrowleftrightwave /arrowleftrightstroke /arrowdownzigzag "
    "/arrowleftuptip /arrowrightuptip /arrowleftdowntip /arrowrightdowntip "
    "/arrowrightdowncorner /arrowleftdowncorner /arrowanticlockwisesemicircle "
    "/arrowclockwisesemicircle /arrowlongNWtobar /arrowleftoverrighttobar "
    "/arrowanticlockwiseopencircle /arrowclockwiseopencircle /harpoonleftbarbdown "
    "/harpoonupbarbright /harpoonupbarbleft /harpoonrightbarbdown /harpoondownbarbright "
    "/harpoondownbarbleft /rightarrowoverleftarrow /uparrowleftofdownarrow "
    "/leftarrowoverrightarrow /arrowspairedleft /arrowspairedup /arrowspairedright "
    "/arrowspaireddown /leftharpoonoverrightharpoon /rightharpoonoverleftharpoon "
    "/dblarrowleftstroke /dblarrowleftrightstroke /dblarrowrightstroke /dblarrowup "
    "/dblarrowdown /dblarrowleftright /dblarrowupdown /dblarrowNW /dblarrowNE /dblarrowSE "
    "/dblarrowSW /triplearrowleft /triplearrowright /arrowleftsquiggle /arrowrightsquiggle "
    "/dblstrokearrowup /dblstrokearrowdown /arrowleftdashed /arrowupdashed /arrowrightdashed "
    "/arrowdowndashed /arrowlefttobar /arrowrighttobar /whitearrowleft /whitearrowup "
    "/whitearrowright /whitearrowdown /whitearrowupfrombar /whitearrowonpedestalup "
    "/horizontalbarwhitearrowonpedestalup /verticalbarwhitearrowonpedestalup /whitedblarrowup "
    "/whitedblarrowonpedestalup /whitearrowfromwallright /tocornerarrowNW /tocornerarrowSE "
    "/whitearrowupdown /arrowrightsmallcircle /downwarrowleftofuparrow /threerightarrows "
    "/verticalstrokearrowleft /verticalstrokearrowright /verticalstrokearrowleftright "
    "/verticalsdbltrokearrowleft /verticalsdbltrokearrowright /verticalsdbltrokearrowleftright "
    "/openheadarrowleft /openheadarrowright /openheadarrowleftright /complement "
    "/notexistential /elementsmall /containsasmembersmall /endpro /coproductarray /dotplus "
    "/setminus /ringoperator /math:cuberoot /math:fourthroot /measuredangle /sphericalangle "
    "/doesnotdivide /integraldbl /integraltpl /integralcontour /integralsurface "
    "/integralvolume /integralclockwise /integralcontourclockwise "
    "/integralcontouranticlockwise /dotminus /excess /geometricproportion /homotic "
    "/tildereversed /lazysinverted /sinewave /wreathproduct /nottilde /minustilde "
    "/asympticallyequal /notasympticallyequal /approximatelybutnotactuallyequal "
    "/neirapproximatelynoractuallyequal /notalmostequal /almostequalorequal /tildetpl "
    "/equivalent /geometricallyequivalent /differencebetween /approacheslimit "
    "/approximatelyequalorimage /colonequals /equalscolon /ringinequal /ringequal /corresponds "
    "/estimates /equiangular /starequals /deltaequal /equalbydefinition /measuredby "
    "/questionedequal /strictlyequivalent /lessbutnotequal /greaterbutnotequal /between "
    "/notequivalent /neirlessnorequal /neirgreaternorequal /neirlessnorequivalent "
    "/neirgreaternorequivalent /neirlessnorgreater /neirgreaternorless /precedesorequal "
    "/succeedsorequal /precedesorequivalent /succeedsorequivalent /doesnotprecede "
    "/doesnotsucceed /notasersetup /neirasubsetnorequal /neirasersetnorequalup "
    "/sersetnotequalup /multiset /multisetmultiplication /multisetunion /squareimage "
    "/squareoriginal /squareimageorequal /squareoriginalorequal /squarecap /squarecup "
    "/circledminus /circleddivisionslash /circleddotoperator /circledringoperator "
    "/circledasteriskoperator /circledequals /circleddash /squaredplus /squaredminus "
    "/squaredtimes /squareddotoperator /tackright /tackup /assertion /models /true /forces "
    "/turnstiletplverticalbarright /turnstiledblverticalbarright /doesnotprove /nottrue "
    "/doesnotforce /negatedturnstiledblverticalbarright /precedesunderrelation "
    "/succeedsunderrelation /normalsubgroup /containsasnormalsubgroup /normalsubgroorequalup "
    "/containsasnormalsubgroorequalup /original /image /multimap /hermitianconjugatematrix "
    "/intercalate /xor /nand /nor /anglearcright /triangleright /logicalandarray "
    "/logicalorarray /intersectionarray /unionarray /diamondoperator /staroperator "
    "/divisiontimes /math:bowtie /normalfacrsemidirectproductleft "
    "/normalfacrsemidirectproductright /semidirectproductleft /semidirectproductright "
    "/tildeequalsreversed /curlylogicalor /curlylogicaland /subsetdbl /sersetdblup "
    "/intersectiondbl /uniondbl /pitchfork /equalandparallel /lessdot /greaterdot "
    "/verymuchless /verymuchgreater /equalorless /equalorgreater /equalorprecedes "
    "/equalorsucceeds /doesnotprecedeorequal /doesnotsucceedorequal /notsquareimageorequal "
    "/notsquareoriginalorequal /squareimageornotequal /squareoriginalornotequal "
    "/lessbutnotequivalent /greaterbutnotequivalent /precedesbutnotequivalent "
    "/succeedsbutnotequivalent /notnormalsubgroup /doesnotcontainasnormalsubgroup "
    "/notnormalsubgroorequalup /doesnotcontainasnormalsubgroorequalup /ellipsismidhorizontal "
    "/ellipsisdiagonalupright /ellipsisdiagonaldownright /elementlonghorizontalstroke "
    "/elementverticalbarhorizontalstroke /elementsmallverticalbarhorizontalstroke "
    "/elementdotabove /elementoverbar /elementoverbarsmall /elementunderbar "
    "/elementtwoshorizontalstroke /containslonghorizontalstroke "
    "/containsverticalbarhorizontalstroke /containssmallverticalbarhorizontalstroke "
    "/containsoverbar /containsoverbarsmall /znotationbagmembership /f_f /f_f_i /f_f_l "
    "/longs_t /s_t /arrowdbldownbt /arrowdbluptop /arrowdownbt /arrowuptp /backslashBig "
    "/backslashBigg /backslashbig /backslashbigg /braceleftBig /braceleftBigg /braceleftbig "
    "/braceleftbigg /bracerightBig /bracerightBigg /bracerightbig /bracerightbigg "
    "/bracketleftBig /bracketleftBigg /bracketleftbig /bracketleftbigg /bracketleftmid "
    "/bracketrightBig /bracketrightBigg /bracketrightbig /bracketrightbigg /bracketrightmid "
    "/circleintegraldisplaystyle /circleintegraltextstyle /circumflexWide /circumflexWider "
    "/circumflexWidest /coproductdisplaystyle /coproducttextstyle /integraldisplaystyle "
    "/integraltextstyle /intersectiondisplaystyle /intersectiontextstyle "
    "/logicalanddisplaystyle /logicalandtextstyle /logicalordisplaystyle /logicalortextstyle "
    "/parenleftBig /parenleftBigg /parenleftbig /parenleftbigg /parenleftmid /parenrightBig "
    "/parenrightBigg /parenrightbig /parenrightbigg /parenrightmid /productdisplaystyle "
    "/producttextstyle /radicalBig /radicalBigg /radicalbig /radicalbigg /slashBig /slashBigg "
    "/slashbig /slashbigg /summationdisplaystyle /summationtextstyle /tildeWide /tildeWider "
    "/tildeWidest /uniondisplaystyle /uniontextstyle /cwm /ell /anglearc /vextenddouble "
    "/contintegraltext /contintegraldisplay /summationtext /producttext /integraltext "
    "/uniontext /intersectiontext /logicalandtext /logicalortext /summationdisplay "
    "/productdisplay /integraldisplay /uniondisplay /intersectiondisplay /logicalanddisplay "
    "/logicalordisplay /coproducttext /coproductdisplay /hatwide /hatwider /hatwidest "
    "/tildewide /tildewider /tildewidest /radicalbt /arrowtp /arrowbt /arrowdbltp /arrowdblbt "
    "/diamondmath /circleminus /circledivide /circledot /circlecopyrt /equivasymptotic "
    "/precedesequal /followsequal /lessmuch /greatermuch /follows /arrownortheast "
    "/arrowsoutheast /similarequal /arrownorthwest /arrowsouthwest /prime /owner /triangle "
    "/negationslash /mapsto /Rfractur /Ifractur /latticetop /turnstileleft /turnstileright "
    "/bardbl /arrowbothv /arrowdblbothv /coproduct /unionsq /intersectionsq /subsetsqequal "
    "/supersetsqequal /arrowlefttophalf /arrowleftbothalf /arrowrighttophalf "
    "/arrowrightbothalf /arrowhookleft /arrowhookright /star /tie /Togonek /Dbar /Finv "
    "/Germandblssmall /Gmir /Omegainv /SSsmall /Yen /approxorequal /archleftdown "
    "/archrightdown /arrowparrleftright /arrowparrrightleft /arrowtailleft /arrowtailright "
    "/arrowtripleleft /arrowtripleright /asteriskcentered /beth /circleasterisk /circleequal "
    "/circlering /curlyleft /curlyright /daleth /dbar /dblarrowdwn /dblarrowheadleft "
    "/dblarrowheadright /defines /difference /dividemultiply /downfall /epsiloninv "
    "/equaldotleftright /equaldotrightleft /equalorfollows /equalorsimilar /equalsdots "
    "/followornoteqvlnt /followsorcurly /followsorequal /forcesbar /geomequivalent "
    "/harpoondownleft /harpoondownright /harpoonleftright /harpoonrightleft /harpoonupleft "
    "/harpoonupright /hyphenchar /hyphenminus /intercal /lessdblequal /lessequalgreater "
    "/lessnotdblequal /lessornotdbleql /lessornotequal /lessorsimilar /multicloseleft "
    "/multicloseright /multiopenleft /multiopenright /notapproxequal /notarrowboth "
    "/notarrowleft /notarrowright /notbar /notdblarrowboth /notdblarrowleft /notdblarrowright "
    "/notfollows /notfollowsoreql /notforces /notforcesextra /notgreaterequal /notlessequal "
    "/notsatisfies /notsimilar /notsubseteql /notsubsetoreql /notsuperseteql /notsupersetoreql "
    "/nottriangeqlleft /nottriangeqlright /nottriangleleft /nottriangleright /notturnstile "
    "/orunderscore /precedeornoteqvlnt /precedesorcurly /primereverse /punctdash /rangedash "
    "/revasymptequal /revsimilar /satisfies /squaredot /squareminus /squaremultiply "
    "/squareplus /squiggleleftright /squiggleright /subsetnoteql /supersetdbl /supersetnoteql "
    "/triangleleftequal /trianglerightequal /uprise /a0 /a1 /a2 /a3 /a4 /a5 /a6 /a7 /a8 /a9 "
    "/a10 /a11 /a12 /a13 /a14 /a15 /a16 /a17 /a18 /a19 /a20 /a21 /a22 /a23 /a24 /a25 /a26 /a27 "
    "/a28 /a29 /a30 /a31 /a32 /a33 /a34 /a35 /a36 /a37 /a38 /a39 /a40 /a41 /a42 /a43 /a44 /a45 "
    "/a46 /a47 /a48 /a49 /a50 /a51 /a52 /a53 /a54 /a55 /a56 /a57 /a58 /a59 /a60 /a61 /a62 /a63 "
    "/a64 /a65 /a66 /a67 /a68 /a69 /a70 /a71 /a72 /a73 /a74 /a75 /a76 /a77 /a78 /a79 /a80 /a81 "
    "/a82 /a83 /a84 /a85 /a86 /a87 /a88 /a89 /a90 /a91 /a92 /a93 /a94 /a95 /a96 /a97 /a98 /a99 "
    "/a100 /a101 /a102 /a103 /a104 /a105 /a106 /a107 /a108 /a109 /a110 /a111 /a112 /a113 /a114 "
    "/a115 /a116 /a117 /a118 /a119 /a120 /a121 /a122 /a123 /a124 /a125 /a126 /a127 /a128 /a129 "
    "/a130 /a131 /a132 /a133 /a134 /a135 /a136 /a137 /a138 /a139 /a140 /a141 /a142 /a143 /a144 "
    "/a145 /a146 /a147 /a148 /a149 /a150 /a151 /a152 /a153 /a154 /a155 /a156 /a157 /a158 /a159 "
    "/a160 /a161 /a162 /a163 /a164 /a165 /a166 /a167 /a168 /a169 /a170 /a171 /a172 /a173 /a174 "
    "/a175 /a176 /a177 /a178 /a179 /a180 /a181 /a182 /a183 /a184 /a185 /a186 /a187 /a188 /a189 "
    "/a190 /a191 /a192 /a193 /a194 /a195 /a196 /a197 /a198 /a199 /a200 /a201 /a202 /a203 /a204 "
    "/a205 /a206 /a207 /a208 /a209 /a210 /a211 /a212 /a213 /a214 /a215 /a216 /a217 /a218 /a219 "
    "/a220 /a221 /a222 /a223 /a224 /a225 /a226 /a227 /a228 /a229 /a230 /a231 /a232 /a233 /a234 "
    "/a235 /a236 /a237 /a238 /a239 /a240 /a241 /a242 /a243 /a244 /a245 /a246 /a247 /a248 /a249 "
    "/a250 /a251 /a252 /a253 /a254 /a255 /.notdef "
)
_COMMON_VALUES = (
    "A\xc6\u01fc\u01e2\xc1\u0102\u01cd\xc2\u0200\xc4\u01de\u01e0\xc0\u0202\u0391\u0386\u0100"
    "\u0104\xc5\u01fa\xc3B\u0392\u0181\u0182C\u0106\u010c\xc7\u0108\u010a\u010a\u03a7\u0187D"
    "\u01f1\u01c4\u0189\u010e\u0110\u03ee\u2206\u0394\u018a\u03dc\u0110\u018b\u01f2\u01c5E\xc9"
    "\u0114\u011a\xca\u0204\xcb\u0116\u0116\xc8\u2167\u0206\u216a\u0112\u014a\u0118\u0190\u0395"
    "\u0388\u018e\u01a9\u0397\u0389\xd0\u01b7\u01ee\u01b8F\u03e4\u0191\u2164\u2163G\u01f4\u0393"
    "\u0194\u03ea\u011e\u01e6\u0122\u011c\u0122\u0120\u0120\u0193\u01e4H\u0126\u0124\u03e8I"
    "\u0132\xcd\u012c\u01cf\xce\u0208\xcf\u0130\u0130\u2111\xcc\u020a\u012a\u012e\u0399\u0196"
    "\u03aa\u038a\u0197\u0128J\u0134K\u039a\u01e8\u0136\u0136\u03e6\u0198\u03deL\u01c7\u0139"
    "\u039b\u013d\u013b\u013b\u013f\u013f\u01c8\u0141M\u019c\u039cN\u01ca\u0143\u0147\u0145"
    "\u0145\u019d\u2168\u01cb\xd1\u039dO\u0152\xd3\u014e\u01d1\u019f\xd4\u0150\u020c\xd6\xd2"
    "\u2126\u01a0\u0150\u01a2\u020e\u014c\u2126\u03a9\u038f\u039f\u038c\u2160\u01ea\u01ec\u0186"
    "\xd8\u01fe\u01fe\xd5P\u03a6\u01a4\u03a0\u03a8QR\u0154\u0158\u0156\u0156\u0210\u211c\u03a1"
    "\u0212\u02b6S\u015a\u03e0\u0160\u015e\u018f\u015c\u0218\u2166\u03e2\u03ec\u03a3\u2165"
    "\u03daT\u03a4\u0166\u0164\u0162\u0162\u2169\u0398\u01ac\xde\u2162\u01bc\u0184\u01a7\u01ae"
    "\u216b\u2161U\xda\u016c\u01d3\xdb\u0170\u0214\xdc\u01d7\u01d9\u01db\u01d5\xd9\u01af\u0170"
    "\u0216\u016a\u0172\u03a5\u03d3\u01b1\u03ab\u03d4\u03d2\u038e\u016e\u0168V\u01b2W\u0174X"
    "\u039eY\xdd\u0176\u0178\u01b3Z\u0179\u017d\u017b\u017b\u0396\u01b5a\xe1\u0103\u01ce\xe2"
    "\xb4\u02cf\u0201\xe4\u01df\u01e1\xe6\u01fd\u01e3\xe0\u0203\u2135\u224c\u03b1\u03ac\u0101&"
    "\u2220\u212b\u0387\u0105\u02bc\u2250\u2248\u2252\u2245\xe5\u01fb\u2194\u21e3\u21e0\u21e2"
    "\u21e1\u21d4\u21d3\u21d0\u21d2\u21d1\u2193\u2199\u2198\u21e9\u02c5\u02c2\u02c3\u02c4\u2190"
    "\u21d0\u21cd\u21c6\u21e6\u2192\u21cf\u21c4\u21e8\u21e4\u21e5\u2191\u2195\u21a8\u21a8\u2196"
    "\u21c5\u2197\u21e7^~*\u2217\u2042\u2243@\xe3b\\|\u2235\u03b2\u03d0{}[]\u02d8\xa6\u0180"
    "\u0183\u2022\u2219c\u0107\u21ea\u2105\u02c7\u21b5\u010d\xe7\u0109\u010b\u010b\xb8\xa2"
    "\u2103\u03c7\u0188\u2297\u2299\u2295\u02c6\u01c2\u01c0\u01c1\u01c3:\u02d1\u02d0,\u02bd"
    "\u02bb\u2245\u222e\xa9\u22cf\u22ce\xa4d\u2020\u2021\u21d4\u21d2\u222c\u2017\u02ba\u2016"
    "\u010f\u0111\xb0\u03ef\u03b4\u018d\u0385\xa8\u0385\xf7\u2223\u2215\u0111$\u02d9\u0131"
    "\u22c5\u02d5\u018c\u01f3\u01c6e\xe9\u0115\u011b\xea\u0205\xeb\u0117\u0117\xe88\u2177\u0207"
    "\u2208\u217a\u2026\u22ee\u0113\u2014\u2205\u2013\u014b\u2002\u0119\u03b5\u03ad=\u2261"
    "\u01aa\u212e\u03b7\u03ae\xf0\u01dd!\u203c\xa1\u2203\u01ef\u01b9\u01baf\u2109\u03e5\ufb00"
    "\ufb03\ufb04\ufb01\u2012\u02c95\u215d\u2174\ufb02\u0192\u22004\u2173\u02cb\u2044g\u01f5"
    "\u03b3\u02e0\u03eb\u011f\u01e7\u0123\u011d\u0123\u0121\u0121\u2251\xdf\u01be\u02c0\u02c1"
    "\u02e4\u2207`\u02ce>\u2265\u22db\u2273\u2277\u2267\u01e5\xab\xbb\u2039\u203ah\u21bc\u21c0"
    "\u0127\u0125\u02b1\u03e9\u2015\u02b0\u02dd\u0195-\u2010i\xed\u012d\u01d0\xee\u0209\xef\xec"
    "\u020b\u0133\u02dc\u012b\u2253\u2206\u221e\u222b\u2229\u012f\u03b9\u03ca\u0390\u03af\u0129"
    "j\u01f0\u0135\u02b2k\u03ba\u03f0\u01e9\u0137\u0137\u0138\u03e7\u0199l\u013a\u03bb\u019b"
    "\u019a\u013e\u013c\u013c\u0140\u0140<\u2264\u22da\u2272\u2276\u2266\u01c9\u2227\xac\u2228"
    "\u017f\u0142\u2113m\xaf\u02cd\xb7\u2212\u2296\u02d7\u2213\u2032\xb5\u226b\u226a\u03bc\xd7n"
    "\u2207\u0144\u0149\xa0\u0148\u0146\u01469\u2178\u01cc\u019e\xa0\u220c\u2209\u2209\u2260"
    "\u226f\u2271\u2279\u2262\u226e\u2270\u2226\u2280\u2284\u2281\u2285\xf1\u03bd#\u0374\u0375"
    "\u2116o\xf3\u014f\u01d2\xf4\u0151\u020d\xf6\u0153\u02db\xf2\u01a1\u0151\u01a3\u020f\u014d"
    "\u03c9\u03ce\u03bf\u03cc1\u2024\u215b\xbd\xbc\u2170\xb9\u2153\u01eb\u01ed\xaa\xba\u221f"
    "\xf8\u01ff\u01ff\xf5\u203e\xafp\u21df\u21de\xb6\u2225()\u2202%.\xb7\u22a5\u2030\u03c6"
    "\u03d5\u01a5\u03c0\u03d6+\u2295\xb1\u02d6\u227a\u211e\u02b9\u2035\u220f\u2282\u2283\u2237"
    "\u221d\u03c8q?\xbf\u037e\"\u201e\u201c\u201d\u2018\u201b\u201b\u2019\u0149\u201a'r\u0155"
    "\u221a\u2236\u0159\u0157\u0157\u0211\u203b\u2286\u2287\xae\u223d\u03c1\u02b5\u03f1\u02de"
    "\u221f\u22bf\u02da\u02bf\u02d3\u02be\u02d2\u0213\u02b4s\u015b\u0161\u015f\u015d\u0219"
    "\u2033\u02ca\xa7;7\u215e\u2176\xad\u03e3\u03ed\u03c3\u03c2\u03f2\u223c6\u2175/\u017f\xad  "
    "\xa3\u2282\u228a\u2286\u227b\u220b\u2211\u2283\u228b\u2287t\u22a4\u22a3\u03c4\u0167\u0165"
    "\u0163\u0163\u2121\u2179\u2203\u2234\u03b8\u03d1\u01ad\xfe3\u215c\xbe\u2172\xb3\u02dc"
    "\u223c\u2297\u02e5\u02e9\u02e6\u02e8\u02e7\u01bd\u0185\u01a8\u0384\u01ab\u2122\u217b2"
    "\u2025\u2025\u2171\u01bb\xb2\u2154u\xfa\u016d\u01d4\xfb\u0171\u0215\xfc\u01d8\u01da\u01dc"
    "\u01d6\xf9\u01b0\u0171\u0217\u016b_\u2017\u222a\u2200\u0173\u03c5\u03cb\u03b0\u03cd\u02d4"
    "\u016f\u0169v|\u02cc\u02c8w\u0175\u2118\u02b7\u01bfx\u03be\u02e3y\xfd\u0177\xff\xa5\u01b4"
    "\u03f3\u037a\u01a6\u02b8z\u017a\u017e\u017c\u017c0\u200c\u200b\u03b6\u01b6\xab\xad\xb2\xb3"
    "\xb5\xb9\xbb\u0138\u0192\u0194\u0196\u019e\u019f\u01b1\u01f6\u01f7\u01f8\u01f9\u0200\u0201"
    "\u0204\u0205\u0208\u0209\u020c\u020d\u0210\u0211\u0214\u0215\u021c\u021d\u021e\u021f\u0220"
    "\u0221\u0222\u0223\u0224\u0225\u0226\u0227\u0228\u0229\u022a\u022b\u022c\u022d\u022e\u022f"
    "\u0230\u0231\u0232\u0233\u0234\u0235\u0236\u0238\u0239\u023a\u023b\u023c\u023d\u023e\u023f"
    "\u0240\u0241\u0243\u0244\u0245\u0246\u0247\u0248\u0249\u024a\u024b\u024c\u024d\u024e\u024f"
    "\u02b0\u02b1\u02b2\u02b3\u02b4\u02b5\u02b6\u02b7\u02b8\u02ba\u02be\u02bf\u02c9\u02ca\u02cb"
    "\u02d2\u02d3\u02d4\u02d5\u02d6\u02d7\u02df\u02e0\u02e1\u02e2\u02e3\u02e4\u02ea\u02eb\u02ec"
    "\u02ed\u02ee\u02ef\u02f0\u02f1\u02f2\u02f3\u02f4\u02f5\u02f6\u02f7\u02f8\u02f9\u02fa\u02fb"
    "\u02fc\u02fd\u02fe\u02ff\u0370\u0371\u0372\u0373\u0374\u0375\u0376\u0377\u037a\u037b\u037c"
    "\u037d\u037e\u037f\u03c2\u03cf\u03d0\u03d1\u03d3\u03d4\u03d5\u03d6\u03d7\u03d8\u03d9\u03da"
    "\u03db\u03dc\u03dd\u03de\u03df\u03e0\u03e1\u03f0\u03f1\u03f2\u03f3\u03f4\u03f5\u03f6\u03f7"
    "\u03f8\u03f9\u03fa\u03fb\u03fc\u03fd\u03fe\u03ff\u2000\u2001\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u200e\u200f\u2010\u2011\u2016\u201f\u2023\u2027\u2028\u2029\u202a\u202b"
    "\u202c\u202d\u202e\u202f\u2031\u2034\u2035\u2036\u2037\u2038\u203d\u203f\u2040\u2041\u2043"
    "\u2045\u2046\u2047\u2048\u2049\u204a\u204b\u204c\u204d\u204e\u204f\u2050\u2051\u2052\u2053"
    "\u2054\u2055\u2056\u2057\u2058\u2059\u205a\u205b\u205c\u205d\u205e\u205f\u2060\u2061\u2062"
    "\u2063\u2064\u2066\u2067\u2068\u2069\u206a\u206b\u206c\u206d\u206e\u206f\u2100\u2101\u2102"
    "\u2103\u2104\u2106\u2107\u2108\u2109\u210a\u210b\u210c\u210d\u210e\u210f\u2110\u2112\u2113"
    "\u2114\u2115\u2117\u2119\u211a\u211b\u211d\u211f\u2120\u2123\u2124\u2125\u2126\u2127\u2128"
    "\u2129\u212a\u212c\u212d\u212f\u2130\u2131\u2132\u2133\u2134\u2139\u213a\u213b\u213c\u213d"
    "\u213e\u213f\u2140\u2141\u2142\u2143\u2144\u2145\u2146\u2147\u2148\u2149\u214a\u214b\u214c"
    "\u214d\u214e\u214f\u2150\u2151\u2152\u2155\u2156\u2157\u2158\u2159\u215a\u215f\u2160\u2161"
    "\u2162\u2163\u2164\u2165\u2166\u2167\u2168\u2169\u216a\u216b\u216c\u216d\u216e\u216f\u2170"
    "\u2171\u2172\u2173\u2174\u2175\u2176\u2177\u2178\u2179\u217a\u217b\u217c\u217d\u217e\u217f"
    "\u2180\u2181\u2182\u2183\u2184\u2185\u2186\u2187\u2188\u2189\u218a\u218b\u2194\u2195\u2196"
    "\u2197\u2198\u2199\u219a\u219b\u219c\u219d\u219e\u219f\u21a0\u21a1\u21a2\u21a3\u21a4\u21a5"
    "\u21a6\u21a7\u21a8\u21a9\u21aa\u21ab\u21ac\u21ad\u21ae\u21af\u21b0\u21b1\u21b2\u21b3\u21b4"
    "\u21b5\u21b6\u21b7\u21b8\u21b9\u21ba\u21bb\u21bd\u21be\u21bf\u21c1\u21c2\u21c3\u21c4\u21c5"
    "\u21c6\u21c7\u21c8\u21c9\u21ca\u21cb\u21cc\u21cd\u21ce\u21cf\u21d1\u21d3\u21d4\u21d5\u21d6"
    "\u21d7\u21d8\u21d9\u21da\u21db\u21dc\u21dd\u21de\u21df\u21e0\u21e1\u21e2\u21e3\u21e4\u21e5"
    "\u21e6\u21e7\u21e8\u21e9\u21ea\u21eb\u21ec\u21ed\u21ee\u21ef\u21f0\u21f1\u21f2\u21f3\u21f4"
    "\u21f5\u21f6\u21f7\u21f8\u21f9\u21fa\u21fb\u21fc\u21fd\u21fe\u21ff\u2201\u2204\u220a\u220d"
    "\u220e\u2210\u2214\u2216\u2218\u221b\u221c\u2221\u2222\u2224\u222c\u222d\u222e\u222f\u2230"
    "\u2231\u2232\u2233\u2238\u2239\u223a\u223b\u223d\u223e\u223f\u2240\u2241\u2242\u2243\u2244"
    "\u2246\u2247\u2249\u224a\u224b\u224d\u224e\u224f\u2250\u2252\u2254\u2255\u2256\u2257\u2258"
    "\u2259\u225a\u225b\u225c\u225d\u225e\u225f\u2263\u2268\u2269\u226c\u226d\u2270\u2271\u2274"
    "\u2275\u2278\u2279\u227c\u227d\u227e\u227f\u2280\u2281\u2285\u2288\u2289\u228b\u228c\u228d"
    "\u228e\u228f\u2290\u2291\u2292\u2293\u2294\u2296\u2298\u2299\u229a\u229b\u229c\u229d\u229e"
    "\u229f\u22a0\u22a1\u22a2\u22a5\u22a6\u22a7\u22a8\u22a9\u22aa\u22ab\u22ac\u22ad\u22ae\u22af"
    "\u22b0\u22b1\u22b2\u22b3\u22b4\u22b5\u22b6\u22b7\u22b8\u22b9\u22ba\u22bb\u22bc\u22bd\u22be"
    "\u22bf\u22c0\u22c1\u22c2\u22c3\u22c4\u22c6\u22c7\u22c8\u22c9\u22ca\u22cb\u22cc\u22cd\u22ce"
    "\u22cf\u22d0\u22d1\u22d2\u22d3\u22d4\u22d5\u22d6\u22d7\u22d8\u22d9\u22dc\u22dd\u22de\u22df"
    "\u22e0\u22e1\u22e2\u22e3\u22e4\u22e5\u22e6\u22e7\u22e8\u22e9\u22ea\u22eb\u22ec\u22ed\u22ef"
    "\u22f0\u22f1\u22f2\u22f3\u22f4\u22f5\u22f6\u22f7\u22f8\u22f9\u22fa\u22fb\u22fc\u22fd\u22fe"
    "\u22ff\ufb00\ufb03\ufb04\ufb05\ufb06\u21d3\u21d1\u2193\u2191\\\\\\\\{{{{}}}}[[[[[]]]]]"
    "\u222e\u222e^^^\u2210\u2210\u222b\u222b\u22c2\u22c2\u22c0\u22c0\u22c1\u22c1((((()))))"
    "\u220f\u220f\u221a\u221a\u221a\u221a////\u2211\u2211\u02dc\u02dc\u02dc\u22c3\u22c3\u200b"
    "\u2113\u22be\u2016\u222e\u222e\u2211\u220f\u222b\u22c3\u22c2\u22c0\u22c1\u2211\u220f\u222b"
    "\u22c3\u22c2\u22c0\u22c1\u2210\u2210\u02c6\u02c6\u02c6~~~\u221a\u2191\u2193\u21d1\u21d3"
    "\u22c4\u2296\u2298\u2299\xa9\u224d\u227c\u227d\u226a\u226b\u227b\u2197\u2198\u2243\u2196"
    "\u2199\u2032\u220b\u2206\u2044\u21a6\u211c\u2111\u22a4\u22a3\u22a2\u2016\u2195\u21d5\u2210"
    "\u2294\u2293\u2291\u2292\u21bc\u21bd\u21c0\u21c1\u21aa\u21a9\u22c6\u2040\u0162\u0110\u2132"
    "\xdf\u2141\u2127\xdf\xa5\u224a\u21b6\u21b7\u21c6\u21c4\u21a2\u21a3\u21da\u21db\u2217\u2136"
    "\u229b\u229c\u229a\u21ab\u21ac\u2138\u0111\u21ca\u219e\u21a0\u225c\u224f\u22c7\u22ce\u03f6"
    "\u2252\u2253\u22df\u2242\u2251\u22e9\u227d\u227f\u22aa\u224e\u21c3\u21c2\u21cb\u21cc\u21bf"
    "\u21be--\u22ba\u2266\u22da\u2268\u2268\u2268\u2272\u22c9\u22ca\u22cb\u22cc\u2247\u21ae"
    "\u219a\u219b\u2224\u21ce\u21cd\u21cf\u2281\u22e1\u22ae\u22af\u2271\u2270\u22ad\u2241\u2288"
    "\u228a\u2289\u228b\u22ec\u22ed\u22ea\u22eb\u22ac\u22bb\u22e8\u227c\u2035\u2014\u2013\u22cd"
    "\u223d\u22a8\u22a1\u229f\u22a0\u229e\u21ad\u219d\u228a\u22d1\u228b\u22b4\u22b5\u22cf\x00"
    "\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18"
    "\x19\x1a\x1b\x1c\x1d\x1e\x1f !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ["
    "\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b"
    "\x8c\x8d\x8e\x8f\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f\xa0\xa1"
    "\xa2\xa3\xa4\xa5\xa6\xa7\xa8\xa9\xaa\xab\xac\xad\xae\xaf\xb0\xb1\xb2\xb3\xb4\xb5\xb6\xb7"
    "\xb8\xb9\xba\xbb\xbc\xbd\xbe\xbf\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7\xc8\xc9\xca\xcb\xcc\xcd"
    "\xce\xcf\xd0\xd1\xd2\xd3\xd4\xd5\xd6\xd7\xd8\xd9\xda\xdb\xdc\xdd\xde\xdf\xe0\xe1\xe2\xe3"
    "\xe4\xe5\xe6\xe7\xe8\xe9\xea\xeb\xec\xed\xee\xef\xf0\xf1\xf2\xf3\xf4\xf5\xf6\xf7\xf8\xf9"
    "\xfa\xfb\xfc\xfd\xfe\xff\u25a1"
)


_common: dict[str, str] = {}


def _glyphs() -> dict[str, str]:
    value = _table("glyphs")
    assert isinstance(value, dict)
    return value


def _load_common() -> None:
    _common.update(zip("".join(_COMMON_NAMES).split(), "".join(_COMMON_VALUES), strict=True))


def _glyph(name: str) -> str | None:
    """The glyph list's entry for a name ("/ff"); the whole list is loaded only when needed."""
    if not _common:
        _load_common()
    hit = _common.get(name)
    return hit if hit is not None else _glyphs().get(name)


def _glyph_name_to_unicode(glyph_name: str) -> str | None:
    """pypdf._cmap._glyph_name_to_unicode."""
    hit = _glyph(glyph_name)
    if hit is not None:
        return hit
    if glyph_name.startswith("/uni"):
        code_point = glyph_name[4:]
    elif glyph_name.startswith("/u"):
        code_point = glyph_name[2:]
    else:
        return None
    try:
        return chr(int(code_point, 16))
    except ValueError:
        return None


# --------------------------------------------------------------------------------------------
# Object model helpers.


def resolve(x: Any) -> Any:
    """The object behind an indirect reference, for either reader's objects (pypdf's
    objects all have ``get_object()``; the lean reader's references, dictionaries, arrays,
    streams and names have it); any other value as it is."""
    get_object = getattr(x, "get_object", None)
    return get_object() if get_object is not None else x


_PLAIN = (str, bytes, int, float, dict, list)


def _is_ref(x: object) -> bool:
    """An unresolved indirect reference (pypdf IndirectObject, lean Ref)."""
    return x is not None and hasattr(x, "get_object") and not isinstance(x, _PLAIN)


def _is_number(x: object) -> TypeGuard[int | float]:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _is_dict(x: object) -> TypeGuard[dict[object, object]]:
    return isinstance(x, dict)


def _is_stream(x: object) -> TypeGuard[_Stream]:
    return hasattr(x, "get_data")


def _stream_bytes(stream: _Stream) -> bytes:
    data = stream.get_data()
    return data.encode() if isinstance(data, str) else bytes(data)


# --------------------------------------------------------------------------------------------
# The font.


class PdfFont:
    """A font ready to decode shown strings, built by :func:`load_font` or :func:`pypdf_font`.

    ``name``: /BaseFont without the slash ("" if none). ``mapped``: False for a Type0 font
    without /ToUnicode (its text is glyph ids). ``vertical``: an Identity-V-like CMap.
    ``width_scale``: the factor applied to pypdf's widths in :meth:`decode` (Type3:
    ``1000 * FontMatrix[0]``, otherwise 1.0); divide by it to get pypdf's own numbers.
    The other attributes are pypdf's: ``encoding`` (simple fonts: the text of each byte),
    ``codec`` (other fonts), ``char_map`` (ToUnicode), ``widths`` (by character, with
    "default"), ``space_char`` and ``space_width``.
    """

    __slots__ = (
        "_cache",
        "char_map",
        "codec",
        "encoding",
        "mapped",
        "name",
        "space_char",
        "space_width",
        "vertical",
        "width_scale",
        "widths",
    )

    def __init__(
        self,
        *,
        name: str,
        mapped: bool,
        vertical: bool,
        encoding: list[str] | None,
        codec: str,
        char_map: dict[str, str],
        widths: dict[str, float],
        space_char: str,
        space_width: float,
        width_scale: float = 1.0,
    ) -> None:
        self.name = name
        self.mapped = mapped
        self.vertical = vertical
        self.encoding = encoding  # simple font: 256 strings per byte; else None and ``codec``
        self.codec = codec
        self.char_map = char_map
        self.widths = widths  # by character (pypdf keys), plus "default"
        self.space_char = space_char
        self.space_width = space_width
        self.width_scale = width_scale
        self._cache: dict[object, Glyph] = {}

    def _width(self, char: str) -> float:
        if char == self.space_char:
            return float(self.space_width) * self.width_scale
        widths = self.widths
        return float(widths.get(char, widths["default"])) * self.width_scale

    def _text(self, decoded: str) -> str:
        char_map = self.char_map
        if not char_map:
            return decoded
        if len(decoded) == 1:
            return char_map.get(decoded, decoded)
        return "".join([char_map.get(c, c) for c in decoded])

    def decode(self, data: bytes) -> list[Glyph]:
        """Per character code in ``data``: (text, width in 1/1000 text space unit, is code 32).

        Simple fonts: one entry per byte. Other fonts: one entry per character of the string
        decoded with the font's codec, as pypdf iterates them (a UTF-16 surrogate pair is one;
        bytes a codec cannot decode give U+FFFD, as in pypdf).
        """
        cache = self._cache
        encoding = self.encoding
        out: list[Glyph] = []
        append = out.append
        if encoding is not None:
            for byte in data:
                glyph = cache.get(byte)
                if glyph is None:
                    glyph = (self._text(encoding[byte]), self._width(chr(byte)), byte == 32)
                    cache[byte] = glyph
                append(glyph)
            return out
        try:
            text = data.decode(self.codec, "surrogatepass")
        except UnicodeDecodeError:
            text = data.decode(self.codec, "replace")
        # In the ASCII-compatible codecs (cp932, gbk, ...) " " is the single-byte code 32.
        ascii_space = self.codec != "utf-16-be"
        for char in text:
            glyph = cache.get(char)
            if glyph is None:
                glyph = (self._text(char), self._width(char), ascii_space and char == " ")
                cache[char] = glyph
            append(glyph)
        return out

    def operand_length(self, data: bytes) -> int:
        """len() of pypdf's decoded operand (pypdf adds Tc once per character of it)."""
        if self.encoding is not None:
            encoding = self.encoding
            return sum([len(encoding[b]) for b in data])
        try:
            return len(data.decode(self.codec, "surrogatepass"))
        except UnicodeDecodeError:
            return len(data.decode(self.codec, "replace"))


# --------------------------------------------------------------------------------------------
# Encoding (pypdf._cmap._parse_encoding).


def _parse_encoding(ft: dict[object, object], subtype: object) -> list[str] | str:
    if "/Encoding" not in ft:
        base_font = resolve(ft.get("/BaseFont"))
        if isinstance(base_font, str) and base_font in _CHARSETS:
            return _charset(str(base_font))
        return _charset(_STD)
    enc = resolve(ft.get("/Encoding"))
    encoding: list[str] | str
    if isinstance(enc, bytes):  # a string (the lean reader): pypdf reads it as a name
        try:
            enc = enc.decode("ascii")
        except UnicodeDecodeError:
            raise FontUnsupported("/Encoding is a non-ASCII string") from None
    if isinstance(enc, str):
        if enc in _CHARSETS:
            return _charset(enc)
        if enc in _PREDEFINED:
            return _PREDEFINED[enc]
        if "-UCS2-" in enc:
            return "utf-16-be"
        return "utf-16-be" if subtype == "/Type0" else _charset(_STD)
    if _is_dict(enc) and "/BaseEncoding" in enc:
        base = resolve(enc.get("/BaseEncoding"))
        if isinstance(base, (list, dict)):
            raise FontUnsupported("/BaseEncoding is not a name")
        encoding = _charset(base) if isinstance(base, str) and base in _CHARSETS else _charset(_STD)
    else:
        encoding = _charset(_STD)
    if _is_dict(enc) and "/Differences" in enc:
        _apply_differences(encoding, resolve(enc.get("/Differences")))
    return encoding


def _apply_differences(encoding: list[str], differences: object) -> None:
    if not isinstance(differences, list):
        return  # pypdf: warning, no differences
    if len(differences) > _MAX_WIDTH_ENTRIES:
        raise FontUnsupported("huge /Differences")
    x = 0
    if not _common:
        _load_common()
    common = _common
    for o in differences:
        if isinstance(o, str):
            if not o.startswith("/"):
                raise FontUnsupported("/Differences holds a string")
            if x < 256:
                if x < -256:
                    raise FontUnsupported("/Differences code out of range")
                hit = common.get(o)
                encoding[x] = hit if hit is not None else (_glyph_name_to_unicode(o) or o)
            x += 1
        elif isinstance(o, int) and not isinstance(o, bool):
            x = o
        else:
            raise FontUnsupported("/Differences holds a value pypdf cannot use")


# --------------------------------------------------------------------------------------------
# ToUnicode CMaps (pypdf._cmap._parse_to_unicode and helpers).


def _prepare_cm(cm: bytes) -> bytes:
    cm = (
        cm.strip()
        .replace(b"beginbfchar", b"\nbeginbfchar\n")
        .replace(b"endbfchar", b"\nendbfchar\n")
        .replace(b"beginbfrange", b"\nbeginbfrange\n")
        .replace(b"endbfrange", b"\nendbfrange\n")
        .replace(b"<<", b"\n{\n")
        .replace(b">>", b"\n}\n")
    )
    parts = cm.split(b"<")
    for i, part in enumerate(parts):
        j = part.find(b">")
        if j >= 0:
            content = b"." if j == 0 else part[:j].replace(b" ", b"")
            parts[i] = content + b" " + part[j + 1 :]
    return b" ".join(parts).replace(b"[", b" [ ").replace(b"]", b" ]\n ").replace(b"\r", b"\n")


class _HexError(ValueError):
    """binascii.Error's place (binascii costs 0.5 ms to import)."""


_WHITESPACE = b" \t\n\r\x0b\x0c"


def _unhex(token: bytes) -> bytes:
    """binascii.unhexlify: no whitespace, an even number of hex digits."""
    if len(token) % 2 or token.translate(None, _WHITESPACE) != token:
        raise _HexError("not a hex string")
    try:
        return bytes.fromhex(token.decode("latin-1"))
    except ValueError:
        raise _HexError("not a hex string") from None


class _CMap:
    __slots__ = ("codes", "map", "nbytes")

    def __init__(self) -> None:
        self.map: dict[str, str] = {}
        self.codes: list[int] = []
        self.nbytes = 0  # pypdf's map_dict[-1]


def _check_size(size: int) -> None:
    if size > _MAPPING_LIMIT:
        raise FontUnsupported(f"/ToUnicode too large: {size}")


def _check_token(token: bytes, limit: int) -> None:
    if len(token) > limit:
        raise FontUnsupported("/ToUnicode token too long")


def _key(cm: _CMap, code: int) -> str:
    if cm.nbytes == 1:
        return code.to_bytes(1, "big").decode("latin-1")
    return code.to_bytes(cm.nbytes, "big").decode("utf-16-be", "surrogatepass")


def _parse_bfrange(
    line: bytes, cm: _CMap, multiline: tuple[int, int] | None
) -> tuple[int, int] | None:
    lst = line.split()
    closed = False
    count = len(cm.codes)
    _check_size(count)
    mapping = cm.map
    codes = cm.codes
    if multiline is not None:
        a, b = multiline
        for sq in lst:
            if sq == b"]":
                closed = True
                break
            _check_token(sq, _STRING_TOKEN_LIMIT)
            count += 1
            _check_size(count)
            mapping[_key(cm, a)] = _unhex(sq).decode("utf-16-be", "surrogatepass")
            codes.append(a)
            a += 1
        return None if closed else (a, b)
    _check_token(lst[0], _CODE_TOKEN_LIMIT)
    _check_token(lst[1], _CODE_TOKEN_LIMIT)
    a = int(lst[0], 16)
    b = int(lst[1], 16)
    if a < 0 or b < 0:
        raise ValueError("negative bfrange")
    cm.nbytes = (max(len(lst[0]), len(lst[1])) + 1) // 2
    if lst[2] == b"[":
        for sq in lst[3:]:
            if sq == b"]":
                closed = True
                break
            _check_token(sq, _STRING_TOKEN_LIMIT)
            count += 1
            _check_size(count)
            mapping[_key(cm, a)] = _unhex(sq).decode("utf-16-be", "surrogatepass")
            codes.append(a)
            a += 1
    else:
        _check_token(lst[2], _STRING_TOKEN_LIMIT)
        c = int(lst[2], 16)
        fmt = b"%%0%dX" % max(4, len(lst[2]))
        closed = True
        _check_size(count + max(0, b - a + 1))
        while a <= b:
            destination = _unhex(fmt % c)
            _check_token(destination, _CODE_TOKEN_LIMIT)
            mapping[_key(cm, a)] = destination.decode("utf-16-be", "surrogatepass")
            codes.append(a)
            a += 1
            c += 1
    return None if closed else (a, b)


def _parse_bfchar(line: bytes, cm: _CMap) -> None:
    lst = [x for x in line.split(b" ") if x]
    n = len(lst)
    if n == 0:
        return
    _check_size(len(cm.codes) + n // 2)
    cm.nbytes = len(lst[0]) // 2
    mapping = cm.map
    for index in range(0, n - 1, 2):
        source = lst[index]
        destination = lst[index + 1]
        _check_token(source, _CODE_TOKEN_LIMIT)
        map_to = ""
        if destination != b".":
            _check_token(destination, _STRING_TOKEN_LIMIT)
            with suppress(_HexError):
                map_to = _unhex(destination).decode(
                    "latin-1" if len(destination) < 4 else "utf-16-be", "surrogatepass"
                )
        raw = _unhex(source)
        mapping[
            raw.decode("latin-1") if cm.nbytes == 1 else raw.decode("utf-16-be", "surrogatepass")
        ] = map_to
        cm.codes.append(int(source, 16))


_cmap_res: list[re.Pattern[bytes]] = []


def _cmap_regexes() -> tuple[re.Pattern[bytes], re.Pattern[bytes], re.Pattern[bytes]]:
    if not _cmap_res:
        hexs = rb"[0-9A-Fa-f]"
        _cmap_res.extend(
            (
                re.compile(rb"(begin|end)bf(char|range)"),
                # one bfchar entry alone on its line
                re.compile(rb"^[ \t]*<(%s+)>[ \t]*<(%s*)>[ \t]*\r?$" % (hexs, hexs), re.M),
                # one bfrange alone on its line: <a> <b> <c> or <a> <b> [<c> ...]
                re.compile(
                    rb"^[ \t]*<(%s+)>[ \t]*<(%s+)>[ \t]*"
                    rb"(?:<(%s+)>|\[((?:[ \t]*<%s+>)*)[ \t]*\])[ \t]*\r?$"
                    % (hexs, hexs, hexs, hexs),
                    re.M,
                ),
            )
        )
    return _cmap_res[0], _cmap_res[1], _cmap_res[2]


def _parse_cmap(data: bytes) -> _CMap:
    """pypdf's parse of a ToUnicode CMap: a fast path for the usual layout, else the port."""
    fast = _parse_cmap_fast(data)
    return fast if fast is not None else _parse_cmap_slow(data)


def _parse_cmap_fast(data: bytes) -> _CMap | None:
    """The same result as pypdf for CMaps whose bfchar/bfrange blocks hold one well-formed
    entry per line (what producers write); None for anything else.

    pypdf reads such a line as the tokens of its hex strings, so each line gives exactly the
    mapping pypdf's per-line code gives; the common shapes (1- or 2-byte codes, one UTF-16 unit)
    are computed directly, the others by the same per-line functions as the slow path.
    """
    markers_re, char_re, range_re = _cmap_regexes()
    markers = list(markers_re.finditer(data))
    if len(markers) % 2:
        return None
    cm = _CMap()
    mapping = cm.map
    codes = cm.codes
    for i in range(0, len(markers), 2):
        begin, end = markers[i], markers[i + 1]
        if begin[1] != b"begin" or end[1] != b"end" or begin[2] != end[2]:
            return None
        body = data[begin.end() : end.start()]
        is_char = begin[2] == b"char"
        line_re = char_re if is_char else range_re
        if line_re.sub(b"", body).translate(None, b" \t\r\n"):
            return None  # something else than whole entries on their own lines
        if is_char:
            pairs = line_re.findall(body)
            if not pairs:
                continue
            _check_size(len(codes) + len(pairs))
            sources = [p[0] for p in pairs]
            dests = [p[1] for p in pairs]
            dest_lengths = set(map(len, dests))
            if (
                set(map(len, sources)) <= {2, 4}
                and max(dest_lengths) <= _STRING_TOKEN_LIMIT
                and all(n in {0, 2} or n % 4 == 0 for n in dest_lengths)
            ):
                # 1- or 2-byte codes: pypdf's key is chr(code); its value is "" (for <>), the
                # Latin-1 character of 2 digits, else the UTF-16BE text of whole units
                keys = _hex_chars(sources)
                values = _hex_values(dests, dest_lengths)
                mapping.update(zip(keys, values, strict=True))
                codes.extend(map(ord, keys))
                continue
            for source, dest in pairs:
                with suppress(ValueError):
                    _parse_bfchar(source + b" " + (dest or b"."), cm)
            continue
        for first, last, dest, array in line_re.findall(body):
            _check_size(len(codes))
            if dest and max(len(first), len(last)) <= 4 and len(dest) <= 4:
                a, b, c = int(first, 16), int(last, 16), int(dest, 16)
                count = max(0, b - a + 1)
                _check_size(len(codes) + count)
                count = min(count, 0x10000 - c)  # pypdf stops where the value needs 5 digits
                if count > 0:
                    mapping.update(
                        zip(
                            map(chr, range(a, a + count)),
                            map(chr, range(c, c + count)),
                            strict=True,
                        )
                    )
                    codes.extend(range(a, a + count))
                continue
            line = (
                first
                + b" "
                + last
                + b" "
                + (dest if dest else b"[ " + array.replace(b"<", b" ").replace(b">", b" ") + b" ]")
            )
            with suppress(ValueError, IndexError):
                _parse_bfrange(line, cm, None)
    return cm


def _utf16(token: bytes) -> str:
    return bytes.fromhex(token.decode("latin-1")).decode("utf-16-be", "surrogatepass")


def _hex_values(tokens: list[bytes], lengths: set[int]) -> str | list[str]:
    """pypdf's bfchar values of hex tokens: "" (empty), Latin-1 (2 digits), else UTF-16BE."""
    if lengths <= {0, 2, 4}:
        return _hex_chars(tokens)
    if 2 not in lengths:  # whole UTF-16 units: decode all at once, split at a U+FFFF between
        values = _utf16(b"FFFF".join(tokens)).split("\uffff")
        if len(values) == len(tokens):  # no U+FFFF in a value
            return values
    return [_utf16(t) if len(t) > 2 else chr(int(t, 16)) if t else "" for t in tokens]


def _hex_chars(tokens: list[bytes]) -> str | list[str]:
    """chr(int(token, 16)) ("" for an empty token) of tokens of 0, 2 or 4 hex digits."""
    lengths = set(map(len, tokens))
    if lengths == {4}:
        text = bytes.fromhex(b"".join(tokens).decode("latin-1")).decode(
            "utf-16-be", "surrogatepass"
        )
        if len(text) == len(tokens):  # no surrogate pair joined two units into one character
            return text
    elif lengths == {2}:
        return bytes.fromhex(b"".join(tokens).decode("latin-1")).decode("latin-1")
    return [chr(int(t, 16)) if t else "" for t in tokens]


def _parse_cmap_slow(data: bytes) -> _CMap:
    cm = _CMap()
    in_range = False
    in_char = False
    multiline: tuple[int, int] | None = None
    for raw_line in _prepare_cm(data).split(b"\n"):
        line = raw_line.strip(b" \t")
        if not line or line[0] == 37:  # %
            continue
        line = line.replace(b"\t", b" ")
        if b"beginbfrange" in line:
            in_range = True
        elif b"endbfrange" in line:
            in_range = False
        elif b"beginbfchar" in line:
            in_char = True
        elif b"endbfchar" in line:
            in_char = False
        elif in_range:
            with suppress(ValueError, IndexError):
                multiline = _parse_bfrange(line, cm, multiline)
        elif in_char:
            with suppress(ValueError):
                _parse_bfchar(line, cm)
    return cm


def _type1_program_map(font_data: bytes, cm: _CMap) -> None:
    """pypdf._cmap._derive_character_map_from_type1_font_file: `dup 11 /ff put` lines."""
    text = font_data.split(b"eexec\n")[0]
    parts = text.split(b"/Encoding")
    if len(parts) < 2:
        return
    for line in parts[1].replace(b"\r", b"\n").split(b"\n"):
        if not line.startswith(b"dup"):
            continue
        words = [w for w in line.split(b" ") if w != b""]
        if len(words) < 3 or (len(words) > 3 and words[3] != b"put"):
            continue
        try:
            code = int(words[1])
        except ValueError:
            continue
        try:
            glyph_name = words[2].decode()
        except UnicodeDecodeError:
            raise FontUnsupported("non-UTF-8 glyph name in font program") from None
        unicode = _glyph_name_to_unicode(glyph_name)
        if unicode:
            if not 0 <= code <= sys.maxunicode:
                raise FontUnsupported("font program encoding code out of range")
            cm.map[chr(code)] = unicode
            cm.codes.append(code)


def _fonttools_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("fontTools") is not None


def _parse_to_unicode(ft: dict[object, object], subtype: object) -> _CMap:
    cm = _CMap()
    if "/ToUnicode" not in ft:
        if subtype != "/Type1":
            return cm
        descriptor = resolve(ft.get("/FontDescriptor"))
        if not descriptor:
            return cm
        if not _is_dict(descriptor):
            raise FontUnsupported("/FontDescriptor is not a dictionary")
        assert isinstance(descriptor, dict)
        for key in ("/FontFile", "/FontFile3"):
            if key not in descriptor:
                continue
            program = resolve(descriptor.get(key))
            if not _is_stream(program):
                continue
            if key == "/FontFile3":
                subtype3 = resolve(program.get("/Subtype")) if _is_dict(program) else None
                if subtype3 != "/Type1C":
                    continue
                if _fonttools_available():
                    raise FontUnsupported("CFF font program encoding (pypdf uses fontTools)")
                return cm  # pypdf without fontTools: a warning and no map
            data = _stream_bytes(program)
            if not data:
                return cm
            _type1_program_map(data, cm)
            return cm
        return cm
    tu = resolve(ft.get("/ToUnicode"))
    if _is_stream(tu):
        data = _stream_bytes(tu)
    else:
        data = b"beginbfrange\n<0000> <0001> <0000>\nendbfrange"
    return _parse_cmap(data)


# --------------------------------------------------------------------------------------------
# Widths (pypdf.generic._font.Font).


def _simple_widths(ft: dict[object, object], widths: dict[str, float]) -> None:
    array = resolve(ft.get("/Widths"))
    if not isinstance(array, list):
        return
    if len(array) > 256:
        raise FontUnsupported(f"/Widths has {len(array)} entries")
    first_char = ft.get("/FirstChar", 0)
    if not _is_number(first_char):
        return
    assert isinstance(first_char, (int, float))
    first = int(first_char)
    if first < 0:
        return
    items = array[: max(0, 256 - first)]  # pypdf stops at code 255
    try:
        values = list(map(int, items))  # pypdf: int(width), whatever the width is
    except (TypeError, ValueError, OverflowError):
        raise FontUnsupported("/Widths holds a value that is not a number") from None
    widths.update(zip(map(chr, range(first, first + len(values))), values, strict=True))


def _cid_widths(d_font: dict[object, object], widths: dict[str, float]) -> None:
    w = resolve(d_font.get("/W")) if "/W" in d_font else []
    if not isinstance(w, list):
        raise FontUnsupported("/W is not an array")
    skip = 0
    entries = 0
    n = len(w)
    for idx, raw_entry in enumerate(w):
        if skip:
            skip -= 1
            continue
        entry = resolve(raw_entry)
        if not _is_number(entry):
            if isinstance(entry, bool):
                raise FontUnsupported("/W holds a boolean")
            continue
        assert isinstance(entry, (int, float))
        nxt = resolve(w[idx + 1]) if idx + 1 < n else None
        if isinstance(nxt, (str, bytes)):
            raise FontUnsupported("/W holds a value pypdf cannot use")
        if isinstance(nxt, list):
            start = int(entry)
            stop = start + len(nxt)
            if stop - start > _MAX_CID_WIDTH_RANGE:
                raise FontUnsupported("/W range too large")
            entries += stop - start
            if entries > _MAX_WIDTH_ENTRIES:
                raise FontUnsupported("/W too large")
            for cid, raw_width in zip(range(start, stop), nxt, strict=True):
                width = resolve(raw_width)
                if not _is_number(width) or not 0 <= cid <= sys.maxunicode:
                    raise FontUnsupported("/W holds a bad width or code")
                widths[chr(cid)] = width
            skip = 1
        elif _is_number(nxt) and idx + 2 < n and _is_number(third := resolve(w[idx + 2])):
            assert isinstance(nxt, (int, float)) and isinstance(third, (int, float))
            start, stop = int(entry), int(nxt)
            if stop + 1 < start:
                raise FontUnsupported("/W range reversed")
            if stop + 1 - start > _MAX_CID_WIDTH_RANGE:
                raise FontUnsupported("/W range too large")
            entries += stop - start + 1
            if entries > _MAX_WIDTH_ENTRIES:
                raise FontUnsupported("/W too large")
            if start < 0 or stop > sys.maxunicode:
                raise FontUnsupported("/W code out of range")
            for cid in range(start, stop + 1):
                widths[chr(cid)] = third
            skip = 2
        elif isinstance(nxt, bool) or (idx + 2 < n and isinstance(resolve(w[idx + 2]), bool)):
            raise FontUnsupported("/W holds a boolean")


def _flags(descriptor: dict[object, object] | None, default: int) -> object:
    if descriptor is None or "/Flags" not in descriptor:
        return default
    return resolve(descriptor.get("/Flags"))


def _fixed_pitch(flags: object) -> bool:
    if isinstance(flags, bool) or not isinstance(flags, int):
        raise FontUnsupported("/Flags is not an integer")
    return flags & _FIXED_PITCH == _FIXED_PITCH


def _space_char(encoding: list[str] | str, char_map: dict[str, str]) -> str:
    for key, value in char_map.items():
        if value == " ":
            return key
    if isinstance(encoding, list):
        for code, value in enumerate(encoding):
            if value == " ":
                return chr(code)
    return " "


def _check_descriptor(descriptor: dict[object, object]) -> None:
    present = [k for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in descriptor]
    if len(present) > 1:
        raise FontUnsupported("more than one /FontFile (pypdf raises)")


def _descriptor(value: object) -> dict[object, object]:
    resolved = resolve(value)
    if not _is_dict(resolved):
        raise FontUnsupported("/FontDescriptor is not a dictionary")
    assert isinstance(resolved, dict)
    _check_descriptor(resolved)
    return resolved


def _build(ft: dict[object, object]) -> PdfFont:
    raw_subtype = ft.get("/Subtype", "Unknown")
    if _is_ref(raw_subtype):
        raise FontUnsupported("indirect /Subtype")
    subtype = raw_subtype
    base_font = ft.get("/BaseFont", "Unknown")  # pypdf does not resolve it
    name = base_font.removeprefix("/") if isinstance(base_font, str) else "Unknown"
    encoding = _parse_encoding(ft, subtype)
    cm = _parse_to_unicode(ft, subtype)
    char_map = cm.map
    if isinstance(encoding, list):
        for x in cm.codes:
            if x <= 255:
                encoding[x] = chr(x)

    widths: dict[str, float] = {}
    flags: object = 32
    width_scale = 1.0
    if subtype in _SIMPLE_SUBTYPES:
        interpretable = True
        if subtype == "/Type3":
            width_scale = _type3_scale(ft)
            if "/ToUnicode" not in ft:
                procs = resolve(ft.get("/CharProcs"))
                if procs:
                    if not isinstance(procs, (dict, list)):
                        raise FontUnsupported("/CharProcs is not a dictionary")
                    interpretable = all(_glyph(k) is not None for k in procs)
        if interpretable:
            if "/Widths" in ft:
                _simple_widths(ft, widths)
            else:
                core = _table("core")
                assert isinstance(core, dict)
                metrics = core.get(name)
                if metrics is not None:
                    flags, core_widths = metrics
                    if not isinstance(encoding, list):  # pypdf: str has no .items()
                        raise FontUnsupported("core font metrics with a CMap encoding")
                    for code, character in enumerate(encoding):
                        if character in core_widths:
                            widths[chr(code)] = core_widths[character]
            if "/FontDescriptor" in ft:
                descriptor = _descriptor(ft.get("/FontDescriptor"))
                if "/MissingWidth" in descriptor:
                    missing = resolve(descriptor.get("/MissingWidth"))
                    if not _is_number(missing):
                        raise FontUnsupported("/MissingWidth is not a number")
                    widths["default"] = missing
                flags = _flags(descriptor, 32)
            elif "/FontBBox" in ft:
                flags = 32
    else:
        descendants = resolve(ft.get("/DescendantFonts")) if "/DescendantFonts" in ft else []
        if not isinstance(descendants, list):
            descendants = []
        for raw in descendants:
            d_font = resolve(raw)
            if not _is_dict(d_font):
                raise FontUnsupported("descendant font is not a dictionary")
            assert isinstance(d_font, dict)
            _cid_widths(d_font, widths)
            if "/DW" in d_font:
                dw = resolve(d_font.get("/DW"))
                if not _is_number(dw):
                    raise FontUnsupported("/DW is not a number")
                widths["default"] = dw
            if "/FontDescriptor" in d_font:
                flags = _flags(_descriptor(d_font.get("/FontDescriptor")), 32)
            else:
                flags = 32

    space_char = _space_char(encoding, char_map)
    if widths.get("default", 0) == 0:
        _add_default_width(widths, flags, space_char)
    space_width = widths.get(space_char, 0)
    if space_width == 0:
        space_width = widths["default"] if _fixed_pitch(flags) else widths["default"] // 2

    codec = encoding if isinstance(encoding, str) else ""
    enc_name = resolve(ft.get("/Encoding"))
    return PdfFont(
        name=name if "/BaseFont" in ft and isinstance(base_font, str) else "",
        mapped=not (subtype == "/Type0" and "/ToUnicode" not in ft),
        vertical=isinstance(enc_name, str) and enc_name.endswith("-V"),
        encoding=encoding if isinstance(encoding, list) else None,
        codec=codec,
        char_map=char_map,
        widths=widths,
        space_char=space_char,
        space_width=space_width,
        width_scale=width_scale,
    )


def _add_default_width(widths: dict[str, float], flags: object, space_char: str) -> None:
    if not widths:
        widths["default"] = 500
        return
    if space_char in widths and widths[space_char] != 0:
        if _fixed_pitch(flags):
            widths["default"] = widths[space_char]
        else:
            widths["default"] = int(2 * widths[space_char])
        return
    valid = [w for w in widths.values() if w > 0]
    widths["default"] = sum(valid) // len(valid) if valid else 500


def _type3_scale(ft: dict[object, object]) -> float:
    matrix = resolve(ft.get("/FontMatrix"))
    if isinstance(matrix, list) and len(matrix) == 6:
        a = resolve(matrix[0])
        if _is_number(a):
            assert isinstance(a, (int, float))
            return float(a) * 1000.0
    return 1.0


def load_font(font_dict: object) -> PdfFont:
    """A :class:`PdfFont` for a font dictionary (pypdf's or the lean reader's).

    Raises FontUnsupported where pypdf would fail or do what we cannot reproduce.
    """
    ft = resolve(font_dict)
    if not _is_dict(ft):
        raise FontUnsupported("font is not a dictionary")
    assert isinstance(ft, dict)
    try:
        return _build(ft)
    except FontUnsupported:
        raise
    except RecursionError:
        raise FontUnsupported("font structure too deep") from None
    except Exception as exc:  # a malformed font: pypdf crashes or behaves oddly on it
        raise FontUnsupported(f"{type(exc).__name__}: {exc}") from None


def pypdf_font(font_dict_pypdf: object) -> PdfFont:
    """The same interface over pypdf's own ``Font.from_font_resource`` (imports pypdf)."""
    from pypdf.generic._font import Font  # the fallback path only

    font = Font.from_font_resource(font_dict_pypdf)  # type: ignore[arg-type]
    ft = resolve(font_dict_pypdf)
    assert isinstance(ft, dict)
    subtype = ft.get("/Subtype")
    encoding = font.encoding
    base_font = resolve(ft.get("/BaseFont"))
    enc_name = resolve(ft.get("/Encoding"))
    return PdfFont(
        name=base_font[1:] if isinstance(base_font, str) else "",
        mapped=not (subtype == "/Type0" and "/ToUnicode" not in ft),
        vertical=isinstance(enc_name, str) and enc_name.endswith("-V"),
        encoding=[encoding.get(x, chr(x)) for x in range(256)]
        if isinstance(encoding, dict)
        else None,
        codec=encoding if isinstance(encoding, str) else "",
        char_map=dict(font.character_map),
        widths=dict(font.character_widths),
        space_char=font.space_char,
        space_width=font.space_width,
        width_scale=_type3_scale(ft) if subtype == "/Type3" else 1.0,
    )
