#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// Ground overlays, screen overlays and network links written back as what they are.
///
/// The reader keeps a `GroundOverlay` as a feature whose `overlay` is `.groundOverlay`, its
/// image in the `icon` property and its `LatLonBox` (or `gx:LatLonQuad`) as a polygon; a
/// `NetworkLink` as `.networkLink` with `href` (and `viewRefreshMode`), and
/// its `Region` box as a polygon. The writer turns such features back into `GroundOverlay` and
/// `NetworkLink` elements, so KML → KML and KMZ → KMZ keep images on the map and links live:
///
/// | feature | KML |
/// |---|---|
/// | `groundoverlay`, `icon`, a box ring (north-west corner first, clockwise), possibly rotated about its centre | `GroundOverlay` with `Icon/href` and `LatLonBox` (`rotation` in degrees counter-clockwise) |
/// | `groundoverlay`, `icon`, another four-cornered ring | `GroundOverlay` with `gx:LatLonQuad` (the corners in ring order) |
/// | `networklink`, `href` (`viewRefreshMode`), no shape or an unrotated box ring | `NetworkLink` with `Region/LatLonAltBox` and `Link` |
/// | `screenoverlay`, `icon`, no shape; `overlayXY`, `screenXY`, `rotationXY`, `size` objects, `rotation` | `ScreenOverlay` with those elements |
/// | `overlay-color`/`overlay-opacity`, `drawOrder` (and `altitude` for a ground overlay) | `color`, `drawOrder`, `altitude` |
///
/// A feature that says it was an overlay but no longer fits (its ring was edited into another
/// shape, its `icon` is gone) stays a `Placemark` with its geometry and data.
extension KMLWriter {
    /// What element a feature becomes.
    enum FeatureElement: Equatable {
        case placemark
        case groundOverlay(href: String, extent: OverlayExtent, look: OverlayLook)
        case networkLink(href: String, viewRefreshMode: String?, region: LatLonBox?)
        case screenOverlay(href: String, look: OverlayLook, placement: ScreenPlacement)

        /// The element's name.
        var name: StaticString {
            switch self {
            case .placemark: "Placemark"
            case .groundOverlay: "GroundOverlay"
            case .networkLink: "NetworkLink"
            case .screenOverlay: "ScreenOverlay"
            }
        }

        /// The property keys the element's own children carry.
        var carriedKeys: [String] {
            switch self {
            case .placemark: []
            case .groundOverlay(_, _, let look): ["icon"] + look.keys
            case .networkLink: ["href", "viewRefreshMode"]
            case .screenOverlay(_, let look, let placement): ["icon"] + look.keys + placement.keys
            }
        }
    }

    /// How a ground overlay's image is drawn: its tint, its order among overlays and its
    /// altitude, from the properties the reader makes of them (those that parse).
    struct OverlayLook: Equatable {
        /// `overlay-color` (`#rrggbb`) and `overlay-opacity` (0...1).
        var color: Color?
        var opacity: Double?
        /// `drawOrder`, an integer, as its text.
        var drawOrder: String?
        /// `altitude` in metres, as its text.
        var altitude: String?

        init(_ properties: Properties) {
            if case .string(let hex)? = properties["overlay-color"] { color = Color(hex: hex) }
            if case .number(let n)? = properties["overlay-opacity"], n.value >= 0, n.value <= 1 { opacity = n.value }
            if case .number(let n)? = properties["drawOrder"], n.value == n.value.rounded(), abs(n.value) < 2_147_483_648 {
                drawOrder = NumberValue.shortestText(n.value)
            }
            if case .number(let n)? = properties["altitude"], n.value.isFinite { altitude = NumberValue.shortestText(n.value) }
        }

        /// The keys written as elements.
        var keys: [String] {
            [("overlay-color", color != nil), ("overlay-opacity", opacity != nil), ("drawOrder", drawOrder != nil),
             ("altitude", altitude != nil)].filter(\.1).map(\.0)
        }
    }

    /// Where a screen overlay sits: `overlayXY`, `screenXY`, `rotationXY` and `size` (objects of
    /// `x`, `y`, `xunits`, `yunits`, as the reader makes them) and `rotation` (degrees), those
    /// that are well formed.
    struct ScreenPlacement: Equatable {
        struct Vec2: Equatable {
            var x: String, y: String, xunits: String, yunits: String
        }
        static let names = ["overlayXY", "screenXY", "rotationXY", "size"]
        var points: [(name: String, value: Vec2)] = []
        var rotation: String?

