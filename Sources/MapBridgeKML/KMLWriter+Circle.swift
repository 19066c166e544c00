import MapBridgeGeodesy
import MapBridgeModel

extension KMLWriter {
    /// The closed, counter-clockwise ring of vertices that stands for `circle` on the WGS 84
    /// ellipsoid (each vertex exactly `radius` metres from the centre, at the centre's
    /// altitude), as `Options.circleRing` asks.
    /// - Throws: `MapBridgeError` of kind `.data` when the centre or radius is out of range,
    ///   `.usage` when the options' error or segment count is.
    func circleRing(_ circle: Circle) throws -> CoordinateList {
        switch options.circleRing {
        case .maximumError(let metres):
            try Geodesic.wgs84.circleRing(center: circle.center, radius: circle.radius, maximumError: metres)
        case .segments(let count):
            try Geodesic.wgs84.circleRing(center: circle.center, radius: circle.radius, segments: count)
        }
    }
}
