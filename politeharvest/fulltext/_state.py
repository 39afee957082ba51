"""Files named in a page's script state, with the document each belongs to (core).

Single-page applications (Next.js ``__NEXT_DATA__``, Nuxt ``window.__NUXT__``, Redux or
Apollo state; Nuxt 3's ``__NUXT_DATA__``, a flat array whose objects name their values by
index, is rebuilt first: `devalued`; Nuxt 2's minified ``window.__NUXT__=(function(a,b){
return {...}}("…","…"))``, whose values are the function's arguments, is unfolded first:
`unfolded`) carry the page's data as a JSON or JavaScript object
literal: the article with its title, DOI and file, beside its attachments and other
articles with their own titles and files. `state_files` reads the literal's structure (no
JavaScript is run) and says, for each file address, which object holds it: the nearest
enclosing object that names a document (by a ``title``, ``headline`` or ``doi`` field)
decides whether the address is the article's own file or another document's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator

import attrs

from ._words import button_text

__all__ = ["StateFile", "devalued", "flight_data", "state_files", "unfolded"]

#: A script's tokens: quoted strings, brackets, separators and bare names (object keys).
_TOKEN = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[{}\[\]:,]|[A-Za-z_$][\w$]*""")
#: Keys whose value names the document an object describes.
_TITLE_KEY = re.compile(r"(?:^|_)(?:title|headline)$|Title$", re.IGNORECASE)
_DOI_KEY = re.compile(r"(?:^|_)doi$|Doi$", re.IGNORECASE)
#: Keys whose value is an object's identifier (``id``, ``_id``, ``uuid``, ``recordId``).
_ID_KEY = re.compile(r"^_?(?:id|uuid)$|Id$")
#: An address of a file (or a page) in a string value.
_ADDRESS = re.compile(r"^(?:https?://|//|/)[^\s<>\"']+$", re.IGNORECASE)
#: Keys whose value says what kind of file an object holds (``kind``, ``label``, ``fileType``).
_KIND_KEY = re.compile(r"kind|type|label|role|category|usage", re.IGNORECASE)
#: A file's name ("TablesS1.pdf"): the name of a document, not a button's label.
_FILE_NAME = re.compile(r"\S\.\w{2,4}$")
#: The most of a script read (inline state beyond this is not a landing page's article).
_MAX_SCRIPT = 2_000_000


@attrs.frozen
class StateFile:
    """A file address in a page's script state.

    Attributes:
        url: the address as written (unescaped, maybe relative).
        path: the keys leading to it (``props.pageProps.article.pdf.url``).
        owner: the title or DOI of the nearest enclosing object that names a document, or
            "" when none does.
        own: True when that owner is the article's (`is_own` said so), False when it is
            another document's, None when no enclosing object names a document.
        label: the short values of the object holding the address under keys that say
            what it holds (its ``kind``, ``label``: "supplement").
        name: the PDF file's name an object around the address gives (``{"name":
            "TFAWS2023_Presentation_final.pdf", "links": {"original": …}}``), or "".
    """

    url: str
    path: str
    owner: str = ""
    own: bool | None = None
    label: str = ""
    name: str = ""


@attrs.define
class _Frame:
    key: str
    array: bool = False
    fields: dict[str, str] = attrs.Factory(dict)
    #: the title and DOI a child object that only describes it lent it (`_described`)
    lent: dict[str, str] = attrs.Factory(dict)
    #: whether a file's address was read inside it (then it describes a file, not its parent)
    addresses: bool = False


def _described(frame: _Frame, parent: _Frame) -> None:
    """Lend a closed object's title and DOI to its parent, when it only describes it.

    A record's description often sits in a child object of its own (NVA's
    ``registration.entityDescription.mainTitle``, ``...reference.doi``) beside the
    record's files (``registration.associatedArtifacts``): the child's title names the
    parent. Not an item of an array (one of a list of documents), nor an object holding an
    address (a file's or another document's entry names itself); only its own fields (what
    it was lent stays with it: a journal's title two levels down names no record), and never
    to the literal's outermost object (the whole page's state, whose article is one of many
    documents it holds). The caller passes only parents below the outermost object.
    """
    if parent.array or frame.array or frame.addresses:
        return
    for name, value in frame.fields.items():
        if _TITLE_KEY.search(name) or _DOI_KEY.search(name):
            parent.lent.setdefault(name, value)


def _unquote(token: str) -> str:
    body = token[1:-1]
    if token[0] == "'":
        body = body.replace("\\'", "'").replace('"', '\\"')
    try:
        value = json.loads(f'"{body}"')
    except ValueError:
        value = body.replace("\\/", "/")
    return str(value)


