"""build.py, netlify.toml and tools/pyodide_node.mjs: what they produce and how it is served.

The site is built into a temporary directory (dist/ is left alone); the
server tests run ``python build.py serve --no-build`` on it like a developer
would, with a fake leaderboard dev server where the proxy is under test.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from types import ModuleType

import pytest
from serving import Served, serve

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "engine" / "ladder_rummy"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
PINNED = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
HAS_NODE = shutil.which("node") is not None and (ROOT / "node_modules" / "pyodide").is_dir()


def load_build_module() -> ModuleType:
    """build.py as a module, for the functions worth testing directly."""
    spec = importlib.util.spec_from_file_location("ladder_rummy_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build_py = load_build_module()


def needs_node() -> None:
    """Skip without Node and node_modules; fail in CI, where both must be there."""
    if not HAS_NODE:
        if os.environ.get("CI") == "true":
            pytest.fail("node or node_modules/pyodide missing in CI")
        pytest.skip("node or node_modules/pyodide missing")


@dataclass
class Built:
    """A finished build: its directory and build.json."""

    dist: Path
    info: dict[str, object]

    @property
    def wheel(self) -> Path:
        return self.dist / str(self.info["wheel"])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """``python build.py --out DIR``, run the way a developer runs it."""
    dist = tmp_path_factory.mktemp("build") / "dist"
    subprocess.run([sys.executable, "build.py", "--out", str(dist)], cwd=ROOT, check=True, capture_output=True)
    return Built(dist, json.loads((dist / "build.json").read_text(encoding="utf-8")))


# --- the wheel ---------------------------------------------------------------


def test_wheel_is_pure_python_and_named_by_version(built: Built) -> None:
    """``ladder_rummy-<version>-py3-none-any.whl`` with a purelib WHEEL file."""
    assert built.wheel.name == f"ladder_rummy-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(built.wheel) as wheel:
        wheel_file = wheel.read(f"ladder_rummy-{VERSION}.dist-info/WHEEL").decode()
        metadata = wheel.read(f"ladder_rummy-{VERSION}.dist-info/METADATA").decode()
    assert "Root-Is-Purelib: true" in wheel_file.splitlines()
    assert "Tag: py3-none-any" in wheel_file.splitlines()
    assert f"Version: {VERSION}" in metadata.splitlines()


def test_wheel_holds_every_module_and_py_typed(built: Built) -> None:
    """Every .py of the package (subpackages too) and py.typed; bytecode only Pyodide's, one per module."""
    expected = {
        f"ladder_rummy/{p.relative_to(PACKAGE_DIR).as_posix()}"
        for p in PACKAGE_DIR.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and (p.suffix == ".py" or p.name == "py.typed")
    }
    with zipfile.ZipFile(built.wheel) as wheel:
        names = set(wheel.namelist())
    assert "ladder_rummy/py.typed" in names
    assert expected <= names
    # tools/bytecode.mjs: compiled by Pyodide's own Python (cpython-3XX tag), beside each source,
    # so the page imports the engine without compiling it. No stray or foreign bytecode.
    pycs = {n for n in names if "__pycache__" in n or n.endswith(".pyc")}
    pattern = re.compile(r"(ladder_rummy/(?:.+/)?)__pycache__/(\w+)\.cpython-3\d+\.pyc")
    sources = {f"{m.group(1)}{m.group(2)}.py" for n in pycs if (m := pattern.fullmatch(n))}
    assert len(sources) == len(pycs)
    assert sources == {n for n in expected if n.endswith(".py")}


def test_plain_wheel_has_no_bytecode(tmp_path: Path) -> None:
    """build_wheel alone (what the tests replay with under Pyodide) is sources only."""
    builder = load_build_module()
    wheel = builder.build_wheel(builder.read_project(), tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_record_matches_its_files(built: Built) -> None:
    """RECORD lists every other file with its sha256 and size, as installers check."""
    with zipfile.ZipFile(built.wheel) as wheel:
        record_name = f"ladder_rummy-{VERSION}.dist-info/RECORD"
        rows = [line.split(",") for line in wheel.read(record_name).decode().splitlines()]
        listed = {name: (digest, size) for name, digest, size in rows}
        assert set(listed) == set(wheel.namelist())
        for name, (digest, size) in listed.items():
            if name == record_name:
                assert (digest, size) == ("", "")
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, size) == (f"sha256={expected}", str(len(data)))


