#!/usr/bin/env python3
"""Build a CHANGELOG.md section from `git log` output read on stdin.

Input, one of:
  git log --no-merges --pretty=format:'%h%x09%s' FROM..TO
  git log --no-merges --pretty=format:'%h%x09%s%x09%b%x1e' FROM..TO   (also reads bodies)

The script only reads stdin and writes Markdown to stdout. It runs no commands and touches no
files. Standard library only.
"""
import argparse
import datetime
import re
import sys

SUBJECT = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^()]+)\))?(?P<bang>!)?:\s*(?P<text>.+)$")
BREAKING_FOOTER = re.compile(r"^BREAKING[ -]CHANGE:\s*(?P<text>.+)$", re.MULTILINE)

# Conventional Commits type -> Keep a Changelog heading. Types missing here are skipped
# unless --all is given, in which case they go under "Other".
SECTIONS = {
    "feat": "Added",
    "fix": "Fixed",
    "perf": "Changed",
    "revert": "Changed",
    "security": "Security",
    "deprecate": "Deprecated",
    "remove": "Removed",
}
ORDER = ["Breaking changes", "Added", "Changed", "Deprecated", "Removed", "Fixed", "Security", "Other"]


def parse_records(raw):
    """Yield (hash, subject, body) tuples from either input format."""
    chunks = raw.split("\x1e") if "\x1e" in raw else raw.splitlines()
    for chunk in chunks:
        chunk = chunk.strip("\r\n")
        if not chunk.strip():
            continue
        parts = chunk.split("\t", 2)
        if len(parts) < 2:
            print(f"skipping unreadable line: {chunk[:60]!r}", file=sys.stderr)
            continue
        yield parts[0].strip(), parts[1].strip(), parts[2] if len(parts) > 2 else ""


def build(records, include_all):
    sections = {name: [] for name in ORDER}
    seen = set()
    for short_hash, subject, body in records:
        match = SUBJECT.match(subject)
        if not match:
            if include_all:
                sections["Other"].append(f"{subject} ({short_hash})")
            continue
        text = match.group("text").rstrip(".")
        text = text[:1].upper() + text[1:]
        scope = match.group("scope")
        line = f"**{scope}:** {text} ({short_hash})" if scope else f"{text} ({short_hash})"
        if line in seen:
            continue
        seen.add(line)
        footer = BREAKING_FOOTER.search(body)
        if match.group("bang") or footer:
            note = footer.group("text").strip() if footer else text
            note = note[:1].upper() + note[1:]
            sections["Breaking changes"].append(f"{note} ({short_hash})")
        heading = SECTIONS.get(match.group("type"))
        if heading:
            sections[heading].append(line)
        elif include_all:
            sections["Other"].append(line)
    return sections


def render(version, date, sections):
    out = [f"## [{version}] - {date}", ""]
    for name in ORDER:
        items = sections[name]
        if not items:
            continue
        out.append(f"### {name}")
        out.append("")
        out.extend(f"- {item}" for item in items)
        out.append("")
    if len(out) == 2:
        out.append("_No user-facing changes._")
        out.append("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", default="Unreleased", help="version heading, e.g. 1.4.0")
    parser.add_argument("--date", default=datetime.date.today().isoformat(), help="release date, YYYY-MM-DD")
    parser.add_argument("--all", action="store_true", help="also list non-user-facing and non-conventional commits")
    args = parser.parse_args()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", args.date):
        parser.error("--date must look like YYYY-MM-DD")
    raw = sys.stdin.read()
    sys.stdout.write(render(args.version, args.date, build(parse_records(raw), args.all)))


if __name__ == "__main__":
    main()
