"""What the command checks before its first request, and the policy its options ask for.

`policy_from` builds the `Politeness` from --preset, --policy, the options and the
environment; `take_base_url` drops an OAI-PMH query copied with the URL; `check_usage` and
`check_storage` turn every mistake that can be seen before a request into one line (exit 2).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote_plus, urlsplit

import attrs

from politeharvest import presets
from politeharvest._extras import missing
from politeharvest._files import check_writable
from politeharvest._policy import DEFAULT_USER_AGENT, Politeness
from politeharvest.exceptions import StorageError
from politeharvest.fleet import is_redis_url
from politeharvest.fleet._connection import public_url
from politeharvest.net._redirects import is_private_address
from politeharvest.store._tables import output_problem

__all__ = ["check_storage", "check_usage", "policy_from", "take_base_url"]


def policy_from(args: argparse.Namespace) -> Politeness:
    """The policy from --preset, --policy, the options and POLITEHARVEST_USER_AGENT.

    Raises:
        ValueError: a usage error (an unknown preset, an unreadable policy file, a bad
            value), with a message that names the option.
    """
    built = getattr(args, "built_policy", None)
    if isinstance(built, Politeness):
        return built
    policy = presets.preset(args.preset) if args.preset else presets.DEFAULT
    if args.policy:
        try:
            policy = Politeness.from_file(args.policy, base=policy)
        except FileNotFoundError:
            raise ValueError(f"policy file {args.policy}: no such file") from None
        except OSError as exc:
            raise ValueError(f"policy file {args.policy}: {exc.strerror}") from None
    if args.user_agent is None and os.environ.get("POLITEHARVEST_USER_AGENT"):
        args.user_agent = os.environ["POLITEHARVEST_USER_AGENT"]
    changes: dict[str, Any] = {}
    for option, field in (
        ("user_agent", "user_agent"),
        ("from_address", "from_address"),
        ("request_interval", "request_interval"),
        ("file_interval", "file_interval"),
        ("allow_private_addresses", "allow_private_addresses"),
        ("purpose", "purpose"),
        ("sign_key", "sign_key"),
        ("signature_agent", "signature_agent"),
    ):
        value = getattr(args, option, None)
        if value is not None:
            changes[field] = value
    policy = attrs.evolve(policy, **changes) if changes else policy
    if policy.sign_key is not None:
        from politeharvest.net._signing import signer_for

        try:
            signer_for(policy)  # the key read and the extra there, before any request
        except ImportError as exc:
            raise ValueError(f"--sign-key: {exc}") from None
    return policy


def _needs_contact(args: argparse.Namespace, policy: Politeness) -> str | None:
    """Why the harvest may not start without the harvester's contact, or None."""
    if args.command == "demo" or policy.user_agent != DEFAULT_USER_AGENT:
        return None
    url = getattr(args, "url", None)
    host = (urlsplit(url).hostname or "") if url else ""
    if url and is_private_address(host) and host.startswith(("127.", "localhost", "::1")):
        return None  # your own machine: nobody to contact
    where = host or "these hosts"
    return (
        f"harvesting {where} needs your contact, so its operator can reach you: "
        '--user-agent "mybot/1.0 (mailto:you@example.org)", or POLITEHARVEST_USER_AGENT, '
        "or user_agent in a --policy file"
    )


def _check_output_format(args: argparse.Namespace) -> str | None:
    """A harvest's ``--out`` whose ending names a format it does not write: one line."""
    out = str(getattr(args, "out", "-") or "-")
    if args.command not in ("harvest", "demo"):
        return None
    return output_problem(out, overwrite=getattr(args, "overwrite", False))


def _check_report(args: argparse.Namespace) -> str | None:
    if args.out is None and not args.text:
        return "report needs --out FILE.html, --text, or both"
    for path in args.audit:
        if not path.is_file():
            return f"{path}: no such audit file (harvest --audit FILE writes one)"
    if args.out is not None and args.out.is_dir():
        return f"--out {args.out} is a folder; give a file name such as report.html"
    return None


def _check_replay(args: argparse.Namespace) -> str | None:
    from politeharvest.audit._warc import WARC_ENDINGS  # (requests loads with it)

    for path in args.warc:
        if not path.exists():
            return f"{path}: no such WARC file or folder (harvest --warc DIR writes them)"
        if path.is_dir() and not any(
            p.name.endswith(WARC_ENDINGS) for p in path.iterdir() if p.is_file()
        ):
            return f"{path}: a folder without WARC files (harvest --warc DIR writes them)"
    absent = missing("warcio", "politeharvest replay")
    if absent is not None:
        return str(absent)
    if args.out.exists() and args.out.stat().st_size > 0:
        return f"--out {args.out} already holds records; replay into a new file"
    return None