def test_wheel_imports_from_the_zip_alone(built: Built, tmp_path: Path) -> None:
    """A bare interpreter with only the wheel on sys.path imports every module."""
    script = (
        "import importlib, pkgutil, sys\n"
        f"sys.path.insert(0, {str(built.wheel)!r})\n"
        "import ladder_rummy\n"
        "assert ladder_rummy.__file__.startswith(sys.path[0]), ladder_rummy.__file__\n"
        "for module in pkgutil.walk_packages(ladder_rummy.__path__, 'ladder_rummy.'):\n"
        "    importlib.import_module(module.name)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-I", "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_wheel_bytes_are_reproducible(tmp_path: Path) -> None:
    """Same sources, same bytes: the content-hashed URL only changes with the engine."""
    project = build_py.read_project()
    first = build_py.build_wheel(project, tmp_path / "a").read_bytes()
    second = build_py.build_wheel(project, tmp_path / "b").read_bytes()
    assert first == second


# --- dist/ and build.json ----------------------------------------------------


def test_wheel_path_is_content_hashed_and_copied_to_a_stable_path(built: Built) -> None:
    """wheels/<12 hex of its sha256>/..., and the same bytes at engine/ladder_rummy.whl."""
    match = re.fullmatch(r"wheels/([0-9a-f]{12})/ladder_rummy-.+\.whl", str(built.info["wheel"]))
    assert match
    data = built.wheel.read_bytes()
    assert hashlib.sha256(data).hexdigest()[:12] == match.group(1)
    assert (built.dist / "engine" / "ladder_rummy.whl").read_bytes() == data


@pytest.mark.parametrize(("key", "source"), [("worker", "js/pyodide-worker.js"), ("worker_py", "py/worker.py")])
def test_the_workers_files_are_content_addressed(built: Built, key: str, source: str) -> None:
    """site/js/pyodide-worker.js and site/py/worker.py move to boot/<12 hex of their sha256>/,
    named in build.json and in index.html's build info, and nowhere else (so no stale copy is
    ever cached for good)."""
    name = source.split("/")[-1]
    match = re.fullmatch(rf"boot/([0-9a-f]{{12}})/{re.escape(name)}", str(built.info[key]))
    assert match
    data = (built.dist / str(built.info[key])).read_bytes()
    assert data == (ROOT / "site" / source).read_bytes()
    assert hashlib.sha256(data).hexdigest()[:12] == match.group(1)
    assert not (built.dist / source).exists()
    page = (built.dist / "index.html").read_text(encoding="utf-8")
    assert f'"{key}": "{built.info[key]}"' in page


def test_the_wasm_download_starts_from_the_head_right_after_the_stylesheet(built: Built) -> None:
    """index.html asks for its one stylesheet first (the first paint waits for it), then preloads
    the runtime's wasm (the boot's longest download) before any script, as a CORS fetch, so the
    bridge's fetch() of the same URL takes it over."""
    page = (built.dist / "index.html").read_text(encoding="utf-8")
    wasm = str(built.info["pyodide"]).replace("pyodide.mjs", "pyodide.asm.wasm")
    assert (built.dist / wasm).is_file()
    fetched = re.findall(r'<link rel="(?:stylesheet|preload|modulepreload)"[^>]*>|<script[^>]*src=[^>]*>', page)
    assert fetched[:2] == [
        '<link rel="stylesheet" href="css/page.css">',
        f'<link rel="preload" href="{wasm}" as="fetch" crossorigin fetchpriority="high">',
    ]
    assert page.count("rel=\"preload\"") == 1 and "__PRELOAD__" not in page


def test_the_page_styles_ship_as_one_file_in_the_page_order(built: Built) -> None:
    """site/index.html's stylesheets become one css/page.css: each file whole, in the page's order
    (later rules win ties), the separate files gone from dist/ and the precache, the merged one in it."""
    names = re.findall(r'<link rel="stylesheet" href="(css/[\w-]+\.css)">', (ROOT / "site" / "index.html").read_text(encoding="utf-8"))
    assert len(names) > 1 and "css/base.css" in names
    merged = (built.dist / "css" / "page.css").read_text(encoding="utf-8")
    at = [merged.index(f"/* {name} */\n" + (ROOT / "site" / name).read_text(encoding="utf-8").rstrip()) for name in names]
    assert at == sorted(at)
    page = (built.dist / "index.html").read_text(encoding="utf-8")
    assert page.count('rel="stylesheet"') == 1
    assert not any((built.dist / name).exists() for name in names)
    assert "css/page.css" in built.info["precache"] and not set(names) & set(built.info["precache"])


def test_build_json_describes_the_build(built: Built) -> None:
    """Versions, paths that exist, and a cache name made from the build hash."""
    info = built.info
    assert info["engine"] == VERSION
    assert info["pyodide"] == f"pyodide/{PINNED['pyodide']}/pyodide.mjs"
    assert info["pyscript"] == f"pyscript/{PINNED['@pyscript/core']}/core.js"
    for key in ("wheel", "pyodide", "stdlib", "lockfile", "pyscript", "worker", "worker_py"):
        assert (built.dist / str(info[key])).is_file(), key
    assert re.fullmatch(rf"pyodide/{re.escape(PINNED['pyodide'])}/python_stdlib-[0-9a-f]{{12}}\.zip", str(info["stdlib"]))
    assert re.fullmatch(rf"pyodide/{re.escape(PINNED['pyodide'])}/pyodide-lock-[0-9a-f]{{12}}\.json", str(info["lockfile"]))
    assert re.fullmatch(r"[0-9a-f]{12}", str(info["hash"]))
    assert info["cache"] == f"ladder-rummy-{info['hash']}"


def test_precache_lists_every_shipped_file_that_exists(built: Built) -> None:
    """All of dist/ but sw.js, the Node-only wheel copy and stdlib, and PyScript's unused chunks; build.json included."""
    precache = list(info_list(built.info["precache"]))
    assert len(precache) == len(set(precache))
    for name in precache:
        assert (built.dist / name).is_file(), name
    shipped = {p.relative_to(built.dist).as_posix() for p in built.dist.rglob("*") if p.is_file()}
    skipped = {n for n in shipped if any(fnmatch(n, pattern) for pattern in build_py.PRECACHE_SKIP)}
    assert set(precache) == shipped - {"sw.js", "engine/ladder_rummy.whl", "engine/python_stdlib.zip"} - skipped
    assert "build.json" in precache
    assert str(built.info["wheel"]) in precache
    # Only optional PyScript chunks and npm's whole standard library and lockfile (the page loads
    # its own cut of them) are skipped; PyScript's entry and core, which the page imports, stay.
    pyodide = f"pyodide/{PINNED['pyodide']}/"
    assert {pyodide + "python_stdlib.zip", pyodide + "pyodide-lock.json"} <= skipped
    assert all(n.startswith("pyscript/") for n in skipped - {pyodide + "python_stdlib.zip", pyodide + "pyodide-lock.json"})
    assert {str(built.info["stdlib"]), str(built.info["lockfile"])} <= set(precache)
    pyscript = f"pyscript/{PINNED['@pyscript/core']}/"
    assert pyscript + "core.js" in precache
    assert any(n.startswith(pyscript + "core-") for n in precache)


def info_list(value: object) -> list[str]:
    """A list of strings from build.json, checked."""
    assert isinstance(value, list) and all(isinstance(v, str) for v in value)
    return value


def test_runtime_is_copied_without_source_maps(built: Built) -> None:
    """Pyodide's run-time files as npm ships them, the page's cut of the standard library and
    lockfile beside them, and PyScript's dist/, with no maps and no map comments."""
    pyodide = built.dist / "pyodide" / PINNED["pyodide"]
    cut = {Path(str(built.info["stdlib"])).name, Path(str(built.info["lockfile"])).name}
    assert sorted(p.name for p in pyodide.iterdir()) == sorted([*build_py.PYODIDE_RUNTIME, *cut])
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (pyodide / name).read_bytes() == (ROOT / "node_modules" / "pyodide" / name).read_bytes(), name
    pyscript = built.dist / "pyscript" / PINNED["@pyscript/core"]
    assert (pyscript / "core.js").is_file()
    assert not list(built.dist.rglob("*.map"))
    for script in [*built.dist.rglob("*.js"), *built.dist.rglob("*.mjs")]:
        assert b"sourceMappingURL" not in script.read_bytes(), script


def test_service_worker_gets_build_json_and_hash_follows_content(tmp_path: Path) -> None:
    """sw.js's token becomes build.json; any change to a shipped file changes the hash."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>t</title>\n")
    (site / "sw.js").write_text("const BUILD = __BUILD_JSON__;\n")
    first = build_py.build(tmp_path / "one", site=site)
    stamped = (tmp_path / "one" / "sw.js").read_text()
    assert json.loads(stamped.removeprefix("const BUILD = ").removesuffix(";\n")) == first
    assert "sw.js" not in first["precache"]
    assert build_py.build(tmp_path / "two", site=site)["hash"] == first["hash"]
    (site / "index.html").write_text("<!doctype html><title>changed</title>\n")
    changed = build_py.build(tmp_path / "three", site=site)
    assert changed["hash"] != first["hash"]
    assert changed["cache"] != first["cache"]


# --- netlify.toml ------------------------------------------------------------


def header_block(path: str) -> dict[str, str]:
    """The values of the ``[[headers]]`` block whose ``for`` is exactly path."""
    blocks = [b["values"] for b in NETLIFY["headers"] if b["for"] == path]
    assert len(blocks) == 1, path
    return {str(name): str(value) for name, value in blocks[0].items()}


def test_netlify_build_and_functions() -> None:
    """Build command, publish dir, functions bundling and the files the replay needs."""
    assert NETLIFY["build"]["command"] == "python build.py"
    assert NETLIFY["build"]["publish"] == "dist"
    functions = NETLIFY["functions"]
    assert functions["directory"] == "netlify/functions"
    # nft bundles a Functions v2 module whatever these say (netlify/tests/bundle.test.mjs).
    assert "node_bundler" not in functions and "external_node_modules" not in functions
    assert "dist/" + build_py.STABLE_WHEEL in functions["included_files"]
    # What pyodide.mjs reads at run time; nft brings pyodide.mjs itself (it is imported). The
    # function loads build.py's standard library instead of npm's whole one, which stays out.
    runtime = {f"node_modules/pyodide/{name}" for name in build_py.PYODIDE_RUNTIME if name not in {"pyodide.mjs", "python_stdlib.zip"}}
    assert runtime | {"dist/" + build_py.FUNCTION_STDLIB} <= set(functions["included_files"])
    assert "node_modules/pyodide/python_stdlib.zip" not in functions["included_files"]


def test_netlify_security_headers() -> None:
    """CSP from this origin only, nosniff, no referrer, powerful features denied."""
    values = header_block("/*")
    csp = values["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in csp.split(";")}
    assert directives["default-src"] == ["'self'"]
    assert not [s for sources in directives.values() for s in sources if "." in s or s in {"*", "https:", "http:"}]
    assert values["X-Content-Type-Options"] == "nosniff"
    assert values["Referrer-Policy"] in {"no-referrer", "strict-origin"}
    for feature in ("camera", "microphone", "geolocation"):
        assert f"{feature}=()" in values["Permissions-Policy"]
    assert "Cache-Control" not in values  # each path below sets exactly one


def test_netlify_cache_headers() -> None:
    """Immutable only for versioned or hashed paths; entry points always revalidated."""
    for path in ("/pyodide/*", "/pyscript/*", "/wheels/*", "/boot/*"):
        assert "immutable" in header_block(path)["Cache-Control"]
    for path in ("/", "/index.html", "/sw.js", "/manifest.webmanifest", "/build.json"):
        assert header_block(path)["Cache-Control"] == "public, max-age=0, must-revalidate"
    assert header_block("/*.wasm")["Content-Type"] == "application/wasm"
    assert header_block("/*.mjs")["Content-Type"].startswith("text/javascript")


def test_every_header_rule_parses_like_netlify() -> None:
    """Values are one line each (a line break would break the header in production)."""
    rules = build_py.load_header_rules()
    assert len(rules) == len(NETLIFY["headers"])


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/a/b.js", True),
        ("/pyodide/*", "/pyodide/314.0.7/pyodide.mjs", True),
        ("/pyodide/*", "/pyscript/core.js", False),
        ("/*.wasm", "/pyodide/314.0.7/pyodide.asm.wasm", True),
        ("/*.wasm", "/pyodide/314.0.7/pyodide.mjs", False),
        ("/index.html", "/INDEX.HTML", True),
        ("/", "/index.html", False),
        ("/api/:name", "/api/leaderboard", True),
        ("/api/:name", "/api/a/b", False),
    ],
)
def test_for_patterns_match_like_netlify(pattern: str, path: str, matches: bool) -> None:
    """Netlify's ``for`` rules: splats, placeholders, case and trailing slash."""
    assert bool(build_py.for_regexp(pattern).match(path)) is matches


def test_later_rules_override_earlier_ones() -> None:
    """For one header, the last matching block wins (no comma-joined duplicates)."""
    rules = [
        build_py.HeaderRule(build_py.for_regexp("/*"), (("Cache-Control", "a"), ("X-A", "1"))),
        build_py.HeaderRule(build_py.for_regexp("/x/*"), (("cache-control", "b"),)),
    ]
    assert build_py.headers_for_path(rules, "/x/y") == {"X-A": "1", "cache-control": "b"}


# --- the local server --------------------------------------------------------


FAKE_DEV_SERVER = r"""
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
const port = Number(process.argv[process.argv.indexOf("--port") + 1]);
const dist = process.argv[process.argv.indexOf("--dist") + 1];
writeFileSync(process.env.FAKE_PID_FILE, String(process.pid));
createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => { body += chunk; });
  req.on("end", () => {
    res.writeHead(201, { "content-type": "application/json", "x-fake": "yes" });
    res.end(JSON.stringify({ method: req.method, url: req.url, body, dist }));
  });
}).listen(port, "127.0.0.1");
"""


@dataclass
class Server:
    """A running ``build.py serve`` to send requests to."""

    served: Served

    def request(self, method: str, path: str, body: bytes | None = None, **headers: str) -> http.client.HTTPResponse:
        """One request; the response body is read and kept on ``.data``."""
        connection = http.client.HTTPConnection("127.0.0.1", self.served.port, timeout=30)
        connection.request(method, path, body=body, headers={k.replace("_", "-"): v for k, v in headers.items()})
        response = connection.getresponse()
        response.data = response.read()  # type: ignore[attr-defined]
        connection.close()
        return response


@pytest.fixture(scope="module")
def server(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The built site served with no leaderboard dev server."""
    missing = tmp_path_factory.mktemp("nodev") / "dev-server.mjs"
    running = Server(serve(built.dist, {"LADDER_RUMMY_DEV_SERVER": str(missing)}))
    yield running
    running.served.stop()


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/pyodide/{pyodide}/pyodide.mjs", "text/javascript"),
        ("/pyodide/{pyodide}/pyodide.asm.wasm", "application/wasm"),
        ("/pyodide/{pyodide}/python_stdlib.zip", "application/zip"),
        ("/pyscript/{pyscript}/core.js", "text/javascript"),
        ("/build.json", "application/json"),
        ("/engine/ladder_rummy.whl", "application/zip"),
    ],
)
def test_server_sends_the_right_mime_types(server: Server, path: str, content_type: str) -> None:
    """Module scripts and wasm streaming compile depend on these types."""
    url = path.format(pyodide=PINNED["pyodide"], pyscript=PINNED["@pyscript/core"])
    response = server.request("HEAD", url)
    assert response.status == 200
    assert response.getheader("Content-Type", "").split(";")[0] == content_type


def test_server_applies_netlify_headers(server: Server) -> None:
    """The production CSP and cache policy, as netlify.toml states them."""
    csp = header_block("/*")["Content-Security-Policy"]
    page = server.request("GET", "/build.json")
    assert page.getheader("Content-Security-Policy") == csp
    assert page.getheader("X-Content-Type-Options") == "nosniff"
    assert page.getheader("Cache-Control") == "public, max-age=0, must-revalidate"
    wasm = server.request("HEAD", f"/pyodide/{PINNED['pyodide']}/pyodide.asm.wasm")
    assert wasm.getheader("Content-Security-Policy") == csp
    assert "immutable" in wasm.getheader("Cache-Control", "")


def test_server_gzips_what_compresses(server: Server, built: Built) -> None:
    """Text and wasm go gzipped to a client that accepts gzip only; zips do not."""
    path = f"/pyodide/{PINNED['pyodide']}/pyodide.asm.mjs"
    response = server.request("GET", path, Accept_Encoding="gzip")
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Vary") == "Accept-Encoding"
    assert gzip.decompress(response.data) == (built.dist / path.lstrip("/")).read_bytes()  # type: ignore[attr-defined]
    plain = server.request("GET", path)
    assert plain.getheader("Content-Encoding") is None
    archive = server.request("HEAD", str("/" + built.info["stdlib"]), Accept_Encoding="gzip, br")
    assert archive.getheader("Content-Encoding") is None


BROTLI_DECODE = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"


@pytest.mark.parametrize("path", ["/pyodide/{pyodide}/pyodide.asm.wasm", "/pyodide/{pyodide}/pyodide.asm.mjs", "/build.json", "/index.html"])
def test_server_sends_brotli_like_netlify(server: Server, built: Built, path: str) -> None:
    """A browser that accepts Brotli gets it (as from Netlify's CDN), and it is the file's bytes."""
    needs_node()
    url = path.format(pyodide=PINNED["pyodide"])
    response = server.request("GET", url, Accept_Encoding="gzip, deflate, br, zstd")
    assert response.getheader("Content-Encoding") == "br"
    body = response.data  # type: ignore[attr-defined]
    decoded = subprocess.run(["node", "-e", BROTLI_DECODE], input=body, capture_output=True, check=True).stdout
    assert decoded == (built.dist / url.lstrip("/")).read_bytes()
    assert len(body) < len(gzip.compress(decoded, compresslevel=6))


def test_server_revalidates_with_etags(server: Server) -> None:
    """A revalidation of an unchanged file is a 304, as on Netlify."""
    first = server.request("GET", "/build.json")
    etag = first.getheader("ETag")
    assert etag
    assert server.request("GET", "/build.json", If_None_Match=etag).status == 304


def test_server_stays_inside_dist(server: Server) -> None:
    """No path escapes the served directory; a missing file is a 404."""
    assert server.request("GET", "/../build.py").status == 404
    assert server.request("GET", "/%2e%2e/build.py").status == 404
    assert server.request("GET", "/no-such-file.js").status == 404


def test_api_without_dev_server_is_a_503(server: Server) -> None:
    """With no netlify/dev-server.mjs, /api/* says so in JSON."""
    response = server.request("POST", "/api/leaderboard", body=b"{}")
    assert response.status == 503
    assert json.loads(response.data)["error"] == "unavailable"  # type: ignore[attr-defined]


def test_api_is_proxied_to_the_dev_server_which_stops_with_serve(built: Built, tmp_path: Path) -> None:
    """/api/* reaches ``node dev-server.mjs --port P --dist DIR``; SIGTERM stops both."""
    needs_node()
    script = tmp_path / "dev-server.mjs"
    script.write_text(FAKE_DEV_SERVER)
    pid_file = tmp_path / "pid"
    running = Server(serve(built.dist, {"LADDER_RUMMY_DEV_SERVER": str(script), "FAKE_PID_FILE": str(pid_file)}))
    try:
        response = running.request("POST", "/api/leaderboard?day=2026-11-29", body=b'{"a":1}')
        assert response.status == 201
        assert response.getheader("x-fake") == "yes"
        assert "Content-Security-Policy" not in dict(response.getheaders())  # functions set their own
        echoed = json.loads(response.data)  # type: ignore[attr-defined]
        assert echoed == {"method": "POST", "url": "/api/leaderboard?day=2026-11-29", "body": '{"a":1}', "dist": str(built.dist)}
    finally:
        assert running.served.stop() == 0
    child = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)


# --- Pyodide in Node ---------------------------------------------------------


CHECK_SCRIPT = """
import json, sys
from importlib.metadata import version
import ladder_rummy
from ladder_rummy import adapter
answer = json.loads(adapter.new_game(json.dumps({"mode": "daily", "date": "2026-11-29"})))
print(version("ladder_rummy"), sys.version_info[:2] >= (3, 12), answer["ok"], sys.argv[1:])
"""


def test_pyodide_node_runs_a_file_with_the_wheel(built: Built, tmp_path: Path) -> None:
    """``node tools/pyodide_node.mjs run FILE`` imports the engine from the wheel, offline."""
    needs_node()
    script = tmp_path / "check.py"
    script.write_text(CHECK_SCRIPT)
    env = {**os.environ, "LADDER_RUMMY_WHEEL": str(built.dist / "engine" / "ladder_rummy.whl")}
    result = subprocess.run(
        ["node", "tools/pyodide_node.mjs", "run", str(script), "x"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split("\n")[-2] == f"{VERSION} True True ['x']"


def test_pyodide_node_exit_codes(built: Built, tmp_path: Path) -> None:
    """A Python exception exits 1 with its traceback; SystemExit keeps its code."""
    needs_node()
    script = tmp_path / "fail.py"
    script.write_text("import sys\nif sys.argv[1] == 'exit':\n    sys.exit(3)\nraise ValueError('boom')\n")
    env = {**os.environ, "LADDER_RUMMY_WHEEL": str(built.dist / "engine" / "ladder_rummy.whl")}
    command = ["node", "tools/pyodide_node.mjs", "run", str(script)]
    failed = subprocess.run([*command, "raise"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert failed.returncode == 1
    assert "ValueError: boom" in failed.stderr
    exited = subprocess.run([*command, "exit"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert exited.returncode == 3