def _values(
    text: str, is_file: Callable[[str, str], bool] | None = None
) -> Iterator[tuple[str, str, list[_Frame]]]:
    """Each string value of an object literal: (value, its key, the enclosing frames).

    The frames around a file's address (`is_file`) are marked as holding one.
    """
    stack: list[_Frame] = [_Frame("")]
    key = previous = ""
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        top = stack[-1]
        if token in ("{", "["):
            stack.append(_Frame(top.key if top.array else key, array=token == "["))
            key = ""
        elif token in ("}", "]"):
            if len(stack) > 1:
                closed = stack.pop()
                if len(stack) > 2:  # the parent is below the literal's outermost object
                    _described(closed, stack[-1])
            key = ""
        elif token == ":":
            key = previous
        elif token == ",":
            key = ""
        elif token[0] in "\"'":
            previous = _unquote(token)
            if len(stack) == 1:
                continue  # not inside a literal (a function's arguments, say)
            named = top.key if top.array else key
            if _ADDRESS.match(previous) and is_file is not None and is_file(named, previous):
                for frame in stack:
                    frame.addresses = True
            if top.array:
                yield previous, top.key, list(stack[1:])
            elif key:
                top.fields.setdefault(key, previous)
                yield previous, key, list(stack[1:])
        else:
            previous = token


def _owner(
    frames: list[_Frame], is_own: Callable[[str, str], bool | None], url: str = ""
) -> tuple[str, bool | None]:
    """The nearest enclosing object that names a document: its name, and whether it is own.

    A document is named by its DOI, its title, or its identifier when `is_own` can tell
    it (an ``id`` of the shape of the record's in the page's address); an identifier the
    file's address `url` carries is the file's own, not a document's.
    """
    inner = ""  # the identifier of an object below the one that names a document
    for frame in reversed(frames):
        named = _named(frame, is_own)
        if named is not None:
            sibling = _sibling_id(frame, inner) if named[1] else None
            # an entry of the document's own list with an identifier of the document's
            # shape ("previous": [{"id": "lg-2023", "pdf": ...}] under {"id": "lg-2024"}):
            # another record of the series, not the document's own file
            return (sibling, False) if sibling is not None else named
        if frame.fields.get("type", "").lower() in _FILE_HOLDERS:
            continue  # a bundle of files or a file object: its id names no document
        for name, value in frame.fields.items():
            if _ID_KEY.search(name) and value and value.lower() not in url.lower():
                own = is_own("id", value)
                if own is not None:
                    return value, own
                inner = inner or value
    return "", None


#: The types a repository's state gives its file containers and files (DSpace 7's
#: ``"type": "bundle"`` and ``"bitstream"``): objects of the record's files, no documents.
_FILE_HOLDERS = frozenset({"bundle", "bitstream", "file", "attachment"})


def _named(
    frame: _Frame, is_own: Callable[[str, str], bool | None]
) -> tuple[str, bool | None] | None:
    """The document an object names (its DOI, its title), and whether it is own, or None."""
    for fields in (frame.fields, frame.lent):  # its own names first, then those lent it
        for name, value in fields.items():
            if value and _DOI_KEY.search(name) and "10." in value:
                own = is_own("doi", value)
                if own is not None:
                    return value, own
        for name, value in fields.items():
            # a title: words, or a file's name; not a button's label, nor a placeholder
            # (a title in a script written without spaces is one "word": its letters say)
            titled = (
                len(value.split()) >= 2
                or bool(_FILE_NAME.search(value))
                or bool(_UNSPACED_RUN.search(value))
            )
            named = bool(_FILE_NAME.search(value)) or not button_text(value)
            if titled and _TITLE_KEY.search(name) and named:
                return value, is_own("title", value)
        for value in fields.values():
            # the record's own title under a key in any language ("titulo", "nazev")
            if len(value.split()) >= 3 and not _ADDRESS.match(value) and is_own("name", value):
                return value, True
    return None


def _named_pdf(frames: list[_Frame]) -> str | None:
    """The PDF file's name of the object whose content an address links, or None.

    The address stands in an object under a content's key (``content``, ``download``); an
    object at most three levels up names its file by a name ending in ``.pdf``. A link to
    the same object's thumbnail, format or bundle is no content's.
    """
    if not frames or frames[-1].key.lower() not in _CONTENT_KEYS:
        return None
    return next((n for f in list(reversed(frames))[1:4] if (n := _pdf_name(f.fields))), None)


