"""What a link's words say, in the languages and scripts of the corpora (core).

The multilingual vocabularies of download buttons, full-text labels, other kinds
of documents (supplements, notices, forms, whole issues) and blocked addresses;
`button_text` tells a button's text from a document's name, `names_document` a
title-like link from a button, `words_of` and `similar` compare titles in any
script.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Set
from urllib.parse import unquote, urlsplit

from anyascii import anyascii
from bs4 import Tag
from bs4.element import CData, NavigableString

from politeharvest.net._redirects import SIGN_IN_PATH
from politeharvest.quality._text import hangul_reading, marks_kept

__all__ = [
    "BAD_HREF",
    "BAD_TEXT",
    "BAD_TEXT_UNACCENTED",
    "BUTTON_WORDS",
    "FILE_HREF",
    "FULL_TEXT_WORD",
    "ITEM_KINDS",
    "ITEM_PARENTS",
    "OTHER_FORMAT",
    "OTHER_KIND_FILE",
    "PDF_NAMED",
    "PDF_SIZE",
    "PDF_WORD",
    "STRONG_TEXT",
    "WHOLE_WORDS",
    "button_text",
    "format_token",
    "item_of",
    "kind_named",
    "names_document",
    "names_whole",
    "says_whole",
    "shared_file",
    "short_item_text",
    "similar",
    "similar_words",
    "stated_size",
    "text_of",
    "text_strings",
    "unread_label",
    "without_file_description",
    "words_beyond",
    "words_of",
]


# Whole anchor texts that name the full text (PublicationsRetriever's list, more languages).
STRONG_TEXT = re.compile(
    r"^\s*(?:(?:download|view|get|open|read|full[ -]?text|article|paper|makale|tam\s+metin|"
    r"indir|i̇ndir|télécharger|texte\s+intégral|descargar|texto\s+completo|baixar|"
    r"herunterladen|volltext|voll-text)\s*)*"
    r"(?:pdf|tam\s+metin|texte\s+intégral|volltext|makale\s+pdf|pdf\s+indir|pdf\s+i̇ndir)"
    r"(?:\s*(?:\(\s*[\d.,]+\s*[kmg]?b\s*\)|file|version|download|indir|i̇ndir|herunterladen))*\s*$",
    re.IGNORECASE,
)
PDF_WORD = re.compile(
    r"\bpdf\b|tam\s+metin|volltext|texte\s+intégral|texto\s+completo|testo\s+completo|"
    r"teks\s+lengkap|naskah\s+lengkap|полный\s+текст|全文|原文|본문|원문|フルテキスト|"
    r"pln[ýy]\s+text|cel[ýy]\s+text|pe[łl]ny\s+tekst|puni\s+tekst|teljes\s+sz[öo]veg|"
    r"t[äa]ysteksti",
    re.I,
)
#: The PDF format named in a label, as a word of its own ("(PDF)", "PDF 2 MB"; not "pdfs").
PDF_NAMED = re.compile(r"(?<![^\W\d_])pdf(?![^\W\d_])", re.IGNORECASE)
#: Words that name the full text itself, not merely its format ("Texto completo", "Artículo
#: completo", "Full article"): a link that says so names the work's own text, whatever its
#: row or section is labelled ("Resumen | Artículo completo (2.4 MB)").
FULL_TEXT_WORD = re.compile(
    PDF_WORD.pattern.replace(r"\bpdf\b|", "")
    + r"|\bfull[ -]?text\b|\b(?:full|complete)\s+(?:article|paper|report|thesis|dissertation)\b|"
    # (the compound of the Nordic languages and of Estonian: "Fulltekst fra NTNU Open")
    r"\bful(?:l|d)teks?t\b|\btäistekst\b|"
    r"art[íi]culo\s+completo|artigo\s+completo|articolo\s+completo|article\s+complet\b|"
    r"testo\s+integrale|texto\s+integral|text\s+integral|textul\s+integral|"
    r"vollständige[rn]?\s+(?:artikel|text)",
    re.I,
)
_DOWNLOAD_WORD = re.compile(
    r"download|indir|i̇ndir|télécharger|descargar|baixar|herunterladen|full[ -]?text|tam metin|"
    r"\bfull\s+(?:report|article|paper)\b",
    re.I,
)
BAD_TEXT = re.compile(
    r"supplement|supporting|appendix|annex|figure|fig\.|table|slides?\b|poster|포스터|ポスター|海报|海報|video|dataset|"
    r"reference|citation|cite\b|bibtex|endnote|\bris\b|purchase|buy\b|rent\b|subscribe|"
    r"\breprint|permission|license|licence|lisans|lizenz|guide|instructions|template|author\s+guidelines|"
    r"cover|kapak|ek\s+dosya|kaynak|atıf|atif|erratum|corrigendum|review\s+report|"  # noqa: RUF001 - Turkish for citation
    r"peer\s+review|graphical\s+abstract|thumbnail|preview|sample\s+pages|table\s+of\s+contents|"
    # other kinds of documents, in the languages of the corpora: abstracts and summaries,
    # notices (retractions, corrections), forms, rules and guides, tables of contents and
    # whole issues, examiners' reports
    r"\babstracts?\b|要旨|抄録|摘要|초록|аннотаци|\brésumé\b|\bresumen\b|\bresumo\b|\bözet\b|"
    r"\bsynops[ie]s\b|"
    r"zusammenfassung|\bsummary\b|\babstrak\b|retract|withdrawal|withdrawn|penarikan|rétractation|"
    r"retractación|retratação|geri\s+çek|rücknahme|zurückgezogen|expression\s+of\s+concern|"
    r"\bcorrection\b|corrección|correção|düzeltme|berichtigung|errat|撤回|正誤|勘誤|철회|"
    r"\bform\b|formulario|formulaire|formular\b|formu\b|declaration|déclaration|"
    r"conflicts?\s+of\s+interest|copyright\s+(?:agreement|transfer)|checklist|"
    r"submission\s+(?:guidelines|rules|template|form|checklist)|\brules\b|regulations?\b|"
    r"\bmanual\b|handbook|手引|規程|様式|申請書|양식|규정|안내서|правила|положени|\bформа\b|"  # noqa: RUF001
    r"kılavuz|yazım\s+kural|şablon|dilekçe|pedoman|panduan|petunjuk|\bnormas\b|directrices|"  # noqa: RUF001
    r"plantilla|consignes|richtlinie|vorlage|\bcontents\b|sommaire|índice|inhaltsverzeichnis|"
    r"table\s+des\s+mati[eè]res|"
    r"目次|목차|содержание|içindekiler|daftar\s+isi|front\s*matter|back\s*matter|"
    r"(?:full|whole|complete|entire)\s+(?:issue|volume|bulletin|number|magazine|newsletter|"
    r"proceedings)|tam\s+say[ıi]|n[úu]mero\s+completo|numéro\s+complet|"  # noqa: RUF001
    r"edição\s+completa|gesamtausgabe|ganzes\s+heft|審査|심사|referee|"
    # a whole issue or volume in more languages, a line a family ("Ամբողջական հատոր (22
    # ՄԲ)", the whole volume; "სრული ნომერი", the full issue)
    r"volumen\s+completo|fasc[íi]culo\s+completo|"
    r"revista\s+complet[ao]|volume\s+complet[oe]?|revue\s+complète|fascicolo\s+completo|"
    r"intero\s+(?:fascicolo|numero|volume)|(?:gesamte[sr]?|komplette[sr]?|"
    r"ganzer)\s+(?:heft|band)|volledige?\s+(?:nummer|uitgave)|ca[łl]y\s+(?:numer|tom|zeszyt)|"
    r"pe[łl]ny\s+numer|cel[éý]\s+(?:[čc][íi]slo|svazek)|весь\s+(?:номер|выпуск|том)|"
    r"полный\s+(?:номер|выпуск)|номер\s+целиком|повний\s+(?:номер|випуск)|"
    r"(?:весь|увесь)\s+(?:номер|випуск)|say[ıi]n[ıi]n\s+tamam[ıi]|cildin\s+tamam[ıi]|"  # noqa: RUF001 - Turkish
    r"edisi\s+lengkap|ամբողջական\s+(?:հատոր|համար)|სრული\s+ნომერი|"
    r"(?:ολόκληρο|πλήρες)\s+τεύχος|العدد\s+(?:كاملا|كاملاً|الكامل)|شماره\s+کامل|全刊|整期|本期|"
    r"全号|전체\s*호|teljes\s+(?:szám|kötet)|num[ăa]rul\s+complet|volumul\s+complet|"
    r"to[àa]n\s+b[ộo]\s+s[ốo]|"
    # an annex or appendix of the work, in the languages of the labels ("Anexos 1 al 12",
    # "Anhang", "Załączniki", "Приложения", "附录")
    r"\banex[oa]s?\b|\banexe\b|\bannexes?\b|\bap[ée]ndices?\b|\bap[êe]ndices?\b|\banh[äa]nge?\b|"
    r"\ballegat[oi]\b|\bbijlagen?\b|za[łl][aą]czni(?:k|ki)\b|p[řr][íi]loh[ay]\b|"
    # (Indonesian "lampiran" is an appendix, but "Lampiran Berkas" the files attached)
    r"\bprilo(?:g|zi|ga)\b|приложени[ея]|додат(?:ок|ки)|\bliitteet\b|\bliite\b|"
    r"\blampiran\b(?!\s+(?:berkas|file|dokumen))|"
    r"\bbilag(?:a|or|e)?\b|\bvedlegg\b|\bekler\b|παράρτημα|mell[ée]klet|\banex[ăe]\b|"
    r"附录|附件|付録|부록|ملحق|ملاحق|پیوست|נספח|"
    # the record's description rather than the work: its metadata or bibliographic data, and
    # an export of it ("書誌情報をダウンロード", "Export contribution details to PDF")
    r"metadat|m[ée]tadonn[ée]es|метаданн|メタデータ|元数据|메타데이터|bibliographic|"
    r"bibliographique|bibliografisch|bibliogr[áa]fic|библиографическ|書誌|서지|\bexport|"
    r"\besporta\b|экспорт|エクスポート|导出|匯出|내보내기|"
    # a press release about the work, and a review of it, in the languages of the labels
    # ("Comunicato stampa (PDF)", "Recensione (PDF)" on a book's page)
    r"press\s+release|media\s+release|news\s+release|pressemitteilung|press\s+kit|"
    r"bolet[íi]n\s+de\s+prensa|dossier\s+de\s+pren[sz]a|dossier\s+de\s+presse|"
    r"press(?:e)?mappe|nota\s+[àa]\s+imprensa|release\s+para\s+(?:a\s+)?imprensa|"
    r"communiqu[ée]\s+de\s+presse|nota\s+de\s+prensa|comunicado\s+de\s+prensa|"
    r"comunicato\s+stampa|bas[ıi]n\s+b[üu]lteni|persbericht|pressmeddelande|"  # noqa: RUF001
    r"pressemelding|pressemeddelelse|lehdistötiedote|pressiteade|siaran\s+pers|"
    r"informacja\s+prasowa|"
    r"tiskov[áa]\s+zpr[áa]va|пресс-?\s?релиз|прес-?\s?реліз|新闻稿|プレスリリース|보도자료|"
    r"book\s+review|\brecensione\b|\brezension\b|\brecensi[óo]n\b|\bresenha\b|\brecenzja\b|"
    r"\brecenze\b|рецензия|рецензія|რეცენზია|βιβλιοκρισ[ίι]α|"  # noqa: RUF001
    # the documents of an event, an exhibition or a survey beside the work, a line a kind:
    # its programme (a label of that word alone, or of the event's), its poster or leaflet,
    # its presentation, its questionnaire, its methodology note, the site's terms of use,
    # an archive's inventory, the key findings; a table of contents in more scripts
    r"^\W*(?:programm?[aeo]?|програм+а|programa\s+final|programma\s+definitivo|"  # noqa: RUF001
    r"final\s+programme)\W*(?:pdf\W*)?$|conference\s+programme|programa\s+del\s+congreso|"
    r"program\s+konferencji|програм+а\s+конференц|プログラム|会议议程|"  # noqa: RUF001
    r"\blocandina\b|\bvolantino\b|tr[íi]ptico|d[íi]ptico|\bfolleto\b|d[ée]pliant|\bflyer\b|"
    r"\bleaflet\b|faltblatt|flugblatt|\bulotka\b|листовк|буклет|チラシ|宣传册|전단|"
    r"presentaci[óo]n|presentazione|\bpr[ée]sentation\b|pr[äa]sentation|prezentac|"
    r"презентаци|презентаці|apresenta[çc][ãa]o|\bsunum\b|\bpresentasi\b|מצגת|"
    r"\besitys\b|föredrag|演示文稿|발표\s*자료|"
    r"questionnaire|cuestionario|question[áa]rio|fragebogen|kwestionariusz|dotazn[íi]k|"
    # a survey's codebook in the languages data repositories write it ("Codebuch",
    # "Kodebok", "Libro de códigos", "Książka kodów"; an English file name is
    # `OTHER_KIND_FILE`'s)
    r"\bcodebuch|\bkode?bo[gk]\b|\bkodbok|\bcodeboek|\bkoodikirja|"
    r"\blibro\s+de\s+c[óo]digos|\blivro\s+de\s+c[óo]digos|\blivre\s+de\s+codes|"
    r"\bksi[ąa][żz]ka\s+kod[óo]w|\bk[óo]dovn[íi]k|"
    r"\bанкета\b|опросник|kyselylomake|spørreskjema|\benkät\b|vragenlijst|kuesioner|"  # noqa: RUF001
    r"แบบสอบถาม|问卷|調査票|설문지|پرسشنامه|استبيان|שאלון|"
    r"methodolog(?:y|ical)\s+note|nota\s+metodol[óo]gica|note\s+m[ée]thodologique|"
    r"terms\s+of\s+use|conditions\s+d.utilisation|condiciones\s+de\s+uso|"
    r"condi[çc][õo]es\s+de\s+uso|nutzungsbedingungen|kasutustingimused|käyttöehdot|"
    r"brukervilkår|användarvillkor|gebruiksvoorwaarden|warunki\s+korzystania|"
    r"podm[íi]nky\s+u[žz]it[íi]|условия\s+использования|利用規約|使用条款|이용약관|"
    r"\binventario\b|\binventaire\b|finding\s+aid|\bfindbuch\b|\binwentarz\b|"
    r"key\s+findings|najważniejsze\s+wnioski|principales\s+conclusiones|"
    r"wichtigste\s+ergebnisse|principaux\s+r[ée]sultats|principais\s+resultados|"
    r"სარჩევი|ynhâld|\bcynnwys\b|բովանդակություն|мазմұны|агуулга|"
    # a thesis's examiners' and supervisor's reports and its defence's record; a whole
    # issue named by its number and "complete" after it; front matter, a sample, plates,
    # an infographic, a methodology or its explanatory notes, an annotation
    r"\bposudek\b|\boponent|pr[ůu]b[ěe]h\s+obhajoby|protokol\s+o\s+obhajob|"
    r"opinia\s+promotora|recenzja\s+promotora|\bотзывы?\b|"  # noqa: RUF001
    r"\bb[íi]r[áa]lat|opponensi\s+v[ée]lem[ée]ny|v[ée]d[ée]si\s+jegyz[őo]k[öo]nyv|"
    # a dissertation's summaries published apart (the Russian "автореферат", the German
    # "Thesen" or "Thesenpapier") and its council's conclusion
    # (in Georgian script and in the Latin letters of Uzbek, Azerbaijani and of slugs too)
    r"автореферат|ავტორეფერატ|\bavtoreferat|\bthesen(?:papier)?\b|\bt[ée]zis(?:ek|f[üu]zet)\b|"
    r"заключени[ея]\s+диссертационного|"
    r"\bgutachten\b|rapport\s+(?:de\s+soutenance|du\s+jury)|dictamen\s+del\s+tribunal|"
    r"parecer\s+da\s+banca|ata\s+de\s+defesa|"
    # its defence's minutes and the similarity check of its text ("PV de soutenance",
    # "Acta de sustentación", "Informe de similitud (Turnitin)", "Hasil Cek Plagiasi")
    r"proc[èe]s[\s-]verbal|\bpv\s+de\s+soutenance|"
    r"acta\s+de\s+(?:defensa|sustentaci[óo]n|aprobaci[óo]n)|similarity\s+(?:report|check)|"
    r"originality\s+report|informe\s+de\s+(?:similitud|originalidad)|"
    r"relat[óo]rio\s+de\s+(?:similaridade|originalidade)|\bturnitin\b|\bplagia(?:rism|t|si)\b|"
    r"антиплагиат|"
    r"\b(?:n[úu]mero|fasc[íi]culo|quaderno|cuaderno|caderno|volumen|bolet[íi]n|bollettino|"
    r"boletim|revista|rivista|issue)\s+(?:n[.º°o]?\s*)?\d+\s+complet[oa]\b|全文一括|一括ダウンロード|"
    r"preliminary\s+pages|\bprelims\b|pages\s+liminaires|p[áa]ginas\s+preliminares|"
    r"sample\s+chapter|\bexcerpts?\b|\bextraits?\b|leseprobe|試し読み|立ち読み|tavole\s+fuori\s+testo|hors[\s-]texte|"
    r"infograph|infograf[íi]a|infografica|infografik|инфографик|\bfact\s*sheets?\b|"
    r"\bmethodolog(?:y|ie)\b|\bmetodolog[íi]a\b|\bméthodologie\b|explanatory\s+notes|"
    r"notas\s+explicativas|notes\s+explicatives|metodick[ée]\s+vysv[ěe]tlivky|"
    r"\banot[āa]cija|\banotace\b|\banot[áa]cia\b|"
    # summaries and tables of contents in more languages, a line a family ("Tiivistelmä
    # (PDF)", "Ringkasan Eksekutif (PDF)", "Съдържание (PDF)")
    r"\bringkasan\b|\bintisari\b|\btiivistelmä|\bsisällys|\bkokkuvõte|\bsisukord\b|"
    r"\bsantrauka\b|\bturinys\b|\bkopsavilkums\b|\bsaturs\b|\bösszefoglal|"
    r"\btartalomjegyzék|\bstreszczenie\b|spis\s+treści|\bshrnutí\b|\bzhrnutie\b|"
    r"\bobsah\b|\bpovzetek\b|\bkazalo\b|\bsažetak\b|\bsadržaj\b|резюме|резиме|"
    r"анотація|съдържание|зміст|садржај|περίληψη|περιεχ[οό]μ[εέ]ν|\bsamenvatting\b|"  # noqa: RUF001
    r"\binhoudsopgave\b|\bsammanfattning\b|\binnehållsförteckning\b|\bsammendrag\b|"
    r"\bindholdsfortegnelse\b|\binnholdsfortegnelse\b|\briassunto\b|\bsommario\b|"
    r"\bkurzfassung\b|\bsynth[èe]se\b|\brezumat\b|\bcuprins\b|\blaburpena\b|\bcrynodeb\b|\bmuhtasari\b|tóm\s+tắt|"
    r"mục\s+lục|บทคัดย่อ|บทสรุป|สารบัญ|सारांश|विषय\s+सूची|خلاصه|ملخص|فهرس|תקציר|"
    r"תוכן\s+העניינים|요약|차례|要約|概要版",
    re.IGNORECASE,
)
BAD_HREF = re.compile(
    # (a sharing page is a segment of its own, not a folder that opens alike: "/SharedDocs/")
    # (a path's segment, not a host's name: "register.awmf.org" is a guideline register)
    r"^(?:javascript:|mailto:|tel:|#)|" + SIGN_IN_PATH + r"|(?<!/)/register|"
    r"(?<!/)/share(?:[/?#]|$)|sharer|"
    r"/getaccess/|(?<!/)/purchase|(?<!/)/cart|/action/showcitformats|article-cite-file|"
    r"[?&]download=ris|\.ris(?:$|\?)|\.bib(?:$|\?)|\.nbib|/epdf/|/reader/|"
    r"supplement|suppl[_-]|_esm\.|moesm|/figures?/|/asset/|thumbnail|"
    # an image by its extension, not a host that starts alike ("www.pref.gifu.lg.jp")
    r"\.(?:jpe?g|png|gif)(?![\w-])|"
    # a file of another format by its name's extension (a IIIF image's ``info.json``, a
    # table's ``.xlsx``, a text layer's ``.txt``); not a dataset's (``.zip``, ``.csv``),
    # which a harvest asking for datasets fetches (`PdfFetcher`'s ``file_types``)
    r"\.(?:json|xml|txt|xlsx?|docx?|odt|epub|mp[34])(?:$|[?#])|"
    r"isallowed=n|"
    # folders of citation exports and media pages, unless the address names a PDF file in
    # them (NASA's ``/api/citations/<id>/downloads/<name>.pdf``, a CDN's ``/media/...pdf``)
    # or a folder of PDFs (``/media/download/pdf/24/1.0435678/4``)
    # (or a media library's item by its number, downloaded: Drupal's "/media/2231/download")
    r"(?:/citation|/media/)(?!(?:[^?#]*/)?[^/?#]+\.pdf(?:$|[?#])|(?:[^?#]*/)?pdf/[^?#]*[^/?#]"
    r"|\d+/download(?:$|[?#]))",
    re.IGNORECASE,
)


FILE_HREF = re.compile(
    r"\.pdf(?:$|[?#])|/pdf(?:/|$|\?)|/pdfft|/pdfdirect|/downloads?(?:/|$|\?)|/document$|"
    r"/full-?text(?:/|$)|/volltext(?:/|$)|"
    r"/files?/|viewcontent\.cgi|bitstream|article-file|ndownloader|[?&]format=pdf|"
    # (a script named for downloading: "download.php", "get_download.aspx", "FileDownload.jsp")
    r"/[\w-]*download[\w-]*\.(?:php|aspx?|jsp|cgi|pl)\b|//(?:download|dl)\.|"
    # a script's download action named in its query ("index.php?task=doc_download&gid=87",
    # TYPO3's "index.php?eID=dumpFile&f=48812")
    r"[?&](?:task|action|act|op|mode|do|cmd|eid)=[\w.]*(?:download|dumpfile|getfile|sendfile)\b|"
    # a download manager's file by its number ("?download=214:alias", "?download=1234")
    r"[?&]download=\d+(?:[:&]|$)|"
    # a file handler named for what it sends ("ElectronicFile.aspx?docid=", "GetFile.ashx",
    # "attachment.php?id=", a catalogue's "opac-retrieve-file.pl?id="; not a "profile.php"),
    # and a content system's media library
    # handler (Sitecore's "/-/media/<path>.ashx")
    r"/[\w-]*(?<![Pp]ro)(?:[Ff]ile|[Aa]ttachment)\.(?:aspx?|ashx|php|jsp|cgi|pl|do)(?:$|\?)|"
    r"/-/media/[^?#]+\.ashx(?:$|\?)|"
    # and Kentico's media library file by its id ("/getmedia/<guid>/<name>.aspx")
    r"/getmedia/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/|"
    # a document library's file by its name and its version's id (Liferay's
    # "/documents/68457/0/<name>.pdf/1a2b3c4d-5e6f-...?t="), its name without an extension
    # too ("/documents/10181/1920421/<title>/9a1c2b7e-4f0d-...")
    r"\.pdf/[0-9a-f]{8}-[0-9a-f]{4}-|"
    r"/documents/\d+/\d+/[^/?#]+/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:$|[?#])|"
    # a content system's file handler by its ticket ("LinkClick.aspx?fileticket=...")
    r"[?&]fileticket=|"
    # a library catalogue's digital copy by its number (PMB's "doc_num.php?explnum_id=";
    # its thumbnail is "vig_num.php")
    r"/doc_num\.php\?(?:[^#]*&)?explnum_id=|"
    # a script sending the PDF file its query names ("cgiirbis_64_ft.exe?...&IMAGE_FILE_NAME=
    # %5CDIS%5C2023%5CD-118.pdf"), a viewer's page apart
    r"/[^/?#]*(?<!viewer)(?<!reader)\.(?:exe|cgi|php|aspx?|jsp|pl|ashx|do)\?(?:[^#]*&)?"
    r"[\w.-]*file[\w.-]*=[^&#]*\.pdf(?:[&#]|$)",
    re.IGNORECASE,
)

#: A host named for the files it serves ("download.example.org", "dl.example.org").
_FILE_HOST = re.compile(r"^(?:download|dl)\.", re.IGNORECASE)


#: One shared file on a file-sharing service, in the address shapes the services give
#: for a single file (not a folder, not an editable document): Google Drive's
#: ``/file/d/<id>`` and ``/uc?id=<id>``, Dropbox's ``/s/`` and ``/scl/fi/``, OneDrive's
#: ``1drv.ms/b/`` and ``/download?``, Yandex Disk's ``/i/``, Box's ``/s/``, Baidu's ``/s/``.
_SHARED_FILE = re.compile(
    r"^https?://(?:"
    r"(?:drive|docs)\.google\.com/(?:file/d/[\w-]{10,}|uc\?(?:[^#]*&)?id=[\w-]{10,})|"
    r"(?:www\.)?dropbox\.com/(?:s|scl/fi)/\w+/[^/?#]+|(?:dl\.)?dropboxusercontent\.com/|"
    r"1drv\.ms/b/|onedrive\.live\.com/(?:download|embed)(?:\.aspx)?\?|"
    r"disk\.yandex\.[a-z]{2,3}/i/|yadi\.sk/i/|"
    r"(?:[\w-]+\.)?box\.com/s/|pan\.baidu\.com/s/)",
    re.IGNORECASE,
)


def shared_file(link: str) -> bool:
    """Whether `link` is one file shared on a file-sharing service (`_SHARED_FILE`).

    A small site keeps its files there: the file is the site's own, shared by its account,
    whatever the service's host, as a file on the site's own host is.
    """
    return _SHARED_FILE.match(link) is not None


def file_href(link: str, page: str) -> bool:
    """Whether `link` looks like a file's address (`FILE_HREF`), as seen from the page `page`.

    A host named for downloads says so only when it is another host than the page's: a
    digital library that is itself at "dl." (``dl.ndl.go.jp``) serves its pages, searches
    and exports from there too, and its links are files only by their paths. A file shared
    on a file-sharing service is a file's address too (`shared_file`).
    """
    if shared_file(link):
        return True
    found = FILE_HREF.search(link)
    if found is None or not found.group(0).startswith("//"):
        return found is not None  # (the address's path or query says so: its host unread)
    parts = urlsplit(link)
    host = (parts.hostname or "").lower()
    if host and _FILE_HOST.match(host) and host == (urlsplit(page).hostname or "").lower():
        return FILE_HREF.search(parts._replace(scheme="", netloc="").geturl()) is not None
    return True


def words_of(text: str) -> list[str]:
    """Words folded for comparison, in any script: Latin without diacritics, CJK as bigrams."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    words: list[str] = []
    # (a text in ASCII has no marks: its words are ``\w`` runs, read without a callback)
    spaced = (
        " ".join(_WORD_RUN.findall(text)) if text.isascii() else _NOT_WORD.sub(marks_kept, text)
    )
    for word in spaced.split():
        if _UNSPACED.search(word):  # (read as before: its letters between its marks)
            words.extend(w for w in re.findall(r"\w+", word) if len(w) >= 3)
        elif _CJK.search(word):  # no spaces between words: character pairs instead
            chars = [c for c in word if not c.isdigit()]
            words.extend(a + b for a, b in itertools.pairwise(chars))
        elif len(word) >= 3 or word.isdigit():
            words.append(word)
    return words


