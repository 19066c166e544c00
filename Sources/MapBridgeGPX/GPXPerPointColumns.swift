import MapBridgeModel

/// A line feature's `coordinateProperties` taken apart per point: for one line each member
/// an array with a value per point, for several an array of such arrays, one per line (as
/// the GPX reader and togeojson write them).
struct GPXPerPointColumns {
    /// Per member, per line, per point.
    private var columns: [(key: String, lines: [[PropertyValue]])] = []

    /// `nil` when `coordinateProperties` is not an object whose arrays match the lines' points
    /// one for one; empty when the feature has none.
    init?(_ feature: Feature, lines: [Polyline]) {
        guard let value = feature.properties["coordinateProperties"] else { return }
        guard case .object(let members) = value else { return nil }
        for member in members {
            guard case .array(let items) = member.value else { return nil }
            if lines.count == 1 {
                guard items.count == lines[0].coordinates.count else { return nil }
                columns.append((member.key, [items]))
            } else {
                guard items.count == lines.count else { return nil }
                var perLine: [[PropertyValue]] = []
                for (item, line) in zip(items, lines) {
                    guard case .array(let values) = item, values.count == line.coordinates.count || values.isEmpty
                    else { return nil }
                    perLine.append(values.isEmpty ? Array(repeating: .null, count: line.coordinates.count) : values)
                }
                columns.append((member.key, perLine))
            }
        }
    }

    /// The values of point `point` of line `line`, by member name.
    func values(line: Int, point: Int) -> [(key: String, value: PropertyValue)] {
        columns.map { ($0.key, $0.lines[line][point]) }
    }

    /// The first time among the points, from a `times` member.
    var firstTime: String? {
        guard let times = columns.first(where: { $0.key == "times" }) else { return nil }
        return times.lines.lazy.flatMap { $0 }.compactMap(\.stringValue).first
    }
}
