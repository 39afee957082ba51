"""What a landing page says about its own article: titles, DOI, identifiers, authors (core).

`page_facts` reads them from the page's meta tags, headings and address;
`PageFacts` answers the ownership questions the evidence asks (is this text the
article's title, does this address carry the article's identifier or another DOI,
is this file name the article's).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import attrs
from bs4 import BeautifulSoup, Tag

from politeharvest.quality._text import DOI_IN_URL as _DOI_IN
from politeharvest.quality._text import STOP

from ._addresses import absolute, same_address
from ._words import (
    BAD_TEXT,
    BAD_TEXT_UNACCENTED,
    BUTTON_WORDS,
    CJK_LETTER,
    FULL_TEXT_WORD,
    WHOLE_WORDS,
    button_text,
    lettered_words,
    says_full,
    similar_words,
    without_accents,
    words_of,
)

__all__ = [
    "LD_WORK_TYPES",
    "PageFacts",
    "ld_nodes",
    "page_facts",
]


def _own_title_words(titles: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The words of the page's titles, less a site's name after one of them.

    A title that is another title and more words after it ("<title> - Revista do IHGP" beside
    "<title>") carries the site's name: those words are no word of the article's title, and
    a file named by them ("Revista_IHGP_v29_2023_completa.pdf", the whole issue) is not
    named by the title.
    """
    out: set[str] = set()
    for words in titles:
        shorter = [len(o) for o in titles if 0 < len(o) < len(words) and words[: len(o)] == o]
        out.update(words[: max(shorter)] if shorter else words)
    return frozenset(out)


