"""Label vocabularies: the words by which a document says what it is (core).

Short multilingual phrases for notices (errata, retractions), supplements,
editorials, forms and guidelines, theses, versions (preprint, accepted
manuscript) and reference lists, folded to comparison keys; `kind_of_title` reads
the kind a title announces. They are only looked for where a label stands (the
title block, the line above it, the title page), never in the body: `_docfacts`
decides where that is.
"""

# Label vocabularies in many scripts, dashes and marks on purpose.
# ruff: noqa: RUF001
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from anyascii import anyascii

from politeharvest.quality._text import keys

__all__ = [
    "ADDRESSED_PHRASES",
    "AFTER_TITLE_PHRASES",
    "COMMENT_PHRASES",
    "COMPANION_PHRASES",
    "EDITORIAL_PHRASES",
    "FORM_PHRASES",
    "LETTER_PHRASES",
    "NOTICE_PHRASES",
    "OTHER_KINDS",
    "PEER_REVIEW_PHRASES",
    "POSTER_PHRASES",
    "RECORD_OF_WORK_PHRASES",
    "REFERENCE_PHRASES",
    "REVIEW_PHRASES",
    "SLIDES_PHRASES",
    "STUDY_DOCUMENT_PHRASES",
    "SUMMARY_PHRASES",
    "SUPPLEMENT_PHRASES",
    "TEACHERS_ONLY_PHRASES",
    "THESIS_PHRASES",
    "THESIS_SUMMARY_PHRASES",
    "VERSION_PHRASES",
    "Kind",
    "Version",
    "contains",
    "kind_of_title",
    "label_of_title",
    "label_stands",
    "starts_with",
]

Kind = Literal[
    "article",
    "compilation",
    "notice",
    "supplement",
    "editorial",
    "form",
    "thesis",
    "poster",
    "slides",
    "webpage",
    "review",
    "comment",
    "peer-review",
    "letter",
    "summary",
]
#: Kinds of document that are never an article record's file (a thesis may hold one).
OTHER_KINDS: frozenset[str] = frozenset(
    [
        "compilation",
        "notice",
        "supplement",
        "editorial",
        "form",
        "poster",
        "slides",
        "webpage",
        "review",
        "comment",
        "peer-review",
        "letter",
        "summary",
    ]
)
Version = Literal["preprint", "submitted", "accepted", "published"]
#: Where a label ends before the title it opens ("Erratum: ...", "Correction | ...",
#: "Extended abstract · HIC 2024"), tried from the start of the blanks before it only (from
#: each of a long run, quadratic).
_LABEL_SPLIT = re.compile(r"(?<!\s)\s*[:–—|/·•]\s*")


