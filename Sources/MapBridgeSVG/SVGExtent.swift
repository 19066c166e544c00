/// The longitudes and latitudes some data covers, kept in fixed memory whatever its size, so
/// that the view can find the narrowest arc of longitude holding everything — across the
/// antimeridian when that is narrower (a Pacific route's view is the Pacific, not the world).
///
/// Longitudes go into 360 one-degree bins, each remembering the lowest and highest longitude
/// seen inside it; the arc is the circle minus the widest run of empty bins, with its edges
/// read exactly from the bins beside that run.
///
///     var extent = SVGExtent()
///     extent.add(west: 170, east: 190, south: -20, north: -10)  // unwrapped past 180
///     extent.arc // (west: 170, span: 20)
struct SVGExtent: Hashable, Sendable {
    private var low = [Double](repeating: .infinity, count: 360)
    private var high = [Double](repeating: -.infinity, count: 360)
    /// The southern- and northernmost latitudes seen, degrees.
    private(set) var south = Double.infinity
    private(set) var north = -Double.infinity

    /// Whether nothing has been added.
    var isEmpty: Bool { south > north }

    /// Adds the longitudes from `west` eastwards to `east` (degrees, unwrapped: `east` ≥
    /// `west`, either may lie past ±180) and the latitudes from `south` to `north`.
    mutating func add(west: Double, east: Double, south: Double, north: Double) {
        guard west.isFinite, east.isFinite, south.isFinite, north.isFinite, east >= west else { return }
        self.south = min(self.south, max(south, -90))
        self.north = max(self.north, min(north, 90))
        if east - west >= 360 {
            for i in 0..<360 { low[i] = Double(i) - 180; high[i] = Double(i) - 179 }
            return
        }
        // Walk the interval bin by bin in [0, 360) measured from −180.
        var start = west + 180
        start -= 360 * (start / 360).rounded(.down)
        var remaining = east - west
        while true {
            let bin = min(Int(start), 359)
            let binEnd = Double(bin + 1)
            let take = min(remaining, binEnd - start)
            low[bin] = min(low[bin], start - 180)
            high[bin] = max(high[bin], start + take - 180)
            remaining -= take
            if remaining <= 0 { break }
            start = binEnd == 360 ? 0 : binEnd
        }
    }

    /// The narrowest arc holding every longitude added: its western edge in [−180, 180) and
    /// its width eastwards in [0, 360] degrees; `nil` when empty.
    var arc: (west: Double, span: Double)? {
        guard !isEmpty else { return nil }
        let filled = (0..<360).filter { low[$0] <= high[$0] }
        guard let first = filled.first, let last = filled.last else { return nil }
        // The widest gap between filled bins, going round; the arc is the rest.
        var bestGap = low[first] + 360 - high[last]
        var west = low[first], east = high[last]
        for (a, b) in zip(filled, filled.dropFirst()) where low[b] - high[a] > bestGap {
            bestGap = low[b] - high[a]
            west = low[b]
            east = high[a] + 360
        }
        if bestGap <= 0 { return (-180, 360) }
        return (west, east - west)
    }
}
