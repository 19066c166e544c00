"""One KML coordinate tuple of n numbers, 1,1,1,... (issue 12, item 13): numbers past the
third are counted, not kept, so memory follows the element's text (bounded by
--max-feature-bytes), not a record per number."""
import os

NAME = "kml-long-tuple"
UNIT = "numbers"
SIZES = (2_000_000, 8_000_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "tuple.kml")
    with open(path, "w") as out:
        out.write('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>1')
        chunk = ",1" * 500_000
        for _ in range(n // 500_000):
            out.write(chunk)
        out.write(",1" * (n % 500_000))
        out.write("</coordinates></Point></Placemark></kml>\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
