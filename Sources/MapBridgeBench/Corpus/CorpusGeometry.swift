/// Plane geometry on a small patch of the sphere, enough to make test data: places, lines and
/// rings in degrees. The sine and cosine are polynomials written here rather than libm's, so the
/// corpus is the same bytes whatever the C library.
enum CorpusGeometry {
    /// Metres in one degree of latitude on a sphere of radius 6,371,008.8 m.
    static let metresPerDegree = 111_195.08

    /// Sine and cosine of `x` radians, |x| < 1e6, to about 1e-15.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        let quarter = (x / (Double.pi / 2)).rounded()
        let r = x - quarter * (Double.pi / 2)  // in [-π/4, π/4]
        let r2 = r * r
        let s = r * (1 + r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362_880
            + r2 * (-1.0 / 39_916_800 + r2 * (1.0 / 6_227_020_800)))))))
        let c = 1 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320
            + r2 * (-1.0 / 3_628_800 + r2 * (1.0 / 479_001_600 + r2 * (-1.0 / 87_178_291_200)))))))
        switch Int(quarter) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// The point `metres` from (`lon`, `lat`) degrees along `bearing` degrees clockwise from
    /// north, on the local tangent plane; longitude wrapped into [-180, 180), latitude clamped
    /// to [-85, 85].
    static func destination(lon: Double, lat: Double, bearing: Double, metres: Double) -> (lon: Double, lat: Double) {
        let b = sinCos(bearing * Double.pi / 180)
        let cosLat = max(0.05, sinCos(lat * Double.pi / 180).cos)
        var lon2 = lon + metres * b.sin / (metresPerDegree * cosLat)
        let lat2 = min(85, max(-85, lat + metres * b.cos / metresPerDegree))
        if lon2 >= 180 || lon2 < -180 { lon2 -= 360 * ((lon2 + 180) / 360).rounded(.down) }
        return (lon2, lat2)
    }

    /// A closed star-shaped ring of `count` positions (first = last) around (`lon`, `lat`),
    /// `radius` metres, each vertex between 0.75 and 1 of it; counter-clockwise when `ccw`.
    /// Positions are integers in units of 10^-`decimals` degrees.
    static func ring(_ rng: inout SplitMix64, lon: Double, lat: Double, radius: Double, count: Int, ccw: Bool,
                     decimals: Int) -> [CorpusPosition]
    {
        var positions: [CorpusPosition] = []
        positions.reserveCapacity(count)
        for i in 0..<(count - 1) {
            // Bearings grow clockwise, so walking them in reverse goes counter-clockwise.
            let step = ccw ? (count - 1 - i) : i
            let p = destination(lon: lon, lat: lat, bearing: 360 * Double(step) / Double(count - 1),
                                metres: radius * (0.75 + 0.25 * rng.unit()))
            positions.append(CorpusPosition(lon: p.lon, lat: p.lat, decimals: decimals))
        }
        positions.append(positions[0])
        return positions
    }
}

/// A position as integers in units of 10^-decimals degrees, so that a ring closes exactly and
/// the text is written without floating-point formatting.
struct CorpusPosition: Hashable, Sendable {
    var lon: Int
    var lat: Int

    init(lon: Double, lat: Double, decimals: Int) {
        let scale = CorpusPosition.scales[decimals]
        self.lon = Int((lon * scale).rounded())
        self.lat = Int((lat * scale).rounded())
    }

    static let scales: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7]
}
