"""Every link a reader could follow on a page, and where its address was read (core).

Anchors' ``href``; addresses in ``onclick`` handlers, ``data-*`` attributes, GET
forms and form values, script values whose key names a PDF, and the page's text; the
files the page embeds for reading (a viewer's ``?file=``, ``<object type=application/pdf>``)
and the file it sends its reader on to (a refresh, a script setting ``location``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qsl, quote, urlsplit

from bs4 import BeautifulSoup, Tag

from ._words import FILE_HREF, button_text, text_of

__all__ = [
    "CHECKED_CHOICE",
    "PDF_PATH",
    "TEXT_URL",
    "embedded_files",
    "form_label",
    "forwarded_files",
    "link_sources",
]


#: A script's assignment of a quoted value to a name (``"pdfUrl": "/stamp/stamp.jsp?..."``),
#: tried at the start of each name only: a name of thousands of letters is read once, not
#: from each of its letters (`script_links` keeps the names that address a PDF).
_SCRIPT_ASSIGN = re.compile(r"""(?<!\w)(\w+)["']?\s*[:=]\s*["']([^"'\s]{4,300})["']""")
_PDF = re.compile(r"pdf", re.IGNORECASE)
_LINK_WORD = re.compile(r"url|link|href|path|uri", re.IGNORECASE)
TEXT_URL = re.compile(r"https?://[^\s<>\"']+", re.IGNORECASE)
_QUOTED = re.compile(r"""["']([^"'\s]{4,})["']""")
#: A script setting a form's action, up to the quote of the address it sets.
_FORM_ACTION = re.compile(r"\.action\s*=\s*$")
#: A quoted string a script does not join with what follows it (no ``+`` after it).
_QUOTED_WHOLE = re.compile(r"""["']([^"'\s]{4,})["'](?!\s*\+)""")
_URLISH = re.compile(r"^(?:https?://|//|/|\.\./|[\w.-]+/)[^\s<>]*$|\.pdf(?:$|\?)", re.IGNORECASE)


def script_links(text: str) -> list[tuple[str, str]]:
    """Each quoted value a script gives a PDF-ish name: ``(name, value)``, in order.

    A PDF-ish name holds ``pdf`` and, after it, ``url``, ``link``, ``href``, ``path`` or
    ``uri`` (any case), or holds ``pdf`` and is given a PDF file's address (``"pdf":
    "https://…/476074123005.pdf"`` in an object of the page's files). The same as the
    regex of such a name before the assignment found, in time linear in the script: that
    regex tried each letter of a long word as a start
    and backtracked through the rest (8.6 s for a script holding 40,000 letters in a row,
    as minified code and inline data do). An assignment to another name is passed by from
    its name on, so an assignment inside its value is still found.
    """
    found: list[tuple[str, str]] = []
    pos = 0
    while (assigned := _SCRIPT_ASSIGN.search(text, pos)) is not None:
        name = assigned.group(1)
        pdf = _PDF.search(name)
        if pdf is not None and (
            _LINK_WORD.search(name, pdf.end()) is not None
            or PDF_PATH.match(assigned.group(2)) is not None
        ):
            found.append((name, assigned.group(2)))
            pos = assigned.end()
        else:
            pos = assigned.end(1)
    return found


#: A function called in a handler (``return abrirPDF();``) and a function's definition.
_CALL = re.compile(r"(?<![\w.$])([A-Za-z_$][\w$]*)\s*\(")
_DEFINITION = re.compile(r"function\s+([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{")
#: The most of a function's body read for addresses.
_BODY = 2000


#: A script's variable given a quoted value where it is declared (``var orgUrl = "…";``).
_VARIABLE = re.compile(r"""(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*["']([^"'\s]{4,300})["']""")
#: A name a function's body reads.
_NAME = re.compile(r"(?<![\w.$'\"])([A-Za-z_$][\w$]*)(?![\w$'\"(])")


def _functions(soup: BeautifulSoup) -> tuple[dict[str, str], dict[str, str]]:
    """The named functions of the page's inline scripts, and its variables given a value.

    (name -> the start of its body, name -> the quoted value it is declared with).
    """
    found: dict[str, str] = {}
    variables: dict[str, str] = {}
    for script in soup.find_all("script"):
        if script.get("src") or not script.string:
            continue
        text = str(script.string)
        for match in _DEFINITION.finditer(text):
            found.setdefault(match.group(1), _own_body(text[match.end() : match.end() + _BODY]))
        for match in _VARIABLE.finditer(text):
            variables.setdefault(match.group(1), match.group(2))
    return found, variables


