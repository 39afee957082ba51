"""Shared fixtures: a FakeClock, a scripted transport on it, and sessions wired to both."""

from __future__ import annotations

import os
import shutil
import ssl
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
import requests
import trustme
from hypothesis import settings as hypothesis_settings

from politeharvest import Politeness, PoliteSession
from politeharvest.testing import FakeClock, LoopbackServer, ScriptedAdapter, free_loopback
from tests.support import HOSTS, SHARED, UA
from tests.support.redis import RedisServer, RunningServer, redis_server_binary
from tests.support.remote import RemoteServer, ServerProcess
from tests.support.shared import SKIP_PREFIX as SHARED_SKIP
from tests.support.shared import have_shared, is_shared, missing, shared_path
from tests.support.shared import required as shared_required
from tests.support.shared import shown as shown_shared

# Property tests explore new examples on every local run (and keep what fails in .hypothesis/);
# CI (`.ci/run` sets PH_HYPOTHESIS_PROFILE=ci) replays a fixed sequence of examples, so that
# the same commit gives the same verdict there. A failure found locally is fixed, not skipped.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("PH_HYPOTHESIS_PROFILE"):
    hypothesis_settings.load_profile(os.environ["PH_HYPOTHESIS_PROFILE"])

#: Workers for the whole suite (pytest-xdist); PH_TEST_WORKERS=0 runs it in this process.
WORKERS_ENV = "PH_TEST_WORKERS"


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The whole suite (``pytest``, or a folder of it) runs on parallel workers.

    Only when pytest-xdist is installed (the ``test`` extra) and nothing about workers was
    asked for (``-n``, ``--dist``, ``-p no:xdist``, ``--pdb``); named files or tests run in
    this process as before. ``PH_TEST_WORKERS=N`` sets the number (0: none).
    """
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return  # a worker runs its share itself (xdist calls this hook in workers too)
    if config.option.numprocesses is not None or config.option.dist != "no":
        return
    if config.getoption("usepdb", False) or config.getoption("collectonly", False):
        return
    wanted = os.environ.get(WORKERS_ENV, "")
    if wanted == "" and not all(Path(arg).is_dir() for arg in config.args):
        return
    workers = int(wanted) if wanted else config.hook.pytest_xdist_auto_num_workers(config=config)
    config.option.numprocesses = workers
    if workers > 0:  # what xdist's own hook does with -n, whichever of the two runs first
        config.option.dist = "loadgroup"
        config.option.tx = ["popen"] * workers


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # pytest-xdist's, before its own
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers a core, as `.ci/run` runs it.

    Most of the suite's time is real-clock waits on loopback servers (a run of one worker
    a core kept the two cores a third idle): two a core overlap them, 6 min 35 s -> about
    5 min on a two-core machine, whole runs passing. The checks that failed at two a core
    before now allow for the lag the server measured itself (`tests.support.server_gaps`)
    and time linear-time checks in CPU time.
    """
    return 2 * (os.cpu_count() or 1)


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # pytest-xdist's, before its own
def pytest_configure_node(node: Any) -> None:
    """Tells each worker how the tests are scheduled.

    A worker parses the command line as given, so it cannot see the ``--dist loadgroup`` that
    `pytest_cmdline_main` chose (nor can xdist's own naming of the groups, which reads it).
    """
    node.workerinput["ph_dist"] = node.config.option.dist


