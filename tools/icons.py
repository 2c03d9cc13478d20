#!/usr/bin/env python3
"""Draw the app icons (PNG) from the vector design of site/icons/icon.svg.

    python tools/icons.py            # writes site/icons/icon-*.png

Standard library only: the few shapes of the design (rounded rectangles, one
rotated, a heart of cubic curves, two straight strokes) are turned into
polygons, filled scanline by scanline at 4 x 4 samples per pixel, and written
with zlib and struct. The output depends on nothing but this file, so the
committed PNGs can always be drawn again.

    icon-192.png, icon-512.png                    "any": rounded tile, transparent corners
    icon-maskable-192.png, icon-maskable-512.png  "maskable": full-bleed felt, cards inside
                                                  the central safe circle (40% radius)
    icon-180.png                                  apple-touch-icon: square, opaque
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "site" / "icons"
SAMPLES = 4  # per pixel, in each direction
VIEWBOX = 64.0
FELT = (0x0F, 0x4D, 0x32)
WHITE = (0xFF, 0xFF, 0xFF)
PAPER = (0xFF, 0xFD, 0xF6)
RED = (0xC8, 0x10, 0x2E)

Point = tuple[float, float]
Polygon = list[Point]


@dataclass(frozen=True)
class Shape:
    """Polygons filled with one colour; even-odd when it has holes (a stroked outline)."""

    color: tuple[int, int, int]
    polygons: tuple[Polygon, ...]
    even_odd: bool = False


# ---- geometry in the design's 64 x 64 coordinates ----


def rounded_rect(x: float, y: float, w: float, h: float, r: float, steps: int = 12) -> Polygon:
    """A rectangle with quarter-circle corners, clockwise."""
    corners = [(x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)]
    points = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            angle = math.radians(start + 90 * i / steps)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def rotated(polygon: Polygon, degrees: float, cx: float, cy: float) -> Polygon:
    """The polygon turned about (cx, cy); negative degrees turn it anticlockwise on screen."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in polygon]


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bezier curve, without its start point."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append((
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        ))
    return out


def relative_cubics(start: Point, curves: Sequence[Sequence[float]]) -> Polygon:
    """An SVG path of relative ``c`` segments (dx1 dy1 dx2 dy2 dx dy each) as a polygon."""
    points = [start]
    x, y = start
    for c in curves:
        p1, p2, p3 = (x + c[0], y + c[1]), (x + c[2], y + c[3]), (x + c[4], y + c[5])
        points.extend(cubic((x, y), p1, p2, p3))
        x, y = p3
    return points


def design() -> list[Shape]:
    """The shapes of site/icons/icon.svg over its background, painted in order."""
    back_card = rotated(rounded_rect(14, 10, 30, 42, 4), -10, 29, 31)
    front = rounded_rect(22, 12, 30, 42, 4)
    # stroke-width 1.5 centred on the outline: a ring from 0.75 outside to 0.75 inside
    front_outer = rounded_rect(21.25, 11.25, 31.5, 43.5, 4.75)
    front_inner = rounded_rect(22.75, 12.75, 28.5, 40.5, 3.25)
    heart = relative_cubics((37, 43), [
        (-7, -5, -11, -9, -11, -14), (0, -3, 2, -6, 6, -6), (2, 0, 4, 1, 5, 3),
        (1, -2, 3, -3, 5, -3), (4, 0, 6, 3, 6, 6), (0, 5, -4, 9, -11, 14),
    ])
    # "M29 18h4M29 18v6", stroke-width 2, butt ends
    mark = [[(29, 17), (33, 17), (33, 19), (29, 19)], [(28, 18), (30, 18), (30, 24), (28, 24)]]
    return [
        Shape(WHITE, (back_card,)),
        Shape(PAPER, (front,)),
        Shape(FELT, (front_outer, front_inner), even_odd=True),
        Shape(RED, (heart,)),
        Shape(FELT, tuple(mark)),
    ]


