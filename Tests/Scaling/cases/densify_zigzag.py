"""A zigzag of n vertices between longitudes 0 and 179 densified with --max-segment 20 m
(issue 12, item 14): each segment needs about a million points, so the line passes
--max-vertices (here 2,000,000) after two segments and stops with a located error; memory
stays at the limit, whatever n."""
import os

NAME = "densify-zigzag"
UNIT = "vertices"
SIZES = (10, 40)
TIME_RATIO = 6.0
MEMORY = "flat"
EXPECT_EXIT = 1


def generate(n, folder):
    path = os.path.join(folder, "zigzag.geojson")
    coordinates = ",".join(f"[{179 if i % 2 else 0},{i * 0.01:.2f}]" for i in range(n))
    with open(path, "w") as out:
        out.write('{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[' + coordinates + "]}}\n")
    return path


def command(mapbridge, path, folder):
    return [mapbridge, "densify", path, os.path.join(folder, "out.geojson"), "--max-segment", "20", "--max-vertices", "2000000"]
