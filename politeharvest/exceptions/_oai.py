"""The errors of an OAI-PMH repository: its own error codes, and answers that misbehave."""

from __future__ import annotations

from ._base import BadResponse, HarvestError

__all__ = [
    "BadArgument",
    "BadResumptionToken",
    "BadVerb",
    "CannotDisseminateFormat",
    "IdDoesNotExist",
    "ListingLoop",
    "NoMetadataFormats",
    "NoRecordsMatch",
    "NoSetHierarchy",
    "OaiError",
    "RepositoryMisbehaves",
]


class OaiError(HarvestError):
    """The OAI-PMH repository answered with an ``<error code="...">``.

    Attributes:
        code: the OAI-PMH error code, e.g. ``"badArgument"``.
        message: the repository's own text.
        url: the request URL.
    """

    code = "unknown"

    def __init__(self, message: str = "", *, url: str = "", code: str | None = None) -> None:
        if code is not None:
            self.code = code
        self.message = message
        self.url = url
        super().__init__(f"{url}: OAI-PMH error {self.code}: {message or '(no message)'}")


class BadArgument(OaiError):
    """The request had an illegal or missing argument (a bug, or an odd repository)."""

    code = "badArgument"


class BadVerb(OaiError):
    """The verb was illegal or missing: is the URL the repository's OAI-PMH base URL?"""

    code = "badVerb"


class BadResumptionToken(OaiError):
    """The resumption token expired or is invalid; listings restart from the last datestamp."""

    code = "badResumptionToken"


class CannotDisseminateFormat(OaiError):
    """The repository does not offer that metadata format (see ListMetadataFormats)."""

    code = "cannotDisseminateFormat"


class IdDoesNotExist(OaiError):
    """No item has that identifier."""

    code = "idDoesNotExist"


class NoMetadataFormats(OaiError):
    """No metadata formats are available for the item."""

    code = "noMetadataFormats"


class NoRecordsMatch(OaiError):
    """The arguments select no records: an empty result, which listings treat as the end."""

    code = "noRecordsMatch"


class NoSetHierarchy(OaiError):
    """The repository has no sets."""

    code = "noSetHierarchy"


class RepositoryMisbehaves(BadResponse):
    """A listing's page answered something other than its request; nothing of it was delivered.

    Raised by `OaiPager.fetch` (and so by `HarvestPlan`) when a page breaks what was
    asked: a datestamp outside ``from``/``until``, a record outside the ``set``, a
    ``completeListSize`` that changes within the listing, a ``cursor`` that goes back,
    or a record again with an older datestamp. The page is not delivered and the
    listing is not recorded as covered. With ``lenient=True`` (the CLI's ``--lenient``)
    the pager keeps the records inside the request instead, and the listing is not
    recorded as covered.

    Attributes:
        page: the listing's page (1-based).
        kind: the first violation's kind (``"window"``, ``"set"``, ``"size"``,
            ``"cursor"``, ``"repeat"``).
        asked: what the request asked.
        came: what came.
        violations: every violation of the page, as `describe` clauses.
    """

    def __init__(
        self,
        url: str,
        *,
        page: int,
        kind: str,
        asked: str,
        came: str,
        violations: tuple[str, ...] = (),
    ) -> None:
        self.page = page
        self.kind = kind
        self.asked = asked
        self.came = came
        self.violations = violations or (f"page {page} asked {asked} and got {came}",)
        more = f" (and {len(self.violations) - 1} more)" if len(self.violations) > 1 else ""
        super().__init__(
            url.split("?", 1)[0],  # the base URL: the token would fill the line
            f"the repository misbehaves: page {page} of the listing asked {asked} and got "
            f"{came}{more}. Nothing of that page was delivered and the listing is not "
            "recorded as covered; report it to the repository, harvest without that "
            "argument, or run with --lenient to keep only the records asked for "
            "(in Python: lenient=True)",
        )
        self.url = url


class ListingLoop(BadResponse):
    """A listing repeats itself: a resumption token seen before, or endless empty pages."""
