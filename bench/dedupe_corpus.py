# ruff: noqa: RUF001, RUF002
# (Turkish, German and French letters are the point of this corpus.)
"""Generate a harvest of real-repository-shaped records with true duplicate clusters.

The corpus is what a user of ``politeharvest clean --dedupe`` harvests from Turkish and European
repositories: DergiPark (OJS-like, bilingual titles), two Turkish university DSpaces (XOAI lists
``dc:date`` as accessioned, available, issued), a national aggregator that re-exports both with
damage (mojibake, characters lost as ``?``, double-escaped entities, titles cut at 255 or 100
characters, ALL-CAPS thesis titles with naive Turkish case folding), a German EPrints, arXiv, a
HAL-like archive and Zenodo (and, in the held-out split only, a second preprint server).

Every record belongs to one *work*; the works with two or more records are the true clusters.
Beside them stand must-not-merge *trap groups*: works that look alike but are not one work (a
conference paper and its journal extension with a new title, theses with one generic title, an
editorial per issue, book reviews, part I / part II, one title used again years later by other
authors, errata).

Usage::

    python dedupe_corpus.py --split dev --out dev.jsonl        # dev.jsonl + dev.truth.json
    python dedupe_corpus.py --split heldout --out heldout.jsonl
    python dedupe_corpus.py check dev.jsonl heldout.jsonl     # counts, histogram, row shape
    python dedupe_corpus.py check                             # both splits built in memory

Row ids are 0-based line numbers in the JSONL file. The truth file holds ``clusters`` (row ids of
every work with two or more records, updated versions included), ``traps`` (``works``: one list
of row ids per work that must stay apart), ``superseded`` (rows an appended newer version of the
same ``endpoint`` + ``identifier`` replaces), ``deleted`` (tombstones), ``row_keys`` and the
phenomena of every cluster. The same split and seed always give the same bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import html
import json
import random
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

SEEDS = {"dev": 250_101, "heldout": 250_917}
SPLITS = tuple(SEEDS)
ROW_KEYS = ("datestamp", "deleted", "endpoint", "identifier", "metadata", "metadata_prefix", "sets")
DC_FIELDS = (
    "title", "creator", "contributor", "date", "identifier", "relation", "source", "description",
    "language", "type", "publisher", "subject", "format", "rights",
)  # fmt: skip

# --------------------------------------------------------------------------------------------
# Pools. Each pool is shared by both splits plus a part only one split uses, so that the
# held-out split is not a copy of dev: other names, other fields of study, other templates.
# --------------------------------------------------------------------------------------------

TR_GIVEN = {
    "shared": "Ayşe Mehmet Fatma Mustafa Emine Ahmet Hatice Ali Zeynep Hüseyin Elif İbrahim "
    "Şükrü Gökhan Çağla Ömer Özge Işıl Gülşah Yağmur Oğuz Tuğba Serkan Büşra Burak Şule Emre "
    "İlknur Cengiz Ebru",
    "dev": "Ilgın Doğan Nilüfer Barış Sevgi Ümit Gülay Erdem Aslı Çağrı Şebnem Tülay İsmail Hakan",
    "heldout": "Ilkay Göksel Nazlı Ertuğrul Müge Özgür Şeyma Tayfun Gözde İlker Sıla Uğur Berk "
    "Duygu",
}
TR_FAMILY = {
    "shared": "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan "
    "Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Güneş Erdoğan Akgül Başaran Uğurlu",
    "dev": "Karakuş Ağaoğlu Çakır Tekin Gündüz Eşsiz Işık Sağlam Küçükoğlu Bayraktar Çınar "
    "Gökçe Ünal Türkoğlu",
    "heldout": "Ilıcalı Söğüt Özbilgin Çağlayan Değirmenci Kıraç Uçar Şenol Gümüşoğlu Tığlı "
    "Büyükkaya Ergüven Yücel Oğuzhan",
}
DE_GIVEN = {
    "shared": "Jürgen Anna Lukas Sophie Matthias Katharina Jörg Lena Stefan Jana",
    "dev": "Björn Hannelore Günter Käthe Uwe Birgit",
    "heldout": "Sören Gudrun Jörn Bärbel Ralf Dörte",
}
DE_FAMILY = {
    "shared": "Müller Schröder Weiß Groß Jäger Köhler Schäfer Bäcker Hoffmann Krüger Löwe Fuchs",
    "dev": "Schütz Böhm Möller Strauß Kühn",
    "heldout": "Günther Rößler Vogt Häusler Dürr",
}
FR_GIVEN = {
    "shared": "François Éloïse Jérôme Céline Hélène Loïc Renée Théo",
    "dev": "Gaëlle Anaïs Benoît",
    "heldout": "Maëlle Noël Agnès",
}
FR_FAMILY = {
    "shared": "Lefèvre Dupont Gérard Thibault Lemaître Bérard Mercier Faure",
    "dev": "Chevalier Pérez Leroux",
    "heldout": "Méndez Giraud Bélanger",
}

# Fields of study: factors (en, tr nominative, tr genitive), outcomes (en, tr), contexts (en, tr).
FIELDS = {
    "agriculture": (
        "shared",
        [
            ("drought stress", "kuraklık stresi", "kuraklık stresinin"),
            ("nitrogen fertilisation", "azotlu gübreleme", "azotlu gübrelemenin"),
            ("salinity", "tuzluluk", "tuzluluğun"),
            ("biochar application", "biyokömür uygulaması", "biyokömür uygulamasının"),
            ("sowing date", "ekim zamanı", "ekim zamanının"),
            ("deficit irrigation", "kısıntılı sulama", "kısıntılı sulamanın"),
        ],
        [
            ("seed germination", "tohum çimlenmesi"),
            ("grain yield", "tane verimi"),
            ("chlorophyll content", "klorofil içeriği"),
            ("root development", "kök gelişimi"),
            ("essential oil composition", "uçucu yağ bileşimi"),
            ("protein content", "protein oranı"),
        ],
        [
            ("in bread wheat cultivars", "ekmeklik buğday çeşitlerinde"),
            ("in chickpea genotypes", "nohut genotiplerinde"),
            ("under Konya conditions", "Konya koşullarında"),
            ("in sunflower", "ayçiçeğinde"),
        ],
    ),
    "education": (
        "shared",
        [
            ("social media use", "sosyal medya kullanımı", "sosyal medya kullanımının"),
            (
                "flipped classroom instruction",
                "ters yüz sınıf uygulaması",
                "ters yüz sınıf uygulamasının",
            ),
            ("self-regulated learning", "öz düzenlemeli öğrenme", "öz düzenlemeli öğrenmenin"),
            ("teacher feedback", "öğretmen geri bildirimi", "öğretmen geri bildiriminin"),
            ("game-based learning", "oyun tabanlı öğrenme", "oyun tabanlı öğrenmenin"),
            ("mathematics anxiety", "matematik kaygısı", "matematik kaygısının"),
        ],
        [
            ("academic achievement", "akademik başarı"),
            ("reading comprehension", "okuduğunu anlama"),
            ("motivation", "motivasyon"),
            ("attitudes towards science", "fen bilimlerine yönelik tutum"),
            ("critical thinking", "eleştirel düşünme"),
            ("school belonging", "okul aidiyeti"),
        ],
        [
            ("among university students", "üniversite öğrencilerinde"),
            ("in primary schools", "ilkokullarda"),
            ("among pre-service teachers", "öğretmen adaylarında"),
            ("in secondary education", "ortaöğretimde"),
        ],
    ),
    "economics": (
        "shared",
        [
            ("foreign direct investment", "doğrudan yabancı yatırım", "doğrudan yabancı yatırımın"),
            ("exchange rate volatility", "döviz kuru oynaklığı", "döviz kuru oynaklığının"),
            ("financial development", "finansal gelişme", "finansal gelişmenin"),
            ("tourism revenue", "turizm geliri", "turizm gelirinin"),
            ("energy consumption", "enerji tüketimi", "enerji tüketiminin"),
            ("remittances", "işçi dövizleri", "işçi dövizlerinin"),
        ],
        [
            ("economic growth", "ekonomik büyüme"),
            ("inflation", "enflasyon"),
            ("current account deficit", "cari açık"),
            ("unemployment", "işsizlik"),
            ("income inequality", "gelir eşitsizliği"),
            ("carbon emissions", "karbon emisyonu"),
        ],
        [
            ("in Turkey", "Türkiye'de"),
            ("in emerging economies", "gelişmekte olan ülkelerde"),
            ("in OECD countries", "OECD ülkelerinde"),
            ("in the MENA region", "MENA bölgesinde"),
        ],
    ),
    "civil": (
        "dev",
        [
            ("basalt fibre reinforcement", "bazalt lif takviyesi", "bazalt lif takviyesinin"),
            ("fly ash replacement", "uçucu kül ikamesi", "uçucu kül ikamesinin"),
            ("freeze-thaw cycling", "donma-çözülme çevrimi", "donma-çözülme çevriminin"),
            ("soil liquefaction", "zemin sıvılaşması", "zemin sıvılaşmasının"),
            ("nano-silica addition", "nano silika katkısı", "nano silika katkısının"),
            ("seismic retrofitting", "sismik güçlendirme", "sismik güçlendirmenin"),
        ],
        [
            ("compressive strength", "basınç dayanımı"),
            ("durability", "dayanıklılık"),
            ("shear capacity", "kesme kapasitesi"),
            ("settlement behaviour", "oturma davranışı"),
            ("crack propagation", "çatlak ilerlemesi"),
            ("thermal conductivity", "ısıl iletkenlik"),
        ],
        [
            ("in self-compacting concrete", "kendiliğinden yerleşen betonda"),
            ("in reinforced concrete frames", "betonarme çerçevelerde"),
            ("in clayey soils", "killi zeminlerde"),
            ("in masonry buildings", "yığma binalarda"),
        ],
    ),
    "medicine": (
        "shared",
        [
            ("vitamin D deficiency", "D vitamini eksikliği", "D vitamini eksikliğinin"),
            ("obesity", "obezite", "obezitenin"),
            ("smoking", "sigara kullanımı", "sigara kullanımının"),
            ("sleep quality", "uyku kalitesi", "uyku kalitesinin"),
            ("COVID-19 infection", "COVID-19 enfeksiyonu", "COVID-19 enfeksiyonunun"),
            ("shift work", "vardiyalı çalışma", "vardiyalı çalışmanın"),
        ],
        [
            ("insulin resistance", "insülin direnci"),
            ("quality of life", "yaşam kalitesi"),
            ("bone mineral density", "kemik mineral yoğunluğu"),
            ("burnout", "tükenmişlik"),
            ("postoperative pain", "ameliyat sonrası ağrı"),
            ("depressive symptoms", "depresif belirtiler"),
        ],
        [
            ("in nurses", "hemşirelerde"),
            ("in patients with type 2 diabetes", "tip 2 diyabetli hastalarda"),
            ("in adolescents", "ergenlerde"),
            ("in postmenopausal women", "menopoz sonrası kadınlarda"),
        ],
    ),
    "computing": (
        "shared",
        [
            ("graph neural networks", "çizge sinir ağları", "çizge sinir ağlarının"),
            ("transfer learning", "transfer öğrenme", "transfer öğrenmenin"),
            ("federated learning", "federe öğrenme", "federe öğrenmenin"),
            ("attention mechanisms", "dikkat mekanizmaları", "dikkat mekanizmalarının"),
            ("data augmentation", "veri artırma", "veri artırmanın"),
            ("quantisation", "nicemleme", "nicemlemenin"),
        ],
        [
            ("traffic forecasting", "trafik tahmini"),
            ("intrusion detection", "saldırı tespiti"),
            ("sentiment analysis", "duygu analizi"),
            ("medical image segmentation", "tıbbi görüntü bölütleme"),
            ("energy load prediction", "enerji yükü tahmini"),
            ("speech recognition", "konuşma tanıma"),
        ],
        [
            ("for Turkish text", "Türkçe metinlerde"),
            ("on edge devices", "uç cihazlarda"),
            ("with limited labelled data", "sınırlı etiketli veriyle"),
            ("in smart grids", "akıllı şebekelerde"),
        ],
    ),
    "environment": (
        "dev",
        [
            ("land use change", "arazi kullanım değişimi", "arazi kullanım değişiminin"),
            ("heavy metal pollution", "ağır metal kirliliği", "ağır metal kirliliğinin"),
            ("wastewater discharge", "atık su deşarjı", "atık su deşarjının"),
            ("urban heat islands", "kentsel ısı adaları", "kentsel ısı adalarının"),
        ],
        [
            ("groundwater quality", "yeraltı suyu kalitesi"),
            ("soil erosion", "toprak erozyonu"),
            ("macroinvertebrate diversity", "makro omurgasız çeşitliliği"),
            ("air quality", "hava kalitesi"),
        ],
        [
            ("in the Lake Van basin", "Van Gölü havzasında"),
            ("in the Sakarya River", "Sakarya Nehri'nde"),
            ("in İzmir", "İzmir'de"),
            ("in the Eastern Black Sea region", "Doğu Karadeniz Bölgesi'nde"),
        ],
    ),
    "materials": (
        "heldout",
        [
            ("boron doping", "bor katkılama", "bor katkılamanın"),
            ("annealing temperature", "tavlama sıcaklığı", "tavlama sıcaklığının"),
            ("graphene oxide loading", "grafen oksit katkısı", "grafen oksit katkısının"),
            ("ball milling time", "bilyalı öğütme süresi", "bilyalı öğütme süresinin"),
            ("laser surface texturing", "lazer yüzey dokulama", "lazer yüzey dokulamanın"),
        ],
        [
            ("wear resistance", "aşınma direnci"),
            ("corrosion behaviour", "korozyon davranışı"),
            ("optical band gap", "optik bant aralığı"),
            ("microhardness", "mikrosertlik"),
            ("photocatalytic activity", "fotokatalitik aktivite"),
        ],
        [
            ("in ZnO thin films", "ZnO ince filmlerde"),
            ("in Ti6Al4V alloys", "Ti6Al4V alaşımlarında"),
            ("in epoxy composites", "epoksi kompozitlerde"),
            ("in AA7075 alloys", "AA7075 alaşımlarında"),
        ],
    ),
    "psychology": (
        "heldout",
        [
            ("childhood trauma", "çocukluk çağı travması", "çocukluk çağı travmasının"),
            (
                "mindfulness training",
                "bilinçli farkındalık eğitimi",
                "bilinçli farkındalık eğitiminin",
            ),
            ("perceived social support", "algılanan sosyal destek", "algılanan sosyal desteğin"),
            ("smartphone addiction", "akıllı telefon bağımlılığı", "akıllı telefon bağımlılığının"),
            ("attachment style", "bağlanma stili", "bağlanma stilinin"),
        ],
        [
            ("psychological resilience", "psikolojik sağlamlık"),
            ("loneliness", "yalnızlık"),
            ("emotion regulation", "duygu düzenleme"),
            ("life satisfaction", "yaşam doyumu"),
            ("procrastination", "erteleme davranışı"),
        ],
        [
            ("in emerging adults", "beliren yetişkinlerde"),
            ("among earthquake survivors", "depremzedelerde"),
            ("in working mothers", "çalışan annelerde"),
            ("among athletes", "sporcularda"),
        ],
    ),
    "tourism": (
        "heldout",
        [
            ("destination image", "destinasyon imajı", "destinasyon imajının"),
            ("service quality", "hizmet kalitesi", "hizmet kalitesinin"),
            ("online reviews", "çevrimiçi yorumlar", "çevrimiçi yorumların"),
            ("gastronomy experience", "gastronomi deneyimi", "gastronomi deneyiminin"),
        ],
        [
            ("revisit intention", "tekrar ziyaret niyeti"),
            ("customer loyalty", "müşteri sadakati"),
            ("employee turnover", "işgören devir hızı"),
            ("tourist satisfaction", "turist memnuniyeti"),
        ],
        [
            ("in thermal hotels", "termal otellerde"),
            ("in Cappadocia", "Kapadokya'da"),
            ("in five-star hotels in Antalya", "Antalya'daki beş yıldızlı otellerde"),
            ("in rural tourism", "kırsal turizmde"),
        ],
    ),
}
DESIGNS = [
    ("a panel data analysis", "panel veri analizi"),
    ("a cross-sectional study", "kesitsel bir çalışma"),
    ("an experimental study", "deneysel bir çalışma"),
    ("a comparative analysis", "karşılaştırmalı bir analiz"),
    ("a systematic review and meta-analysis", "sistematik derleme ve meta-analiz"),
    ("a mixed-methods study", "karma yöntemli bir araştırma"),
    ("a structural equation model", "yapısal eşitlik modeli"),
    ("a field experiment", "bir tarla denemesi"),
]
LONG_CLAUSES = [
    (
        "with particular reference to the provinces of Konya, Karaman, Aksaray and Niğde between "
        "2005 and 2018",
        "2005-2018 yılları arasında Konya, Karaman, Aksaray ve Niğde illeri örneği",
    ),
    (
        "and its implications for regional development policies, sustainability planning and "
        "institutional capacity",
        "ve bölgesel kalkınma politikaları, sürdürülebilirlik planlaması ve "
        "kurumsal kapasite açısından sonuçları",
    ),
    (
        "evidence from a multi-centre sample collected in Ankara, İstanbul, İzmir and Erzurum",
        "Ankara, İstanbul, İzmir ve Erzurum'da toplanan çok merkezli bir örneklemden bulgular",
    ),
    (
        "a longitudinal assessment of short-term and long-term effects using mixed models",
        "karma modellerle kısa ve uzun dönem etkilerin boylamsal bir değerlendirmesi",
    ),
]
EN_TEMPLATES = {
    "shared": [
        "The effect of {f} on {o} {c}",
        "Investigating the relationship between {f} and {o} {c}",
        "{F} and {o} {c}: {d}",
    ],
    "dev": ["{F} as a predictor of {o} {c}", "Assessing {o} under {f} {c}"],
    "heldout": ["Does {f} shape {o}? {D} {c}", "Modelling the impact of {f} on {o} {c}"],
}
TR_TEMPLATES = {
    "shared": [
        "{C} {fg} {o} üzerine etkisi",
        "{C} {f} ile {o} arasındaki ilişkinin incelenmesi",
        "{C} {f} ve {o}: {d}",
    ],
    "dev": ["{C} {o} açısından {f}: {d}"],
    "heldout": ["{fg} {o} üzerindeki rolü: {c} bir araştırma"],
}
DE_TITLES = [  # (de, en) for the German EPrints and its English copies
    (
        "Die Rolle der kommunalen Wärmeplanung für die Energiewende in {place}",
        "The role of municipal heat planning for the energy transition in {place}",
    ),
    (
        "Mehrsprachigkeit und Schulerfolg von Kindern mit Migrationshintergrund in {place}",
        "Multilingualism and school success of children with a migration background in {place}",
    ),
    (
        "Grundwasserneubildung unter Klimawandel: Szenarien für {place}",
        "Groundwater recharge under climate change: scenarios for {place}",
    ),
    (
        "Digitale Lehre an Hochschulen nach der Pandemie: Befunde aus {place}",
        "Digital teaching at universities after the pandemic: findings from {place}",
    ),
    (
        "Arbeitsmarktintegration von Geflüchteten in {place}",
        "Labour market integration of refugees in {place}",
    ),
    (
        "Stickstoffbilanzen im ökologischen Landbau in {place}",
        "Nitrogen balances in organic farming in {place}",
    ),
    (
        "Wohnungsmarkt und Segregation in {place}: eine Mehrebenenanalyse",
        "Housing market and segregation in {place}: a multilevel analysis",
    ),
]
DE_PLACES = {
    "shared": ["Baden-Württemberg", "Nordrhein-Westfalen", "Sachsen", "Bremen"],
    "dev": ["Thüringen", "Schleswig-Holstein", "Oberbayern"],
    "heldout": ["Brandenburg", "Mecklenburg-Vorpommern", "Rheinland-Pfalz"],
}
JOURNALS_TR = {
    "shared": [
        ("Türk Tarım ve Doğa Bilimleri Dergisi", "ttdbd", "Türk Bilim Derneği", "2148-3647"),
        ("Eğitim ve Bilim", "egitimvebilim", "Türk Eğitim Derneği", "1300-1337"),
        ("Ekonomi, İşletme ve Yönetim Dergisi", "eiyd", "Anadolu Üniversitesi", "2602-3458"),
        (
            "Gazi Üniversitesi Mühendislik-Mimarlık Fakültesi Dergisi",
            "gazimmfd",
            "Gazi Üniversitesi",
            "1300-1884",
        ),
        ("Sağlık Bilimleri ve Hemşirelik Dergisi", "shd", "Hacettepe Üniversitesi", "2146-6254"),
        ("Bilişim Teknolojileri Dergisi", "gazibtd", "Gazi Üniversitesi", "1307-9697"),
    ],
    "dev": [
        ("Çevre Bilimleri ve Teknolojisi Dergisi", "cevrebt", "Ege Üniversitesi", "2458-8989"),
        ("Yapı ve Deprem Araştırmaları", "yapideprem", "İMO Yayınları", "2587-1234"),
    ],
    "heldout": [
        ("Malzeme Bilimi ve Teknolojisi", "malzemebt", "Sakarya Üniversitesi", "2667-4211"),
        ("Türk Psikoloji Yazıları", "tpy", "Türk Psikologlar Derneği", "1301-1996"),
        ("Turizm Akademik Dergisi", "turizmakademik", "Akdeniz Üniversitesi", "2148-7316"),
    ],
}
JOURNALS_INT = [
    ("Journal of Cleaner Production", "10.1016", "j.jclepro", "Elsevier", "0959-6526"),
    ("Sustainability", "10.3390", "su", "MDPI", "2071-1050"),
    ("Environmental Monitoring and Assessment", "10.1007", "s10661", "Springer", "0167-6369"),
    ("Zeitschrift für Erziehungswissenschaft", "10.1007", "s11618", "Springer VS", "1434-663X"),
    ("IEEE Access", "10.1109", "ACCESS", "IEEE", "2169-3536"),
    ("PLOS ONE", "10.1371", "journal.pone", "Public Library of Science", "1932-6203"),
]
CONFERENCES = {
    "shared": [
        "International Conference on Computer Science and Engineering (UBMK)",
        "Signal Processing and Communications Applications Conference (SIU)",
        "International Congress on Agriculture and Food Ethics",
    ],
    "dev": ["International Symposium on Innovative Technologies in Engineering and Science"],
    "heldout": [
        "International Tourism and Hospitality Congress",
        "International Conference on Materials Science and Nanotechnology",
    ],
}
DERGIPARK_TYPES = {
    "editorial": ["Editorial", "Editoryal"],
    "book_review": ["Book Review", "Kitap İncelemesi"],
    "erratum": ["Erratum", "Düzeltme"],
}
FIELD_JOURNALS = {
    "agriculture": ("ttdbd",),
    "education": ("egitimvebilim",),
    "economics": ("eiyd",),
    "civil": ("gazimmfd", "yapideprem"),
    "medicine": ("shd",),
    "computing": ("gazibtd",),
    "environment": ("cevrebt", "ttdbd"),
    "materials": ("malzemebt", "gazimmfd"),
    "psychology": ("tpy",),
    "tourism": ("turizmakademik", "eiyd"),
}
UNIVERSITIES = {  # two Turkish university DSpaces: (name, host, handle prefix, dspace version)
    "dspace_a": ("Boğazkent Üniversitesi", "acikerisim.bogazkent.edu.tr", "11527", 6),
    "dspace_b": (
        "Anadolu Teknik Üniversitesi",
        "openaccess.anatoliatech.edu.tr",
        "20.500.12880",
        7,
    ),
}
INSTITUTES = [
    "Fen Bilimleri Enstitüsü",
    "Sosyal Bilimler Enstitüsü",
    "Sağlık Bilimleri Enstitüsü",
    "Eğitim Bilimleri Enstitüsü",
]
GENERIC_THESIS = {
    "shared": [
        "Investigation of heat transfer enhancement in nanofluids",
        "Investigation of the mechanical properties of fibre-reinforced composites",
        "Yüksek Lisans Tezi",
        "Doktora Tezi",
    ],
    "dev": [
        "Investigation of the effects of climate change on water resources",
        "Türkiye'de kadın istihdamı",
        "Investigation of antioxidant activity of plant extracts",
    ],
    "heldout": [
        "Investigation of the electrochemical properties of thin films",
        "Örgütsel bağlılık üzerine bir araştırma",
        "Master's Thesis",
        "Investigation of energy efficiency in residential buildings",
    ],
}
EDITORIAL_TITLES = {
    "shared": ["Editorial", "Editörden", "Editörden / From the Editor"],
    "dev": ["Editör'den", "Önsöz"],
    "heldout": ["Editorial Note", "Sunuş", "Baş Editörden"],
}
BOOK_REVIEW = {
    "shared": [
        "Book Review",
        "Kitap İncelemesi",
        "Kitap İncelemesi: {book}",
        "Book review: {book}",
    ],
    "dev": ["Rezension: {book}"],
    "heldout": ["Kitap Değerlendirmesi", "Review of {book}"],
}
BOOKS = {
    "shared": [
        "Osmanlı'da Gündelik Hayat",
        "The Age of Surveillance Capitalism",
        "Türk Modernleşmesi",
        "Kapital im 21. Jahrhundert",
        "Thinking, Fast and Slow",
        "Yeni Türkiye'nin Sosyolojisi",
    ],
    "dev": ["Küresel Isınma ve Tarım", "Sapiens", "Eğitimde Yeni Yaklaşımlar"],
    "heldout": ["Bir Kentin Hafızası", "The Dawn of Everything", "Dijital Çağda Turizm"],
}
ERRATUM = {
    "shared": ["Erratum: {t}", "Correction to: {t}", "Düzeltme: {t}"],
    "dev": ["Erratum to “{t}”"],
    "heldout": ['Corrigendum to "{t}"', "Yazım hatası düzeltmesi: {t}"],
}
PARTS = {
    "shared": [("Part I", "Part II"), ("Bölüm 1", "Bölüm 2"), ("Part 1", "Part 2")],
    "dev": [("Part A", "Part B")],
    "heldout": [("I. Kısım", "II. Kısım"), ("(I)", "(II)")],
}


def pool(table: dict[str, object], split: str) -> list:
    """The shared part of ``table`` and the part of ``split``, as one list."""
    out: list = []
    for part in ("shared", split):
        value = table.get(part, [])
        out.extend(value.split() if isinstance(value, str) else value)
    return out


# --------------------------------------------------------------------------------------------
# Text damage, each as repositories and aggregators really produce it.
# --------------------------------------------------------------------------------------------

TR_UPPER = str.maketrans({"i": "İ", "ı": "I"})
NON_LATIN1_FOLD = str.maketrans(
    {"ı": "i", "İ": "I", "ş": "s", "Ş": "S", "ğ": "g", "Ğ": "G", "ł": "l", "œ": "oe", "Œ": "OE"}
)
ASCII_EXTRA = str.maketrans(
    {"ı": "i", "ß": "ss", "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "“": '"', "”": '"', "’": "'"}
)
GERMAN_FOLD = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)


def turkish_upper(text: str) -> str:
    """ALL CAPS the Turkish way (i → İ, ı → I), as a careful cataloguer types a thesis title."""
    return text.translate(TR_UPPER).upper()


def naive_upper(text: str) -> str:
    """ALL CAPS without Turkish rules (i → I): what a non-Turkish system does."""
    return text.upper()


def naive_lower(text: str) -> str:
    """Lower case without Turkish rules: İ becomes i + combining dot, I becomes i."""
    return text.lower()


def mojibake(text: str) -> str:
    """UTF-8 bytes read as Windows-1252 (undefined bytes kept as Latin-1), as ftfy calls sloppy."""
    out = []
    for byte in text.encode("utf-8"):
        try:
            out.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(chr(byte))
    return "".join(out)


def lost_to_question_marks(text: str, *, ascii_only: bool) -> str:
    """Characters a Latin-1 (or ASCII) column cannot store, replaced by ``?``."""
    limit = 0x80 if ascii_only else 0x100
    return "".join(ch if ord(ch) < limit else "?" for ch in text)


def latin1_fold(text: str) -> str:
    """Letters outside Latin-1 folded to their base (ş → s, ı → i); ö, ü, ç kept."""
    return text.translate(NON_LATIN1_FOLD)


def ascii_fold(text: str, *, german: bool = False) -> str:
    """Diacritics dropped (Yılmaz → Yilmaz), or the German way (Müller → Mueller)."""
    if german:
        text = text.translate(GERMAN_FOLD)
    text = unicodedata.normalize("NFKD", text.translate(ASCII_EXTRA))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def double_escape(text: str, *, times: int) -> str:
    """``&`` and letters outside ASCII as entities, escaped ``times`` over (``&amp;amp;``)."""
    out = text.replace("&", "&amp;")
    out = "".join(f"&#{ord(ch)};" if ord(ch) in TURKISH_CODEPOINTS else ch for ch in out)
    for _ in range(times - 1):
        out = out.replace("&", "&amp;")
    return out


TURKISH_CODEPOINTS = {ord(ch) for ch in "ıİşŞğĞ"}


def cut(text: str, limit: int) -> str:
    """A title cut at a column limit, as the aggregator stores it."""
    return text[:limit]


def title_case(text: str) -> str:
    """Title Case as arXiv submitters and some DSpace cataloguers type it."""
    small = {"a", "an", "the", "of", "and", "in", "on", "for", "with", "to", "under", "as", "at"}
    words = text.split(" ")
    out = []
    for i, word in enumerate(words):
        if i and word in small:
            out.append(word)
        elif word[:1].islower():
            out.append(word[:1].upper() + word[1:])
        else:
            out.append(word)
    return " ".join(out)


# --------------------------------------------------------------------------------------------
# Works, people and copies
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    """An author: given and family names, and the naming culture (tr, de, fr)."""

    given: str
    family: str
    origin: str


@dataclass
class Work:
    """One work; every record of the corpus renders one work."""

    wid: int
    kind: str  # article, thesis, conference, editorial, book_review, erratum, preprint_only
    lang: str
    titles: dict[str, str]
    authors: list[Person]
    year: int
    month: int
    day: int
    venue: tuple = ()
    volume: int = 0
    issue: int = 0
    pages: str = ""
    doi: str = ""
    abstracts: dict[str, str] = field(default_factory=dict)
    keywords: dict[str, list[str]] = field(default_factory=dict)
    advisor: Person | None = None
    institute: str = ""
    degree: str = ""
    topic: tuple = ()


@dataclass
class Copy:
    """How one record shows its work: which repository, and what it got wrong."""

    source: str
    title_lang: str = ""
    title: str = ""  # an explicit title (a version's own title)
    year: int = 0  # a version's own year
    date: str = ""  # an explicit dc:date value
    doi: str = ""  # the DOI this copy shows ("" none); a version's own DOI
    doi_where: str = "identifier"  # identifier, relation, description, none
    author_style: str = "plain"  # plain, initials, display, caps, missing, reorder, ascii, ...
    damage: tuple = ()
    extra: dict = field(default_factory=dict)
    tags: tuple = ()


class Corpus:
    """The rows being built, with what is true about them."""

    def __init__(self, split: str, seed: int):
        self.split = split
        self.seed = seed
        self.rng = random.Random(f"{split}:{seed}")
        self.works: list[Work] = []
        self.records: list[dict] = []  # {"row": row, "work": wid, "tags": [...], "order": key}
        self.traps: list[dict] = []
        self.cluster_tags: dict[int, set[str]] = defaultdict(set)
        self.used_titles: set[str] = set()
        self.used_dois: set[str] = set()
        self.people: list[Person] = []
        self.counters: Counter = Counter()
        self.updates: list[tuple[int, int]] = []

    # ---- people -------------------------------------------------------------------------
    def person(self, origin: str = "tr") -> Person:
        """A new author of ``origin`` (names repeat across people, as they do)."""
        given = {"tr": TR_GIVEN, "de": DE_GIVEN, "fr": FR_GIVEN}[origin]
        family = {"tr": TR_FAMILY, "de": DE_FAMILY, "fr": FR_FAMILY}[origin]
        g = self.rng.choice(pool(given, self.split))
        if origin == "tr" and self.rng.random() < 0.15:
            second = self.rng.choice(pool(given, self.split))
            g = f"{g} {second}" if second != g else g
        p = Person(g, self.rng.choice(pool(family, self.split)), origin)
        self.people.append(p)
        return p

    def team(self, origin: str = "tr", n: int | None = None) -> list[Person]:
        """An author list of ``n`` (or 1-5) people, mostly of ``origin``."""
        n = n or self.rng.choice([1, 2, 2, 3, 3, 3, 4, 5])
        out: list[Person] = []
        while len(out) < n:
            o = origin if self.rng.random() < 0.85 else self.rng.choice(["tr", "de", "fr"])
            p = self.person(o)
            if all(p.family != q.family for q in out):
                out.append(p)
        return out

    # ---- titles -------------------------------------------------------------------------
    def fresh(self, title: str) -> bool:
        """Whether ``title`` is new to the corpus (then it is taken)."""
        key = re.sub(r"\W+", " ", title.casefold()).strip()
        if key in self.used_titles:
            return False
        self.used_titles.add(key)
        return True

    def topic_title(self, *, long: int = 0, fields: list[str] | None = None) -> tuple:
        """A unique (en, tr, topic) title pair from the split's fields and templates."""
        names = fields or [k for k, v in FIELDS.items() if v[0] in ("shared", self.split)]
        for _ in range(500):
            name = self.rng.choice(names)
            _, factors, outcomes, contexts = FIELDS[name]
            f, o, c = (
                self.rng.choice(factors),
                self.rng.choice(outcomes),
                self.rng.choice(contexts),
            )
            d = self.rng.choice(DESIGNS)
            en_t = self.rng.choice(pool(EN_TEMPLATES, self.split))
            tr_t = self.rng.choice(pool(TR_TEMPLATES, self.split))
            en = en_t.format(
                f=f[0],
                F=f[0][:1].upper() + f[0][1:],
                o=o[0],
                c=c[0],
                d=d[0],
                D=d[0][:1].upper() + d[0][1:],
            )
            tr = tr_t.format(f=f[1], fg=f[2], o=o[1], c=c[1], C=c[1][:1].upper() + c[1][1:], d=d[1])
            tr = tr[:1].upper() + tr[1:]
            for i in range(long):
                clause = LONG_CLAUSES[(i + self.rng.randrange(4)) % 4]
                en += self.joint(en, clause[0]) + clause[0]
                tr += self.joint(tr, clause[1]) + clause[1]
            if self.fresh(en) and self.fresh(tr):
                return en, tr, (name, f, o, c, d)
        raise RuntimeError("title pool exhausted")

    @staticmethod
    def joint(title: str, clause: str) -> str:
        """How a long title takes one more clause."""
        if clause.startswith(("and ", "ve ")):
            return " "
        return ", " if ": " in title else ": "

    def german_title(self) -> tuple[str, str]:
        """A unique (de, en) title pair for the German EPrints."""
        for _ in range(500):
            de, en = self.rng.choice(DE_TITLES)
            place = self.rng.choice(pool(DE_PLACES, self.split))
            de, en = de.format(place=place), en.format(place=place)
            if self.rng.random() < 0.4:
                year = self.rng.randrange(1990, 2015)
                de, en = f"{de} seit {year}", f"{en} since {year}"
            if self.fresh(de) and self.fresh(en):
                return de, en
        raise RuntimeError("German title pool exhausted")

    # ---- works --------------------------------------------------------------------------
    def work(
        self,
        kind: str,
        lang: str,
        titles: dict[str, str],
        authors: list[Person],
        year: int,
        **kw: object,
    ) -> Work:
        """Register a new work."""
        month = kw.pop("month", None) or self.rng.randint(1, 12)
        day = kw.pop("day", None) or self.rng.randint(1, 28)
        w = Work(len(self.works), kind, lang, titles, authors, year, month, day, **kw)
        self.works.append(w)
        return w

    def journal_tr(self, topic: tuple = ()) -> tuple:
        """A DergiPark journal, mostly of the topic's field: name, slug, publisher, ISSN."""
        journals = pool(JOURNALS_TR, self.split)
        own = [j for j in journals if topic and j[1] in FIELD_JOURNALS.get(topic[0], ())]
        name, slug, publisher, issn = self.rng.choice(
            own if own and self.rng.random() < 0.85 else journals
        )
        prefix = f"10.{17000 + int(hashlib.md5(slug.encode()).hexdigest()[:3], 16) % 3000}"
        return ("tr", name, slug, publisher, issn, prefix)

    def journal_int(self) -> tuple:
        """An international journal: name, DOI prefix and stem, publisher, ISSN."""
        name, prefix, stem, publisher, issn = self.rng.choice(JOURNALS_INT)
        return ("int", name, stem, publisher, issn, prefix)

    def make_doi(self, venue: tuple, year: int) -> str:
        """A new DOI in the style of the venue's publisher."""
        while True:
            doi = self.doi_like(venue, year)
            if doi.lower() not in self.used_dois:
                self.used_dois.add(doi.lower())
                return doi

    def doi_like(self, venue: tuple, year: int) -> str:
        """A DOI of the venue's publisher's pattern (perhaps taken already)."""
        kind, _, stem, _, _, prefix = venue
        n = self.rng.randrange(100000, 999999)
        if kind == "tr":
            return f"{prefix}/{stem}.{n}"
        if prefix == "10.1016":
            return f"{prefix}/{stem}.{year}.{n % 12 + 1:02d}.{n // 1000:03d}"
        if prefix == "10.1007":
            return f"{prefix}/{stem}-{year % 100:02d}{n % 1000:03d}-{n % 10}"
        if prefix == "10.3390":
            return f"{prefix}/{stem}{n % 20:02d}{n % 10000:04d}"
        if prefix == "10.1109":
            return f"{prefix}/{stem}.{year}.{n % 10000000:07d}"
        return f"{prefix}/{stem}.{n:07d}"

    def abstract(self, topic: tuple, lang: str) -> str:
        """A plausible abstract for a field-of-study title."""
        if not topic:
            return ""
        _, f, o, c, d = topic
        n = self.rng.choice([48, 96, 120, 212, 305, 418, 1250])
        if lang == "tr":
            s = [
                f"Bu çalışmada {c[1]} {f[1]} ile {o[1]} arasındaki ilişki incelenmiştir.",
                f"Araştırma {d[1]} olarak tasarlanmış ve {n} gözlem üzerinde yürütülmüştür.",
                f"Bulgular {f[2]} {o[1]} üzerinde anlamlı bir etkisi olduğunu göstermiştir "
                f"(p < 0,05).",
                "Sonuçlar uygulayıcılar ve politika yapıcılar için öneriler sunmaktadır.",
            ]
        else:
            s = [
                f"This study examines how {f[0]} is related to {o[0]} {c[0]}.",
                f"The design was {d[0]} based on {n} observations.",
                f"Results indicate a significant association between {f[0]} and {o[0]} (p < 0.05).",
                "Implications for practice and policy are discussed.",
            ]
        self.rng.shuffle(s[2:])
        return " ".join(s)


