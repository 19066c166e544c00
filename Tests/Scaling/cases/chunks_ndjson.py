"""n point features as newline-delimited GeoJSON and as a GeoJSON text sequence, converted
with two threads (issue 14, chunks): the input is cut into 1 MiB chunks that both threads
parse at once, at most 3 chunks waiting for the writer, so peak memory must stay flat however
many features the input holds, and time linear; also with one record that spans lines near
the start, after which one thread reads the rest in one piece (still flat)."""
import os

UNIT = "features"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "flat"


def feature(i):
    return ('{"type":"Feature","geometry":{"type":"Point","coordinates":[%.5f,%.5f]},'
            '"properties":{"name":"place %d","population":%d,"kind":"k%d"}}'
            % ((i * 0.37) % 360 - 180, (i * 0.11) % 170 - 85, i, i * 7, i % 13))


def generate(n, folder):
    lines = os.path.join(folder, "places.geojsonl")
    with open(lines, "w") as out:
        for i in range(n):
            out.write(feature(i) + "\n")
    with open(os.path.join(folder, "places.geojsons"), "w") as out:
        for i in range(n):
            out.write("\x1e" + feature(i) + "\n")
    with open(os.path.join(folder, "spanning.geojsonl"), "w") as out:
        for i in range(n):
            out.write(feature(i).replace('"properties"', '\n"properties"') if i == 5000 else feature(i))
            out.write("\n")
    return lines


def sibling(path, name):
    return os.path.join(os.path.dirname(path), name)


VARIANTS = [
    ("chunks-lines-kml", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.kml"), "--threads", "2"]),
    ("chunks-lines-geojson", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.geojson"), "--threads", "2"]),
    ("chunks-sequence-csv", lambda mapbridge, path, folder: [mapbridge, "convert", sibling(path, "places.geojsons"), os.path.join(folder, "out.csv"), "--threads", "2"]),
    ("chunks-spanning-geojson", lambda mapbridge, path, folder: [mapbridge, "convert", sibling(path, "spanning.geojsonl"), os.path.join(folder, "out.geojson"), "--threads", "2"]),
]