@pytest.hookimpl(trylast=True)  # after xdist's own naming of the groups, where it works
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that share a fixture wider than a test stay on one worker, in their order.

    A module- or class-scoped fixture (a server, a harvest checked by several tests) is set
    up once, as in a serial run; every other test is scheduled on its own. A test that names
    its own ``xdist_group`` keeps it (e.g. tests that need one fixed port). Groups go first.
    """
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        scopes = {
            definition.scope
            for definitions in (info.name2fixturedefs.values() if info is not None else ())
            for definition in definitions
        }
        if scopes & {"module", "package", "class"}:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))  # its file
    # The groups first: a group is a chain of tests on one worker (a module's Django app, a
    # harvest several tests check), so it starts while the single tests fill the other workers
    # instead of ending the run alone. The order within each module stays as written.
    items.sort(key=lambda item: item.get_closest_marker("xdist_group") is None)
    if getattr(config, "workerinput", {}).get("ph_dist") == "loadgroup":
        for item in items:
            _name_the_group(item)


def _name_the_group(item: pytest.Item) -> None:
    """The test's id ends in ``@`` and its groups: where xdist's scheduler looks for them.

    xdist (3.8) names them only when the worker's own command line says ``--dist loadgroup``
    (it does not when `pytest_cmdline_main` chose it), and writes the id to ``_nodeid``,
    which pytest 9.2 no longer reads (its ids are structured values, ``_id``;
    pytest-xdist#1386). Either way its groups were ignored, and a module's fixture was set up
    again on each worker its tests landed on. An id that names its group already is kept.
    """
    marks = item.iter_markers("xdist_group")
    names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in marks})
    if not names or "@" in item.nodeid.rpartition("]")[2]:
        return
    grouped = f"{item.nodeid}@{'_'.join(names)}"
    structured = getattr(item, "_id", None)
    if hasattr(structured, "parse"):  # pytest 9.2 and later
        item._id = type(structured).parse(grouped)  # type: ignore[attr-defined]
    else:
        item._nodeid = grouped


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "shared(*paths): needs these paths under ../shared (tests/support/shared.py); "
        "skipped without them, failed under PH_REQUIRE_SHARED=1",
    )
    if not hasattr(config, "workerinput"):
        _compile_the_library()


def _compile_the_library() -> None:
    """The library's modules compiled once, for the Python processes the suite starts.

    Hundreds of tests run ``python -m politeharvest`` (or an example, a worker) in a process
    of its own. Under ``PYTHONDONTWRITEBYTECODE=1`` no process keeps what it compiled, so
    each compiled the library's modules from source again (0.2-0.25 s of CPU each on a
    checkout; bench/cli_throughput.py found the same). Compiled here once, as pip compiles an
    installed package, they read the bytecode; with bytecode writing on, Python keeps it
    anyway and this is left out.
    """
    if not sys.dont_write_bytecode:
        return
    import compileall

    import politeharvest

    compileall.compile_dir(Path(politeharvest.__file__).parent, quiet=2)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``shared(...)`` skips (or fails, in CI) before it starts without them."""
    for mark in item.iter_markers("shared"):
        for part in mark.args:
            if not have_shared(part):
                missing(shared_path(part))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A test that reads a missing ../shared file without saying so skips as the marked ones do.

    Only when the file really is missing and PH_REQUIRE_SHARED is not set; any other error,
    and this one in CI, stays a failure.
    """
    report = yield
    if report.failed and call.excinfo is not None and not shared_required():
        path = _missing_shared_file(call.excinfo.value)
        if path is not None:
            report.outcome = "skipped"
            report.longrepr = (
                str(item.path),
                item.location[1] + 1 if item.location[1] is not None else 0,
                f"Skipped: {SHARED_SKIP}{shown_shared(path)}",
            )
    return report


def _missing_shared_file(error: BaseException | None) -> str | None:
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, FileNotFoundError) and error.filename is not None:
            name = os.fsdecode(error.filename)
            if is_shared(name) and not os.path.exists(name):
                return name
        error = error.__cause__ or error.__context__
        seen += 1
    return None


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per reason for the skipped tests (not a line per test); one line in all for
    the tests that need the shared fixtures (../shared beside the repository)."""
    from collections import Counter

    reasons: Counter[str] = Counter()
    shared: set[str] = set()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, (tuple, list)) else str(longrepr)
        reason = reason.removeprefix("Skipped: ")
        if reason.startswith(SHARED_SKIP):
            shared.add(reason.removeprefix(SHARED_SKIP))
            reason = SHARED_SKIP.rstrip(": ")
        reasons[reason] += 1
    if reasons:
        terminalreporter.write_sep("-", "skipped tests")
        for reason, count in reasons.most_common():
            if reason == SHARED_SKIP.rstrip(": "):
                names = ", ".join(sorted(p.removeprefix("../shared/") for p in shared))
                reason = (
                    f"no shared fixtures beside the repository ({SHARED}: {names}); "
                    "CI requires them (PH_REQUIRE_SHARED=1)"
                )
            terminalreporter.write_line(f"{count:4d} skipped: {reason}")