        init(_ properties: Properties) {
            let units: Set<String> = ["fraction", "pixels", "insetPixels"]
            for name in Self.names {
                guard case .object(let p)? = properties[name], case .number(let x)? = p["x"], case .number(let y)? = p["y"],
                      x.value.isFinite, y.value.isFinite else { continue }
                var xu = "fraction", yu = "fraction"
                if case .string(let u)? = p["xunits"] { xu = u }
                if case .string(let u)? = p["yunits"] { yu = u }
                guard units.contains(xu), units.contains(yu) else { continue }
                points.append((name, Vec2(x: NumberValue.shortestText(x.value), y: NumberValue.shortestText(y.value), xunits: xu, yunits: yu)))
            }
            if case .number(let r)? = properties["rotation"], abs(r.value) <= 180 { rotation = NumberValue.shortestText(r.value) }
        }

        var keys: [String] { points.map(\.name) + (rotation != nil ? ["rotation"] : []) }

        static func == (a: ScreenPlacement, b: ScreenPlacement) -> Bool {
            a.points.map(\.name) == b.points.map(\.name) && a.points.map(\.value) == b.points.map(\.value) && a.rotation == b.rotation
        }
    }

    /// Where a ground overlay's image lies.
    enum OverlayExtent: Equatable {
        case box(LatLonBox)
        /// Four corners, as `gx:LatLonQuad` lists them.
        case quad([Coordinate])
    }

    /// A `LatLonBox`: edges in degrees, `rotation` in degrees counter-clockwise (0 when none).
    struct LatLonBox: Equatable {
        var north: Double, south: Double, east: Double, west: Double
        var rotation: Double = 0
    }

    /// The element `feature` is written as.
    static func element(for feature: Feature) -> FeatureElement {
        guard let kind = feature.overlay else { return .placemark }
        switch kind {
        case .groundOverlay:
            guard case .string(let href)? = feature.properties["icon"], case .polygon(let polygon)? = feature.shape,
                  polygon.holes.isEmpty, let extent = overlayExtent(polygon.outer) else { return .placemark }
            return .groundOverlay(href: href, extent: extent, look: OverlayLook(feature.properties))
        case .networkLink:
            guard case .string(let href)? = feature.properties["href"] else { return .placemark }
            var mode: String?
            if case .string(let m)? = feature.properties["viewRefreshMode"] { mode = m }
            switch feature.shape {
            case nil:
                return .networkLink(href: href, viewRefreshMode: mode, region: nil)
            case .polygon(let polygon)? where polygon.holes.isEmpty:
                guard let box = unrotatedBox(polygon.outer) else { return .placemark }
                return .networkLink(href: href, viewRefreshMode: mode, region: box)
            default:
                return .placemark
            }
        case .screenOverlay:
            guard case .string(let href)? = feature.properties["icon"], feature.shape == nil else { return .placemark }
            return .screenOverlay(href: href, look: OverlayLook(feature.properties), placement: ScreenPlacement(feature.properties))
        default:
            return .placemark
        }
    }

    /// The four corners of a closed ring of five positions (or an open one of four).
    private static func corners(_ ring: CoordinateList) -> [Coordinate]? {
        if ring.count == 5, let first = ring.first, let last = ring.last,
           first.longitude == last.longitude, first.latitude == last.latitude {
            return Array(ring.prefix(4))
        }
        return ring.count == 4 ? Array(ring) : nil
    }

    /// A box whose ring runs north-west, north-east, south-east, south-west (east may be less
    /// than west for a box across the antimeridian).
    private static func unrotatedBox(_ ring: CoordinateList) -> LatLonBox? {
        guard let corners = corners(ring) else { return nil }
        for p in bothWays(corners) {
            if let box = unrotatedBox(corners: p) { return box }
        }
        return nil
    }

    /// The corners as given and the other way round (a ring turned to the right-hand rule by
    /// `--rewind` runs north-west, south-west, south-east, north-east).
    private static func bothWays(_ p: [Coordinate]) -> [[Coordinate]] { [p, [p[0], p[3], p[2], p[1]]] }

    private static func unrotatedBox(corners p: [Coordinate]) -> LatLonBox? {
        guard p[0].latitude == p[1].latitude, p[2].latitude == p[3].latitude, p[0].longitude == p[3].longitude,
              p[1].longitude == p[2].longitude, p[0].latitude > p[3].latitude else { return nil }
        return LatLonBox(north: p[0].latitude, south: p[3].latitude, east: p[1].longitude, west: p[0].longitude)
    }

    /// A box, possibly rotated about its centre, else the four corners as a quad.
    private static func overlayExtent(_ ring: CoordinateList) -> OverlayExtent? {
        guard let corners = corners(ring) else { return nil }
        for p in bothWays(corners) {
            if let box = unrotatedBox(corners: p) ?? rotatedBox(corners: p) { return .box(box) }
        }
        return .quad(corners)
    }

