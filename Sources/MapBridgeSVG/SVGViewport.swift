/// The box of world units the data covers, and how it maps onto the picture's pixels: the
/// box, with a margin, fitted into `width` × `height` pixels and centred, north up, with the
/// same scale across and down (no stretching).
///
///     var box = SVGViewport.Box()
///     box.extend(x: 0.25, y: 0.4); box.extend(x: 0.3, y: 0.45)
///     let view = SVGViewport(box: box, width: 1000, height: nil)  // height from the box's shape
struct SVGViewport: Hashable, Sendable {
    /// A box in world units; empty until extended.
    struct Box: Hashable, Sendable {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity

        var isEmpty: Bool { minX > maxX }

        mutating func extend(x: Double, y: Double) {
            guard x.isFinite, y.isFinite else { return }
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
    }

    /// The smallest extent shown, world units (about 4 km at the equator): a single point
    /// or a short line gets this much room around it.
    static let minimumExtent = 1.0 / 10_000
    /// The margin around the data, as a share of the picture's smaller side.
    static let marginShare = 0.05

    /// The picture's size in pixels.
    let width: Double
    let height: Double
    /// Pixels per world unit.
    let scale: Double
    /// The world point drawn at pixel (0, 0).
    let originX: Double
    let originY: Double

    /// Fits `box` (the whole world when empty) into `width` pixels, and `height` pixels when
    /// given, else the height the box's shape asks (capped at 4 × `width`). The margin is
    /// `marginShare` (0 to 0.45) of the smaller side given, or of the width when the height
    /// follows the data.
    init(box: Box, width: Double, height: Double?, projection: SVGProjection = .mercator,
         marginShare: Double = SVGViewport.marginShare)
    {
        var b = box
        if b.isEmpty {
            b = Box(minX: 0, minY: 0, maxX: 1, maxY: projection == .mercator ? 1 : 0.5)
        }
        let share = min(max(marginShare, 0), 0.45)
        let boxWidth = max(b.maxX - b.minX, SVGViewport.minimumExtent)
        let boxHeight = max(b.maxY - b.minY, SVGViewport.minimumExtent)
        let centreX = (b.minX + b.maxX) / 2, centreY = (b.minY + b.maxY) / 2
        let h: Double, margin: Double
        if let height {
            h = height
            margin = min(width, height) * share
        } else {
            // The data fills the width inside the margins; the height follows its shape.
            margin = width * share
            h = min(max(((width - 2 * margin) * boxHeight / boxWidth + 2 * margin).rounded(), 1), width * 4)
        }
        let scale = min((width - 2 * margin) / boxWidth, (h - 2 * margin) / boxHeight)
        self.width = width
        self.height = h
        self.scale = scale
        originX = centreX - width / 2 / scale
        originY = centreY - h / 2 / scale
    }

    /// The world point at the picture's centre.
    var centre: (x: Double, y: Double) { (originX + width / 2 / scale, originY + height / 2 / scale) }

    /// The pixel position of a world point, in tenths of a pixel (the precision written).
    func tenths(x: Double, y: Double) -> (x: Int, y: Int) {
        (Self.clamped(((x - originX) * scale * 10).rounded()), Self.clamped(((y - originY) * scale * 10).rounded()))
    }

    /// `value` as an `Int`, kept within ±10⁹ (a point far outside the picture stays far).
    private static func clamped(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1e9), 1e9))
    }

    /// Tenths of a pixel as SVG number text: `123` → `12.3`, `-5` → `-.5`, `40` → `4`.
    static func text(tenths: Int) -> String { text(tenths, decimals: 1) }

    /// `value` with two decimals at most, for widths and opacities: `2.5` → `2.5`, `0.6` → `.6`.
    static func text(_ value: Double) -> String {
        text(value.isFinite ? Int((min(max(value, -1e9), 1e9) * 100).rounded()) : 0, decimals: 2)
    }

    /// `scaled` / 10^`decimals` as the shortest exact decimal text, without trailing zeros
    /// or a leading zero: deterministic, from integers only.
    static func text(_ scaled: Int, decimals: Int) -> String {
        var unit = 1
        for _ in 0..<decimals { unit *= 10 }
        let sign = scaled < 0 ? "-" : ""
        let m = Int(scaled.magnitude)
        let whole = m / unit
        var fraction = m % unit, digits = decimals
        if fraction == 0 { return sign + String(whole) }
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        let padded = String(repeating: "0", count: digits - fractionText.count) + fractionText
        return sign + (whole == 0 ? "" : String(whole)) + "." + padded
    }
}