#: What separates words: ``\W``, which matches the marks of a word too.
_NOT_WORD = re.compile(r"\W+")
#: A run of word characters.
_WORD_RUN = re.compile(r"\w+")


def lettered_words(text: str) -> list[str]:
    """The words of `text` that hold a letter, lower case, each with its marks ("हिंदी")."""
    return [
        w.strip("_")
        for w in _NOT_WORD.sub(marks_kept, text.lower()).split()
        if re.search(r"[^\W\d_]", w)
    ]


#: A letter of the scripts written without spaces that are read as character pairs (Han,
#: kana, Hangul).
CJK_LETTER = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_CJK = CJK_LETTER
#: Letters of the other scripts written without spaces between words: Thai, Lao, Burmese, Khmer.
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")


def similar(a: str, b: str) -> bool:
    """True when two titles share most of their words (the shorter one's, in any script)."""
    return similar_words(set(words_of(a)), set(words_of(b)))


def similar_words(x: Set[str], y: Set[str]) -> bool:
    """`similar` of two titles' sets of words."""
    if not x or not y:
        return False
    return len(x & y) >= 0.6 * min(len(x), len(y))


#: Download buttons' words in more languages, one line each: to download, full, text, the
#: article or paper, a file, here, to see, read or open, and the words a button joins them
#: with ("Descarcă articolul integral (PDF)", "Pakua makala (PDF)", "पूर्ण बुलेटिन डाउनलोड
#: करें", "دانلود متن کامل گزارش"). A word left over (the bulletin, the report) is the
#: button's object: `button_text` allows one. Nouns naming another kind of document (a
#: summary, a book, an issue) are never here: those are `BAD_TEXT`'s, or a document's name;
#: nor words that are English words too ("last" of "last ned", "her"), which would make
#: "Last issue" or "Her thesis" a button: Norwegian's "last ned" (to download) is read as
#: one word, "lastned" (`_LAST_NED`). A word's other forms are its own (Arabic "كامل",
#: "كاملة": full, of a masculine and a feminine noun).
_BUTTON_WORDS_BY_LANGUAGE = (
    # Turkish, declined ("Makalenin tamamı (PDF)": the article's whole)  # noqa: RUF003
    "makalenin makaleyi tamamı tamamını metni metnini dosya dosyası görüntüle oku",  # noqa: RUF001
    # Italian, Catalan, Galician, Romanian
    "scarica scaricare scaricabile testo integrale articolo visualizza apri leggi qui il lo "
    "gli della dello formato descarrega descarregar text complet article fitxer veure obrir "
    "llegir aquí descargá descargue descarga acá aquí clic haga haz completa archivo "
    # to access or consult it online ("Haga clic aquí para acceder en línea")
    "acceder accedé accéder acessar acesse accedere accedi consultar línea linea ligne "
    "descarcă descarca descărcare descarcare descărcați integral integrală complet completă "
    "textul articol articolul fișier fisier vizualizare deschide citește citeste aici",
    # Dutch, Swedish, Danish, Norwegian, Icelandic, Finnish, Estonian
    "downloaden volledige tekst bestand bekijk bekijken openen lees hier het een van "
    "lastned ladda ned ner hämta fullständig artikeln fil filen visa öppna läs här hent hente "
    "fuld fulltekst fuldtekst artikkel artiklen artikkelen vis åpne åbn les læs sækja "
    "lataa lataus koko teksti artikkeli tiedosto avaa näytä lue tästä laadi alla täistekst "
    "fail ava vaata loe kogu",
    # Polish, Czech, Slovak, Slovene, Croatian, Serbian, Bosnian, Hungarian
    "pobierz pobieranie pełny pełna tekst artykuł plik zobacz otwórz czytaj tutaj tu "
    "stáhnout stahnout stažení plný celý článek soubor zobrazit otevřít číst zde "
    "stiahnuť stiahnutie článok súbor zobraziť otvoriť prenesi prenos celotno besedilo "
    "članek datoteka preuzmi preuzmite preuzimanje preuzeti cijeli ceo cjelovit cjeloviti "
    "članak rad "
    "fajl pogledaj otvori letöltés letöltése letöltöm teljes szöveg cikk fájl megnyitás "
    "megtekintés itt",
    # Greek, Ukrainian, Bulgarian, Serbian Cyrillic, Macedonian, Belarusian
    "λήψη κατέβασμα κατεβάστε πλήρες πλήρη πλήρους κείμενο κειμένου άρθρο άρθρου αρχείο "
    "προβολή ανάγνωση εδώ "
    "завантажити завантаження повний повного текст статті стаття статтю файл переглянути "
    "відкрити читати тут изтегли изтегляне пълен пълния статия преглед преузми преузмите "
    "преузимање "
    "чланак рад преземи целосен спампаваць",
    # Baltic, Caucasian and Central Asian languages
    "lejupielādēt lejuplādēt pilns teksts raksts fails skatīt atvērt atsisiųsti "
    "parsisiųsti visas tekstas straipsnis failas peržiūrėti atidaryti skaityti "
    "ներբեռնել բեռնել ամբողջական տեքստ հոդված ֆայլ դիտել կարդալ ჩამოტვირთვა ჩამოტვირთე "
    "სრული ტექსტი სტატია ფაილი ნახვა yüklə endir mətn məqalə fayl bax жүктеу жүктеп алу "
    "толық мәтін мақала yuklab olish yuklash toʻliq matn maqola татах татаж авах бүрэн "  # noqa: RUF001
    "өгүүлэл",
    # Arabic, Persian, Urdu, Hebrew
    "تحميل تنزيل نص النص كامل الكامل كاملة الكاملة مقال المقال ملف الملف عرض اقرأ قراءة هنا دانلود "
    "دریافت متن کامل مقاله فایل مشاهده نمایش اینجا ڈاؤن لوڈ ڈاؤنلوڈ کریں مکمل مضمون "
    "فائل دیکھیں הורדה להורדה הורדת להורדת הורד טקסט מלא המלא קובץ מאמר המאמר צפייה קרא כאן "
    "לקריאה",
    # Hindi, Bengali, Nepali, Marathi, Tamil
    "डाउनलोड करें करे पूर्ण पूरा पाठ लेख फ़ाइल फाइल देखें पढ़ें यहाँ यहां ডাউনলোড করুন "
    "সম্পূর্ণ প্রবন্ধ ফাইল দেখুন পড়ুন गर्नुहोस् करा பதிவிறக்கம் முழு கட்டுரை",
    # Afrikaans ("Laai die PDF van hierdie artikel af": download this article's PDF)
    "laai aflaai af hierdie volledige teks lêer lees oop",
    # Swahili, Malay, Tagalog, Vietnamese
    "pakua makala kamili maandishi faili hapa soma tazama fungua muat turun penuh "
    "buong teksto artikulo tải về xuống toàn văn bản bài báo tệp xem đọc mở đầy đủ",
)
#: The words of `_BUTTON_WORDS_BY_LANGUAGE` (and of the unspaced scripts' `_CJK_WORDS`) that
#: say "full" or "complete" themselves: a button with one of them gives the whole work
#: ("Muat Turun Artikel Penuh", "ดาวน์โหลดบทความฉบับเต็ม"), as "Full text" does.
_FULL_WORDS_BY_LANGUAGE = (
    "tamamı tamamını integrale integral intégral intégrale integrală complet complète completă "  # noqa: RUF001
    "completa completo "
    "volledige fullständig fuld koko kogu täistekst pełny pełna plný celý celotno cijeli ceo "
    "cjelovit cjeloviti teljes πλήρες πλήρη πλήρους повний повного пълен пълния целосен "
    "pilns visas ամբողջական სრული толық toʻliq бүрэн كامل الكامل كاملة الكاملة کامل مکمل "  # noqa: RUF001
    "מלא המלא पूर्ण पूरा সম্পূর্ণ முழு kamili penuh lengkap buong toàn đầy ฉบับเต็ม "
    "ฉบับสมบูรณ์ ສະບັບເຕັມ အပြည့်အစုံ"
)
#: The words of `_BUTTON_WORDS_BY_LANGUAGE` that say "download" themselves.
_DOWNLOAD_WORDS_BY_LANGUAGE = (
    "scarica scaricare descarrega descarregar descargá descargue descarga descarcă descarca "
    "descărcare descarcare descărcați downloaden lastned ladda hämta hent hente sækja lataa "
    "lataus laadi pobierz pobieranie stáhnout stahnout stažení stiahnuť stiahnutie prenesi "
    "preuzmi preuzmite preuzimanje preuzeti letöltés letöltése λήψη κατέβασμα κατεβάστε "
    "завантажити завантаження изтегли изтегляне преузми преузмите преузимање преземи "
    "lejupielādēt lejuplādēt "
    "atsisiųsti parsisiųsti ներբեռնել ჩამოტვირთვა ჩამოტვირთე yüklə endir жүктеу жүктеп "
    "yuklab yuklash татах татаж تحميل تنزيل دانلود ڈاؤنلوڈ הורדה להורדה הורדת להורדת הורד "
    "डाउनलोड "
    "ডাউনলোড பதிவிறக்கம் pakua tải"
)


