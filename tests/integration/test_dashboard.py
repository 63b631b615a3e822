"""The Prefect dashboard of `casewright server start`, in a real browser (headless Chromium).

A server started by flows/server.py on a free port with its own data directory; a real
`casewright new` cavity run (Docker OpenFOAM) against it; then Chromium opens the run's page
as a user would, driven over the DevTools protocol on 127.0.0.1 (the `websockets` client
Prefect already depends on; no Selenium). Every name lookup except 127.0.0.1 fails in this
browser, so what the dashboard shows, it shows offline. Screenshots go to tests/output/.

Chromium missing: the tests skip, or fail when CASEWRIGHT_REQUIRE_BROWSER is set (CI).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.conftest import run_cli

pytestmark = pytest.mark.integration

REQUEST = "2D lid-driven cavity, lid 1 m/s, icoFoam"
SCREENSHOTS = Path(__file__).resolve().parents[1] / "output"
# Hosts beyond 127.0.0.1 the dashboard may try: none. Prefect 3.9's V2 dashboard initialises
# Amplitude on every load whatever PREFECT_SERVER_ANALYTICS_ENABLED says, so flows/server.py
# serves the V1 dashboard (PREFECT_SERVER_UI_V2_ENABLED=false), which asks no outside host.
UPSTREAM_BEACONS: set[str] = set()
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-proxy-server", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--window-size=1400,1000",
]


def chromium_binary() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if path := shutil.which(name):
            return path
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def api_json(url: str, body: dict | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"},
                                 method="GET" if body is None else "POST")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


class Page:
    """One Chromium tab over the DevTools protocol: navigate, evaluate, wait, screenshot, and
    the requests the page made since it was last opened."""

    def __init__(self, ws_url: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(ws_url, max_size=None, open_timeout=10)
        self.next_id = 0
        self.requests: dict[str, str] = {}  # requestId -> url
        self.responses: dict[str, int] = {}  # url -> status
        self.failed: dict[str, str] = {}  # url -> error text
        self.send("Network.enable")
        self.send("Page.enable")

    def send(self, method: str, **params: Any) -> dict:
        self.next_id += 1
        call_id = self.next_id
        self.ws.send(json.dumps({"id": call_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            if msg.get("id") == call_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]
            self._event(msg)

    def _event(self, msg: dict) -> None:
        method, params = msg.get("method"), msg.get("params", {})
        if method == "Network.requestWillBeSent":
            self.requests[params["requestId"]] = params["request"]["url"]
        elif method == "Network.responseReceived":
            self.responses[params["response"]["url"]] = params["response"]["status"]
        elif method == "Network.loadingFailed":
            url = self.requests.get(params["requestId"], params["requestId"])
            self.failed[url] = params.get("errorText", "")

    def open(self, url: str) -> None:
        self.requests.clear()
        self.responses.clear()
        self.failed.clear()
        self.send("Page.navigate", url=url)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("text", "exception"))
        return result["result"].get("value")

    def text(self) -> str:
        return self.evaluate("document.body ? document.body.innerText : ''") or ""

    def wait_for(self, expression: str, what: str, timeout: float = 45.0) -> Any:
        """Poll a JS expression until it is truthy; fail with the page's text when it is not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except RuntimeError:  # the page is still navigating: no execution context yet
                value = None
            if value:
                return value
            time.sleep(0.25)
        raise AssertionError(f"the dashboard never showed {what} within {timeout:.0f} s; "
                             f"page {self.evaluate('location.href')} reads:\n{self.text()[-3000:]}")

    def wait_for_text(self, *needles: str, timeout: float = 45.0) -> str:
        checks = " && ".join(f"document.body.innerText.includes({json.dumps(n)})" for n in needles)
        self.wait_for(f"document.body && {checks}", " and ".join(repr(n) for n in needles), timeout)
        return self.text()

    def scroll_to(self, needle: str) -> None:
        """Bring the element whose own text holds needle to the middle of the viewport."""
        xpath = json.dumps(f"//*[contains(text(), {json.dumps(needle)})]")
        self.evaluate(f"document.evaluate({xpath}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)"
                      ".singleNodeValue?.scrollIntoView({block: 'center'})")

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / name
        path.write_bytes(base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"]))
        return path

    def outside_hosts(self) -> set[str]:
        """Hosts other than 127.0.0.1 the page tried to reach since it was opened."""
        hosts = {urlsplit(u).hostname for u in self.requests.values() if urlsplit(u).scheme in ("http", "https", "ws", "wss")}
        return {h for h in hosts if h and h != "127.0.0.1"}


@pytest.fixture(scope="module")
def chromium() -> str:
    path = chromium_binary()
    if path is None:
        if os.environ.get("CASEWRIGHT_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail("CASEWRIGHT_REQUIRE_BROWSER is set but chromium is not installed "
                        "(apt-get install chromium; .ci/setup installs it)")
        pytest.skip("chromium not installed (apt-get install chromium); set CASEWRIGHT_REQUIRE_BROWSER=1 to fail instead")
    return path


@pytest.fixture(scope="module")
def dashboard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server of our own (flows/server.py) on a free port and a temporary data directory,
    so the user's server and the session's test server are left alone."""
    from flows import server

    data = tmp_path_factory.mktemp("dashboard-data")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "CASEWRIGHT_PREFECT_API"))}
    env.update(CASEWRIGHT_DATA_DIR=str(data), CASEWRIGHT_PREFECT_PORT=str(port), DO_NOT_TRACK="1")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEWRIGHT_DATA_DIR", str(data))
        for key in ("PREFECT_API_URL", "PREFECT_HOME", "PREFECT_API_DATABASE_CONNECTION_URL", "PREFECT_UI_API_URL"):
            mp.delenv(key, raising=False)
        st = server.start(port)
        try:
            yield {"port": port, "env": env, "api": st.api_url, "url": st.dashboard_url}
        finally:
            server.stop(port)


@pytest.fixture(scope="module")
def cavity_run(dashboard: dict[str, Any], need_docker: None, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """`casewright new` on a small cavity, then the flow run as the API knows it."""
    out = tmp_path_factory.mktemp("dashboard-case") / "cavity"
    proc = run_cli(["new", REQUEST, "-o", str(out), "--json"], dashboard["env"])
    assert proc.returncode == 0, f"casewright new exited {proc.returncode}:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    result = json.loads(proc.stdout)
    assert result["status"] == "completed" and result["residual_plot"], result
    runs = api_json(f"{dashboard['api']}/flow_runs/filter", {"flows": {"name": {"any_": ["request-to-case"]}}})
    assert len(runs) == 1, [r["name"] for r in runs]
    return {"result": result, "stderr": proc.stderr, "flow_run": runs[0], "case": out}


@pytest.fixture(scope="module")
def page(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    log = (profile.parent / "chromium.log").open("wb")
    proc = subprocess.Popen([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
                            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        active = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (active.exists() and len(active.read_text().splitlines()) >= 2):
            assert proc.poll() is None, f"chromium exited {proc.returncode}; see {log.name}"
            time.sleep(0.1)
        devtools_port = int(active.read_text().splitlines()[0])
        targets = api_json(f"http://127.0.0.1:{devtools_port}/json/list")
        tab = Page(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        yield tab
        tab.ws.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


def ui_base(dashboard: dict[str, Any]) -> str:
    """Where the dashboard a user lands on lives: the V1 dashboard, served by flows/server.py."""
    settings = api_json(f"{dashboard['url']}/ui-settings")
    assert settings["default_ui"] == "v1", settings
    return settings["v1_base_url"].rstrip("/")


def open_run_tab(page: Page, dashboard: dict[str, Any], flow_run_id: str, tab: str) -> None:
    """The run's page, then a click on its tab (`Logs`, `Task Runs`, `Artifacts`), as a user would.

    V1 hides the run tabs but Logs until the run is loaded, so `?tab=Artifacts` in the URL
    falls back to Logs: the tab is clicked once it shows."""
    page.open(f"{dashboard['url']}{ui_base(dashboard)}/runs/flow-run/{flow_run_id}")
    label = json.dumps(tab)
    page.wait_for(f"""(() => {{
        const tab = [...document.querySelectorAll('li.p-tab')].find(e => e.innerText.trim() === {label});
        if (tab && !tab.classList.contains('p-tab__active')) tab.click();
        return !!tab && tab.classList.contains('p-tab__active');
    }})()""", f"the {tab} tab of the run")


def assert_connected(page: Page, dashboard: dict[str, Any]) -> None:
    """The dashboard asked its API's /health, got 200, shows no connection error, and tried
    no host but 127.0.0.1."""
    health = f"{dashboard['api']}/health"
    deadline = time.monotonic() + 30
    while health not in page.responses and time.monotonic() < deadline:
        page.evaluate("1")  # a round trip drains the network events received meanwhile
        time.sleep(0.2)
    assert page.responses.get(health) == 200, (
        f"the dashboard did not get 200 from {health}: responses {sorted(page.responses.items())[:20]}")
    text = page.text()
    assert "Can't connect" not in text and "Something went wrong" not in text, text[-2000:]
    assert page.outside_hosts() <= UPSTREAM_BEACONS, f"the dashboard reached beyond 127.0.0.1: {page.outside_hosts()}"
    loopback_failures = {u: e for u, e in page.failed.items() if urlsplit(u).hostname == "127.0.0.1"}
    assert not loopback_failures, loopback_failures


def test_the_cli_keeps_run_logs_off_the_terminal(cavity_run):
    """INFO goes to the API (the next tests read it in the dashboard), not to the user's stderr."""
    assert not re.search(r"\|\s*INFO\s*\|", cavity_run["stderr"]), cavity_run["stderr"][-2000:]


def test_server_gives_its_dashboard_the_api_url_of_its_port(dashboard):
    settings = api_json(f"{dashboard['url']}/ui-settings")
    assert settings["api_url"] == f"http://127.0.0.1:{dashboard['port']}/api"


def test_server_serves_the_v1_dashboard(dashboard):
    """V2 (Prefect 3.9) loads an analytics SDK that calls an outside host on every page."""
    settings = api_json(f"{dashboard['url']}/ui-settings")
    assert settings["default_ui"] == "v1", settings


def test_dashboard_home_connects_to_the_api(page, dashboard, cavity_run):
    page.open(dashboard["url"] + "/")
    page.wait_for_text("Flow Runs", "Task Runs", "Completed")  # the home page's run counts, loaded
    assert_connected(page, dashboard)
    page.screenshot("dashboard-home.png")


def test_flow_run_page_lists_the_task_runs(page, dashboard, cavity_run):
    run = cavity_run["flow_run"]
    open_run_tab(page, dashboard, run["id"], "Task Runs")
    text = page.wait_for_text(run["name"], "Completed", "blockMesh", "icoFoam", "score-case")
    assert_connected(page, dashboard)
    for task_name in ("route-request", "plan-case", "write-case", "check-case", "publish-report"):
        assert task_name in text, f"task run {task_name} missing from the Task Runs tab"
    page.screenshot("dashboard-task-runs.png")


def test_logs_tab_shows_each_openfoam_step(page, dashboard, cavity_run):
    run = cavity_run["flow_run"]
    open_run_tab(page, dashboard, run["id"], "Logs")
    text = page.wait_for_text("blockMesh: ok in", "icoFoam: ok in")
    assert_connected(page, dashboard)
    assert "This run didn't generate logs" not in text
    case = str(cavity_run["case"])
    assert "steps: blockMesh, icoFoam" in text and f"blockMesh on {case} (docker backend)" in text
    assert re.search(rf"icoFoam: ok in \d+\.\d\d s \(exit 0\); log {re.escape(case)}/log\.icoFoam", text)
    page.scroll_to("blockMesh: ok in")
    page.screenshot("dashboard-logs.png")


def test_case_artifact_shows_the_residual_plot(page, dashboard, cavity_run):
    run = cavity_run["flow_run"]
    key = "case-" + cavity_run["case"].name.lower()
    open_run_tab(page, dashboard, run["id"], "Artifacts")
    page.wait_for_text(key)
    assert_connected(page, dashboard)
    # open the artifact from its card, as a user would
    page.wait_for(f"""(() => {{
        const card = [...document.querySelectorAll('a[href*="/artifacts/artifact/"]')]
            .find(a => a.innerText.includes({json.dumps(key)}));
        if (card) card.click();
        return !!card;
    }})()""", f"a link to the artifact {key}")
    page.wait_for_text("score 4/4")
    shown = page.wait_for("""(() => {
        const img = [...document.images].find(i => i.src.startsWith('data:image/png;base64,'));
        if (!img || !img.complete || img.naturalWidth === 0) return null;
        img.scrollIntoView({block: 'center'});
        const box = img.getBoundingClientRect();
        return {alt: img.alt, natural: [img.naturalWidth, img.naturalHeight], shown: [box.width, box.height]};
    })()""", "the residual plot decoded and laid out")
    assert shown["alt"] == "initial residuals of icoFoam"
    assert shown["natural"][0] >= 300 and shown["shown"][0] > 100, shown
    assert "Can't connect" not in page.text()
    page.screenshot("dashboard-artifact-residuals.png")
    # the plot is embedded small: the whole artifact stays well under 100 kB
    artifacts = api_json(f"{dashboard['api']}/artifacts/filter", {"artifacts": {"key": {"any_": [key]}}})
    assert len(artifacts) == 1 and len(artifacts[0]["data"]) < 100_000