@attrs.frozen
class PageFacts:
    """What a landing page says about its own article (for ownership evidence).

    Attributes:
        url: the page's address.
        titles: the article's titles (``citation_title``, ``dc.title``, ``og:title``, ``h1``).
        doi: the article's DOI, lower case, if the page gives one.
        ids: tokens of the page's address that name the article (a numeric id, a slug,
            the DOI's suffix), lower case.
        surnames: the authors' family names (``citation_author``, ``dc.creator``), folded.
        book: the page's metadata says its record is a whole book (`_whole_book`), so the
            whole volume's file is the record's own, not another document.
        numbers: the record's numbers of three digits or more (not years): its report's
            number (``citation_technical_report_number``), those the page's summary
            (``description``) and its ids and titles carry ("Science for Conservation 340",
            ``sfc340``).
        conference: the page's metadata says its record is a conference contribution
            (``citation_conference_title``, a type naming a conference): its abstract
            may be the record itself.
    """

    url: str
    titles: tuple[str, ...] = ()
    doi: str | None = None
    ids: tuple[str, ...] = ()
    surnames: tuple[str, ...] = ()
    book: bool = False
    numbers: tuple[str, ...] = ()
    conference: bool = False
    # Each title's words, read once: every link of the page asks (a page of thousands of
    # links and titles took minutes when each question read the titles again).
    _title_words: tuple[frozenset[str], ...] = attrs.field(
        init=False,
        repr=False,
        eq=False,
        default=attrs.Factory(
            lambda self: tuple(frozenset(words_of(t)) for t in self.titles), takes_self=True
        ),
    )
    _title_orders: tuple[tuple[str, ...], ...] = attrs.field(
        init=False,
        repr=False,
        eq=False,
        default=attrs.Factory(
            lambda self: tuple(tuple(words_of(t)) for t in self.titles), takes_self=True
        ),
    )
    _every_title_word: frozenset[str] = attrs.field(
        init=False,
        repr=False,
        eq=False,
        default=attrs.Factory(lambda self: _own_title_words(self._title_orders), takes_self=True),
    )
    # the numbers the titles hold ("2025", "3", "1"): a link's other numbers name another
    # edition (`is_title`)
    _title_numbers: frozenset[str] = attrs.field(
        init=False,
        repr=False,
        eq=False,
        default=attrs.Factory(
            lambda self: frozenset(w for w in self._every_title_word if w.isdigit()),
            takes_self=True,
        ),
    )

    def is_title(self, text: str) -> bool:
        """True when `text` is (close to) one of the article's titles.

        A title naming other numbers than the page's titles do is another edition's or
        volume's ("... First Nations people 2023" beside the record "... 2025", "...,
        version 4.0" beside "..., version 3.1"): not the article's.
        """
        ordered = words_of(text)
        words = set(ordered)
        if self._other_numbers(words, text):
            return False
        if not any(
            similar_words(words, title)
            and not self._other_short_title(ordered, title)
            and not self._other_head(ordered, order)
            for title, order in zip(self._title_words, self._title_orders, strict=True)
        ):
            return False
        return self._other_name(text) is None and not self.other_qualifier(text)

    def other_qualifier(self, text: str) -> bool:
        """True when `text` ends in a bracketed qualifier other than the titles' in its kind.

        "...調査研究(中間報告書)" (interim report) beside the record "...調査研究(最終報告書)"
        (final report), in full-width brackets, "... (Interim report)" beside "... (Final
        report)": the qualifiers open or end alike (the kind, "報告書", "report") and say
        another stage of it. A qualifier of another kind altogether ("(PDF)") says nothing
        of the document.
        """
        # (brackets left empty where a link's text was taken out)
        text = _EMPTY_BRACKETS.sub("", text).strip()
        mine = _QUALIFIER.search(text[-_QUALIFIER_CHARS:])
        if mine is None:
            return False
        ours = mine.group(1).strip().casefold()
        # (a page's title may go on after it: "...(最終報告書) | <the site's name>")
        others = [
            found.strip().casefold()
            for title in self.titles
            for found in _BRACKETED.findall(title[:_TITLE_CHARS])
        ]
        if ours in others:
            return False
        for other in others:
            # (letters, not paths: the common prefix of two strings is what is asked)
            end = len(os.path.commonprefix([ours[::-1], other[::-1]]))  # noqa: RUF071
            start = len(os.path.commonprefix([ours, other]))  # noqa: RUF071
            if end >= start:
                rest = (ours[: len(ours) - end], other[: len(other) - end])
            else:
                rest = (ours[start:], other[start:])
            if max(end, start) >= _QUALIFIER_ALIKE and all(
                any(c.isalpha() for c in r) for r in rest
            ):
                return True
        return False

    def _other_head(self, words: list[str], title: tuple[str, ...]) -> bool:
        """True when `words` open with a word of their own where the `title` opens with others.

        "Along the Silk Roads (PDF)" beside the record "Ceramics of the Silk Roads": the
        words they share follow another head, a word of the text's own (no button's, file's
        or version's word, no author's name) in place of the title's opening words, so it
        names another work on the same subject. Words before the whole title ("Catalogue:
        Ceramics of the Silk Roads") or a title's words left out ("Silk Roads") make none.
        """
        at = next((i for i, w in enumerate(words) if w in title), 0)
        head = [
            w
            for w in words[:at]
            if len(w) >= 3
            and w.isalpha()
            and w not in STOP
            and w not in BUTTON_WORDS | _GENERIC_FILE | _VERSION_WORDS
            and w not in self.surnames
        ]
        if not head:
            return False
        opening = title[: title.index(words[at])]
        return any(w not in STOP and not w.isdigit() and w not in words for w in opening)

    def _other_short_title(self, words: list[str], title: frozenset[str]) -> bool:
        """True when `words`, fewer than half the `title`'s, put a word of their own in its place.

        A short text holding a few of the title's words with one of its own between them is
        another document's short title ("Note du troisième trimestre 2023" beside the record
        "Note d'information sur ... au quatrième trimestre 2023"): a word in place of one of
        the title's. Words before or after the title's (a series' label, a bracketed "full
        report") make no other title; a button's words, a file's and a version's are no
        words of its own.
        """
        if 2 * len(set(words) & title) >= len(title):
            return False
        shared = [i for i, w in enumerate(words) if w in title]
        if len(shared) < 2:
            return False
        own = [
            i
            for i, w in enumerate(words)
            if w not in title
            and not w.isdigit()
            and w not in BUTTON_WORDS | _GENERIC_FILE | _VERSION_WORDS
        ]
        return bool(own) and all(shared[0] < i < shared[-1] for i in own)

    def _other_name(self, text: str) -> str | None:
        """A name in capitals in `text` that no title of the page has, or None.

        A word written in capitals after the text's first ("Estudio tarifario final de
        SEDACUSCO 2022-2027" beside the record "... de SEDAPAL S.A. ... 2022-2027") names
        another body or place: the same series' title for another of them. Not in a text
        written all in capitals, nor in brackets ("Working Paper Series (DEPR)"), nor a
        file's words ("PDF", "MB"), a button's, or an author's name ("Jean DUPONT").
        """
        if not self._every_title_word:
            return None
        bare = _BRACKETED.sub(" ", _SIZE_LABEL.sub(" ", text))
        tokens = _NAME_TOKEN.findall(bare)
        words = [t for t in tokens if len(t) >= 3]
        if 2 * sum(1 for t in words if t.isupper()) >= len(words):
            return None  # a text in capitals: no word of it stands out
        for token in tokens[1:]:
            if len(token) < 3 or not token.isupper() or token.lower() in _NOT_NAMES:
                continue
            folded = words_of(token)
            if (
                folded
                and self._every_title_word.isdisjoint(folded)
                and not set(folded) & set(self.surnames)
            ):
                return str(token)
        return None

    def _other_numbers(self, words: set[str], text: str) -> bool:
        """True when `text` (its `words`) names numbers, none of them the titles' numbers."""
        if self._title_numbers and any(w.isdigit() for w in words):
            # (a file's size or format is no number of the work's: "(PDF 2.4 MB)")
            numbers = {w for w in words_of(_SIZE_LABEL.sub(" ", text)) if w.isdigit()}
            return bool(numbers) and numbers.isdisjoint(self._title_numbers)
        return False

    def names_own(self, text: str) -> bool:
        """True when a link's `text` names this article: its title, or a label of its file.

        A label of the article's file names it by its authors, year, version and size only
        ("Okonkwo et al 2024 AAM", "Preprint (3146 KB)", "Accepted manuscript"): once those
        are set aside, no word of another title is left.
        """
        if self.is_title(text) or self.short_title(text) or self._titled_button(text):
            return True
        if self._quotes_title(text) or self._main_title_part(text):
            return True
        bare = self.unqualified(text)
        if bare is not None and bare != text and self._opening_words(bare):
            # the title's opening words and a bracketed qualifier ("Note d'information
            # (version française)" for "Note d'information sur la situation ..."): the
            # record's file in one of its versions, named short
            return True
        # (a bracketed qualifier that names the file's format describes the same file:
        # "Paper (proceedings, EPJ WoC format)", whatever the format's name)
        text = _FORMAT_QUALIFIER.sub(" ", text)
        rest = _SIZE_LABEL.sub(" ", text.lower())
        rest = _YEAR_ETAL.sub(" ", rest)
        words = re.findall(r"[^\W\d_]+", rest)
        if not words:
            return False
        own = set(self.surnames) | BUTTON_WORDS | _GENERIC_FILE | _VERSION_WORDS
        if self.book:
            # the record is a whole book: "Complete book (PDF)" labels its own file, as
            # "Full text" would (on a chapter's page it names another object, the book)
            own |= WHOLE_WORDS | _BOOK_WORDS
        return all(w in own for w in words)

    def unqualified(self, text: str) -> str | None:
        """`text` without its bracketed qualifiers, or None when one says more than that.

        A qualifier names the language or version of the same file in one word of its own at
        most, the rest a button's words: "(हिंदी)", "(English)", "(version française)". One
        with a number ("(2022)", "(édition 2022)": another edition) or more words of its own
        ("(Consultation report)": another document) is none.
        """
        for qualifier in _BRACKETED.findall(text):
            own = [w for w in lettered_words(qualifier) if w not in BUTTON_WORDS]
            if len(own) > 1 or re.search(r"\d", qualifier):
                return None
        return " ".join(_BRACKETED.sub(" ", text).split())

    def _quotes_title(self, text: str) -> bool:
        """True when `text` quotes the record's title, or its main title, as a work's name.

        "Studie »Wärmepumpen in Bestandsgebäuden« (Abschlussbericht)" on the page of
        "Wärmepumpen in Bestandsgebäuden - Ergebnisse eines vierjährigen Feldtests": the
        quoted words are the whole main title (up to its first separator), two words or
        more, with a word before them at most (the work's kind) and a bracketed qualifier
        after; a quoted opening of a title that goes on ("»Annual Report« 2022" for "Annual
        Report 2023") is none, and so is a longer frame ("Press release: exhibition
        „<title>“": a document about the work).
        """
        for found in _QUOTED.finditer(text):
            quoted = next(group for group in found.groups() if group is not None)
            words = words_of(quoted)
            before = words_of(text[: found.start()])
            rest = _SIZE_LABEL.sub(" ", _BRACKETED.sub(" ", text[found.end() :]))
            after = [w for w in words_of(rest) if w not in BUTTON_WORDS]
            if len(words) < 2 or len(before) > 1 or after:
                # (a frame of more words is a document about the work: "Press release:
                # exhibition „<title>“"; a work's label names its kind in a word at most)
                continue
            for title in self.titles:
                main = _MAIN_TITLE_END.split(title, maxsplit=1)
                if words_of(title) == words or (len(main) > 1 and words_of(main[0]) == words):
                    return True
        return False

    def _main_title_part(self, text: str) -> bool:
        """True when `text` is the record's main title, a separator, and words of no kind.

        A work's parts listed on its page under its main title ("Klang und Geste -
        schriftlicher Teil der Masterarbeit" on the page of "Klang und Geste: Die
        Violinsonaten von Grażyna Bacewicz ..."): the main title (two words or more, up to
        its first separator) whole, then a qualifier that names no other kind of document
        ("- Rezension", "- Programmheft", "- Summary") and no number (another part or
        edition: "- Teil 2"). The file is the work's own text or one of its parts; the
        identity check tells which.
        """
        parts = _MAIN_TITLE_END.split(text.strip(), maxsplit=1)
        if len(parts) < 2 or re.search(r"\d", parts[1]) or not words_of(parts[1]):
            return False
        rest = parts[1]
        if BAD_TEXT.search(rest) or BAD_TEXT_UNACCENTED.search(without_accents(rest)):
            return False
        head = words_of(parts[0])
        if len(head) < 2:
            return False
        for title in self.titles:
            main = _MAIN_TITLE_END.split(title, maxsplit=1)
            if len(main) > 1 and words_of(main[0]) == head:
                return True
        return False

    def _opening_words(self, text: str) -> bool:
        """True when `text`'s words (two or more) are those a title of the record opens with."""
        words = words_of(text)
        if len(words) < 2:
            return False
        return any(words_of(title)[: len(words)] == words for title in self.titles)

    def _titled_button(self, text: str) -> bool:
        """True when `text` is a button's words and words of the article's title only.

        "Quaderno 18 - testo integrale" on the page of "Quaderno 18 - Il cinema industriale
        lombardo": the record's own name and "full text". Every number it has is one of the
        title's ("Quaderno 17 - testo integrale" is another issue's), and a word of its own
        that no button has makes it another document's name.
        """
        rest = self.untitled(text)
        if rest.split() == text.split() or not re.search(r"[^\W\d_]", rest):
            return False
        numbers = {w for w in words_of(_SIZE_LABEL.sub(" ", text)) if w.isdigit()}
        if not numbers <= self._title_numbers:
            return False
        # every word left a button's, no object of its own ("Y rhifyn cyfan": the whole
        # issue, "rhifyn" a word of the page's title "Gwerddon - Rhifyn 36 - ...")
        words = [
            w for w in re.findall(r"[^\W\d_]+", _SIZE_LABEL.sub(" ", rest).lower()) if len(w) > 1
        ]
        # and one of them says the full text: the work's own name with "English version"
        # is its translation's label, no full text's
        said = FULL_TEXT_WORD.search(rest) is not None or says_full(rest) is not None
        return said and all(w in BUTTON_WORDS for w in words) and button_text(rest)

    def names_word(self, word: str) -> bool:
        """Whether a folded `word` is a word of the record's titles or an author's name."""
        return word in self._every_title_word or word in self.surnames

    def short_title(self, text: str) -> bool:
        """True when `text` cites the article by its authors and its title, shortened.

        A listing's link in the form of a citation ("Berthelot, Moreau-Lefèvre - Les
        ateliers de potiers de Chinon (article complet)" for "Les ateliers de potiers du
        faubourg Saint-Jacques à Chinon (XIVe-XVIe siècles)"): one part opens as a title
        does and keeps its words' order, three words or more, dropping some; every other
        part is a name (capitalised words, a few) or a file's label (a button's words, a
        full-text phrase, a size). Another work's short title has a word of its own.
        """
        parts = [p for p in _CITATION_PARTS.split(text) if re.search(r"[^\W\d_]", p)]
        if len(parts) < 2 or self._other_numbers(set(words_of(text)), text):
            return False  # (another edition's: "..., version 4.0" beside "..., version 3.1")
        for i, part in enumerate(parts):
            words = [w for w in words_of(part) if not w.isdigit()]
            if len(words) < 3 or not any(_opens(words, t) for t in self.titles):
                continue
            return all(_label_or_name(p) for j, p in enumerate(parts) if j != i)
        return False

    def relates(self, name: str) -> str | None:
        """Why a file name is this article's ("okafor_lindqvist_2022_aam.pdf"), or None.

        It shares two words with a title, or an author's name, carries an identifier or the
        record's number (`numbers`), or is made of generic words only ("fulltext.pdf",
        "thesis_final.pdf").
        """
        # names run together in their capitals ("NicAodha_ODuibhir", "SmithJones2020") part
        spaced = _CAMEL.sub(" ", re.sub(r"\.\w{2,4}$", "", unquote(name)))
        stem = spaced.lower()
        words = set(words_of(stem.replace("_", " ")))
        if sum(1 for w in words if len(w) >= 4 and w in self._every_title_word) >= 2:
            return "words of the article's title"
        # (an unspaced script's words are character pairs: four of the title's, a word or two)
        pairs = [w for w in words if CJK_LETTER.search(w) and w in self._every_title_word]
        if len(pairs) >= _TITLE_PAIRS:
            return "words of the article's title"
        if words & set(self.surnames):
            return "an author's name"
        if self.named_in(name) is not None:
            return "the article's identifier"
        if any(re.search(rf"(?<!\d){n}(?!\d)", stem) for n in self.numbers):
            # the record's number in its series ("WP361.pdf" for "Working Paper Series 361")
            return "the record's number"
        letters = re.findall(r"[a-z]+", stem)
        if letters and all(w in BUTTON_WORDS or w in _GENERIC_FILE for w in letters):
            return "a generic name"
        return None

    def only_title_words(self, text: str) -> bool:
        """True when each word of `text` (numbers aside) is a word of the article's titles.

        A word counts when it opens the same as one (``nationale`` for ``nationalen``, six
        letters): a link's text that is the title, declined or shortened, and nothing else
        ("In brief: <title>" has a word of its own).
        """
        words = [w for w in words_of(text) if not w.isdigit()]
        title = self._every_title_word
        return bool(words) and all(
            w in title or (len(w) >= 6 and any(t[:6] == w[:6] for t in title)) for w in words
        )

    def untitled(self, text: str) -> str:
        """`text` without the words of the article's titles.

        A label's own words, not the title's, say what a link is: "Open the PDF for <title>"
        becomes "Open the PDF for".
        """
        words = self._every_title_word
        if not words:
            return text
        # (a run of an unspaced script is its character pairs: it is the title's when all
        # of them are, "报告摘要及主要建议" keeps its own "摘要" beside the title's "报告")
        return " ".join(
            t
            for t in re.findall(r"\S+", text)
            if words.isdisjoint(folded := words_of(t))
            or (CJK_LETTER.search(t) is not None and not set(folded) <= words)
        )

    def other_doi(self, url: str) -> str | None:
        """A DOI in `url` that is not the article's (nor a prefix of it, or it of one), or None."""
        if not self.doi:
            return None
        for found in _DOI_IN.findall(unquote(url)):
            other = found.rstrip(".,;)/").lower()
            for suffix in (".pdf", ".full", "/pdf", "/full"):
                other = other.removesuffix(suffix)
            if not (other.startswith(self.doi) or self.doi.startswith(other)):
                return str(other)
        return None

    def other_record(self, url: str) -> str | None:
        """A query parameter of `url` that names another record than the page's, or None.

        The page's address names its record in a parameter (``paperid=14012``,
        ``filename=DLXB202305012``); the same parameter with another record's value in a
        link (``getFT.phtml?paperid=702``) names another document. Parameters of one or two
        letters (``id``) are left out: a file's own number often goes by the same name.
        """
        own = {
            k.lower(): v.lower()
            for k, v in parse_qsl(urlsplit(self.url).query)
            if len(k) > 2 and _RECORD_VALUE.fullmatch(v)
        }
        if not own:
            return None
        for key, value in parse_qsl(urlsplit(url).query):
            mine = own.get(key.lower())
            if (
                mine is not None
                and _RECORD_VALUE.fullmatch(value)
                and _stem(value.lower()) != _stem(mine)
            ):
                return f"{key}={value}, the page's record is {key}={mine}"
        return None

    def renamed_record(self, url: str) -> str | None:
        """The page's own record number under another field's name in `url`, or None.

        A script serves a record's details and its file from the same address, the number
        under one field for the page and another for the file (PHP-Fusion's
        ``downloads.php?cat_id=4&download_id=57`` and ``downloads.php?cat_id=4&file_id=57``):
        the same host, path and fields, the same values, one field's name changed, its
        value a number. The record's file, however short its number.
        """
        page, link = urlsplit(self.url), urlsplit(url)
        if (page.hostname, page.path) != (link.hostname, link.path) or not page.path:
            return None
        mine, theirs = parse_qsl(page.query), parse_qsl(link.query)
        if len(mine) < 2 or len(mine) != len(theirs):
            return None
        if sorted(v for _, v in mine) != sorted(v for _, v in theirs):
            return None
        renamed = [(k, v) for k, v in theirs if (k, v) not in mine]
        if len(renamed) != 1 or not renamed[0][1].isdigit():
            return None
        key, value = renamed[0]
        old = next(k for k, v in mine if v == value and (k, v) not in theirs)
        return f"the page's record number {old}={value} as {key}={value}"

    def own_record(self, url: str) -> str | None:
        """A query parameter of `url` that names the page's own record, or None.

        The page's address names its record in a parameter (``file_no=20230512``); a link
        with the same parameter and value (``create_pdf.aspx?file_no=20230512``) is the
        record's own. Parameters of one or two letters are left out, as in `other_record`.
        """
        own = {
            k.lower(): v.lower()
            for k, v in parse_qsl(urlsplit(self.url).query)
            if len(k) > 2 and _RECORD_VALUE.fullmatch(v)
        }
        for key, value in parse_qsl(urlsplit(url).query):
            if own.get(key.lower()) == value.lower():
                return f"{key}={value}"
        return None

    def whole_book(self, url: str) -> str | None:
        """Why `url` is the whole volume of the book the page's record is, or None.

        The record is a whole book (`book`) and the address carries its DOI whole, not as
        the stem of a part's (``10.5771/978…1231.pdf``, not ``10.5771/978…1231-17.pdf``):
        a link labelled as the whole book ("Download the entire book (PDF)") is then the
        record's own file, while on a chapter's or an article's page it stays another
        document.
        """
        if not self.book or not self.doi:
            return None
        low = unquote(url).lower()
        if re.search(rf"{re.escape(self.doi)}(?![\w-]|\.\d)", low):
            return f"the book's own DOI {self.doi}, whole"
        return None

    def own_file_name(self, url: str) -> str | None:
        """Which of the record's ids the name of the file at `url` carries whole, or None.

        The file's name (its last segment) carries the DOI whole (not as the stem of
        another's, ``…/abc.r1``) or one of the page address's ids as a whole token
        (``pier_dp_214.pdf`` on the page ``/dp/214/``); a year is no id.
        """
        name = unquote(urlsplit(url).path).rsplit("/", 1)[-1].lower()
        if self.doi:
            suffix = self.doi.split("/", 1)[-1]
            if re.search(rf"(?<![\w.-]){re.escape(suffix)}(?![\w-]|\.\d)", name):
                return f"the article's DOI {self.doi}"
        for token in self.ids:
            if _YEAR.fullmatch(token) or len(token) < 3:
                continue
            if id_in(token, name):  # ``LIA_087_Beck.pdf`` for the page's ``lia-087``
                return f"the article's id {token!r} from its address"
        return None

    def numbered_file(self, text: str, url: str) -> str | None:
        """The record's number that both a link's `text` and its file's name carry, or None.

        ("CESifo Working Paper No. 11034" for ``cesifo1_wp11034.pdf`` on the page of working
        paper 11034): the link names the record by its series and number.
        """
        name = unquote(urlsplit(url).path).rsplit("/", 1)[-1]
        for number in self.numbers:
            pattern = rf"(?<!\d){number}(?!\d)"
            if re.search(pattern, text) and re.search(pattern, name):
                return f"the record's number {number} in the link and its file's name"
        for token in self.ids:
            # a series' number with its year from the page's address ("WP/08/2024 - Dokumen
            # Lengkap" for ``WP_08_2024.pdf`` on the page ``WP-08-2024.aspx``)
            written = text.replace("/", "-")  # ("WP/08/2024")
            if _SERIES_NUMBER.fullmatch(token) and id_in(token, written) and id_in(token, name):
                return f"the record's number {token!r} in the link and its file's name"
        return None

    def named_in(self, url: str) -> str | None:
        """Which of the article's identifiers `url` carries (DOI, id, slug), or None."""
        low = unquote(url).lower()
        if self.doi and (self.doi in low or self.doi.split("/", 1)[-1] in low):
            return f"the article's DOI {self.doi}"
        for token in self.ids:
            if re.search(rf"(?<![0-9a-z]){re.escape(token)}(?![0-9a-z])", low):
                return f"the article's id {token!r} from its address"
        return None