#: Words of download buttons and file descriptions, in the languages of the anchor words
#: and the scripts of the corpora ("Download PDF (2.3 MB)", "PDF Format: view or download
#: as a PDF file", "Tam Metin", "全文PDF", "Скачать PDF"); a button may add one word more
#: (a language: "PDF (English)").
BUTTON_WORDS = frozenset(
    re.split(
        r"\s+",
        "download downloads view open get read pdf pdfs full text fulltext article paper file "
        "files version format here now this that the a an as or of in on at to for and with "
        "your our its size kb mb gb ko mo manuscript document published accepted final "
        "original main link english print printable new window tab opens click save online "
        "tam metin makale indir i̇ndir bu ve için türkçe ingilizce télécharger texte intégral "
        "le la les l du des de en et au version française français complet complète "
        "descargar texto completo "
        "el los las del al en este esta artículo artigo baixar em do da este esta português "
        # ("Clique aqui para baixar o arquivo": click here to download the file)
        "clique aqui para o arquivo ficheiro transferir descarregar "
        "español herunterladen volltext artikel der die das des den dem als im und deutsch "
        "unduh teks lengkap naskah artikel ini dalam bahasa indonesia inggris скачать полный "
        "текст статьи статья статью файл в на и с pdf-файл русский "  # noqa: RUF001 - Russian
        # to read, see or open it, in the languages above ("Leer el cuaderno (PDF)")
        "leer ver abrir ler lire voir ouvrir consulter lesen ansehen öffnen anzeigen oku "
        "görüntüle aç baca lihat buka читать открыть смотреть",
    )
)


