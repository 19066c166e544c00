import MapBridgeModel

/// How `RoutePlanner` draws a route: after the MapKit flight sample, a red geodesic stroke,
/// the part still to fly in a lighter colour, translucent circles at the ends and a plane
/// marker turned to its heading.
public struct RouteStyles: Hashable, Sendable {
    /// The whole route, and the part already flown: solid red, 3 px.
    public var route = Style(strokeColor: Color(red: 0xd1, green: 0x24, blue: 0x2f), strokeOpacity: 1, strokeWidth: 3)
    /// The part still to fly: light red, 2 px, half opaque, dashed 8 px on and 6 px off
    /// (in SVG; GeoJSON and KML have no dashes).
    public var remaining: Style = {
        var style = Style(strokeColor: Color(red: 0xf4, green: 0x9a, blue: 0xa0), strokeOpacity: 0.5, strokeWidth: 2)
        style.strokeDash = [8, 6]
        return style
    }()
    /// The circles at each end: a thin red outline around a translucent fill.
    public var endpoint = Style(strokeColor: Color(red: 0xd1, green: 0x24, blue: 0x2f), strokeOpacity: 0.8,
                                strokeWidth: 1, fillColor: Color(red: 0xd1, green: 0x24, blue: 0x2f),
                                fillOpacity: 0.15)
    /// The current position; its heading is set per route.
    public var position = Style(marker: MarkerStyle(color: Color(red: 0x1f, green: 0x6f, blue: 0xeb), symbol: "airport",
                                                    size: .medium))

    public init() {}
}
