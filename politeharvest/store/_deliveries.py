"""Delivered records, stored compactly but exactly (core: the encodings; and their SQL).

What `StateStore.filter_new` deduplicates against: per scope (endpoint and format), each
identifier delivered with its newest datestamp and the listing that delivered it. A
repository of 400 million records makes this the state's bulk, so each row holds small
values only (schema 2):

- the scope as a small integer (``scopes``: the scope's text, and the identifier prefix its
  identifiers share, such as ``oai:arXiv.org:``, chosen once from its first page);
- the identifier without that prefix, as TEXT (an INTEGER when the rest is a number written
  plainly: ``oai:zenodo.org:123456``); an identifier that does not start with it is kept
  whole, as a BLOB (its UTF-8 bytes), so that no two identifiers share a key;
- the datestamp as an INTEGER when it is a canonical UTC datestamp (``YYYY-MM-DD`` or
  ``YYYY-MM-DDThh:mm:ssZ``), else its original text: ``encode_stamp`` and ``decode_stamp``
  give back the very text, and integers keep the text's order (see `encode_stamp`);
- the listing as a small integer (``listing_ids``).

Nothing is hashed, so nothing can collide: every encoding here is one-to-one, and its
inverse is tested for every string hypothesis finds. A view named ``deliveries`` shows the
rows as they were stored before (schema 1: the scope, identifier, datestamp and listing as
text), for `politeharvest status`, for a user's own ``sqlite3`` queries, and so that an
older politeharvest opening a migrated file fails on its first commit ("cannot modify
deliveries because it is a view") instead of delivering everything again into an empty
table of its own. `migrate` turns a schema-1 file into schema 2 in one transaction.
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from collections.abc import Iterable

__all__ = [
    "SCHEMA_VERSION",
    "choose_prefix",
    "decode_stamp",
    "encode_stamp",
    "field_key",
    "ident_key",
    "ident_of",
    "migrate",
    "stamp_code",
    "stamp_ge",
    "stamp_of_code",
]

#: The schema this module writes (``PRAGMA user_version``); files without it are schema 1.
SCHEMA_VERSION = 2

#: Datestamps count in seconds from here (2020-01-01T00:00:00Z), so that those of 1986 to
#: 2054 fit SQLite's 4-byte integers (twice the seconds, plus one bit for the granularity).
BASE = 1_577_836_800
_EPOCH_DAY = 719_163  # date(1970, 1, 1).toordinal()

TABLES = (
    "CREATE TABLE IF NOT EXISTS scopes (id INTEGER PRIMARY KEY, scope TEXT NOT NULL UNIQUE, "
    "prefix TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS listing_ids (id INTEGER PRIMARY KEY, "
    "listing_id TEXT NOT NULL UNIQUE)",
    # No type on ident and stamp: no affinity, so TEXT, BLOB and INTEGER stay what they are.
    "CREATE TABLE IF NOT EXISTS delivered (scope INTEGER NOT NULL, ident NOT NULL, "
    "stamp NOT NULL, listing INTEGER NOT NULL, PRIMARY KEY (scope, ident)) WITHOUT ROWID",
)

#: The rows as schema 1 stored them (text), computed from schema 2's (read-only).
VIEW = f"""
CREATE VIEW IF NOT EXISTS deliveries (scope, identifier, datestamp, listing_id) AS
SELECT s.scope,
    CASE typeof(d.ident) WHEN 'blob' THEN CAST(d.ident AS TEXT) ELSE s.prefix || d.ident END,
    CASE typeof(d.stamp) WHEN 'integer' THEN CASE d.stamp & 1
        WHEN 1 THEN strftime('%Y-%m-%dT%H:%M:%SZ', (d.stamp >> 1) + {BASE}, 'unixepoch')
        ELSE date((d.stamp >> 1) + {BASE}, 'unixepoch') END
    ELSE d.stamp END,
    l.listing_id