#: A year (1800-2099), as an address's path names one.
_YEAR = re.compile(r"(?:18|19|20)\d\d")

#: A digital library's id of a collection's item: the holder's and the collection's names
#: joined by an underscore, then the number (``cornell_aco001187``, ``nyu_abc000123``).
_COLLECTION_ID = re.compile(r"[a-z]{2,12}_[a-z]{2,12}[-_.]?(\d{4,})")

#: The last segment of a page's address that numbers its item in its issue, in the site's
#: language (``erthygl-3``, ``article-12``, ``beitrag_4``): a word and a number.
_NUMBERED_ITEM = re.compile(r"[a-z]{4,12}[-_]\d{1,3}")

#: A series' short name and the record's number in it, as the last part of a page's
#: address (``lia-087``, ``wp_214``): the number of three digits or more, after a separator,
#: or a shorter one with its year (``wp-08-2024``, ``rapp2025-14``).
_SERIES_NUMBER = re.compile(
    r"[a-z]{2,6}[-_.]\d{3,}|[a-z]{2,6}[-_.]\d{1,3}[-_.](?:19|20)\d\d|[a-z]{2,6}[-_.]?(?:19|20)\d\d[-_.]\d{1,3}"
)

#: Where words run together in a name part at their capitals: "Nic|Aodha", "O|Duibhir".
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