# --------------------------------------------------------------------------------------------
# Rendering: one function per repository, from a work and a copy to a harvested row
# --------------------------------------------------------------------------------------------

ENDPOINTS = {
    "dergipark": "https://dergipark.org.tr/api/public/oai/",
    "dspace_a": "https://acikerisim.bogazkent.edu.tr/oai/request",
    "dspace_b": "https://openaccess.anatoliatech.edu.tr/server/oai/request",
    "aggregator": "https://harman.acikarsiv.org.tr/oai",
    "eprints": "https://eprints.uni-rheinau.de/cgi/oai2",
    "arxiv": "https://export.arxiv.org/oai2",
    "hal": "https://api.archives-ouvertes.fr/oai/hal/",
    "zenodo": "https://zenodo.org/oai2d",
    "aperta": "https://aperta.acikbilim.org.tr/oai",
}


def name_forms(p: Person, style: str) -> str:
    """One author's name as a copy writes it."""
    given, family = p.given, p.family
    if style == "ascii":
        given, family = ascii_fold(given), ascii_fold(family)
    elif style == "ascii_de":
        given, family = ascii_fold(given, german=True), ascii_fold(family, german=True)
    elif style == "latin1":
        given, family = latin1_fold(given), latin1_fold(family)
    initials = " ".join(f"{g[0]}." for g in given.split())
    if style == "initials":
        return f"{family}, {initials}"
    if style == "initials_front":
        return f"{initials} {family}"
    if style == "initials_pubmed":
        return f"{family} {''.join(g[0] for g in given.split())}"
    if style == "display":
        return f"{given} {family}"
    if style == "caps":
        return f"{given} {turkish_upper(family) if p.origin == 'tr' else family.upper()}"
    return f"{family}, {given}"