#: The OAI-PMH request's own arguments (OAI-PMH 2.0 §3.1.1): the command adds them to the
#: base URL, so a URL copied with them would send them twice. The note names the option
#: that asks for a dropped value, where the command has one: (its attribute, the option).
_OAI_ARGUMENTS: dict[str, tuple[str, str] | None] = {
    "verb": None,
    "metadataPrefix": ("metadata_prefix", "--metadata-prefix"),
    "set": ("sets", "--set"),
    "from": ("from_", "--from"),
    "until": ("until", "--until"),
    "identifier": ("identifier", "--identifier"),
    "resumptionToken": None,
}


def take_base_url(args: argparse.Namespace) -> str | None:
    """A URL given with its OAI-PMH query (``?verb=Identify``) becomes the base URL.

    Only OAI-PMH's own arguments are dropped; any other part of the query (a base URL
    such as ``/index.php?page=oai``) is kept as it was written.

    Returns:
        The note for standard error (what was dropped, and the options that ask for the
        dropped values), or None when the URL had none of those arguments.
    """
    url = getattr(args, "url", None)
    if not url or args.command == "demo":
        return None
    parts = urlsplit(url)
    kept, dropped = [], []
    for pair in parts.query.split("&") if parts.query else ():
        name, _, value = pair.partition("=")
        if unquote_plus(name) in _OAI_ARGUMENTS:
            dropped.append((unquote_plus(name), unquote_plus(value)))
        else:
            kept.append(pair)
    if not dropped:
        return None
    args.url = parts._replace(query="&".join(kept)).geturl()
    asks = [f"{option} {value}" for option, value in _options_for(args, dropped)]
    hint = f"; to ask for what it named, give {' '.join(asks)}" if asks else ""
    shown = "&".join(f"{name}={value}" for name, value in dropped)
    return (
        f"took {args.url} as the base URL and dropped ?{shown} (politeharvest adds the "
        f"OAI-PMH arguments itself){hint}"
    )


