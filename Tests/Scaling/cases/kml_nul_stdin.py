"""n MiB of NUL bytes on standard input read as KML (issue 12, item 6): it must fail after the
first read, not after spooling all of it to TMPDIR, so time and memory must not grow with n."""
import os
import shlex

NAME = "kml-nul-stdin"
UNIT = "MiB"
SIZES = (32, 128)
TIME_RATIO = 2.0
MEMORY = "flat"
EXPECT_EXIT = 1


def generate(n, folder):
    path = os.path.join(folder, "zeros.kml")
    block = bytes(1 << 20)
    with open(path, "wb") as out:
        for _ in range(n):
            out.write(block)
    return path


def command(mapbridge, path, folder):
    out = os.path.join(folder, "out.geojson")
    # exec: the shell becomes mapbridge, so the runner times and measures mapbridge itself.
    return ["/bin/sh", "-c", f"exec {shlex.quote(mapbridge)} convert - {shlex.quote(out)} --from kml < {shlex.quote(path)}"]
