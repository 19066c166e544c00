"""n point features in one FeatureCollection, converted with two threads (issue 14, item 3):
the parsing thread may run ahead of the writing one by a bounded queue of batches only, so
peak memory must stay flat however many features the input holds, and time linear; with one
thread for comparison, and the same to GeoJSON and from newline-delimited GeoJSON."""
import os

UNIT = "features"
SIZES = (50_000, 200_000)
TIME_RATIO = 6.0
MEMORY = "flat"


def generate(n, folder):
    path = os.path.join(folder, "places.geojsonl")
    with open(path, "w") as out:
        for i in range(n):
            out.write('{"type":"Feature","geometry":{"type":"Point","coordinates":[%.5f,%.5f]},'
                      '"properties":{"name":"place %d","population":%d,"kind":"k%d"}}\n'
                      % ((i * 0.37) % 360 - 180, (i * 0.11) % 170 - 85, i, i * 7, i % 13))
    return path


VARIANTS = [
    ("threads-2-kml", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.kml"), "--threads", "2"]),
    ("threads-1-kml", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.kml"), "--threads", "1"]),
    ("threads-2-geojson", lambda mapbridge, path, folder: [mapbridge, "convert", path, os.path.join(folder, "out.geojson"), "--threads", "2"]),
]