def _options_for(args: argparse.Namespace, dropped: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The options (and values) that ask for what the dropped arguments named, if not asked."""
    wanted = []
    for name, value in dropped:
        option = _OAI_ARGUMENTS[name]
        if option is None or not hasattr(args, option[0]):
            continue  # this command has no such option (identify has no --metadata-prefix)
        if name == "identifier" and args.command == "record":
            continue  # record's identifier is its second argument
        given = getattr(args, option[0], None)
        if not (value in given if isinstance(given, list) else given == value):
            wanted.append((option[1], value))
    return wanted


def check_usage(args: argparse.Namespace) -> str | None:
    """Every usage error that can be seen before a request; None when there is none."""
    if args.command == "report":
        return _check_report(args)
    if args.command == "replay":
        return _check_replay(args)
    output = _check_output_format(args)
    if output is not None:
        return output
    if args.command == "status":
        state = str(args.state)
        if is_redis_url(state):
            return None
        if not Path(state).is_file():
            return f"no state file at {state} (harvest writes one; give --state FILE)"
        return None
    try:
        policy = policy_from(args)
    except ValueError as exc:
        return str(exc)
    args.built_policy = policy
    if args.command == "clean":
        return _check_clean(args, policy)
    if args.command == "fulltext":
        source, lines = Path(args.input), 'JSON lines of {"id": ..., "url": ...}'
        if not source.exists():
            return f"{source}: no such input file (give {lines})"
        if source.is_dir():
            return f"{source}: is a folder; give a file of {lines}"
    url = getattr(args, "url", None)
    if url is not None and args.command != "demo":
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return (
                f"{url!r} is not an http(s) URL; give the repository's OAI-PMH base URL, "
                "e.g. https://export.arxiv.org/oai2"
            )
    contact = _needs_contact(args, policy)
    if contact is not None:
        return contact
    fleet = _check_fleet(args)
    if fleet is not None:
        return fleet
    if getattr(args, "warc", None) is not None:
        absent = missing("warcio", f"{args.command} --warc")
        if absent is not None:
            return str(absent)
    sources = getattr(args, "fulltext_sources", None)
    if sources is not None:
        names = [n.strip() for n in sources.split(",") if n.strip()]
        unknown = [n for n in names if n not in ("crossref", "openalex")]
        if not names or unknown:
            return (
                f"--fulltext-sources {sources!r}: give crossref, openalex or both, comma-separated"
            )
        mailto = getattr(args, "mailto", None)
        if not mailto or "@" not in mailto:
            return (
                f"--fulltext-sources {sources} needs your e-mail address for their polite "
                "pools: --mailto you@example.org"
            )
    files = getattr(args, "files", None)
    if getattr(args, "html_only", False) and files is None:
        return "--html-only needs --files DIR (where the landing pages are kept)"
    bundle = getattr(args, "ca_bundle", None)
    if bundle is not None and not bundle.is_file():
        return f"--ca-bundle {bundle}: no such file (give a PEM file of CA certificates)"
    host = urlsplit(url).hostname if url is not None and args.command != "demo" else None
    if host and is_private_address(host) and not policy.allow_private_addresses:
        # refused by the policy before any request: say so now, leaving nothing behind
        return (
            f"{url}: {host} is a loopback or private address, which is not contacted "
            "unless asked: add --allow-private-addresses (or allow_private_addresses = true "
            "in a --policy file) for a repository on this machine or your own network"
        )
    return None


def check_storage(args: argparse.Namespace) -> None:
    """Before the first request: every folder the command writes into takes a file.

    Raises:
        StorageError: --files, the state's folder or the --out folder cannot be written,
            or --out is a folder.
    """
    files = getattr(args, "files", None)
    if files is not None:
        check_writable(files, option="--files", leave=False)
    state = getattr(args, "state", None)
    if isinstance(state, Path) and str(state) != ":memory:":
        if state.is_dir():
            raise StorageError(
                str(state), "is a folder, not a state file", "give --state a file path"
            )
        check_writable(
            state.parent, option="--state", holds="a file in a writable folder", leave=False
        )
    out = getattr(args, "out", None)
    if args.command in ("harvest", "demo", "fulltext") and out not in (None, "-"):
        target = Path(out)
        if "://" in str(out):
            return
        if target.is_dir() and target.suffix.lower() != ".parquet":  # a dataset is a folder
            raise StorageError(str(target), "is a folder, not a file", "give --out a file path")
        if not target.exists():
            check_writable(
                target.parent, option="--out", holds="a file in a writable folder", leave=False
            )


def _check_fleet(args: argparse.Namespace) -> str | None:
    """Usage errors of --state/--out with Redis URLs."""
    state = getattr(args, "state", None)
    out = getattr(args, "out", None)
    redis_state = isinstance(state, str)
    redis_out = is_redis_url(out)
    if redis_out and not redis_state:
        return (
            f"--out {out} (a Redis stream) needs --state in the same Redis "
            "(--state redis://host:6379/0): each page and its checkpoint commit together"
        )
    if redis_state or redis_out:
        absent = missing("redis", f"--state {public_url(str(state))}")
        if absent is not None:
            return str(absent)
    return None


def _check_clean(args: argparse.Namespace, policy: Politeness) -> str | None:
    """Usage errors of ``clean``, before anything is read or asked."""
    from politeharvest.store._read import input_kind
    from politeharvest.store._tables import FORMATS, output_problem

    if not args.input.exists():
        return (
            f"{args.input}: no such file (give the output that harvest wrote: .jsonl, .csv, "
            "a .parquet dataset or .sqlite)"
        )
    if input_kind(args.input) == "Parquet" and not _has_pyarrow():
        return f"{args.input}: reading Parquet needs pyarrow: pip install 'politeharvest[parquet]'"
    for module, why in (("ftfy", True), ("rapidfuzz", args.dedupe)):
        absent = missing(module, "politeharvest clean") if why else None
        if absent is not None:
            return str(absent)
    if args.out != "-":
        out = Path(args.out)
        if out.exists() and out.resolve() == args.input.resolve():
            return f"--out {out} is the input file; write the cleaned records elsewhere"
        if out.exists() and out.stat().st_size and not args.overwrite:
            return f"--out {out} exists; choose another file, or --overwrite to replace it"
        if FORMATS.get(out.suffix.lower()) == "SQLite":
            return (
                f"--out {out}: clean writes JSON lines (.jsonl), CSV (.csv) or Parquet "
                "(.parquet), not SQLite"
            )
        problem = output_problem(str(out))
        if problem is not None:
            return problem
    if args.index is not None and not (args.dedupe or args.clusters is not None):
        return "--index needs --dedupe or --clusters"
    if args.enrich:
        if not args.mailto or "@" not in args.mailto:
            return (
                f"--enrich {args.enrich} needs your e-mail address for its polite pool: "
                "--mailto you@example.org"
            )
        if args.enrich_url and not urlsplit(args.enrich_url).hostname:
            return f"--enrich-url {args.enrich_url!r} is not an http(s) URL"
    return None


def _has_pyarrow() -> bool:
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True