#: The separators of an id's parts (``lia-087``, ``LIA_087``, ``lia.087``): the site's choice.
_SEPARATORS = re.compile(r"[-_.]")


#: A file's extension at the end of a record's value ("P1019XKQ.PDF", "P1019XKQ.txt").
_EXTENSION = re.compile(r"\.[a-z]{2,4}$")


def _stem(value: str) -> str:
    """A record's value without a file's extension.

    One document's text and PDF files name one record ("Dockey=P1019XKQ.txt" on the page,
    "Dockey=P1019XKQ.PDF" its PDF).
    """
    return _EXTENSION.sub("", value)


def id_in(token: str, text: str) -> bool:
    """Whether `text` carries the id `token` whole, whatever separators its parts use.

    ``lia-087`` in a page's address is ``LIA_087`` in its file's name: letters and digits
    around it end the match, separators are read alike.
    """
    pattern = re.escape(_SEPARATORS.sub("-", token.lower()))
    loose = _SEPARATORS.sub("-", text.lower())
    return re.search(rf"(?<![0-9a-z]){pattern}(?![0-9a-z])", loose) is not None


#: The local part of an OAI identifier in a query value (``oai:host.org:10451/58123``).
_OAI_LOCAL = re.compile(r"(?:^|[=&])oai:[\w.-]+:([\w./-]+?)(?=&|$)", re.IGNORECASE)

