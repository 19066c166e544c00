import MapBridgeModel

extension Rule {
    public static let jsonSyntax = Rule(id: "json-syntax", defaultSeverity: .error,
        explanation: "the file is not well-formed JSON (checking stops at the first syntax error)")
    public static let duplicateKey = Rule(id: "duplicate-key", defaultSeverity: .error,
        explanation: "an object repeats a member name, so readers disagree on its value")
    public static let unknownType = Rule(id: "unknown-type", defaultSeverity: .error,
        explanation: "\"type\" is not one of the nine GeoJSON types (names are case-sensitive)")
    public static let unexpectedType = Rule(id: "unexpected-type", defaultSeverity: .error,
        explanation: "a GeoJSON type where it cannot stand, such as a Feature inside \"geometry\"")
    public static let missingMember = Rule(id: "missing-member", defaultSeverity: .error,
        explanation: "a required member is absent: type, features, geometry, properties, coordinates, geometries")
    public static let wrongMemberType = Rule(id: "wrong-member-type", defaultSeverity: .error,
        explanation: "a member holds the wrong kind of JSON value (properties as an array, id as an object…)")
    public static let forbiddenMember = Rule(id: "forbidden-member", defaultSeverity: .error,
        explanation: "a member RFC 7946 §7.1 forbids on this type, such as \"coordinates\" on a Feature")
    public static let bboxInvalid = Rule(id: "bbox-invalid", defaultSeverity: .error,
        explanation: "\"bbox\" is not an array of 4 or 6 numbers, or its south edge lies north of its north edge")
    public static let bboxMismatch = Rule(id: "bbox-mismatch", defaultSeverity: .error,
        explanation: "\"bbox\" does not contain the positions of the object it is on (west > east crosses the antimeridian)")
    public static let coordinatesShape = Rule(id: "coordinates-shape", defaultSeverity: .error,
        explanation: "\"coordinates\" is not nested as the geometry type requires")
    public static let positionSize = Rule(id: "position-size", defaultSeverity: .error,
        explanation: "a position has fewer than 2 numbers (error) or more than 3 (warning)")
    public static let numberTooLarge = Rule(id: "number-too-large", defaultSeverity: .error,
        explanation: "a number beyond the double range (about ±1.8e308), which readers cannot represent")
    public static let positionNotNumber = Rule(id: "position-not-number", defaultSeverity: .error,
        explanation: "a position holds something other than a number")
    public static let lineTooShort = Rule(id: "line-too-short", defaultSeverity: .error,
        explanation: "a LineString has fewer than 2 positions")
    public static let ringTooShort = Rule(id: "ring-too-short", defaultSeverity: .error,
        explanation: "a polygon ring has fewer than 4 positions")
    public static let ringNotClosed = Rule(id: "ring-not-closed", defaultSeverity: .error,
        explanation: "a polygon ring's last position differs from its first")
    public static let geometryCollectionNested = Rule(id: "geometrycollection-nested", defaultSeverity: .warning,
        explanation: "a GeometryCollection inside another (RFC 7946 §3.1.8 says avoid it)")
    public static let geometryCollectionSingle = Rule(id: "geometrycollection-single", defaultSeverity: .warning,
        explanation: "a GeometryCollection with one member; use that geometry or a Multi* type")
    public static let lonOutOfRange = Rule(id: "lon-out-of-range", defaultSeverity: .error,
        explanation: "a longitude outside [-180, 180] degrees")
    public static let latOutOfRange = Rule(id: "lat-out-of-range", defaultSeverity: .error,
        explanation: "a latitude outside [-90, 90] degrees (the axes may be swapped)")
    public static let swappedAxes = Rule(id: "swapped-axes", defaultSeverity: .warning,
        explanation: "a geometry with latitudes beyond ±90 that would all be in range swapped: [lat, lon] written for [lon, lat]")
    public static let antimeridianCrossing = Rule(id: "antimeridian-crossing", defaultSeverity: .warning,
        explanation: "a line or ring steps more than 180° in longitude: it crosses ±180 uncut (RFC 7946 §3.1.9)")
    public static let rightHandRule = Rule(id: "right-hand-rule", defaultSeverity: .warning,
        explanation: "an exterior ring runs clockwise or a hole counterclockwise (RFC 7946 §3.1.6)")
    public static let crsMember = Rule(id: "crs-member", defaultSeverity: .warning,
        explanation: "a \"crs\" member: RFC 7946 dropped it; coordinates are WGS 84 longitude, latitude")
    public static let excessivePrecision = Rule(id: "excessive-precision", defaultSeverity: .info,
        explanation: "coordinates with more than 9 decimals (finer than a millimetre) only add bytes")

    // KML (the coordinate rules above apply to KML as well: position-size, line-too-short,
    // ring-too-short, ring-not-closed, lon-out-of-range, lat-out-of-range, antimeridian-crossing).
    public static let xmlSyntax = Rule(id: "xml-syntax", defaultSeverity: .error,
        explanation: "the file is not well-formed XML, or is a KMZ without a KML document (checking stops there)")
    public static let kmlSchema = Rule(id: "kml-schema", defaultSeverity: .error,
        explanation: "the KML breaks the XML Schema (the KML MapBridge reads, or the one given with \(Setting.kmlSchema.mention()))")
    public static let kmlCoordinates = Rule(id: "kml-coordinates", defaultSeverity: .error,
        explanation: "a <coordinates> tuple is not lon,lat[,alt] (tuples apart by whitespace), or a gx:coord not \"lon lat alt\"")
    public static let styleURLUnresolved = Rule(id: "style-url-unresolved", defaultSeverity: .error,
        explanation: "a <styleUrl> \"#id\" names no Style or StyleMap defined in the document")
    public static let duplicateID = Rule(id: "duplicate-id", defaultSeverity: .error,
        explanation: "two elements share one id attribute, so references to it are ambiguous")

    /// Every rule, in the order `--list-rules` prints them.
    public static let catalogue: [Rule] = [
        .jsonSyntax, .duplicateKey, .unknownType, .unexpectedType, .missingMember, .wrongMemberType,
        .forbiddenMember, .bboxInvalid, .bboxMismatch, .coordinatesShape, .positionSize, .positionNotNumber,
        .numberTooLarge,
        .lineTooShort, .ringTooShort, .ringNotClosed, .geometryCollectionNested, .geometryCollectionSingle,
        .lonOutOfRange, .latOutOfRange, .swappedAxes, .antimeridianCrossing, .rightHandRule, .crsMember,
        .excessivePrecision, .duplicatePlace,
        .xmlSyntax, .kmlSchema, .kmlCoordinates, .styleURLUnresolved, .duplicateID,
    ]
}