# Short multilingual label vocabularies, matched as whole folded phrases where a label stands.
_NOTICE = (
    "erratum|errata|corrigendum|corrigenda|correction|retraction|retracted|addendum|"
    "expression of concern|notice of retraction|retraction notice|publisher s note|"
    # a withdrawn preprint's or paper's notice ("Withdrawal Statement")
    "withdrawal statement|withdrawal notice|notice of withdrawal|statement of withdrawal|"
    "publisher correction|author correction|editorial expression of concern|"
    "berichtigung|korrektur|widerruf|rectificatif|retractation|fe de erratas|"
    "correccion|retractacion|correcao|retratacao|duzeltme|geri cekme|geri cekilme|"
    "rettifica|исправление|опровержение|ретракция|更正|勘误|撤稿|訂正|正誤表|撤回|정정|철회|"
    # the same notices in more of the languages journals publish in, one row per family
    "rectificatie|correctie|intrekking|terugtrekking|rattelse|tillbakadragande|rettelse|"
    "berigtigelse|tilbaketrekking|tilbagetraekning|korjaus|oikaisu|virheen korjaus|"
    "peruutus|peruutusilmoitus|parandus|tagasivotmine|labojums|atsaukums|pataisa|"
    "klaidu atitaisymas|sprostowanie|korekta|erraty|wycofanie|wycofanie artykulu|"
    "retrakcja|oprava|stazeni clanku|stiahnutie clanku|popravek|umik clanka|ispravak|"
    "ispravka|povlacenje clanka|исправка|повлачење|helyesbites|visszavonas|erata|"
    "corectie|retractare|поправка|оттегляне|виправлення|спростування|відкликання|"
    "διορθωση|παροραμα|αποσυρση|ανακληση|correzione|errata corrige|ritrattazione|"
    "correccio|retractacio|fe d errates|zuzenketa|retificacao|correctif|avis de retrait|"
    "zuruckziehung|richtigstellung|ralat|koreksi|pembetulan|pencabutan|penarikan|"
    "penarikan artikel|retraksi|dinh chinh|rut bai|تصحيح|استدراك|سحب البحث|سحب المقال|"
    "اصلاحیه|ابطال مقاله|תיקון|शुद्धिपत्र|更正声明|撤稿声明|勘误表|取り下げ|오류 정정|"
    # a standard's or a regulation's amendment (printed over the number it amends)
    "amendment|amendement|anderung|muudatus|modificacion|wijzigingsblad|изменение|zmiana"
)
_SUPPLEMENT = (
    "supplementary material|supplementary materials|supplementary information|"
    "supplementary data|supplemental material|supporting information|online resource|"
    "online appendix|web appendix|supplementary appendix|"
    "electronic supplementary material|supplementary file|supplement|appendix|"
    "erganzendes material|zusatzmaterial|anhang|materiel supplementaire|"
    "informations supplementaires|annexe|material suplementario|informacion suplementaria|"
    "anexo|material suplementar|apendice|ek materyal|ek dosya|ekler|"
    "дополнительные материалы|补充材料|附录|補足資料|付録|보충 자료"
)
_EDITORIAL = (
    "editorial|editor s note|editors note|from the editor|from the editors|foreword|preface|"
    "front matter|editorial board|guest editorial|masthead|vorwort|geleitwort|editorial note|"
    "avant propos|preface|prologo|presentacion|prefacio|apresentacao|editorden|editoryal|"
    "onsoz|sunus|от редакции|предисловие|编者按|卷首语|巻頭言|編集後記|권두언|발간사"
)
_FORM = (
    "author guidelines|guidelines for authors|instructions for authors|submission guidelines|"
    "guide for authors|author instructions|form|declaration|checklist|formular|formulaire|"
    "formulario|yazim kurallari|basvuru formu|richtlinien|hinweise fur autoren|"
    "normas para autores|normas de publicacao|consignes aux auteurs"
)
_THESIS = (
    "thesis|dissertation|doctoral thesis|phd thesis|master s thesis|masters thesis|"
    "doctor of philosophy|in partial fulfillment|in partial fulfilment|doktorarbeit|"
    "masterarbeit|zur erlangung|tese|dissertacao|tesis|memoire|yuksek lisans tezi|"
    "doktora tezi|tez|диссертация|дисертація|дисертация|дысертацыя|学位论文|博士論文|修士論文|"
    "학위논문"
)
#: A review of a book, by its label (a review *article* is an article: "review of" is not here).
_REVIEW = (
    "book review|book reviews|review essay|rezension|buchbesprechung|compte rendu|"
    "comptes rendus|resena|resenha|recensione|kitap incelemesi|kitap tanitimi|"
    "рецензия|書評|书评|서평"
)
#: A comment on or a reply to another paper, by its label: phrases that open no other title
#: ("response to" opens many an article's: "Response to nitrogen in wheat"; "Reply" none).
_COMMENT = (
    "comment on|comments on|commentary on|reply to|rejoinder|kommentar zu|erwiderung auf|"
    "commentaire sur|reponse a|comentario sobre|comentario a|respuesta a|resposta a|"
    "комментарий к|ответ на|reply|authors reply|author s reply|replik"
)
#: A comment, a reply or a discussion by the one word that follows the title it is about
#: ("<title>: comment", "<title> — Discussion", "<title>: réponse"); after a title, these
#: words name no other thing.
_AFTER_TITLE = (
    "comment|comments|commentary|discussion|closure|reply|response|rejoinder|kommentar|"
    "diskussion|erwiderung|replik|commentaire|reponse|comentario|comentarios|respuesta|"
    "resposta|replica|commento|risposta|discussione|yorum|yanit|tanggapan|komentar|"
    "komentarz|odpowiedz|reactie|kommentaari|vastine|комментарий|ответ|обсуждение|"
    "评论|回复|コメント|討論|回答|논평|답변"
)
#: A referee's report on a manuscript, or the authors' response to the referees.
_PEER_REVIEW = (
    "referee report|referee s report|reviewer report|reviewer s report|review report|"
    "peer review report|report on the manuscript|response to reviewers|response to the reviewers|"
    # the file a journal publishes of a paper's open review ("Peer Review File")
    "peer review file|peer review history|review history|transparent peer review|"
    # a reviewed preprint's published assessment and its authors' answer to it, each a
    # document of its own beside the paper ("Editors' assessment", "Author response")
    "editors assessment|editor s assessment|editorial assessment|public review|public reviews|"
    "author response|authors response|author s response|"
    "responses to reviewers|reply to reviewers|reply to the reviewers|rebuttal letter|"
    "response to referees|reply to referees|gutachten|antwort an die gutachter|"
    "rapport d evaluation|reponse aux evaluateurs|informe de evaluacion|parecer do revisor|"
    "hakem raporu|hakem degerlendirme formu|hakemlere yanit|отзыв рецензента|"
    "査読報告|审稿意见|심사 의견|"
    # a review platform's exported review of a preprint ("Review by <name>, 12 Jun 2023")
    "review by"
)
#: A letter that goes with a submission (a published letter to the editor is an article).
_LETTER = "cover letter|covering letter|submission letter|letter of submission|anschreiben"
#: A document addressed to the work's authors about the work (an acceptance letter or
#: notice, an editor's decision, a certificate of acceptance or publication, an award), by
#: its label; read only where a document's own label stands, never in a record's title.
_ADDRESSED = (
    "acceptance letter|letter of acceptance|acceptance notice|notice of acceptance|"
    "notification of acceptance|acceptance certificate|certificate of acceptance|"
    "certificate of publication|publication certificate|certificate of appreciation|"
    "certificate of excellence|certificate of presentation|certificate of participation|"
    "certificate|decision letter|decision on manuscript|decision on your manuscript|"
    "editorial decision|letter of invitation|invitation letter|award certificate|"
    "annahmebestatigung|annahmeschreiben|urkunde|bescheinigung|zertifikat|"
    "publikationsbescheinigung|lettre d acceptation|avis d acceptation|"
    "attestation de publication|attestation d acceptation|certificat|"
    "certificat de publication|decision editoriale|carta de aceptacion|constancia|"
    "constancia de aceptacion|constancia de publicacion|certificado|"
    "certificado de publicacion|certificado de aceptacion|dictamen|dictamen favorable|"
    "decision editorial|carta de aceite|carta de aceitacao|declaracao de aceite|"
    "declaracao de publicacao|lettera di accettazione|attestato|"
    "attestato di pubblicazione|certificato|decisione editoriale|acceptatiebrief|"
    "certificaat|oorkonde|zaswiadczenie|certyfikat|potwierdzenie przyjecia|"
    "potvrzeni o prijeti|osvedceni|certifikat|potvrdenie o prijati|osvedcenie|igazolas|"
    "elfogadasi level|tanusitvany|oklevel|scrisoare de acceptare|adeverinta|kabul yazisi|"
    "kabul mektubu|kabul belgesi|yayin kabul belgesi|yayin kabul yazisi|sertifika|"
    "katilim belgesi|tesekkur belgesi|odul belgesi|справка|справка о публикации|"
    "справка о принятии|сертификат|свидетельство|грамота|благодарственное письмо|"
    "письмо о принятии|уведомление о принятии|довідка|сертифікат|свідоцтво|"
    "удостоверение|потврда|potvrda|potvrda o prihvacanju|βεβαιωση|πιστοποιητικο|"
    "επιστολη αποδοχης|surat keterangan|surat penerimaan|surat pernyataan|sertifikat|"
    "piagam|piagam penghargaan|sijil|giay chung nhan|thu chap nhan|giay xac nhan|"
    "خطاب قبول|رسالة قبول|شهادة|إفادة|قبول نشر|گواهی|گواهی پذیرش|نامه پذیرش|אישור|"
    "תעודה|प्रमाण पत्र|स्वीकृति पत्र|录用通知|录用通知书|用稿通知|录用证明|证书|荣誉证书|"
    "获奖证书|採択通知|採録通知|採録決定通知|証明書|掲載証明書|賞状|表彰状|게재 확정 통지|"
    "게재 확정서|게재 예정 증명서|증명서|상장|심사 결과 통보"
)
#: A thesis's summary printed on its own, by the label its title page carries anywhere (a
#: title page sets its kind below the title): the summary of a dissertation in the languages
#: whose universities print one (an autoreferat, a "santrauka", "tézisek").
#: The caption of a title's own field ("Title:", "Título:", "Название:", a manuscript's
#: title page or a form listing its fields): the word for "title" alone, or a title's kind
#: of it ("Article title", "Full title"), never another document's label.
_TITLE_CAPTION = (
    "title|full title|article title|paper title|manuscript title|title of the article|"
    "title of the paper|title of the manuscript|titel|titre|titulo|titolo|titol|tytul|"
    "nazev|nazov|naslov|cim|otsikko|pealkiri|pavadinimas|nosaukums|baslik|makale basligi|"
    "judul|tieu de|название|назва|наслов|заглавие|τιτλος|عنوان|כותרת|题目|題目|标题|"
    "標題|題名|제목"
)
_THESIS_SUMMARY = (
    "autoreferat|автореферат|summary of the doctoral dissertation|summary of doctoral dissertation|"
    "summary of the dissertation|summary of the thesis|dissertation summary|thesis summary|"
    "disertacijos santrauka|daktaro disertacijos santrauka|promocijas darba kopsavilkums|"
    "doktoritoo kokkuvote|autoreferat disertace|teze disertace|autoreferat dizertacnej prace|"
    "rezumatul tezei de doctorat|rezumat teza de doctorat|doktori ertekezes tezisei|tezisfuzet|"
    "theses of the doctoral dissertation|theses of the doctoral phd dissertation|"
    "theses of the phd dissertation|theses of the dissertation|"
    "sazetak doktorske disertacije|povzetek doktorske disertacije|автореферат на дисертация|"
    "автореферат дисертації|zusammenfassung der dissertation|resume de la these|"
    "resumen de la tesis|resumo da tese|sintesi della tesi|vaitoskirjan tiivistelma|"
    "sammanfattning av avhandlingen|doktora tezi ozeti|tez ozeti|博士论文摘要|学位论文摘要|"
    "博士論文要旨|論文要旨|학위논문 요약|tóm tắt luận văn|tóm tắt luận án|"
    # (Georgian's and Armenian's names of it: "avtoreperati", "seghmagir")
    "ავტორეფერატი|სადისერტაციო ნაშრომის ავტორეფერატი|սեղմագիր|ատենախոսության սեղմագիր"
)
#: A record of the work kept by others (a similarity check's report, a licence or
#: copyright agreement filled in for it), by its label; read where a label stands only.
_RECORD_OF_WORK = (
    "similarity report|similarity check report|originality report|plagiarism report|"
    "plagiarism check|similarity index report|licence to publish|license to publish|"
    "exclusive licence to publish|copyright transfer|copyright transfer agreement|"
    "copyright transfer form|copyright assignment|copyright agreement|publishing agreement|"
    "publication agreement|author agreement|author publishing agreement|consent to publish|"
    "licence agreement|license agreement|plagiatsbericht|plagiatsprufung|"
    "ahnlichkeitsbericht|verlagsvertrag|autorenvertrag|urheberrechtsvereinbarung|"
    "rapport de similitude|rapport d originalite|rapport anti plagiat|contrat d edition|"
    "cession de droits|cession des droits d auteur|accord de publication|"
    "informe de similitud|informe de originalidad|informe antiplagio|cesion de derechos|"
    "carta de cesion de derechos|acuerdo de publicacion|licencia de publicacion|"
    "transferencia de derechos|relatorio de similaridade|relatorio de originalidade|"
    "termo de cessao de direitos autorais|cessao de direitos|termo de cessao|"
    "acordo de publicacao|rapporto di similarita|cessione dei diritti|"
    "contratto di edizione|benzerlik raporu|intihal raporu|orijinallik raporu|"
    "telif hakki devir formu|telif hakki devir sozlesmesi|telif devir formu|"
    "yayin haklari devir formu|отчет о проверке на заимствования|справка о заимствованиях|"
    "антиплагиат|лицензионный договор|авторский договор|договор о передаче прав|"
    "raport podobienstwa|umowa licencyjna|umowa wydawnicza|przeniesienie praw autorskich|"
    "laporan similaritas|cek plagiasi|hasil cek plagiasi|pengalihan hak cipta|"
    "formulir pengalihan hak cipta|查重报告|检测报告|文献复制检测报告|版权转让协议|"
    "著作权授权书|版权协议|類似度レポート|著作権譲渡書|著作権譲渡同意書|著作権委譲書|"
    "표절 검사 결과|유사도 검사 결과|저작권 양도 동의서|저작권 이양 동의서|تقرير الاستلال|"
    "تقرير التشابه|اتفاقية نقل حقوق النشر|گزارش همانندجویی|فرم انتقال حق نشر"
)
#: A summary of a longer work published on its own: an extended abstract, an executive
#: summary, a thesis's summary (an autoreferat). Only compound labels: "Abstract" and
#: "Summary" alone head a section of every article.
_SUMMARY = (
    "extended abstract|expanded abstract|long abstract|executive summary|thesis summary|"
    "summary of the thesis|summary of the dissertation|summary of doctoral thesis|"
    "summary of the doctoral thesis|abstract of the thesis|abstract of the dissertation|"
    "doctoral thesis summary|phd thesis summary|dissertation summary|plain language summary|"
    "lay summary|graphical abstract|visual abstract|policy brief|summary for policymakers|"
    # a report's summary published apart under the report's title ("Summary Report")
    "summary report|informe resumen|"
    # a guideline's summary sheet, published beside it under its title
    "quick reference guide|summary of recommendations|fiche memo|fiche de synthese|"
    "autoreferat|erweiterte zusammenfassung|erweiterter abstract|kurzfassung der dissertation|"
    "resume etendu|resume long|resumen extendido|resumen ampliado|"
    "resumen ejecutivo|resumo expandido|resumo estendido|resumo executivo|"
    "riassunto esteso|abstract esteso|prosireni sazetak|ringkasan eksekutif|"
    "genisletilmis ozet|yonetici ozeti|tez ozeti|"
    "автореферат|автореферат диссертации|расширенная аннотация|"
    "εκτεταμενη περιληψη|扩展摘要|详细摘要|論文要旨|拡張要旨|확장 초록|چکیده گسترده|چکیده مبسوط|"
    # a page of a book of abstracts, a highlights sheet, a digest or a press release
    "book of abstracts|abstract book|abstracts book|bildiri ozetleri kitabi|ozet kitabi|"
    "livre des resumes|recueil des resumes|libro de resumenes|livro de resumos|"
    "caderno de resumos|libro degli abstract|ksiega abstraktow|сборник тезисов|"
    "тезисы докладов|摘要集|论文摘要集|要旨集|講演要旨集|초록집|"
    "research digest|press release|media release|news release|"
    "pressemitteilung|communique de presse|nota de prensa|comunicado de prensa|"
    "comunicato stampa|basin bulteni|пресс релиз|新闻稿|プレスリリース|보도자료|siaran pers|"
    "persbericht|pressmeddelande|lehdistotiedote|"
    # a press kit about a report, and its highlights or key messages printed apart under its
    # title ("Encarte de destaques", the highlights insert)
    "press kit|media kit|press pack|dossier de presse|dossier de prensa|pressemappe|"
    "cartella stampa|kit de imprensa|persmap|пресс кит|"
    "highlights|report highlights|key messages|key findings|encarte de destaques|destaques|"
    "faits saillants|principaux messages|mensajes clave|principales mensajes|"
    "messaggi chiave|kernboodschappen|kernbotschaften|ключевые выводы|"
    # a guideline's quick reference or pocket card, published beside it
    "quick reference|quick reference guide|quick reference card|pocket guide|pocket card|"
    "kurzreferenz|kitteltaschenkarte|guide de reference rapide|guia rapida|"
    "guia de referencia rapida|guida rapida|snelle referentie|краткий справочник|"
    "快速参考|クイックリファレンス|빠른 참조|"
    # a guideline's recommendations summed up apart from it ("Versión resumida")
    "summary of recommendations|resumen de recomendaciones|resumo das recomendacoes|"
    "synthese des recommandations|sintesi delle raccomandazioni|version resumida|"
    "versao resumida|version abregee|versione sintetica|kurzversion der leitlinie|"
    "краткая версия|简要版|요약본"
)
#: A poster or slides by their label, for those that do not have a poster's or slides' shape
#: (an A4 poster abstract, slides printed on portrait pages).
_POSTER = (
    "poster|poster abstract|poster presentation|conference poster|scientific poster|"
    "affiche|poster cientifico|постер|ポスター|海报|포스터"
)
_SLIDES = (
    "slides|presentation slides|lecture slides|slide deck|vortragsfolien|folien|diapositives|"
    "diapositivas|слайды|スライド|幻灯片"
)
_VERSION = {
    "preprint": "preprint|pre print|not peer reviewed|not yet peer reviewed|arxiv|biorxiv|medrxiv",
    "submitted": "submitted manuscript|submitted to|manuscript submitted|under review",
    "accepted": (
        "accepted manuscript|author accepted manuscript|author s accepted manuscript|postprint|"
        "post print|author manuscript|accepted for publication|peer reviewed version|"
        "accepted version|final draft"
    ),
}
_REFERENCES = (
    "references|bibliography|literature cited|works cited|literatur|literaturverzeichnis|"
    "references bibliographiques|bibliographie|referencias|referencias bibliograficas|"
    "kaynaklar|kaynakca|список литературы|литература|βιβλιογραφια|αναφορες|参考文献|참고문헌"
)