#: A query value that names a record (``14012``, ``NODE11634567``, ``DLXB202305012``,
#: ``DAF-Job:345612``).
_RECORD_VALUE = re.compile(r"[A-Za-z_:-]{0,12}\d{3,}[\w.:-]*")


#: Words of generic file names (besides the download-button words).
#: Character pairs of the titles a file's name in an unspaced script shares to be theirs.
_TITLE_PAIRS = 4
#: A bracketed part of a text.
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
#: A bracketed qualifier that names a file's format, in a few words: "(EPJ WoC format)",
#: "(formato A4)", "(format PDF)".
_FORMAT_QUALIFIER = re.compile(
    r"[(\[][^()\[\]]{0,40}\b(?:format|formato|formaat|formát|формат)\b[^()\[\]]{0,40}[)\]]",
    re.IGNORECASE,
)
#: A word of a title: letters (and marks) of any script, digits apart.
_NAME_TOKEN = re.compile(r"[^\W\d_]+")

_GENERIC_FILE = frozenset(
    [
        "thesis",
        "dissertation",
        "tez",
        "tesis",
        "these",
        "diss",
        "preprint",
        "postprint",
        "aam",
        "vor",
        "am",
        "rev",
        "revised",
        "camera",
        "ready",
        "submitted",
        "fulltext",
        "full_text",
        "main",
        "ms",
        "paper",
    ]
)


#: A file size or format in a link's label ("(3146 KB)", "PDF, 2.1 MB").
_SIZE_LABEL = re.compile(
    r"\(?\b\d+(?:[.,]\d+)?\s*(?:[kmg]i?b|bytes?|ko|mo|кб|мб)\b\)?|\b(?:pdf|docx?|epub)\b",
    re.IGNORECASE,
)

#: "et al", a year and a version number in a label.
_YEAR_ETAL = re.compile(r"\bet\.? al\.?|\b(?:1[5-9]|20)\d\d\b|\bv(?:er(?:sion)?)?\.? ?\d+\b")

