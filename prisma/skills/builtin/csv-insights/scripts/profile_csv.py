#!/usr/bin/env python3
"""Profile a CSV file with the standard library only.

Usage: python3 scripts/profile_csv.py <file.csv> [--out DIR]

Writes DIR/findings.md (column profile, problems, outliers) and DIR/chart.svg (missing values
and a bar chart of the first numeric column by the first category column), and prints a short
summary. DIR defaults to $OUTPUT_DIR, else ./out. Exit code 2 when the file cannot be read.
"""
import csv
import html
import os
import re
import statistics
import sys
from collections import Counter

MISSING = {"", "na", "n/a", "null", "none", "-", "nan"}
# Column names that say "identifier" (order_id, customerId, SKU, ticket no): numbers to look up, not to add up.
ID_NAME = re.compile(r"(^|[_\s.-])(id|uuid|guid|key|sku|code|no|nr|num|number)$|[a-z]Id$|^id", re.IGNORECASE)


def fail(message):
    print(f"profile_csv: {message}", file=sys.stderr)
    sys.exit(2)


def read_rows(path):
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            sample = handle.read(4096)
            handle.seek(0)
            try:
                dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
            except csv.Error:
                dialect = csv.excel
            rows = list(csv.reader(handle, dialect))
    except FileNotFoundError:
        fail(f"{path}: no such file (attached files are under inputs/)")
    except UnicodeDecodeError as error:
        fail(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})")
    if not rows:
        fail(f"{path}: the file is empty")
    header, body = rows[0], rows[1:]
    for number, row in enumerate(body, start=2):
        if len(row) != len(header):
            fail(f"{path}: line {number} has {len(row)} fields, the header has {len(header)}")
    return header, body


def number(value):
    try:
        return float(value.replace(",", "")) if value.strip().lower() not in MISSING else None
    except ValueError:
        return None


def profile(header, body):
    columns = []
    for index, name in enumerate(header):
        values = [row[index].strip() for row in body]
        present = [v for v in values if v.lower() not in MISSING]
        numbers = [n for n in (number(v) for v in present) if n is not None]
        numeric = present and len(numbers) >= 0.95 * len(present)
        distinct = len(set(present))
        column = {"name": name, "missing": len(values) - len(present), "distinct": distinct, "numeric": bool(numeric)}
        # Named like one, or whole numbers rising row by row with no repeat (1001, 1002...): an
        # identifier, even though it holds numbers. A measure may be unique per row too (prices).
        sequence = len(numbers) >= 5 and len(numbers) == len(present) and all(n.is_integer() for n in numbers)
        sequence = sequence and all(a < b for a, b in zip(numbers, numbers[1:]))
        column["identifier"] = bool(ID_NAME.search(name.strip())) or sequence
        if numeric and numbers:
            ordered = sorted(numbers)
            q1, _, q3 = statistics.quantiles(ordered, n=4) if len(ordered) >= 4 else (ordered[0], 0, ordered[-1])
            spread = q3 - q1
            column.update(min=ordered[0], max=ordered[-1], mean=statistics.fmean(ordered), median=statistics.median(ordered))
            column["outliers"] = [(row_no, n) for row_no, n in enumerate((number(v) for v in values), start=2) if n is not None and (n < q1 - 1.5 * spread or n > q3 + 1.5 * spread)]
            column["negatives"] = sum(1 for n in numbers if n < 0)
        else:
            lowered = Counter(v.strip().lower() for v in present)
            column["variants"] = sorted({v for v in present if lowered[v.strip().lower()] > 1 and present.count(v) < lowered[v.strip().lower()]})
            column["top"] = Counter(present).most_common(5)
        columns.append(column)
    return columns


