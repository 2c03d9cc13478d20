"""The standard library the page loads: cut to what the game imports (tools/stdlib-trace.json),
without comments, and checked at every build against what the engine and the worker import.

The import reader (tools/stdlib_imports.py) and the comment cutter (tools/stdlib_comments.py) are
tested on small sources here; the cut itself on a real build, whose reading of Pyodide's standard
library (tools/stdlib.mjs, cached in build/stdlib/) the build has made already.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import shutil
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from test_build import Built, built, build_py  # noqa: F401  (built: the fixture)

ROOT = Path(__file__).resolve().parent.parent


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


imports = load("stdlib_imports")
comments = load("stdlib_comments")

SOURCE = '''
import os.path
from . import sibling
from .sub import thing
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import typing_only
if sys.platform == "win32":
    import windows_only
elif sys.platform != "emscripten":
    import not_here
if not sys.platform.startswith("win"):
    import everywhere_but_windows
try:
    from _known import fast
except ImportError:
    from slow_fallback import fast
try:
    from _missing import fast
except ImportError:
    from other_fallback import fast

class Box:
    import in_a_class

def later():
    import only_when_called

if __name__ == "__main__":
    import only_as_a_script
'''
KNOWN = {"pkg.sub.thing", "pkg.sibling", "_known"}


def test_executed_imports_are_those_an_import_runs() -> None:
    """Module level and class bodies; not functions, type checkers, scripts, other platforms, or an
    ImportError fallback whose try finds its module."""
    found = imports.ImportReader("pkg.mod", False, "executed", KNOWN).imports(SOURCE)
    assert found == {"os", "os.path", "pkg", "pkg.sibling", "pkg.sub", "pkg.sub.thing", "typing", "everywhere_but_windows",
                     "_known", "_missing", "other_fallback", "in_a_class"}


def test_every_import_counts_in_code_of_ours() -> None:
    found = imports.ImportReader("pkg.mod", False, "every", KNOWN).imports(SOURCE)
    assert {"only_when_called", "typing_only", "windows_only", "slow_fallback", "only_as_a_script"} <= found


def test_relative_imports_resolve_inside_packages() -> None:
    reader = imports.ImportReader("pkg", True, "every", {"pkg.a", "pkg.b"})
    assert reader.imports("from . import a\nfrom .b import c\n") == {"pkg.a", "pkg.b"}
    assert imports.resolve("x", 2, "pkg.sub") == "pkg.x"
    assert imports.resolve(None, 3, "pkg") is None  # beyond the top: nothing to load


def test_comments_go_and_every_line_stays() -> None:
    source = "#!/usr/bin/env python\n# a comment\nx = 1  # why\ns = '# not a comment'\n\ndef f():\n    # inside\n    return x\n"
    cut = comments.without_comments(source.encode()).decode()
    assert cut == "\n\nx = 1\ns = '# not a comment'\n\ndef f():\n\n    return x\n"
    assert comments.tree(cut) == comments.tree(source)


def test_a_coding_cookie_goes_with_the_comments_and_the_text_becomes_utf8() -> None:
    source = "# -*- coding: latin-1 -*-\nname = 'café'\n".encode("latin-1")
    cut = comments.without_comments(source)
    assert cut == "\nname = 'café'\n".encode("utf-8")


def test_the_page_loads_the_traced_modules_without_comments(built: Built) -> None:  # noqa: F811
    """Every traced module and nothing else; the same code as npm's file, shorter; an empty lockfile."""
    trace = json.loads((ROOT / "tools" / "stdlib-trace.json").read_text(encoding="utf-8"))
    assert trace["pyodide"] == build_py.installed_version("pyodide")
    cut = built.dist / str(built.info["stdlib"])
    full = built.dist / "pyodide" / trace["pyodide"] / "python_stdlib.zip"
    with zipfile.ZipFile(cut) as archive:
        files = [n for n in archive.namelist() if not n.endswith("/")]
        modules = {imports.module_name(n)[0] for n in files}
        assert modules == set(trace["modules"]) and len(files) == len(modules)
        assert archive.testzip() is None
        with zipfile.ZipFile(full) as npm:
            sample = archive.read("random.py")
            assert b"#" not in b"".join(line for line in sample.splitlines() if line.lstrip().startswith(b"#"))
            assert sample.count(b"\n") == npm.read("random.py").count(b"\n")  # line for line
    assert cut.stat().st_size < full.stat().st_size / 3
    lock = json.loads((built.dist / str(built.info["lockfile"])).read_text(encoding="utf-8"))
    npm_lock = json.loads(full.with_name("pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"] == npm_lock["info"]


@pytest.fixture
def engine_copy(tmp_path: Path) -> tuple[object, Path]:
    """The project with its engine copied where a test may add imports to it."""
    project = build_py.read_project()
    package = tmp_path / "ladder_rummy"
    shutil.copytree(project.package_dir, package, ignore=shutil.ignore_patterns("__pycache__"))
    return dataclasses.replace(project, package_dir=package), package


@pytest.mark.parametrize(("statement", "missing"), [
    ("import statistics", "statistics"),  # a module of the zip the trace never saw
    ("from email import message_from_string", "email"),
])
def test_a_new_import_in_the_engine_stops_the_build(engine_copy: tuple[object, Path], statement: str, missing: str) -> None:
    """Even inside a function: the message names the module, who imports it, and the fix."""
    project, package = engine_copy
    adapter = package / "adapter.py"
    adapter.write_text(adapter.read_text(encoding="utf-8") + f"\n\ndef _later():\n    {statement}\n", encoding="utf-8")
    with pytest.raises(build_py.StdlibError) as failure:
        build_py.game_stdlib(project)
    message = str(failure.value)
    assert f"worker → ladder_rummy.adapter → {missing}" in message
    assert build_py.RETRACE in message


@pytest.mark.parametrize("statement", ["import unicodedata", "import json", "import ladder_rummy.cards"])
def test_imports_the_cut_has_or_pyodide_builds_in_pass(engine_copy: tuple[object, Path], statement: str) -> None:
    project, package = engine_copy
    adapter = package / "adapter.py"
    adapter.write_text(adapter.read_text(encoding="utf-8") + f"\n{statement}\n", encoding="utf-8")
    with zipfile.ZipFile(__import__("io").BytesIO(build_py.game_stdlib(project))) as archive:
        assert "json/__init__.py" in archive.namelist()


def test_a_module_the_stdlib_imports_on_import_counts_too() -> None:
    """A traced module's own module-level imports are checked as well (here a made-up edge)."""
    graph = {"worker": ["json"], "json": ["json.decoder"], "json.decoder": ["re"], "re": []}
    with pytest.raises(build_py.StdlibError, match="worker → json → json.decoder → re"):
        build_py.check_stdlib({"json", "json.decoder"}, [], graph, {"json", "json.decoder", "re"})
    build_py.check_stdlib({"json", "json.decoder", "re"}, [], graph, {"json", "json.decoder", "re"})


def test_a_trace_of_another_pyodide_is_refused(tmp_path: Path) -> None:
    stale = tmp_path / "trace.json"
    stale.write_text(json.dumps({"pyodide": "0.0.1", "modules": []}))
    with pytest.raises(build_py.StdlibError, match="traced with Pyodide 0.0.1"):
        build_py.read_trace(stale)
