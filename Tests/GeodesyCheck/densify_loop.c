/*
 * The baseline for `mapbridge densify`'s speed: a plain C loop over PROJ's geodesic routines
 * doing the same work (Tests/GeodesyCheck/README.md, `make geodesy-check`).
 *
 *   densify_loop PAIRS MAX_SEGMENT_M [OUTPUT.geojson]
 *
 * PAIRS is a text file of segments, one per line: "lon1 lat1 lon2 lat2" in degrees. Each
 * segment is solved once (geod_inverseline) and cut into ceil(s / MAX_SEGMENT_M) equal pieces
 * (geod_position), as Geodesic.densify(_:maximumSegment:) does (the same caps, the same piece
 * count, +1 where round-off could leave a piece a hair too long).
 *
 * Times are CPU seconds of the process (the machine may be shared). Without OUTPUT only the loop runs; the points are summed so the compiler cannot drop them.
 * With OUTPUT the result is written as a GeoJSON FeatureCollection of LineStrings (coordinates
 * printed with %.17g, which round-trips like the shortest form mapbridge prints). Prints to
 * stderr: segments, points, and the seconds spent reading, in the loop, and writing.
 */
#include <geodesic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int pieces(double length, double maximum) {
    if (!(length > maximum)) return 1;
    int n = (int)ceil(length / maximum);
    if (length / n > maximum * (1 - 1e-9)) n += 1;
    return n;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s PAIRS MAX_SEGMENT_M [OUTPUT.geojson]\n", argv[0]);
        return 2;
    }
    double maximum = atof(argv[2]);
    if (!(maximum > 0)) {
        fprintf(stderr, "error: MAX_SEGMENT_M must be a positive number of metres\n");
        return 2;
    }
    double t0 = now();
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    size_t count = 0, capacity = 1 << 16;
    double *pairs = malloc(capacity * 4 * sizeof(double));
    double a, b, c, d;
    while (fscanf(in, "%lf %lf %lf %lf", &a, &b, &c, &d) == 4) {
        if (count == capacity) {
            capacity *= 2;
            pairs = realloc(pairs, capacity * 4 * sizeof(double));
        }
        if (!pairs) return 1;
        pairs[4 * count] = a;
        pairs[4 * count + 1] = b;
        pairs[4 * count + 2] = c;
        pairs[4 * count + 3] = d;
        count++;
    }
    fclose(in);

    struct geod_geodesic g;
    geod_init(&g, 6378137, 1 / 298.257223563);
    unsigned caps = GEOD_LATITUDE | GEOD_LONGITUDE | GEOD_AZIMUTH | GEOD_DISTANCE_IN;
    FILE *out = argc > 3 ? fopen(argv[3], "w") : NULL;
    if (argc > 3 && !out) {
        perror(argv[3]);
        return 1;
    }
    double t1 = now(), loop = 0, writing = 0, sum = 0;
    size_t points = 0;
    /* With output, points go to a buffer per segment and are printed after the loop's timer. */
    size_t bufcap = 1024;
    double *buf = malloc(bufcap * 2 * sizeof(double));
    if (out) fputs("{\"type\":\"FeatureCollection\",\"features\":[\n", out);
    for (size_t i = 0; i < count; i++) {
        double s = now();
        double lon1 = pairs[4 * i], lat1 = pairs[4 * i + 1], lon2 = pairs[4 * i + 2], lat2 = pairs[4 * i + 3];
        struct geod_geodesicline line;
        geod_inverseline(&line, &g, lat1, lon1, lat2, lon2, caps);
        int n = pieces(line.s13, maximum);
        if ((size_t)n + 1 > bufcap) {
            while ((size_t)n + 1 > bufcap) bufcap *= 2;
            buf = realloc(buf, bufcap * 2 * sizeof(double));
            if (!buf) return 1;
        }
        buf[0] = lon1;
        buf[1] = lat1;
        double step = line.s13 / n;
        for (int k = 1; k < n; k++) {
            double lat, lon;
            geod_position(&line, step * k, &lat, &lon, NULL);
            buf[2 * k] = lon;
            buf[2 * k + 1] = lat;
        }
        buf[2 * n] = lon2;
        buf[2 * n + 1] = lat2;
        points += (size_t)n + 1;
        if (out) {
            double w = now();
            loop += w - s;
            fprintf(out, "%s{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[",
                    i ? ",\n" : "");
            for (int k = 0; k <= n; k++) fprintf(out, "%s[%.17g,%.17g]", k ? "," : "", buf[2 * k], buf[2 * k + 1]);
            fputs("]}}", out);
            writing += now() - w;
        } else {
            for (int k = 0; k <= n; k++) sum += buf[2 * k] + buf[2 * k + 1];
            loop += now() - s;
        }
    }
    if (out) {
        double w = now();
        fputs("\n]}\n", out);
        fclose(out);
        writing += now() - w;
    }
    double t2 = now();
    fprintf(stderr, "segments %zu points %zu read %.3f s loop %.3f s write %.3f s total %.3f s (checksum %.6g)\n",
            count, points, t1 - t0, loop, writing, t2 - t0, sum);
    free(pairs);
    free(buf);
    return 0;
}
