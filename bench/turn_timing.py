"""Figures for the web table: clicks and seconds for one own turn of Time of Crisis played
through the page, and the page's weight on first load.

A test server is started (with seeds allowed), a scripted game (tests/web/scripted.py) is
played into a table up to green's turn with its first buy, and then green's whole turn
(cards, actions, the buy, the end of the turn) is played in headless Chromium by clicking
what the page shows: a big button under the prompt, a card, a region or an army on the
map, and the entry of the menu that opens. It prints the clicks (confirmations counted as
clicks: the browser's confirm() or the page's own dialog), the seconds from the turn's first
click to the blue player's turn, how long the page's main thread was busy in long tasks
meanwhile, and the bytes of HTML, JavaScript, CSS and SVG transferred when the table first
loads. Nothing is asserted: these are figures for a report.

    PYTHONPATH=src .venv/bin/python bench/turn_timing.py [--width 1440 --height 900]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.scripted import Table, plan  # noqa: E402

from crisis.devtools.loadtest import free_port, start_server  # noqa: E402

#: Counts the page's long tasks (main-thread work over 50 ms) from now on.
LONG_TASKS = """() => {
  window.__longTasks = [0, 0];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longTasks[0] += 1;
      window.__longTasks[1] += e.duration;
    }
  }).observe({ type: "longtask", buffered: false });
}"""

CARD_BOX = {"play_card": "#hand", "buy": "#market", "choose_card": "#piles", "trash": "#piles"}


def the_turn(moment: int, actions: list[tuple[str, list[Any]]]) -> range:
    """The run of green's actions around ``moment``."""
    start = moment
    while start > 0 and actions[start - 1][0] == "green":
        start -= 1
    end = moment
    while end < len(actions) and actions[end][0] == "green":
        end += 1
    return range(start, end)


class Clicker:
    """Takes planned actions through the page, counting clicks."""

    def __init__(self, page: Any, table: Table) -> None:
        self.page, self.table, self.clicks = page, table, 0
        page.on("dialog", self._dialog)

    def _dialog(self, dialog: Any) -> None:
        self.clicks += 1  # the confirm's OK
        dialog.accept()

    def click(self, locator: Any) -> None:
        locator.click()
        self.clicks += 1

    def region(self, locator: Any) -> None:
        """A click on a region (its middle may lie under a neighbour: the click goes to the
        region itself, as a player's click on a visible part of it would)."""
        box = locator.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        locator.dispatch_event("click", {"clientX": x, "clientY": y})
        self.clicks += 1

    def menu(self, label: str) -> None:
        menu = self.page.locator("#menu:not(.hidden)")
        if menu.count():
            self.click(menu.locator("button", has_text=label).first)

    def take(self, role: str, action: list[Any]) -> None:
        page = self.page
        state = self.table.state(role)
        words = dict(zip(map(repr, state["actions"]), state["labels"], strict=True))
        label = words[repr(action)]["label"]
        verb = action[0]
        arg: Any = action[1] if len(action) > 1 else None
        big = page.locator("#buttons button", has_text=label)
        if big.count():
            self.click(big.first)
        elif verb in CARD_BOX:
            self.click(page.locator(f'{CARD_BOX[verb]} [data-card="{arg}"].target').first)
            self.menu(label)
        elif verb in ("move_army", "initiate_battle"):
            army, where = arg
            self.click(page.locator(f'#map .counter.army.target[data-army="{army}"]'))
            if verb == "move_army":
                self.region(page.locator(f'#map path.area.dest[data-region="{where}"]'))
            else:
                self.click(page.locator(f'#map .counter.foe[data-key="foe:{where}"]'))
        else:
            regions = [x for x in (arg if isinstance(arg, list) else [arg]) if isinstance(x, str)]
            where = regions[0] if regions else ""
            region = page.locator(f'#map path.area.target[data-region="{where}"]')
            if where and region.count():
                self.region(region)
                self.menu(label)
            else:  # from the folded list under the prompt
                listed = page.locator("#all-actions")
                if not listed.evaluate("d => d.open"):
                    self.click(listed.locator("summary"))
                self.click(page.locator("#action-list button", has_text=label).first)
        version = self.table.version
        for _ in range(400):
            asked = page.locator("dialog#confirm[open] #confirm-ok")
            if asked.count():  # the page's own question (newer pages: no browser confirm())
                self.click(asked)
            now = self.table.state("green")["version"]
            if now > version:
                break
            time.sleep(0.01)
        else:
            raise RuntimeError(f"the page did not take {action} (stuck at version {version})")
        self.table.synced()
        for _ in range(200):  # the page has drawn the new state
            if page.locator("#prompt", has_text="Sending").count() == 0:
                break
            page.wait_for_timeout(10)
        page.wait_for_timeout(30)


def page_weight(page: Any, url: str) -> dict[str, int]:
    """Bytes transferred by type on a fresh first load of ``url``."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    kinds: dict[str, str] = {}
    sizes: dict[str, int] = {}

    def response(ev: dict[str, Any]) -> None:
        mime = ev["response"].get("mimeType", "")
        name = ev["response"]["url"].rsplit("/", 1)[-1].split("?")[0]
        kinds[ev["requestId"]] = (
            "svg" if "svg" in mime else "js" if "javascript" in mime else
            "css" if "css" in mime else "html" if "html" in mime else "other:" + name
        )  # fmt: skip

    def finished(ev: dict[str, Any]) -> None:
        kind = kinds.get(ev["requestId"], "other")
        sizes[kind] = sizes.get(kind, 0) + int(ev["encodedDataLength"])

    cdp.on("Network.responseReceived", response)
    cdp.on("Network.loadingFinished", finished)
    page.goto(url)
    page.wait_for_selector("#map .counter", timeout=20_000)
    page.wait_for_timeout(500)
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=1440)
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    the_plan = plan()
    turn = the_turn(the_plan.moments["buy"], the_plan.actions)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start_server(f"sqlite:///{tmp}/t.db", port, "--bot-delay", "0", "--allow-seed")
        try:
            table = Table(f"http://127.0.0.1:{port}", the_plan).create()
            table.advance(turn.start)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium")
                viewport: ViewportSize = {"width": args.width, "height": args.height}
                page = browser.new_page(viewport=viewport)
                sizes = page_weight(page, table.link())
                page.wait_for_timeout(300)
                clicker = Clicker(page, table)
                page.evaluate(LONG_TASKS)
                started = time.perf_counter()
                verbs = []
                for i in turn:
                    role, action = the_plan.actions[i]
                    verbs.append(action[0])
                    clicker.take(role, action)
                seconds = time.perf_counter() - started
                busy = page.evaluate("window.__longTasks || [0, 0]")
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"viewport {args.width}x{args.height}")
    print(f"one own turn: {len(turn)} actions ({', '.join(verbs)})")
    print(f"clicks: {clicker.clicks}   seconds (page and server, no thinking): {seconds:.2f}")
    print(
        f"page busy (main-thread tasks over 50 ms, PerformanceObserver 'longtask'): "
        f"{busy[0]} tasks, {busy[1] / 1000:.2f} s"
    )
    total = sum(v for k, v in sizes.items() if k in ("html", "js", "css", "svg"))
    print(
        "first load, bytes transferred: " + ", ".join(f"{k} {v}" for k, v in sorted(sizes.items()))
    )
    print(f"HTML+JS+CSS+SVG: {total} bytes ({total / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