def findings_markdown(path, header, body, columns):
    # Line numbers count the header as line 1; each repeat names the line it repeats.
    first_line = {}
    repeats = []
    for n, row in enumerate(body):
        key = tuple(row)
        if key in first_line:
            repeats.append((n + 2, first_line[key]))
        else:
            first_line[key] = n + 2
    lines = [f"# Findings: {os.path.basename(path)}", "", f"{len(body)} rows, {len(header)} columns.", ""]
    lines += ["| Column | Type | Missing | Distinct | Range |", "|---|---|---|---|---|"]
    for c in columns:
        kind = "identifier" if c["identifier"] else "number" if c["numeric"] else "text"
        span = f"{c['min']:g} to {c['max']:g} (median {c['median']:g})" if c["numeric"] and "min" in c else ""
        lines.append(f"| {c['name']} | {kind} | {c['missing']} | {c['distinct']} | {span} |")
    lines += ["", "## Issues", ""]
    issues = []
    if repeats:
        said = "; ".join(f"line {line} repeats line {original}" for line, original in repeats)
        issues.append(f"{len(repeats)} duplicate row{'s' if len(repeats) > 1 else ''}: {said}.")
    for c in columns:
        if c["missing"]:
            issues.append(f"`{c['name']}`: {c['missing']} missing value(s).")
        for row_no, value in c.get("outliers", []):
            issues.append(f"`{c['name']}`: outlier {value:g} at line {row_no} (IQR rule).")
        if c.get("negatives"):
            issues.append(f"`{c['name']}`: {c['negatives']} negative value(s).")
        if c.get("variants"):
            issues.append(f"`{c['name']}`: case or spacing variants of the same label: {', '.join(c['variants'])}.")
    lines += [f"- {issue}" for issue in issues] or ["- None found."]
    return "\n".join(lines) + "\n", len(issues)


def chart_svg(header, body, columns):
    # An identifier (order_id, or nearly one value per row) is numeric but nothing to sum.
    numeric = next((c for c in columns if c["numeric"] and not c["identifier"]), None)
    categories = [c for c in columns if not c["numeric"] and not c["identifier"] and 1 < c["distinct"] <= 12]
    category = min(categories, key=lambda c: c["distinct"]) if categories else None
    if numeric and category:
        ni, ci = header.index(numeric["name"]), header.index(category["name"])
        totals = Counter()
        for row in body:
            value = number(row[ni])
            if value is not None:
                totals[row[ci].strip() or "(missing)"] += value
        title = f"{numeric['name']} by {category['name']}"
        bars = totals.most_common()
    else:
        title = "Missing values per column"
        bars = [(c["name"], c["missing"]) for c in columns]
    width, bar_height, left = 560, 22, 140
    height = 40 + bar_height * len(bars)
    top = max((abs(v) for _, v in bars), default=1) or 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold" fill="#111">{html.escape(title)}</text>',
    ]
    for i, (label, value) in enumerate(bars):
        y = 32 + i * bar_height
        length = (width - left - 70) * abs(value) / top
        parts.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end" fill="#333">{html.escape(str(label))[:20]}</text>')
        parts.append(f'<rect x="{left}" y="{y + 3}" width="{length:.1f}" height="{bar_height - 6}" fill="#4f7cac"/>')
        parts.append(f'<text x="{left + length + 4:.1f}" y="{y + 14}" fill="#333">{value:g}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv):
    args = [a for a in argv if not a.startswith("--out")]
    out_dir = os.environ.get("OUTPUT_DIR", "out")
    for i, arg in enumerate(argv):
        if arg == "--out" and i + 1 < len(argv):
            out_dir = argv[i + 1]
            args = [a for a in args if a != argv[i + 1]]
    if len(args) != 1:
        fail("usage: profile_csv.py <file.csv> [--out DIR]")
    path = args[0]
    header, body = read_rows(path)
    columns = profile(header, body)
    report, issue_count = findings_markdown(path, header, body, columns)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "findings.md"), "w", encoding="utf-8") as handle:
        handle.write(report)
    with open(os.path.join(out_dir, "chart.svg"), "w", encoding="utf-8") as handle:
        handle.write(chart_svg(header, body, columns))
    print(f"Profiled {path}: {len(body)} rows, {len(header)} columns, {issue_count} issue(s).")
    print(f"Wrote {out_dir}/findings.md and {out_dir}/chart.svg")


if __name__ == "__main__":
    main(sys.argv[1:])