#: Runs of letters, a script's run apart from the next ("pdf形式" is "pdf" and "形式").
_LETTER_RUNS = re.compile(
    r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[^\W\d_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]+"
)


def _unmarked(text: str) -> str:
    """`text` composed (NFC) without its combining marks (Unicode categories Mn, Mc, Me)."""
    return "".join(
        c for c in unicodedata.normalize("NFC", text) if not unicodedata.category(c).startswith("M")
    )


#: The button words of every language, each also without its combining marks (as
#: `button_text` reads them).
BUTTON_WORDS = BUTTON_WORDS | frozenset(
    form
    for line in _BUTTON_WORDS_BY_LANGUAGE
    for word in line.split()
    for form in (word, _unmarked(word))
)
_DOWNLOAD_WORDS = frozenset(
    form for word in _DOWNLOAD_WORDS_BY_LANGUAGE.split() for form in (word, _unmarked(word))
)
_FULL_WORDS = frozenset(
    form for word in _FULL_WORDS_BY_LANGUAGE.split() for form in (word, _unmarked(word))
)
#: The words that say a file is the whole work, in a file's name or a site's code:
#: `_FULL_WORDS` and English's ("full", "fulltext", "main"...).
_WHOLE_WORDS = _FULL_WORDS | {"full", "fulltext", "complete", "whole", "main", "primary"}
#: (as `_pagefacts` reads a whole book's own label: "Complete book (PDF)")
WHOLE_WORDS = _WHOLE_WORDS


