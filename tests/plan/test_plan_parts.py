"""The plan's parts as tables: the values a queue carries, the checkpoint view, the backend choice."""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest

from politeharvest.fleet import is_redis_url
from politeharvest.oai import OaiCursor
from politeharvest.plan import Lane, PlanCursor
from politeharvest.plan._cursor import NEW
from politeharvest.plan._planning import Output, Saved, Window, listing_key
from politeharvest.plan._resources import open_sink, open_state, sink_kind, sink_path
from politeharvest.store import (
    CallbackSink,
    Checkpoint,
    JsonlSink,
    SinkMark,
    SQLiteSink,
    SQLiteStateStore,
)

PACKAGE = Path(__file__).resolve().parents[2] / "politeharvest"

LANE = "https://repo.example.org/oai|oai_dc|math"
WINDOW = Window("2024-01-01", "2024-02-01", day=True)


def cursor() -> PlanCursor:
    lanes = (
        Lane(LANE, "math", NEW, WINDOW, (Window("2024-03-01"),)),
        Lane("https://repo.example.org/oai|oai_dc|", None, None),
    )
    return PlanCursor("run-1", 1_700_000_000.5, lanes, turn=1, retry_files=False)


def test_a_lane_carries_its_listing_key_computed_from_its_key_and_window() -> None:
    lane = Lane(LANE, "math", NEW, WINDOW)
    assert lane.listing_key == listing_key(LANE, WINDOW)
    later = attrs.evolve(lane, window=Window("2024-03-01", full=True))
    assert later.listing_key == listing_key(LANE, Window("2024-03-01", full=True))
    assert attrs.evolve(lane, cursor=None).listing_key == lane.listing_key


def test_the_listing_key_is_not_serialized_and_a_cursor_round_trips() -> None:
    """The JSON a job queue carries is what it was before lanes carried their key."""
    text = cursor().to_json()
    assert json.loads(text) == {
        "job_started_at": 1_700_000_000.5,
        "lanes": [
            {
                "cursor": "new",
                "key": LANE,
                "queue": [{"day": False, "from_": "2024-03-01", "full": False, "until": None}],
                "set_spec": "math",
                "window": {
                    "day": True,
                    "from_": "2024-01-01",
                    "full": False,
                    "until": "2024-02-01",
                },
            },
            {
                "cursor": None,
                "key": "https://repo.example.org/oai|oai_dc|",
                "queue": [],
                "set_spec": None,
                "window": {"day": False, "from_": None, "full": False, "until": None},
            },
        ],
        "retry_files": False,
        "run_id": "run-1",
        "turn": 1,
    }
    again = PlanCursor.from_json(text)
    assert again == cursor()
    assert again.lanes[0].listing_key == listing_key(LANE, WINDOW)


def test_a_cursor_pickles_for_job_queues() -> None:
    again = pickle.loads(pickle.dumps(cursor()))
    assert again == cursor()
    assert [lane.listing_key for lane in again.lanes] == [
        lane.listing_key for lane in cursor().lanes
    ]


def test_a_lanes_oai_cursor() -> None:
    oai = OaiCursor("ListRecords", (("metadataPrefix", "oai_dc"),), resumption_token="t1")
    assert Lane(LANE, "math", oai.to_json()).oai_cursor == oai
    assert Lane(LANE, "math", NEW).oai_cursor is None  # before the listing's first page
    with pytest.raises(ValueError, match="done"):
        _ = Lane(LANE, "math", None).oai_cursor


def test_saved_unpacks_a_checkpoint_as_the_state_stores_it() -> None:
    mark = SinkMark("/data/out.jsonl", 1, 2, 300, 40, "abc")
    checkpoint = Checkpoint(
        listing=listing_key(LANE, WINDOW),
        lane=LANE,
        listing_id="id-1",
        run_id="run-1",
        cursor='{"verb": "ListRecords"}',
        window=json.dumps(attrs.asdict(WINDOW), sort_keys=True),
        sink=mark.to_json(),
        outputs='[{"path": "/data/a.jsonl", "pages": 2, "records": 7}, '
        '{"path": "/data/out.jsonl", "pages": "1", "records": "3"}]',
    )
    saved = Saved(checkpoint)
    assert saved.window == WINDOW
    assert saved.mark == mark
    assert saved.outputs == (Output("/data/a.jsonl", 2, 7), Output("/data/out.jsonl", 1, 3))