FROM delivered AS d JOIN scopes AS s ON s.id = d.scope JOIN listing_ids AS l ON l.id = d.listing
"""

#: Record a page's deliveries: a newer (or equal) datestamp replaces the stored one.
UPSERT = (
    "INSERT INTO delivered (scope, ident, stamp, listing) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (scope, ident) DO UPDATE SET stamp = excluded.stamp, "
    "listing = excluded.listing WHERE ph_stamp_ge(excluded.stamp, delivered.stamp)"
)


def _day(text: str) -> int | None:
    """Seconds from `BASE` to the midnight of ``YYYY-MM-DD``, or None for any other text."""
    if len(text) != 10 or text[4] != "-" or text[7] != "-":
        return None
    digits = text[:4] + text[5:7] + text[8:]
    if not (digits.isascii() and digits.isdigit()):
        return None
    try:
        day = _dt.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:  # no such day (2020-02-30), or the year 0000
        return None
    return (day.toordinal() - _EPOCH_DAY) * 86_400 - BASE


#: `_day`'s answers, by text: a page's records share their days (bounded: cleared when full).
_DAYS: dict[str, int | None] = {}
_DAYS_HELD = 1 << 14
#: A clock's two-digit fields, read and checked in one look-up each (ASCII digits only):
#: the hour (to 23), the minute and the second (to 59), as seconds.
_HOURS = {f"{n:02d}": n * 3600 for n in range(24)}
_MINUTES = {f"{n:02d}": n * 60 for n in range(60)}
_SECONDS = {f"{n:02d}": n for n in range(60)}


def _day_of(text: str) -> int | None:
    """`_day`, remembered."""
    try:
        return _DAYS[text]
    except KeyError:
        pass
    if len(_DAYS) >= _DAYS_HELD:
        _DAYS.clear()
    day = _DAYS[text] = _day(text)
    return day


def encode_stamp(text: str) -> int | str:
    """A datestamp as stored: an integer when it is a canonical UTC datestamp, else `text`.

    ``YYYY-MM-DDThh:mm:ssZ`` is ``2 * (seconds - BASE) + 1`` and ``YYYY-MM-DD`` is
    ``2 * (its midnight - BASE)``: odd and even, so `decode_stamp` gives back the very text,
    and in the text's order (a day sorts after the day before's last second and before its
    own first one, as ``"2020-01-02" < "2020-01-02T00:00:00Z"`` does). Anything else (a
    fraction of a second, an offset, an empty datestamp, a leap second) is kept as text.
    Once a record (0.25 us: the day remembered, the clock's fields looked up).
    """
    size = len(text)
    if size == 20:
        if text[10::3] != "T::Z":  # text[10], [13], [16] and [19]
            return text
        try:
            day = _DAYS[text[:10]]
        except KeyError:
            day = _day_of(text[:10])
        hour = _HOURS.get(text[11:13])
        minute = _MINUTES.get(text[14:16])
        second = _SECONDS.get(text[17:19])
        if day is None or hour is None or minute is None or second is None:
            return text
        return 2 * (day + hour + minute + second) + 1
    if size == 10:
        day = _day_of(text)
        return text if day is None else 2 * day
    return text


def decode_stamp(value: int | str | bytes) -> str:
    """The datestamp's text, from `encode_stamp`'s value."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):  # never written so; read as text all the same
        return value.decode("utf-8", "surrogatepass")
    seconds = (value >> 1) + BASE
    days, rest = divmod(seconds, 86_400)
    day = _dt.date.fromordinal(days + _EPOCH_DAY)
    stamp = f"{day.year:04d}-{day.month:02d}-{day.day:02d}"
    if not value & 1:
        return stamp
    hour, rest = divmod(rest, 3600)
    return f"{stamp}T{hour:02d}:{rest // 60:02d}:{rest % 60:02d}Z"


def stamp_ge(new: int | str | bytes, old: int | str | bytes) -> bool:
    """Whether stored datestamp `new` is at least `old`, compared as their texts (SQL ``>=``).

    Two integers or two texts compare as they are (integers keep the texts' order); an
    integer and a text compare as texts, which SQLite alone would not do.
    """
    if type(new) is type(old):
        return bool(new >= old)  # type: ignore[operator]
    return decode_stamp(new) >= decode_stamp(old)


#: What a prefix ends with: the separators of OAI identifiers (``oai:host:local``) and paths.
_SEPARATORS = ":/"


def choose_prefix(identifiers: Iterable[str]) -> str:
    """The prefix a scope's identifiers share, cut back to its last separator (``:`` or ``/``).

    ``oai:arXiv.org:2101.00001`` and ``oai:arXiv.org:2101.00002`` share
    ``oai:arXiv.org:2101.0000``; the prefix is ``oai:arXiv.org:``, which the identifiers of
    later pages share too. Any prefix is exact (`ident_key`); a good one saves bytes.
    """
    chosen = sorted(identifiers)
    if not chosen:
        return ""
    first, last = chosen[0], chosen[-1]  # the common prefix of all is theirs
    size = 0
    for a, b in zip(first, last, strict=False):
        if a != b:
            break
        size += 1
    common = first[:size]
    cut = max(common.rfind(s) for s in _SEPARATORS)
    return common[: cut + 1]


def ident_key(identifier: str, prefix: str) -> int | str | bytes:
    """The identifier as stored: without `prefix`, or (not starting with it) whole, a BLOB.

    What follows the prefix is an INTEGER when it is a number written plainly (``123``, not
    ``0123`` nor ``+1``; 18 digits at most), else TEXT. One-to-one for a given prefix: an
    INTEGER, a TEXT and a BLOB never compare equal in SQLite, an identifier is stripped
    exactly when it starts with the prefix, and a plain number has one way to be written.
    """
    if identifier.startswith(prefix):
        rest = identifier[len(prefix) :]
        if (
            0 < len(rest) <= 18
            and rest.isascii()
            and rest.isdigit()
            and (rest[0] != "0" or rest == "0")
        ):
            return int(rest)
        return rest
    return identifier.encode("utf-8", "surrogatepass")


def ident_of(key: int | str | bytes, prefix: str) -> str:
    """The identifier again, from `ident_key`'s value."""
    if isinstance(key, bytes):
        return key.decode("utf-8", "surrogatepass")
    return prefix + str(key)


def install(db: sqlite3.Connection) -> None:
    """The SQL functions the upsert and the migration need, on this connection."""
    db.create_function("ph_stamp_ge", 2, stamp_ge, deterministic=True)
    db.create_function("ph_ident_key", 2, ident_key, deterministic=True)
    db.create_function("ph_encode_stamp", 1, encode_stamp, deterministic=True)


def schema_version(db: sqlite3.Connection) -> int:
    """The file's schema: ``PRAGMA user_version``, 1 for a file that has a deliveries table."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version:
        return version
    row = db.execute("SELECT type FROM sqlite_master WHERE name = 'deliveries'").fetchone()
    return 1 if row is not None and row[0] == "table" else 0


def migrate(db: sqlite3.Connection) -> int:
    """Bring the file to schema 2 (inside the caller's write transaction).

    A new file gets the tables and the view; a schema-1 file's deliveries are copied into
    the compact table, each scope's prefix chosen from all its identifiers, and the old
    table dropped. All of it or none of it is committed: a process killed here leaves the
    file as it was, and the next one migrates it.

    Returns:
        How many deliveries were migrated.
    """
    for statement in TABLES:
        db.execute(statement)
    moved = 0
    if schema_version(db) == 1:
        moved = _copy_v1(db)
        db.execute("DROP TABLE deliveries")
    db.execute(VIEW)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return moved


def _copy_v1(db: sqlite3.Connection) -> int:
    """Copy schema 1's deliveries into schema 2's tables."""
    for (scope,) in db.execute("SELECT DISTINCT scope FROM deliveries").fetchall():
        low, high = db.execute(
            "SELECT min(identifier), max(identifier) FROM deliveries WHERE scope = ?", (scope,)
        ).fetchone()
        prefix = choose_prefix((low, high))
        db.execute("INSERT OR IGNORE INTO scopes (scope, prefix) VALUES (?, ?)", (scope, prefix))
    db.execute(
        "INSERT OR IGNORE INTO listing_ids (listing_id) SELECT DISTINCT listing_id FROM deliveries"
    )
    # One statement, the old table read in its order (scope, identifier).
    cursor = db.execute(
        "INSERT INTO delivered (scope, ident, stamp, listing) "
        "SELECT s.id, ph_ident_key(d.identifier, s.prefix), ph_encode_stamp(d.datestamp), l.id "
        "FROM deliveries AS d JOIN scopes AS s ON s.scope = d.scope "
        "JOIN listing_ids AS l ON l.listing_id = d.listing_id"
    )
    return int(cursor.rowcount)


# -- the same, as Redis stores it (fleet/_state.py): hash fields and values are strings ---------


def field_key(identifier: str, prefix: str) -> str:
    """The identifier as a hash field: without `prefix`, or whole after a NUL.

    One-to-one for a given prefix: a field that begins with NUL holds a whole identifier;
    any other is a stripped one (an identifier whose stripped form would begin with NUL is
    kept whole too).
    """
    if identifier.startswith(prefix) and not identifier.startswith("\0", len(prefix)):
        return identifier[len(prefix) :]
    return "\0" + identifier


def stamp_code(text: str) -> str:
    """A datestamp as a hash value's part: `encode_stamp`'s integer, or ``'`` and the text."""
    stored = encode_stamp(text)
    return str(stored) if isinstance(stored, int) else "'" + text


def stamp_of_code(code: str) -> str:
    """The datestamp's text again, from `stamp_code`."""
    return code[1:] if code.startswith("'") else decode_stamp(int(code))