#: Words that name a version of a work (its own file, not another document).
_VERSION_WORDS = frozenset(
    [
        "accepted",
        "manuscript",
        "author",
        "authors",
        "version",
        "published",
        "publisher",
        "final",
        "draft",
        "of",
        "record",
        "the",
        "s",
        "and",
        "al",
        "et",
    ]
)


#: The most titles a page's facts keep (citation_title, dc.title, og:title, h1 ... in its
#: languages).
_TITLES = 16


def _slug(segment: str) -> bool:
    """True for an address's segment written as a slug: words joined by hyphens, 12 or more."""
    return (
        segment.count("-") >= 2
        and re.search(r"[a-z]{3}", segment) is not None
        and len(segment) >= 12
    )


#: A path's segment of a word and a number ("content_6951230", "issue_11312").
_WORD_NUMBER = re.compile(r"[a-z]{2,12}[-_]\d{5,}")
#: A folder of a year's month ("202405").
_YEAR_MONTH = re.compile(r"(?:1[89]|20)\d\d(?:0[1-9]|1[0-2])")


def _ids_of(url: str) -> list[str]:
    """Tokens of an address that name a record (a numeric id, a slug, ``b31459872``)."""
    ids: list[str] = []
    parts = urlsplit(url)
    # (a path's matrix parameters after ";" are fields, not segments: ParlInfo's
    # ``display.w3p;query=Id:"library/prspub/9612345"``, a session's ``;jsessionid=...``)
    path, _, matrix = unquote(parts.path).lower().partition(";")
    segments = [
        re.sub(r"\.(?:html?|php|aspx?|jsp|kci|do)$", "", s) for s in path.strip("/").split("/")[-3:]
    ]
    last = len(segments) - 1
    # the record's own page named by a word and its number (gov.cn's "content_6951230"):
    # a folder named so before it is a container's, the ("issue_11312")
    own_named = bool(segments) and _WORD_NUMBER.fullmatch(segments[-1]) is not None
    for place, segment in enumerate(segments):
        if place > 0 and segments[place - 1] == "ark:":
            # an ARK's naming authority's number (``ark:/12148/``, the BnF's: every object
            # it names carries it, as a DOI's prefix is its registrant's), then its object's
            # name, the record's (``bpt6k7634521q.item``: its qualifier after the dot)
            continue
        if place > 1 and segments[place - 2] == "ark:":
            ids.append(segment.split(".", 1)[0])
            continue
        if _YEAR.fullmatch(segment) and place < last:
            continue  # a year with the record's path after it (/2023/1/e45678): a date, no id
        if place < last and _YEAR_MONTH.fullmatch(segment):
            continue  # a month's folder with the record's page after it (/202405/...)
        if own_named and place < last and _WORD_NUMBER.fullmatch(segment):
            continue
        if (own_named and place == last) or re.fullmatch(r"\d{3,}(?:[._]\d+)*", segment):
            ids.append(segment)
        elif _slug(segment):
            if not any(_slug(later) for later in segments[place + 1 :]):
                ids.append(segment)  # a slug (a folder's, with the record's slug after it, names
                # its series: /art-bulletin-of-nationalmuseum/volume-31/a-rediscovered-portrait)
        elif re.fullmatch(r"[a-z]{1,6}[-_.:]?\d{4,}(v\d+)?", segment):
            if place < len(segments) - 1 and _YEAR.fullmatch(re.sub(r"\D", "", segment)):
                continue  # a year's folder with the record after it (/kyyeu-2025/bai-bao/...)
            ids.append(segment)  # hal-01234, PMC3531190, S1462901, a Fedora PID o:1987654
        elif (found := _COLLECTION_ID.fullmatch(segment)) and not _YEAR.fullmatch(found[1]):
            ids.append(segment)  # a collection's prefix before the number: cornell_aco001187
        elif place == len(segments) - 1 and _NUMBERED_ITEM.fullmatch(segment):
            ids.append(segment)  # the page's own item of its issue: /rhifyn-36/erthygl-3/
        elif re.fullmatch(r"\d{4,}(?:\.\d+)?v\d+", segment):
            ids.append(segment)  # a version of a record: 93817v2, 2401.01234v3
        elif place == len(segments) - 1 and _SERIES_NUMBER.fullmatch(segment):
            ids.append(segment)  # a series' number of the page's own record: /lia-087
        elif place == last and _OPAQUE_ID.fullmatch(segment):
            ids.append(segment)  # a repository's opaque id (Hyrax's NOID: /articles/7h149r57x)
    # article.php?id=4711, artiId=ART002852171, a catalogue's record with its source's
    # prefix: display.do?doc=HAI_ALEPH000812345
    ids += [
        v.lower()
        for v in re.findall(
            r"(?:^|&)[^=&]*=([A-Za-z]{0,6}\d{3,}|[A-Za-z]{2,10}_[A-Za-z]{2,10}\d{4,}"
            # (a manuscript's code, its journal's letters, its number and year:
            # ``?article=JTAS-2456-2022``)
            r"|[A-Za-z]{2,6}-\d{3,}-(?:19|20)\d\d)(?=&|$)",
            parts.query,
        )
    ]
    for field in matrix.split(";") if matrix else ():
        name, _, value = field.partition("=")
        if "session" not in name:
            ids += re.findall(r"(?<!\d)\d{5,}(?!\d)", value)  # the record's number in a field
    # (and one quoted inside a field's value: ``currentResultId=Woe%3D1287654321%26any``)
    inner = unquote(parts.query)
    if inner != parts.query:
        ids += [v.lower() for v in re.findall(r"(?<![^&?=])[A-Za-z]{0,6}=(\d{6,})(?=&|$)", inner)]
    # an aggregator's or catalogue's record named by its OAI identifier
    # (``detail.jsp?id=oai:repositorio.ul.pt:10451/58123``): the local part names the
    # record at the repository that holds its files (``/bitstream/10451/58123/1/a.pdf``)
    ids += [
        v.lower()
        for v in _OAI_LOCAL.findall(unquote(urlsplit(url).query))
        if re.search(r"\d{3,}", v)
    ]
    return ids