def creators(work: Work, copy: Copy, rng: random.Random) -> list[str]:
    """The dc:creator values of a copy."""
    style = copy.author_style
    if style == "missing":
        return []
    people = list(work.authors)
    if style == "reorder" and len(people) > 1:
        people = people[1:] + people[:1]
        style = "plain"
    if style == "etal" and len(people) > 2:
        return [name_forms(people[0], "plain"), "et al."]
    return [name_forms(p, style if style != "etal" else "plain") for p in people]


def doi_forms(doi: str, where: str, rng: random.Random) -> dict[str, list[str]]:
    """Where and how a copy shows its DOI."""
    if not doi or where == "none":
        return {}
    if where == "relation":
        return {"relation": [f"info:eu-repo/semantics/altIdentifier/doi/{doi}"]}
    if where == "description":
        sentence = rng.choice(
            [
                f"DOI: {doi}",
                f"https://doi.org/{doi}",
                f"Bu makalenin İngilizce sürümü doi:{doi} ile yayımlanmıştır.",
                f"The original article is available at https://doi.org/{doi}.",
            ]
        )
        return {"description": [sentence]}
    form = rng.choice(["https://doi.org/{}", "{}", "doi:{}", "http://dx.doi.org/{}", "{U}"])
    return {"identifier": [form.format(doi, U=doi.upper())]}


def merge(meta: dict[str, list[str]], more: dict[str, list[str]]) -> None:
    """Append ``more``'s values to ``meta``."""
    for key, values in more.items():
        meta.setdefault(key, []).extend(values)


HARVESTED_UNTIL = dt.datetime(2026, 6, 30, 23, 0, 0)  # the first harvest of every repository
UPDATED_UNTIL = dt.datetime(2026, 11, 30, 23, 0, 0)  # the incremental harvest appended later


def after(
    start: str | int,
    rng: random.Random,
    lo_days: float,
    hi_days: float,
    *,
    cap: dt.datetime = HARVESTED_UNTIL,
) -> str:
    """A UTC timestamp some days after ``start`` (a year, a date or a timestamp), capped."""
    if isinstance(start, int):
        base = dt.datetime(start, 1, 1)
    else:
        parts = [int(x) for x in re.split(r"[-T:Z]", start) if x][:6]
        base = dt.datetime(*(parts + [1, 1][: max(0, 3 - len(parts))]))
    when = base + dt.timedelta(days=rng.uniform(lo_days, hi_days), seconds=rng.randrange(86400))
    if when > cap:
        when = max(base, cap - dt.timedelta(days=rng.uniform(0, 150)))
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


