#!/usr/bin/env python3
"""Times `mapbridge` densifying the OpenFlights routes against a plain C loop over PROJ doing
the same work (densify_loop.c), as issue #5 asks: "within 2x the time of a plain C loop".

    swift build -c release
    python3 Tests/GeodesyCheck/time_densify.py --openflights ../shared/data/openflights

1. `mapbridge route --pairs routes.dat --places airports.dat` (the README's command) gives one
   densified route per pair; the first and last vertex of each are its airports. They are
   written as `pairs.txt` (lon1 lat1 lon2 lat2, for the C loop) and `pairs.geojson` (one
   two-vertex LineString per route, for `mapbridge densify`), in the same order.
2. Compute only: the C loop's time in geod_inverseline + geod_position (its own clock, file
   reading and writing left out) against the time mapbridge spends in
   `Geodesic.densify(_:maximumSegment:)`, which is its share of mapbridge's instructions
   (valgrind callgrind, inclusive cost of that function) times mapbridge's CPU time. With
   --callgrind the C loop's share is measured the same way, and the instruction counts of
   both are compared directly too.
3. End to end (CPU seconds, user + system, best of --runs): the C program reading pairs.txt
   and writing GeoJSON against `mapbridge densify pairs.geojson out.geojson --max-segment
   100km --no-antimeridian-cut` (the same work: reading, densifying, writing GeoJSON; with the
   antimeridian cut as well, and `route --pairs` itself, for reference), and --max-error 1km.

CPU time rather than wall time, since the machine may be shared; the best of several runs.
"""

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cpu_run(cmd, runs):
    """Best (user + sys CPU seconds, wall seconds, stderr) of `runs` runs of `cmd`."""
    best = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if best is None or cpu < best[0]:
            best = (cpu, wall, proc.stderr)
    return best


def callgrind(cmd, out):
    """Runs `cmd` under valgrind's callgrind; the inclusive profile, demangled."""
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd,
                   capture_output=True, check=True)
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                          capture_output=True, text=True, check=True).stdout
    # Swift's symbols come mangled; the toolchain's demangler reads them.
    demangle = [shutil.which("swift-demangle")] if shutil.which("swift-demangle") else ["swift", "demangle"]
    return subprocess.run(demangle, input=text, capture_output=True, text=True, check=True).stdout


def total(profile):
    m = re.search(r"^\s*([\d,]+).*PROGRAM TOTALS", profile, re.M)
    return int(m.group(1).replace(",", "")) if m else 0