def test_saved_of_a_checkpoint_with_defaults() -> None:
    saved = Saved(Checkpoint("l", LANE, "id", "run", "{}"))
    assert (saved.window, saved.mark, saved.outputs) == (Window(), None, ())


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("redis://127.0.0.1:6379/0", True),
        ("rediss://cache.example.org:6380/1?prefix=ph", True),
        ("unix:///run/redis.sock?db=0", True),
        ("redis-state.sqlite", False),
        ("http://redis.example.org/", False),
        (Path("redis://x"), False),  # a Path folds '//': never a URL
        (None, False),
    ],
)
def test_is_redis_url(value: object, expected: bool) -> None:
    assert is_redis_url(value) is expected


@pytest.mark.parametrize(
    ("target", "kind"),
    [
        ("out.jsonl", "jsonl"),
        (Path("out.jsonl"), "jsonl"),
        ("records", "jsonl"),
        ("-", "stdout"),
        (Path("-"), "stdout"),
        ("records.sqlite", "sqlite"),
        ("records.SQLITE3", "sqlite"),
        (Path("records.db"), "sqlite"),
        ("redis://127.0.0.1:6379/0?stream=records", "stream"),
        ("rediss://cache.example.org/0", "stream"),
        ("unix:///run/redis.sock?stream=records", "stream"),
        (CallbackSink(print), "sink"),
        (print, "callback"),
    ],
)
def test_sink_kind(target: Any, kind: str) -> None:
    assert sink_kind(target) == kind


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        (None, None),
        ("-", None),
        ("out.jsonl", "out.jsonl"),
        (Path("sub") / "out.jsonl", "sub/out.jsonl"),
        ("records.sqlite", None),
        ("records.SQLITE3", None),
        (Path("records.db"), None),
        ("redis://127.0.0.1:6379/0?stream=records", None),
        ("unix:///run/redis.sock", None),
        (print, None),
    ],
)
def test_sink_path_is_the_jsonl_file_the_plan_appends_to(
    target: Any, expected: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert sink_path(target) == (None if expected is None else str(tmp_path / expected))


def test_open_sink_by_target(tmp_path: Path) -> None:
    jsonl = open_sink(tmp_path / "out.jsonl")
    table = open_sink(str(tmp_path / "out.sqlite"))
    try:
        assert isinstance(jsonl, JsonlSink)
        assert sink_path(jsonl) == str(tmp_path / "out.jsonl")
        assert isinstance(table, SQLiteSink)
    finally:
        jsonl.close()
        table.close()
    assert isinstance(open_sink(print), CallbackSink)
    given = CallbackSink(print)
    assert open_sink(given) is given
    with pytest.raises(TypeError, match="not a sink"):
        open_sink(42)  # type: ignore[arg-type]


def test_a_stream_sink_needs_a_redis_state() -> None:
    store = SQLiteStateStore(":memory:")
    try:
        with pytest.raises(ValueError, match="needs the state in the same Redis"):
            open_sink("redis://127.0.0.1:6379/0?stream=records", store)
        with pytest.raises(ValueError, match="needs the state in the same Redis"):
            open_sink("unix:///run/redis.sock?stream=records")
    finally:
        store.close()


def test_open_state_by_argument(tmp_path: Path) -> None:
    memory = open_state(":memory:")
    assert isinstance(memory, SQLiteStateStore)
    assert open_state(memory) is memory
    memory.close()
    on_disk = open_state(tmp_path / "state.sqlite")
    assert isinstance(on_disk, SQLiteStateStore)
    on_disk.close()


def test_open_state_of_a_redis_url_is_the_fleets() -> None:
    pytest.importorskip("redis")
    from politeharvest.fleet import RedisStateStore

    store = open_state("redis://127.0.0.1:1/0?prefix=parts")  # connects on first use only
    assert isinstance(store, RedisStateStore)
    assert store.prefix == "parts:"
    store.close()


def imported(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function bodies, TYPE_CHECKING too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_only_the_plans_resources_choose_a_backend() -> None:
    """Of the plan, only `_resources` imports fleet; the store imports neither fleet nor plan."""
    for path in sorted((PACKAGE / "plan").glob("*.py")):
        fleet = {m for m in imported(path) if m.startswith("politeharvest.fleet")}
        assert bool(fleet) == (path.name == "_resources.py"), (path.name, fleet)
    for path in sorted((PACKAGE / "store").glob("*.py")):
        upward = {
            m for m in imported(path) if m.startswith(("politeharvest.fleet", "politeharvest.plan"))
        }
        assert not upward, (path.name, upward)


def test_the_page_job_does_not_import_the_plan() -> None:
    for name in ("_page.py", "_cursor.py", "_lease.py", "_recovery.py", "_resources.py"):
        modules = imported(PACKAGE / "plan" / name)
        assert "politeharvest.plan._plan" not in modules, name
        tree = ast.parse((PACKAGE / "plan" / name).read_text())
        relative = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 1
        }
        assert "_plan" not in relative, name