def _pdf_name(fields: dict[str, str]) -> str | None:
    """The name ending in ``.pdf`` an object gives its file (``name``, ``fileName``...)."""
    return next((v for k in _FILE_NAME_KEYS if _PDF_NAME.search(v := fields.get(k, ""))), None)


def _file_name_around(frames: list[_Frame]) -> str:
    """The PDF file's name the address's object or the two around it give, or ""."""
    return next((n for f in list(reversed(frames))[:3] if (n := _pdf_name(f.fields))), "")


#: Four letters in a row of a script written without spaces (Han, kana, Thai): a title's
#: words, not a button's label.
_UNSPACED_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f]{4}")

#: Keys of a file object's link to its content.
_CONTENT_KEYS = frozenset({"content", "download"})
#: Keys naming a file object's file.
_FILE_NAME_KEYS = ("name", "filename", "fileName", "file_name")
#: A file's name ending in ``.pdf``.
_PDF_NAME = re.compile(r"\.pdf\s*$", re.IGNORECASE)


def _own_nearby(frames: list[_Frame], is_own: Callable[[str, str], bool | None]) -> bool:
    """Whether the article's own object holds an address closely, by its own fields.

    The address's object, or the object of the list holding it (a record's ``sources``),
    names the article (`_named`) by fields of its own, not ones a child lent it: an address
    the article's object holds only by a list's item or a parent's lent title is left to
    the page's links (another document listed by a title under a key of another language,
    ``{"titre": "…", "url": "…"}``, names no document here and is no article's file).
    """
    arrays = 0
    for frame in reversed(frames):
        if frame.array:
            arrays += 1
            if arrays > 1:
                return False
            continue
        named = _named(_Frame(frame.key, fields=frame.fields), is_own)
        if named is not None:
            return named[1] is True
    return False


def _sibling_id(frame: _Frame, inner: str) -> str | None:
    """`inner` when it is another identifier of the shape of `frame`'s own, or None."""
    if not inner:
        return None
    for name, value in frame.fields.items():
        if _ID_KEY.search(name) and value and value != inner and _shape(value) == _shape(inner):
            return inner
    return None


def _shape(value: str) -> str:
    """An identifier's shape: its letters and digits as classes ("lg-2023": "a-9")."""
    return re.sub(r"\d+", "9", re.sub(r"[^\W\d_]+", "a", value.lower()))


def state_files(
    script: str,
    is_own: Callable[[str, str], bool | None],
    is_file: Callable[[str, str], bool],
) -> list[StateFile]:
    """File addresses in a script's object literal, each with the document holding it.

    Args:
        script: a script's text (JSON, or a JavaScript object literal such as Nuxt's).
        is_own: ``is_own(kind, value)`` says whether a ``"doi"``, ``"title"`` or ``"id"``
            value is the article's (None: cannot tell, the next enclosing object decides),
            and whether a ``"name"`` (a text under a key of any name) is the article's title.
        is_file: ``is_file(key, url)`` says whether a value under `key` is a file address.
    """
    found: list[StateFile] = []
    seen: set[str] = set()
    # addresses under a plain address key (``url``) in the article's own object, whose
    # object may say PDF in a field after them (``"format": "PDF"``): decided once the
    # literal is read
    formats: list[tuple[StateFile, dict[str, str], str]] = []
    for value, key, frames in _values(script[:_MAX_SCRIPT], is_file):
        if len(value) > 2000 or not _ADDRESS.match(value) or value in seen:
            continue
        file = is_file(key, value)
        holder = frames[-1].fields if frames and not frames[-1].array else {}
        if (
            not file
            and key.lower() not in _ADDRESS_KEYS
            # (an address key of its own name, "deliveryUrl", in an object naming its PDF
            # file: {"fileName": "Nguyen_2024_AAM.pdf", "deliveryUrl": "/view/delivery/…"})
            and not (_ADDRESS_KEY_END.search(key) and _pdf_name(holder))
        ):
            continue
        # (the enclosing objects as read so far: an object's fields before its address)
        owner, own = _owner(frames, is_own, value)
        path = ".".join([*(f.key for f in frames if f.key and not f.array), key])
        label = " ".join(
            v
            for k, v in holder.items()
            if k != key and _KIND_KEY.search(k) and len(v) <= 80 and not _ADDRESS.match(v)
        )
        # a repository's file object named as a PDF file, its content's link below it
        # (DSpace 7's ``{"name": "thesis.pdf", "_links": {"content": {"href": …}}}``)
        # (or the address's own object names its file: ``{"name": "thesis.pdf",
        # "downloadUrl": …}``, a figshare portal's file list)
        named = _named_pdf(frames) or _pdf_name(holder)
        if named is not None and _PDF_FORMAT.match(label.removeprefix("application/")):
            label = ""  # (a media type says the format, the file's name says which file)
        if file or named is not None:
            seen.add(value)
            name = named or _file_name_around(frames)
            found.append(StateFile(value, path, owner, own, label or named or "", name))
        elif _own_nearby(frames, is_own):
            formats.append((StateFile(value, path, owner, True, label), holder, key))
    for item, holder, key in formats:
        if item.url not in seen and _pdf_format(holder, key):
            seen.add(item.url)
            found.append(item)
    return found


