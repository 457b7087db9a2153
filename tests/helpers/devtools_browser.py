"""A headless chromium driven over the DevTools protocol on a pipe, for the browser tests.

`--remote-debugging-pipe`: JSON messages ending in a NUL byte on file descriptors 3 and 4,
so no websocket library is needed. Used by tests/export/test_html.py (the HTML gallery) and
tests/live/ (the live page). Without a chromium the tests skip; `.ci/run` installs one.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
TIMEOUT = 60.0


def find_browser() -> str | None:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


class DevToolsPipe:
    """A headless chromium and one page of it, spoken to over `--remote-debugging-pipe`."""

    def __init__(self, executable: str, profile: Path):
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def pipes_on_3_and_4():
            # Moved above 10 first, so dup2 onto 3 never clobbers the other end.
            high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=pipes_on_3_and_4, close_fds=False)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.session: str | None = None
        self.events: list[dict] = []
        target = self.call("Target.createTarget", {"url": "about:blank"}, browser=True)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 browser=True)["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.call(f"{domain}.enable")

    def call(self, method: str, params: dict | None = None, browser: bool = False) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if not browser:
            message["sessionId"] = self.session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def wait_for(self, event: str) -> dict:
        while True:
            for index, seen in enumerate(self.events):
                if seen.get("method") == event:
                    return self.events.pop(index)
            self.events.append(self._receive())

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str) -> None:
        """Load `url` afresh (through about:blank: a new hash alone would not reload)."""
        for address in ("about:blank", url):
            self.call("Page.navigate", {"url": address})
            self.wait_for("Page.loadEventFired")
            if address == "about:blank":
                self._forget_earlier_network_errors()

    def _forget_earlier_network_errors(self) -> None:
        # The browser outlives each test's server: a page left open on a server that a
        # finished test stopped may log a refused reconnect (its event stream) before the
        # next test navigates away. Those belong to no test; script errors are kept.
        self.events = [event for event in self.events
                       if not (event.get("method") == "Log.entryAdded"
                               and event["params"]["entry"].get("source") == "network")]

    def errors(self) -> list[str]:
        """Every uncaught exception, console.error and error-level log entry so far."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                found.append(f"{details.get('text')} {details.get('exception', {}).get('description')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(json.dumps(params.get("args"))[:500])
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text", "")[:500])
        return found

    def _receive(self) -> dict:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self._from_child], [], [], remaining)[0]:
                raise TimeoutError("chromium did not answer in time")
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def close(self) -> None:
        try:
            self.call("Browser.close", browser=True)
        except Exception:  # already gone: the kill below makes sure
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_child)
        os.close(self._from_child)

    def screenshot(self, path: Path) -> Path:
        """The page as it looks now, as a PNG at `path`."""
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)

    def wait_until(self, expression: str, timeout: float = 10.0):
        """Evaluate `expression` until it is truthy; its value, or AssertionError on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"not true after {timeout} s: {expression} (last: {value!r})")
            time.sleep(0.05)


def headless_chromium(tmp_path_factory, who: str = "these browser tests"):
    """One headless chromium for a test module, or the module skipped where none is
    installed. In a module: `yield from headless_chromium(tmp_path_factory, "...")` in a
    module-scoped fixture."""
    import pytest  # noqa: PLC0415 (the helper is also imported outside pytest runs)

    executable = find_browser()
    if executable is None:
        pytest.skip(f"no chromium on this machine: {who} need one (apt-get install chromium; .ci/run does this)")
    pipe = DevToolsPipe(executable, tmp_path_factory.mktemp("chromium-profile"))
    yield pipe
    pipe.close()