    /// The box whose corners, north-west first and clockwise, were turned counter-clockwise about
    /// its centre (as the reader makes them from a `LatLonBox` with a `rotation`), if they are.
    private static func rotatedBox(corners p: [Coordinate]) -> LatLonBox? {
        // A rectangle in degree space: the diagonals halve each other and are equally long.
        let (x, y) = (p.map(\.longitude), p.map(\.latitude))
        let cx = (x[0] + x[2]) / 2, cy = (y[0] + y[2]) / 2
        let scale = max(1, p.map { max(abs($0.longitude), abs($0.latitude)) }.max() ?? 1)
        let tolerance = 1e-9 * scale
        let diagonal1 = ((x[2] - x[0]) * (x[2] - x[0]) + (y[2] - y[0]) * (y[2] - y[0])).squareRoot()
        let diagonal2 = ((x[3] - x[1]) * (x[3] - x[1]) + (y[3] - y[1]) * (y[3] - y[1])).squareRoot()
        guard abs((x[1] + x[3]) / 2 - cx) <= tolerance, abs((y[1] + y[3]) / 2 - cy) <= tolerance,
              abs(diagonal1 - diagonal2) <= tolerance else { return nil }
        // The north edge runs from the first corner to the second, turned by the rotation.
        let ex = x[1] - x[0], ey = y[1] - y[0]
        let width = (ex * ex + ey * ey).squareRoot()
        let height = ((x[0] - x[3]) * (x[0] - x[3]) + (y[0] - y[3]) * (y[0] - y[3])).squareRoot()
        guard width > 0, height > 0 else { return nil }
        // North-west must lie on the north side of the turned west edge: corners clockwise.
        let nx = -ey / width, ny = ex / width  // the edge's normal, pointing north before rotation
        guard (x[0] - x[3]) * nx + (y[0] - y[3]) * ny > 0 else { return nil }
        let rotation = atan2(ey, ex) * 180 / Double.pi
        func snapped(_ v: Double) -> Double { (v * 1e10).rounded() / 1e10 }
        return LatLonBox(north: snapped(cy + height / 2), south: snapped(cy - height / 2),
                         east: snapped(cx + width / 2), west: snapped(cx - width / 2), rotation: snapped(rotation))
    }

    /// Writes `Region` for a network link's box (between the style and `ExtendedData`).
    func writeRegion(of element: FeatureElement) throws {
        guard case .networkLink(_, _, let box?) = element else { return }
        try xml.open("Region")
        try xml.open("LatLonAltBox")
        try writeEdges(box)
        try xml.close("LatLonAltBox")
        try xml.close("Region")
    }

    /// Writes what follows `ExtendedData` in an overlay or a network link.
    func writeOverlayBody(_ element: FeatureElement, altitudeMode: AltitudeMode?) throws {
        switch element {
        case .placemark:
            return
        case .groundOverlay(let href, let extent, let look):
            try writeOverlayHead(href: href, look: look)
            if let altitude = look.altitude { try xml.leaf("altitude", altitude) }
            if let mode = altitudeMode, mode == .clampToGround || mode == .absolute {
                try xml.leaf("altitudeMode", mode.rawValue)
            }
            switch extent {
            case .box(let box):
                try xml.open("LatLonBox")
                try writeEdges(box)
                if box.rotation != 0 { try xml.leaf("rotation", numberText(box.rotation)) }
                try xml.close("LatLonBox")
            case .quad(let corners):
                try xml.open("gx:LatLonQuad")
                try writeCoordinates(corners)
                try xml.close("gx:LatLonQuad")
            }
        case .screenOverlay(let href, let look, let placement):
            try writeOverlayHead(href: href, look: look)
            for (name, v) in placement.points {
                let element: StaticString = switch name {
                case "overlayXY": "overlayXY"
                case "screenXY": "screenXY"
                case "rotationXY": "rotationXY"
                default: "size"
                }
                try xml.open(element, attributes: [("x", v.x), ("y", v.y), ("xunits", v.xunits), ("yunits", v.yunits)])
                try xml.close(element)
            }
            if let rotation = placement.rotation { try xml.leaf("rotation", rotation) }
        case .networkLink(let href, let mode, _):
            try xml.open("Link")
            try xml.leaf("href", href)
            if let mode { try xml.leaf("viewRefreshMode", mode) }
            try xml.close("Link")
        }
    }

    /// What every overlay starts with: `color`, `drawOrder`, `Icon/href`.
    private func writeOverlayHead(href: String, look: OverlayLook) throws {
        if look.color != nil || look.opacity != nil { try xml.leaf("color", Self.colorText(look.color, opacity: look.opacity)) }
        if let order = look.drawOrder { try xml.leaf("drawOrder", order) }
        try xml.open("Icon")
        try xml.leaf("href", href)
        try xml.close("Icon")
    }

    private func writeEdges(_ box: LatLonBox) throws {
        try xml.leaf("north", numberText(box.north))
        try xml.leaf("south", numberText(box.south))
        try xml.leaf("east", numberText(box.east))
        try xml.leaf("west", numberText(box.west))
    }
}
