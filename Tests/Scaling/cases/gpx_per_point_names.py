"""One GPX track of n points, each with an extension element of its own name (issue 12,
item 12): per-point values are kept sparse while reading, and a line keeps at most
--max-point-names (256) names, each written with an entry per point, so memory and output
grow with the points, not with points x names."""
import os

NAME = "gpx-per-point-names"
UNIT = "points"
SIZES = (2_000, 8_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "names.gpx")
    with open(path, "w") as out:
        out.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="scaling" xmlns="http://www.topografix.com/GPX/1/1">\n<trk><trkseg>\n')
        for i in range(n):
            out.write(f'<trkpt lat="{i / 100000:.5f}" lon="1"><extensions><n{i}>{i}</n{i}></extensions></trkpt>\n')
        out.write("</trkseg></trk>\n</gpx>\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
