"""Places printed in references' imprints: the cities books are published in, and the
regions (states, provinces, countries) printed after a city.

"Paris, Gallimard" and "Brill, Leiden" print a place and a publisher in either order;
"Boston, MA" and "Vienna, Austria" print one place. The tagger reads all of them as one
run; the rules after tagging (``parse.runs``) tell them apart with these lists. The lists
are written by hand, in English and in the languages the places print themselves in; they
are not learnt from any labelled strings (decision 0035).
"""

from __future__ import annotations

from refmanager.parse.tokens import word_set

# Cities where books, reports and proceedings are published (lower case; an underscore
# stands for a space).
CITIES = word_set(
    """
    aachen aarhus aberdeen abingdon accra adelaide albany albuquerque alexandria algiers
    amherst amsterdam ankara ann_arbor antwerp antwerpen arlington athens athína atlanta
    auckland austin baltimore bamberg bangalore bangkok barcelona bari basel basingstoke
    bath beijing beirut belfast belgrade belo_horizonte bergen berkeley berlin bern berne
    bielefeld bilbao birmingham bochum bologna bonn bordeaux boston boulder bratislava
    braunschweig bremen brescia brighton brisbane bristol brno brussels bruxelles brussel
    bucharest bucureşti budapest buenos_aires buffalo cairo calcutta cambridge canberra
    cape_town caracas cardiff catania chapel_hill charlottesville chennai cheltenham
    chicago chichester christchurch cincinnati cleveland coimbra cologne columbia columbus
    copenhagen cork córdoba cracow curitiba dakar dallas darmstadt delft delhi denver
    detroit dordrecht dresden dublin dundee durham düsseldorf edinburgh eindhoven
    englewood_cliffs erlangen essen evanston exeter florence florianópolis frankfurt
    freiburg fribourg fukuoka geneva genève genoa genova ghent gent glasgow gothenburg
    göteborg göttingen goettingen granada graz groningen guangzhou guildford hamburg
    hamilton hangzhou hannover hanover harbin harlow heidelberg helsinki hoboken
    hong_kong honolulu houston hyderabad innsbruck ibadan istanbul ithaca jakarta
    jerusalem johannesburg karlsruhe kassel kiel kiev kyiv kingston kraków krakow kyoto
    la_jolla lagos lahore lanham lausanne lawrence leeds leiden leipzig leuven lexington
    lille lima lisbon lisboa liverpool ljubljana london los_angeles louvain lund luxembourg
    lyon lyons madison madrid mainz malden manchester manila mannheim marburg marseille
    melbourne memphis mexico_city miami milan milano minneapolis minsk montevideo montpellier
    montreal montréal moscow moskva mumbai munich münchen münster munster nagoya nairobi
    nanjing nantes naples napoli new_brunswick new_delhi new_haven new_orleans new_york
    newark newcastle nice norman norwich nottingham novosibirsk nuremberg nürnberg oakland
    odense osaka oslo ottawa oxford padova padua palermo palo_alto paris parma pavia perth
    philadelphia pisa pittsburgh porto porto_alegre potsdam poznań poznan prague praha
    pretoria princeton providence québec quebec quito rabat reading recife regensburg reykjavik
    riga rio_de_janeiro riyadh rochester roma rome rotterdam saint_petersburg salamanca
    salvador salzburg san_diego san_francisco san_jose santa_barbara santa_monica santiago
    são_paulo sao_paulo sapporo sarajevo seattle sendai seoul sevilla seville shanghai
    sheffield shenzhen singapore sofia southampton st._louis st_louis st._petersburg
    stanford stockholm strasbourg stuttgart sydney taipei tallinn tampere tartu tehran
    tel_aviv the_hague den_haag thessaloniki tianjin tokyo toronto torino toulouse trento
    trieste tübingen
    tuebingen tucson turin turku upper_saddle_river uppsala urbana utrecht valencia valladolid
    vancouver venezia
    venice verona victoria vienna wien vilnius warsaw warszawa washington waterloo weinheim
    wellington wiesbaden winnipeg wrocław wroclaw würzburg wuhan xi'an york zagreb zaragoza
    zürich zurich
    augsburg bayreuth chemnitz dessau dortmund duisburg erfurt frankfurt_am_main
    frankfurt_a_m frankfurt_an_der_oder freiburg_im_breisgau freiburg_i_br gießen giessen
    greifswald gütersloh halle hildesheim jena kaiserslautern koblenz köln konstanz
    lüneburg magdeburg oldenburg opladen osnabrück paderborn passau rostock saarbrücken
    siegen trier ulm wuppertal baden-baden linz luzern st._gallen st_gallen lübeck weimar
    neumünster
    rennes grenoble dijon rouen caen poitiers tours orléans reims metz
    clermont-ferrand aix-en-provence saint-étienne besançon limoges angers nîmes avignon
    brest pau lyon_cedex la_haye liège namur
    firenze bergamo modena perugia ancona cagliari bolzano udine lecce messina siena
    macerata urbino salerno ferrara ravenna vicenza treviso lucca arezzo pescara
    reggio_emilia novara
    bogotá bogota medellín medellin cali barranquilla cartagena la_paz asunción
    guadalajara monterrey puebla méxico méxico_d_f mexico_d_f ciudad_de_méxico
    ciudad_de_mexico san_josé la_habana santo_domingo san_juan mérida arequipa cusco
    mendoza rosario la_plata valparaíso concepción santander oviedo murcia alicante
    málaga cádiz pamplona logroño santiago_de_compostela león san_sebastián donostia
    vigo a_coruña girona lleida tarragona palma las_palmas cuenca toledo almería jaén
    huelva cáceres badajoz burgos tenerife santiago_de_chile
    brasília brasilia fortaleza belém manaus goiânia natal joão_pessoa maceió aracaju
    teresina são_luís vitória campinas niterói londrina maringá ribeirão_preto
    são_carlos juiz_de_fora uberlândia viçosa pelotas santa_maria campo_grande cuiabá
    petrópolis braga aveiro évora funchal maputo luanda
    chengdu chongqing xiamen jinan qingdao dalian shenyang changsha hefei kunming
    nanchang fuzhou zhengzhou taiyuan lanzhou changchun macau macao
    """
)

