"""A file refused by the user's own settings is asked for again once they change (harvest).

The ``fulltext`` batch tries an input refused by your own settings (a private address, a
redirect off the site) again once those settings differ; a harvest did not: the record was
delivered, so the next ``harvest --files`` with the setting changed never listed it again.
Now the refusal is kept in the state with the settings that made it, and a run whose
settings differ asks for the record's file again (a retry row, as for files left to retry).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from politeharvest import FullText, HarvestPlan, Politeness
from politeharvest._testing._loopback import LoggedRequest
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import UA
from tests.support.plans import scaled_policy, served_with_files


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    with served_with_files(records=4, page_size=4) as served:
        yield served


@pytest.mark.integration
def test_a_record_refused_by_own_settings_is_tried_again_once_they_change(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repository = files_repo
    first = repository.records[0].identifier
    landing = server.routes._routes["/landing/*"]
    assert callable(landing)

    def moved(request: LoggedRequest) -> Reply:
        # The first record's landing page moved to another site (localhost: off-site).
        asked = {k.lower(): v for k, v in request.headers.items()}.get("host", "")
        if first in request.url and asked.startswith("127.0.0.1"):
            return Reply(302, {"Location": request.url.replace("127.0.0.1", "localhost")})
        return landing(request)

    server.add("/landing/*", moved)
    policy = scaled_policy(UA)

    def make(policy: Politeness) -> HarvestPlan:
        return HarvestPlan(
            server.url("/oai"),
            policy=policy,
            state=tmp_path / "state.sqlite",
            sink=tmp_path / "out.jsonl",
            fulltext=FullText(directory=tmp_path / "files"),
        )

    out = tmp_path / "out.jsonl"
    with make(policy) as plan:
        assert plan.run().complete
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    refused = [r for r in rows if r["fulltext"]["status"] == "refused"]
    assert [r["identifier"] for r in refused] == [first]

    # Again as before: nothing asked again.
    with make(policy) as plan:
        assert plan.run().complete
    assert len(out.read_text().splitlines()) == len(rows)

    # The setting changed (the other site allowed): the record's file is asked for again.
    with make(attrs.evolve(policy, allowed_hosts=("localhost",), https_only=False)) as plan:
        assert plan.run().complete
    after = [json.loads(line) for line in out.read_text().splitlines()][len(rows) :]
    assert [(r["identifier"], r.get("retry")) for r in after] == [(first, True)]
    assert after[0]["fulltext"]["status"] == "downloaded", (
        after[0]["fulltext"]["reason"],
        refused[0]["fulltext"]["reason"],
    )
    files = Counter(r.path for r in server.log if r.path.startswith("/files/"))
    assert set(files.values()) == {1} and len(files) == len(repository.records)

    # And once only.
    with make(attrs.evolve(policy, allowed_hosts=("localhost",), https_only=False)) as plan:
        assert plan.run().complete
    assert len(out.read_text().splitlines()) == len(rows) + 1
