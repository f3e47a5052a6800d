#!/usr/bin/env python3
"""Precision and recall of `wirelock lint` and detect-secrets against hand-made labels.

Usage (make lint-precision runs it):
  measure.py --labels labels.json --root REPO --public DIR \
             --wirelock NAME=PATH [--wirelock NAME=PATH ...] --detect-secrets PATH

DIR holds one folder per public corpus, as fetch-corpora.sh extracts them.

A unit is one line of one file (the corpora are pretty-printed, one value a line). A tool "flags" a
line when it reports anything there: for wirelock, a finding of the value families (secret, personal,
internal); for detect-secrets, any secret. A flagged line with a label is a true positive, a flagged
line without one a false positive, a labelled line nobody flagged a false negative. The table is
printed twice: against every label, and against the `secret` labels alone (what detect-secrets
claims to find; wirelock's personal and internal findings are left out there).
"""

import argparse
import json
import os
import subprocess
import sys


def json_files(root, paths):
    out = []
    for path in paths:
        full = os.path.join(root, path)
        for folder, dirs, files in os.walk(full):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".json", ".jsonl", ".ndjson")):
                    out.append(os.path.relpath(os.path.join(folder, name), root))
    return out


def wirelock_lines(binary, root, files, secrets_only):
    families = "secret" if secrets_only else "secret,personal,internal"
    run = subprocess.run(
        [binary, "lint", "--format", "json", "--only", families, "--allow-empty", *files],
        cwd=root, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"wirelock lint failed ({run.returncode}): {run.stderr}")
    report = json.loads(run.stdout)
    return {(f["file"], f["line"]) for f in report["findings"] if "line" in f}


def detect_secrets_lines(binary, root, files):
    run = subprocess.run([binary, "scan", "--all-files", *files], cwd=root, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"detect-secrets failed ({run.returncode}): {run.stderr}")
    results = json.loads(run.stdout)["results"]
    return {(os.path.normpath(name), secret["line_number"]) for name, found in results.items() for secret in found}


def check_labels(root, entries):
    """Every label's line must hold its key: labels cannot drift silently."""
    for entry in entries:
        with open(os.path.join(root, entry["file"]), encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        line = lines[entry["line"] - 1] if entry["line"] <= len(lines) else ""
        if f'"{entry["key"]}"' not in line:
            sys.exit(f'labels.json: {entry["file"]}:{entry["line"]} does not hold "{entry["key"]}": {line.strip()[:80]}')


def score(flagged, truth):
    """TP, FP, FN, precision and recall as text ("–" when undefined: nothing flagged, nothing to find)."""
    tp = len(flagged & truth)
    fp = len(flagged - truth)
    fn = len(truth - flagged)
    precision = f"{tp / (tp + fp):.2f}" if tp + fp else "–"
    recall = f"{tp / (tp + fn):.2f}" if tp + fn else "–"
    return tp, fp, fn, precision, recall


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labels", required=True)
    parser.add_argument("--root", required=True, help="the repository (the project corpus)")
    parser.add_argument("--public", required=True, help="the folder fetch-corpora.sh extracted into")
    parser.add_argument("--wirelock", action="append", required=True, help="NAME=PATH of a wirelock binary")
    parser.add_argument("--detect-secrets", required=True)
    parser.add_argument("--details", action="store_true", help="list every false positive and negative")
    args = parser.parse_args()

    with open(args.labels, encoding="utf-8") as handle:
        labels = json.load(handle)
    corpora = labels["corpora"]
    names = ["project"] + sorted(name for name in corpora if name != "project")
    roots = {name: args.root if name == "project" else os.path.join(args.public, name) for name in names}
    paths = {name: corpora[name].get("paths", ["."]) for name in names}

    print("| corpus | labels (secret) | files | tool | TP | FP | FN | precision | recall "
          "| secrets only: TP | FP | FN | precision | recall |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    details = []
    for corpus in names:
        root = roots[corpus]
        files = [os.path.normpath(f) for f in json_files(root, paths[corpus])]
        entries = [e for e in labels["labels"] if e["corpus"] == corpus]
        check_labels(root, entries + [t for t in labels["traps"] if t["corpus"] == corpus])
        truth = {(os.path.normpath(e["file"]), e["line"]) for e in entries}
        secrets = {(os.path.normpath(e["file"]), e["line"]) for e in entries if e["class"] == "secret"}
        tools = []
        for spec in args.wirelock:
            name, binary = spec.split("=", 1)
            binary = os.path.abspath(binary)
            tools.append((name, wirelock_lines(binary, root, files, False), wirelock_lines(binary, root, files, True)))
        found = detect_secrets_lines(os.path.abspath(args.detect_secrets), root, files)
        tools.append(("detect-secrets 1.5.0", found, found))
        for name, flagged, flagged_secrets in tools:
            tp, fp, fn, p, r = score(flagged, truth)
            stp, sfp, sfn, sp, sr = score(flagged_secrets, secrets)
            print(f"| {corpus} | {len(truth)} ({len(secrets)}) | {len(files)} | {name} | {tp} | {fp} | {fn} "
                  f"| {p} | {r} | {stp} | {sfp} | {sfn} | {sp} | {sr} |")
            for file, line in sorted(flagged - truth):
                details.append(f"{corpus} {name}: false positive {file}:{line}")
            for file, line in sorted(truth - flagged):
                details.append(f"{corpus} {name}: false negative {file}:{line}")
    if args.details:
        print()
        for line in details:
            print(line)


if __name__ == "__main__":
    main()