#: Keys whose value is an address and nothing more: what it addresses its object says.
_ADDRESS_KEYS = frozenset({"url", "href", "link", "uri", "src", "contenturl"})
#: A key named for an address of some kind ("deliveryUrl", "viewerHref").
_ADDRESS_KEY_END = re.compile(r"(?:url|href|link|uri)$", re.IGNORECASE)
#: Keys whose value names a file's format or media type (``format``, ``mimeType``).
_FORMAT_KEY = re.compile(r"format|mime|content_?type|media_?type", re.IGNORECASE)
#: A format's value naming PDF ("PDF", "application/pdf").
_PDF_FORMAT = re.compile(r"^\s*(?:application/)?pdf\s*$", re.IGNORECASE)


def _pdf_format(holder: dict[str, str], key: str) -> bool:
    """Whether an address's object says by its format field that it holds a PDF file.

    (``{"libelle": "Accès en ligne", "url": "/api/v1/document/2021UPASJ017", "format":
    "PDF"}``): the object describes a file whatever its address or key look like.
    """
    return any(
        k != key and _FORMAT_KEY.search(k) and _PDF_FORMAT.match(v) for k, v in holder.items()
    )


#: A chunk of Next.js's flight data (its App Router's React Server Components payload): a
#: string pushed to ``self.__next_f`` (``self.__next_f.push([1,"5:[\"$\",\"div\",…]\n"])``),
#: whose rows are JSON written inside a JavaScript string.
_FLIGHT = re.compile(r"""self\.__next_f\.push\(\[\s*1\s*,\s*("(?:[^"\\\n]|\\.)*")\s*\]\)""")


def flight_data(scripts: Iterable[str]) -> str | None:
    """The flight data a page's scripts push to ``self.__next_f``, joined, or None.

    Next.js's App Router sends the page's data as strings of rows (``5:[…]``), a row at
    times split over two pushes: the strings decoded and joined in order are the rows'
    JSON, read as any other script state (`state_files`). At most `_MAX_SCRIPT` characters.
    """
    chunks: list[str] = []
    size = 0
    for text in scripts:
        if "__next_f" not in text or size >= _MAX_SCRIPT:
            continue
        for match in _FLIGHT.finditer(text):
            try:
                chunk = json.loads(match.group(1))
            except ValueError:
                continue
            if isinstance(chunk, str):
                chunks.append(chunk)
                size += len(chunk)
            if size >= _MAX_SCRIPT:
                break
    joined = "".join(chunks)
    # a row at a time, without its id ("5:"): each row's value is read apart
    return "\n".join(_ROW_ID.sub("", row) for row in joined.split("\n")) or None


#: A flight data row's id, before its value ("5:", "1a:").
_ROW_ID = re.compile(r"^[0-9a-f]{1,8}:")


#: Nuxt 3's wrappers of a value in its payload (``["ShallowReactive", 3]``).
_WRAPPERS = frozenset({"Reactive", "ShallowReactive", "Ref", "ShallowRef", "EmptyRef"})
#: The deepest a payload is rebuilt (its references may form cycles).
_MAX_DEPTH = 60
#: The most values a payload is rebuilt into: entries referred to from many places are
#: copied into each, so a payload of a few entries that refer to each other twice over
#: would grow twice at each level (2 ** 60 values); what is past the budget is left out.
_MAX_VALUES = 50_000


def _wrapper(entry: object) -> bool:
    """Whether a list's first entry names a Nuxt wrapper (any JSON value may stand there)."""
    return isinstance(entry, str) and entry in _WRAPPERS