def says_whole(text: str) -> bool:
    """Whether a word of `text` says the file is the whole work ("SKRIPSI FULL", "full").

    "Full" or "complete" in a language `says_full` reads, or in English, as a file's name
    ("ECNO_2024_full.pdf", "Laporan_lengkap.pdf") or a site's code (``"kind": "main"``)
    gives it.
    """
    return any(w in _WHOLE_WORDS for w in re.findall(r"[^\W\d_]+", _unmarked(text.lower())))


def names_whole(url: str) -> bool:
    """Whether the name of the file at `url` says it is the whole work (`says_whole`)."""
    return says_whole(unquote(urlsplit(url).path).rsplit("/", 1)[-1])


#: The words of the unspaced scripts (Thai, Lao, Khmer, Burmese) that say "full".
_UNSPACED_FULL = re.compile(
    "|".join(
        w
        for w in _FULL_WORDS_BY_LANGUAGE.split()
        if not w.isascii() and re.search(r"[\u0e00-\u0eff\u1780-\u17ff\u1000-\u109f]", w)
    )
)


def full_text_of(text: str) -> str | None:
    """The full-text word of a label naming the full text of its one object, or None.

    "研究报告全文 (PDF)": the research report's full text, a word of the unspaced
    scripts joined to the full-text word; at most one word of its own besides the
    full-text word and the format, and that a short one (a noun: "report", "论文").
    """
    found = FULL_TEXT_WORD.search(text)
    if found is None:
        return None
    rest = _FILE_SIZE.sub(" ", PDF_SIZE.sub(" ", text[: found.start()] + " " + text[found.end() :]))
    words = [w for w in re.findall(_LETTER_RUNS, _unmarked(rest.lower())) if w not in BUTTON_WORDS]
    if len(words) > 1 or (words and len(words[0]) > _OBJECT_CHARS):
        return None
    return found.group(0)


#: The longest word of its own a full-text label may have (a noun of an unspaced script).
_OBJECT_CHARS = 6


def says_full(text: str) -> str | None:
    """The word of a button's `text` that says it gives the whole work ("penuh"), or None.

    Every other word is a button's, but for one naming what the work is, without a number:
    "להורדת הדו״ח המלא" (to download the full report), "Tải báo cáo đầy đủ" (the same in
    Vietnamese). "Descargar el Boletín 31 completo" is the whole bulletin 31, an object
    of its own, not the work's full text.
    """
    bare = _unmarked(_CJK_BUTTON.sub(" ", PDF_SIZE.sub(" ", _FILE_SIZE.sub(" ", text.lower()))))
    own = [w for w in re.findall(_LETTER_RUNS, bare) if w not in BUTTON_WORDS and len(w) > 1]
    if len(own) > 1 or (own and re.search(r"\d", bare)):
        return None
    words = re.findall(_LETTER_RUNS, _unmarked(text.lower()))
    found = next((w for w in words if w in _FULL_WORDS), None)
    if found is None and (unspaced := _UNSPACED_FULL.search(text)) is not None:
        return unspaced.group(0)
    return found


@functools.lru_cache(maxsize=4096)  # every link's words are asked: a page repeats them
def _loan_download(word: str) -> bool:
    """True when `word`, in a script other than Latin, is the English "download" borrowed.

    Read through its Latin transliteration (anyascii) to its consonants: "डाउनलोड",
    "ডাউনলোড" (daunlod), "دانلود" (dnlwd), "ดาวน์โหลด" (dawnohld), "다운로드" (daunlodeu)
    all come to d-n-l-d, as "download" does (vowels, w, h and y dropped, r read as l).
    """
    if word.isascii():
        return False
    latin = anyascii(word).lower().replace("r", "l")
    skeleton = re.sub(r"[^bcdfgjklmnpqstvxz]", "", latin)
    return re.sub(r"(.)\1+", r"\1", skeleton) == "dnld"


#: A number and the word after it, that word in a script other than Latin ("9.8 ميغابايت").
_NUMBER_THEN_WORD = re.compile(r"(\d)(\s*)([^\W\d_a-zA-Z][^\s\d(),.;:\[\]]*)")
#: A unit of bytes as its transliteration reads: kilo-, mega- or gigabyte, or their
#: abbreviations ("kylwbyt", "myghbyt", "mgbyt", "megabait", "emkaaibt", "embi").
_BYTE_UNIT = re.compile(r"(?:e?m|k|g)(?:[a-z]{0,5}[bv][aeiouy]{0,3}t[a-z]{0,2}|bi?)")


@functools.lru_cache(maxsize=1024)
def _latin_unit(word: str) -> str | None:
    """The unit "KB", "MB" or "GB" when `word`, in a script other than Latin, names a unit of bytes.

    Read through its Latin transliteration (anyascii), as `_loan_download` reads a borrowed
    "download": "ميغابايت" (myghbyt), "كيلوبايت" (kylwbyt), "मेगाबाइट", "เมกะไบต์",
    "메가바이트" are the borrowed words kilo-, mega- and gigabyte in their scripts.
    """
    latin = anyascii(word).lower().replace("-", "")
    if not _BYTE_UNIT.fullmatch(latin):
        return None
    first = latin.removeprefix("e")[0]
    return {"k": "KB", "m": "MB", "g": "GB"}[first]


def latin_units(text: str) -> str:
    """`text` with a file's size in bytes written in any script read as its Latin unit.

    "(PDF، 9.8 ميغابايت)" reads "(PDF، 9.8 MB)": the unit every description of a file's
    size here reads (`PDF_SIZE`, `_FILE_SIZE`), whatever script a page writes it in.
    """

    def unit(match: re.Match[str]) -> str:
        latin = _latin_unit(match.group(3))
        return match.group(0) if latin is None else match.group(1) + match.group(2) + latin

    return _NUMBER_THEN_WORD.sub(unit, text)