#: An opaque id minted for an object (Samvera Hyrax's and ARK's NOIDs, ``7h149r57x``):
#: letters and digits mixed, three digits at least, no separator.
_OPAQUE_ID = re.compile(r"(?=(?:[a-z]*\d){3})(?=(?:\d*[a-z]){2})[a-z0-9]{7,16}")


#: A feed's media type: a site's or a section's feed, not the record.
_FEED = re.compile(r"rss|atom")


def page_facts(soup: BeautifulSoup, url: str) -> PageFacts:
    """The article's titles, DOI and address identifiers, as the page states them."""
    titles: list[str] = []
    reports: list[str] = []
    surnames: list[str] = []
    doi: str | None = None
    names: set[str] = set()  # the meta tags the page has
    types: list[str] = []  # the kinds its metadata gives its record
    for meta in soup.find_all("meta"):
        name = str(meta.get("name") or meta.get("property") or "").strip().lower()
        content = str(meta.get("content") or "").strip()
        if not content:
            continue
        names.add(name)
        if name in ("og:type", "dc.type", "dcterms.type", "citation_type", "prism.genre"):
            types.append(content)
        if name in ("citation_title", "dc.title", "og:title", "dcterms.title"):
            titles.append(content)
        elif name in ("citation_technical_report_number", "description", "og:description"):
            # (and the page's summary of its record: "입법·정책보고서 제142호", report no. 142)
            reports.append(content[:300])
        elif name in ("citation_author", "dc.creator", "dcterms.creator"):
            family = content.split(",")[0] if "," in content else (content.split() or [""])[-1]
            surnames.extend(words_of(family))
        elif doi is None and name in (
            "citation_doi",
            "dc.identifier",
            "prism.doi",
            "bepress_citation_doi",
        ):
            found = _DOI_IN.search(content)
            doi = found.group(0).rstrip(".,;)").lower() if found else None
    for element in (soup.find("h1"), soup.title):
        if isinstance(element, Tag):
            titles.append(element.get_text(" ", strip=True))
    # the titles its structured data and its other-language pages give the record (a Dutch
    # page of a paper written in English: JSON-LD's ``alternateName``, the English page's slug)
    titles.extend(_ld_titles(soup))
    titles.extend(_alternate_titles(soup, url))
    if not surnames:
        # a page whose only metadata is its JSON-LD (an aggregator's, a discovery layer's)
        # names its authors there
        for family in _ld_authors(soup):
            surnames.extend(words_of(family))
    # A page names its article in a few places (and languages); past `_TITLES` different
    # ones, the rest are not its own article's (and each link would be compared with all).
    titles = list(dict.fromkeys(t for t in titles if t))[:_TITLES]
    if doi is None:
        # (or its address's query: an aggregator's record page ``?pid=10.1016%2Fj...``)
        parts = urlsplit(url)
        in_url = _DOI_IN.search(unquote(parts.path)) or _DOI_IN.search(unquote(parts.query))
        doi = in_url.group(0).rstrip(".,;)/&").lower() if in_url else None
    ids = _ids_of(url)
    # the page's other addresses for its own record (its canonical address, an alternate
    # representation such as its IIIF manifest or its record in another format) name it too
    for link in soup.find_all("link", href=True):
        rel = {str(r).lower() for r in link.get("rel") or []}
        kind = str(link.get("type") or "").lower()
        if rel & {"canonical", "alternate", "shortlink"} and not _FEED.search(kind):
            ids += _ids_of(absolute(str(link["href"]), url))
    numbered = [*reports, *ids, *titles]
    numbers = [
        n
        for text in numbered
        for n in re.findall(r"(?<!\d)\d{3,}(?!\d)", text)
        if not _YEAR.fullmatch(n)
    ]
    return PageFacts(
        url,
        tuple(titles),
        doi,
        tuple(dict.fromkeys(ids)),
        tuple(dict.fromkeys(surnames)),
        _whole_book(soup, names, types),
        tuple(dict.fromkeys(numbers)),
        "citation_conference_title" in names or any("conference" in t.lower() for t in types),
    )


#: JSON-LD types of a work a page describes (its files and its authors are the work's).
LD_WORK_TYPES = re.compile(
    r"scholarlyarticle|article|thesis|report|book|chapter|creativework|dataset|medicalscholarlyarticle",
    re.IGNORECASE,
)


def ld_nodes(soup: BeautifulSoup) -> list[Any]:
    """The page's JSON-LD nodes: each script's items, and the nodes of their ``@graph``.

    A script that does not parse is passed over; nodes are not checked (a caller takes
    the dictionaries it wants).
    """
    nodes: list[Any] = []
    for script in soup.find_all("script", attrs={"type": re.compile(r"ld\+json", re.I)}):
        try:
            data = json.loads(script.string or "")
        except ValueError:
            continue
        for item in data if isinstance(data, list) else [data]:
            nodes.append(item)
            if isinstance(item, dict) and isinstance(item.get("@graph"), list):
                nodes.extend(item["@graph"])
    return nodes


def _ld_titles(soup: BeautifulSoup) -> list[str]:
    """The titles the page's JSON-LD gives its work: ``name``, ``headline``, ``alternateName``.

    Read from the first node typed as a work (`LD_WORK_TYPES`), as `_ld_authors` reads its
    authors; a title is a text of two words or more.
    """
    for node in ld_nodes(soup):
        if not isinstance(node, dict) or not LD_WORK_TYPES.search(str(node.get("@type") or "")):
            continue
        found: list[str] = []
        for key in ("name", "headline", "alternateName"):
            value = node.get(key)
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str) and len(text.split()) >= 2 and len(text) <= 500:
                    found.append(" ".join(text.split()))
        return found
    return []


#: A slug's trailing identifier ("...-firm-surveys-912348") or file extension.
_SLUG_TAIL = re.compile(r"(?:[-_]\d+)?(?:\.\w{2,5})?$")


