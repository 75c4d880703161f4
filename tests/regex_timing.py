"""Every regular expression of the project's code, and inputs made to make each backtrack.

tests/test_hostile_linear.py times each pattern on text a hostile contributor could write. The patterns are
found, not listed: compiled ones held by a module (at its top level, in a class, a dict, a tuple...), and the
literals and module-level names passed to `re.search(...)`-style calls, read from each module's source. The
inputs are derived from each pattern's parse (`re._parser`), so a new pattern is covered without a new test:
runs of each character the pattern names or one of its classes stands for, and of each start of a text the
pattern would match (the way `<http://a` repeated feeds `<scheme:…>`), alone and followed by runs of one
character (the way `{: ` followed by `#`s feeds `{: … #id … }`).
"""
from __future__ import annotations

import ast
import gc
import importlib
import itertools
import pkgutil
import re
import time
from dataclasses import dataclass
from re import _constants as C  # noqa: the parse of a pattern, as `re` reads it
from re import _parser as sre_parse

PACKAGES = ("kb", "mkdocs_kb")
RE_FUNCTIONS = {"compile", "search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split"}
# Characters tried against a negated class (`[^>\s]`) for one it lets through.
PROBES = "a0 #<>[](){}:!*_-=./\\\"'`~&;@|\n\tЖ中"
OTHERS = 2  # characters tried for a negated class or `.`: the first probes it accepts
MAX_WITNESS = 40  # how much of a text the pattern would match is repeated as a run
HEAD_LENGTHS = (1, 2, 3, 4, 6)  # the starts of it repeated, or followed by runs of one character (and all of it
# but its last character, often the delimiter that would end it)


@dataclass(frozen=True)
class Found:
    where: str  # module.NAME, or module:line for a literal in a call
    pattern: re.Pattern
    use: str = "finditer"  # how it is timed: a full scan, or `match`/`fullmatch` where the code calls only that

    def __str__(self) -> str:
        return f"{self.where} /{self.pattern.pattern if isinstance(self.pattern.pattern, str) else self.pattern.pattern!r}/"


def modules():
    for package in PACKAGES:
        root = importlib.import_module(package)
        yield root
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            yield importlib.import_module(info.name)


def _held(value, where: str, depth: int = 0):
    """Compiled patterns in a module-level value: itself, or in a class, dict, list, tuple or set it holds."""
    if isinstance(value, re.Pattern):
        yield Found(where, value)
    elif depth > 3:
        return
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _held(item, f"{where}[{key!r}]", depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for index, item in enumerate(value):
            yield from _held(item, f"{where}[{index}]", depth + 1)
    elif isinstance(value, type):
        for name, item in vars(value).items():
            yield from _held(item, f"{where}.{name}", depth + 1)


def _in_calls(module):
    """Patterns written in a call (`re.search(r"…", text)`, `re.sub(f"[{HAN}]", …)`), compiled with the module's
    names; one built from a value known only at run time is noted in UNRESOLVED instead."""
    source = importlib.util.find_spec(module.__name__).origin
    tree = ast.parse(open(source, encoding="utf-8").read())
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RE_FUNCTIONS
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args):
            continue
        where = f"{module.__name__}:{node.lineno}"
        flags = next((k.value for k in node.keywords if k.arg == "flags"), None)
        if flags is None and node.func.attr == "compile" and len(node.args) > 1:
            flags = node.args[1]
        try:
            pattern = _value(node.args[0], source, module)
            flag_value = _value(flags, source, module) if flags else 0
        except NameError:
            UNRESOLVED.add(where)
            continue
        use = node.func.attr if node.func.attr in ("match", "fullmatch") else "finditer"
        yield Found(where, pattern if isinstance(pattern, re.Pattern) else re.compile(pattern, flag_value), use)


def _value(node: ast.expr, source: str, module):
    """The value of an expression of the module's code, with its top-level names; in an f-string, a part made of
    a local (`self.token`) stands as `0a` (a run of a fixed text is what such a part is in our code)."""
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            try:
                parts.append(str(_value(part.value if isinstance(part, ast.FormattedValue) else part, source, module)))
            except NameError:
                parts.append("0a")
        return "".join(parts)
    return eval(compile(ast.Expression(node), source, "eval"), vars(module))  # noqa: S307 the project's own code


UNRESOLVED: set[str] = set()  # module:line of each pattern built from run-time values (all_patterns)


def all_patterns() -> list[Found]:
    found, seen = [], set()
    for module in modules():
        candidates = [f for name, value in vars(module).items() for f in _held(value, f"{module.__name__}.{name}")]
        for item in [*candidates, *_in_calls(module)]:
            key = (item.pattern.pattern, item.pattern.flags, item.use)
            if key not in seen:  # one pattern imported into many modules is timed once
                seen.add(key)
                found.append(item)
    return found