def _own_body(text: str) -> str:
    """A function's body up to the brace that closes it (the functions after it are not its)."""
    depth = 1
    for at, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if not depth:
                return text[:at]
    return text


def _read_in(body: str, variables: dict[str, str]) -> list[str]:
    """The addresses a function's body reads from the page's variables, in order.

    ``function fncOrgView(){ window.open(orgUrl, ...) }`` with ``var orgUrl = "https://…"``
    declared in a script of the page: the handler opens that address.
    """
    names = dict.fromkeys(_NAME.findall(body[:_BODY]))
    read = [variables[n] for n in names if n in variables and _looks_like_link(variables[n])]
    # (a function opens an address or two; one reading hundreds builds something else)
    return read if len(read) <= _READ_IN else []


#: The most addresses a handler's function reads from the page's variables.
_READ_IN = 2


#: A media type written as an attribute's value (``data-embed-mime-type="application/pdf"``):
#: it says what a file is, it is no address (read as one, it is ``<page>/application/pdf``).
_MEDIA_TYPE = re.compile(
    r"(?:application|text|image|audio|video|font|model|multipart|message)/[a-z0-9][\w.+-]*"
    r"(?:\s*;.*)?",
    re.IGNORECASE,
)


def _looks_like_link(value: str) -> bool:
    value = value.strip()
    if _MEDIA_TYPE.fullmatch(value):
        return False
    return bool(_URLISH.search(value)) and (
        value.lower().startswith(("http", "/", "."))
        or bool(FILE_HREF.search(value))
        or "/" in value
    )


def form_label(form: Tag) -> str:
    """The text of a form's submit button ("Download the selected file"), or ""."""
    for field in form.find_all(["input", "button"]):
        kind = str(field.get("type") or ("submit" if field.name == "button" else "text")).lower()
        if kind in ("submit", "button"):
            return str(field.get("value") or "") or field.get_text(" ", strip=True)
    return ""


#: Where a form's radio button checked by default gives its value: the page's own choice.
CHECKED_CHOICE = "form value checked by default"
#: A form's field that only tells the site's analytics where a click came from
#: (``utm_source``, ``utm_medium``...): a harvester's request is no visitor's click.
_TRACKING = re.compile(r"utm_[a-z]+$", re.IGNORECASE)


def _form_link(form: Tag) -> tuple[str, str] | None:
    """A GET form's target with its fields (``action?file=...``), and its button's text.

    Analytics' fields (`_TRACKING`) are left out.
    """
    if str(form.get("method") or "get").lower() != "get":
        return None
    action = str(form.get("action") or "").strip()
    fields: list[str] = []
    label = ""
    for field in form.find_all(["input", "button"]):
        kind = str(field.get("type") or "text").lower()
        name, value = str(field.get("name") or ""), str(field.get("value") or "")
        if kind in ("submit", "button") or field.name == "button":
            label = label or value or field.get_text(" ", strip=True)
        if name and kind in ("hidden", "submit", "text") and value and not _TRACKING.match(name):
            fields.append(f"{quote(name)}={quote(value, safe='/:')}")
    if not action and not fields:
        return None
    target = action + (("&" if "?" in action else "?") + "&".join(fields) if fields else "")
    return target, label