#: Button words of scripts written without spaces, removed before counting what is left.
_CJK_WORDS = (
    r"全文|本文|下载|下載|ダウンロード|ファイル|閲覧|表示|論文|论文|日本語|英語|中文|英文|"
    r"原文|원문|다운로드|보기|파일|열기|논문|한국어|영어|フルテキスト"
)
#: Button words of the other scripts written without spaces between words (Thai, Lao,
#: Khmer, Burmese): to download, the article, the full version, a file, to read or open.
_UNSPACED_BUTTON_WORDS = (
    r"ดาวน์โหลด|ดาวโหลด|บทความ|ฉบับเต็ม|ฉบับสมบูรณ์|ไฟล์|"
    r"ດາວໂຫລດ|ດາວໂຫຼດ|ບົດຄວາມ|ສະບັບເຕັມ|ໄຟລ໌|"
    r"ទាញយក|អត្ថបទ|ឯកសារ|"
    r"ဒေါင်းလုဒ်|ဒေါင်းလုတ်|ဆောင်းပါး|အပြည့်အစုံ|ဖိုင်"
)
#: The Han words among them as Korean reads them (全文 전문, 本文 본문, 閲覧 열람): Korean
#: writes the same Sino-Korean words in Hangul ("보고서 전문 (PDF)", the report's full text).
_CJK_WORDS += "|" + "|".join(
    sorted(
        {
            hangul_reading(word)
            for word in _CJK_WORDS.split("|")
            if all("\u4e00" <= c <= "\u9fff" for c in word)
        }
        - set(_CJK_WORDS.split("|"))
    )
)
_CJK_WORDS += "|" + _UNSPACED_BUTTON_WORDS
_CJK_BUTTON = re.compile(_CJK_WORDS + r"|[をのでする]")
#: The most syllables of a Korean word read as one word (more: a compound, a name).
_HANGUL_WORD = 4
#: Letters of the scripts that write a name without spaces (Han, kana): Hangul is spaced.
_UNSPACED_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


#: Verbs that open a reading button, in the languages of `BUTTON_WORDS`: with one object
#: of their own ("Read the report", "Leer el informe") the label is a button's.
#: (Not English "open", an adjective too: "Open Access", "Open data".)
_READ_VERBS = frozenset(
    [
        "read",
        "view",
        "lire",
        "voir",
        "ouvrir",
        "consulter",
        "leer",
        "ver",
        "abrir",
        "ler",
        "lesen",
        "ansehen",
        "öffnen",
        "leggi",
        "visualizza",
        "apri",
        "czytaj",
        "otwórz",
        "читать",
        "открыть",
        "смотреть",
    ]
)
#: The most words of such a button ("Read the full report" is read by its words).
_READ_BUTTON_WORDS = 4


def button_text(text: str) -> bool:
    """True when an anchor's text is a download button's, not a document's name.

    A file's name in parentheses is the file's, not the button's ("Avaa PDF (Anna.pdf)").
    """
    text = _NAMED_FILE.sub(" ", text).strip() or text
    text = _LAST_NED.sub("lastned", text)
    if STRONG_TEXT.match(text):
        return True
    letters = re.findall(r"[^\W\d_]+", text.lower())
    if letters and all(w in BUTTON_WORDS for w in letters) and len(letters) <= 6:
        return True  # "Read article", "View full text", "Open"
    if (
        2 <= len(letters) <= _READ_BUTTON_WORDS
        and letters[0] in _READ_VERBS
        and sum(1 for w in letters if w not in BUTTON_WORDS) == 1
    ):
        return True  # a verb to read and its object ("Read the report", "Lire le rapport")
    if not (
        PDF_WORD.search(text)
        or says_download(text)
        or re.search(r"текст|" + _CJK_WORDS, text, re.I)
    ):
        return False
    # (the words of a full-text phrase are the button's: "Plný text práce" leaves "práce")
    # (a word's combining marks are part of it: Thai, Devanagari... are not cut at each vowel sign)
    words = re.findall(
        _LETTER_RUNS, _CJK_BUTTON.sub(" ", PDF_WORD.sub(" pdf ", _unmarked(text.lower())))
    )
    rest = [
        w
        for w in words
        if w not in BUTTON_WORDS and len(w) > 1 and w != "pdf" and not _loan_download(w)
    ]
    if any(
        (len(w) >= 3 and _UNSPACED_CJK.search(w)) or (len(w) > _HANGUL_WORD and _CJK.search(w))
        for w in rest
    ):
        # a name written without spaces ("博士論文インターネット公表許諾書"); Korean is
        # spaced, and a word of its own is a few syllables ("보고서 전문": the report's full
        # text), a longer one a compound name ("연구윤리규정", the research ethics rules)
        return False
    rest = [w.removesuffix("pdf") for w in rest if w.removesuffix("pdf") not in BUTTON_WORDS]
    return len(rest) <= 1 and bool(words or re.search(_CJK_WORDS, text))


def says_download(text: str) -> bool:
    """True when `text` has a word for downloading, in any language read here."""
    text = _LAST_NED.sub("lastned", text)
    return bool(
        _DOWNLOAD_WORD.search(text)
        or re.search(r"скачать|unduh|下载|下載|ダウンロード|다운로드", text, re.I)
        or any(
            w in _DOWNLOAD_WORDS or _loan_download(w)
            for w in re.findall(_LETTER_RUNS, _unmarked(text.lower()))
        )
    )


#: Norwegian's "last ned" (to download), one verb of two words: "last" alone is English.
_LAST_NED = re.compile(r"\blast\s+ned\b", re.IGNORECASE)


#: Letters of the scripts whose words `BUTTON_WORDS` and the CJK button words hold (Latin,
#: Cyrillic, Chinese, Japanese, Korean).
_READ_LETTERS = re.compile(
    r"[A-Za-z\u00c0-\u024f\u1e00-\u1eff\u0400-\u052f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]"
)


def unread_label(text: str, most: int = 3) -> bool:
    """True for a short label (at most `most` words) in a script no vocabulary here reads.

    ("צפייה במציג", "სადისერტაციო ნაშრომი"): a button's or a document's name alike, so
    neither evidence that it names another document nor that it downloads the file.
    """
    words = [w for w in text.split() if re.search(r"[^\W\d_]", w)]
    if not words or len(words) > most:
        return False
    return bool(re.search(r"[^\W\d_]", text)) and _READ_LETTERS.search(text) is None


#: A link's text that is an identifier, with its scheme's name before it maybe: a DOI
#: ("DOI: 10.5281/zenodo.10873319"), a handle ("hdl:1842/39122"), a URN.
_IDENTIFIER_LABEL = re.compile(
    r"\s*(?:(?:doi|hdl|handle|urn)\s*:?\s*)?(?:10\.\d{4,9}/\S+|\d{4,6}/\d+|nbn:\S+)\s*",
    re.IGNORECASE,
)


def names_document(element: Tag, *, loose: bool = False) -> str | None:
    """The text of a link that names a document (a title-like text, not a button or file name).

    `loose` accepts shorter titles (two words), for links whose place already says
    they are titles (one per block of a list).
    """
    text = " ".join(link_text(element).split())
    if _FILE_NAME.search(text):
        return None  # a file's name ("[연구보고서23-05]글로벌공급망재편.pdf"), in any script
    if _format_first(element):
        return None  # a format's choice and its note ("PDF numérique" / "Pour l'écran")
    if _CJK.search(text) or (loose and _UNSPACED.search(text)):
        # no spaces between words: its letters count (a list's item in Thai, Lao, Khmer or
        # Burmese is a title by its length, as one in Chinese or Japanese is)
        letters = len(re.findall(r"\w", text))
        if letters >= (5 if loose else 8) and not button_text(text):
            # a file's label with its format and size ("下载全文 (PDF, 3.2MB)"): its words
            # before the size are a button's, whatever they say, unless they are many
            label = PDF_SIZE.sub(" ", _FILE_SIZE.sub(" ", text))
            if label != text and len(re.findall(r"[^\W\d_]", label)) <= 8:
                return None
            # a button's words naming the format and a bracketed qualifier ("論文 PDF" and the
            # author's final version in brackets after it): a file's label, no title
            bare = QUALIFIER_AT_END.sub("", text)
            if bare != text and PDF_WORD.search(bare) and button_text(bare):
                return None
            return text
        return None
    short = (
        len(text) < 10 or len(text.split()) < 2
        if loose
        else len(text) < 15 or len(text.split()) < 3
    )
    if short or button_text(text) or (PDF_WORD.search(text) and len(text.split()) <= 3):
        return None
    if unread_label(text):
        return None
    if re.search(r"\.(pdf|docx?|zip|txt)\b|https?://|www\.", text, re.IGNORECASE):
        return None
    if _IDENTIFIER_LABEL.fullmatch(text):
        return None  # an identifier ("DOI: 10.5281/zenodo.10873319"), no document's title
    label = without_file_description(text)
    counted = " ".join(_UNIT_COUNT.sub(" ", label).split())
    if counted != label.strip() and len(counted.split()) <= 3 and FULL_TEXT_WORD.search(counted):
        # the whole work's file with its pages counted ("Full Report (58 pages)"), where
        # another part's label counted so names that part ("Highlights (1 page)")
        return None
    if label != text and PDF_NAMED.search(label):
        # a file's description whose words name its format too ("Documento disponible en
        # formato PDF (320 Kb)"): a file's label in a sentence, no document's title
        return None
    if label != text and all(
        len(re.findall(r"[^\W\d_]+", part)) <= 3 for part in _LANGUAGES.split(label)
    ):
        # a file's label with its size ("اصل مقاله (1.2 M)") or its format and a count in
        # any unit ("Full Report (PDF, 47 pages)"), in one language or several ("High
        # resolution / دقة عالية (212 MB)"), not a title
        return None
    return text


