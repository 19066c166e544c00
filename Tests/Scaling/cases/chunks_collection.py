"""n point features in one FeatureCollection, converted with two threads (issue 14, chunks):
the collection is cut between the elements of its features into 1 MiB chunks that both
threads parse at once, at most 3 chunks waiting for the writer, so peak memory must stay flat
however many features the input holds, and time linear; also pretty-printed with members after
features, and with one feature larger than 4 chunks near the start, after which one thread
reads the rest in one piece (still flat)."""
import os

UNIT = "features"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "flat"


def feature(i):
    return ('{"type":"Feature","id":%d,"geometry":{"type":"Point","coordinates":[%.5f,%.5f]},'
            '"properties":{"name":"place %d","note":"a, b], {c}","population":%d,"kind":"k%d"}}'
            % (i, (i * 0.37) % 360 - 180, (i * 0.11) % 170 - 85, i, i * 7, i % 13))


def long_line(vertices):
    coordinates = ",".join("[%.5f,%.5f]" % ((k * 0.001) % 360 - 180, (k * 0.0007) % 170 - 85) for k in range(vertices))
    return '{"type":"Feature","geometry":{"type":"LineString","coordinates":[%s]},"properties":{"name":"long"}}' % coordinates


def generate(n, folder):
    path = os.path.join(folder, "places.geojson")
    with open(path, "w") as out:
        out.write('{"type":"FeatureCollection","name":"places","features":[')
        out.write(",".join(feature(i) for i in range(n)))
        out.write("]}\n")
    with open(os.path.join(folder, "pretty.geojson"), "w") as out:
        out.write('{\n  "name": "places",\n  "features": [\n    ')
        out.write(",\n    ".join(feature(i) for i in range(n)))
        out.write('\n  ],\n  "type": "FeatureCollection",\n  "title": "after"\n}\n')
    with open(os.path.join(folder, "large.geojson"), "w") as out:
        out.write('{"type":"FeatureCollection","features":[')
        out.write(",".join(feature(i) for i in range(1000)))
        out.write("," + long_line(700_000) + ",")
        out.write(",".join(feature(i) for i in range(1000, n)))
        out.write("]}\n")
    return path


def sibling(path, name):
    return os.path.join(os.path.dirname(path), name)


VARIANTS = [
    ("collection-kml", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.kml"), "--threads", "2"]),
    ("collection-csv", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.csv"), "--threads", "2"]),
    ("collection-pretty-geojson", lambda mapbridge, path, folder: [mapbridge, "convert", sibling(path, "pretty.geojson"), os.path.join(folder, "out.geojson"), "--threads", "2"]),
    ("collection-large-feature-geojson", lambda mapbridge, path, folder: [mapbridge, "convert", sibling(path, "large.geojson"), os.path.join(folder, "out.geojson"), "--threads", "2"]),
]
