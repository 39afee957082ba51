"""examples/rq with ``PH_FETCH_FILES=1``: each record's own file stored by a task of its own.

The README's enqueue command starts the harvest; a burst RQ worker runs the page tasks and
the full-text tasks they enqueue, on queues of the test's own. Every record's PDF lands in
``PH_FILES_DIR``, found through its landing page and checked against the record, one file
request each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from politeharvest import Politeness
from tests.support import UA
from tests.support.plans import served_with_files

pytestmark = pytest.mark.integration
pytest.importorskip("rq")

ROOT = Path(__file__).resolve().parents[2]
RECORDS = 6
#: RQ's worker, ending as soon as it is done (tests/support/rqworker.py: RQ's own could wait
#: 60 s more on its pub/sub thread after the last job).
PROMPT_WORKER = "tests.support.rqworker.Worker"


def test_full_text_tasks_store_each_records_own_file(redis_url: str, tmp_path: Path) -> None:
    policy = Politeness(
        user_agent=UA,
        request_interval=0.02,
        file_interval=0.02,
        jitter=0.0,
        allow_private_addresses=True,
    )
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps(policy.to_mapping()))
    tag = uuid.uuid4().hex[:8]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "examples" / "rq"), str(ROOT)]),
        "PH_REDIS": redis_url,
        "PH_POLICY": str(policy_file),
        "PH_FETCH_FILES": "1",
        "PH_FILES_DIR": str(tmp_path / "files"),
        "PH_HARVEST_QUEUE": f"harvest-{tag}",
        "PH_FILES_QUEUE": f"files-{tag}",
    }
    with served_with_files(records=RECORDS, page_size=4) as (server, _repository):
        enqueued = subprocess.run(
            [sys.executable, "tasks.py", server.url("/oai"), UA],
            cwd=ROOT / "examples" / "rq",
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert enqueued.returncode == 0, enqueued.stderr
        rq = str(Path(sys.executable).parent / "rq")
        worker = subprocess.run(
            [
                rq,
                "worker",
                "--burst",
                "-w",
                PROMPT_WORKER,
                "--url",
                redis_url.split("?")[0],
                f"harvest-{tag}",
                f"files-{tag}",
            ],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert worker.returncode == 0, worker.stdout + worker.stderr
        files = [r for r in server.log if r.url.split("?")[0].endswith(".pdf")]
    stored = sorted(p.name for p in (tmp_path / "files").iterdir() if p.suffix == ".pdf")
    assert len(stored) == RECORDS, (stored, worker.stdout[-2000:])
    assert len(files) == RECORDS  # one file request per record, none wasted
