"""How fast the pages paint in Chromium, against a one-line page from the same machine.

    .venv/bin/python bench/page_load.py [--rounds 15] [--workers 2] [--latency MS]
                                        [--baseline URL] [--quick]

Starts `tablero serve` (--workers gthread workers, a temporary SQLite database) on a free
port, and a one-line HTML page (`<!doctype html><title>one line</title><p>Tablero</p>`,
`Cache-Control: no-cache`) from a tiny http.server of its own on another port, then drives
Debian's Chromium (/usr/bin/chromium, through Playwright, launched as tests/conftest.py
does) over loopback.  Each round loads every page, in an order rotated from round to
round so the one-line page is measured between the others, twice:

  cold   a new browser context (empty cache, no connection), `goto` the page;
  warm   then `reload()` in that context: what a returning visitor's cache gives.

Each load waits for the `load` event and the first contentful paint, then reads the
Performance API: `performance.getEntriesByType('paint')` for the first contentful paint
(from the navigation's start), and the navigation and resource entries for the requests
the page made up to then (`requests`), how many went to the network (`network`: a
transferSize above 0, a 304 included; the others came from the cache) and the bytes
transferred (`bytes`: transferSize, headers included).

Printed: for each page, the medians over the rounds, cold and warm, and the ratio of its
median first contentful paint to the one-line page's median of the same kind (goal: at
most 2x, issue 20 item 6), with the load average at the start and at the end.

A second one-line page (`one-line+headers`, from a second tiny server) carries the
response headers that app/security.py puts on every answer of Tablero's.  One of them,
`Cross-Origin-Opener-Policy: same-origin`, costs a cold load by itself: Chromium opens a
page that sets it, from a new tab's blank page, in a new browsing context group, with a
renderer process of its own, where the bare one-line page reuses the tab's (measured
here, 30 rounds at load 26 on 2 cores: 112 ms bare, 140 ms with that header alone, 106 ms
with every other header of ours; other runs showed less).  So each page is also compared with that page, which
costs the same navigation as any page of a Tablero server: what is left is the page's
own cost.  Both verdicts are printed.

--latency MS adds that much latency to every request of every page, the one-line page's
included (Chromium's own network emulation, through the DevTools protocol): loopback
answers in well under a millisecond, a campus network does not, and it is there that the
round trips of a page's requests (a stylesheet, modules importing modules) show.

--from-link loads each page the way a person arrives from elsewhere (an invite link in a
chat, a course's page): a page of another site (`localhost`, where every page measured
is on `127.0.0.1`) is opened first, and its link to the page is clicked.  Chromium then
starts the page's document in a renderer process of its own whether or not it sets
Cross-Origin-Opener-Policy (site isolation), the one-line page's included: the cold
measure is the same navigation for every page, and it is the one a person makes.

--baseline URL also loads the same pages from a server already running at URL (say, the
previous commit's `tablero serve`), alternated with the others in the same rounds, so a
before/after is measured under the same load.  --quick: 2 rounds, for a smoke run.
"""

from __future__ import annotations

import argparse
import http.server
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, LiveServer  # noqa: E402

PAGES = {"index": "/", "go": "/go", "molinolog": "/molinolog", "gorogo": "/gorogo",
         "azul": "/azul"}
ONE_LINE = b"<!doctype html><title>one line</title><p>Tablero</p>\n"
GOAL = 2.0

#  Run in the page once `load` has fired: waits for the first contentful paint, then
#  reads what the navigation and its resources cost.
MEASURE = """async () => {
  const fcp = () => performance.getEntriesByType('paint')
    .find(e => e.name === 'first-contentful-paint');
  for (let i = 0; i < 200 && !fcp(); i++) await new Promise(r => setTimeout(r, 25));
  const entries = [...performance.getEntriesByType('navigation'),
                   ...performance.getEntriesByType('resource')];
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    fcp: fcp() ? fcp().startTime : null,
    load: nav ? nav.loadEventStart : null,
    requests: entries.length,
    network: entries.filter(e => e.transferSize > 0).length,
    bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
    names: entries.map(e => new URL(e.name).pathname),
  };
}"""


class OneLine(http.server.BaseHTTPRequestHandler):
    """The one-line page, at every path, kept alive like the server's."""

    protocol_version = "HTTP/1.1"
    headers_of_ours: dict[str, str] = {}

    def do_GET(self):  # noqa: N802 (http.server's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(ONE_LINE)))
        self.send_header("Cache-Control", "no-cache")
        for name, value in self.headers_of_ours.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(ONE_LINE)

    def log_message(self, *_args):
        pass


class OneLineWithOurHeaders(OneLine):
    """The one-line page with the headers Tablero puts on every answer (app/security.py)."""

    from app.security import SECURITY_HEADERS as headers_of_ours


