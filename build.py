#!/usr/bin/env python3
"""Assemble and serve Ladder Rummy's deployable static site, ``dist/``.

    python build.py                          # build dist/
    python build.py serve [--port 8000]      # build, then serve dist/ on localhost
    python build.py serve --no-build         # serve what is already in dist/
    python build.py --out DIR [serve ...]    # build (or serve) another directory
    python build.py --full-stdlib            # the page (and the function) load Pyodide's whole stdlib

``dist/`` holds everything the page needs at run time on its own origin, so the
game plays offline after one visit and never talks to a CDN:

    index.html, ... (site/)       the page, copied as is (index.html: where the runtime is)
    pyodide/<version>/            the Pyodide runtime from node_modules/pyodide, and the page's
                                  python_stdlib-<hash12>.zip (the modules the game imports,
                                  tools/stdlib-trace.json) and pyodide-lock-<hash12>.json (no
                                  packages) beside npm's own
    pyscript/<version>/           @pyscript/core's dist/, without source maps
    wheels/<hash12>/ladder_rummy-<v>-py3-none-any.whl
    boot/<hash12>/pyodide-worker.js  Pyodide's entry in PyScript's worker (site/js/), by content
    boot/<hash12>/worker.py          the Python the worker runs (site/py/), by content
                                  the engine, under a content-hashed path
    engine/ladder_rummy.whl       the same wheel at a stable path, for Node
                                  (the leaderboard function, tools/pyodide_node.mjs)
    engine/python_stdlib.zip      the leaderboard function's standard library: the page's cut
                                  and what the function imports (tools/function-stdlib-trace.json)
    build.json                    versions, paths, build hash and precache list
    sw.js (if site/ has one)      its ``__BUILD_JSON__`` token replaced by build.json

Versioned and hashed paths are what make ``immutable`` caching in netlify.toml
honest. The build needs no network once node_modules/ exists; if it is missing
or holds other versions than package.json pins, it runs ``npm ci`` first.

``serve`` applies the ``[[headers]]`` of netlify.toml the way Netlify matches
them, so local tests run under the production header policy (CSP included), and
compresses like Netlify's CDN: Brotli when the browser accepts it (by Node's
zlib), else gzip; zips and images as they are.
Requests to ``/api/*`` go to ``node netlify/dev-server.mjs --port P --dist DIR``
when that file exists (the leaderboard's local stand-in); otherwise they get a
503 JSON answer. Standard library only (Node makes the Brotli bodies and reads
Pyodide's standard library, as it compiles the engine's bytecode).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import http.client
import importlib.util
import io
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import tomllib
import urllib.parse
import zipfile
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path
from types import FrameType, ModuleType

ROOT = Path(__file__).resolve().parent
PYPROJECT = ROOT / "pyproject.toml"
PACKAGE_JSON = ROOT / "package.json"
NETLIFY_TOML = ROOT / "netlify.toml"
SITE_DIR = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
# The leaderboard's local stand-in; the variable lets tests put a fake there.
DEV_SERVER = Path(os.environ.get("LADDER_RUMMY_DEV_SERVER", ROOT / "netlify" / "dev-server.mjs"))
DEFAULT_OUT = ROOT / "dist"
API_BODY_LIMIT = 1 << 20  # the proxy's own bound; the endpoint refuses more than 64 KB itself

# What pyodide.mjs fetches at run time (checked against its source): the
# Emscripten module, the wasm, the standard library and the lockfile that
# loadPyodide always reads. No .map files and no package wheels.
PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
SOURCE_MAP_LINE = re.compile(rb"^[ \t]*//[#@] sourceMappingURL=.*(?:\r?\n)?", re.MULTILINE)
BUILD_JSON_TOKEN = "__BUILD_JSON__"
SERVICE_WORKER = "sw.js"
STABLE_WHEEL = "engine/ladder_rummy.whl"
FUNCTION_STDLIB = "engine/python_stdlib.zip"  # beside the wheel: netlify.toml ships both with the function
BOOT_FILES = {"worker": "js/pyodide-worker.js", "worker_py": "py/worker.py"}  # moved to boot/<hash>/
# 1980-01-01 is the earliest time a zip entry can hold: a fixed stamp makes
# the wheel's bytes depend on its content only.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
HASH_CHARS = 12
# PyScript chunks the game never requests (tests/browser/test_offline.py records every
# request of a whole session and checks): they stay in dist/ but out of the service
# worker's precache, about 330 KB gzipped off a first visit. By name, not hash:
PRECACHE_SKIP = (
    "pyodide/*/python_stdlib.zip",  # npm's whole standard library and lockfile: the page loads
    "pyodide/*/pyodide-lock.json",  # the trimmed, content-addressed copies beside them
    "pyscript/*/codemirror*",      # <py-editor>'s editor, and index-*.js, its helper
    "pyscript/*/index-*",
    "pyscript/*/xterm*",           # <py-terminal>'s terminal, and py-*.js, its Pyodide side
    "pyscript/*/py-????????.js",
    "pyscript/*/mpy-*",            # MicroPython
    "pyscript/*/toml-*",           # configs written in TOML (the bridge passes an object)
    "pyscript/*/zip-*",            # zip archives in a config's files (none)
    "pyscript/*/pyodide_graph-*",  # the package graph for config "packages" (none)
    "pyscript/*/storage.js",       # separate entry points, not imported by core.js
    "pyscript/*/service-worker.js",
    "pyscript/*/*.css",            # styles of the editor and the terminal
)


# --------------------------------------------------------------------------
# Engine wheel
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Project:
    """The few pyproject.toml fields a wheel's METADATA needs."""

    name: str
    version: str
    summary: str
    requires_python: str
    license: str
    package_dir: Path
    package_data: tuple[str, ...]


def read_project(pyproject: Path = PYPROJECT) -> Project:
    """Read name, version and package layout from pyproject.toml.

    The wheel is written here rather than by setuptools, so pyproject.toml
    stays the one place the version and the package-data globs are stated.
    """
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    project = data["project"]
    setuptools = data.get("tool", {}).get("setuptools", {})
    name = project["name"]
    source_root = setuptools.get("package-dir", {}).get("", ".")
    patterns = setuptools.get("package-data", {}).get(name, [])
    return Project(
        name=name,
        version=project["version"],
        summary=project.get("description", ""),
        requires_python=project.get("requires-python", ""),
        license=project.get("license", {}).get("text", ""),
        package_dir=pyproject.parent / source_root / name,
        package_data=tuple(patterns),
    )


def wheel_name(project: Project) -> str:
    """The wheel's file name: pure Python, any platform (PEP 427)."""
    return f"{project.name}-{project.version}-py3-none-any.whl"