#: Another document of a study than its article, by the label it stands under: its
#: registration, its protocol or analysis plan (written before the results), a patent of its
#: invention, a teaching handout. Only compound labels ("protocol" alone names journals).
#: Kept where the title zone's structure cannot tell (measured on the identity corpora: a
#: preregistration and a Stage 1 report under the article's title and authors, their labels
#: in small print as an article's "Research article" is, and a DOI of their own); a larger
#: label over the title, a numbered one, words in front of it and a cited DOI are told by
#: structure in `_identity`, in any language.
_STUDY_DOCUMENT = (
    "preregistration|pre registration|preregistration form|registered protocol|"
    "stage 1 registered report|registered report stage 1|stage 1 manuscript|"
    "stage 1 protocol|in principle acceptance|study protocol|trial protocol|"
    "statistical analysis plan|pre analysis plan|analysis plan|"
    "patent application publication|patent application|patent specification|"
    "offenlegungsschrift|patentschrift|demande de brevet|lecture handout|handout|"
    "course handout|"
    # its ethics committee's approval, and its registration, in more languages
    "ethics approval|ethical approval|ethics committee approval|ethics approval letter|"
    "irb approval|institutional review board approval|ethikvotum|votum der ethikkommission|"
    "avis du comite d ethique|dictamen del comite de etica|aprobacion del comite de etica|"
    "parecer do comite de etica|parecer consubstanciado|etik kurul onayi|etik kurul karari|"
    "etik kurul izni|заключение этического комитета|zgoda komisji bioetycznej|"
    "uchwala komisji bioetycznej|etisk godkannande|伦理审查批件|伦理委员会批件|"
    "倫理審査承認通知書|倫理審査結果通知書|연구윤리 승인|praregistrierung|vorregistrierung|"
    "preenregistrement|prerregistro|preregistro|pre registro|preregistrazione|"
    "preregistratie|prerejestracja|предрегистрация|预注册|事前登録|사전등록"
)
#: A companion of a work published under its title for those who teach it: a case's
#: teaching note, an instructor's manual, a solutions key, and the line that keeps it to
#: them. Read over the title of any record (a case is no article).
_COMPANION = (
    "teaching note|teaching notes|instructor s manual|instructors manual|instructor manual|"
    "instructor s guide|instructor guide|solutions manual|answer key|nota de ensino|"
    "notas de ensino|nota de ensenanza|notas de ensenanza|nota pedagogica|notas pedagogicas|"
    "note pedagogique|notes pedagogiques|nota didattica|lehrnotiz|lehrerhandreichung|"
    "nota dydaktyczna|методические указания к кейсу|教学笔记|教学说明|ティーチングノート|"
    "티칭 노트"
)
#: The line that keeps a document to those who teach: the document's own audience, wherever
#: it stands over the title or in the running foot, in a sentence too ("Este material é de
#: uso exclusivo do professor ..."): never a mention of another document.
_TEACHERS_ONLY = (
    "for instructor use only|instructor use only|for instructors only|for teachers only|"
    "uso exclusivo do professor|uso exclusivo del profesor|uso exclusivo del docente|"
    "reserve aux enseignants|nur fur lehrende|solo per uso del docente|"
    "wylacznie dla prowadzacych|только для преподавателей"
)


