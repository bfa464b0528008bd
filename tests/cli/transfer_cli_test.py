#!/usr/bin/env python3
# Copyright 2026 The eddy Authors.
"""eddy export, eddy import and eddy snapshot from the shell.

    python3 transfer_cli_test.py path/to/eddy SOURCE_DIR

The kayak model is exported in both of DynamoDB's export formats and
imported back: the imported table's items equal the original's, item for
item (compared as `eddy snapshot dump` prints them). A CSV file imports
with its key types; an import into a data directory is there when the
directory is read again by `eddy export --data-dir`. Bad command lines
exit 2 with what to do.
"""

import glob
import gzip
import os
import subprocess
import sys
import tempfile

EDDY = sys.argv[1]
SOURCE = sys.argv[2]
KAYAK = os.path.join(SOURCE, "model", "kayak.json")


def eddy(*args, expect=0):
    p = subprocess.run([EDDY, *args], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == expect, (args, p.returncode, p.stdout, p.stderr)
    return p.stdout, p.stderr


def dump(snapshot, table):
    out, _ = eddy("snapshot", "dump", snapshot, "--table", table)
    return sorted(out.splitlines())


def export_folder(root, before):
    """The export folder `eddy export` just made under root."""
    made = set(glob.glob(os.path.join(root, "AWSDynamoDB", "*"))) - before
    assert len(made) == 1, made
    return made.pop()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        original = os.path.join(tmp, "kayak.eddysnap")
        eddy("snapshot", "save", original, "--load", KAYAK)
        want = dump(original, "kayak")
        assert len(want) == 10828, len(want)

        exports = os.path.join(tmp, "exports")
        for fmt, suffix in (("DYNAMODB_JSON", ".json.gz"), ("ION", ".ion.gz")):
            before = set(glob.glob(os.path.join(exports, "AWSDynamoDB", "*")))
            out, err = eddy("export", original, "--table", "kayak", "--to",
                            exports, "--format", fmt)
            assert out.startswith("exported 10828 items of kayak"), out
            assert "export: 10,828 items" in err, err
            folder = export_folder(exports, before)
            for name in ("manifest-summary.json", "manifest-files.json",
                         "_started"):
                assert os.path.exists(os.path.join(folder, name)), name
            data = glob.glob(os.path.join(folder, "data", "*"))
            assert data and all(f.endswith(suffix) for f in data), data
            with gzip.open(data[0], "rt") as f:
                first = f.readline()
            assert first.startswith('{"Item":' if fmt == "DYNAMODB_JSON"
                                    else "$ion_1_0 {Item:"), first[:40]

            imported = os.path.join(tmp, fmt + ".eddysnap")
            prefix = os.path.relpath(os.path.join(folder, "data"), exports)
            out, _ = eddy("import", exports, "--prefix", prefix, "--table",
                          "kayak", "--key", "PK:S,SK:S", "--format", fmt,
                          "--to", imported)
            assert "imported 10828 of 10828 items" in out, out
            assert "(0 errors)" in out, out
            assert dump(imported, "kayak") == want, fmt

        # CSV with a numeric sort key; a line with a bad key is an error
        # that is counted and skipped.
        csv_dir = os.path.join(tmp, "csvbucket")
        os.makedirs(csv_dir)
        with open(os.path.join(csv_dir, "people.csv"), "w") as f:
            f.write("pk,n,name\nalice,1,Alice\nbob,2,Bob\ncarol,x,Carol\n")
        people = os.path.join(tmp, "people.eddysnap")
        out, _ = eddy("import", csv_dir, "--table", "people", "--key",
                      "pk:S,n:N", "--format", "CSV", "--compression", "NONE",
                      "--to", people)
        assert "imported 2 of 3 items" in out and "(1 errors)" in out, out
        got = dump(people, "people")
        assert got == sorted([
            '{"n":{"N":"1"},"name":{"S":"Alice"},"pk":{"S":"alice"}}',
            '{"n":{"N":"2"},"name":{"S":"Bob"},"pk":{"S":"bob"}}']), got

        # Into a data directory, then out of it again.
        data_dir = os.path.join(tmp, "data")
        eddy("import", csv_dir, "--table", "people", "--key", "pk:S,n:N",
             "--format", "CSV", "--compression", "NONE", "--data-dir",
             data_dir)
        again = os.path.join(tmp, "again")
        out, _ = eddy("export", "--data-dir", data_dir, "--table", "people",
                      "--to", again)
        assert out.startswith("exported 2 items of people"), out

        # Bad command lines: exit 2 with what to do.
        _, err = eddy("import", csv_dir, "--table", "t", "--to", people,
                      expect=2)
        assert "missing --key pk:S[,sk:N]" in err, err
        _, err = eddy("import", csv_dir, "--table", "t", "--key", "pk:X",
                      "--to", people, expect=2)
        assert "must be S, N or B" in err, err
        _, err = eddy("export", original, "--table", "kayak", "--to", again,
                      "--format", "CSV", expect=2)
        assert "--format must be DYNAMODB_JSON or ION" in err, err
        _, err = eddy("export", original, "--table", "nope", "--to", again,
                      expect=1)
        assert "table nope" in err, err
        for command in ("export", "import", "snapshot"):
            out, _ = eddy(command, "--help")
            assert out.startswith("usage: eddy " + command), out
    print("transfer_cli_test: ok")


if __name__ == "__main__":
    main()
