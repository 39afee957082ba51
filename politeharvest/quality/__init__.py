"""Metadata quality (core, no I/O): clean text, dates, names and identifiers of harvested records.

`normalize(row)` takes a row as ``harvest`` writes it (``identifier``, ``metadata`` of
lists of strings) and returns a `NormalizedRecord`: every field cleaned, dates in
ISO 8601 at the precision they were given, names split into family and given names
with initials, DOIs found anywhere in identifiers and relations, ISSNs and ISBNs
checked, languages as ISO 639 codes. The original row is always kept beside
(`NormalizedRecord.raw`), and every change is listed (`fixes`).

Text cleaning: HTML entities unescaped (``B&#246;hlen``), tags stripped, mojibake
repaired with ftfy (``SjÃ¶strÃ¶m`` becomes ``Sjöström``), Unicode NFC, whitespace
collapsed. ftfy and rapidfuzz are dependencies of every installation.

Deduplication (`Deduplicator`, `compare`) and enrichment (`enrich` with `CrossrefClient` or
`OpenAlexClient`) live here too; see docs/quality.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from politeharvest._paths import loaded_on_use, publish

from ._normalize import (
    Name,
    NormalizedRecord,
    PartialDate,
    clean_text,
    deposit_stamps,
    language_code,
    normalize,
    normalize_date,
    parse_name,
    publication_date,
    strip_markup,
    valid_isbn,
    valid_issn,
    version_of,
)
from ._text import find_dois, fold, has_lost_characters, plain

if TYPE_CHECKING:  # loaded on first use (module __getattr__ below)
    from ._compare import compare
    from ._dedup_index import DedupIndex, MemoryDedupIndex, SQLiteDedupIndex
    from ._dedupe import Cluster, Deduplicator, Merge
    from ._enrich import CrossrefClient, Enrichment, OpenAlexClient, enrich
    from ._work import Work, work_of

__all__ = [
    "Cluster",
    "CrossrefClient",
    "DedupIndex",
    "Deduplicator",
    "Enrichment",
    "MemoryDedupIndex",
    "Merge",
    "Name",
    "NormalizedRecord",
    "OpenAlexClient",
    "PartialDate",
    "SQLiteDedupIndex",
    "Work",
    "clean_text",
    "compare",
    "deposit_stamps",
    "enrich",
    "find_dois",
    "fold",
    "has_lost_characters",
    "language_code",
    "normalize",
    "normalize_date",
    "parse_name",
    "plain",
    "publication_date",
    "strip_markup",
    "valid_isbn",
    "valid_issn",
    "version_of",
    "work_of",
]

_LATER = {
    "Cluster": "_dedupe",
    "DedupIndex": "_dedup_index",
    "Deduplicator": "_dedupe",
    "MemoryDedupIndex": "_dedup_index",
    "Merge": "_dedupe",
    "SQLiteDedupIndex": "_dedup_index",
    "Work": "_work",
    "compare": "_compare",
    "work_of": "_work",
    "CrossrefClient": "_enrich",
    "Enrichment": "_enrich",
    "OpenAlexClient": "_enrich",
    "enrich": "_enrich",
}


__getattr__ = loaded_on_use(__name__, _LATER)


publish(globals())