def link_sources(soup: BeautifulSoup) -> Iterator[tuple[Tag, str, str]]:
    """Every link a reader could follow: (element, address, where the address was read).

    Anchors' ``href`` (and the address a ``javascript:`` href opens); addresses in
    ``onclick`` handlers (``window.open('...')``), in
    ``data-*`` attributes (``data-href``, ``data-pdf-url``...), GET forms (their action
    with their fields), form values that are addresses themselves, and a download menu's
    options whose values are files' addresses.
    """
    # the page's script functions and variables, read when asked
    functions: tuple[dict[str, str], dict[str, str]] | None = None
    for element in soup.find_all(True):
        if element.name in ("a", "area") and element.get("href"):
            href = str(element["href"]).strip()
            yield element, href, "href"
            if href[:11].lower() == "javascript:":
                # a script call opening the address it quotes (an OPAC's
                # ``javascript:open_window("https://…/download/…")``): that address is the
                # link's, when it names a file or the link's text is the address itself
                shown = element.get_text(" ", strip=True)
                for found in _QUOTED.findall(href):
                    if _looks_like_link(found) and (FILE_HREF.search(found) or shown == found):
                        yield element, found, "javascript: href"
        if element.name in ("script", "style", "meta", "link", "img", "source", "iframe"):
            continue
        for name, value in element.attrs.items():
            if not isinstance(value, str) or not value.strip():
                continue
            if name.startswith("on") and len(name) > 4:
                button = button_text(element.get_text(" ", strip=True) or text_of(element))
                quoted = [f for f in _QUOTED.findall(value) if _looks_like_link(f)]
                where = name
                if not quoted and button:  # a call of the page's own function: its body
                    if functions is None:
                        functions = _functions(soup)
                    for called in _CALL.findall(value):
                        body = functions[0].get(called, "")
                        # (not a string the function goes on to join: "…?fileId=" + fileId
                        # is the start of an address it builds, no address; nor a form's
                        # action it sets before submitting the form, by POST as a rule)
                        quoted += [
                            m.group(1)
                            for m in _QUOTED_WHOLE.finditer(body)
                            if _looks_like_link(m.group(1))
                            and not _FORM_ACTION.search(body, 0, m.start())
                        ]
                        if not quoted:
                            quoted += _read_in(body, functions[1])
                        where = f"{name} (function {called})"
                for found in quoted:
                    if button or FILE_HREF.search(found):
                        yield element, found, where
            elif (
                name.startswith("data-")
                and _looks_like_link(value)
                and (FILE_HREF.search(value) or re.search(r"pdf|file|download|href|url", name))
                # (a file's name, "data-file-name='보고서_142호.pdf'", beside the address a
                # script sends for it: no address of its own)
                and not (name.endswith("name") and "/" not in value)
            ):
                yield element, value.strip(), name
            elif (
                element.name == "option"
                and name == "value"
                and FILE_HREF.search(value)
                and _looks_like_link(value)
            ):
                # a download menu: <select> of formats, each option's value a file's address
                yield element, value.strip(), "option value"
            elif (
                element.name == "input"
                and name == "value"
                and FILE_HREF.search(value)
                and _looks_like_link(value)
            ):
                form = element.find_parent("form")
                # (a choice among a form's radio buttons, checked by default: the page's own
                # choice of its files, "File Function: full text" over "Online appendix")
                checked = (
                    str(element.get("type") or "").lower() == "radio"
                    and element.has_attr("checked")
                    and isinstance(form, Tag)
                    and len(form.find_all("input", attrs={"type": re.compile("^radio$", re.I)})) > 1
                )
                where = CHECKED_CHOICE if checked else "form value"
                yield (form if isinstance(form, Tag) else element), value.strip(), where
        if element.name == "form":
            found_form = _form_link(element)
            if found_form is not None and FILE_HREF.search(found_form[0]):
                yield element, found_form[0], "form"
    for script in soup.find_all("script"):
        if "ld+json" in str(script.get("type") or "").lower():
            continue  # read as JSON-LD (the work's own encodings only)
        for key, found in script_links(script.string or ""):
            if _looks_like_link(found):
                yield script, found.replace("\\/", "/"), f"script {key}"
    for text in soup.find_all(string=TEXT_URL):
        parent = text.parent
        if not isinstance(parent, Tag) or parent.find_parent(["a", "script", "style"]) is not None:
            continue
        if parent.name in ("a", "script", "style", "title", "textarea", "code"):
            continue
        for found in TEXT_URL.findall(str(text)):
            if FILE_HREF.search(found):
                yield parent, found.rstrip(".,;)"), "the page's text"


#: Elements that embed a document in the page, and the attribute holding its address.
_EMBEDS = {"iframe": "src", "frame": "src", "embed": "src", "object": "data"}


#: An address whose path names a PDF file.
PDF_PATH = re.compile(r"^[^?#]*\.pdf(?:$|[?#])", re.IGNORECASE)


#: An address whose path names a PDF file, with no query (a plain file's address).
_PLAIN_PDF = re.compile(r"^[^?#]*\.pdf(?:#.*)?$", re.IGNORECASE)
#: A folder of a viewer's pages (``/preview/``, ``/rsc/viewer/``, ``/render/``).
_VIEWER_FOLDER = re.compile(
    r"(?:^|/)[^/]*(?:preview|viewer|view|reader|render|embed)[^/]*(?:/|$)", re.IGNORECASE
)


