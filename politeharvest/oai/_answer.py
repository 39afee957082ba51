"""One OAI-PMH answer read (core): decoded, parsed, its error raised, its list and token found.

An OAI-PMH error is read from the body whatever the HTTP status (400 at DDB, 422 at Zenodo)
and raised as the `OaiError` its code maps to; an HTTP error without an OAI-PMH body is a
`BadResponse`, or, to a resumption token, a `BadResumptionToken` (repositories that forget
their tokens often answer them with a bare 500). Large listing pages are parsed as a stream.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

import attrs

from politeharvest.exceptions import (
    BadArgument,
    BadResponse,
    BadResumptionToken,
    BadVerb,
    CannotDisseminateFormat,
    IdDoesNotExist,
    NoMetadataFormats,
    NoRecordsMatch,
    NoSetHierarchy,
    OaiError,
    ResponseTooLarge,
)

from ._decode import DecodedTooLarge, decode_undeclared
from ._records import read_record
from ._xml import OAI_NS, STREAM_OVER, ParsedPage, parse_page, stream_items

__all__ = [
    "ERRORS",
    "list_element",
    "raise_for_oai_error",
    "read_answer",
    "resumption_token",
    "sniffed_token",
    "to_int",
]

# The pager's logger: what reading its pages reports is the pager's (as for `_listing`).
logger = logging.getLogger("politeharvest.oai._pager")

_Q = "{" + OAI_NS + "}"

#: Every OAI-PMH error code, mapped explicitly (CONVENTIONS section 7).
ERRORS: dict[str, type[OaiError]] = {
    "badArgument": BadArgument,
    "badResumptionToken": BadResumptionToken,
    "badVerb": BadVerb,
    "cannotDisseminateFormat": CannotDisseminateFormat,
    "idDoesNotExist": IdDoesNotExist,
    "noMetadataFormats": NoMetadataFormats,
    "noRecordsMatch": NoRecordsMatch,
    "noSetHierarchy": NoSetHierarchy,
}


def raise_for_oai_error(root: Any, url: str) -> None:
    """Raise the mapped `OaiError` if the page carries ``<error>`` elements.

    `noRecordsMatch` is raised too; listings catch it and end empty.
    """
    errors = root.findall(_Q + "error")
    if not errors:
        return
    first = errors[0]
    code = (first.get("code") or "").strip()
    message = " ".join((first.text or "").split())
    if len(errors) > 1:
        message += (
            " (also: "
            + "; ".join(f"{e.get('code')}: {' '.join((e.text or '').split())}" for e in errors[1:])
            + ")"
        )
    cls = ERRORS.get(code, OaiError)
    raise cls(message, url=url, code=code or "unknown")


def read_answer(
    response: Any,
    verb: str,
    limit: int,
    on_raw: Callable[[bytes], None] | None = None,
    *,
    token_sent: bool = False,
    xml: bool = True,
    lean: bool = False,
) -> tuple[ParsedPage, bytes, str]:
    """Read an OAI-PMH answer: decode, parse, raise its OAI error, report its repairs.

    The body is decoded within `limit` (then handed to `on_raw`) and parsed as a stream
    when large (its records read with `xml` as `read_record` reads them), else whole:
    with `lean`, without the whitespace between elements (`parse_page`'s ``blanks``), for
    pages whose records are read and not kept as XML. An OAI-PMH error is raised whatever
    the HTTP status.
    """
    url = str(response.url)
    try:
        raw, note = decode_undeclared(response.content, limit)
    except DecodedTooLarge as exc:
        raise ResponseTooLarge(url, limit) from exc
    if on_raw is not None and response.status_code < 300:
        on_raw(raw)
    streamed = None
    if verb in ("ListRecords", "ListIdentifiers") and len(raw) > STREAM_OVER:
        with_metadata = verb == "ListRecords"
        streamed = stream_items(
            raw, verb, lambda e: read_record(e, with_metadata=with_metadata, xml=xml)
        )
    try:
        parsed = streamed if streamed is not None else parse_page(raw, url=url, blanks=not lean)
    except BadResponse:
        if response.status_code >= 400 and token_sent:
            # Repositories that forget a token (a restart, a purge) often fail on it with
            # a bare HTTP error: the listing restarts as after badResumptionToken.
            raise BadResumptionToken(
                f"HTTP {response.status_code} without an OAI-PMH answer to a resumption "
                "token: the repository no longer knows the token (it expired, or the "
                "repository restarted)",
                url=url,
            ) from None
        if response.status_code >= 400:
            raise BadResponse(
                url,
                f"HTTP {response.status_code} without an OAI-PMH answer; "
                "check the base URL and the arguments",
                raw=raw,
            ) from None
        raise
    raise_for_oai_error(parsed.root, url)
    if response.status_code >= 400:
        raise BadResponse(
            url, f"HTTP {response.status_code} with an OAI-PMH body and no <error>", raw=raw
        )
    if note:
        parsed = attrs.evolve(parsed, repairs=(note, *parsed.repairs))
    if parsed.repairs:
        logger.warning("%s: page repaired: %s", url, "; ".join(parsed.repairs))
    return parsed, raw, url


def list_element(parsed: ParsedPage, verb: str, url: str, raw: bytes) -> Any:
    """The page's ``<ListRecords>`` (or other `verb`) element.

    Raises:
        BadResponse: the page has none.
    """
    list_el = parsed.root.find(_Q + verb)
    if list_el is None:
        raise BadResponse(url, f"{verb} answered without a <{verb}> element", raw=raw)
    return list_el


def resumption_token(list_el: Any) -> tuple[str, int | None, int | None]:
    """The resumption token's text, completeListSize and cursor."""
    token_el = list_el.find(_Q + "resumptionToken")
    if token_el is None:
        return "", None, None
    token = (token_el.text or "").strip()
    return token, to_int(token_el.get("completeListSize")), to_int(token_el.get("cursor"))


def to_int(value: str | None) -> int | None:
    """An attribute's whole number (``completeListSize``, ``cursor``); None if it is not one."""
    if value is None or not re.fullmatch(r"\s*\d+\s*", value):
        return None
    return int(value)


#: The resumptionToken that closes a listing, read from the bytes before the page is parsed.
_TOKEN_AT_END = re.compile(
    rb"<(?:[\w.-]+:)?resumptionToken\b[^>]*>([^<&]*)</(?:[\w.-]+:)?resumptionToken\s*>"
    rb"\s*</(?:[\w.-]+:)?List(?:Records|Identifiers|Sets)\s*>"
)


def sniffed_token(raw: bytes) -> str:
    """The page's resumption token as its bytes end, or "" when it is not plain text.

    Only a hint for sending the next request early: the parsed page decides, and a
    request sent ahead with another token is dropped (escaped or CDATA tokens: not read).
    """
    found = list(_TOKEN_AT_END.finditer(raw, max(0, len(raw) - 16384)))
    if not found:
        return ""
    try:
        return found[-1].group(1).decode("ascii").strip()
    except UnicodeDecodeError:
        return ""
