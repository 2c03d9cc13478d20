"""What a Python module imports, read from its source: the import graph the build checks the trimmed
standard library against.

Two depths. ``executed`` (the standard library, PyScript): the imports that run when the module
itself is imported — at module level and in class bodies, in ``if``/``try``/``with`` blocks too —
but not those inside functions (they run only when the function does: the trace in
tools/stdlib_trace.py sees those), nor those that cannot run in Pyodide's Python: under ``if
TYPE_CHECKING:``, ``if __name__ == "__main__":``, a test of ``sys.platform`` or ``os.name`` that
is false in Pyodide (``emscripten``, ``posix``), or in an ``except ImportError:`` whose ``try``
imports only modules that exist. ``every`` (the engine and site/py/worker.py, code of ours):
every import statement, wherever it is.

Runs in CPython (build.py, for the engine and the worker) and in Pyodide's own Python
(tools/stdlib.mjs, for its standard library, whose syntax may be newer than the host's).
Standard library only.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Collection, Iterable, Iterator

# What these are in Pyodide's Python, where the game runs (the graph is read elsewhere too).
PLATFORM = {"sys.platform": "emscripten", "os.name": "posix"}
IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError"}


def module_name(path: str) -> tuple[str, bool] | None:
    """``a/b.py`` → (``a.b``, False); ``a/__init__.py`` → (``a``, True); anything else None."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


class ImportReader:
    """The imports of one module's source, at one depth, given the modules that exist."""

    def __init__(self, module: str, is_package: bool, depth: str, known: Collection[str] = ()) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.every = depth == "every"
        self.known = known

    def imports(self, source: str) -> set[str]:
        """Every module an import statement of the source loads, parent packages included.

        ``from a import b`` loads ``a``, and ``a.b`` too if that is a known module.
        """
        found: set[str] = set()
        for node in self.statements(ast.parse(source).body):
            found |= self.loaded_by(node)
        found.discard(self.module)
        return found

    def loaded_by(self, node: ast.Import | ast.ImportFrom) -> set[str]:
        """The modules one import statement loads."""
        if isinstance(node, ast.Import):
            return {name for alias in node.names for name in with_parents(alias.name)}
        base = resolve(node.module, node.level, self.package)
        if base is None:
            return set()
        names = (f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        return set(with_parents(base)) | {name for name in names if name in self.known}

    def statements(self, body: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
        """The import statements in these nodes that run (at this depth)."""
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                yield node
            elif self.every:
                yield from self.statements(ast.iter_child_nodes(node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            elif isinstance(node, ast.If):
                taken = branch_taken(node.test)
                if taken is not False:
                    yield from self.statements(node.body)
                if taken is not True:
                    yield from self.statements(node.orelse)
            elif isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
                yield from self.statements(node.body)
                for handler in node.handlers:
                    if not (catches_import_error(handler) and self.all_known(node.body)):
                        yield from self.statements(handler.body)
                yield from self.statements(node.orelse)
                yield from self.statements(node.finalbody)
            else:
                yield from self.statements(ast.iter_child_nodes(node))

    def all_known(self, body: list[ast.stmt]) -> bool:
        """Whether every import in a ``try`` body finds its module (so ``except ImportError`` never runs)."""
        imports = [n for n in ast.walk(ast.Module(body=body, type_ignores=[])) if isinstance(n, (ast.Import, ast.ImportFrom))]
        wanted = set()
        for node in imports:
            if isinstance(node, ast.Import):
                wanted |= {alias.name for alias in node.names}
            elif (base := resolve(node.module, node.level, self.package)) is not None:
                wanted.add(base)
        return bool(self.known) and all(name in self.known for name in wanted)


def branch_taken(test: ast.expr) -> bool | None:
    """Whether an ``if`` runs its body in Pyodide on import: True, False, or None (either may)."""
    if is_name(test, "TYPE_CHECKING"):
        return False
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant):
        left, op, right = test.left, test.ops[0], test.comparators[0].value
        if is_name(left, "__name__") and right == "__main__":
            return isinstance(op, ast.NotEq)
        value = PLATFORM.get(dotted(left) or "")
        if value is not None and isinstance(op, (ast.Eq, ast.NotEq)):
            return (value == right) == isinstance(op, ast.Eq)
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "startswith":
        value = PLATFORM.get(dotted(test.func.value) or "")
        args = [a.value for a in test.args if isinstance(a, ast.Constant)]
        if value is not None and len(args) == len(test.args) == 1 and isinstance(args[0], (str, tuple)):
            return value.startswith(args[0])
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        taken = branch_taken(test.operand)
        return None if taken is None else not taken
    return None


def is_name(node: ast.expr, name: str) -> bool:
    """``name`` or ``something.name``."""
    return (isinstance(node, ast.Name) and node.id == name) or (isinstance(node, ast.Attribute) and node.attr == name)


def dotted(node: ast.expr) -> str | None:
    """``sys.platform`` for that attribute access, else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def catches_import_error(handler: ast.ExceptHandler) -> bool:
    """``except ImportError:``, ``except (ImportError, X):`` and the like."""
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(kind, ast.Name) and kind.id in IMPORT_ERRORS for kind in kinds)


def resolve(name: str | None, level: int, package: str) -> str | None:
    """The absolute module of ``from <dots><name> import ...`` inside ``package``."""
    if level == 0:
        return name
    parts = package.split(".") if package else []
    if level - 1 > len(parts) or (level - 1 == len(parts) and not name):
        return None  # beyond the top-level package: an error at run time, nothing to load
    base = parts[: len(parts) - (level - 1)]
    return ".".join(base + ([name] if name else [])) or None


def with_parents(name: str) -> list[str]:
    """``a.b.c`` → [``a``, ``a.b``, ``a.b.c``]: importing a submodule imports its packages."""
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def graph(sources: Iterable[tuple[str, str]], depth: str, known: Iterable[str] = ()) -> dict[str, list[str]]:
    """{module: the modules it imports} for (path, source) pairs, such as a zip's; ``known`` adds to
    those modules the ones that exist elsewhere (built in, or another tree)."""
    named = [(module_name(path), source) for path, source in sources]
    modules = [(name[0], name[1], source) for name, source in named if name is not None]
    every = {name for name, _, _ in modules} | set(known)
    result: dict[str, list[str]] = {}
    for name, is_package, source in modules:
        try:
            result[name] = sorted(ImportReader(name, is_package, depth, every).imports(source))
        except SyntaxError:  # test data and the like, never imported by the game
            result[name] = []
    return result


def zip_sources(path: str) -> Iterator[tuple[str, str]]:
    """(path, source) of every .py file in a zip (the standard library)."""
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                yield name, archive.read(name).decode("utf-8", errors="replace")
