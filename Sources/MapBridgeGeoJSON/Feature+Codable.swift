import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// `Feature` and `Shape` in GeoJSON's shape, for apps that use `Codable` (not the data path,
/// which streams with `GeoJSONReader` and `GeoJSONWriter`):
///
///     let data = try JSONEncoder().encode(feature)     // {"type":"Feature","geometry":…,"properties":…}
///     let back = try JSONDecoder().decode(Feature.self, from: data)
///
/// Both directions go through the GeoJSON writer and reader themselves, so a feature encodes
/// exactly as `GeoJSONWriter` writes it (title and style as properties, a circle as the
/// polygon of its outline with its `@geometry-type` markers, cut at the antimeridian) and
/// decodes as `GeoJSONReader` reads it. Numbers pass through the coder as values (see
/// `PropertyValue`'s `Codable`). A `Shape` encodes as a GeoJSON geometry object; a circle alone
/// has no properties to carry its markers, so it encodes as its outline and decodes as a polygon.
extension Feature: Codable {
    /// Encodes the feature as a GeoJSON Feature object.
    /// - Throws: `EncodingError.invalidValue` when the writer refuses the feature (a circle
    ///   whose outline cannot be computed, say).
    public func encode(to encoder: any Encoder) throws {
        try GeoJSONCoding.written(self, codingPath: encoder.codingPath).encode(to: encoder)
    }

    /// Decodes a GeoJSON Feature object.
    /// - Throws: `DecodingError.dataCorrupted` with the reader's message when it is not one.
    public init(from decoder: any Decoder) throws {
        let object = try PropertyValue(from: decoder)
        self = try GeoJSONCoding.read(object, codingPath: decoder.codingPath)
    }
}

extension Shape: Codable {
    /// Encodes the shape as a GeoJSON geometry object.
    /// - Throws: `EncodingError.invalidValue` when the writer refuses it.
    public func encode(to encoder: any Encoder) throws {
        let object = try GeoJSONCoding.written(Feature(shape: self), codingPath: encoder.codingPath)
        try (object.objectValue?["geometry"] ?? .null).encode(to: encoder)
    }

    /// Decodes a GeoJSON geometry object.
    /// - Throws: `DecodingError.dataCorrupted` when it is not one (or is `null`).
    public init(from decoder: any Decoder) throws {
        let geometry = try PropertyValue(from: decoder)
        let feature = try GeoJSONCoding.read(.object(["type": "Feature", "geometry": geometry, "properties": .object([:])]),
                                             codingPath: decoder.codingPath)
        guard let shape = feature.shape else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a geometry is null here"))
        }
        self = shape
    }
}

/// The bridge between `Codable` and the GeoJSON writer and reader.
enum GeoJSONCoding {
    /// The JSON object `GeoJSONWriter` writes for `feature`.
    static func written(_ feature: Feature, codingPath: [any CodingKey]) throws -> PropertyValue {
        do {
            let sink = ByteSink(collectingInMemoryNamed: "<Codable>")
            var options = GeoJSONWriter.Options()
            options.layout = .lines
            let writer = GeoJSONWriter(sink: sink, options: options)
            try writer.write(feature)
            try sink.flush()
            let tokenizer = JSONTokenizer(source: ByteSource(bytes: sink.collectedBytes, name: "<Codable>"))
            return try tokenizer.value(startingWith: try tokenizer.next())
        } catch {
            throw EncodingError.invalidValue(feature, .init(codingPath: codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// The feature `GeoJSONReader` reads from `object`.
    static func read(_ object: PropertyValue, codingPath: [any CodingKey]) throws -> Feature {
        do {
            let sink = ByteSink(collectingInMemoryNamed: "<Codable>")
            let json = JSONEmitter(sink: sink)
            try json.value(object)
            try sink.flush()
            var options = GeoJSONReader.Options()
            options.onError = .fail
            let reader = GeoJSONReader(source: ByteSource(bytes: sink.collectedBytes, name: "<Codable>"), options: options)
            guard let feature = try reader.next() else {
                throw MapBridgeError(.data, "no GeoJSON Feature here")
            }
            return feature
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }
}
