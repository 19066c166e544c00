import MapBridgeModel

/// One end of a route as the user named it: a `lat,lon` pair, or a name or code to look up
/// in a places file.
///
///     try RouteEndpoint("40.6398,-73.7789")  // .coordinate(40.6398 N, 73.7789 W)
///     try RouteEndpoint("JFK")               // .name("JFK")
///
/// Text made only of digits, signs, dots, exponents, spaces and commas, or two parts around
/// a comma of which one is a number, is taken as a coordinate attempt: `95,10` and `40,abc`
/// are errors, not names.
public enum RouteEndpoint: Hashable, Sendable {
    /// A position given directly; it keeps the text of its numbers.
    case coordinate(Coordinate)
    /// A name or code to look up (case-insensitively) in a places file.
    case name(String)

    /// Parses a command-line argument.
    /// - Throws: `MapBridgeError` of kind `.usage` for a malformed `lat,lon` pair (not two
    ///   numbers, latitude outside [-90, 90], longitude outside [-180, 180]) or empty text.
    public init(_ argument: String) throws {
        let text = argument.trimmingSpaces()
        guard !text.isEmpty else {
            throw MapBridgeError(.usage, "a route end must be a lat,lon pair or a place name, not empty text")
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        let isAttempt = RouteEndpoint.looksNumeric(text) || (parts.count == 2 && parts.contains { Double($0) != nil })
        guard isAttempt else {
            self = .name(text)
            return
        }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), lat.isFinite, lon.isFinite
        else {
            throw MapBridgeError(.usage, "'\(argument)' is not a lat,lon pair: write two numbers in degrees, latitude first, such as 40.6398,-73.7789")
        }
        guard (-90...90).contains(lat) else {
            throw MapBridgeError(.usage, "'\(argument)': latitude \(parts[0]) is outside [-90, 90] (write latitude first: lat,lon)")
        }
        guard (-180...180).contains(lon) else {
            throw MapBridgeError(.usage, "'\(argument)': longitude \(parts[1]) is outside [-180, 180]")
        }
        self = .coordinate(Coordinate(longitude: lon, latitude: lat, altitude: nil,
                                      sourceText: CoordinateText(longitude: parts[1], latitude: parts[0])))
    }

    /// Whether `text` is made of number characters and holds a comma: a `lat,lon` attempt.
    private static func looksNumeric(_ text: String) -> Bool {
        var sawComma = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: ","):
                sawComma = true
            default:
                return false
            }
        }
        return sawComma
    }
}
