"""The page's icon as a PNG, 192 x 192, for the phones that take no SVG icon (an iPhone's
home screen reads `apple-touch-icon`, some Android launchers only a PNG in the manifest),
drawn from the shapes of the SVG icon the board serves (`net.web_routes.ICON`): one design,
two files. Standard library only; edges smoothed by each pixel's distance to the shape.

  python tools/upkeep/icon_png.py           write firmware/www/icon.png
  python tools/upkeep/icon_png.py --check   exit 1 when that file is not what the shapes draw
"""

import math
import os
import struct
import sys
import xml.etree.ElementTree as ElementTree
import zlib

from where import FIRMWARE

SIZE = 192
OUT = os.path.join(FIRMWARE, "www", "icon.png")
SVG = "{http://www.w3.org/2000/svg}"


def shapes(svg):
    """The icon's shapes in drawing order: ("rect", width, height, rx, rgb) and
    ("circle", cx, cy, r, rgb), in the SVG's own units, with its viewBox's size."""
    root = ElementTree.fromstring(svg)
    _, _, width, height = (float(n) for n in root.get("viewBox").split())
    assert width == height, "a square icon"
    drawn = []

    def walk(node, fill):
        fill = node.get("fill", fill)
        if node.tag == SVG + "rect":
            size = (float(node.get("width")), float(node.get("height")))
            drawn.append(("rect",) + size + (float(node.get("rx", 0)), _rgb(fill)))
        elif node.tag == SVG + "circle":
            centre = (float(node.get("cx")), float(node.get("cy")), float(node.get("r")))
            drawn.append(("circle",) + centre + (_rgb(fill),))
        for child in node:
            walk(child, fill)

    walk(root, None)
    return width, drawn


def _rgb(code):
    return tuple(int(code[i : i + 2], 16) for i in (1, 3, 5))


def _coverage(shape, x, y):
    """How much of the pixel centred at (x, y) (the SVG's units) the shape covers, 0 to 1,
    from its signed distance to the edge (a pixel is one unit across here)."""
    if shape[0] == "circle":
        _, cx, cy, r, _ = shape
        distance = math.hypot(x - cx, y - cy) - r
    else:
        _, width, height, rx, _ = shape
        # A rounded rectangle at the origin: the distance to its corners' circles.
        qx = abs(x - width / 2) - (width / 2 - rx)
        qy = abs(y - height / 2) - (height / 2 - rx)
        outside = math.hypot(max(qx, 0), max(qy, 0))
        distance = outside + min(max(qx, qy), 0) - rx
    return min(max(0.5 - distance, 0.0), 1.0)


def pixels(svg, size=SIZE):
    """Rows of RGBA bytes, the shapes painted in order over a clear ground."""
    width, drawn = shapes(svg)
    scale = size / width
    # The shapes measured in pixels: their numbers scaled to the PNG's grid once.
    drawn = [(s[0],) + tuple(n * scale for n in s[1:-1]) + (s[-1],) for s in drawn]
    rows = []
    for row in range(size):
        line = bytearray()
        for column in range(size):
            red = green = blue = alpha = 0.0
            for shape in drawn:
                cover = _coverage(shape, column + 0.5, row + 0.5)
                if cover:
                    r, g, b = shape[-1]
                    red += (r - red) * cover
                    green += (g - green) * cover
                    blue += (b - blue) * cover
                    alpha += (1 - alpha) * cover
            line += bytes((round(red), round(green), round(blue), round(alpha * 255)))
        rows.append(bytes(line))
    return rows


def png(rows):
    """The rows as a PNG (RGBA, 8 bits a channel, no filter)."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def rows_of(data):
    """The RGBA rows of a PNG this tool wrote (compared by pixels, not bytes: another zlib
    may pack the same pixels differently)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, found, width = 8, b"", 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, _, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", body)
            assert (depth, colour) == (8, 6), "RGBA, 8 bits a channel"
        elif kind == b"IDAT":
            found += body
        at += 12 + length
    raw = zlib.decompress(found)
    stride = 1 + width * 4
    lines = [raw[i : i + stride] for i in range(0, len(raw), stride)]
    assert all(line[0] == 0 for line in lines), "unfiltered rows"
    return [line[1:] for line in lines]


def drawn_now():
    from net.web_routes import ICON

    return pixels(ICON)


def main(argv):
    from generated import checking

    if checking(argv, __doc__):
        try:
            with open(OUT, "rb") as handle:
                current = rows_of(handle.read())
        except (OSError, AssertionError):
            current = None
        if current != drawn_now():
            print("the page's PNG icon is stale: run python tools/upkeep/icon_png.py")
            return 1
        print("the PNG icon is what the SVG icon's shapes draw")
        return 0
    with open(OUT, "wb") as out:
        out.write(png(drawn_now()))
    print("wrote", os.path.relpath(OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
