"""One CSV line of n commas after a header (issue 12, item 13): a row may hold at most
--max-keys (1,000,000) fields, so the reader stops with a located error at the limit
instead of building a field for every comma."""
import os

NAME = "csv-long-row"
UNIT = "commas"
SIZES = (4_000_000, 16_000_000)
TIME_RATIO = 6.0
MEMORY = "flat"
EXPECT_EXIT = 1


def generate(n, folder):
    path = os.path.join(folder, "row.csv")
    with open(path, "w") as out:
        out.write("name,lat,lon\n")
        out.write("a,1,2")
        chunk = "," * 1_000_000
        for _ in range(n // len(chunk)):
            out.write(chunk)
        out.write("," * (n % len(chunk)))
        out.write("\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