class Renderer:
    """Turns (work, copy) into harvested rows; numbers each repository's records."""

    def __init__(self, corpus: Corpus):
        self.c = corpus
        self.rng = corpus.rng
        self.serial: Counter = Counter()

    def next_id(self, source: str, start: int, step: int = 1) -> int:
        """The next local number of ``source`` (gaps, as deletions leave)."""
        self.serial[source] += self.rng.randint(1, step)
        return start + self.serial[source]

    def title_of(self, work: Work, copy: Copy) -> str:
        """The title a copy shows."""
        if copy.title:
            return copy.title
        return work.titles.get(copy.title_lang or work.lang) or next(iter(work.titles.values()))

    def year_of(self, work: Work, copy: Copy) -> int:
        """The publication year a copy states."""
        return copy.year or work.year

    def citation(self, work: Work, year: int, title: str) -> str:
        """A citation string, as DSpace's dc.identifier.citation and EPrints write them."""
        names = ", ".join(f"{p.family}, {p.given[0]}." for p in work.authors[:3])
        venue = work.venue[1] if work.venue else ""
        return f"{names} ({year}). {title}. {venue}, {work.volume}({work.issue}), {work.pages}."

    def base(
        self,
        source: str,
        identifier: str,
        datestamp: str,
        sets: list[str],
        meta: dict[str, list[str]],
    ) -> dict:
        """A harvested row: the header fields and the non-empty oai_dc elements."""
        latest = max((v[:10] for v in meta.get("date", []) if v), default="")
        if latest and datestamp[:10] < latest:  # a record is stamped after it is described
            datestamp = after(latest, self.rng, 1, 200)[: len(datestamp)]
        meta = {k: [v for v in vals if v] for k, vals in meta.items()}
        meta = {k: v for k, v in meta.items() if v}
        return {
            "datestamp": datestamp,
            "deleted": False,
            "endpoint": ENDPOINTS[source],
            "identifier": identifier,
            "metadata": meta,
            "metadata_prefix": "oai_dc",
            "sets": sets,
        }

    # ---- DergiPark ------------------------------------------------------------------------
    def dergipark(self, work: Work, copy: Copy) -> dict:
        """A DergiPark (OJS) record: bilingual titles, both abstracts, the journal as dc:source."""
        rng = self.rng
        art = self.next_id("dergipark", 400000, 900)
        issue_id = 50000 + art % 7919
        _, jname, slug, publisher, issn, _ = work.venue
        lang = "tr" if work.lang == "tr" else "en"
        titles = [self.title_of(work, copy)]
        if not copy.title_lang and len(work.titles) > 1 and copy.extra.get("bilingual", True):
            titles += [
                t for lang_, t in sorted(work.titles.items(), reverse=True) if lang_ != work.lang
            ]
        year = self.year_of(work, copy)
        date = copy.date or f"{year}-{work.month:02d}-{work.day:02d}"
        meta: dict[str, list[str]] = {
            "title": titles,
            "creator": creators(work, copy, rng),
            "subject": work.keywords.get("tr", []) + work.keywords.get("en", []),
            "description": [
                work.abstracts.get(k, "")
                for k in ("tr", "en")
                if copy.title_lang in ("", k) or copy.extra.get("all_abstracts")
            ],
            "publisher": [publisher],
            "date": [date],
            "type": [
                "info:eu-repo/semantics/article",
                rng.choice(
                    DERGIPARK_TYPES.get(work.kind, ["Research Article", "Araştırma Makalesi"])
                ),
            ],
            "identifier": [f"https://dergipark.org.tr/{lang}/pub/{slug}/issue/{issue_id}/{art}"],
            "source": [
                f"{jname}; Cilt: {work.volume} Sayı: {work.issue}; {work.pages}"
                if rng.random() < 0.5
                else f"{jname}; Yıl {work.year}, Cilt {work.volume}, Sayı {work.issue}, "
                f"{work.pages}",
                issn,
            ],
            "language": [lang],
            "relation": [f"https://dergipark.org.tr/{lang}/download/article-file/{art * 3 + 17}"],
            "rights": ["http://creativecommons.org/licenses/by-nc/4.0"],
        }
        merge(meta, doi_forms(copy.doi, copy.doi_where, rng))
        stamp = after(date, rng, 5, 1400)[:10]
        return self.base("dergipark", f"oai:dergipark.org.tr:article/{art}", stamp, [slug], meta)

    # ---- DSpace (XOAI) -------------------------------------------------------------------
    def dspace(self, work: Work, copy: Copy, which: str) -> dict:
        """A DSpace record through XOAI: dc:date accessioned, available, issued."""
        rng = self.rng
        uname, host, prefix, version = UNIVERSITIES[which]
        item = self.next_id(which, 1000 if version == 6 else 3000, 40)
        year = self.year_of(work, copy)
        issued = copy.date or rng.choice(
            [
                str(year),
                str(year),
                f"{year}-{work.month:02d}",
                f"{year}-{work.month:02d}-{work.day:02d}",
            ]
        )
        accessioned = after(f"{year}-{work.month:02d}-{work.day:02d}", rng, 60, 2400)
        title = self.title_of(work, copy)
        thesis = work.kind == "thesis"
        if thesis and copy.extra.get("caps"):
            title = turkish_upper(title)
        meta: dict[str, list[str]] = {
            "title": [title],
            "creator": creators(work, copy, rng),
            "date": [accessioned, accessioned, issued],
            "identifier": [f"https://hdl.handle.net/{prefix}/{item}"],
            "language": [
                rng.choice(
                    {"tr": ["tr", "tur", "Türkçe"], "en": ["en", "eng", "en_US"], "de": ["de"]}[
                        copy.title_lang or work.lang
                    ]
                )
            ],
            "rights": ["info:eu-repo/semantics/openAccess"],
            "subject": work.keywords.get(copy.title_lang or work.lang, []),
        }
        if thesis:
            meta["contributor"] = [name_forms(work.advisor, "plain")] if work.advisor else []
            meta["publisher"] = [f"{uname}, {work.institute}"]
            meta["type"] = [
                f"info:eu-repo/semantics/{work.degree}",
                "Thesis" if rng.random() < 0.5 else "Tez",
            ]
            label = "Yüksek Lisans" if work.degree == "masterThesis" else "Doktora"
            meta["description"] = [
                f"Tez ({label}) -- {uname}, {work.institute}, {year}.",
                work.abstracts.get(work.lang, ""),
            ]
            if rng.random() < 0.6:
                meta["identifier"].append(f"Tez No: {rng.randrange(400000, 900000)}")
        else:
            venue = work.venue
            meta["type"] = [
                "info:eu-repo/semantics/article"
                if work.kind != "conference"
                else "info:eu-repo/semantics/conferenceObject",
                "Article" if work.kind != "conference" else "Conference Object",
            ]
            meta["publisher"] = [venue[3]] if venue and rng.random() < 0.7 else []
            meta["description"] = [work.abstracts.get(copy.title_lang or work.lang, "")]
            if venue:
                meta["source"] = [venue[1]]
                if rng.random() < 0.6:
                    meta["identifier"].append(self.citation(work, year, title))
                if rng.random() < 0.5:
                    meta["identifier"].append(venue[4])
            if rng.random() < 0.3:
                meta["identifier"].append(f"WOS:000{rng.randrange(400000000, 999999999)}")
            if rng.random() < 0.3:
                meta["identifier"].append(f"2-s2.0-85{rng.randrange(10**8, 10**9)}")
        merge(meta, doi_forms(copy.doi, copy.doi_where, rng))
        sets = [
            f"com_{prefix.replace('.', '_')}_{rng.randrange(1, 9)}",
            f"col_{prefix.replace('.', '_')}_{rng.randrange(10, 60)}",
        ]
        stamp = after(accessioned, rng, 0, 700)
        return self.base(which, f"oai:{host}:{prefix}/{item}", stamp, sets, meta)

    # ---- the national aggregator ---------------------------------------------------------
    def aggregator(self, original: dict, copy: Copy) -> dict:
        """A re-export of ``original`` (a DSpace or DergiPark row), with the copy's damage."""
        rng = self.rng
        meta = json.loads(json.dumps(original["metadata"]))
        n = self.next_id("aggregator", 2_000_000, 30)
        damage = set(copy.damage)
        if "deposit_date_only" in damage and len(meta.get("date", [])) >= 3:
            meta["date"] = meta["date"][:1]
        if "no_authors" in damage:
            meta.pop("creator", None)
        if "drop_doi" in damage:
            for key in ("identifier", "relation"):
                meta[key] = [v for v in meta.get(key, []) if not DOI_RE.search(v)]
        for key in ("title", "creator", "description", "subject", "publisher", "contributor"):
            vals = meta.get(key, [])
            if not vals:
                continue
            if "mojibake" in damage:
                vals = [mojibake(v) for v in vals]
            if "qmark" in damage:
                vals = [lost_to_question_marks(v, ascii_only="qmark_ascii" in damage) for v in vals]
            if "entities" in damage and key in ("title", "description"):
                vals = [double_escape(v, times=2 if "entities2" in damage else 1) for v in vals]
            meta[key] = vals
        if meta.get("title"):
            t = meta["title"][0]
            if "naive_caps" in damage:
                t = naive_upper(t)
            if "naive_lower" in damage:
                t = naive_lower(t)
                t = t[:1].upper() + t[1:]
            for limit in (255, 100):
                if f"cut{limit}" in damage:
                    t = cut(t, limit)
            meta["title"] = [t, *meta["title"][1:2]]
        code = {"dergipark.org.tr": "dergipark"}.get(original["identifier"].split(":")[1], "")
        code = code or original["identifier"].split(":")[1].split(".")[1]
        ident = [v for v in meta.get("identifier", []) if v.startswith("http")][:1]
        meta["identifier"] = (
            [f"https://harman.acikarsiv.org.tr/kayit/{n}"]
            + ident
            + [v for v in meta.get("identifier", []) if v not in ident]
        )
        meta["source"] = [*meta.get("source", []), copy.extra.get("src_label", "")]
        if copy.extra.get("src_citation"):
            meta["source"].append(copy.extra["src_citation"])
        stamp = after(original["datestamp"], rng, 10, 500)
        sets = [copy.extra.get("agg_set", "kurum")]
        return self.base("aggregator", f"oai:harman.acikarsiv.org.tr:{code}/{n}", stamp, sets, meta)

    # ---- German EPrints ------------------------------------------------------------------
    def eprints(self, work: Work, copy: Copy) -> dict:
        """A German EPrints record: the full text URL and a citation string as dc:identifier."""
        rng = self.rng
        eid = self.next_id("eprints", 2000, 25)
        year = self.year_of(work, copy)
        title = self.title_of(work, copy)
        people = creators(work, copy, rng)
        meta: dict[str, list[str]] = {
            "title": [title],
            "creator": people,
            "subject": [
                rng.choice(
                    [
                        "300 Sozialwissenschaften",
                        "370 Erziehung, Schul- und Bildungswesen",
                        "550 Geowissenschaften",
                        "630 Landwirtschaft",
                        "004 Informatik",
                    ]
                )
            ],
            "description": [work.abstracts.get(copy.title_lang or work.lang, "")],
            "publisher": [],
            "date": [copy.date or rng.choice([str(year), f"{year}-{work.month:02d}"])],
            "type": ["Article", "PeerReviewed"]
            if work.kind != "preprint_only"
            else ["Preprint", "NonPeerReviewed"],
            "format": ["application/pdf"],
            "language": [copy.title_lang or work.lang],
            "identifier": [f"https://eprints.uni-rheinau.de/id/eprint/{eid}/1/{eid}.pdf"],
            "relation": [f"https://eprints.uni-rheinau.de/id/eprint/{eid}/"],
        }
        if work.venue:
            names = " und ".join(f"{p.family}, {p.given}" for p in work.authors[:3])
            meta["identifier"].append(
                f"{names} ({year}) {title}. {work.venue[1]}, "
                f"{work.volume} ({work.issue}). pp. {work.pages}. "
                f"ISSN {work.venue[4]}"
            )
        merge(meta, doi_forms(copy.doi, copy.doi_where, rng))
        stamp = after(year, rng, 30, 1500)
        return self.base(
            "eprints",
            f"oai:eprints.uni-rheinau.de:{eid}",
            stamp,
            ["7374617475733D707562", "74797065733D61727469636C65"],
            meta,
        )

    # ---- arXiv -----------------------------------------------------------------------------
    def arxiv(self, work: Work, copy: Copy) -> dict:
        """An arXiv record: a dc:date per version, a journal reference if the authors gave one."""
        rng = self.rng
        year = self.year_of(work, copy)
        month = rng.randint(1, 12)
        num = f"{year % 100:02d}{month:02d}.{self.next_id('arxiv', 1000, 400):05d}"
        title = self.title_of(work, copy)
        first = f"{year}-{month:02d}-{rng.randint(1, 28):02d}"
        dates = [first] + ([after(first, rng, 20, 300)[:10]] if copy.extra.get("v2") else [])
        meta: dict[str, list[str]] = {
            "title": [title],
            "creator": creators(work, copy, rng),
            "subject": [
                rng.choice(
                    [
                        "Computer Science - Machine Learning",
                        "Computer Science - Computation and Language",
                        "Economics - General Economics",
                        "Physics - Applied Physics",
                        "Quantitative Biology",
                    ]
                )
            ],
            "description": [
                work.abstracts.get("en", ""),
                rng.choice(
                    [
                        "Comment: 12 pages, 4 figures",
                        "Comment: preprint",
                        "Comment: under review",
                        "",
                    ]
                ),
            ],
            "date": dates,
            "type": ["text"],
            "identifier": [f"http://arxiv.org/abs/{num}"],
        }
        if copy.extra.get("journal_ref"):
            meta["identifier"].append(copy.extra["journal_ref"])
        merge(meta, doi_forms(copy.doi, copy.doi_where, rng))
        stamp = dates[-1]
        return self.base("arxiv", f"oai:arXiv.org:{num}", stamp, ["cs"], meta)

    # ---- HAL ------------------------------------------------------------------------------
    def hal(self, work: Work, copy: Copy) -> dict:
        """A HAL record: hal- identifiers, the journal in dc:source, typed by eu-repo terms."""
        rng = self.rng
        hid = f"hal-0{self.next_id('hal', 1_200_000, 3000):07d}"
        version = copy.extra.get("hal_version", 1)
        year = self.year_of(work, copy)
        title = self.title_of(work, copy)
        meta: dict[str, list[str]] = {
            "title": [title],
            "creator": creators(work, copy, rng),
            "contributor": [],
            "description": [work.abstracts.get(copy.title_lang or work.lang, "")],
            "date": [copy.date or f"{year}-{work.month:02d}-{work.day:02d}"],
            "type": ["info:eu-repo/semantics/article", "Journal articles"]
            if work.kind not in ("preprint_only", "conference")
            else (
                ["info:eu-repo/semantics/conferenceObject", "Conference papers"]
                if work.kind == "conference"
                else ["info:eu-repo/semantics/preprint", "Preprints, Working Papers, ..."]
            ),
            "language": [copy.title_lang or work.lang],
            "identifier": [
                hid,
                f"https://hal.science/{hid}",
                f"https://hal.science/{hid}/document",
                f"https://hal.science/{hid}/file/main.pdf",
            ],
            "source": [work.venue[1]] if work.venue else [],
            "publisher": [work.venue[3]] if work.venue and rng.random() < 0.5 else [],
            "subject": [
                rng.choice(
                    [
                        "[SHS.ECO]Humanities and Social Sciences/Economics and Finance",
                        "[INFO.INFO-LG]Computer Science [cs]/Machine Learning [cs.LG]",
                        "[SDE]Environmental Sciences",
                        "[SDV]Life Sciences [q-bio]",
                    ]
                )
            ],
            "rights": ["info:eu-repo/semantics/OpenAccess"],
        }
        if work.venue and rng.random() < 0.6:
            meta["source"].append(f"ISSN: {work.venue[4]}")
        merge(meta, doi_forms(copy.doi, copy.doi_where, rng))
        stamp = after(year, rng, 20, 900)[:10]
        return self.base(
            "hal",
            f"oai:HAL:{hid}v{version}",
            stamp,
            ["type:ART", rng.choice(["subject:shs", "subject:info", "subject:sde"])],
            meta,
        )

    # ---- Zenodo ---------------------------------------------------------------------------
    def zenodo(self, work: Work, copy: Copy) -> dict:
        """A Zenodo record: its own DOI, the concept DOI in dc:relation, HTML-escaped abstract."""
        rng = self.rng
        rec = self.next_id("zenodo", 3_100_000, 9000)
        year = self.year_of(work, copy)
        own = f"10.5281/zenodo.{rec}"
        title = self.title_of(work, copy)
        abstract = work.abstracts.get(copy.title_lang or work.lang, "")
        meta: dict[str, list[str]] = {
            "creator": creators(work, copy, rng),
            "date": [copy.date or f"{year}-{work.month:02d}-{work.day:02d}"],
            "description": [
                f"&lt;p&gt;{html.escape(abstract, quote=False)}&lt;/p&gt;" if abstract else ""
            ],
            "identifier": [
                f"https://doi.org/{copy.extra.get('zenodo_doi') or own}",
                f"oai:zenodo.org:{rec}",
            ],
            "publisher": ["Zenodo"],
            "relation": [f"https://doi.org/10.5281/zenodo.{rec - 1}"],
            "rights": [
                "info:eu-repo/semantics/openAccess",
                "Creative Commons Attribution 4.0 International",
            ],
            "title": [title],
            "type": [
                "info:eu-repo/semantics/preprint"
                if copy.extra.get("preprint")
                else "info:eu-repo/semantics/article"
            ],
            "subject": work.keywords.get("en", [])[:3],
            "language": ["eng"] if rng.random() < 0.5 else [],
        }
        if copy.doi and copy.doi != copy.extra.get("zenodo_doi"):
            meta["relation"].append(
                f"https://doi.org/{copy.doi}"
                if copy.doi_where != "relation"
                else f"info:eu-repo/semantics/altIdentifier/doi/{copy.doi}"
            )
        stamp = after(year, rng, 0, 400)
        return self.base(
            "zenodo",
            f"oai:zenodo.org:{rec}",
            stamp,
            ["user-" + rng.choice(["eu", "tubitak", "covid-19", "openaire"])],
            meta,
        )

    # ---- a second preprint server (held-out only) -----------------------------------------
    def aperta(self, work: Work, copy: Copy) -> dict:
        """A second preprint server's record (held-out only): its own DOI on every preprint."""
        rng = self.rng
        n = self.next_id("aperta", 100_000, 200)
        year = self.year_of(work, copy)
        title = self.title_of(work, copy)
        own = copy.extra.get("own_doi") or f"10.48623/aperta.{n}"
        meta: dict[str, list[str]] = {
            "title": [title],
            "creator": creators(work, copy, rng),
            "date": [copy.date or f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"],
            "description": [work.abstracts.get(copy.title_lang or work.lang, "")],
            "identifier": [f"https://aperta.acikbilim.org.tr/record/{n}", own],
            "type": ["Preprint", "info:eu-repo/semantics/preprint"],
            "publisher": ["TÜBİTAK ULAKBİM"],
            "language": [copy.title_lang or work.lang],
        }
        merge(meta, doi_forms(copy.doi, copy.doi_where, rng))
        stamp = after(year, rng, 0, 300)
        return self.base("aperta", f"oai:aperta.acikbilim.org.tr:{n}", stamp, ["preprint"], meta)

    def render(self, work: Work, copy: Copy, original: dict | None = None) -> dict:
        """One harvested row for ``copy`` of ``work``."""
        if copy.source == "aggregator":
            assert original is not None
            return self.aggregator(original, copy)
        if copy.source in ("dspace_a", "dspace_b"):
            return self.dspace(work, copy, copy.source)
        return getattr(self, copy.source)(work, copy)


# --------------------------------------------------------------------------------------------
# Variations of one copy
# --------------------------------------------------------------------------------------------

SPELLINGS = [
    ("modelling", "modeling"),
    ("behaviour", "behavior"),
    ("fibre", "fiber"),
    ("quantisation", "quantization"),
    ("fertilisation", "fertilization"),
    ("labelled", "labeled"),
    ("self-regulated", "self regulated"),
    ("cross-sectional", "cross sectional"),
    ("game-based", "game based"),
    ("mixed-methods", "mixed methods"),
    ("freeze-thaw", "freeze–thaw"),
]
ANGLE_TITLES = {
    "shared": [
        "Bounds for x<y and y>z in ordered fields: {d}",
        "Low-dose aspirin in patients with eGFR <60 mL/min: {d}",
        "Growth of children aged <5 years {c}: {d}",
        "When p<0.05 is not enough: {f} and {o} {c}",
    ],
    "dev": ["Graphs with girth >4 and their spectra: {d}", "Risk of {o} at BMI >30 kg/m2: {d}"],
    "heldout": ["Particles <2.5 µm and {o} {c}", "Odds ratios >1 for {o} {c}: {d}"],
}


def near_title(title: str, rng: random.Random) -> str:
    """The same text's title in another version: a subtitle, a spelling, a case changed."""
    out = title
    moves = rng.sample(["spelling", "subtitle", "case", "article", "hyphen"], k=rng.choice([1, 2]))
    for move in moves:
        if move == "spelling":
            for a, b in SPELLINGS:
                if a in out:
                    out = out.replace(a, b)
                    break
                if b in out:
                    out = out.replace(b, a)
                    break
        elif move == "subtitle":
            if ": " in out and len(out.split(": ", 1)[0]) > 30:
                out = out.split(": ", 1)[0]
            else:
                out += rng.choice(
                    [
                        ": preliminary results",
                        ": evidence from a national sample",
                        ": a preprint version",
                        ": an empirical analysis",
                    ]
                )
        elif move == "case":
            out = title_case(out)
        elif move == "article" and out.startswith("The "):
            out = out[4:5].upper() + out[5:]
        elif move == "hyphen":
            out = out.replace("-", " ") if "-" in out else out.replace(" and ", " & ")
    if out == title:
        out = title_case(title) if title_case(title) != title else title + ": preliminary results"
    return out


AUTHOR_STYLES = [
    ("plain", 40),
    ("initials", 11),
    ("initials_front", 5),
    ("initials_pubmed", 4),
    ("display", 10),
    ("caps", 5),
    ("reorder", 7),
    ("ascii", 8),
    ("latin1", 4),
    ("missing", 4),
    ("etal", 2),
]


def author_style(rng: random.Random, work: Work) -> str:
    """How a copy writes its authors (each style a real variant)."""
    names, weights = zip(*AUTHOR_STYLES, strict=True)
    style = rng.choices(names, weights)[0]
    if style in ("ascii", "latin1") and not any(
        ascii_fold(p.family + p.given) != p.family + p.given for p in work.authors
    ):
        return "plain"
    if style == "ascii" and work.authors[0].origin == "de" and rng.random() < 0.5:
        return "ascii_de"
    if style == "caps" and work.authors[0].origin != "tr":
        return "display"
    if style == "reorder" and len(work.authors) < 2:
        return "display"
    if style == "etal" and len(work.authors) < 3:
        return "initials"
    return style


# --------------------------------------------------------------------------------------------
# The corpus: clusters of planted phenomena, trap groups, singletons
# --------------------------------------------------------------------------------------------

SIZES = {
    # regular clusters per scenario, trap groups per kind, target rows
    "dev": {
        "dergipark_chain": 90,
        "preprint_article": 52,
        "cross_language": 28,
        "thesis": 42,
        "european": 34,
        "two_dspaces": 24,
        "angle": 8,
        "traps": 19,
        "rows": 1500,
    },
    "heldout": {
        "dergipark_chain": 80,
        "preprint_article": 56,
        "cross_language": 30,
        "thesis": 38,
        "european": 36,
        "two_dspaces": 26,
        "angle": 8,
        "traps": 19,
        "rows": 1500,
    },
}
TRAP_KINDS = (
    "conference_extension",
    "generic_thesis",
    "editorial",
    "book_review",
    "series",
    "same_title_other_authors",
    "erratum",
)


class Builder:
    """Plants works and their copies in a corpus."""

    def __init__(self, split: str, seed: int):
        self.c = Corpus(split, seed)
        self.r = Renderer(self.c)
        self.rng = self.c.rng
        self.split = split

    # ---- bookkeeping ----------------------------------------------------------------------
    def emit(self, work: Work, copy: Copy, original: dict | None = None, tags: tuple = ()) -> dict:
        """Render one copy and remember which work it shows."""
        row = self.r.render(work, copy, original)
        self.c.records.append({"row": row, "work": work.wid, "tags": list(copy.tags) + list(tags)})
        for t in (*copy.tags, *tags):
            self.c.cluster_tags[work.wid].add(t)
        if copy.author_style not in ("plain",):
            self.c.cluster_tags[work.wid].add(f"authors_{copy.author_style}")
        return row

    def copy(self, source: str, work: Work, **kw: object) -> Copy:
        """A copy of ``work`` in ``source`` with a random author style and DOI display."""
        kw.setdefault("author_style", author_style(self.rng, work))
        if "doi" not in kw and work.doi:
            kw["doi"] = work.doi if self.rng.random() < 0.7 else ""
            kw.setdefault("doi_where", self.rng.choice(["identifier"] * 3 + ["relation"]))
        return Copy(source, **kw)

    def aggregate(self, work: Work, original: dict, *, thesis: bool = False) -> dict:
        """The aggregator's re-export of ``original``, damaged in one or two ways."""
        rng = self.rng
        title = original["metadata"].get("title", [""])[0]
        options = [
            "mojibake",
            "qmark",
            "qmark_ascii",
            "entities",
            "entities2",
            "deposit_date_only",
            "no_authors",
            "drop_doi",
            "clean",
        ]
        if len(title) > 255:
            options += ["cut255"] * 4
        if len(title) > 100:
            options += ["cut100"] * 3
        if thesis:
            options += ["naive_lower"] * 3 if title.isupper() else ["naive_caps"] * 3
        picked = set(rng.sample(options, k=rng.choice([1, 1, 2, 2, 3])))
        if "qmark_ascii" in picked:
            picked.add("qmark")
        if "entities2" in picked:
            picked.add("entities")
        if "cut255" in picked and "cut100" in picked:
            picked.discard("cut100")
        if "mojibake" in picked and "qmark" in picked:
            picked.discard("mojibake")
        if "naive_caps" in picked and "naive_lower" in picked:
            picked.discard("naive_lower")
        if "deposit_date_only" in picked and len(original["metadata"].get("date", [])) < 3:
            picked.discard("deposit_date_only")
        picked.discard("clean")
        venue = work.venue
        extra = {
            "src_label": {"dergipark.org.tr": "DergiPark"}.get(
                original["identifier"].split(":")[1], "Kurumsal Akademik Arşiv"
            ),
            "agg_set": "dergi" if "dergipark" in original["endpoint"] else "kurum",
        }
        if venue and venue[0] != "conf" and rng.random() < 0.6:
            extra["src_citation"] = (
                f"{venue[1]}, {work.volume}({work.issue}), {work.pages} ({work.year})"
            )
        tags = [f"agg_{d}" for d in sorted(picked)] or ["agg_clean"]
        copy = Copy(
            "aggregator",
            damage=tuple(sorted(picked)),
            extra=extra,
            tags=tuple(tags),
            author_style="plain",
        )
        return self.emit(work, copy, original)

    def cluster_size(self, wid: int) -> int:
        """How many rows show work ``wid`` so far."""
        return sum(1 for r in self.c.records if r["work"] == wid)

    # ---- works ----------------------------------------------------------------------------
    def tr_article(
        self,
        *,
        lang: str | None = None,
        long: int = 0,
        year: int | None = None,
        doi_p: float = 0.7,
        authors: list[Person] | None = None,
        title: dict | None = None,
        kind: str = "article",
    ) -> Work:
        """A journal article of a DergiPark journal, with Turkish and English titles."""
        rng = self.rng
        lang = lang or ("tr" if rng.random() < 0.7 else "en")
        if title is None:
            en, tr, topic = self.c.topic_title(long=long)
            titles = {"tr": tr, "en": en}
        else:
            titles, topic = title, ()
        venue = self.c.journal_tr(topic)
        year = year or rng.randint(2012, 2024)
        w = self.c.work(
            kind,
            lang,
            titles,
            authors or self.c.team("tr"),
            year,
            venue=venue,
            volume=year - 2000 + rng.randint(0, 8),
            issue=rng.randint(1, 4),
            pages=self.pages(),
            topic=topic,
        )
        w.doi = self.c.make_doi(venue, year) if rng.random() < doi_p else ""
        w.abstracts = {"tr": self.c.abstract(topic, "tr"), "en": self.c.abstract(topic, "en")}
        if topic:
            w.keywords = {"tr": [topic[1][1], topic[2][1]], "en": [topic[1][0], topic[2][0]]}
        return w

    def int_article(
        self,
        *,
        origin: str = "de",
        kind: str = "article",
        year: int | None = None,
        doi_p: float = 0.8,
        title: str | None = None,
        lang: str = "en",
    ) -> Work:
        """An article of an international journal, with an English (or German) title."""
        rng = self.rng
        topic: tuple = ()
        if title is None:
            en, _, topic = self.c.topic_title(long=0)
            title = en
        venue = self.c.journal_int()
        year = year or rng.randint(2012, 2024)
        w = self.c.work(
            kind,
            lang,
            {lang: title},
            self.c.team(origin),
            year,
            venue=venue,
            volume=rng.randint(5, 300),
            issue=rng.randint(1, 12),
            pages=self.pages(),
            topic=topic,
        )
        w.doi = self.c.make_doi(venue, year) if rng.random() < doi_p else ""
        w.abstracts = {"en": self.c.abstract(topic, "en")}
        if topic:
            w.keywords = {"en": [topic[1][0], topic[2][0]]}
        return w

    def pages(self) -> str:
        """A page range."""
        start = self.rng.randint(1, 900)
        return f"{start}-{start + self.rng.randint(6, 30)}"

    def thesis(
        self,
        *,
        title: dict | None = None,
        author: Person | None = None,
        year: int | None = None,
        long: int | None = None,
    ) -> Work:
        """A master's or doctoral thesis of a Turkish university."""
        rng = self.rng
        long = rng.choice([0, 1, 1, 2, 3]) if long is None else long
        topic: tuple = ()
        if title is None:
            en, tr, topic = self.c.topic_title(long=long)
            lang = "tr" if rng.random() < 0.75 else "en"
            title = {lang: tr if lang == "tr" else en}
        lang = next(iter(title))
        year = year or rng.randint(2005, 2024)
        w = self.c.work(
            "thesis",
            lang,
            title,
            [author or self.c.person("tr")],
            year,
            advisor=self.c.person("tr"),
            institute=rng.choice(INSTITUTES),
            degree=rng.choice(["masterThesis", "masterThesis", "doctoralThesis"]),
            topic=topic,
        )
        w.abstracts = {lang: self.c.abstract(topic, lang)} if topic else {}
        if topic:
            w.keywords = {lang: [topic[1][0 if lang == "en" else 1]]}
        return w

    # ---- scenarios ------------------------------------------------------------------------
    def dergipark_chain(self) -> None:
        """DergiPark, then a university DSpace, then the aggregator; DOI only on some."""
        rng = self.rng
        w = self.tr_article(long=rng.choice([0, 0, 0, 1, 2]))
        online_first = rng.random() < 0.25
        tags: list[str] = ["dergipark_chain"]
        dp_copy = self.copy("dergipark", w)
        if online_first:
            dp_copy.date = f"{w.year - 1}-12-{rng.randint(10, 31)}"
            tags.append("online_first_december")
        if rng.random() < 0.12:
            dp_copy.title = self.marked_up(w)
            tags.append("markup_in_title")
        dp = self.emit(w, dp_copy, tags=tuple(tags))
        ds_source = rng.choice(["dspace_a", "dspace_b"])
        dspace_row = None
        if rng.random() < 0.85:
            ds_copy = self.copy(ds_source, w, title_lang=w.lang)
            dspace_row = self.emit(w, ds_copy, tags=("xoai_dates",))
        if rng.random() < 0.65 or dspace_row is None:
            self.aggregate(w, dspace_row if dspace_row and rng.random() < 0.7 else dp)
        if rng.random() < 0.12:
            other = "dspace_b" if ds_source == "dspace_a" else "dspace_a"
            self.emit(w, self.copy(other, w, title_lang=w.lang), tags=("xoai_dates",))
        self.c.cluster_tags[w.wid].update(self.doi_tags(w))

    def marked_up(self, w: Work) -> str:
        """The title as OJS editors paste it: a paragraph, emphasis, a line break, subscripts."""
        title = w.titles[w.lang]
        term = w.topic[1][0 if w.lang == "en" else 1] if w.topic else ""
        how = self.rng.choice(["p", "em", "br", "sub"])
        if how == "em" and term and term in title:
            return title.replace(term, f"<em>{term}</em>", 1)
        if how == "br" and ": " in title:
            return title.replace(": ", ":<br/>", 1)
        if how == "sub" and re.search(r"[A-Z][a-z]?\d", title):
            return re.sub(r"([A-Z][a-z]?)(\d+)", r"\1<sub>\2</sub>", title, count=1)
        return f"<p>{title}</p>"

    def doi_tags(self, w: Work) -> set[str]:
        """Whether the work's DOI shows on all, some or none of its copies."""
        if not w.doi:
            return {"no_doi_anywhere"}
        shown = [
            w.doi.lower() in json.dumps(r["row"]["metadata"]).lower()
            for r in self.c.records
            if r["work"] == w.wid
        ]
        if all(shown):
            return {"doi_on_all_copies"}
        return {"doi_on_some_copies"} if any(shown) else {"doi_hidden_everywhere"}

    def preprint_article(self) -> None:
        """A preprint, then the published article one to three years later."""
        rng = self.rng
        gap = rng.choice([1, 1, 1, 2, 2, 3])
        where = rng.choice(["dergipark", "hal", "eprints", "dspace_a", "dspace_b", "zenodo"])
        if where == "dergipark":
            w = self.tr_article(lang="en", year=rng.randint(2016, 2025))
        else:
            origin = {"hal": "fr", "eprints": "de"}.get(where, rng.choice(["tr", "de", "fr"]))
            w = self.int_article(origin=origin, year=rng.randint(2016, 2025))
        servers = ["arxiv"] * 6 + ["zenodo"] * 2 + ["hal"] * 1
        if self.split == "heldout":
            servers += ["aperta"]
        server = rng.choice(servers)
        if server == where:
            server = "arxiv"
        same = rng.random() < 0.5
        pre_title = w.titles["en"] if same else near_title(w.titles["en"], rng)
        tags = [
            "preprint_then_article",
            f"preprint_on_{server}",
            "preprint_same_title" if same else "preprint_near_title",
            f"version_gap_{gap}",
        ]
        pre = Copy(
            server,
            title=pre_title,
            year=w.year - gap,
            author_style=author_style(rng, w),
            tags=tuple(tags),
        )
        if server == "arxiv":
            pre.extra["v2"] = rng.random() < 0.5
            if w.doi and rng.random() < 0.35:
                pre.doi = w.doi
                pre.extra["journal_ref"] = f"{w.venue[1]} {w.volume} ({w.year}) {w.pages}"
                self.c.cluster_tags[w.wid].add("preprint_lists_journal_doi")
        elif server == "zenodo":
            pre.extra["preprint"] = True
            self.c.cluster_tags[w.wid].add("preprint_own_doi")
        elif server == "aperta":
            self.c.cluster_tags[w.wid].add("preprint_own_doi")
        elif server == "hal":
            w2 = Work(**{**w.__dict__, "kind": "preprint_only", "venue": ()})
            self.emit(w2, pre)
            pre = None  # emitted
        if pre is not None:
            self.emit(w, pre)
        art = self.copy(where, w, title_lang="en")
        if where == "zenodo":
            art.extra["zenodo_doi"] = w.doi or ""
            art.doi = w.doi
        art_row = self.emit(w, art, tags=("xoai_dates",) if where.startswith("dspace") else ())
        if rng.random() < 0.3 and where in ("dergipark", "dspace_a", "dspace_b"):
            self.aggregate(w, art_row)
        elif rng.random() < 0.2:
            extra = rng.choice(
                [s for s in ("hal", "eprints", "zenodo") if s not in (where, server)]
            )
            self.emit(w, self.copy(extra, w, title_lang="en"))
        self.c.cluster_tags[w.wid].update(self.doi_tags(w))

    def cross_language(self) -> None:
        """A Turkish and an English (or German and English) record linked only by a DOI."""
        rng = self.rng
        how = rng.choice(["relation", "relation", "description"])
        if rng.random() < 0.7:
            w = self.tr_article(lang="tr", doi_p=1.0)
            a = self.copy(
                "dergipark",
                w,
                title_lang="tr",
                doi=w.doi,
                doi_where="identifier",
                extra={"bilingual": False},
            )
            b_src = rng.choice(["dspace_a", "dspace_b", "zenodo"])
            b = self.copy(b_src, w, title_lang="en", doi=w.doi, doi_where=how)
            if b_src == "zenodo":
                b.extra["zenodo_doi"] = ""
        else:
            de, en = self.c.german_title()
            w = self.int_article(origin="de", title=de, lang="de", doi_p=1.0)
            w.titles["en"] = en
            a = self.copy("eprints", w, title_lang="de", doi=w.doi, doi_where="identifier")
            b = self.copy(
                rng.choice(["zenodo", "hal"]), w, title_lang="en", doi=w.doi, doi_where=how
            )
            if b.source == "zenodo":
                b.extra["zenodo_doi"] = ""
        if b.source == "zenodo":  # Zenodo lists related DOIs in dc:relation, or not at all
            b.doi_where = "relation"
            if how == "description":
                w.abstracts["en"] = (w.abstracts.get("en", "") + f" DOI: {w.doi}").strip()
                b.doi = ""
        tags = ("cross_language", f"cross_language_doi_in_{how}")
        first = self.emit(w, a, tags=tags)
        self.emit(w, b, tags=tags)
        if rng.random() < 0.25 and "dergipark" in first["endpoint"]:
            self.aggregate(w, first)

    def thesis_copies(self) -> None:
        """A thesis in a DSpace, re-exported (caps, cut, mojibake) by the aggregator."""
        rng = self.rng
        w = self.thesis()
        caps = rng.random() < 0.35
        src = rng.choice(["dspace_a", "dspace_b"])
        tags = ["thesis", "xoai_dates"] + (["thesis_caps_turkish"] if caps else [])
        c = self.copy(
            src,
            w,
            extra={"caps": caps},
            author_style=rng.choice(["plain"] * 6 + ["display", "caps", "ascii"]),
            tags=tuple(tags),
        )
        row = self.emit(w, c)
        self.aggregate(w, row, thesis=True)
        if rng.random() < 0.15:
            self.aggregate(w, row, thesis=True)
            self.c.cluster_tags[w.wid].add("aggregator_twice")

    def european(self) -> None:
        """One article in the German EPrints, HAL and Zenodo (uploaded a year later)."""
        rng = self.rng
        w = self.int_article(origin=rng.choice(["de", "de", "fr", "tr"]), doi_p=0.75)
        sources = rng.sample(["eprints", "hal", "zenodo"], k=rng.choice([2, 2, 3]))
        for s in sources:
            c = self.copy(s, w, title_lang="en")
            if s == "zenodo":
                if rng.random() < 0.5:
                    c.date = after(w.year, rng, 200, 700)[:10]
                    c.tags = ("zenodo_upload_date",)
                if c.doi and rng.random() < 0.5:
                    c.extra["zenodo_doi"] = c.doi
            if s == "eprints" and rng.random() < 0.3 and w.authors[0].origin == "de":
                c.author_style = "ascii_de"
            self.emit(w, c)
        self.c.cluster_tags[w.wid].add("european")
        self.c.cluster_tags[w.wid].update(self.doi_tags(w))

    def two_dspaces(self) -> None:
        """Co-authors at both universities: both DSpaces hold it, the aggregator both copies."""
        rng = self.rng
        w = self.tr_article(long=rng.choice([0, 1]), doi_p=0.6)
        rows = []
        for s in ("dspace_a", "dspace_b"):
            rows.append(
                self.emit(w, self.copy(s, w, title_lang=w.lang), tags=("two_dspaces", "xoai_dates"))
            )
        for row in rows:
            if rng.random() < 0.45:
                self.aggregate(w, row)
        if rng.random() < 0.4:
            self.emit(w, self.copy("dergipark", w))
        self.c.cluster_tags[w.wid].update(self.doi_tags(w))

    def angle(self) -> None:
        """A title with ``<`` and ``>`` as text (no markup), copied twice."""
        rng = self.rng
        for _ in range(100):
            tpl = rng.choice(pool(ANGLE_TITLES, self.split))
            topic = self.c.topic_title(fields=["medicine"])[2]
            title = tpl.format(f=topic[1][0], o=topic[2][0], c=topic[3][0], d=topic[4][0])
            if self.c.fresh(title):
                break
        w = self.int_article(origin=rng.choice(["tr", "de", "fr"]), title=title)
        sources = rng.sample(["hal", "eprints", "zenodo", "arxiv"], k=2)
        for s in sources:
            c = self.copy(s, w, title_lang="en", tags=("angle_brackets_in_title",))
            if s == "zenodo":
                c.title = title.replace("<", "&lt;").replace(">", "&gt;")
                c.tags = (*c.tags, "entities_in_title")
            self.emit(w, c)
        self.c.cluster_tags[w.wid].update(self.doi_tags(w))

    # ---- traps ----------------------------------------------------------------------------
    def trap(self, kind: str, works: list[Work]) -> None:
        """Record a must-not-merge group."""
        self.c.traps.append({"kind": kind, "works": [w.wid for w in works]})

    def maybe_second_copy(self, w: Work, row: dict, p: float = 0.3) -> None:
        """Sometimes a trap member has a copy of its own (then it is a true cluster too)."""
        if self.rng.random() >= p:
            return
        if "dergipark" in row["endpoint"] or "oai/request" in row["endpoint"]:
            self.aggregate(w, row, thesis=w.kind == "thesis")
        else:
            src = self.rng.choice(
                [s for s in ("hal", "zenodo", "eprints") if ENDPOINTS[s] != row["endpoint"]]
            )
            self.emit(w, self.copy(src, w, title_lang=w.lang))

    def trap_conference_extension(self) -> None:
        """A conference paper and its journal extension with a new title, a year or two later."""
        rng = self.rng
        en, _, topic = self.c.topic_title()
        _, f, o, c, _ = topic
        team = self.c.team(rng.choice(["tr", "tr", "de", "fr"]), n=rng.randint(2, 4))
        conf = rng.choice(pool(CONFERENCES, self.split))
        year = rng.randint(2012, 2023)
        a = self.c.work(
            "conference",
            "en",
            {"en": en},
            team,
            year,
            venue=("conf", f"Proceedings of the {conf}", "", "IEEE", "", ""),
            topic=topic,
            pages=self.pages(),
        )
        a.abstracts = {"en": self.c.abstract(topic, "en")}
        new = rng.choice(
            [
                f"{f[0][:1].upper() + f[0][1:]} for {o[0]} {c[0]}: extended results "
                f"and a new dataset",
                f"A comprehensive evaluation of {f[0]} for {o[0]} {c[0]}",
                f"Towards robust {o[0]} {c[0]} with {f[0]}",
                f"{o[0][:1].upper() + o[0][1:]} {c[0]}: revisiting {f[0]}",
            ]
        )
        self.c.fresh(new)
        venue = self.c.journal_int() if rng.random() < 0.6 else self.c.journal_tr(topic)
        team_b = team + ([self.c.person(team[0].origin)] if rng.random() < 0.5 else [])
        b = self.c.work(
            "article",
            "en",
            {"en": new},
            team_b,
            year + rng.choice([1, 1, 2]),
            venue=venue,
            volume=rng.randint(5, 60),
            issue=rng.randint(1, 6),
            pages=self.pages(),
            topic=topic,
        )
        b.doi = self.c.make_doi(venue, b.year) if rng.random() < 0.6 else ""
        b.abstracts = {"en": self.c.abstract(topic, "en")}
        ra = self.emit(
            a, self.copy(rng.choice(["dspace_a", "dspace_b", "hal", "arxiv"]), a, title_lang="en")
        )
        src_b = "dergipark" if venue[0] == "tr" else rng.choice(["hal", "eprints", "zenodo"])
        rb = self.emit(b, self.copy(src_b, b, title_lang="en"))
        self.maybe_second_copy(a, ra, 0.2)
        self.maybe_second_copy(b, rb, 0.3)
        self.trap("conference_extension", [a, b])

    def trap_generic_thesis(self) -> None:
        """Two or three theses with one generic title by different authors."""
        rng = self.rng
        if rng.random() < 0.5:
            t = rng.choice(pool(GENERIC_THESIS, self.split))
        else:
            _, _, topic = self.c.topic_title()
            t = f"Investigation of {topic[2][0]} {topic[3][0]}"
        lang = "tr" if any(ch in t for ch in "ışğüöçİ") or "Tezi" in t else "en"
        year = rng.randint(2008, 2020)
        works = []
        for i in range(rng.choice([2, 2, 2, 3])):
            w = self.thesis(
                title={lang: t},
                year=year + (0 if i == 0 or rng.random() < 0.5 else rng.randint(1, 4)),
            )
            row = self.emit(
                w,
                self.copy(
                    rng.choice(["dspace_a", "dspace_b"]),
                    w,
                    author_style="plain",
                    extra={"caps": False},
                ),
            )
            self.maybe_second_copy(w, row, 0.25)
            works.append(w)
        self.trap("generic_thesis", works)

    def trap_editorial(self) -> None:
        """An editorial (one generic title, one editor) in each of several issues."""
        rng = self.rng
        t = rng.choice(pool(EDITORIAL_TITLES, self.split))
        editor = self.c.person("tr")
        venue = self.c.journal_tr()
        year = rng.randint(2014, 2024)
        works = []
        for i in range(rng.choice([2, 3, 3, 4])):
            y = year + (i // 2 if rng.random() < 0.5 else 0)
            w = self.c.work(
                "editorial",
                "tr",
                {"tr": t},
                [editor],
                y,
                venue=venue,
                volume=y - 2000,
                issue=i % 4 + 1,
                pages=f"{i * 2 + 1}-{i * 2 + 2}",
                month=(i % 4) * 3 + rng.randint(1, 3),
            )
            w.doi = self.c.make_doi(venue, y) if rng.random() < 0.3 else ""
            row = self.emit(
                w, self.copy("dergipark", w, author_style="plain", extra={"bilingual": False})
            )
            self.maybe_second_copy(w, row, 0.2)
            works.append(w)
        self.trap("editorial", works)

    def trap_book_review(self) -> None:
        """Book reviews of one journal: the same heading, other books (or none named)."""
        rng = self.rng
        venue = self.c.journal_tr()
        year = rng.randint(2012, 2024)
        books = rng.sample(pool(BOOKS, self.split), k=3)
        tpl = rng.choice(pool(BOOK_REVIEW, self.split))
        works = []
        same_reviewer = rng.random() < 0.4
        reviewer = self.c.person("tr")
        for i in range(rng.choice([2, 2, 3])):
            t = tpl.format(book=books[i])
            w = self.c.work(
                "book_review",
                "tr",
                {"tr": t},
                [reviewer if same_reviewer else self.c.person("tr")],
                year + (i if rng.random() < 0.3 else 0),
                venue=venue,
                volume=year - 2000,
                issue=rng.randint(1, 4),
                pages=self.pages(),
            )
            w.abstracts = {"tr": f"{books[i]} adlı kitabın değerlendirmesi."}
            row = self.emit(
                w,
                self.copy(
                    "dergipark",
                    w,
                    author_style="plain",
                    extra={"bilingual": False, "all_abstracts": True},
                ),
            )
            self.maybe_second_copy(w, row, 0.2)
            works.append(w)
        self.trap("book_review", works)

    def trap_series(self) -> None:
        """Part I and Part II of one series by the same authors."""
        rng = self.rng
        en, tr, _ = self.c.topic_title()
        lang = rng.choice(["en", "en", "tr"])
        parts = [
            p
            for p in pool(PARTS, self.split)
            if ("Part" in p[0]) == (lang == "en") or p[0].startswith("(")
        ]
        one, two = rng.choice(parts)
        base = en if lang == "en" else tr
        sep = rng.choice([", ", ". ", " — ", ": "])
        subs = (
            {"en": ["theory", "experiments"], "tr": ["kuram", "uygulama"]}[lang]
            if rng.random() < 0.5
            else ["", ""]
        )
        team = self.c.team(rng.choice(["tr", "de", "fr"]), n=rng.randint(1, 3))
        year = rng.randint(2012, 2023)
        works = []
        for part, sub, dy in ((one, subs[0], 0), (two, subs[1], rng.choice([0, 0, 1]))):
            t = f"{base}{sep}{part}" + (f": {sub}" if sub else "")
            self.c.fresh(t)
            if lang == "tr":
                w = self.tr_article(
                    lang="tr", year=year + dy, authors=team, title={"tr": t}, doi_p=0.5
                )
                src = "dergipark"
            else:
                w = self.int_article(year=year + dy, title=t, doi_p=0.5)
                w.authors = team
                src = rng.choice(["hal", "eprints", "zenodo", "dspace_a"])
            row = self.emit(w, self.copy(src, w, title_lang=lang, extra={"bilingual": False}))
            self.maybe_second_copy(w, row, 0.25)
            works.append(w)
        self.trap("series", works)

    def trap_same_title(self) -> None:
        """One title used again years later by other authors."""
        rng = self.rng
        en, tr, _ = self.c.topic_title()
        lang = rng.choice(["tr", "en"])
        t = en if lang == "en" else tr
        year = rng.randint(2008, 2018)
        works = []
        for dy in (0, rng.randint(2, 7)):
            if lang == "tr":
                w = self.tr_article(lang="tr", year=year + dy, title={"tr": t}, doi_p=0.5)
                src = rng.choice(["dergipark", "dspace_a", "dspace_b"])
            else:
                w = self.int_article(
                    origin=rng.choice(["tr", "de", "fr"]), year=year + dy, title=t, doi_p=0.5
                )
                src = rng.choice(["hal", "eprints", "zenodo", "dspace_b"])
            row = self.emit(w, self.copy(src, w, title_lang=lang, extra={"bilingual": False}))
            self.maybe_second_copy(w, row, 0.25)
            works.append(w)
        self.trap("same_title_other_authors", works)

    def trap_erratum(self) -> None:
        """An article and its erratum (same authors, the article's title inside)."""
        rng = self.rng
        if rng.random() < 0.5:
            orig = self.tr_article(lang=rng.choice(["tr", "en"]), doi_p=0.8)
            src = "dergipark"
        else:
            orig = self.int_article(origin=rng.choice(["de", "fr", "tr"]), doi_p=0.8)
            src = rng.choice(["hal", "eprints", "zenodo"])
        t = orig.titles[orig.lang]
        et = rng.choice(pool(ERRATUM, self.split)).format(t=t)
        err = Work(
            **{
                **orig.__dict__,
                "wid": len(self.c.works),
                "kind": "erratum",
                "titles": {orig.lang: et},
                "abstracts": {},
                "year": orig.year + rng.choice([0, 0, 1]),
                "issue": orig.issue % 4 + 1,
                "pages": str(rng.randint(1, 300)),
                "doi": (self.c.make_doi(orig.venue, orig.year) if orig.doi else ""),
            }
        )
        self.c.works.append(err)
        ro = self.emit(orig, self.copy(src, orig, title_lang=orig.lang, extra={"bilingual": False}))
        self.maybe_second_copy(orig, ro, 0.35)
        re_ = self.emit(err, self.copy(src, err, title_lang=orig.lang, extra={"bilingual": False}))
        self.maybe_second_copy(err, re_, 0.1)
        self.trap("erratum", [orig, err])

    # ---- singletons, updates, deletions ---------------------------------------------------
    def singleton(self) -> None:
        """A work held by one repository only."""
        rng = self.rng
        kind = rng.choices(
            [
                "dergipark",
                "dspace",
                "thesis",
                "eprints",
                "arxiv",
                "hal",
                "zenodo",
                "aggregator_only",
            ],
            [30, 18, 14, 8, 8, 8, 8, 6],
        )[0]
        if kind == "dergipark":
            w = self.tr_article(long=rng.choice([0, 0, 1]))
            self.emit(w, self.copy("dergipark", w))
        elif kind == "dspace":
            w = self.tr_article()
            self.emit(w, self.copy(rng.choice(["dspace_a", "dspace_b"]), w, title_lang=w.lang))
        elif kind == "thesis":
            w = self.thesis()
            self.emit(
                w,
                self.copy(
                    rng.choice(["dspace_a", "dspace_b"]), w, extra={"caps": rng.random() < 0.3}
                ),
            )
        elif kind == "aggregator_only":  # the original is in a repository not harvested here
            w = self.tr_article()
            original = self.r.render(w, self.copy("dspace_a", w, title_lang=w.lang))
            original["endpoint"] = "https://acikerisim.baskauniversite.edu.tr/oai/request"
            text = json.dumps(original, ensure_ascii=False)
            text = text.replace("acikerisim.bogazkent.edu.tr", "acikerisim.baskauniversite.edu.tr")
            original = json.loads(text.replace("11527/", "20.500.14365/"))
            self.aggregate(w, original)
        else:
            origin = {"eprints": "de", "hal": "fr"}.get(kind, rng.choice(["tr", "de", "fr"]))
            if kind == "eprints" and rng.random() < 0.4:
                de, _ = self.c.german_title()
                w = self.int_article(origin="de", title=de, lang="de")
            else:
                w = self.int_article(
                    origin=origin, kind="preprint_only" if kind == "arxiv" else "article"
                )
            c = self.copy(kind, w, title_lang=w.lang)
            if kind == "zenodo" and w.doi and rng.random() < 0.5:
                c.extra["zenodo_doi"] = w.doi
            self.emit(w, c)

    def updates(self, share: float) -> None:
        """Some records are harvested again later: same identifier, newer datestamp."""
        rng = self.rng
        candidates = [i for i, r in enumerate(self.c.records) if r["row"]["metadata"].get("title")]
        for i in rng.sample(candidates, k=int(len(candidates) * share)):
            rec = self.c.records[i]
            old = json.loads(json.dumps(rec["row"]))
            new = json.loads(json.dumps(rec["row"]))
            meta = old["metadata"]
            change = rng.choice(["typo", "doi_added", "abstract_added", "creator_added"])
            if change == "typo":
                t = meta["title"][0]
                j = rng.randrange(1, max(2, len(t) - 1))
                meta["title"][0] = t[:j] + t[j + 1 :]
            elif change == "doi_added":
                dois = [
                    v
                    for v in meta.get("identifier", []) + meta.get("relation", [])
                    if "10." in v and "hdl" not in v
                ]
                if not dois:
                    w = self.c.works[rec["work"]]
                    if not w.doi:
                        continue
                    new["metadata"].setdefault("identifier", []).append(f"https://doi.org/{w.doi}")
                for key in ("identifier", "relation"):
                    meta[key] = [v for v in meta.get(key, []) if v not in dois]
                    if not meta[key]:
                        meta.pop(key)
            elif change == "abstract_added":
                if not meta.get("description"):
                    continue
                meta.pop("description")
            elif change == "creator_added":
                if len(meta.get("creator", [])) < 2:
                    continue
                meta["creator"] = meta["creator"][:-1]
            new["datestamp"] = self.later(old["datestamp"])
            rec["row"] = old
            rec["tags"].append(f"updated_{change}")
            self.c.records.append(
                {"row": new, "work": rec["work"], "tags": ["update", change], "update_of": i}
            )
            self.c.cluster_tags[rec["work"]].add("updated_record")

    def later(self, stamp: str) -> str:
        """A datestamp of the incremental harvest, after ``stamp``."""
        start = max(stamp[:10], "2026-07-01")
        new = after(start, self.rng, 1, 150, cap=UPDATED_UNTIL)
        return new[:10] if len(stamp) == 10 else new

    def tombstones(self, n: int) -> None:
        """Deleted records, as repositories that keep track of deletions list them."""
        for i in range(n):
            src = self.rng.choice(["dspace_a", "dspace_b", "eprints", "zenodo", "dergipark"])
            host = ENDPOINTS[src].split("/")[2]
            handle = UNIVERSITIES.get(src, ("", "", "1"))[2]
            local = {
                "dergipark": f"article/{990000 + i * 37}",
                "eprints": f"{9000 + i}",
                "zenodo": f"{4_900_000 + i * 11}",
            }.get(src, f"{handle}/{99000 + i}")
            w = self.c.work("deleted", "", {}, [], 2020)
            row = {
                "datestamp": f"2025-{i % 12 + 1:02d}-{i % 27 + 1:02d}T10:00:00Z",
                "deleted": True,
                "endpoint": ENDPOINTS[src],
                "identifier": f"oai:{host.replace('api.', '')}:{local}",
                "metadata": {},
                "metadata_prefix": "oai_dc",
                "sets": [],
            }
            self.c.records.append({"row": row, "work": w.wid, "tags": ["deleted"]})

    # ---- the whole corpus -----------------------------------------------------------------
    def build(self) -> dict:
        """Plant every scenario and trap, fill up with singletons, then order the rows."""
        sizes = SIZES[self.split]
        plan = (
            ["dergipark_chain"] * sizes["dergipark_chain"]
            + ["preprint_article"] * sizes["preprint_article"]
            + ["cross_language"] * sizes["cross_language"]
            + ["thesis_copies"] * sizes["thesis"]
            + ["european"] * sizes["european"]
            + ["two_dspaces"] * sizes["two_dspaces"]
            + ["angle"] * sizes["angle"]
            + [
                f"trap_{k}"
                for k in (
                    "conference_extension",
                    "generic_thesis",
                    "editorial",
                    "book_review",
                    "series",
                    "same_title",
                    "erratum",
                )
            ]
            * sizes["traps"]
        )
        self.rng.shuffle(plan)
        for step in plan:
            getattr(self, step)()
        while len(self.c.records) < sizes["rows"] * 0.955:
            self.singleton()
        self.updates(0.04)
        self.tombstones(8)
        return self.finish()

    def finish(self) -> dict:
        """Order the rows as harvests of each repository appended one after another."""
        order = list(ENDPOINTS.values())
        base = [r for r in self.c.records if "update_of" not in r]
        later = [r for r in self.c.records if "update_of" in r]
        base.sort(
            key=lambda r: (
                order.index(r["row"]["endpoint"]) if r["row"]["endpoint"] in order else len(order),
                r["row"]["datestamp"],
                r["row"]["identifier"],
            )
        )
        later.sort(key=lambda r: (r["row"]["datestamp"], r["row"]["identifier"]))
        records = base + later
        rows = [r["row"] for r in records]
        row_work = [r["work"] for r in records]
        by_work: dict[int, list[int]] = defaultdict(list)
        for i, wid in enumerate(row_work):
            by_work[wid].append(i)
        key_rows: dict[tuple[str, str], list[int]] = defaultdict(list)
        for i, row in enumerate(rows):
            key_rows[(row["endpoint"], row["identifier"])].append(i)
        superseded = sorted(i for ids in key_rows.values() for i in ids[:-1])
        deleted = [i for i, row in enumerate(rows) if row["deleted"]]
        clusters, phenomena = [], []
        for wid, ids in sorted(by_work.items(), key=lambda kv: kv[1][0]):
            distinct = {(rows[i]["endpoint"], rows[i]["identifier"]) for i in ids}
            if len(distinct) >= 2:
                clusters.append(ids)
                phenomena.append(sorted(self.c.cluster_tags[wid]))
        traps = [
            {"kind": t["kind"], "works": [by_work[wid] for wid in t["works"]]} for t in self.c.traps
        ]
        return {
            "split": self.split,
            "seed": self.c.seed,
            "generator": "dedupe_corpus.py",
            "row_id": "0-based line number in the JSONL file",
            "tags": TAGS,
            "rows": len(rows),
            "clusters": clusters,
            "cluster_phenomena": phenomena,
            "traps": traps,
            "superseded": superseded,
            "deleted": deleted,
            "row_work": row_work,
            "row_tags": {str(i): r["tags"] for i, r in enumerate(records) if r["tags"]},
            "row_keys": [[row["endpoint"], row["identifier"], row["datestamp"]] for row in rows],
            "_rows": rows,
        }


def build_truth(split: str, seed: int | None = None) -> tuple[list[dict], dict]:
    """The rows of ``split`` and everything true about them (clusters, traps, phenomena)."""
    if split not in SEEDS:
        raise ValueError(f"unknown split {split!r}; choose one of {', '.join(SPLITS)}")
    truth = Builder(split, SEEDS[split] if seed is None else seed).build()
    rows = truth.pop("_rows")
    return rows, truth


def build(split: str, seed: int | None = None) -> tuple[list[dict], list[list[int]]]:
    """The rows of ``split`` and its true clusters (lists of row ids, two or more records)."""
    rows, truth = build_truth(split, seed)
    return rows, truth["clusters"]


# --------------------------------------------------------------------------------------------
# Writing and checking
# --------------------------------------------------------------------------------------------

DOI_RE = re.compile(r"10\.\d{4,9}/[^\s\"<>]+", re.IGNORECASE)
TAGS = {  # what the phenomenon tags of the truth file mean
    "dergipark_chain": "a DergiPark article, its university DSpace copy and/or aggregator copy",
    "preprint_then_article": "a preprint 1-3 years (version_gap_N) before the article",
    "preprint_same_title / preprint_near_title": "the preprint's title: identical / changed a bit",
    "preprint_own_doi": "the preprint server minted its own DOI (Zenodo, Aperta): two DOIs",
    "preprint_lists_journal_doi": "arXiv record with the journal DOI and journal reference",
    "online_first_december": "DergiPark dated online-first in December, the issue a year later",
    "doi_on_some_copies / doi_on_all_copies / doi_hidden_everywhere / no_doi_anywhere": "DOI",
    "cross_language": "Turkish/English or German/English copies, titles in different languages",
    "cross_language_doi_in_relation / _in_description": "where the second copy shows the DOI",
    "authors_<style>": "a copy writes authors as initials, display order, CAPS, reordered, ASCII- "
    "or Latin-1-folded, 'et al.', or not at all (missing)",
    "xoai_dates": "a DSpace copy: dc:date = accessioned, available, issued",
    "agg_<damage>": "aggregator copy damage: mojibake, qmark(_ascii), entities(2 = &amp;amp;), "
    "cut255, cut100, naive_caps, naive_lower, deposit_date_only, no_authors, drop_doi",
    "thesis_caps_turkish": "a thesis catalogued in ALL CAPS with Turkish İ/I",
    "markup_in_title / angle_brackets_in_title / entities_in_title": "title markup or < > text",
    "zenodo_upload_date": "Zenodo copy dated by its upload, not the publication",
    "two_dspaces": "both university DSpaces hold the article",
    "updated_record": "a record harvested again later with a newer datestamp (superseded)",
}
REQUIRED = [  # each must occur several times in every split
    "preprint_then_article",
    "online_first_december",
    "doi_on_some_copies",
    "cross_language",
    "cross_language_doi_in_relation",
    "cross_language_doi_in_description",
    "authors_missing",
    "authors_initials",
    "authors_reorder",
    "authors_ascii",
    "authors_latin1",
    "updated_record",
    "xoai_dates",
    "agg_mojibake",
    "agg_qmark",
    "agg_entities2",
    "agg_cut255",
    "agg_cut100",
    "agg_naive_caps",
    "agg_deposit_date_only",
    "thesis_caps_turkish",
    "markup_in_title",
    "angle_brackets_in_title",
    "preprint_own_doi",
    "zenodo_upload_date",
    "two_dspaces",
]


def write(split: str, out: Path, seed: int | None = None) -> dict:
    """Write ``out`` (rows) and ``out``'s ``.truth.json`` beside it; return the truth."""
    rows, truth = build_truth(split, seed)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    truth_path = truth_path_of(out)
    body = ",\n".join(
        f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in truth.items()
    )
    truth_path.write_text("{\n" + body + "\n}\n", encoding="utf-8")
    return truth


def truth_path_of(out: Path) -> Path:
    """``dev.jsonl`` → ``dev.truth.json``."""
    name = out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.name
    return out.with_name(name + ".truth.json")


def dois_of(row: dict) -> set[str]:
    """Every DOI a row shows in any field (lower case, trailing punctuation dropped)."""
    text = json.dumps(row.get("metadata", {}), ensure_ascii=False)
    return {m.group(0).rstrip(".,;)").lower() for m in DOI_RE.finditer(text)}


def validate(rows: list[dict], truth: dict) -> list[str]:
    """Problems with the row shape or the truth (an empty list when all is well)."""
    problems = []
    n = len(rows)
    if truth["rows"] != n:
        problems.append(f"truth says {truth['rows']} rows, file has {n}")
    for i, row in enumerate(rows):
        if set(row) != set(ROW_KEYS):
            problems.append(f"row {i}: keys {sorted(row)}")
            continue
        meta = row["metadata"]
        if row["deleted"] != (not meta):
            problems.append(f"row {i}: deleted={row['deleted']} with {len(meta)} fields")
        for key, values in meta.items():
            if key not in DC_FIELDS:
                problems.append(f"row {i}: unknown element {key}")
            if not values or not all(isinstance(v, str) and v for v in values):
                problems.append(f"row {i}: {key} is not a list of non-empty strings")
        if not row["deleted"] and not meta.get("title"):
            problems.append(f"row {i}: no title")
    seen: dict[int, int] = {}
    for c, ids in enumerate(truth["clusters"]):
        for i in ids:
            if not 0 <= i < n:
                problems.append(f"cluster {c}: row {i} out of range")
            if i in seen:
                problems.append(f"row {i} in clusters {seen[i]} and {c}")
            seen[i] = c
    work_dois: dict[int, set[str]] = defaultdict(set)
    for i, row in enumerate(rows):
        for d in dois_of(row):
            if "zenodo" not in d:
                work_dois[truth["row_work"][i]].add(d)
    owner: dict[str, int] = {}
    for wid, ds in work_dois.items():
        for d in ds:
            if owner.setdefault(d, wid) != wid:
                problems.append(f"DOI {d} shown by two works ({owner[d]}, {wid})")
    for t, trap in enumerate(truth["traps"]):
        works = [{truth["row_work"][i] for i in ids} for ids in trap["works"]]
        if any(len(w) != 1 for w in works) or len({next(iter(w)) for w in works}) != len(works):
            problems.append(f"trap {t}: works are not distinct single works")
    return problems


def stats(rows: list[dict], truth: dict) -> dict:
    """Counts for ``check``: phenomena, trap kinds, cluster sizes, pairs."""
    superseded = set(truth["superseded"])
    out: dict[str, Counter] = {
        "phenomena": Counter(),
        "rows": Counter(),
        "traps": Counter(),
        "sizes": Counter(),
        "sources": Counter(),
        "totals": Counter(),
    }
    for tags in truth["cluster_phenomena"]:
        out["phenomena"].update(tags)
    for tags in truth["row_tags"].values():
        out["rows"].update(tags)
    for trap in truth["traps"]:
        out["traps"][trap["kind"]] += 1
        out["totals"]["trap works"] += len(trap["works"])
        out["totals"]["trap works with copies"] += sum(
            len({truth["row_keys"][i][1] for i in ids}) > 1 for ids in trap["works"]
        )
    for row in rows:
        out["sources"][row["endpoint"].split("/")[2]] += 1
    pairs = no_doi = conflicting = 0
    for ids in truth["clusters"]:
        live = [i for i in ids if i not in superseded]
        out["sizes"][len(live)] += 1
        for a, b in combinations(live, 2):
            pairs += 1
            da, db = dois_of(rows[a]), dois_of(rows[b])
            if not da & db:
                no_doi += 1
                conflicting += bool(da and db)
    out["totals"].update(
        {
            "rows": len(rows),
            "records": len(rows) - len(superseded),
            "clusters": len(truth["clusters"]),
            "trap groups": len(truth["traps"]),
            "true pairs": pairs,
            "true pairs without a shared DOI": no_doi,
            "  of which both show other DOIs": conflicting,
            "rows in clusters": sum(len(c) for c in truth["clusters"]),
            "superseded rows": len(superseded),
            "deleted rows": len(truth["deleted"]),
        }
    )
    return out


def read(path: Path) -> tuple[list[dict], dict]:
    """Rows (each line must parse as JSON) and the truth beside them."""
    rows = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: not JSON ({exc})") from exc
    return rows, json.loads(truth_path_of(path).read_text(encoding="utf-8"))


def check(paths: list[Path]) -> int:
    """Print counts per phenomenon and split; return 1 if a row or the truth is malformed."""
    sets: dict[str, tuple[list[dict], dict]] = {}
    if paths:
        for p in paths:
            rows, truth = read(p)
            sets[truth["split"]] = (rows, truth)
    else:
        for split in SPLITS:
            sets[split] = build_truth(split)
            again = build_truth(split)
            if json.dumps(again, sort_keys=True) != json.dumps(sets[split], sort_keys=True):
                print(f"{split}: not deterministic")
                return 1
    names = list(sets)
    status = 0
    table = {name: stats(*sets[name]) for name in names}
    for name in names:
        problems = validate(*sets[name])
        print(f"{name}: {'rows parse, keys and truth consistent' if not problems else 'PROBLEMS'}")
        for p in problems[:20]:
            print("   ", p)
        status |= bool(problems)

    def section(title: str, key: str, order: list | None = None) -> None:
        print(f"\n{title:<44}" + "".join(f"{n:>10}" for n in names))
        keys = order or sorted(set().union(*(table[n][key] for n in names)))
        for k in keys:
            print(f"  {k!s:<42}" + "".join(f"{table[n][key].get(k, 0):>10}" for n in names))

    section(
        "totals",
        "totals",
        [
            "rows",
            "records",
            "clusters",
            "rows in clusters",
            "true pairs",
            "true pairs without a shared DOI",
            "  of which both show other DOIs",
            "trap groups",
            "trap works",
            "trap works with copies",
            "superseded rows",
            "deleted rows",
        ],
    )
    section(
        "cluster size (records, newest versions)",
        "sizes",
        sorted(set().union(*(table[n]["sizes"] for n in names))),
    )
    section("trap groups by kind", "traps", list(TRAP_KINDS))
    section("clusters by phenomenon", "phenomena")
    section("rows by tag", "rows")
    section("rows by repository", "sources")
    for name in names:
        thin = [
            k
            for k in REQUIRED
            if table[name]["phenomena"].get(k, 0) + table[name]["rows"].get(k, 0) < 3
        ]
        if thin:
            print(f"\n{name}: fewer than 3 occurrences of {', '.join(thin)}")
            status = 1
    return status


def main(argv: list[str] | None = None) -> int:
    """Command line: write a split, or check files (or both splits in memory)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["check"]:
        return check([Path(a) for a in argv[1:]])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=SPLITS, required=True)
    parser.add_argument("--out", type=Path, required=True, help="FILE.jsonl (and FILE.truth.json)")
    parser.add_argument("--seed", type=int, help=f"default: {SEEDS}")
    args = parser.parse_args(argv)
    truth = write(args.split, args.out, args.seed)
    print(
        f"{args.out}: {truth['rows']} rows, {len(truth['clusters'])} clusters, "
        f"{len(truth['traps'])} trap groups; truth in {truth_path_of(args.out)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
