import MapBridgeModel

extension GeoJSONReader {
    /// Accepts a 2008-style `crs` member that names WGS 84 longitude/latitude (CRS84, EPSG:4326)
    /// with a warning, and rejects any other coordinate reference system.
    func checkCRS(_ crs: PropertyValue, at location: SourceLocation?) throws {
        if case .null = crs { return }
        let name = GeoJSONMapping.crsName(crs)
        if let name, GeoJSONMapping.isWGS84(name) {
            warn("crs-member",
                 "the 'crs' member is obsolete (RFC 7946 removed it); '\(name)' is WGS 84, so the coordinates are read as longitude, latitude",
                 at: location)
            return
        }
        throw MapBridgeError(
            .data,
            "the coordinate reference system '\(name ?? "(unnamed)")' is not supported; GeoJSON is WGS 84 longitude/latitude: reproject the data to EPSG:4326 first",
            at: location)
    }
}
