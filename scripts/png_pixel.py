#!/usr/bin/env python3
"""One pixel of an 8-bit RGBA or RGB PNG, for the shell checks that read a server's snapshot
(scripts/check-package.sh runs it; scripts/check-getting-started.sh imports `pixel`).
Usage: scripts/png_pixel.py FILE.png X Y   (prints "R G B A")"""
import struct
import sys
import zlib


def pixel(path, x, y):
    """[R, G, B, A] at (x, y); A is 255 for an RGB image."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {6: 4, 2: 3}.get(color)
    if depth != 8 or channels is None or interlace:
        sys.exit(f"{path}: only 8-bit RGB(A), non-interlaced PNGs")
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for row in range(y + 1):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
    return list(prev[x * channels:(x + 1) * channels]) + ([255] if channels == 3 else [])


def main():
    print(" ".join(map(str, pixel(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))))


if __name__ == "__main__":
    main()
