#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""The eddy CLI as a user meets it.

    python3 eddy_cli_test.py path/to/eddy SOURCE_DIR

Every command and sub-command answers --help with its usage on stdout and
exit status 0; --version names the version and commit; a bad command line
says what is wrong and what to do (exit 2); `eddy exec` runs the example its
help shows. Progress of long work goes to stderr: one line per phase when
stderr is not a terminal, a redrawn bar with --progress or on a terminal (a
pty), nothing with --quiet; the report's header comes first on stdout.
"""

import os
import pty
import re
import select
import subprocess
import sys

EDDY = sys.argv[1]
SOURCE = sys.argv[2]
KAYAK = os.path.join(SOURCE, "model", "kayak.json")
HOT_ITEM = os.path.join(SOURCE, "model", "scenarios", "hot_item.json")


def run(*args, stdin=None):
    """Runs eddy; returns (exit status, stdout, stderr) as text, with every
    byte kept ("\r" is not turned into "\n")."""
    p = subprocess.run([EDDY, *args],
                       input=stdin.encode() if stdin is not None else None,
                       capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check_help():
    # (arguments, a line the usage must hold)
    cases = [
        (["--help"], "usage: eddy <command> [args]"),
        (["-h"], "usage: eddy <command> [args]"),
        (["help"], "usage: eddy <command> [args]"),
        (["model", "--help"], "usage: eddy model validate FILE"),
        (["model", "help"], "usage: eddy model validate FILE"),
        (["model", "validate", "--help"], "usage: eddy model validate FILE"),
        (["model", "run", "--help"], "usage: eddy model run FILE [options]"),
        (["model", "run", "-h"], "usage: eddy model run FILE [options]"),
        (["model", "generate", "--help"],
         "usage: eddy model generate FILE [--scale N] [--seed N] "
         "[--progress | --quiet]"),
        (["model", "patterns", "--help"], "usage: eddy model patterns [--json]"),
        (["scenario", "--help"],
         "usage: eddy scenario run FILE [--html OUT] [--json] [--scale X]"),
        (["scenario", "run", "--help"],
         "usage: eddy scenario run FILE [--html OUT] [--json] [--scale X]"),
        (["exec", "--help"], "usage: eddy exec [FILE | -]"),
        (["demo", "--help"], "usage: eddy demo"),
        (["help", "model", "run"], "usage: eddy model run FILE [options]"),
        # --help wins over everything else on the line.
        (["model", "run", KAYAK, "--scale", "100", "--help"],
         "usage: eddy model run FILE [options]"),
    ]
    for args, line in cases:
        code, out, err = run(*args)
        assert code == 0, (args, code, err)
        assert line in out.splitlines(), (args, line, out)
        assert err == "", (args, err)
    # The demo does not run when asked for help.
    code, out, _ = run("demo", "--help")
    assert "Numbers are exact" not in out


def check_version():
    for args in (["--version"], ["version"]):
        code, out, err = run(*args)
        assert code == 0 and err == "", (code, err)
        assert re.fullmatch(r"eddy \d+\.\d+\.\d+ \(commit ([0-9a-f]{7,}|unknown)\)\n",
                            out), out


def check_errors():
    cases = [
        ([], "usage: eddy <command> [args]"),
        (["modle"], "eddy: unknown command 'modle' (did you mean model?)"),
        (["model", "rnu"], "unknown sub-command 'rnu' (did you mean run?)"),
        (["model", "run"], "eddy model run: missing FILE: name a model "
                           "document, e.g. eddy model run model/kayak.json"),
        (["model", "run", KAYAK, "--scael", "2"],
         "eddy model run: unknown option --scael (did you mean --scale?)"),
        (["model", "run", KAYAK, "--scale", "0"],
         "eddy model run: --scale takes a whole number from 1 to 100000, "
         "not '0'"),
        (["model", "run", KAYAK, "--progress", "--quiet"],
         "--progress and --quiet contradict each other"),
        (["scenario", "run", HOT_ITEM, "--scale", "-1"],
         "--scale takes a number greater than 0, not '-1'"),
        (["scenario", "runn"], "unknown sub-command 'runn' (did you mean run?)"),
        (["exec", "a", "b"], "takes at most one FILE"),
        (["demo", "x"], "eddy demo: takes no arguments"),
    ]
    for args, text in cases:
        code, out, err = run(*args)
        assert code == 2, (args, code, err)
        assert text in err, (args, text, err)
    # A missing file: exit 1, and what to do.
    code, _, err = run("model", "validate", "/nonexistent/m.json")
    assert code == 1 and "cannot read model file" in err, (code, err)
    code, _, err = run("exec", "/nonexistent/r.jsonl")
    assert code == 1 and "check the path" in err, (code, err)


def check_exec_example():
    code, usage, _ = run("exec", "--help")
    assert '{"op":"PutItem","request":{"TableName":"notes","Item":{"pk":{"S":"a"},"n":{"N":"1"}}}}' in usage
    requests = "\n".join([
        '{"op":"CreateTable","request":{"TableName":"notes","BillingMode":'
        '"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"pk","KeyType":'
        '"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk",'
        '"AttributeType":"S"}]}}',
        '{"op":"PutItem","request":{"TableName":"notes","Item":{"pk":{"S":"a"},'
        '"n":{"N":"1"}}}}',
        '{"op":"GetItem","request":{"TableName":"notes","Key":{"pk":{"S":"a"}}}}',
        '{"op":"GetItem","request":{"TableName":"nope","Key":{"pk":{"S":"a"}}}}',
        '# virtual time',
        '{"op":"EddyAdvanceClock","request":{"Seconds":3600}}',
    ]) + "\n"
    code, out, err = run("exec", stdin=requests)
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 5, lines
    assert lines[0].startswith('{"TableDescription":{') and \
        '"TableStatus":"ACTIVE"' in lines[0], lines[0]
    assert lines[1] == "{}", lines[1]
    assert lines[2] == '{"Item":{"n":{"N":"1"},"pk":{"S":"a"}}}', lines[2]
    assert lines[3] == ('{"__type":"com.amazonaws.dynamodb.v20120810#'
                        'ResourceNotFoundException","message":"Requested '
                        'resource not found"}'), lines[3]
    assert lines[4] == ('{"Now":"2023-11-14T23:13:20.000000Z",'
                        '"NowMicros":1700003600000000}'), lines[4]


def check_exec_bounds():
    """A line past 17 MiB, or one whose values decode past the 64 MiB share,
    is answered with RequestEntityTooLargeException and the next line runs."""
    too_long = ('{"op":"GetItem","request":{"TableName":"notes","Key":{"pk":'
                '{"S":"' + "x" * (17 * 1024 * 1024 + 1024) + '"}}}}')
    # 1.9 million empty strings: 17 MB of text, 76 MB decoded.
    too_many = ('{"op":"Scan","request":{"TableName":"notes",'
                '"FilterExpression":"a = :v","ExpressionAttributeValues":'
                '{":v":{"L":[' + ",".join(['{"S":""}'] * 1900000) + ']}}}}')
    code, out, err = run("exec", stdin="\n".join([
        too_long, too_many, '{"op":"ListTables","request":{}}']) + "\n")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 3, [line[:100] for line in lines]
    prefix = ('{"__type":"com.amazon.coral.service#'
              'RequestEntityTooLargeException","message":"')
    assert lines[0] == prefix + 'Request line longer than 17826816 bytes"}', \
        lines[0]
    assert lines[1] == (prefix + "The request's attribute values need more "
                        "memory than one request may hold (67108864 bytes, "
                        'line included)"}'), lines[1]
    assert lines[2] == '{"TableNames":[]}', lines[2]


PHASE_LINE = r"eddy model run: {}: [\d,]+ {} in [\d.]+ (s|min)[^(]*\([\d,]+ {}/s\)"


def check_progress_lines():
    # stderr is a pipe: one line per phase.
    code, out, err = run("model", "run", KAYAK, "--runs", "3")
    assert code == 0, err
    assert out.startswith('eddy model run: kayak (table "kayak", scale 1, '
                          'seed 20240101)\n\nLoad     10,828 items'), out[:200]
    assert "\r" not in err, repr(err)
    lines = err.splitlines()
    assert len(lines) == 3, lines
    for line, (phase, unit) in zip(lines, [("generate", "items"),
                                           ("load", "items"),
                                           ("verify", "runs")]):
        assert re.fullmatch(PHASE_LINE.format(phase, unit, unit), line), line
    assert lines[1].startswith("eddy model run: load: 10,828 items in "), lines
    assert lines[2].startswith("eddy model run: verify: 24 runs in "), lines
    assert re.search(r"^Memory   peak resident [\d.]+ (MB|GB) \(the whole "
                     r"process, getrusage\)$", out, re.M), out
    # --quiet: nothing on stderr, the same report.
    code, quiet_out, err = run("model", "run", KAYAK, "--runs", "3", "--quiet")
    assert code == 0 and err == "", err
    assert "OK: 8 of 8 executed patterns verified over 24 runs" in quiet_out
    # generate: its items on stdout, two phases on stderr.
    code, out, err = run("model", "generate", KAYAK)
    assert code == 0
    assert len(out.splitlines()) == 10828
    lines = err.splitlines()
    assert [l.split(":")[1].strip() for l in lines] == ["generate", "write"], lines
    assert lines[0].startswith("eddy model generate: generate: 10,828 items in ")
    # scenario: the header first, one line for the simulation.
    code, out, err = run("scenario", "run", HOT_ITEM, "--scale", "0.05",
                         "--duration", "20")
    assert code == 0, err
    assert out.startswith("scenario hot_item\n"), out[:100]
    assert re.fullmatch(r"eddy scenario run: simulate: 20 virtual s in [\d.]+ s"
                        r" \([\d,]+ virtual s/s\)\n", err), err


BAR = (r"\r\x1b\[K{:<9} \[#{{24}}\] 100%  {total}/{total} {unit}  [\d,]+ "
       r"{unit}/s  in [\d.]+ s\n")


def check_progress_bar():
    # --progress forces the bar on a pipe.
    code, out, err = run("model", "run", KAYAK, "--runs", "3", "--progress")
    assert code == 0
    assert "\r\x1b[K" in err, repr(err)
    for phase, total, unit in (("load", "10,828", "items"),
                               ("verify", "24", "runs")):
        pattern = BAR.format(phase, total=total, unit=unit)
        assert re.search(pattern, err), (pattern, err)
    # The generate phase's total is an estimate until it ends.
    assert re.search(r"\r\x1b\[Kgenerate  \[#{24}\] 100%  10,828/10,828 items",
                     err), repr(err)
    assert out.startswith('eddy model run: kayak (table "kayak"'), out[:80]

    # On a terminal (a pty as stderr), the bar without being asked.
    master, slave = pty.openpty()
    p = subprocess.Popen([EDDY, "scenario", "run", HOT_ITEM, "--scale", "0.05",
                          "--duration", "20"], stdout=subprocess.PIPE,
                         stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        assert ready, "no output from the pty"
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the pty
            break
        if not chunk:
            break
        seen += chunk
    out = p.stdout.read().decode()
    assert p.wait(timeout=120) == 0
    os.close(master)
    text = seen.decode()
    assert re.search(r"\r\x1b\[Ksimulate  \[#{24}\] 100%  20/20 virtual s  "
                     r"[\d,]+ virtual s/s  in [\d.]+ s", text), repr(text)
    assert out.startswith("scenario hot_item\n")


def main():
    check_help()
    check_version()
    check_errors()
    check_exec_example()
    check_exec_bounds()
    check_progress_lines()
    check_progress_bar()
    print("eddy_cli_test: ok")


if __name__ == "__main__":
    main()