@pytest.fixture(autouse=True)
def _own_working_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test runs in a folder of its own: what it writes to relative paths (an example's
    ``.politeharvest/`` state, a demo's output) is never left in the clone, nor met by the
    next run or by a test running beside it on another worker."""
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))


@pytest.fixture(autouse=True)
def _own_default_state(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test's default state (no ``--state``) is its own, never the user's data folder."""
    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("POLITEHARVEST_STATE", str(folder / "state.sqlite"))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def adapter(clock: FakeClock) -> ScriptedAdapter:
    return ScriptedAdapter(clock)


@pytest.fixture
def http(request: pytest.FixtureRequest) -> requests.Session:
    """The requests session under a test's PoliteSession.

    Tests marked ``integration`` talk to real servers on loopback: a session that trusts
    their test CA. Every other test gets one mounted on the scripted transport (FakeClock).
    """
    if request.node.get_closest_marker("integration") is not None:
        return cast(requests.Session, request.getfixturevalue("tls_http"))
    adapter: ScriptedAdapter = request.getfixturevalue("adapter")
    session = requests.Session()
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


@pytest.fixture
def policy() -> Politeness:
    return Politeness(user_agent=UA, from_address="tests@example.org")


@pytest.fixture
def make_session(
    http: requests.Session, clock: FakeClock, policy: Politeness
) -> Callable[..., PoliteSession]:
    """Build a PoliteSession on the fake clock and scripted transport; kwargs evolve the policy."""

    def make(
        events: list[Any] | None = None,
        session_kwargs: dict[str, Any] | None = None,
        **changes: Any,
    ) -> PoliteSession:
        hooks = (events.append,) if events is not None else ()
        return PoliteSession(
            attrs.evolve(policy, **changes),
            http=http,
            clock=clock,
            on_event=hooks,
            **(session_kwargs or {}),
        )

    return make


# -- real servers on loopback (tests marked integration) ------------------------------------


@pytest.fixture(scope="session")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture(scope="session")
def ca_bundle(ca: trustme.CA, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ca") / "ca.pem"
    ca.cert_pem.write_to_path(str(path))
    return path


@pytest.fixture(scope="session")
def server_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(*HOSTS, "127.0.0.1", "localhost").configure_cert(context)
    return context


@pytest.fixture
def serve_here(server_context: ssl.SSLContext) -> Iterator[Callable[..., LoopbackServer]]:
    """Start LoopbackServers in the test process (`tls=True` for https)."""
    started: list[LoopbackServer] = []

    def start(host: str = "127.0.0.2", *, tls: bool = True, port: int = 0) -> LoopbackServer:
        if not free_loopback(host):
            pytest.skip(f"cannot bind {host} on this machine")
        server = LoopbackServer(host, port, ssl_context=server_context if tls else None).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def server_processes(
    ca: trustme.CA, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, ServerProcess]]:
    """One server process per loopback host, started on first use and kept for the session."""
    folder = tmp_path_factory.mktemp("server-cert")
    cert = ca.issue_cert(*HOSTS, "127.0.0.1", "localhost")
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(b"".join(pem.bytes() for pem in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(str(key_file))
    processes: dict[str, ServerProcess] = {}
    processes["files"] = (str(cert_file), str(key_file))  # type: ignore[assignment]
    yield processes
    del processes["files"]
    for process in processes.values():
        process.close()


@pytest.fixture
def serve(server_processes: dict[str, ServerProcess]) -> Iterator[Callable[..., RemoteServer]]:
    """Start LoopbackServers, each host in a process of its own, so a server's log is
    free of the interpreter lock the client (and other hosts' handlers) would hold
    (`tls=True` for https); all are stopped after the test."""
    used: list[ServerProcess] = []

    def start(host: str = "127.0.0.2", *, tls: bool = True) -> RemoteServer:
        if not free_loopback(host):
            pytest.skip(f"cannot bind {host} on this machine")
        if host not in server_processes:
            cert_file, key_file = server_processes["files"]  # type: ignore[misc]
            server_processes[host] = ServerProcess(cert_file, key_file)
        process = server_processes[host]
        used.append(process)
        return process.start(host, tls=tls)

    yield start
    for process in used:
        process.stop_all()


@pytest.fixture
def tls_http(ca_bundle: Path) -> Iterator[requests.Session]:
    """A requests session that trusts the loopback servers' test CA."""
    session = requests.Session()
    session.verify = str(ca_bundle)
    yield session
    session.close()


# -- a real redis-server on loopback (the fleet tests, the docs that name Redis) ----------


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """The server started by `.ci/run` (PH_REDIS_URL), else one started here."""
    if os.environ.get("PH_REDIS_URL"):
        yield RunningServer(os.environ["PH_REDIS_URL"])
        return
    redis_server_binary()
    folder = Path(tempfile.mkdtemp(prefix="ph-redis-"))
    server = RedisServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