def devalued(script: str) -> str | None:
    """A devalue payload (Nuxt 3's ``__NUXT_DATA__``) rebuilt as JSON, or None if not one.

    The payload is a flat JSON array: its first entry is the root, and every number inside
    an object or a list is the index of its value in the array (``{"title": 7}`` names
    entry 7), so a file's address sits far from the object that owns it. Rebuilding the
    nesting puts each address back inside its object, where `state_files` reads it.
    """
    text = script.strip()
    if not text.startswith("[") or len(text) > _MAX_SCRIPT:
        return None
    try:
        payload = json.loads(text)
    except ValueError:
        return None
    if not isinstance(payload, list) or len(payload) < 2:
        return None
    root = payload[0]
    if not (
        (isinstance(root, dict) and root and all(type(v) is int for v in root.values()))
        or (isinstance(root, list) and len(root) == 2 and _wrapper(root[0]))
    ):
        return None

    budget = [_MAX_VALUES]

    def literal(written: object, depth: int) -> object:
        # a value written in place, not by its index (a payload a server wrote by hand:
        # {"downloadUrl": "https://..."}): itself, as written, each of its values counted
        # against the budget as an indexed one is (one written once, reached many times)
        if budget[0] <= 0 or depth > _MAX_DEPTH:
            return None
        budget[0] -= 1
        if isinstance(written, dict):
            return {k: literal(v, depth + 1) for k, v in written.items()}
        if isinstance(written, list):
            return [literal(v, depth + 1) for v in written]
        return written

    def value(index: object, depth: int) -> object:
        if isinstance(index, (str, dict, list)) and depth > 0:
            return literal(index, depth)
        if type(index) is not int or not 0 <= index < len(payload) or depth > _MAX_DEPTH:
            return None
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        found = payload[index]
        if isinstance(found, dict):
            return {k: value(v, depth + 1) for k, v in found.items()}
        if isinstance(found, list):
            if len(found) == 2 and _wrapper(found[0]):
                return value(found[1], depth + 1)
            if found and isinstance(found[0], str):  # ["Set", …], ["Date", "…"]: no data
                return None
            return [value(v, depth + 1) for v in found]
        return found

    return json.dumps(value(0, 0), ensure_ascii=False)


#: The opening of a payload written as a function called with its values (Nuxt 2's
#: ``window.__NUXT__=(function(a,b,c){return {...}}(...))``).
_FOLDED = re.compile(r"^\s*(?:window\.)?[\w$.]*\s*=\s*\(\s*function\s*\(([\w$,\s]*)\)\s*\{")
#: A literal's tokens for splitting arguments: strings, brackets, commas, anything else.
_ARGUMENT_TOKEN = re.compile(
    r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[{}\[\](),]|[^"'{}\[\](),]+"""
)
#: A name standing for a value in the function's body.
_NAME = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_$][\w$]*""")


def _arguments(text: str) -> list[str]:
    """The top-level comma-separated literals of a call's argument list (linear time)."""
    found: list[str] = []
    depth = 0
    start = 0
    for match in _ARGUMENT_TOKEN.finditer(text):
        token = match.group(0)
        if token in "{[(":
            depth += 1
        elif token in "}])":
            depth -= 1
            if depth < 0:  # the call's own closing bracket
                found.append(text[start : match.start()].strip())
                return found
        elif token == "," and depth == 0:
            found.append(text[start : match.start()].strip())
            start = match.end()
    found.append(text[start:].strip())
    return found


def unfolded(script: str) -> str | None:
    """A payload written as a function called with its values, its names replaced by them.

    Nuxt 2 minifies its state as ``(function(a,b){return {title:a,pdf:{url:b}}}("…",
    "https://…pdf"))``: each repeated value is an argument and the object names it by a
    parameter. The object literal is returned with each parameter standing as a value
    replaced by its argument, for `state_files` to read; None when `script` is not one.
    No JavaScript is run.
    """
    if len(script) > _MAX_SCRIPT:
        return None
    opening = _FOLDED.match(script)
    if opening is None:
        return None
    names = [n.strip() for n in opening.group(1).split(",") if n.strip()]
    body_start = script.find("return", opening.end())
    call = script.rfind("}(")
    if not names or body_start < 0 or call < body_start:
        return None
    values = dict(zip(names, _arguments(script[call + 2 :]), strict=False))
    body = script[body_start + len("return") : call]
    parts: list[str] = []
    last = 0
    for match in _NAME.finditer(body):
        name = match.group(0)
        if name not in values:
            continue
        after = body[match.end() : match.end() + 40].lstrip()
        if after.startswith(":"):
            continue  # a key ("{a:1}"), not a value
        parts.append(body[last : match.start()])
        parts.append(values[name])
        last = match.end()
    parts.append(body[last:])
    return "".join(parts)