# ---- inputs -------------------------------------------------------------------------------------------------

def _class_members(items) -> tuple[list[str], bool]:
    """Representative characters of a class `[...]`, and whether it is negated."""
    chars, negated = [], False
    for op, arg in items:
        if op is C.NEGATE:
            negated = True
        elif op is C.LITERAL:
            chars.append(chr(arg))
        elif op is C.RANGE:
            chars += [chr(arg[0]), chr(arg[1])]
        elif op is C.CATEGORY:
            chars += {C.CATEGORY_DIGIT: ["0"], C.CATEGORY_SPACE: [" ", "\n"], C.CATEGORY_WORD: ["a", "_"]}.get(arg, [])
    return chars, negated


def alphabet(parsed) -> list[str]:
    """Each character the pattern names, each representative of its classes, and probes its negations accept."""
    chars: list[str] = []

    def walk(items):
        for op, arg in items:
            if op is C.LITERAL:
                chars.append(chr(arg))
            elif op is C.NOT_LITERAL:
                chars.extend([c for c in PROBES if ord(c) != arg][:OTHERS])
            elif op is C.IN:
                members, negated = _class_members(arg)
                chars.extend([c for c in PROBES if _accepts(arg, c)][:OTHERS] if negated else members)
            elif op is C.ANY:
                chars.extend(PROBES[:OTHERS])
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                walk(arg[2])
            elif op is C.SUBPATTERN:
                walk(arg[3])
            elif op is C.ATOMIC_GROUP:
                walk(arg)
            elif op is C.BRANCH:
                for branch in arg[1]:
                    walk(branch)
            elif op in (C.ASSERT, C.ASSERT_NOT):
                walk(arg[1])
    walk(parsed)
    return list(dict.fromkeys(chars))


def _accepts(items, char: str) -> bool:
    """Whether the class `items` accepts `char` (sre's own reading of it, without compiling)."""
    code = ord(char)
    hit, negated = False, False
    for op, arg in items:
        if op is C.NEGATE:
            negated = True
        elif op is C.LITERAL:
            hit |= code == arg
        elif op is C.RANGE:
            hit |= arg[0] <= code <= arg[1]
        elif op is C.CATEGORY:
            hit |= {C.CATEGORY_DIGIT: char.isdigit(), C.CATEGORY_NOT_DIGIT: not char.isdigit(),
                    C.CATEGORY_SPACE: char.isspace(), C.CATEGORY_NOT_SPACE: not char.isspace(),
                    C.CATEGORY_WORD: char.isalnum() or char == "_",
                    C.CATEGORY_NOT_WORD: not (char.isalnum() or char == "_")}.get(arg, False)
    return hit != negated


def witnesses(parsed, count: int = 4) -> list[str]:
    """Starts of texts the pattern would match: the `choice`-th option of each alternative, each repeat as few
    times as it may be, or at least once."""
    def walk(items, choice: int, least: int) -> str:
        out = []
        for op, arg in items:
            if op is C.LITERAL:
                out.append(chr(arg))
            elif op is C.NOT_LITERAL:
                out.append(next(c for c in PROBES if ord(c) != arg))
            elif op is C.IN:
                accepted = [c for c in PROBES if _accepts(arg, c)] or _class_members(arg)[0] or ["a"]
                out.append(accepted[choice % len(accepted)])
            elif op is C.ANY:
                out.append("a")
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                out.append(walk(arg[2], choice, least) * max(arg[0], least))
            elif op is C.SUBPATTERN:
                out.append(walk(arg[3], choice, least))
            elif op is C.ATOMIC_GROUP:
                out.append(walk(arg, choice, least))
            elif op is C.BRANCH:
                out.append(walk(arg[1][choice % len(arg[1])], choice, least))
            if sum(map(len, out)) > MAX_WITNESS:
                break
        return "".join(out)
    return list(dict.fromkeys(walk(parsed, choice, least)[:MAX_WITNESS] for choice in range(count) for least in (0, 1)))


def runs(pattern: re.Pattern) -> list[tuple[str, str]]:
    """(head, unit) pairs: the text `head + unit * n` is fed to the pattern."""
    parsed = sre_parse.parse(pattern.pattern, pattern.flags)
    chars = alphabet(parsed)
    heads = {w[:k] for w in witnesses(parsed) for k in (*HEAD_LENGTHS, len(w) - 1, len(w)) if 0 < k <= len(w)}
    pairs = [("", c) for c in chars]
    pairs += [("", head) for head in sorted(heads)]  # `<a:<a:<a:…`
    pairs += [(head, c) for head in sorted(heads) for c in chars]  # `{:####…`
    pairs += [("", a + b) for a, b in itertools.combinations(chars[:12], 2)]
    return list(dict.fromkeys(pairs))


