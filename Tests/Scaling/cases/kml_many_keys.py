"""One KML Placemark whose ExtendedData holds n distinct <Data> names (issue 12, item 8):
reading them into properties and writing them as GeoJSON must be linear in n."""
import os

NAME = "kml-many-keys"
UNIT = "keys"
SIZES = (100_000, 400_000)
TIME_RATIO = 6.0
MEMORY = "record"


def generate(n, folder):
    path = os.path.join(folder, "keys.kml")
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><ExtendedData>')
        out.write("".join(f'<Data name="k{i}"><value>{i}</value></Data>' for i in range(n)))
        out.write("</ExtendedData><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.geojson")]