def inclusive(profile, pattern):
    """The largest inclusive instruction count of a function whose line matches `pattern`."""
    best = 0
    for line in profile.splitlines():
        m = re.match(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)$", line)
        if m and re.search(pattern, m.group(2)):
            best = max(best, int(m.group(1).replace(",", "")))
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mapbridge", default=os.path.join(ROOT, ".build", "release", "mapbridge"))
    ap.add_argument("--openflights", default=os.path.join(ROOT, "..", "shared", "data", "openflights"))
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "geodesy-check"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--callgrind", action="store_true", help="also count instructions with valgrind (slow)")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    w = lambda name: os.path.join(args.work, name)

    loop = w("densify_loop")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", loop, os.path.join(HERE, "densify_loop.c"),
                    "-lproj", "-lm"], check=True)

    routes, airports = os.path.join(args.openflights, "routes.dat"), os.path.join(args.openflights, "airports.dat")
    route_cmd = [args.mapbridge, "route", "--pairs", routes, "--places", airports, w("routes.geojson"),
                 "--columns", "id,name,city,country,iata,icao,lat,lon,altitude_ft,timezone,dst,tz,type,source",
                 "--pair-columns", "airline,airline_id,source,source_id,destination,destination_id,codeshare,stops,equipment"]
    route_cpu, route_wall, route_err = cpu_run(route_cmd, args.runs)
    with open(w("routes.geojson")) as f:
        doc = json.load(f)
    pairs = []
    for feature in doc["features"]:
        g = feature["geometry"]
        parts = [g["coordinates"]] if g["type"] == "LineString" else g["coordinates"]
        a, b = parts[0][0], parts[-1][-1]
        pairs.append((a[0], a[1], b[0], b[1]))
    with open(w("pairs.txt"), "w") as f:
        for p in pairs:
            f.write(f"{p[0]!r} {p[1]!r} {p[2]!r} {p[3]!r}\n")
    with open(w("pairs.geojson"), "w") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {},
             "geometry": {"type": "LineString", "coordinates": [[p[0], p[1]], [p[2], p[3]]]}} for p in pairs]}, f)
    print(f"{len(pairs)} routes from {routes} ({route_err.strip().splitlines()[-1]})")

    def c_loop(output):
        cmd = [loop, w("pairs.txt"), "100000"] + ([w("c.geojson")] if output else [])
        cpu, wall, err = cpu_run(cmd, args.runs)
        m = re.search(r"points (\d+) read ([\d.]+) s loop ([\d.]+) s write ([\d.]+) s", err)
        return cpu, wall, int(m.group(1)), float(m.group(3))

    c_cpu_compute, _, c_points, c_loop_s = c_loop(False)
    c_cpu_e2e, _, _, _ = c_loop(True)
    print(f"\nC loop (densify_loop.c, -O2, libproj): {c_points} points; loop {c_loop_s:.3f} s, "
          f"whole program without output {c_cpu_compute:.3f} s CPU, with GeoJSON output {c_cpu_e2e:.3f} s CPU")

    densify = [args.mapbridge, "densify", w("pairs.geojson"), w("m.geojson"), "--max-segment", "100km"]
    m_cut_cpu, _, _ = cpu_run(densify, args.runs)
    m_cpu, _, _ = cpu_run(densify + ["--no-antimeridian-cut"], args.runs)
    with open(w("m.geojson")) as f:
        m_points = sum(len(ft["geometry"]["coordinates"]) for ft in json.load(f)["features"])
    err_cpu, _, _ = cpu_run([args.mapbridge, "densify", w("pairs.geojson"), w("e.geojson"), "--max-error", "1km",
                             "--no-antimeridian-cut"], args.runs)
    with open(w("e.geojson")) as f:
        e_points = sum(len(ft["geometry"]["coordinates"]) for ft in json.load(f)["features"])
    print(f"mapbridge densify --max-segment 100km --no-antimeridian-cut: {m_points} points, {m_cpu:.3f} s CPU")
    print(f"mapbridge densify --max-segment 100km (with the antimeridian cut): {m_cut_cpu:.3f} s CPU")
    print(f"mapbridge densify --max-error 1km --no-antimeridian-cut: {e_points} points, {err_cpu:.3f} s CPU "
          f"({err_cpu / m_cpu:.2f}x --max-segment)")
    print(f"mapbridge route --pairs (CSV in, routes with properties out): {route_cpu:.3f} s CPU")
    if m_points != c_points:
        print(f"note: point counts differ (C {c_points}, mapbridge {m_points})")

    print(f"\nend to end (GeoJSON in/out vs text in, GeoJSON out): {m_cpu / c_cpu_e2e:.2f}x "
          f"(with the antimeridian cut {m_cut_cpu / c_cpu_e2e:.2f}x; route --pairs {route_cpu / c_cpu_e2e:.2f}x)")

    if args.callgrind:
        if not shutil.which("valgrind"):
            sys.exit("--callgrind needs valgrind")
        swift = callgrind(densify + ["--no-antimeridian-cut"], w("callgrind.mapbridge"))
        c = callgrind([loop, w("pairs.txt"), "100000"], w("callgrind.c"))
        whole = total(swift)
        work = inclusive(swift, r"Geodesic\.densify\(_: \[MapBridgeModel\.Coordinate\], maximumSegment:")
        c_total = total(c)
        c_work = inclusive(c, r":geod_inverseline ") + inclusive(c, r":geod_position ")
        share = work / whole if whole else 0
        print(f"\ncallgrind: mapbridge densify {whole:,} instructions, {work:,} ({share:.1%}) inside "
              f"Geodesic.densify(_:maximumSegment:); C loop {c_total:,}, {c_work:,} in geod_inverseline + geod_position")
        print(f"compute only, instructions: {work / c_work:.2f}x")
        print(f"compute only, time: mapbridge {share * m_cpu:.3f} s (its densify share of {m_cpu:.3f} s) vs C loop "
              f"{c_loop_s:.3f} s: {share * m_cpu / c_loop_s:.2f}x")


if __name__ == "__main__":
    main()