#: A short bracketed qualifier ending a label, in ASCII or full-width brackets ("(English)",
#: "[2 MB]", the same in the brackets of Chinese and Japanese text).
QUALIFIER_AT_END = re.compile(
    r"\s*[(\[\uff08\uff3b\u3010][^()\[\]\uff08\uff09\uff3b\uff3d\u3010\u3011]{1,24}"
    r"[)\]\uff09\uff3d\u3011]\s*$"
)


#: Where a label in two languages turns to the second: "High resolution / دقة عالية".
_LANGUAGES = re.compile(r"\s[/|\u00b7]\s")


#: The PDF format named with a count in some unit, in parentheses or brackets ("(PDF, 47
#: pages)", "[PDF · 12 S.]", "(PDF, 3 sivua)"): a file's description in any language.
_PDF_COUNT = re.compile(
    r"[(\[]\s*pdf\s*[,;:/|\u00b7-]\s*\d+(?:[.,]\d+)?\s*[^\W\d_]{1,12}\.?\s*[)\]]",
    re.IGNORECASE,
)


#: The PDF format with its description in parentheses, fields apart, one with a number
#: ("(PDF | 98 pagina's | 2,4 MB)"): a file's description in any language.
_PDF_DESCRIBED = re.compile(
    r"[(\[]\s*pdf\s*[,;:/|\u00b7-][^()\[\]]{0,40}\d[^()\[\]]{0,40}[)\]]", re.IGNORECASE
)


#: A link's text that is a file's name: it ends in a document's extension.
_FILE_NAME = re.compile(
    # (and its size after it: "(2023-PR-41) 1인가구 주거빈곤_최종.pdf [4.12 MB]")
    r"\.(?:pdf|docx?|zip|txt|hwp|hwpx|odt|rtf)\s*(?:[(\[][^()\[\]]{0,24}[)\]]\s*)?$",
    re.IGNORECASE,
)
#: A file's name in parentheses after a button's words: "Avaa PDF (Virtanen_Anna.pdf)".
_NAMED_FILE = re.compile(r"\(\s*[^()\s]+\.(?:pdf|docx?|odt|rtf)\s*\)", re.IGNORECASE)


#: A file's size in parentheses or brackets ("(1.2 M)", "[312 KB]", "(2,1 Mo)"), maybe
#: after its format ("(PDF, 5.9 MB)") and with the unit first ("(PDF, MB 5.9)"), maybe
#: with a note on the file after it ("(PDF, 3MB, Datei ist nicht barrierefrei)": whether
#: it is accessible).
_SIZE_UNIT = r"(?:[kmg]i?b?|bytes?|[kmg]i?o(?:ctets?)?|octets?|кб|мб)"
# (a lone "M" before a number is no unit; French counts in octets, "2,1 Moctets", "412 Ko")
_UNIT_FIRST = r"(?:[kmg]i?b|bytes?|[kmg]i?o(?:ctets?)?|octets?|кб|мб)"
_FILE_SIZE = re.compile(
    # (fields apart by a comma, a bar or a dot, Japanese's middle dot too: "(全13コマ・1.2MB)")
    # (a format named with its word before it: "(format PDF - 2,1 Moctets)")
    r"[(\[]\s*(?:(?:[^\W\d_]{2,8}\s+)?\w{2,5}\s*[,;:/|·・、-]\s*)?"
    rf"(?:\d+(?:[.,]\d+)?\s*{_SIZE_UNIT}|{_UNIT_FIRST}\s+\d+(?:[.,]\d+)?)"
    r"(?:\s*[,;]\s*[^()\[\]\d]{1,40})?\s*[)\]]",
    re.IGNORECASE,
)


#: A PDF file's description by its format and size, in any language ("(PDF, 6.8MB)",
#: "[pdf 312 KB]", "2,1 Mo PDF"): what a link gives, whatever the words around it.
PDF_SIZE = re.compile(
    rf"(?<![^\W\d_])pdf\W{{0,3}}\d+(?:[.,]\d+)?\s*{_UNIT_FIRST}(?![^\W\d_])|"
    rf"(?<![\w.,])\d+(?:[.,]\d+)?\s*{_UNIT_FIRST}\W{{0,3}}pdf(?![^\W\d_])",
    re.IGNORECASE,
)


#: A count of a file's pages (or parts) in parentheses, in a unit of any language, with no
#: format named ("Full Report (58 pages)", "(1 page)", "[12 S.]").
_UNIT_COUNT = re.compile(r"[(\[]\s*\d{1,5}\s*[^\W\d_]{1,12}\.?\s*[)\]]")
#: A file's size ending a label without brackets ("Kustantajan versio 3,1 MB",
#: "Accepteret forfatter manuskript 812 KB"): a unit of bytes after the number, whole.
_BARE_SIZE = re.compile(
    rf"(?:^|(?<=[\s,;·|\u2013-]))\s*\d+(?:[.,]\d+)?\s*{_UNIT_FIRST}\s*$", re.IGNORECASE
)
#: A file's description beside its label, in each shape above: its size, its format with a
#: count, its format and size, its format with described fields.
_FILE_DESCRIPTIONS = (_FILE_SIZE, _PDF_COUNT, PDF_SIZE, _PDF_DESCRIBED, _BARE_SIZE)


def stated_size(text: str) -> str | None:
    """The size of a file `text` states, in brackets or standing last ("3,1 MB", "(88 KB)")."""
    found = _FILE_SIZE.search(text) or _BARE_SIZE.search(text)
    return found.group(0).strip() if found is not None else None


def without_file_description(text: str) -> str:
    """`text` less every description of a file in it ("(PDF, 3 MB)", "PDF 620Kb")."""
    for description in _FILE_DESCRIPTIONS:
        text = description.sub(" ", text)
    return text


#: A file format's name standing alone in a label ("(PDF)", "PDF", "[pdf]"), among words of
#: any script: not part of a word or a file's name ("pdfs", "PDF-Dokument", "a.pdf").
_FORMAT_TOKEN = re.compile(r"[(\[]?\s*(?<![\w.])pdf(?!\w|-\w)\s*[)\]]?", re.IGNORECASE)


def format_token(text: str) -> str | None:
    """A label's words without the file format it names, or None when it names none.

    "تحميل الكتاب كاملاً (PDF)" gives "تحميل الكتاب كاملاً"; a file's size beside the
    format goes too ("Texte (PDF, 2 Mo)").
    """
    if not _FORMAT_TOKEN.search(text):
        return None
    rest = _FORMAT_TOKEN.sub(" ", _FILE_SIZE.sub(" ", text))
    return " ".join(rest.split())


#: A word written as an identifier ("picture_as_pdf", "file_download"): an icon font's
#: ligature (Material Icons draws the name as its icon) or a template's variable, no word
#: of a label in any language; a file's name ("pegel_giessen_codebook.pdf") is kept whole.
_IDENTIFIER_WORD = re.compile(r"(?<![\w./-])[a-z]+(?:_[a-z]+)+(?![\w./-])")


def _format_first(element: Tag) -> bool:
    """Whether a link's first part is a PDF format's short label ("PDF numérique").

    A book's download menu labels each format in a part of its own and notes its use in
    the next ("PDF imprimable" / "Pour l'impression"): a format's choice, no title.
    """
    parts = [c for c in element.find_all(True, recursive=False) if c.get_text(strip=True)]
    if len(parts) < 2 or any(
        isinstance(c, NavigableString) and c.strip() for c in element.children
    ):
        return False
    first = " ".join(parts[0].get_text(" ", strip=True).split())
    return _FORMAT_TOKEN.search(first) is not None and len(first.split()) <= 2


def link_text(element: Tag) -> str:
    """An element's visible text, its icon fonts' ligature names left out."""
    text = element.get_text(" ", strip=True)
    return _IDENTIFIER_WORD.sub(" ", text) if "_" in text else text


def text_of(element: Tag) -> str:
    text = " ".join(link_text(element).replace("(", " ").replace(")", " ").split())
    extra = " ".join(str(element.get(a) or "") for a in ("title", "aria-label", "data-title"))
    return (text + " " + extra).strip()