# Regions printed after a city: US states (names, postal codes, the older abbreviations),
# Canadian provinces, countries and the nations of the United Kingdom (lower case, periods
# dropped: "n.y." is "ny"; an underscore stands for a space).
REGIONS = word_set(
    """
    al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv
    nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy
    ala alaska ariz ark calif colo conn del fla ill ind kan kans mass mich minn miss mont
    neb nebr nev new_mex n_mex n_dak s_dak w_va okla ore penn penna tenn tex wash wis wisc wyo
    alabama arizona arkansas california colorado connecticut delaware florida georgia hawaii
    idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts
    michigan minnesota mississippi missouri montana nebraska nevada new_hampshire new_jersey
    new_mexico new_york north_carolina north_dakota ohio oklahoma oregon pennsylvania
    rhode_island south_carolina south_dakota tennessee texas utah vermont virginia
    washington west_virginia wisconsin wyoming
    on bc ab qc ns nb mb sk ont que alberta british_columbia manitoba ontario quebec québec
    nova_scotia new_brunswick saskatchewan
    usa us u.s. u.s.a. uk u.k. gb england scotland wales northern_ireland great_britain
    united_kingdom united_states america canada mexico brazil brasil argentina chile
    colombia peru venezuela uruguay cuba australia new_zealand nz japan china prc taiwan
    korea south_korea india pakistan bangladesh singapore malaysia indonesia thailand
    vietnam philippines iran israel turkey egypt morocco nigeria kenya south_africa
    france germany deutschland allemagne italy italia spain españa espana portugal
    netherlands the_netherlands holland belgium belgique luxembourg switzerland suisse
    schweiz austria österreich denmark norway sweden finland iceland ireland poland polska
    czech_republic czech_rep czechia cz slovakia hungary romania bulgaria greece croatia serbia
    slovenia russia ukraine estonia latvia lithuania
    méxico perú peru ecuador bolivia paraguay costa_rica puerto_rico
    francia alemania inglaterra estados_unidos eua eeuu ee_uu suíça suiza brésil
    """
)


def _key(text: str) -> str:
    """A place as the lists hold it: lower case, periods and extra spaces dropped."""
    return " ".join(text.lower().replace(".", " ").split())


_CITY_KEYS = frozenset(_key(c.replace("_", " ")) for c in CITIES)
_REGION_KEYS = frozenset(_key(r.replace("_", " ")) for r in REGIONS)


def is_city(text: str) -> bool:
    """Whether ``text`` ("Paris", "New York", "Rio de Janeiro") is a publishing city, or two
    joined by a hyphen or a slash ("Roma-Bari", "Paris/Berlin": Italian and German imprints
    print both of a publisher's seats so)."""
    key = _key(text)
    if key in _CITY_KEYS:
        return True
    for mark in "-/–":
        if mark not in key:
            continue  # (most names: no list made)
        parts = [p.strip() for p in key.split(mark)]
        if len(parts) == 2 and all(p in _CITY_KEYS for p in parts):
            return True
    return False


def is_region(text: str) -> bool:
    """Whether ``text`` ("MA", "N.Y.", "Calif.", "Austria") is a region printed after a
    city."""
    if len(text) == 2 and text.isupper():
        return True  # a two-letter code: "NY", "SI" (three capitals are as often a
        # publisher's: "PUF", "MIT", "IOP")
    key = _key(text)
    return key in _REGION_KEYS or key.replace(" ", "") in _REGION_KEYS
