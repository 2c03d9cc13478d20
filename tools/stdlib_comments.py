"""Python sources without their comments, line for line: the trimmed standard library's files.

Comments are about a fifth of Pyodide's standard library once compressed, and nothing at run time
reads them. Each comment is cut from where it starts to the end of its line, so every line stays
where it was (tracebacks point at the same lines) and the code is unchanged: a file whose syntax
tree, positions included, is not exactly the original's is kept as it was. The output is UTF-8,
the default encoding of Python source, whatever coding cookie the original had.

Runs in Pyodide's own Python (tools/stdlib.mjs), whose tokenizer knows its standard library's
syntax. Standard library only.
"""

from __future__ import annotations

import ast
import io
import tokenize
import zipfile


def without_comments(data: bytes) -> bytes:
    """The source with its comments cut, or the original bytes if that would change its code."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    source = data.decode(encoding)
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            line = lines[row - 1]
            ending = line[len(line.rstrip("\r\n")):]
            lines[row - 1] = line[:column].rstrip() + ending
    stripped = "".join(lines)
    if tree(stripped) != tree(source):
        return data
    return stripped.encode("utf-8")


def tree(source: str) -> str:
    """The syntax tree with every node's position: equal trees, equal code and line numbers."""
    return ast.dump(ast.parse(source), include_attributes=True)


def strip_zip(source: str, target: str) -> tuple[int, int]:
    """Copy a zip, its .py files without comments; return (files changed, files kept as they were)."""
    changed = kept = 0
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(target, "w") as out:
        for info in full.infolist():
            data = full.read(info)
            if info.filename.endswith(".py"):
                try:
                    new = without_comments(data)
                except (SyntaxError, UnicodeDecodeError, tokenize.TokenError):
                    new = data  # test data and the like, never imported by the game
                changed, kept = (changed + 1, kept) if new != data else (changed, kept + 1)
                data = new
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = info.compress_type
            out.writestr(entry, data)
    return changed, kept
