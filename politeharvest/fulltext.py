"""Full text: the per-record step, batch mode, the fetcher and the identity check."""

from __future__ import annotations

from ._fulltext import FullText, FullTextStep, candidate_urls, run_batch
from ._identity import Identity, RecordHints, check_identity, decide, pdf_text
from ._pdf import FileResult, PdfFetcher, looks_like_pdf, safe_filename

__all__ = [
    "FileResult",
    "FullText",
    "FullTextStep",
    "Identity",
    "PdfFetcher",
    "RecordHints",
    "candidate_urls",
    "check_identity",
    "decide",
    "looks_like_pdf",
    "pdf_text",
    "run_batch",
    "safe_filename",
]