def icon_shapes(kind: str) -> list[Shape]:
    """The full picture for one kind of icon, in 64 x 64 coordinates."""
    if kind == "any":
        return [Shape(FELT, (rounded_rect(0, 0, 64, 64, 12),)), *design()]
    square = Shape(FELT, ([(0, 0), (64, 0), (64, 64), (0, 64)],))
    if kind == "apple":
        return [square, *design()]
    # maskable: the cards (about x 8..53, y 7..56) shrunk into the safe circle of radius 25.6
    scale, cx, cy = 0.74, 30.5, 31.5
    moved = [
        Shape(s.color, tuple([(32 + (x - cx) * scale, 32 + (y - cy) * scale) for x, y in p] for p in s.polygons), s.even_odd)
        for s in design()
    ]
    return [square, *moved]


# ---- raster ----


def spans(polygons: Iterable[Polygon], y: float, even_odd: bool) -> list[tuple[float, float]]:
    """Where the horizontal line at y is inside the polygons: [(x_from, x_to), ...]."""
    crossings: list[tuple[float, int]] = []
    for polygon in polygons:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            if (y0 <= y < y1) or (y1 <= y < y0):
                x = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                crossings.append((x, 1 if y1 > y0 else -1))
    crossings.sort()
    inside: list[tuple[float, float]] = []
    winding = 0
    for (x, direction), (next_x, _) in zip(crossings, crossings[1:]):
        winding = winding + 1 if even_odd else winding + direction
        filled = winding % 2 == 1 if even_odd else winding != 0
        if filled and next_x > x:
            inside.append((x, next_x))
    return inside


def render(kind: str, size: int) -> list[bytes]:
    """RGBA rows of the icon at size x size pixels."""
    fine = size * SAMPLES
    scale = fine / VIEWBOX
    # Fine canvas: one (r, g, b, a) per sample, painted opaque shape over shape.
    canvas = [bytearray(fine * 4) for _ in range(fine)]
    for shape in icon_shapes(kind):
        polygons = [[(x * scale, y * scale) for x, y in p] for p in shape.polygons]
        pixel = bytes((*shape.color, 255))
        for row in range(fine):
            line = canvas[row]
            for x0, x1 in spans(polygons, row + 0.5, shape.even_odd):
                start, stop = max(0, math.ceil(x0 - 0.5)), min(fine, math.ceil(x1 - 0.5))
                if stop > start:
                    line[start * 4:stop * 4] = pixel * (stop - start)
    return [downsample(canvas[r * SAMPLES:(r + 1) * SAMPLES], size) for r in range(size)]


def downsample(lines: list[bytearray], size: int) -> bytes:
    """One output row: the average of SAMPLES x SAMPLES samples per pixel (premultiplied)."""
    n = SAMPLES * SAMPLES
    out = bytearray(size * 4)
    for px in range(size):
        r = g = b = a = 0
        for line in lines:
            block = line[px * SAMPLES * 4:(px + 1) * SAMPLES * 4]
            for i in range(0, len(block), 4):
                alpha = block[i + 3]
                r += block[i] * alpha
                g += block[i + 1] * alpha
                b += block[i + 2] * alpha
                a += alpha
        if a:
            out[px * 4:px * 4 + 4] = bytes((round(r / a), round(g / a), round(b / a), round(a / n)))
    return bytes(out)


def png(rows: list[bytes], size: int) -> bytes:
    """An 8-bit RGBA PNG (filter 0 on every row)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


OUTPUTS = {
    "icon-192.png": ("any", 192),
    "icon-512.png": ("any", 512),
    "icon-maskable-192.png": ("maskable", 192),
    "icon-maskable-512.png": ("maskable", 512),
    "icon-180.png": ("apple", 180),
}


def main() -> None:
    """Write every icon next to icon.svg."""
    for name, (kind, size) in OUTPUTS.items():
        data = png(render(kind, size), size)
        (ICONS / name).write_bytes(data)
        print(f"{name}: {size} x {size}, {len(data)} bytes")


if __name__ == "__main__":
    main()