def text(head: str, unit: str, size: int, pattern: re.Pattern):
    body = head + unit * ((size - len(head)) // len(unit) + 1)
    return body.encode("utf-8") if isinstance(pattern.pattern, bytes) else body


def scan_seconds(pattern: re.Pattern, subject, use: str = "finditer") -> float:
    """Time to find every match in `subject`, as `sub`, `finditer` and `findall` do (or to match it, `use`).
    `subn` scans as they do without making an object for each match; the collector is off meanwhile. The time is
    the process's CPU time: on a shared machine, the wall clock counts the time others had the core."""
    scan = (lambda: pattern.subn("", subject)) if use == "finditer" else (lambda: getattr(pattern, use)(subject))
    gc.disable()
    try:
        start = time.process_time()
        scan()
        return time.process_time() - start
    finally:
        gc.enable()

SHORTLIST = 8  # runs timed again, at SCREEN and 4 × SCREEN characters
SCREEN = 1_600  # characters: where a quadratic pattern is slower than a linear one beyond noise
SIZES = [400 * 2 ** k for k in range(9)]  # ... 51,200 and 102,400 characters
FLOOR = 0.002  # seconds: below this a ratio of two timings is noise
# Four times the text may take at most this many times as long: linear is 4, quadratic 16. Judged over a span
# of four, not two: on a shared machine, a step of two could not tell linear from quadratic for single-character
# classes (measured: bench/README.md, tests/regex_timing.py).
MAX_RATIO = 8
CEILING = 1.0  # seconds one scan of SIZES[-1] characters may take
REPEATS = 3  # a step that looks superlinear is timed again, this many times each, before it counts


@dataclass
class Verdict:
    head: str
    unit: str
    seconds: dict  # size -> seconds
    problem: str | None = None


def worst_run(found: Found) -> tuple[str, str]:
    """The run the pattern fares worst on: at once one that takes a while at SIZES[0] characters (a cubic
    pattern, which would take minutes at SCREEN), else, of the SHORTLIST slowest at SCREEN characters, the one
    whose time grows most from SCREEN to 4 × SCREEN characters (timings of a few microseconds are noise)."""
    p = found.pattern

    def timed(run, size: int, repeats: int = 1) -> float:
        return min(scan_seconds(p, text(*run, size, p), found.use) for _ in range(repeats))

    all_runs = runs(p)
    for run in all_runs:
        if timed(run, SIZES[0]) > FLOOR and timed(run, SIZES[0], REPEATS) > FLOOR:
            return run
    first = {}
    for run in all_runs:
        first[run] = timed(run, SCREEN)
        if first[run] > 10 * FLOOR:  # slow already: no need to look further (a quadratic pattern on many runs)
            return run
    shortlist = sorted(first, key=first.get, reverse=True)[:SHORTLIST]
    return max(shortlist, key=lambda run: timed(run, 4 * SCREEN, 2) / max(timed(run, SCREEN, 2), 1e-7))


def ladder(found: Found, head: str, unit: str) -> Verdict:
    """Scan ever longer texts, doubling, up to SIZES[-1]; stop at the first superlinear step or a slow scan.
    A scan may take CEILING for SIZES[-1] characters and its share of it, with room for noise, for fewer:
    a pattern cubic in a run fails at a few hundred characters, before it takes minutes."""
    pattern, verdict = found.pattern, Verdict(head, unit, {})
    suspect, suspect_before = None, False

    def timed(size: int, repeats: int = 1) -> float:
        subject = text(head, unit, size, pattern)
        return min(scan_seconds(pattern, subject, found.use) for _ in range(repeats))

    for size in SIZES:
        seconds = verdict.seconds[size] = timed(size)
        allowed = max(CEILING * size / SIZES[-1] * 4, 5 * FLOOR) if size < SIZES[-1] else CEILING
        if seconds > allowed:
            seconds = verdict.seconds[size] = timed(size, REPEATS)
            if seconds > allowed:
                verdict.problem = f"{seconds:.3f} s for {size:,} characters (at most {allowed:.3f} s)"
                return verdict
        quarter = verdict.seconds.get(size // 4)
        if quarter is not None and seconds > FLOOR and seconds > MAX_RATIO * quarter:
            # noise, or the pattern? Timed again; a pattern is superlinear at the next size too (the last, again)
            quarter, seconds = timed(size // 4, REPEATS), timed(size, REPEATS)
            verdict.seconds[size // 4], verdict.seconds[size] = quarter, seconds
            if seconds > FLOOR and seconds > MAX_RATIO * quarter:
                suspect = suspect or f"{seconds / quarter:.1f}× the time for four times the text ({size // 4:,} → {size:,} characters)"
                if suspect_before or size == SIZES[-1]:
                    verdict.problem = suspect
                    return verdict
                suspect_before = True
                continue
        suspect, suspect_before = None, False
    return verdict
