#!/usr/bin/env python3
"""Worst-case stack of every public function of the C core, from gcc's own output.

Compile the core with ``-fstack-usage -fcallgraph-info=su`` (tools/arm_budget.sh
does, for Cortex-M0+ and M4); gcc then writes beside every object a ``.su``
file (the frame of each function) and a ``.ci`` file (the call graph, in VCG:
``node: { title: ... label: "name\\nfile:line:col\\nN bytes (static)" }`` and
``edge: { sourcename: ... targetname: ... }``). This script builds nothing: it
reads those files, joins the graphs of all objects (a call to a function of
another object resolves to its definition), and computes for each public
function the deepest path through its callees::

    python3 tools/stack_budget.py BUILD_DIR [--headers csrc/include/pintas]

It prints one row per public function (worst bytes, budget, the path) and exits
with status 1 if a function exceeds its budget (2048 bytes, 4096 for the
searches: flags change both) or if the worst case is unknown: recursion, an
indirect call, a frame of unbounded dynamic size, or a call to a function that
is neither in the graph nor a compiler runtime helper. Runtime helpers
(memcpy, memset, __aeabi_*, ...) count as leaves of --runtime-bytes each.
An indirect call is bounded where ``--indirect CALLER=REGEX`` says what it can
reach: a call through a pointer made by a function whose "file.c:name" matches
the regex CALLER (the first rule that matches) costs the worst of the functions
whose titles match REGEX (the functions its tables of pointers hold; a static
one's title is "path/file.c:name"). A host's callback is not the core's: its
stack is the host's to add.
Status 2 is for bad arguments or unreadable input.

Pure Python 3 standard library.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

NODE_RE = re.compile(r'node:\s*\{\s*title:\s*"([^"]*)"\s*label:\s*"([^"]*)"')
EDGE_RE = re.compile(r'edge:\s*\{\s*sourcename:\s*"([^"]*)"\s*targetname:\s*"([^"]*)"')
BYTES_RE = re.compile(r"(\d+) bytes \(([a-z,]+)\)")
SU_RE = re.compile(r"^(.*):(\d+):(\d+):([^\t]+)\t(\d+)\t([a-z,]+)\s*$")
# A public function's declaration in a header: a type, then the name and "(".
DECL_RE = re.compile(r"[\w*]\s+\**\s*(pintas_\w+)\s*\(")
INDIRECT = "__indirect_call"

DEFAULT_SEARCH = (r"^pintas_(line|caminos)_"
                  r"(search\w*|infer\w*|determinize\w*|sample\w*|view_sample)$")
DEFAULT_RUNTIME = r"^(memcpy|memset|memmove|memcmp|__aeabi_\w+|__gnu_\w+|__\w+(si|di|df|sf)\d?)$"


class InputError(Exception):
    """Unreadable or malformed input."""


@dataclass
class Func:
    title: str                      # unique key: "name" if global, "file.c:name" if static
    name: str
    where: str = ""
    frame: int | None = None        # bytes of its own frame; None if not defined here
    kind: str = ""                  # static, dynamic, dynamic,bounded
    callees: list[str] = field(default_factory=list)


@dataclass
class Result:
    bytes: int
    path: list[str]
    problems: list[str]


def read_graphs(paths: list[Path]) -> dict[str, Func]:
    """Every node and edge of the .ci files, and the frames of the .su files."""
    funcs: dict[str, Func] = {}
    su: dict[str, tuple[int, str]] = {}
    ci_files: list[Path] = []
    su_files: list[Path] = []
    for p in paths:
        if p.is_dir():
            ci_files += sorted(p.rglob("*.ci"))
            su_files += sorted(p.rglob("*.su"))
        elif p.suffix == ".ci":
            ci_files.append(p)
        elif p.suffix == ".su":
            su_files.append(p)
        else:
            raise InputError(f"{p}: neither a directory nor a .ci/.su file")
    if not ci_files:
        raise InputError("no .ci files found (compile with -fcallgraph-info=su)")
    for path in su_files:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            m = SU_RE.match(line)
            if m:
                # the same static inline function may appear in many units: keep the largest
                key = m.group(4)
                size = int(m.group(5))
                if key not in su or su[key][0] < size:
                    su[key] = (size, m.group(6))
    for path in ci_files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in NODE_RE.finditer(text):
            title, label = m.group(1), m.group(2)
            parts = label.split("\\n")
            f = funcs.get(title)
            if f is None:
                f = funcs[title] = Func(title=title, name=parts[0])
            frame = BYTES_RE.search(label)
            if frame:
                if f.frame is not None and f.frame != int(frame.group(1)):
                    raise InputError(f"{title} is defined twice with different frames")
                f.frame, f.kind = int(frame.group(1)), frame.group(2)
                f.where = parts[1] if len(parts) > 1 else ""
        for m in EDGE_RE.finditer(text):
            src, dst = m.group(1), m.group(2)
            if src not in funcs:
                funcs[src] = Func(title=src, name=src.rsplit(":", 1)[-1])
            funcs[src].callees.append(dst)
            if dst not in funcs:
                funcs[dst] = Func(title=dst, name=dst.rsplit(":", 1)[-1])
    # a node with no size in the graph takes the .su figure of its name
    for f in funcs.values():
        if f.frame is None and f.title == f.name and f.name in su and f.name != INDIRECT:
            # only for a .su that names a global function the graphs only call
            f.frame, f.kind = su[f.name]
    return funcs


class Analysis:
    def __init__(self, funcs: dict[str, Func], runtime: re.Pattern[str], runtime_bytes: int,
                 indirect: list[tuple[re.Pattern[str], re.Pattern[str]]] | None = None):
        self.funcs = funcs
        self.runtime = runtime
        self.runtime_bytes = runtime_bytes
        self.indirect = indirect or []
        self.memo: dict[str, Result] = {}
        self.active: list[str] = []

    def label(self, title: str) -> str:
        f = self.funcs.get(title)
        name = f.name if f else title
        if f is None or f.frame is None:
            return name
        return f"{name}({f.frame})"

    def through_pointer(self, caller: Func) -> Result:
        """The worst of what an indirect call made by ``caller`` can reach, where
        an --indirect rule names it."""
        source = f"{Path(caller.where.split(':', 1)[0]).name}:{caller.name}"
        targets = next((reach for who, reach in self.indirect if who.search(source)), None)
        if targets is None:
            return self.worst(INDIRECT)
        reached = [self.worst(title) for title, f in self.funcs.items()
                   if f.frame is not None and targets.search(title)]
        if not reached:
            return Result(0, [INDIRECT], [f"indirect call in {source}: no function matches "
                                          f"{targets.pattern}"])
        best = max(reached, key=lambda r: r.bytes)
        problems = list(dict.fromkeys(p for r in reached for p in r.problems))
        return Result(best.bytes, best.path, problems)

    def worst(self, title: str) -> Result:
        if title in self.memo:
            return self.memo[title]
        if title in self.active:
            cycle = [*self.active[self.active.index(title):], title]
            return Result(0, [title], ["recursion: " + " > ".join(
                self.funcs[t].name if t in self.funcs else t for t in cycle)])
        f = self.funcs.get(title)
        if title == INDIRECT:
            res = Result(0, [title], ["indirect call: its target's stack is unknown"])
        elif f is None or f.frame is None:
            name = f.name if f else title
            if self.runtime.match(name):
                res = Result(self.runtime_bytes, [title], [])
            else:
                res = Result(0, [title], [f"call to {name}, defined in no object read"])
        else:
            problems: list[str] = []
            if f.kind == "dynamic":
                problems.append(f"{f.name}: frame of unbounded dynamic size")
            self.active.append(title)
            best = Result(0, [], [])
            for callee in dict.fromkeys(f.callees):
                sub = self.through_pointer(f) if callee == INDIRECT else self.worst(callee)
                for p in sub.problems:
                    if p not in problems:
                        problems.append(p)
                if sub.bytes > best.bytes or not best.path:
                    best = sub
            self.active.pop()
            res = Result(f.frame + best.bytes, [title, *best.path], problems)
        # results found while a cycle was open depend on that cycle: do not keep them
        if not self.active:
            self.memo[title] = res
        return res


def public_names(headers: Path) -> set[str]:
    names: set[str] = set()
    files = sorted(headers.glob("*.h")) if headers.is_dir() else [headers]
    if not files:
        raise InputError(f"{headers}: no headers")
    for h in files:
        text = h.read_text(encoding="utf-8")
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        names.update(DECL_RE.findall(text))
    return names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="+", type=Path,
                    help="directories (searched recursively) or .ci/.su files")
    ap.add_argument("--headers", type=Path,
                    help="public functions are those declared here (a directory of .h or "
                         "one header); default: every global function of the graphs")
    ap.add_argument("--budget", type=int, default=2048, help="bytes (default 2048)")
    ap.add_argument("--search-budget", type=int, default=4096,
                    help="bytes for the searches (default 4096)")
    ap.add_argument("--search", default=DEFAULT_SEARCH,
                    help="regex of the functions with the search budget "
                         f"(default {DEFAULT_SEARCH})")
    ap.add_argument("--runtime", default=DEFAULT_RUNTIME,
                    help="regex of compiler runtime and libc helpers counted as leaves")
    ap.add_argument("--runtime-bytes", type=int, default=64,
                    help="stack assumed for each runtime helper (default 64)")
    ap.add_argument("--indirect", action="append", default=[], metavar="CALLER=REGEX",
                    help="an indirect call made by a function whose file.c:name matches "
                         "CALLER reaches the functions whose titles match REGEX (repeatable)")
    ap.add_argument("--all", action="store_true",
                    help="also list the functions that are not public")
    args = ap.parse_args(argv)
    try:
        funcs = read_graphs(args.inputs)
        search = re.compile(args.search)
        runtime = re.compile(args.runtime)
        defined = {t: f for t, f in funcs.items() if f.frame is not None}
        indirect: list[tuple[re.Pattern[str], re.Pattern[str]]] = []
        for rule in args.indirect:
            caller, sep, pattern = rule.partition("=")
            if not sep or not caller:
                raise InputError(f"--indirect {rule!r}: not CALLER=REGEX")
            indirect.append((re.compile(caller), re.compile(pattern)))
        if args.headers:
            public = public_names(args.headers)
            missing = sorted(n for n in public if n not in defined)
        else:
            public = {t for t, f in defined.items() if t == f.name}
            missing = []
    except (InputError, OSError, re.error) as e:
        print(f"stack_budget: {e}", file=sys.stderr)
        return 2
    analysis = Analysis(funcs, runtime, args.runtime_bytes, indirect)
    rows = []
    titles = sorted(t for t in defined if t in public) if not args.all else sorted(defined)
    for title in titles:
        res = analysis.worst(title)
        is_public = title in public
        budget = (args.search_budget if search.match(funcs[title].name) else args.budget)
        status = "ok"
        if res.problems:
            status = "UNKNOWN"
        elif res.bytes > budget:
            status = "OVER"
        rows.append((funcs[title].name, res, budget if is_public else None, status, is_public))
    wname = max([len("function")] + [len(r[0]) for r in rows])
    print(f"{'function':<{wname}}  {'worst':>6}  {'budget':>6}  status   path")
    failed = 0
    for name, res, budget, status, is_public in rows:
        if not is_public:
            status = "-" if status == "OVER" else status
        path = " > ".join(analysis.label(t) for t in res.path)
        shown = str(budget) if budget is not None else "-"
        print(f"{name:<{wname}}  {res.bytes:>6}  {shown:>6}  {status:<7}  {path}")
        if is_public and status != "ok":
            failed += 1
            for p in res.problems:
                print(f"{'':<{wname}}  {p}")
    for name in missing:
        print(f"{name}: declared in the headers but defined in no object read")
    if missing:
        failed += 1
    worst = max((r[1].bytes for r in rows if r[4]), default=0)
    print(f"\n{sum(1 for r in rows if r[4])} public functions, worst {worst} bytes; "
          f"{failed} over budget or unknown")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