class LinkPage(OneLine):
    """A page of another site with one link, to the URL in its query (`?to=URL`)."""

    def do_GET(self):  # noqa: N802
        from html import escape
        from urllib.parse import parse_qs, urlsplit

        target = parse_qs(urlsplit(self.path).query).get("to", ["/"])[0]
        body = (f'<!doctype html><title>elsewhere</title><a id="go" href="{escape(target)}">'
                "the page</a>\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def start_one_line(handler=OneLine) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def load(browser, url: str, latency: float = 0, link: str | None = None) -> tuple[dict, dict]:
    """One cold load of `url` in a new context, then a warm reload: their measures.  With
    `link` (a LinkPage's URL) the cold load is a click on that page's link to `url`."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        page = context.new_page()
        if latency:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": latency, "downloadThroughput": -1,
                "uploadThroughput": -1})
        if link:
            from urllib.parse import quote

            page.goto(f"{link}?to={quote(url, safe='')}", wait_until="load")
            with page.expect_navigation(url=url, wait_until="load"):
                page.click("#go")
        else:
            page.goto(url, wait_until="load")
        cold = page.evaluate(MEASURE)
        page.reload(wait_until="load")
        warm = page.evaluate(MEASURE)
        return cold, warm
    finally:
        context.close()


def loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--latency", type=float, default=0,
                        help="ms of latency added to every request (Chromium's emulation)")
    parser.add_argument("--baseline", help="also load the pages from this running server")
    parser.add_argument("--from-link", action="store_true",
                        help="arrive at each page by a link on a page of another site")
    parser.add_argument("--quick", action="store_true", help="2 rounds: a smoke run")
    args = parser.parse_args(argv)
    rounds = 2 if args.quick else args.rounds

    from playwright.sync_api import sync_playwright

    print(f"load average at start: {loadavg()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="tablero-page-load-") as tmp:
        server = LiveServer(Path(tmp) / "bench.db", workers=args.workers).start()
        one_line, line_url = start_one_line()
        headed, headed_url = start_one_line(OneLineWithOurHeaders)
        elsewhere, link = start_one_line(LinkPage) if args.from_link else (None, None)
        if link:       # another site: `localhost`, where the pages are on 127.0.0.1
            link = link.replace("127.0.0.1", "localhost")
        targets = {"one-line": line_url, "one-line+headers": headed_url}
        for name, path in PAGES.items():
            targets[name] = server.url + path
        if args.baseline:
            for name, path in PAGES.items():
                targets[f"base:{name}"] = args.baseline.rstrip("/") + path
        results: dict[str, dict[str, list[dict]]] = {
            name: {"cold": [], "warm": []} for name in targets}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for name, url in targets.items():     # warm-up: servers, browser
                        load(browser, url, args.latency, link)
                    names = list(targets)
                    for n in range(rounds):
                        shift = n % len(names)
                        for name in names[shift:] + names[:shift]:
                            cold, warm = load(browser, targets[name], args.latency, link)
                            results[name]["cold"].append(cold)
                            results[name]["warm"].append(warm)
                        print(f"round {n + 1}/{rounds}: load average {loadavg()}", flush=True)
                finally:
                    browser.close()
        finally:
            one_line.shutdown()
            headed.shutdown()
            if elsewhere:
                elsewhere.shutdown()
            server.kill(15)

    line = {kind: median(r["fcp"] for r in results["one-line"][kind])
            for kind in ("cold", "warm")}
    headed_line = {kind: median(r["fcp"] for r in results["one-line+headers"][kind])
                   for kind in ("cold", "warm")}
    print()
    print(f"Chromium {CHROMIUM}, {rounds} rounds, `tablero serve --workers {args.workers}`,"
          f" {args.latency:g} ms added latency; "
          + ("cold: arrived by a link on a page of another site; " if args.from_link else
             "cold: a new tab's first page; ")
          + "medians; first contentful paint (fcp) and load event in ms; ratio = page / "
          "one-line page")
    header = (f"{'page':<16}{'fcp cold':>9}{'ratio':>7}{'fcp warm':>10}{'ratio':>7}"
              f"{'load cold':>10}{'req cold':>9}{'net':>5}{'KB cold':>9}"
              f"{'req warm':>9}{'net':>5}{'KB warm':>9}")
    print(header)
    print("-" * len(header))
    met = met_headed = True
    worst = worst_headed = 0.0
    for name in targets:
        row = results[name]
        fcp = {kind: median(r["fcp"] for r in row[kind]) for kind in ("cold", "warm")}
        ratio = {kind: fcp[kind] / line[kind] for kind in fcp}
        if name in PAGES:
            headed_ratio = max(fcp[kind] / headed_line[kind] for kind in fcp)
            worst, worst_headed = max(worst, *ratio.values()), max(worst_headed, headed_ratio)
            met = met and all(r <= GOAL for r in ratio.values())
            met_headed = met_headed and headed_ratio <= GOAL
        stat = {kind: {key: median(r[key] for r in row[kind])
                       for key in ("load", "requests", "network", "bytes")}
                for kind in ("cold", "warm")}
        print(f"{name:<16}{fcp['cold']:>9.0f}{ratio['cold']:>6.2f}x{fcp['warm']:>10.0f}"
              f"{ratio['warm']:>6.2f}x{stat['cold']['load']:>10.0f}"
              f"{stat['cold']['requests']:>9.0f}{stat['cold']['network']:>5.0f}"
              f"{stat['cold']['bytes'] / 1024:>9.1f}"
              f"{stat['warm']['requests']:>9.0f}{stat['warm']['network']:>5.0f}"
              f"{stat['warm']['bytes'] / 1024:>9.1f}")
    print()
    print(f"goal: every page's first contentful paint within {GOAL:g}x the one-line page's,"
          f" cold and warm: {'met' if met else 'NOT met'} (worst {worst:.2f}x)")
    print(f"      and within {GOAL:g}x the one-line page's with Tablero's headers (the same "
          f"navigation): {'met' if met_headed else 'NOT met'} (worst {worst_headed:.2f}x)")
    print(f"load average at end: {loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
