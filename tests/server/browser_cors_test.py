#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""CORS from a real browser: headless Chromium's fetch() against eddy-server.

    python3 browser_cors_test.py path/to/eddy-server

A page served from another origin (a local http.server) calls eddy-server
with DynamoDB's headers, which makes Chromium send a preflight first. Three
servers: the default (-cors *), an allow-list naming the page's origin, and
an allow-list naming another origin, where the browser must refuse the call.

Chromium (Debian package `chromium`) is not installed by tools/setup.sh:
without it the test prints SKIP and exits 77, which CTest reports as skipped.
"""

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import EddyServer, install_sigterm_handler  # noqa: E402

PAGE = """<!doctype html><html><body><pre id="out">pending</pre><script>
const pad = (n) => String(n).padStart(2, "0");
const d = new Date();
const amzDate = d.getUTCFullYear() + pad(d.getUTCMonth() + 1) +
    pad(d.getUTCDate()) + "T" + pad(d.getUTCHours()) +
    pad(d.getUTCMinutes()) + pad(d.getUTCSeconds()) + "Z";
fetch("%(endpoint)s/", {
  method: "POST",
  headers: {
    "Content-Type": "application/x-amz-json-1.0",
    "X-Amz-Target": "DynamoDB_20120810.ListTables",
    "X-Amz-Date": amzDate,
    "Authorization": "AWS4-HMAC-SHA256 Credential=AKID/" +
        amzDate.slice(0, 8) + "/us-east-1/dynamodb/aws4_request, " +
        "SignedHeaders=content-type;host;x-amz-date;x-amz-target, " +
        "Signature=abc",
  },
  body: "{}",
}).then(async (r) => {
  document.getElementById("out").textContent = JSON.stringify({
    status: r.status,
    body: await r.json(),
    requestId: r.headers.get("x-amzn-RequestId"),
  });
}).catch((e) => {
  document.getElementById("out").textContent =
      JSON.stringify({blocked: String(e)});
});
</script></body></html>"""


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class PageServer:
    """Serves page.html (set per run) from 127.0.0.1 on a free port."""

    def __init__(self):
        self.html = b""
        page = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page.html)))
                self.end_headers()
                self.wfile.write(page.html)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                                     Handler)
        self.origin = "http://127.0.0.1:%d" % self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def run_page(chromium, page, endpoint, profile):
    page.html = (PAGE % {"endpoint": endpoint}).encode()
    out = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-extensions",
         "--disable-dev-shm-usage", "--no-first-run",
         "--user-data-dir=" + profile, "--virtual-time-budget=10000",
         "--dump-dom", page.origin + "/page.html"],
        capture_output=True, text=True, timeout=120)
    marker = '<pre id="out">'
    start = out.stdout.find(marker)
    assert start >= 0, "no page in chromium's output: %s %s" % (
        out.stdout[-500:], out.stderr[-2000:])
    text = out.stdout[start + len(marker):out.stdout.find("</pre>", start)]
    assert text != "pending", "the fetch did not finish"
    return json.loads(text.replace("&quot;", '"').replace("&amp;", "&"))


def main():
    install_sigterm_handler()
    chromium = find_chromium()
    if chromium is None:
        print("SKIP: chromium is not installed (apt-get install chromium)")
        sys.exit(77)
    binary = sys.argv[1]
    page = PageServer()
    profile = tempfile.mkdtemp(prefix="eddy-cors-chromium-")
    try:
        with EddyServer(binary) as server:  # the default: -cors *
            r = run_page(chromium, page, server.url, profile)
            assert r.get("status") == 200, r
            assert r["body"] == {"TableNames": []}, r
            assert len(r["requestId"] or "") == 52, r  # an exposed header
        with EddyServer(binary, "-cors", page.origin) as server:
            r = run_page(chromium, page, server.url, profile)
            assert r.get("status") == 200, r
        with EddyServer(binary, "--cors", "http://other.example") as server:
            r = run_page(chromium, page, server.url, profile)
            assert "blocked" in r, r
    finally:
        page.close()
        shutil.rmtree(profile, ignore_errors=True)
    print("PASS: CORS from headless Chromium (-cors *, an allow-list with "
          "the page's origin, and one without it: blocked)")


if __name__ == "__main__":
    main()
