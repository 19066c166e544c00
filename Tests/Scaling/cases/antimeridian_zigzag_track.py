"""A GPX track of n points with elevation and time whose longitude changes sign at every
point (|lon| in [1, 179]), converted to GeoJSON: it is cut at nearly every other segment into
about n/2 parts, each keeping its times. Every part's times used to start with a whole 64 KiB
chunk of codes (2.9 KB per point: 5.7 GB for 2,000,000 points); then parts were kept at their
exact size (about 280 bytes per point, most of it the parts' own values). Now the parts are
written as they are cut, without a list of them (AntimeridianCut): about 39 bytes per point,
the track as read plus 8 bytes a crossing for the times written after the geometry."""
import os
import random

NAME = "antimeridian-zigzag-track"
UNIT = "points"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "record"
BYTES_PER_UNIT = 60


def generate(n, folder):
    path = os.path.join(folder, "zigzag.gpx")
    rng = random.Random(1)
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                  '<gpx version="1.1" creator="scaling" xmlns="http://www.topografix.com/GPX/1/1">'
                  "<trk><name>zigzag</name><trkseg>\n")
        for i in range(n):
            lon = rng.uniform(1, 179) * (1 if i % 2 else -1)
            lat = rng.uniform(-60, 60)
            out.write('<trkpt lat="%.6f" lon="%.6f"><ele>%.1f</ele><time>2024-05-01T%02d:%02d:%02dZ</time></trkpt>\n'
                      % (lat, lon, rng.uniform(0, 3000), i // 3600 % 24, i // 60 % 60, i % 60))
        out.write("</trkseg></trk></gpx>\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