def _phrases(vocabulary: str) -> tuple[tuple[str, ...], ...]:
    """Label phrases as tuples of comparison keys, longest first.

    A phrase of an alphabet other than Latin (Cyrillic, Greek) is kept in its Latin
    transliteration too (anyascii): a record that transliterates its title ("... :
    avtoreferat dys. ...") writes the label so.
    """
    groups = vocabulary.split("|")
    phrases = {tuple(keys(group)) for group in groups}
    phrases |= {tuple(keys(_latin(group))) for group in groups if _TRANSLITERATED.search(group)}
    return tuple(sorted((p for p in phrases if p), key=len, reverse=True))


#: Alphabets whose labels a record may write in Latin letters: Cyrillic, Greek.
_TRANSLITERATED = re.compile("[\u0370-\u03ff\u0400-\u04ff]")


def _latin(text: str) -> str:
    return str(anyascii(text))


NOTICE_PHRASES = _phrases(_NOTICE)
SUPPLEMENT_PHRASES = _phrases(_SUPPLEMENT)
EDITORIAL_PHRASES = _phrases(_EDITORIAL)
FORM_PHRASES = _phrases(_FORM)
THESIS_PHRASES = _phrases(_THESIS)
VERSION_PHRASES = {k: _phrases(v) for k, v in _VERSION.items()}
REFERENCE_PHRASES = _phrases(_REFERENCES)
REVIEW_PHRASES = _phrases(_REVIEW)
COMMENT_PHRASES = _phrases(_COMMENT)
PEER_REVIEW_PHRASES = _phrases(_PEER_REVIEW)
LETTER_PHRASES = _phrases(_LETTER)
SUMMARY_PHRASES = _phrases(_SUMMARY)
POSTER_PHRASES = _phrases(_POSTER)
SLIDES_PHRASES = _phrases(_SLIDES)
STUDY_DOCUMENT_PHRASES = _phrases(_STUDY_DOCUMENT)
COMPANION_PHRASES = _phrases(_COMPANION)
TEACHERS_ONLY_PHRASES = _phrases(_TEACHERS_ONLY)
ADDRESSED_PHRASES = _phrases(_ADDRESSED)
RECORD_OF_WORK_PHRASES = _phrases(_RECORD_OF_WORK)
THESIS_SUMMARY_PHRASES = _phrases(_THESIS_SUMMARY)
TITLE_CAPTION_PHRASES = _phrases(_TITLE_CAPTION)
AFTER_TITLE_PHRASES = _phrases(_AFTER_TITLE)


