"""A KML of n placemarks inside 50 nested folders with 10 KB names, written as CSV (issue 12,
item 15): every row carries the 500 KB folder path, and the rows that wait for the header
are held in memory only up to 16 MiB (the rest wait in a temporary file), so memory stays
flat however many rows wait."""
import os

NAME = "csv-writer-deep-folders"
UNIT = "placemarks"
SIZES = (100, 400)
TIME_RATIO = 6.0
MEMORY = "flat"


def generate(n, folder):
    path = os.path.join(folder, "folders.kml")
    depth = 50
    with open(path, "w") as out:
        out.write('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n')
        for d in range(depth):
            out.write(f"<Folder><name>{d}{'f' * 10_000}</name>\n")
        for i in range(n):
            out.write(f"<Placemark><name>p{i}</name><Point><coordinates>{i % 180},1</coordinates></Point></Placemark>\n")
        out.write("</Folder>\n" * depth)
        out.write("</Document></kml>\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "convert", path, os.path.join(folder, "out.csv")]
