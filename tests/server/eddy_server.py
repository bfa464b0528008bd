# Copyright 2026 The eddy Authors.
"""Starts the real eddy-server binary for a test and always stops it.

    with EddyServer(binary) as server:
        client = boto3.client("dynamodb", endpoint_url=server.url, ...)

The server is started with `--port 0`; its one ready line,
"eddy-server listening on http://127.0.0.1:PORT", gives the URL. It is
stopped with SIGTERM when the block ends (an exception included) and must
exit 0. The child also gets SIGTERM if this process dies (PR_SET_PDEATHSIG),
so a killed test run never leaves a server behind.
"""

import ctypes
import os
import re
import select
import signal
import subprocess
import sys
import time

_READY = re.compile(r"^eddy-server listening on (http://\S+)$")


def _die_with_parent():
    # prctl(PR_SET_PDEATHSIG, SIGTERM): Linux only, best effort elsewhere.
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except OSError:
        pass


class EddyServer:
    def __init__(self, binary, *args, ready_timeout=30.0):
        self.binary = binary
        self.args = list(args)
        self.ready_timeout = ready_timeout
        self.process = None
        self.url = None
        self.startup_seconds = None

    def __enter__(self):
        started = time.monotonic()
        self.process = subprocess.Popen(
            [self.binary, "--port", "0", *self.args],
            stdout=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
        )
        try:
            line = self._read_ready_line()
        except BaseException:
            self._stop()
            raise
        self.startup_seconds = time.monotonic() - started
        match = _READY.match(line)
        if not match:
            self._stop()
            raise RuntimeError("unexpected ready line: %r" % line)
        self.url = match.group(1)
        return self

    def _read_ready_line(self):
        deadline = time.monotonic() + self.ready_timeout
        data = b""
        fd = self.process.stdout.fileno()
        while b"\n" not in data:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise RuntimeError("eddy-server printed no ready line")
            ready, _, _ = select.select([fd], [], [], remaining)
            if ready:
                chunk = os.read(fd, 4096)
                if not chunk:
                    raise RuntimeError(
                        "eddy-server exited with %s before it was ready"
                        % self.process.wait())
                data += chunk
        return data.split(b"\n", 1)[0].decode()

    def _stop(self):
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else None
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise RuntimeError("eddy-server did not exit on SIGTERM")

    def __exit__(self, exc_type, exc, tb):
        code = self._stop()
        if exc_type is None and code != 0:
            raise RuntimeError("eddy-server exited with %s, not 0" % code)
        return False


def install_sigterm_handler():
    """Turns SIGTERM (a CTest timeout) into SystemExit so `with` blocks clean up."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
