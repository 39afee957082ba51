"""Every error pickles whole: a job queue's worker hands its parent the error itself.

A Celery prefork worker pickles a task's exception to its parent; an error that does not
survive pickling is logged as its nearest picklable base (``HarvestError``), its type lost.
"""

from __future__ import annotations

import datetime as _dt
import pickle

import pytest

from politeharvest.exceptions import (
    AddressRefused,
    ContactRequired,
    Disallowed,
    HarvestError,
    RedirectRefused,
    RightsReserved,
    RobotsUnavailable,
)

WHEN = _dt.datetime(2026, 1, 1, tzinfo=_dt.timezone.utc)


@pytest.mark.parametrize(
    "error",
    [
        AddressRefused("http://127.0.0.2/oai", "127.0.0.2", "127.0.0.2"),
        ContactRequired("https://repo.org/oai", "repo.org"),
        Disallowed("https://r.org/a", "robots.txt disallows", rule="Disallow: /a", line=3),
        RedirectRefused("https://r.org/a", "http://r.org/b", "insecure", code="insecure-scheme"),
        RightsReserved("https://r.org/1.pdf", "tdm-reservation", "in the headers", None),
        RobotsUnavailable("https://r.org/x", WHEN, "robots.txt unavailable (503)"),
        HarvestError("plain"),
    ],
)
def test_errors_pickle_as_themselves(error: HarvestError) -> None:
    error.add_note("noted on the way")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)
