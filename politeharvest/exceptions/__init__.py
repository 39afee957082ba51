"""Every error politeharvest raises, under one root.

```
HarvestError                         root; catch-all for callers
├── PolicyRefusal(url, reason)       we declined; nothing was sent for this URL
│   ├── Disallowed                   robots.txt or the policy's deny list (rule, line)
│   ├── RedirectRefused              a redirect hop the RedirectPolicy refused (code, chain)
│   ├── AddressRefused               the host is (or resolves to) a private address
│   ├── ContactRequired              another's host, and the default User-Agent (no contact)
│   ├── RightsReserved               a file's rights holder reserves mining (TDMRep, X-Robots-Tag)
│   └── HostStopped                  the host answered 403 or a bot challenge: stopped for the job
├── Deferred(url, until, reason)     not now; try again at `until` (a queue reschedules)
│   ├── WaitRequired                 a wait longer than the caller allowed inline
│   ├── BudgetExhausted              a wait would end after the job's deadline
│   ├── HostBusy                     another harvest job holds the host's lease
│   └── RetryLater                   the server kept refusing, or robots.txt is unreachable
│       ├── RetriesExhausted         429/503 after every scheduled retry (statuses)
│       └── RobotsUnavailable        robots.txt answered 429/5xx or could not be fetched
├── FetchError(url)                  the wire failed
│   ├── TransportError               wraps requests/urllib3 errors (__cause__)
│   │   └── BodyCutByBudget          the job's budget ran out while a body was arriving
│   ├── HostUnreachable              the name does not resolve, or a new host refuses connections
│   └── CertificateRejected          the host's TLS certificate failed verification (host, why)
├── ContentError(url)                bytes arrived, not what we wanted
│   └── BadResponse                  unparseable after recovery, size cap exceeded
│       ├── ResponseTooLarge         a body passed the size cap while streaming
│       ├── ListingLoop              a listing repeats itself (same token, endless empty pages)
│       └── RepositoryMisbehaves     a page answered outside its request (window, set, size)
├── SinkError                        records could not be written where they should go
│   ├── SinkChanged                  a file an unfinished harvest wrote is gone or changed
│   ├── AuditError                   the audit file cannot be written or read (path)
│   ├── ArchiveError                 the WARC folder or file cannot be written (path)
│   │   └── ReplayMismatch           a replay asked for what its archived run does not hold
│   ├── OutputLocked                 another process is writing the same output file
│   ├── OutputUnknown                the output holds records the state did not write
│   ├── OutputMismatch               a CSV header or Parquet folder the harvest cannot add to
│   └── ParquetUnavailable           a .parquet output and no pyarrow installed
├── StorageError(path, problem, remedy)  a file or folder cannot be read or written
│   ├── StateCorrupt                 the state file is empty, cut short or not a state
│   └── InputUnreadable              a file given to clean is not a harvest's output
├── MissingDependency(feature, package, extra)  a feature's optional package is not
│                                    installed (also an ImportError; the CLI exits 2)
└── OaiError(code, message)          the repository sent <error code=...>
    ├── BadArgument, BadVerb, BadResumptionToken, CannotDisseminateFormat,
    ├── IdDoesNotExist, NoMetadataFormats, NoSetHierarchy
    └── NoRecordsMatch               an empty result: listings end empty, never raise it
```

Every exception carries the data a caller needs to act (the URL, the time to
come back, the rule that matched) and its message says what happened, to which
URL, and what to do about it.
"""

from __future__ import annotations

from politeharvest._paths import publish

from ._base import (
    AddressRefused,
    BadResponse,
    BodyCutByBudget,
    BudgetExhausted,
    CertificateRejected,
    ContactRequired,
    ContentError,
    Deferred,
    Disallowed,
    FetchError,
    HarvestError,
    HostBusy,
    HostStopped,
    HostUnreachable,
    LeaseLost,
    PolicyRefusal,
    RedirectRefused,
    ResponseTooLarge,
    RetriesExhausted,
    RetryLater,
    RightsReserved,
    RobotsUnavailable,
    StoreUnavailable,
    TransportError,
    WaitRequired,
)
from ._oai import (
    BadArgument,
    BadResumptionToken,
    BadVerb,
    CannotDisseminateFormat,
    IdDoesNotExist,
    ListingLoop,
    NoMetadataFormats,
    NoRecordsMatch,
    NoSetHierarchy,
    OaiError,
    RepositoryMisbehaves,
)
from ._setup import MissingDependency
from ._storage import (
    ArchiveError,
    AuditError,
    InputUnreadable,
    OutputLocked,
    OutputMismatch,
    OutputUnknown,
    ParquetUnavailable,
    ReplayMismatch,
    SinkChanged,
    SinkError,
    StateCorrupt,
    StorageError,
)

__all__ = [
    "AddressRefused",
    "ArchiveError",
    "AuditError",
    "BadArgument",
    "BadResponse",
    "BadResumptionToken",
    "BadVerb",
    "BodyCutByBudget",
    "BudgetExhausted",
    "CannotDisseminateFormat",
    "CertificateRejected",
    "ContactRequired",
    "ContentError",
    "Deferred",
    "Disallowed",
    "FetchError",
    "HarvestError",
    "HostBusy",
    "HostStopped",
    "HostUnreachable",
    "IdDoesNotExist",
    "InputUnreadable",
    "LeaseLost",
    "ListingLoop",
    "MissingDependency",
    "NoMetadataFormats",
    "NoRecordsMatch",
    "NoSetHierarchy",
    "OaiError",
    "OutputLocked",
    "OutputMismatch",
    "OutputUnknown",
    "ParquetUnavailable",
    "PolicyRefusal",
    "RedirectRefused",
    "ReplayMismatch",
    "RepositoryMisbehaves",
    "ResponseTooLarge",
    "RetriesExhausted",
    "RetryLater",
    "RightsReserved",
    "RobotsUnavailable",
    "SinkChanged",
    "SinkError",
    "StateCorrupt",
    "StorageError",
    "StoreUnavailable",
    "TransportError",
    "WaitRequired",
]

# help() and tracebacks name the public path, politeharvest.exceptions.Disallowed
publish(globals())