def _alternate_titles(soup: BeautifulSoup, url: str) -> list[str]:
    """The record's title in other languages, from the slugs of its pages in them.

    A page names its versions in other languages (``<link rel="alternate" hreflang="en">``);
    the last segment of such an address, written as a slug of three words or more
    ("wage-setting-and-inflation-expectations-evidence-from-firm-surveys-912348"), is the
    record's title in that language, as a site writes its addresses.
    """
    root = soup.find("html")
    own = str(root.get("lang") or "").lower().split("-")[0] if isinstance(root, Tag) else ""
    found: list[str] = []
    for link in soup.find_all("link", href=True, hreflang=True, limit=40):
        rel = {str(r).lower() for r in link.get("rel") or []}
        language = str(link.get("hreflang") or "").lower().split("-")[0]
        if "alternate" not in rel or not language or language in (own, "x"):
            continue
        address = absolute(str(link["href"]), url)
        if not address or same_address(address, url):
            continue
        segment = unquote(urlsplit(address).path).rstrip("/").rsplit("/", 1)[-1]
        segment = _SLUG_TAIL.sub("", segment)
        words = [w for w in re.split(r"[-_]+", segment) if w]
        if _slug(segment) and len(words) >= 3 and all(re.search(r"[^\W\d_]", w) for w in words):
            found.append(" ".join(words))
    return found[:2]


def _ld_authors(soup: BeautifulSoup) -> list[str]:
    """The family names of the authors the page's JSON-LD gives its work, in order.

    The first node typed as a work (``ScholarlyArticle``, ``Thesis``, ``Book``...), its
    ``author`` or ``creator``: a person's ``familyName``, else the last word of a name
    written "Forename Surname" or the part before the comma of "Surname, Forename".
    """
    for node in ld_nodes(soup):
        if not isinstance(node, dict) or not LD_WORK_TYPES.search(str(node.get("@type") or "")):
            continue
        people = node.get("author") or node.get("creator") or []
        families: list[str] = []
        for person in people if isinstance(people, list) else [people]:
            name = (
                person.get("familyName") or person.get("name")
                if isinstance(person, dict)
                else person
            )
            if isinstance(name, str) and name.strip():
                families.append(name.split(",")[0] if "," in name else name.split()[-1])
        if families:
            return families
    return []


#: Meta tags that place a record inside a larger work (a journal, a book it is a chapter
#: of) or on its pages: such a record is a part, not a whole book.
_PART_OF = frozenset(
    {
        "citation_journal_title",
        "citation_inbook_title",
        "citation_book_title",
        "citation_conference_title",
        "citation_firstpage",
        "prism.publicationname",
    }
)


def _whole_book(soup: BeautifulSoup, names: set[str], types: list[str]) -> bool:
    """True when the page's metadata says its record is a whole book.

    Its type is a book (``og:type``, ``dc.type``, a schema.org ``@type`` of the page's
    JSON-LD: "book", "books.book", "Monograph"), or it carries an ISBN
    (``citation_isbn``) and no tag places it inside a larger work or on its pages
    (`_PART_OF`): a chapter names its book, an article its journal.
    """
    if names & _PART_OF:
        return False
    if any(_BOOK_TYPE.search(kind) for kind in types):
        return True
    for script in soup.find_all("script", type="application/ld+json"):
        if _LD_BOOK.search(script.get_text()):
            return True
    return "citation_isbn" in names


#: A quoted span: between guillemets either way, low-high or curly quotes, or straight ones.
_QUOTED = re.compile(
    "\u00ab([^\u00bb]{3,200})\u00bb|\u00bb([^\u00ab]{3,200})\u00ab"
    "|\u201e([^\u201c\u201d]{3,200})[\u201c\u201d]|\u201c([^\u201d]{3,200})\u201d"
    '|"([^"]{3,200})"'
)
#: Where a title's main part ends: a colon, a dash between spaces, a bar.
_MAIN_TITLE_END = re.compile(r"\s*[:|]\s|\s[-\u2013\u2014]\s")

#: Words naming a whole book itself, read with a word saying it is whole ("Complete book").
_BOOK_WORDS = frozenset({"book", "ebook", "monograph"})

#: A record type that names a whole book ("book", "books.book", "Monograph").
_BOOK_TYPE = re.compile(r"^(?:books?\.)?(?:book|monograph)$", re.IGNORECASE)

#: A JSON-LD node typed as a whole book (``"@type": "Book"``).
_LD_BOOK = re.compile(r'"@type"\s*:\s*\[?\s*"(?:https?://schema\.org/)?Book"')


#: Where a citation's parts end: its dashes, colons, brackets and commas.
_CITATION_PARTS = re.compile(r"\s[-\u2013\u2014]\s|[\u2013\u2014:;()\[\],|]")


def _opens(words: list[str], title: str) -> bool:
    """True when `words` open `title` and follow its words' order (some may be left out)."""
    every = [w for w in words_of(title) if not w.isdigit()]
    if not every or words[0] != every[0]:
        return False
    rest = iter(every)
    return all(any(w == t for t in rest) for w in words)


def _label_or_name(part: str) -> bool:
    """True when a citation's `part` is a file's label or a person's name (a few capitals)."""
    if FULL_TEXT_WORD.search(part) or button_text(part) or _SIZE_LABEL.fullmatch(part.strip()):
        return True
    tokens = re.findall(r"[^\W\d_][\w'\u2019.-]*", part)
    return 0 < len(tokens) <= 4 and all(t[0].isupper() for t in tokens)


#: Words that are no name though written in capitals: a file's format and size, a
#: button's, a version's.
_NOT_NAMES = (
    BUTTON_WORDS
    | _GENERIC_FILE
    | _VERSION_WORDS
    | frozenset(["pdf", "doc", "docx", "epub", "html", "xml", "mb", "kb", "gb", "ko", "mo"])
)


#: Any bracketed qualifier of a title ("(Final report)", "(最終報告書)" in full-width
#: brackets), and the most letters of a title read for them.
_OPENING = "(\\[\uff08\u3010\uff3b\u3014"
_CLOSING = ")\\]\uff09\u3011\uff3d\u3015"
_BRACKETED = re.compile(f"[{_OPENING}]([^{_OPENING}{_CLOSING}]{{1,40}})[{_CLOSING}]")
_TITLE_CHARS = 400
#: The qualifier ending a text, and the most letters of its end read for it.
_QUALIFIER = re.compile(_BRACKETED.pattern + "$")
_QUALIFIER_CHARS = 48
#: Brackets left empty where a link's text was taken out.
_EMPTY_BRACKETS = re.compile(f"[{_OPENING}]\\s*[{_CLOSING}]")
#: The letters two qualifiers of one kind share at their start or end at least.
_QUALIFIER_ALIKE = 2