def embedded_files(soup: BeautifulSoup) -> Iterator[tuple[Tag, str, str]]:
    """The files the page embeds for reading: (element, address, where it was read).

    A viewer's page (PDF.js ``viewer.html?file=<the PDF>``, a Google Docs viewer's
    ``?url=``) names the file it shows in a parameter of its address: the parameter's
    value is the file, the viewer's page is not. An ``<object>`` or ``<embed>`` of type
    ``application/pdf``, or of no type with a ``.pdf`` address, embeds the file itself. An
    iframe's own address is yielded only when it is a plain file's: a ``.pdf`` path with no
    query, in no viewer's folder (``/files/original/<hash>.pdf``, Omeka's PDF embed); a
    viewer's page ending in ``.pdf`` (``/records/<id>/preview/<name>.pdf?include_deleted=0``,
    ``/rsc/viewer/…/x.pdf?embedded=true``) is still an HTML page. A custom element (a web
    component) with a ``.pdf`` source shows that file.
    """
    for element in soup.find_all(list(_EMBEDS)):
        attribute = _EMBEDS[element.name]
        address = str(element.get(attribute) or element.get("data-src") or "").strip()
        if not address:
            continue
        for name, value in parse_qsl(urlsplit(address).query):
            value = value.strip()
            if value and _looks_like_link(value) and FILE_HREF.search(value):
                if "/" not in value and not _STATIC_PAGE.search(urlsplit(address).path):
                    # a file's bare name given to an address that is no page of its own
                    # (``/Page/ShowPdf?path=ASU%202025-04.pdf``): the address serves that
                    # file; a viewer's page (``/web/viewer.html?file=a.pdf``) reads it beside
                    # itself
                    yield (
                        element,
                        address,
                        f"an <{element.name}> serving the file its {name}= names",
                    )
                    continue
                yield element, value, f"the {name}= parameter of a viewer in <{element.name}>"
        kind = str(element.get("type") or "").lower()
        if element.name in ("object", "embed") and "pdf" in kind:
            yield element, address, f"<{element.name} type={kind}>"
        elif element.name in ("object", "embed") and not kind and PDF_PATH.search(address):
            # an object's data is the resource itself (a viewer's page goes in an iframe)
            yield element, address, f"<{element.name}> of a .pdf address"
        elif element.name in ("iframe", "frame") and _PLAIN_PDF.match(address):
            path = urlsplit(address).path
            if not _VIEWER_FOLDER.search(path.rsplit("/", 1)[0]):
                yield element, address, f"the .pdf address of an {element.name} (no viewer's)"
    for element in soup.find_all(_custom_source):
        # a web component showing a document (``<pdf-reader src="/media/a8f2.pdf">``): its
        # source is the file it displays, as an <embed>'s is
        address = str(element["src"]).strip()
        if PDF_PATH.search(address):
            yield element, address, f"the .pdf source of a <{element.name}> element"


#: A static page's address (a viewer's ``viewer.html``), which serves no file of its own.
_STATIC_PAGE = re.compile(r"\.x?html?$", re.IGNORECASE)


def _custom_source(tag: Tag) -> bool:
    """Whether `tag` is a custom element (a web component, named with a hyphen) with a src."""
    return "-" in tag.name and tag.has_attr("src")


#: A ``<meta http-equiv="refresh">`` content's address (``5; url='/file.pdf'``).
_REFRESH = re.compile(r"""^\s*\d*(?:\.\d+)?\s*[;,]\s*url\s*=\s*["']?([^"'\s]+)""", re.IGNORECASE)
#: A script sending the reader on: ``location.href = "…"``, ``window.location.replace('…')``.
_GO = re.compile(
    # not a string the script goes on to join ("/DownLoad?key=" + k): its start only
    r"""\blocation(?:\.href)?\s*=\s*["']([^"'\s]{4,300})["'](?!\s*\+)|"""
    r"""\blocation\.(?:replace|assign)\(\s*["']([^"'\s]{4,300})["'](?!\s*\+)""",
)


def forwarded_files(soup: BeautifulSoup) -> Iterator[tuple[Tag, str, str]]:
    """The files the page sends its reader on to: (element, address, where it was read).

    A ``<meta http-equiv="refresh">`` naming an address, and a script assigning an address
    to ``location`` ("your download will start in a moment"); only addresses of files (a
    refresh to the site's home page or a sign-in page is no file).
    """
    for meta in soup.find_all("meta", attrs={"http-equiv": re.compile(r"^refresh$", re.I)}):
        found = _REFRESH.match(str(meta.get("content") or ""))
        if found is not None and _names_file(found.group(1)):
            yield meta, found.group(1), "<meta http-equiv=refresh>"
    for script in soup.find_all("script"):
        if script.get("src") or not script.string:
            continue
        for match in _GO.finditer(str(script.string)):
            address = (match.group(1) or match.group(2)).replace("\\/", "/")
            if _looks_like_link(address) and _names_file(address):
                yield script, address, "a script setting location"


def _names_file(address: str) -> bool:
    """Whether an address names a file: a PDF, or something after a file folder's name.

    (``/files/12/paper``, not the folder ``/files/`` itself.)
    """
    found = FILE_HREF.search(address)
    if found is None:
        return False
    return "pdf" in found.group(0).lower() or bool(address[found.end() :].strip("/?#"))