#: Kinds of documents an item's label may name ("Supplementary data", "内容の要旨"): the
#: anchor words less those that describe a file's actions and status in file tables
#: ("Preview", "License", "Cite", "Thumbnail", "Table").
ITEM_KINDS = re.compile(
    "|".join(
        w
        for w in BAD_TEXT.pattern.split("|")
        if not re.fullmatch(
            r"preview|licen[cs]e|lisans|lizenz|thumbnail|cite\\b|citation|reference|bibtex|"
            r"endnote|\\bris\\b|purchase|buy\\b|rent\\b|subscribe|permission|figure|fig\\.|"
            r"table|video|cover|kapak|kaynak|atıf|atif|reprint|"  # noqa: RUF001
            # (the record's metadata and its exports: a file table's actions too)
            r"metadat|m\[ée\]tadonn\[ée\]es|метаданн|メタデータ|元数据|메타데이터|bibliographic|"
            r"bibliographique|bibliografisch|bibliogr\[áa\]fic|библиографическ|書誌|서지|\\bexport|"
            r"\\besporta\\b|экспорт|エクスポート|导出|匯出|내보내기|"
            # a link's own "Summary" gives a summary; a row labelled "comprehensive
            # summary" (a compilation thesis's kappa) holds the work itself
            r"\\bsummary\\b",
            w,
        )
    ),
    re.IGNORECASE,
)


def without_accents(text: str) -> str:
    """`text` without its combining marks, decomposed first (NFKD): "Résumé" reads "Resume".

    Both sides of a comparison read alike: a label typed without its accents ("Resume_
    These_ElAmrani.pdf", a file's name) matches the words written with them.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not unicodedata.combining(c))
    )


#: `BAD_TEXT` read without accents (`without_accents`), for labels typed without them.
BAD_TEXT_UNACCENTED = re.compile(without_accents(BAD_TEXT.pattern), BAD_TEXT.flags)


#: `ITEM_KINDS` read without accents (`without_accents`), for labels typed with them
#: where the vocabulary has none ("Póster").
ITEM_KINDS_UNACCENTED = re.compile(without_accents(ITEM_KINDS.pattern), ITEM_KINDS.flags)


def kind_named(label: str) -> re.Match[str] | None:
    """The kind of document `label` names (`ITEM_KINDS`), its accents read or not, or None."""
    return ITEM_KINDS.search(label) or ITEM_KINDS_UNACCENTED.search(without_accents(label))


#: A file name that says it is another kind of document than an article
#: ("...-sup-0001-Text_S1.pdf", "codebook.pdf", "user_guide.pdf", "preregistration.pdf").
OTHER_KIND_FILE = re.compile(
    r"(^|[^a-z])(sup|suppl\w*|appendix|annex|abstracts?|synops[ie]s|erratum|corrigendum|toc|contents|cover|"
    r"front[-_]?matter|back[-_]?matter|guidelines?|guides?|manual|readme|codebook|checklist|template|form|poster|slides|si|esm|dataset|"
    r"fact[-_]?sheets?|infographics?|pre[-_]?registration|prereg|questionnaire)"
    r"([^a-z]|$)",
    re.IGNORECASE,
)

#: A label that names a file format other than PDF ("Download XML", "EPUB").
OTHER_FORMAT = re.compile(
    r"\b(?:xml|jats|epub|mobi|html?|csv|tsv|xlsx?|zip|json|txt|docx?|odt|mp[34]|caj)\b|"
    # a file's name with the extension of code, data, images, slides or archives
    # ("Download 01_clean.R", "survey_2023.sav"): another format's file
    r"(?<=\w)\.(?:r|py|ipynb|rmd|qmd|sav|dta|sas7bdat|rds|rdata|mat|parquet|h5|nc|"
    r"tiff?|png|jpe?g|gz|tar|7z|rar|pptx?|odp|ods|rtf|tex|bib)(?![\w.])",
    re.IGNORECASE,
)


#: The elements whose short text labels the links in them (`Regions.item_text`).
ITEM_PARENTS = ("li", "tr", "dd", "dt")


#: A file's extension ending a name or a path's segment (".pdf", ".docx"): a named file.
FILE_EXTENSION = re.compile(r"\.\w{2,4}$")


def item_of(element: Tag) -> Tag | None:
    """The list item or table row a link sits in (at most three levels up), or None.

    An item is a list's item or a table's row, an element in the role of one (a
    framework's ``div role=listitem``), or a card: a block of one link among siblings
    of its own kind and class ("<div class=document>" title, size, "Descargar").
    """
    for depth, parent in enumerate(element.parents):
        if depth > 2 or not isinstance(parent, Tag):
            return None
        if parent.name in ITEM_PARENTS or parent.get("role") in _ITEM_ROLES:
            return parent  # (an element in the role of one: a framework's list item)
        if _card(parent):
            return parent
    return None


def _card(block: Tag) -> bool:
    """Whether `block` is one of a row of cards.

    A card is a classed block holding one link's address, with a sibling block of its
    kind and class right before or after it.
    """
    if block.name not in _CARD_NAMES or not block.get("class"):
        return False
    kind = (block.name, tuple(block.get("class") or ()))
    if not any(
        isinstance(sibling, Tag) and (sibling.name, tuple(sibling.get("class") or ())) == kind
        for sibling in (block.find_previous_sibling(True), block.find_next_sibling(True))
    ):
        return False
    return len(link_addresses(block, 4)) == 1


def words_beyond(block: Tag, most: int) -> bool:
    """Whether `block`'s text outside its links has more than `most` words (a few read).

    A line of controls holds their labels and a word or two; a sentence that links a
    document, a form or a work it cites runs on beside the link.
    """
    words = 0
    for string in block.find_all(string=True, limit=200):
        if string.find_parent("a") is None:
            words += len(str(string).split())
            if words > most:
                return True
    return False


def link_addresses(block: Tag, limit: int) -> set[str]:
    """The addresses the first `limit` links of `block` lead to, as written.

    A mail address (to ask for another format), a script's action and a fragment of the
    page lead to no page or file.
    """
    return {
        href
        for a in block.find_all("a", href=True, limit=limit)
        if (href := str(a.get("href") or "").strip())
        and not href.startswith("#")
        and not _NOT_AN_ADDRESS.match(href)
    }


#: An address that is no page's nor file's.
_NOT_AN_ADDRESS = re.compile(r"(?:mailto|tel|javascript|data):", re.IGNORECASE)
#: Blocks a card is made of.
_CARD_NAMES = ("div", "article", "section")


#: ARIA roles of an item or a row: a site builder's list item is a ``div role=listitem``.
_ITEM_ROLES = ("listitem", "row")


def labelled_cell(row: Tag, link: Tag) -> Tag | None:
    """The table cell holding `link` in `row`, when it holds a label of its own too, or None.

    A repository's file table gives each file's row a cell with the file's label and its
    link ("本文" over "HumSocSci_Kiyo_72_1.pdf (2.4 MB)"), then cells about the file (its
    licence, "利用規約に従う", its actions): read up to that cell, the row's label is the
    file's, not its licence's words. A cell holding only its link (or links to the same
    file: a thumbnail over the file's name) is labelled by the row.
    """
    if row.name != "tr":
        return None
    cell = next((p for p in link.parents if p.name in ("td", "th")), None)
    if cell is None or cell.parent is not row:
        return None
    href = _href(link)
    own = any(
        isinstance(node, NavigableString)
        and type(node) is NavigableString
        and re.search(r"[^\W\d_]", node)
        and link not in node.parents
        # (nor in another link to the same file: a thumbnail's link over its name's link)
        and not _in_link_to(node, href, cell)
        for node in cell.descendants
    )
    return cell if own else None


def _in_link_to(node: NavigableString, href: str, within: Tag) -> bool:
    """Whether `node` sits in a link to `href` inside `within` (read up to it only)."""
    for parent in node.parents:
        if parent is within:
            return False
        if parent.name == "a" and _href(parent) == href:
            return True
    return False


def text_strings(tag: Tag) -> list[NavigableString]:
    """The strings of `tag`'s text, without its comments (Word's "<![if !supportLists]>")."""
    return [s for s in tag.find_all(string=True) if type(s) in (NavigableString, CData)]


def short_item_text(item: Tag, link: Tag | None = None, *, until: Tag | None = None) -> str:
    """`item`'s text with its spaces made single, if it has at most 12 words, else "".

    For `link`, the text of another link in the item to another address is left out:
    that text is the other link's own label ("[PDF icon] | English Abstract" labels
    the abstract's link, not the icon's). The item's other text and its length count
    as before (a row too long to be a label stays one, whoever reads it). With `until`
    (a row's cell, `labelled_cell`), the text ends with that cell's.
    """
    own = _href(link) if link is not None else None
    after = until.find_next_sibling(True) if until is not None else None
    words: list[str] = []
    kept: list[str] = []
    for node in item.descendants:  # the strings get_text(" ", strip=True) joins
        if after is not None and (node is after or after in node.parents):
            break
        if (
            not isinstance(node, NavigableString)
            or type(node) not in (NavigableString, CData)  # not a comment nor a script
            or not node.strip()
        ):
            continue
        piece = node.split()
        words.extend(piece)
        if len(words) > 12:
            return ""
        anchor = node.parent
        while anchor is not None and anchor is not item and anchor.name != "a":
            anchor = anchor.parent
        if own is not None and anchor is not None and anchor is not item:
            other = _href(anchor)
            if other and other != own:
                continue
        kept.extend(piece)
    return " ".join(kept)


def _href(anchor: Tag) -> str:
    """A link's address as written, without its fragment, or ""."""
    return str(anchor.get("href") or "").strip().split("#", 1)[0]
