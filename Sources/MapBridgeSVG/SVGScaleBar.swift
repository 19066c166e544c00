#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scale bar in the picture's lower left corner: a round length (1, 2 or 5 × a power of
/// ten metres, written in m or km) at most a fifth of the picture wide (and 200 px), true
/// east–west at the view's centre.
///
/// On the flat maps the scale changes with latitude (Mercator stretches it by 1 / cos φ), so
/// the bar measures along the parallel through the centre of the picture, on the WGS 84
/// ellipsoid. On the globe the scale is true at the centre in every direction, with the
/// earth's mean radius.
enum SVGScaleBar {
    /// WGS 84's equatorial radius and first eccentricity squared.
    static let equatorialRadius = 6_378_137.0
    static let eccentricitySquared = 0.006_694_379_990_14
    /// The earth's mean radius, metres, the globe's radius.
    static let meanRadius = 6_371_008.8

    /// Metres on the ground per pixel, east–west at the view's centre, or `nil` when the
    /// scale is meaningless there (at a pole on the flat maps).
    static func metresPerPixel(projection: SVGProjection, viewport: SVGViewport) -> Double? {
        guard viewport.scale > 0, viewport.scale.isFinite else { return nil }
        if projection == .orthographic { return meanRadius / viewport.scale }
        let phi = projection.latitude(y: viewport.centre.y) * .pi / 180
        let s = sin(phi)
        // The radius of the parallel through the centre.
        let parallel = equatorialRadius * cos(phi) / (1 - eccentricitySquared * s * s).squareRoot()
        guard parallel > 1 else { return nil }
        return 2 * .pi * parallel / viewport.scale
    }

    /// The longest round length (metres) no longer than `maximum` pixels, and its pixels.
    static func length(metresPerPixel: Double, maximum: Double) -> (metres: Double, pixels: Double)? {
        guard metresPerPixel > 0, metresPerPixel.isFinite, maximum > 0 else { return nil }
        let limit = maximum * metresPerPixel
        var power = pow(10, (log10(limit)).rounded(.down))
        while power > limit { power /= 10 }
        let metres = [5.0, 2, 1].map { $0 * power }.first { $0 <= limit } ?? power
        return (metres, metres / metresPerPixel)
    }

    /// A length as the bar's label: `500 m`, `2 km`, `10000 km`, `0.5 m`.
    static func label(metres: Double) -> String {
        if metres >= 1000 { return SVGViewport.text(metres / 1000) + " km" }
        return SVGViewport.text(metres) + " m"
    }

    /// The bar's SVG, or an empty string when there is no room or no meaningful scale.
    static func svg(projection: SVGProjection, viewport: SVGViewport) -> String {
        guard viewport.width >= 80, viewport.height >= 40,
              let mpp = metresPerPixel(projection: projection, viewport: viewport),
              let bar = length(metresPerPixel: mpp, maximum: min(viewport.width / 5, 200)) else { return "" }
        let x = 12.0, y = viewport.height - 12
        func t(_ v: Double) -> String { SVGViewport.text(v) }
        let label = label(metres: bar.metres)
        var svg = "\n<g id=\"scale-bar\" font-family=\"sans-serif\" font-size=\"11\">"
        svg += "<title>Scale at the centre of the picture</title>"
        svg += "<rect x=\"" + t(x - 6) + "\" y=\"" + t(y - 22) + "\" width=\"" + t(bar.pixels + 12)
        svg += "\" height=\"26\" fill=\"#ffffff\" fill-opacity=\".75\" rx=\"3\"/>"
        svg += "<path d=\"M" + t(x) + " " + t(y - 6) + "v6h" + t(bar.pixels) + "v-6\""
        svg += " fill=\"none\" stroke=\"#333333\" stroke-width=\"1.5\"/>"
        svg += "<text x=\"" + t(x + bar.pixels / 2) + "\" y=\"" + t(y - 9) + "\" text-anchor=\"middle\" fill=\"#333333\">"
        svg += label + "</text></g>"
        return svg
    }
}
