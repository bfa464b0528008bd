#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""The eddy-server binary as an operator meets it.

    python3 cli_test.py path/to/eddy-server

--version and --help; the warning when it listens beyond loopback;
--log-requests; and shutdown: SIGTERM closes the listening socket at once,
lets a request in progress finish, exits 1 when the grace runs out first,
and a second signal exits at once. No sleeps: a request is known to be in
progress once the server has answered its `Expect: 100-continue`; waits are
bounded so that a hung server fails the test.
"""

import os
import re
import select
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eddy_server import _die_with_parent, install_sigterm_handler  # noqa

AUTH = ("AWS4-HMAC-SHA256 Credential=AKID/{day}/us-east-1/dynamodb/"
        "aws4_request, SignedHeaders=host;x-amz-date, Signature=abc")


def start(binary, *args):
    """Starts the server; returns (process, port, stderr lines so far)."""
    p = subprocess.Popen([binary, "--port", "0", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
    line = read_line(p.stdout, 30)
    m = re.match(r"^eddy-server listening on http://(\S+):(\d+)$", line)
    assert m, "unexpected ready line %r" % line
    return p, int(m.group(2))


def read_line(stream, timeout):
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        assert left > 0, "no line within %s s (got %r)" % (timeout, data)
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream.fileno(), 1)
            assert chunk, "stream closed (got %r)" % data
            data += chunk
    return data.decode().rstrip("\n")


def signed_head(operation, length, extra=""):
    now = time.gmtime()
    amz_date = time.strftime("%Y%m%dT%H%M%SZ", now)
    return ("POST / HTTP/1.1\r\nHost: localhost\r\n"
            "Content-Type: application/x-amz-json-1.0\r\n"
            "X-Amz-Target: DynamoDB_20120810.%s\r\nX-Amz-Date: %s\r\n"
            "Authorization: %s\r\n%sContent-Length: %d\r\n\r\n"
            % (operation, amz_date, AUTH.format(day=amz_date[:8]), extra,
               length)).encode()


def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, "connection closed before a response: %r" % data
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, v in
               (line.split(":", 1) for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        assert chunk
        rest += chunk
    return status, headers, rest[:length]


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    return s


def request_in_progress(port):
    """A connection whose ListTables the server has begun reading."""
    body = b'{"Limit": 10}'
    s = connect(port)
    s.sendall(signed_head("ListTables", len(body),
                          "Expect: 100-continue\r\n"))
    status, _, _ = read_response(s)
    assert status == 100, status
    return s, body


def refused(port):
    # A closed listener refuses; a connection that was still in its backlog
    # when it closed is reset instead. Both mean no new client gets in.
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except (ConnectionRefusedError, ConnectionResetError):
        return True
    return False


def wait_exit(p, timeout):
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        raise AssertionError("eddy-server did not exit within %s s" % timeout)


def test_version_and_help(binary):
    out = subprocess.run([binary, "--version"], capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 0, out
    assert re.fullmatch(r"eddy-server \d+\.\d+\.\d+ \(commit "
                        r"([0-9a-f]{4,}|unknown)\)\n", out.stdout), out.stdout
    out = subprocess.run([binary, "--help"], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0
    for flag in ("-cors ORIGINS", "--allow-remote-control",
                 "--shutdown-grace SECONDS", "--max-buffered-bytes N",
                 "--log-requests", "--version", "--max-body-bytes N"):
        assert flag in out.stdout, flag


def test_warns_beyond_loopback(binary):
    p, _ = start(binary, "--host", "0.0.0.0")
    warning = read_line(p.stderr, 30)
    p.send_signal(signal.SIGTERM)
    assert wait_exit(p, 30) == 0
    assert "warning: listening on 0.0.0.0" in warning, warning
    assert "accepts unauthenticated requests" in warning, warning
    assert "--allow-remote-control" in warning, warning
    # None on loopback.
    p, _ = start(binary)
    p.send_signal(signal.SIGTERM)
    assert wait_exit(p, 30) == 0
    assert p.stderr.read() == b""


def test_log_requests(binary):
    p, port = start(binary, "--log-requests")
    s = connect(port)
    body = b'{"TableName":"missing","Key":{"pk":{"S":"a"}}}'
    s.sendall(signed_head("GetItem", len(body)) + body)
    status, _, _ = read_response(s)
    assert status == 400
    line = read_line(p.stderr, 30)
    s.close()
    p.send_signal(signal.SIGTERM)
    assert wait_exit(p, 30) == 0
    assert re.fullmatch(r"GetItem table=missing 400 "
                        r"ResourceNotFoundException \d+\.\d\d ms", line), line


def test_shutdown_finishes_the_request_in_progress(binary):
    p, port = start(binary, "--shutdown-grace", "30")
    idle = connect(port)  # an idle keep-alive connection is simply closed
    s, body = request_in_progress(port)
    p.send_signal(signal.SIGTERM)
    # The listening socket goes at once (the request is still in progress,
    # so this is not the process exiting).
    deadline = time.monotonic() + 10
    while not refused(port):
        assert time.monotonic() < deadline, "still accepting after SIGTERM"
    assert p.poll() is None
    assert idle.recv(1) == b""
    s.sendall(body)
    status, headers, _ = read_response(s)
    assert status == 200 and headers["connection"] == "close", headers
    assert wait_exit(p, 10) == 0


def test_shutdown_grace_runs_out(binary):
    p, port = start(binary, "--shutdown-grace", "1")
    s, _ = request_in_progress(port)  # never finished
    started = time.monotonic()
    p.send_signal(signal.SIGTERM)
    assert wait_exit(p, 20) == 1
    assert time.monotonic() - started < 20
    assert b"still in progress after the 1 s shutdown grace" in p.stderr.read()
    s.close()


def test_second_signal_exits_at_once(binary):
    p, port = start(binary, "--shutdown-grace", "3600")
    s, _ = request_in_progress(port)
    p.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 10
    while not refused(port):
        assert time.monotonic() < deadline
    p.send_signal(signal.SIGINT)
    assert wait_exit(p, 20) == 128 + signal.SIGINT
    s.close()


def main():
    install_sigterm_handler()
    binary = sys.argv[1]
    tests = [test_version_and_help, test_warns_beyond_loopback,
             test_log_requests, test_shutdown_finishes_the_request_in_progress,
             test_shutdown_grace_runs_out, test_second_signal_exits_at_once]
    for t in tests:
        t(binary)
    print("PASS: eddy-server command line (%d tests: %s)"
          % (len(tests), ", ".join(t.__name__[5:] for t in tests)))


if __name__ == "__main__":
    main()
