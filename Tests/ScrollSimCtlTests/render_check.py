"""Checks rendered pictures: the SVG parses as XML and is an <svg> with content, and rsvg-convert
turns it into a PNG that is not blank (its pixels are not all one colour).
Usage: render_check.py FILE.svg [...]; prints one line per file and exits non-zero on a failure."""
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib


def png_pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, width, height, depth, colour = 8, b"", 0, 0, 0, 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunk = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
        offset += 12 + length
    raw = zlib.decompress(idat)
    channels = {2: 3, 6: 4, 0: 1, 4: 2}[colour]
    stride = width * channels * depth // 8
    # Undo the per-row filters (PNG spec 9) to compare real pixel values.
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        bpp = max(1, channels * depth // 8)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


failed = False
for svg in sys.argv[1:]:
    try:
        root = ET.parse(svg).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
        shapes = sum(1 for e in root.iter() if e.tag.endswith("rect"))
        assert shapes > 10, f"only {shapes} rectangles"
        png = svg[:-4] + ".png"
        subprocess.run(["rsvg-convert", svg, "-o", png], check=True)
        width, height, channels, rows = png_pixels(png)
        colours = set()
        for row in rows[::4]:
            for x in range(0, len(row), channels * 4):
                colours.add(row[x:x + channels])
        assert len(colours) > 8, f"the PNG is nearly blank: {len(colours)} colours"
        print(f"ok {svg}: {shapes} rectangles, PNG {width}x{height} with {len(colours)} colours")
    except Exception as error:  # noqa: BLE001
        failed = True
        print(f"FAIL {svg}: {error}")
sys.exit(1 if failed else 0)
