"""The build stamp: proof that the kb plugin built a site and that its firewall passed every file now in it.

Once the output firewall has passed a site, the kb plugin writes kb.project.layout.BUILD_STAMP at its root: that the
plugin ran and the firewall passed, the generator, the languages built, and a digest of every other file.
`kb verify-site SITE` (`make build`; the workflows, before a site is uploaded) computes the digest again and
fails, naming the folders, if a file was changed, added or removed after the check; and fails without a stamp:
a site built without the kb plugin, or by a generator that runs no MkDocs plugins (Zensical: DECISIONS.md),
has none. It proves the site is the one the firewall passed, against mistakes and tools that touch it later;
it is no signature: whoever can write the site can write a stamp.

The digest is the sha256 of what sha256sum prints for every other file, sorted by path as UTF-8 bytes. For a
site without symbolic links (the firewall refuses them), by hand:

    cd site && find . -type f ! -path ./kb-build.json -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum

Each top-level folder of the site, and its root's own files, has its digest and count too.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from kb.base.forked import in_halves
from kb.base.plural import plural
from kb.project import layout
from kb.project.generator import DECISIONS, PLUGIN

FORMAT = 1  # raised when a field changes meaning
PASSED = "passed"
ROOT_FILES = ""  # the part of a site that is its root's own files; every other part is a top-level folder ("en/")
REBUILD = "build it again (`make build`) and publish the folder as the build left it"


def write_stamp(site: Path, languages: list[str], generator: str, split: bool = False) -> dict:
    """Stamp `site`, which the firewall has just passed, built in `languages` by `generator` ("mkdocs 1.6.1").
    `split`: half of the files hashed in a forked copy (kb.base.forked), for a caller with no other thread: the
    stamp is the build's last step, with nothing else left for the second core."""
    stamp = {"stamp": FORMAT, "plugin": PLUGIN, "firewall": PASSED, "generator": generator,
             "languages": list(languages), **site_digest(Path(site), split)}
    (Path(site) / layout.BUILD_STAMP).write_text(json.dumps(stamp, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return stamp


def site_digest(site: Path, split: bool = False) -> dict:
    """The number of files of `site` but the stamp, their digest, and each part's (ROOT_FILES, "en/", ...)."""
    entries = _listing(site, split)
    parts: dict[str, list[tuple[str, str]]] = {}
    for rel, sha in entries:
        parts.setdefault(_part(rel), []).append((rel, sha))
    return {"files": len(entries), "sha256": _digest(entries),
            "parts": {name: {"files": len(part), "sha256": _digest(part)} for name, part in sorted(parts.items())}}


def verify_site(site: Path) -> list[str]:
    """What keeps `site` from being the site the kb plugin built and its firewall passed: nothing if it is."""
    site, stamp_file = Path(site), Path(site) / layout.BUILD_STAMP
    if not site.is_dir():
        return [f"{site}: no such folder — build the site first (`make build`)"]
    if not stamp_file.is_file():
        return [f"{stamp_file}: missing — the kb plugin did not finish this build: `{PLUGIN}` is not under `plugins:` in "
                f"{layout.SITE_CONFIG}, or its firewall refused the site, or a generator that runs no MkDocs plugins built it "
                f"({DECISIONS}); {REBUILD}"]
    try:
        stamp = json.loads(stamp_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return [f"{stamp_file}: not a stamp the kb plugin writes ({error}) — {REBUILD}"]
    if not _well_formed(stamp):
        return [f"{stamp_file}: not a stamp the kb plugin writes (format {FORMAT}: stamp, plugin, firewall, generator, "
                f"languages, files, sha256, parts) — {REBUILD}"]
    problems = []
    if stamp["plugin"] != PLUGIN or stamp["firewall"] != PASSED:
        problems.append(f"{stamp_file}: does not say the kb plugin ran and its firewall passed the site (plugin "
                        f"{stamp['plugin']!r}, firewall {stamp['firewall']!r}) — {REBUILD}")
    if sorted(stamp["languages"]) != sorted(layout.LANGUAGES):
        problems.append(f"{stamp_file}: built in {', '.join(stamp['languages']) or 'no language'}, but {layout.SITE_CONFIG} "
                        f"lists {', '.join(layout.LANGUAGES)} — {REBUILD}")
    now = site_digest(site)
    if now["sha256"] != stamp["sha256"]:
        changes = "; ".join(_changes(stamp["parts"], now["parts"])) or "a file changed"
        counts = f"; {now['files']} files now, {stamp['files']} then" if now["files"] != stamp["files"] else ""
        problems.append(f"{site}: changed since the firewall checked it ({changes}{counts}) — {REBUILD}")
    return problems


def verify_command(site: Path) -> int:
    """`kb verify-site SITE`: each problem on a line, or what the stamp says; 1 if there is a problem."""
    problems = verify_site(site)
    for problem in problems:
        print(problem)
    if problems:
        print(f"kb verify-site: {site} is not the site the kb plugin built and its firewall passed", file=sys.stderr)
        return 1
    stamp = json.loads((Path(site) / layout.BUILD_STAMP).read_text(encoding="utf-8"))
    print(f"{site}: built by {stamp['generator']} with the kb plugin in {', '.join(stamp['languages'])}, {stamp['files']:,} "
          f"files as its firewall passed them")
    return 0


def _listing(site: Path, split: bool = False) -> list[tuple[str, str]]:
    """(path, sha256) of every file and symbolic link of `site` but the stamp, sorted as the digest lists them."""
    paths = []
    for folder, folders, files in os.walk(site):  # symbolic links to folders are listed, never followed
        for name in [*files, *(name for name in folders if os.path.islink(os.path.join(folder, name)))]:
            path = Path(folder, name)
            rel = path.relative_to(site).as_posix()
            if rel != layout.BUILD_STAMP:
                paths.append((rel, path))
    paths.sort(key=lambda entry: entry[0].encode())
    return list(zip([rel for rel, _ in paths], in_halves([path for _, path in paths], _file_sha256, split)))


def _file_sha256(path: Path) -> str:
    if path.is_symlink():  # what it points to, never followed
        return hashlib.sha256(b"symbolic link to " + os.fsencode(os.readlink(path))).hexdigest()
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def _digest(entries: list[tuple[str, str]]) -> str:
    return hashlib.sha256("".join(f"{sha}  {rel}\n" for rel, sha in entries).encode()).hexdigest()


def _part(rel: str) -> str:
    folder, slash, _ = rel.partition("/")
    return f"{folder}/" if slash else ROOT_FILES


FILES = {"zero": "no files", "one": "{n} file", "many": "{n} files"}

def _changes(then: dict, now: dict) -> list[str]:
    """Each part whose files differ from when the firewall checked them, said in a few words."""
    said = []
    for name in sorted(set(then) | set(now)):
        before, after = then.get(name), now.get(name)
        if before == after:
            continue
        label = name or "the files at its root"
        if before is None:
            said.append(f"{label}: new, {plural(FILES, after['files'])}")
        elif after is None:
            said.append(f"{label}: gone, {plural(FILES, before['files'])} then")
        elif before["files"] != after["files"]:
            said.append(f"{label}: {after['files']} files, {before['files']} then")
        else:
            said.append(f"{label}: a file changed")
    return said


def _well_formed(stamp) -> bool:
    fields = {"stamp": int, "plugin": str, "firewall": str, "generator": str, "languages": list, "files": int,
              "sha256": str, "parts": dict}
    return (isinstance(stamp, dict) and stamp.get("stamp") == FORMAT
            and all(isinstance(stamp.get(key), kind) for key, kind in fields.items())
            and all(isinstance(lang, str) for lang in stamp["languages"])
            and all(isinstance(part, dict) and isinstance(part.get("files"), int) and isinstance(part.get("sha256"), str)
                    for part in stamp["parts"].values()))
