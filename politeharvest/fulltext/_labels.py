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

from politeharvest.quality._text import keys

__all__ = [
    "COMMENT_PHRASES",
    "EDITORIAL_PHRASES",
    "FORM_PHRASES",
    "LETTER_PHRASES",
    "NOTICE_PHRASES",
    "OTHER_KINDS",
    "PEER_REVIEW_PHRASES",
    "POSTER_PHRASES",
    "REFERENCE_PHRASES",
    "REVIEW_PHRASES",
    "SLIDES_PHRASES",
    "STUDY_DOCUMENT_PHRASES",
    "SUMMARY_PHRASES",
    "SUPPLEMENT_PHRASES",
    "THESIS_PHRASES",
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
    "publisher correction|author correction|editorial expression of concern|"
    "berichtigung|korrektur|widerruf|rectificatif|retractation|fe de erratas|"
    "correccion|retractacion|correcao|retratacao|duzeltme|geri cekme|geri cekilme|"
    "rettifica|исправление|опровержение|ретракция|更正|勘误|撤稿|訂正|正誤表|撤回|정정|철회"
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
    "doktora tezi|tez|диссертация|学位论文|博士論文|修士論文|학위논문"
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
#: A referee's report on a manuscript, or the authors' response to the referees.
_PEER_REVIEW = (
    "referee report|referee s report|reviewer report|reviewer s report|review report|"
    "peer review report|report on the manuscript|response to reviewers|response to the reviewers|"
    "responses to reviewers|reply to reviewers|reply to the reviewers|rebuttal letter|"
    "response to referees|reply to referees|gutachten|antwort an die gutachter|"
    "rapport d evaluation|reponse aux evaluateurs|informe de evaluacion|parecer do revisor|"
    "hakem raporu|hakem degerlendirme formu|hakemlere yanit|отзыв рецензента|"
    "査読報告|审稿意见|심사 의견"
)
#: A letter that goes with a submission (a published letter to the editor is an article).
_LETTER = "cover letter|covering letter|submission letter|letter of submission|anschreiben"
#: A summary of a longer work published on its own: an extended abstract, an executive
#: summary, a thesis's summary (an autoreferat). Only compound labels: "Abstract" and
#: "Summary" alone head a section of every article.
_SUMMARY = (
    "extended abstract|expanded abstract|long abstract|executive summary|thesis summary|"
    "summary of the thesis|summary of the dissertation|summary of doctoral thesis|"
    "summary of the doctoral thesis|abstract of the thesis|abstract of the dissertation|"
    "doctoral thesis summary|phd thesis summary|dissertation summary|plain language summary|"
    "lay summary|graphical abstract|visual abstract|policy brief|summary for policymakers|"
    "autoreferat|erweiterte zusammenfassung|erweiterter abstract|kurzfassung der dissertation|"
    "resume etendu|resume long|resumen extendido|resumen ampliado|"
    "resumen ejecutivo|resumo expandido|resumo estendido|resumo executivo|"
    "riassunto esteso|abstract esteso|prosireni sazetak|ringkasan eksekutif|"
    "genisletilmis ozet|yonetici ozeti|tez ozeti|"
    "автореферат|автореферат диссертации|расширенная аннотация|"
    "εκτεταμενη περιληψη|扩展摘要|详细摘要|論文要旨|拡張要旨|확장 초록|چکیده گسترده|چکیده مبسوط"
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
    "course handout"
)


def _phrases(vocabulary: str) -> tuple[tuple[str, ...], ...]:
    """Label phrases as tuples of comparison keys, longest first."""
    phrases = {tuple(keys(group)) for group in vocabulary.split("|")}
    return tuple(sorted((p for p in phrases if p), key=len, reverse=True))


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
    """The kind a record's title announces ("Erratum: ...", "Supplementary material"), or None."""
    found = label_of_title(title)
    return found[0] if found is not None else None


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
    return None


#: Words that may follow a label before its colon ("Retracted article:", "Retraction note:").
_LABEL_NOUNS = frozenset(
    ["article", "paper", "note", "notice", "statement", "to", "for", "of", "the", "an", "a"]
)


def label_stands(words: Sequence[str], phrase: tuple[str, ...], raw: str = "") -> bool:
    """A label that opens a title stands alone or introduces it ("Erratum to", "Correction:")."""
    rest = words[len(phrase) :]
    if not rest:
        return True
    head = _LABEL_SPLIT.split(raw, maxsplit=1)
    if len(head) == 2:
        before = keys(head[0])
        extra = before[len(phrase) :]
        if tuple(before[: len(phrase)]) == phrase and all(w in _LABEL_NOUNS for w in extra):
            return True  # "Erratum: ...", "Retracted article: ...", "Correction notice: ..."
    return rest[0] in ("to", "for", "notice", "note", "zu", "au", "al", "a")