def package_files(project: Project) -> list[tuple[str, Path]]:
    """Every module and package-data file of the engine, sorted by archive name.

    Subpackages are included; bytecode caches are not, since Pyodide compiles
    for its own Python version.
    """
    found: list[tuple[str, Path]] = []
    for path in project.package_dir.rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix == ".py" or any(fnmatch(path.name, p) for p in project.package_data):
            arcname = f"{project.name}/{path.relative_to(project.package_dir).as_posix()}"
            found.append((arcname, path))
    return sorted(found)


def dist_info_files(project: Project) -> list[tuple[str, bytes]]:
    """METADATA and WHEEL, the dist-info files a wheel installer reads."""
    info = f"{project.name}-{project.version}.dist-info"
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {project.name}",
        f"Version: {project.version}",
        f"Summary: {project.summary}",
        f"License: {project.license}",
        f"Requires-Python: {project.requires_python}",
    ]
    wheel = [
        "Wheel-Version: 1.0",
        "Generator: ladder-rummy build.py",
        "Root-Is-Purelib: true",
        "Tag: py3-none-any",
    ]
    return [
        (f"{info}/METADATA", ("\n".join(metadata) + "\n").encode()),
        (f"{info}/WHEEL", ("\n".join(wheel) + "\n").encode()),
    ]


def record_line(arcname: str, data: bytes) -> str:
    """One RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def zip_entry(arcname: str) -> zipfile.ZipInfo:
    """A zip entry with a fixed time and mode, so equal content gives equal bytes."""
    info = zipfile.ZipInfo(arcname, date_time=ZIP_EPOCH)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def build_wheel(project: Project, dest_dir: Path, extra: Iterable[tuple[str, bytes]] = ()) -> Path:
    """Write the engine's py3-none-any wheel into dest_dir, reproducibly.

    Writing the zip directly takes milliseconds and gives the same bytes for
    the same sources, which the content-hashed wheel path relies on; a pip or
    setuptools build would take seconds and stamp the current time. ``extra``
    adds files beside the modules (the site's wheel gets Pyodide's bytecode).
    """
    entries = [(arcname, path.read_bytes()) for arcname, path in package_files(project)]
    entries += sorted(extra)
    entries += dist_info_files(project)
    record_name = f"{project.name}-{project.version}.dist-info/RECORD"
    record = [record_line(arcname, data) for arcname, data in entries] + [f"{record_name},,"]
    entries.append((record_name, ("\n".join(record) + "\n").encode()))
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / wheel_name(project)
    with zipfile.ZipFile(target, "w") as wheel:
        for arcname, data in entries:
            wheel.writestr(zip_entry(arcname), data, compresslevel=9)
    return target


BYTECODE_CACHE = ROOT / "build" / "bytecode"


def pyodide_bytecode(wheel: Path) -> list[tuple[str, bytes]]:
    """The engine's modules compiled by Pyodide's Python (tools/bytecode.mjs), as wheel entries.

    The page then imports the engine from bytecode, about four times quicker than from source,
    in the middle of its boot. Pyodide's Python starts in a couple of seconds, so the result is
    kept in build/bytecode/ under the sources' hash and the runtime's version: a build with
    unchanged sources reuses it. Without Node the wheel simply stays source-only.
    """
    key = f"{file_sha256(wheel)[:HASH_CHARS]}-{installed_version('pyodide')}.json"
    cached = BYTECODE_CACHE / key
    if not cached.is_file():
        try:
            done = subprocess.run(["node", str(ROOT / "tools" / "bytecode.mjs"), str(wheel)], cwd=ROOT,
                                  capture_output=True, check=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as error:
            print(f"build: no Pyodide bytecode for the engine ({error}); the page compiles it", file=sys.stderr)
            return []
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        partial.write_bytes(done.stdout)
        partial.replace(cached)
    compiled = json.loads(cached.read_text(encoding="utf-8"))
    return [(arcname, base64.b64decode(data)) for arcname, data in sorted(compiled.items())]


def build_site_wheel(project: Project, dest_dir: Path) -> Path:
    """The wheel the page and the endpoint load: the sources and Pyodide's bytecode for them."""
    plain = build_wheel(project, dest_dir / ".plain")
    wheel = build_wheel(project, dest_dir, pyodide_bytecode(plain))
    shutil.rmtree(plain.parent)
    return wheel


# --------------------------------------------------------------------------
# Runtime files from node_modules
# --------------------------------------------------------------------------


def pinned_versions(package_json: Path = PACKAGE_JSON) -> dict[str, str]:
    """The exact dependency versions package.json pins."""
    return dict(json.loads(package_json.read_text(encoding="utf-8"))["dependencies"])