def starts_with(words: Sequence[str], phrases: Iterable[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The first of `phrases` that `words` open with, or None."""
    for phrase in phrases:
        if tuple(words[: len(phrase)]) == phrase:
            return phrase
    return None


def contains(words: Sequence[str], phrases: Iterable[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The first of `phrases` found anywhere in `words`, or None."""
    for phrase in phrases:
        n = len(phrase)
        for i in range(len(words) - n + 1):
            if tuple(words[i : i + n]) == phrase:
                return phrase
    return None


def kind_of_title(title: str) -> Kind | None:
    """The kind a record's title announces ("Erratum: ...", "Supplementary material"), or None.

    Or a summary's word of its own closing it after a colon or a dash ("S3-Leitlinie …:
    Kurzfassung"): the record is of that summary.
    """
    found = label_of_title(title)
    if found is not None:
        return found[0]
    parts = _TITLE_PARTS.split(title.strip().rstrip(" ./"))
    last = keys(parts[-1]) if len(parts) > 1 else ()
    return "summary" if len(last) == 1 and last[0] in SUMMARY_WORDS else None


#: Where a title's parts meet: a colon, or a dash between spaces.
_TITLE_PARTS = re.compile(r"\s*:\s*|\s[-\u2013\u2014]\s")


def label_of_title(title: str) -> tuple[Kind, tuple[str, ...]] | None:
    """The kind a title's opening label announces, and the label's words, or None.

    "Author Correction: Microplastic retention in ..." is a notice, labelled
    ``("author", "correction")``: the words after the label name the work it is about.
    """
    words = keys(title)
    for kind, phrases in (
        ("notice", NOTICE_PHRASES),
        ("supplement", SUPPLEMENT_PHRASES),
        ("editorial", EDITORIAL_PHRASES),
        ("review", REVIEW_PHRASES),
        ("peer-review", PEER_REVIEW_PHRASES),
        ("comment", COMMENT_PHRASES),
        ("letter", LETTER_PHRASES),
        ("summary", SUMMARY_PHRASES),
        # the labels the identity check reads in a title block: a record titled
        # "Checklist for reporting ..." announces the form its file is
        ("form", FORM_PHRASES),
        ("poster", POSTER_PHRASES),
        ("slides", SLIDES_PHRASES),
    ):
        phrase = starts_with(words, phrases)
        if phrase is not None and (
            label_stands(words, phrase, title)
            or kind in ("review", "peer-review", "comment", "letter")
        ):
            return kind, phrase  # type: ignore[return-value]
    if tuple(words[:2]) == _REVIEW_OF and label_stands(words, _REVIEW_OF, title):
        # "Review of: <book>, by <author>": a review of a book, by a label standing before a
        # colon ("Review of recent advances in ..." opens a review article's title)
        return "review", _REVIEW_OF
    return None


#: "Review of" standing as a label ("Review of: ...").
_REVIEW_OF = ("review", "of")


#: Words that may follow a label before its colon ("Retracted article:", "Retraction note:").
_LABEL_NOUNS = frozenset(
    ["article", "paper", "note", "notice", "statement", "to", "for", "of", "the", "an", "a"]
)


def label_stands(words: Sequence[str], phrase: tuple[str, ...], raw: str = "") -> bool:
    """A label that opens a title stands alone or introduces it ("Erratum to", "Correction:")."""
    rest = words[len(phrase) :]
    if not rest:
        return True
    numbered = _numbered(rest)
    if numbered < len(rest) and numbered and rest[numbered] in _LABEL_TO:
        return True  # a numbered label: "Amendment No. 1 to EN 1995", "Изменение № 1 к ..."
    head = _LABEL_SPLIT.split(raw, maxsplit=1)
    if len(head) == 2:
        before = keys(head[0])
        extra = before[len(phrase) :]
        if tuple(before[: len(phrase)]) == phrase and all(w in _LABEL_NOUNS for w in extra):
            return True  # "Erratum: ...", "Retracted article: ...", "Correction notice: ..."
    return rest[0] in ("to", "for", "notice", "note", "zu", "au", "al", "a")


#: What a label's number is introduced by ("No. 1", "Nr. 2", "№ 1" read as "no").
_NUMBER_SIGNS = frozenset(["no", "nr", "n", "num", "nro", "nos"])
#: "To" after a numbered label, in the languages standards and notices are issued in
#: ("Amendment No. 1 to", "Änderung 1 zu", "Изменение № 1 к", "Zmiana nr 1 do").
_LABEL_TO = frozenset(
    ["to", "zu", "zur", "zum", "a", "au", "al", "к", "до", "do", "bij", "op", "til", "till"]
)


def _numbered(rest: Sequence[str]) -> int:
    """How many of a label's following words are its number ("no", "1"): 0 when none."""
    at = 1 if rest and rest[0] in _NUMBER_SIGNS else 0
    if at < len(rest) and rest[at].isdigit():
        return at + 1
    return 0


#: A summary's label of one word, in the languages of the labels read here: it also heads
#: an article's section, so it names a document a summary only standing alone next to its
#: title (`_docfacts._label_kind`) or on its own title page (`_identity._opens_report`).
SUMMARY_WORDS = frozenset(
    keys(word)[0]
    for word in [
        "Summary",
        "Kurzfassung",
        "Zusammenfassung",
        "Kurzversion",
        "Résumé",
        "Resumen",
        "Resumo",
        "Riassunto",
        "Samenvatting",
        "Sammanfattning",
        "Sammendrag",
        "Resumé",
        "Tiivistelmä",
        "Streszczenie",
        "Shrnutí",
        "Zhrnutie",
        "Összefoglaló",
        "Özet",
        "Резюме",
        "Περίληψη",
    ]
)