def installed_version(name: str, node_modules: Path = NODE_MODULES) -> str | None:
    """The version of an installed npm package, or None when it is absent."""
    manifest = node_modules / name / "package.json"
    if not manifest.is_file():
        return None
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules/ is missing or holds other versions.

    A fresh clone then needs only ``python build.py serve``; an up-to-date
    checkout does not touch the network.
    """
    stale = [n for n, v in pinned_versions().items() if installed_version(n) != v]
    if not stale:
        return
    print(f"build: npm ci (missing or outdated: {', '.join(stale)})", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


@dataclass(frozen=True)
class PyodideFiles:
    """Where the runtime went in dest: its directory, and the standard library and lockfile the
    page loads (trimmed, or npm's own with ``full_stdlib``), under content-addressed names."""

    directory: Path
    stdlib: Path
    lockfile: Path


def copy_pyodide(dest: Path, project: Project, full_stdlib: bool = False) -> PyodideFiles:
    """Copy the Pyodide runtime into dest/pyodide/<version>/, and the game's cut of it beside.

    npm's five files go there as they are (tools and the test probe load Pyodide with its
    defaults), but the page loads ``python_stdlib-<hash>.zip`` and ``pyodide-lock-<hash>.json``:
    only the modules the game imports (tools/stdlib-trace.json, checked by check_stdlib) without
    their comments, and a lockfile of no packages (the engine wheel is unpacked by URL). Named by content, so a new
    cut is a new URL: the directory is cached for good, and so is everything in it.
    """
    source = NODE_MODULES / "pyodide"
    target = dest / "pyodide" / str(installed_version("pyodide"))
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        (target / name).write_bytes(strip_source_map(source / name))
    if full_stdlib:
        stdlib, lockfile = (source / "python_stdlib.zip").read_bytes(), (source / "pyodide-lock.json").read_bytes()
    else:
        stdlib, lockfile = game_stdlib(project), empty_lockfile(source / "pyodide-lock.json")
    return PyodideFiles(target, hashed_copy(target / "python_stdlib.zip", stdlib), hashed_copy(target / "pyodide-lock.json", lockfile))


def hashed_copy(like: Path, data: bytes) -> Path:
    """Write data beside ``like`` as ``<stem>-<hash12><suffix>``; return its path."""
    digest = hashlib.sha256(data).hexdigest()[:HASH_CHARS]
    target = like.with_name(f"{like.stem}-{digest}{like.suffix}")
    target.write_bytes(data)
    return target


def copy_pyscript(dest: Path) -> Path:
    """Copy @pyscript/core's dist/ into dest/pyscript/<version>/, minus source maps.

    The ``sourceMappingURL`` comments go too: with devtools open the browser
    would otherwise request .map files that are not there.
    """
    source = NODE_MODULES / "@pyscript" / "core" / "dist"
    target = dest / "pyscript" / str(installed_version("@pyscript/core"))
    target.mkdir(parents=True)
    for path in sorted(source.iterdir()):
        if path.is_file() and path.suffix != ".map":
            (target / path.name).write_bytes(strip_source_map(path))
    return target


def strip_source_map(path: Path) -> bytes:
    """A file's bytes, without ``//# sourceMappingURL`` lines if it is JavaScript."""
    data = path.read_bytes()
    if path.suffix in {".js", ".mjs"}:
        data = SOURCE_MAP_LINE.sub(b"", data)
    return data


def copy_site(dest: Path, site: Path = SITE_DIR) -> None:
    """Copy the page (site/) into dest as is, skipping editor and cache litter."""
    if not site.is_dir():
        raise SystemExit(f"build: {site} is missing; the page lives there")
    shutil.copytree(
        site, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    )


# --------------------------------------------------------------------------
# The standard library the game imports
# --------------------------------------------------------------------------

STDLIB_TRACE = ROOT / "tools" / "stdlib-trace.json"  # written by tools/stdlib_trace.py
STDLIB_READER = ROOT / "tools" / "stdlib.mjs"  # runs the two below in Pyodide
STDLIB_IMPORTS = ROOT / "tools" / "stdlib_imports.py"
STDLIB_COMMENTS = ROOT / "tools" / "stdlib_comments.py"
STDLIB_CACHE = ROOT / "build" / "stdlib"
PYSCRIPT_PYTHON = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib"
WORKER_PY = SITE_DIR / "py" / "worker.py"
WORKER_MODULE = "worker"  # what site/py/worker.py is called in the import graph
RETRACE = "python tools/stdlib_trace.py"
FUNCTION_TRACE = ROOT / "tools" / "function-stdlib-trace.json"  # written by tools/function_stdlib_trace.py
FUNCTION_RETRACE = "python tools/function_stdlib_trace.py"


class StdlibError(SystemExit):
    """The trimmed standard library would lack a module the game imports: the build stops."""


@lru_cache(maxsize=1)
def import_reader() -> ModuleType:
    """tools/stdlib_imports.py, which reads import statements (the same code runs in Pyodide)."""
    spec = importlib.util.spec_from_file_location("stdlib_imports", STDLIB_IMPORTS)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_trace(trace: Path = STDLIB_TRACE, retrace: str = RETRACE) -> dict[str, object]:
    """The traced modules, refused if they were traced with another Pyodide than the installed one."""
    name = trace.relative_to(ROOT) if trace.is_relative_to(ROOT) else trace
    if not trace.is_file():
        raise StdlibError(f"build: {name} is missing; run {retrace}")
    data = json.loads(trace.read_text(encoding="utf-8"))
    installed = installed_version("pyodide")
    if data.get("pyodide") != installed:
        raise StdlibError(f"build: {name} was traced with Pyodide {data.get('pyodide')}, this is {installed}: run {retrace}")
    return data


@dataclass(frozen=True)
class Stdlib:
    """Pyodide's standard library as tools/stdlib.mjs reads it: the import graph of its modules,
    its built-in modules, and its zip with every .py file's comments cut."""

    imports: dict[str, list[str]]
    builtin: list[str]
    zip: Path


def read_stdlib() -> Stdlib:
    """Pyodide's standard library, read by Pyodide (tools/stdlib.mjs), once per Pyodide version.

    Reading and checking 560 modules takes Pyodide a minute or two, so the result is kept in
    build/stdlib/ under Pyodide's version and the readers' hash: it changes with neither the game
    nor the trace.
    """
    readers = "".join(file_sha256(p) for p in (STDLIB_READER, STDLIB_IMPORTS, STDLIB_COMMENTS))
    cached = STDLIB_CACHE / f"{installed_version('pyodide')}-{hashlib.sha256(readers.encode()).hexdigest()[:HASH_CHARS]}"
    if not (cached / "graph.json").is_file():
        partial = cached.with_suffix(".partial")
        shutil.rmtree(partial, ignore_errors=True)
        try:
            subprocess.run(["node", str(STDLIB_READER), str(partial)], cwd=ROOT, capture_output=True, check=True, timeout=900)
        except (OSError, subprocess.SubprocessError) as error:
            raise StdlibError(f"build: cannot read Pyodide's standard library with Node ({error}); "
                              "the page's cut of it is made from that reading") from None
        shutil.rmtree(cached, ignore_errors=True)
        partial.rename(cached)
    graph = json.loads((cached / "graph.json").read_text(encoding="utf-8"))
    return Stdlib(dict(graph["imports"]), list(graph["builtin"]), cached / "python_stdlib.zip")


def own_sources(project: Project) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(path, source) of the code the game runs besides the standard library: ours (the engine,
    site/py/worker.py), whose every import counts, and PyScript's Python, read like the stdlib."""
    engine = [(arcname, path.read_text(encoding="utf-8")) for arcname, path in package_files(project) if arcname.endswith(".py")]
    ours = [*engine, (f"{WORKER_MODULE}.py", WORKER_PY.read_text(encoding="utf-8"))]
    pyscript = [(path.relative_to(PYSCRIPT_PYTHON).as_posix(), path.read_text(encoding="utf-8"))
                for path in sorted(PYSCRIPT_PYTHON.rglob("*.py"))]
    return ours, pyscript


def import_graph(project: Project, stdlib: Stdlib) -> dict[str, list[str]]:
    """One graph of every module the game may run: the standard library, PyScript's, ours."""
    reader = import_reader()
    ours, pyscript = own_sources(project)
    known = set(stdlib.imports) | set(stdlib.builtin)
    known |= {named[0] for path, _ in ours + pyscript if (named := reader.module_name(path))}
    graph = {**stdlib.imports, **reader.graph(pyscript, "executed", known)}
    graph.update(reader.graph(ours, "every", known))
    return graph


def imported_by(roots: Iterable[str], graph: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Every module the roots import, directly or not: {module: the module that imports it}."""
    found = {root: "" for root in roots}
    queue = list(found)
    while queue:
        module = queue.pop()
        for name in graph.get(module, ()):
            if name not in found:
                found[name] = module
                queue.append(name)
    return found


def engine_modules(project: Project) -> list[str]:
    """The engine's module names (``ladder_rummy.verify``, …): those the function runs are its roots."""
    reader = import_reader()
    return sorted(named[0] for arcname, _ in package_files(project) if (named := reader.module_name(arcname)))


def closed_trace(traced: Iterable[str], roots: Iterable[str], project: Project) -> tuple[list[str], list[str]]:
    """(the traced stdlib modules, those and all that they and the roots import on import): what a
    trace writes (tools/stdlib_trace.py for the page, tools/function_stdlib_trace.py for the function)."""
    stdlib = read_stdlib()
    zip_modules = set(stdlib.imports)
    seen = sorted(set(traced) & zip_modules)
    closure = imported_by([*seen, *roots], import_graph(project, stdlib))
    return seen, sorted(set(seen) | (set(closure) & zip_modules))


def import_chain(module: str, found: Mapping[str, str]) -> str:
    """``worker → ladder_rummy.adapter → json`` for a module of imported_by's answer."""
    chain = [module]
    while found.get(chain[-1]):
        chain.append(found[chain[-1]])
    return " → ".join(reversed(chain))


def check_stdlib(kept: Collection[str], traced: Iterable[str], graph: Mapping[str, Iterable[str]], stdlib: Collection[str],
                 roots: Iterable[str] = (WORKER_MODULE,), who: str = "the game", retrace: str = RETRACE) -> None:
    """Fail when the trimmed standard library lacks a module the game (or ``who``) imports.

    What the game imports: the traced modules, the worker (the roots) and, through it, the engine
    (every import statement of ours, wherever it is), and whatever those import when they are
    imported (the standard library's and PyScript's module-level imports). A new ``import`` in
    the engine or the worker lands here before it can fail in a visitor's browser. The leaderboard
    function's roots are the engine's modules (function_stdlib).
    """
    found = imported_by([*traced, *roots], graph)
    missing = sorted(name for name in found if name in stdlib and name not in kept)
    if missing:
        lines = "\n  ".join(import_chain(name, found) for name in missing)
        raise StdlibError(f"build: the trimmed standard library lacks modules {who} imports:\n  {lines}\n"
                          f"run {retrace} to trace {who}'s imports again")


def game_stdlib(project: Project) -> bytes:
    """python_stdlib.zip cut to the traced modules, without comments, once check_stdlib has found
    none missing."""
    trace = read_trace()
    kept = set(trace["modules"])  # type: ignore[arg-type]
    stdlib = read_stdlib()
    check_stdlib(kept, kept, import_graph(project, stdlib), set(stdlib.imports))
    return trimmed_zip(stdlib.zip, kept)


def function_stdlib(project: Project) -> bytes:
    """The leaderboard function's python_stdlib.zip: the page's cut and the modules the function's
    Python imports besides (sysconfig, importlib.metadata, …: tools/function-stdlib-trace.json),
    without comments, once check_stdlib has found none missing of what the traced modules and the
    engine modules the function ran import. It takes 1.8 MB off the function's deploy; Pyodide
    starts on it as fast as on npm's whole zip, within noise (docs/BOOT.md)."""
    page = read_trace()
    function = read_trace(FUNCTION_TRACE, FUNCTION_RETRACE)
    kept = set(page["modules"]) | set(function["modules"])  # type: ignore[arg-type]
    stdlib = read_stdlib()
    check_stdlib(kept, function["traced"], import_graph(project, stdlib), set(stdlib.imports),  # type: ignore[arg-type]
                 roots=function["engine"], who="the leaderboard function", retrace=FUNCTION_RETRACE)  # type: ignore[arg-type]
    return trimmed_zip(stdlib.zip, kept)


def trimmed_zip(source: Path, modules: Collection[str]) -> bytes:
    """The zip's entries for these modules (and the folders above them), recompressed, in the same
    order and with the same stamps: the same input always gives the same bytes."""
    reader = import_reader()
    buffer = io.BytesIO()
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(buffer, "w") as cut:
        files = [i for i in full.infolist() if not i.is_dir() and (reader.module_name(i.filename) or ("",))[0] in modules]
        folders = {info.filename[: i + 1] for info in files for i, c in enumerate(info.filename) if c == "/"}
        for info in full.infolist():
            if info in files or info.filename in folders:
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.external_attr = info.external_attr
                entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                cut.writestr(entry, full.read(info), compresslevel=9)
    return buffer.getvalue()


def empty_lockfile(source: Path) -> bytes:
    """pyodide-lock.json with no packages: the game loads none (the engine wheel is unpacked by
    URL), and Pyodide reads the lockfile's ``info`` only to check it matches."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    lock["packages"] = {}
    return (json.dumps(lock, sort_keys=True, separators=(",", ":")) + "\n").encode()


# --------------------------------------------------------------------------
# build.json and the service worker stamp
# --------------------------------------------------------------------------


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's content."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dist_files(dest: Path) -> list[str]:
    """Every file under dest as a POSIX path relative to it, sorted."""
    return sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())


def build_hash(dest: Path, files: Iterable[str]) -> str:
    """One hash over the names and contents of the given files.

    It names the service worker's cache: any change to anything shipped gives
    a new cache, so a rebuilt file is never served stale under an old name.
    """
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\0{file_sha256(dest / name)}\n".encode())
    return digest.hexdigest()[:HASH_CHARS]


def precache_list(files: Iterable[str]) -> list[str]:
    """What the service worker stores for offline play.

    All of dist/ except the service worker itself (the browser keeps that),
    the stable wheel copy and the function's standard library, which only Node reads, and the PyScript chunks the
    game never loads (PRECACHE_SKIP). build.json is included: the page reads
    it at boot, offline too.
    """
    def needed(name: str) -> bool:
        return name not in {SERVICE_WORKER, STABLE_WHEEL, FUNCTION_STDLIB} and not any(fnmatch(name, p) for p in PRECACHE_SKIP)

    return [f for f in files if needed(f)] + ["build.json"]


def stamp_service_worker(dest: Path, build: Mapping[str, object]) -> bool:
    """Replace ``__BUILD_JSON__`` in dest/sw.js with build.json's content.

    The service worker then knows its cache name and precache list without a
    fetch, and its bytes change with every build, which is what makes the
    browser install the new worker. Returns whether a token was replaced.
    """
    worker = dest / SERVICE_WORKER
    if not worker.is_file():
        return False
    text = worker.read_text(encoding="utf-8")
    if BUILD_JSON_TOKEN not in text:
        print(f"build: warning: {SERVICE_WORKER} has no {BUILD_JSON_TOKEN} token", file=sys.stderr)
        return False
    worker.write_text(text.replace(BUILD_JSON_TOKEN, json.dumps(build, separators=(",", ":"))), encoding="utf-8")
    return True


def runtime_paths(dest: Path, wheel: Path, pyodide: PyodideFiles, pyscript: Path, boot: Mapping[str, Path]) -> dict[str, str]:
    """Where the page finds the runtime, the wheel and the worker's files, from dest's root
    (build.json and the page's #build-info say the same)."""
    return {
        "wheel": wheel.relative_to(dest).as_posix(),
        "pyodide": (pyodide.directory / "pyodide.mjs").relative_to(dest).as_posix(),
        "stdlib": pyodide.stdlib.relative_to(dest).as_posix(),
        "lockfile": pyodide.lockfile.relative_to(dest).as_posix(),
        "pyscript": (pyscript / "core.js").relative_to(dest).as_posix(),
        **{key: path.relative_to(dest).as_posix() for key, path in boot.items()},
    }


def write_build_json(
    dest: Path, project: Project, wheel: Path, pyodide: PyodideFiles, pyscript: Path, boot: Mapping[str, Path]
) -> dict[str, object]:
    """Write dest/build.json and return it.

    The page reads it to find the runtime and the wheel (so no version is
    written twice in site/), and the service worker gets it by stamping.
    """
    files = dist_files(dest)
    digest = build_hash(dest, files)
    build: dict[str, object] = {
        "engine": project.version,
        **runtime_paths(dest, wheel, pyodide, pyscript, boot),
        "hash": digest,
        "cache": f"ladder-rummy-{digest}",
        "precache": precache_list(files),
    }
    (dest / "build.json").write_text(json.dumps(build, indent=2) + "\n", encoding="utf-8")
    return build


PAGE_TOKEN = "<!-- __BUILD_INFO__ -->"
# Where the wasm's preload goes: right after the stylesheet, so its download starts as the head is
# parsed, but after the one request the first paint waits for (see stamp_page).
PRELOAD_TOKEN = "<!-- __PRELOAD__ -->"
# The page's own stylesheets, as index.html lists them; build.py ships them as one (merge_styles).
STYLESHEET_LINK = re.compile(r'^[ \t]*<link rel="stylesheet" href="(css/[\w-]+\.css)">[ \t]*\n', re.MULTILINE)
PAGE_STYLES = "css/page.css"
# PyScript's modules the page imports at every boot: core.js, the chunk it re-exports and its
# plugins (it imports every one of them at start, for MicroPython's sake if not Pyodide's).
# Preloaded from the page's <head>, they download and compile while main.js's module graph
# loads, instead of one after another once the bridge asks for PyScript.
PYSCRIPT_BOOT_CHUNKS = ("core.js", "core-*.js", "deprecations-manager-*.js", "donkey-*.js", "error-*.js",
                        "py-editor-*.js", "py-game-*.js", "py-terminal-*.js")


def stamp_page(dest: Path, wheel: Path, pyodide: PyodideFiles, pyscript: Path, boot: Mapping[str, Path]) -> bool:
    """Replace ``__BUILD_INFO__`` in dest/index.html with where the runtime and the wheel are.

    The bridge reads it from the page itself rather than fetching build.json first: one round
    trip less before Python can start (build.json stays, for the service worker and tools). The
    paths are content-addressed or versioned, so they stay right for as long as this page is.

    And ``__PRELOAD__`` with a preload of the wasm, the boot's longest download (most of a first
    visit's bytes, and the file every visit reads): it starts as the head is parsed, a few round
    trips before js/start.js has run, and the bridge's fetch of it takes over the preload. The
    token sits after the stylesheet: over HTTP/1.1 (six connections a host) a wasm asked for first
    took a connection the render-blocking styles then queued for, and the first paint waited for
    the wasm's download (bench/first_paint.py: 392 against 240 ms, with the styles merged too).
    """
    page = dest / "index.html"
    if not page.is_file() or PAGE_TOKEN not in (text := page.read_text(encoding="utf-8")):
        return False
    info: dict[str, object] = {**runtime_paths(dest, wheel, pyodide, pyscript, boot), "sizes": download_sizes(dest, wheel, pyodide, boot)}
    chunks = sorted({c for pattern in PYSCRIPT_BOOT_CHUNKS for c in pyscript.glob(pattern)})
    lines = [f'<script type="application/json" id="build-info">{json.dumps(info)}</script>']
    lines += [f'<link rel="modulepreload" href="{c.relative_to(dest).as_posix()}">' for c in chunks]
    wasm = (pyodide.directory / "pyodide.asm.wasm").relative_to(dest).as_posix()
    preload = f'<link rel="preload" href="{wasm}" as="fetch" crossorigin fetchpriority="high">'
    page.write_text(text.replace(PAGE_TOKEN, "\n  ".join(lines)).replace(PRELOAD_TOKEN, preload), encoding="utf-8")
    return True


def merge_styles(dest: Path) -> list[str]:
    """Replace the page's stylesheet links in dest/index.html by one, to ``css/page.css``: their
    files joined in the page's order (each after a comment naming it), the files themselves removed.

    Why: every stylesheet blocks the first paint, and a first visit asks for some twenty files at
    once from the head; over HTTP/1.1 (six connections a host: ``build.py serve``, the throttled
    bench's proxy) seven stylesheets waited for one another and for the wasm and PyScript
    downloads, and the first paint with them. One file is one request, and the same bytes. The
    files all live in css/, so their relative url()s stay right. Returns the merged names.
    """
    page = dest / "index.html"
    text = page.read_text(encoding="utf-8") if page.is_file() else ""
    names = STYLESHEET_LINK.findall(text)
    if not names:
        return []
    parts = [f"/* {name} */\n{(dest / name).read_text(encoding='utf-8').rstrip()}\n" for name in names]
    (dest / PAGE_STYLES).write_text("\n".join(parts), encoding="utf-8")
    for name in names:
        (dest / name).unlink()
    first = STYLESHEET_LINK.search(text)
    assert first is not None
    indent = first.group(0)[: len(first.group(0)) - len(first.group(0).lstrip())]
    merged = STYLESHEET_LINK.sub("", text[first.start():])
    page.write_text(f'{text[:first.start()]}{indent}<link rel="stylesheet" href="{PAGE_STYLES}">\n{merged}', encoding="utf-8")
    return names


def download_sizes(dest: Path, wheel: Path, pyodide: PyodideFiles, boot: Mapping[str, Path]) -> dict[str, list[int]]:
    """{path: [bytes, about how many cross the network]} of what a first visit's bridge downloads.

    The page's boot progress bar follows these downloads (site/js/bridge.js counts what arrives of
    each); the second figure (gzip's size, or the size of a file that is sent as it is) weighs each
    file by what it costs on the network, so a bar half full is about half the bytes, whatever the
    CDN's encoding.
    """
    files = [*boot.values(), *(pyodide.directory / name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")),
             pyodide.stdlib, pyodide.lockfile, wheel]
    return {file.relative_to(dest).as_posix(): [file.stat().st_size, wire_estimate(file)] for file in files}


def wire_estimate(file: Path) -> int:
    """A file's size as a CDN sends it: gzip's if it compresses (Brotli's is smaller still), else its own."""
    data = file.read_bytes()
    return len(gzip.compress(data, compresslevel=6, mtime=0)) if compressible(file, len(data)) else len(data)


def content_addressed(file: Path) -> Path:
    """Move a file into a sibling directory named by its content hash.

    A new wheel gets a new URL, so no cache (HTTP or service worker) can hand
    out an old engine under the new build's name.
    """
    folder = file.parent / file_sha256(file)[:HASH_CHARS]
    folder.mkdir()
    return Path(shutil.move(file, folder / file.name))


def content_addressed_boot_files(dest: Path) -> dict[str, Path]:
    """Move the worker's two files to boot/<hash>/, where they may be cached for good.

    ``worker`` is js/pyodide-worker.js (Pyodide's entry in PyScript's worker), ``worker_py`` is
    py/worker.py (the Python PyWorker runs). A first visit fetches both in the middle of the boot's
    critical path; the page downloads them first thing, and with URLs that never change meaning
    the second request is a cache hit instead of a revalidation queued behind everything else
    (js/ and py/ files are revalidated on every use). A file the site lacks is left out.
    """
    moved: dict[str, Path] = {}
    for key, name in BOOT_FILES.items():
        source = dest / name
        if not source.is_file():
            continue
        (dest / "boot").mkdir(exist_ok=True)
        moved[key] = content_addressed(Path(shutil.move(source, dest / "boot" / source.name)))
        if not any(source.parent.iterdir()):
            source.parent.rmdir()
    return moved


def assemble(dest: Path, project: Project, site: Path, full_stdlib: bool = False) -> dict[str, object]:
    """Write the whole site into the empty directory dest; return build.json's content."""
    copy_site(dest, site)
    pyodide = copy_pyodide(dest, project, full_stdlib)
    pyscript = copy_pyscript(dest)
    wheel = content_addressed(build_site_wheel(project, dest / "wheels"))
    (dest / STABLE_WHEEL).parent.mkdir(parents=True)
    shutil.copyfile(wheel, dest / STABLE_WHEEL)
    function_zip = (NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes() if full_stdlib else function_stdlib(project)
    (dest / FUNCTION_STDLIB).write_bytes(function_zip)
    boot = content_addressed_boot_files(dest)
    merge_styles(dest)
    stamp_page(dest, wheel, pyodide, pyscript, boot)
    info = write_build_json(dest, project, wheel, pyodide, pyscript, boot)
    stamp_service_worker(dest, info)
    return info


def build(out: Path = DEFAULT_OUT, site: Path = SITE_DIR, full_stdlib: bool = False) -> dict[str, object]:
    """Build the site into out/ and return build.json's content.

    The site is assembled in a sibling directory and swapped in at the end, so
    a failed build leaves the previous dist/ as it was and no partial copy.
    ``full_stdlib``: the page and the function load npm's whole standard library
    (tools/stdlib_trace.py traces the game's imports on such a build).
    """
    started = time.perf_counter()
    ensure_node_modules()
    staging = out.with_name(out.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        info = assemble(staging, read_project(), site, full_stdlib)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)
    seconds = time.perf_counter() - started
    print(f"build: {out} (hash {info['hash']}) in {seconds:.2f} s", flush=True)
    return info


# --------------------------------------------------------------------------
# Headers from netlify.toml, matched like Netlify
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class HeaderRule:
    """One ``[[headers]]`` block: a path pattern and the headers it sets."""

    pattern: re.Pattern[str]
    values: tuple[tuple[str, str], ...]


def for_regexp(path: str) -> re.Pattern[str]:
    """Netlify's ``for`` pattern as a regular expression.

    Same rules as Netlify's headers parser: ``:name`` matches one segment, a
    standalone ``*`` matches the rest (even nothing), ``*`` inside a segment
    matches anything, matching ignores case and a trailing slash.
    """
    parts = [part.rstrip() for part in path.split("/") if part.strip()]
    regex = "/".join(segment_regexp(part) for part in parts)
    return re.compile(f"^/{regex}/?$", re.IGNORECASE)


def segment_regexp(part: str) -> str:
    """The regular expression for one ``for`` path segment."""
    if part.startswith(":"):
        return "([^/]+)"
    if part == "*":
        return "?(.*)"
    return "(.*)".join(re.escape(piece) for piece in part.split("*"))


def header_value(name: str, value: object) -> str:
    """A header value from TOML, normalized the way Netlify does it.

    A list is joined with ', '; in a string, spaces around commas become ', '.
    A line break would make an invalid header in production, so it is an
    error here rather than a surprise there.
    """
    items = value if isinstance(value, list) else [value]
    text = ", ".join(re.sub(r"\s*,\s*", ", ", str(item).strip()) for item in items)
    if "\n" in text or "\r" in text:
        raise ValueError(f"netlify.toml: header {name!r} has a line break; write it on one line")
    return text


def load_header_rules(config: Path = NETLIFY_TOML) -> list[HeaderRule]:
    """Every ``[[headers]]`` block of netlify.toml, in file order."""
    if not config.is_file():
        return []
    blocks = tomllib.loads(config.read_text(encoding="utf-8")).get("headers", [])
    return [
        HeaderRule(for_regexp(block["for"]), tuple((k, header_value(k, v)) for k, v in block.get("values", {}).items()))
        for block in blocks
    ]


def headers_for_path(rules: Iterable[HeaderRule], path: str) -> dict[str, str]:
    """The headers Netlify sends for a path: all matching rules, later ones winning."""
    merged: dict[str, str] = {}
    for rule in rules:
        if rule.pattern.match(path):
            for name, value in rule.values:
                merged = {k: v for k, v in merged.items() if k.lower() != name.lower()}
                merged[name] = value
    return merged


# --------------------------------------------------------------------------
# Local server
# --------------------------------------------------------------------------

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
}
COMPRESSIBLE = ("text/", "application/json", "application/manifest+json", "application/wasm", "image/svg+xml")
GZIP_MIN_BYTES = 1024
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-authorization", "proxy-authenticate"}
# Netlify's CDN compresses on the fly, with Brotli for a browser that accepts it and gzip otherwise
# (docs/BOOT.md says where that is written); not zips or images, which are compressed already. Its
# Brotli quality is not published: 5 is Apache mod_brotli's default, the lower of the usual
# on-the-fly settings (nginx's is 6), so the local figures do not flatter the site.
BROTLI_QUALITY = 5
ENCODED_CACHE = ROOT / "build" / "encoded"  # Brotli bodies by content hash, shared by every serve
# Brotli from Node's zlib (Python's standard library has none): the files named on the command
# line, each written to stdout as an 8-byte big-endian length and the compressed bytes.
BROTLI_JS = r"""
import zlib from "node:zlib";
import { readFileSync } from "node:fs";
const [quality, ...files] = process.argv.slice(1);
for (const file of files) {
  const data = readFileSync(file);
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: Number(quality), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
  const out = zlib.brotliCompressSync(data, { params });
  const head = Buffer.alloc(8);
  head.writeBigUInt64BE(BigInt(out.length));
  process.stdout.write(head);
  process.stdout.write(out);
}
"""


def content_type(path: Path) -> str:
    """The Content-Type for a file, by extension, as Netlify would send it."""
    return MIME_TYPES.get(path.suffix.lower(), "application/octet-stream")


def compressible(path: Path, size: int) -> bool:
    """Whether the server sends this file compressed (to a client that accepts it)."""
    return content_type(path).startswith(COMPRESSIBLE) and size > GZIP_MIN_BYTES


@lru_cache(maxsize=256)
def gzipped(path: Path, mtime_ns: int, size: int) -> bytes:
    """A file's gzip bytes, kept in memory per version of the file."""
    del mtime_ns, size  # part of the cache key only
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


def brotli_many(paths: list[Path]) -> list[bytes] | None:
    """The files' Brotli bytes, by Node; None without Node (the server then sends gzip)."""
    if not paths:
        return []
    command = ["node", "--input-type=module", "-e", BROTLI_JS, str(BROTLI_QUALITY), *map(str, paths)]
    try:
        out = subprocess.run(command, capture_output=True, check=True, timeout=600).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    bodies, at = [], 0
    while at < len(out):
        length = int.from_bytes(out[at:at + 8], "big")
        bodies.append(out[at + 8:at + 8 + length])
        at += 8 + length
    return bodies if len(bodies) == len(paths) else None


class Encoder:
    """Compressed bodies, made once: Brotli kept on disk by content hash (build/encoded/, so every
    serve of the same files shares them) and in memory by file version; gzip in memory.

    Compressing the wasm takes a second or so: ``warm`` does every file ahead of its first request
    (Netlify's CDN never makes a visitor wait for that), and a request for a file being compressed
    waits for that instead of compressing it twice.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bodies: dict[tuple[Path, int, int], bytes | None] = {}  # None: no Brotli (no Node)
        self.pending: dict[tuple[Path, int, int], threading.Event] = {}
        self.node = True  # False once Node could not be run: gzip from then on

    def body(self, path: Path, encoding: str) -> bytes | None:
        """The file's bytes in this encoding ("br" or "gzip"); None if it cannot be made."""
        stat = path.stat()
        if encoding == "gzip":
            return gzipped(path, stat.st_mtime_ns, stat.st_size)
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            if key in self.bodies:
                return self.bodies[key]
            waiting = self.pending.get(key)
        if waiting is None:
            self.brotli([path])
        else:
            waiting.wait(600)
        with self.lock:
            return self.bodies[key]

    def brotli(self, paths: list[Path]) -> None:
        """Compress these files with Brotli (from the disk cache where it has them)."""
        keys = []
        with self.lock:
            for path in paths:
                stat = path.stat()
                key = (path, stat.st_mtime_ns, stat.st_size)
                if key not in self.bodies and key not in self.pending:
                    self.pending[key] = threading.Event()
                    keys.append(key)
        try:
            self.fill(keys)
        finally:
            with self.lock:
                for key in keys:
                    self.pending.pop(key).set()

    def fill(self, keys: list[tuple[Path, int, int]]) -> None:
        """Make the bodies of these keys: read from build/encoded/, else compress and keep there."""
        cached = {key: ENCODED_CACHE / f"{file_sha256(key[0])}-br{BROTLI_QUALITY}" for key in keys}
        todo = [key for key in keys if not cached[key].is_file()]
        made = brotli_many([key[0] for key in todo]) if self.node else None
        if made is None and todo:
            self.node = False
            print("serve: no Node for Brotli; sending gzip", file=sys.stderr, flush=True)
        for key, body in zip(todo, made or []):
            ENCODED_CACHE.mkdir(parents=True, exist_ok=True)
            partial = cached[key].with_suffix(".partial")
            partial.write_bytes(body)
            partial.replace(cached[key])
        with self.lock:
            for key in keys:
                self.bodies[key] = cached[key].read_bytes() if cached[key].is_file() else None

    def warm(self, root: Path) -> None:
        """Compress every compressible file under root, both ways, ahead of its first request."""
        files = [p for p in sorted(root.rglob("*")) if p.is_file() and compressible(p, p.stat().st_size)]
        self.brotli(files)
        for path in files:
            stat = path.stat()
            gzipped(path, stat.st_mtime_ns, stat.st_size)


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """Serves dist/ with Netlify's headers; sends /api/* to the dev server."""

    server_version = "LadderRummyDev/1"
    protocol_version = "HTTP/1.1"  # keep-alive: a boot makes ~20 requests
    root: Path = DEFAULT_OUT
    rules: list[HeaderRule] = []
    api_port: int | None = None
    encoder: Encoder = Encoder()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        """Serve a file, or proxy an API call."""
        self.dispatch(send_body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        """Like GET, without the body."""
        self.dispatch(send_body=False)

    def do_POST(self) -> None:  # noqa: N802
        """Only the API takes POSTs."""
        self.dispatch(send_body=True)

    do_PUT = do_DELETE = do_OPTIONS = do_POST  # noqa: N815

    def __getattr__(self, name: str) -> object:
        """Any other method (TRACE, PATCH, FOO): the API answers it (405), the files 405 too.

        http.server looks up ``do_<METHOD>`` and answers 501 when there is none: a 5xx for the
        client's mistake.
        """
        if name.startswith("do_"):
            return self.do_POST
        raise AttributeError(name)

    def dispatch(self, send_body: bool) -> None:
        """Route a request to the API proxy or the static files."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == "/api" or path.startswith("/api/"):
            self.proxy_api()
        elif self.command in {"GET", "HEAD"}:
            self.serve_static(path, send_body)
        else:
            self.send_error(405)

    def resolve(self, url_path: str) -> Path | None:
        """The file a URL path names inside root, or None; never outside root."""
        parts = [p for p in urllib.parse.unquote(url_path).split("/") if p not in {"", "."}]
        if ".." in parts:
            return None
        candidate = self.root.joinpath(*parts)
        if candidate.is_dir():
            candidate = candidate / "index.html"
        return candidate if candidate.is_file() else None

    def serve_static(self, url_path: str, send_body: bool) -> None:
        """Send a file with its MIME type, ETag, optional gzip and Netlify headers."""
        file = self.resolve(url_path)
        status = 200
        if file is None:
            status, file = 404, self.resolve("/404.html")
            if file is None:
                self.send_error(404)
                return
        stat = file.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if status == 200 and etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_site_headers(url_path)
            self.end_headers()
            return
        ctype = content_type(file)
        body, encoding = self.encode(file, stat.st_size)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        if ctype.startswith(COMPRESSIBLE):
            self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_site_headers(url_path)
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def encode(self, file: Path, size: int) -> tuple[bytes, str | None]:
        """The body to send: Brotli or gzip when the type compresses and the client accepts it."""
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        if compressible(file, size):
            if "br" in accepted and (body := self.encoder.body(file, "br")) is not None:
                return body, "br"
            if "gzip" in accepted and (body := self.encoder.body(file, "gzip")) is not None:
                return body, "gzip"
        return file.read_bytes(), None

    def send_site_headers(self, url_path: str) -> None:
        """Add the netlify.toml headers matching this path (Content-Type included)."""
        for name, value in headers_for_path(self.rules, url_path).items():
            if name.lower() == "content-type":
                continue  # already sent: by extension, which the rules agree with
            self.send_header(name, value)

    def proxy_api(self) -> None:
        """Forward /api/* to the local Node dev server, or answer 503 without one."""
        if self.api_port is None:
            detail = f"no {DEV_SERVER.name}: the leaderboard does not run locally yet"
            self.send_json(503, {"error": "unavailable", "detail": detail})
            return
        declared = self.headers.get("Content-Length") or "0"
        if not declared.isascii() or not declared.isdigit():
            self.close_connection = True  # the body's end is unknown: this connection cannot go on
            self.send_json(400, {"error": "invalid_request", "detail": f"Content-Length {declared[:40]!r} is not a length"})
            return
        length = int(declared)
        if length > API_BODY_LIMIT:
            self.close_connection = True
            self.send_json(413, {"error": "too_large", "detail": f"the request body must be at most {API_BODY_LIMIT} bytes"})
            return
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        connection = http.client.HTTPConnection("127.0.0.1", self.api_port, timeout=60)
        try:
            connection.request(self.command, self.path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
        except OSError as error:
            self.send_json(502, {"error": "unavailable", "detail": f"dev server: {error}"})
            return
        finally:
            connection.close()
        self.send_response(answer.status, answer.reason)
        for name, value in answer.getheaders():
            if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def send_json(self, status: int, payload: Mapping[str, object]) -> None:
        """Send a small JSON answer."""
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log failed requests only; a page boot makes dozens of requests."""
        if str(code).startswith(("4", "5")):
            super().log_request(code, size)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    """Block until something accepts connections on the port, or fail."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"serve: {DEV_SERVER.name} exited with code {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"serve: {DEV_SERVER.name} did not listen on port {port} within {timeout:.0f} s")


def start_dev_server(port: int, root: Path) -> subprocess.Popen[bytes]:
    """Start ``node netlify/dev-server.mjs --port P --dist DIR`` and wait for it."""
    process = subprocess.Popen(["node", str(DEV_SERVER), "--port", str(port), "--dist", str(root)], cwd=ROOT)
    try:
        wait_for_port(port, process)
    except BaseException:
        stop_process(process)
        raise
    return process


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """Stop a child politely, then firmly."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def raise_interrupt(signum: int, frame: FrameType | None) -> None:
    """Stop serving cleanly on SIGTERM or SIGINT (Ctrl-C).

    Installed for SIGINT too, since a shell starting ``serve`` in the
    background hands it SIGINT ignored.
    """
    raise KeyboardInterrupt


def serve(root: Path, port: int) -> None:
    """Serve root on http://localhost:port until Ctrl-C or SIGTERM.

    The port is bound before Node starts, so a busy port fails with nothing
    left running.
    """
    if not root.is_dir():
        raise SystemExit(f"serve: {root} does not exist; run python build.py first")
    encoder = Encoder()
    handler = type("Handler", (SiteHandler,), {"root": root, "rules": load_header_rules(), "api_port": None, "encoder": encoder})
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        raise SystemExit(f"serve: cannot listen on port {port} ({error.strerror}); try --port") from None
    # The leaderboard's port is chosen once the site's is bound: chosen before, the site's
    # --port 0 could be given the very port just probed free, and Node then failed on it.
    handler.api_port = api_port = free_port() if DEV_SERVER.is_file() else None
    httpd.daemon_threads = True
    threading.Thread(target=encoder.warm, args=(root,), daemon=True).start()
    signal.signal(signal.SIGTERM, raise_interrupt)
    signal.signal(signal.SIGINT, raise_interrupt)
    dev_server = None
    try:
        dev_server = start_dev_server(api_port, root) if api_port else None
        # The port actually bound: --port 0 lets the system choose (tests do).
        print(f"serve: http://localhost:{httpd.server_address[1]}/ (Ctrl-C stops)", flush=True)
        httpd.serve_forever()
    except KeyboardInterrupt:
        print("serve: stopped", flush=True)
    finally:
        httpd.server_close()
        if dev_server:
            stop_process(dev_server)


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    """``[--out DIR] [--full-stdlib] [serve [--port N] [--no-build]]``."""
    parser = argparse.ArgumentParser(description="Build (and serve) Ladder Rummy's dist/.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory (default: dist/)")
    parser.add_argument("--full-stdlib", action="store_true",
                        help="the page and the function load Pyodide's whole standard library (to trace what the game imports)")
    commands = parser.add_subparsers(dest="command")
    serve_cmd = commands.add_parser("serve", help="build, then serve on localhost")
    serve_cmd.add_argument("--port", type=int, default=8000, help="0: any free port (printed)")
    serve_cmd.add_argument("--no-build", action="store_true", help="serve the existing output")
    serve_cmd.add_argument("--out", type=Path, default=argparse.SUPPRESS, help="output directory")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point: build, and serve if asked."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    out = args.out.resolve()
    if args.command != "serve" or not args.no_build:
        build(out, full_stdlib=args.full_stdlib)
    if args.command == "serve":
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
