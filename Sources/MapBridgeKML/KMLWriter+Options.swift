extension KMLWriter {
    /// Where styles are written.
    public enum StyleLayout: String, Sendable, CaseIterable {
        /// Each distinct style once, as a shared `Style` (or `StyleMap`) in the `Document`,
        /// which placemarks name with `styleUrl`. Placemarks wait in a temporary file until
        /// `finish`.
        case shared
        /// Each placemark carries its own `Style` (or `StyleMap`): no temporary file, output
        /// from the first feature on, but every style repeated and `Style.id`s not kept.
        case inline
    }

    /// How property values are written.
    public enum PropertyTypes: String, Sendable, CaseIterable {
        /// `SchemaData/SimpleData` typed by shared `Schema`s in the document header, so that
        /// numbers and booleans read back as such. Placemarks wait in a temporary file until
        /// `finish`.
        case schema
        /// Untyped `Data/value` text: no temporary file needed, but every value reads back as
        /// text (unless the reader guesses types).
        case text
    }

    /// How a circle becomes the ring of vertices KML needs.
    public enum CircleRing: Hashable, Sendable {
        /// As few vertices as keep every point of the ring within this many metres (> 0) of
        /// the true circle.
        case maximumError(Double)
        /// This many segments (≥ 3), evenly spaced around the centre.
        case segments(Int)
    }

    /// Output settings.
    public struct Options: Sendable {
        /// Decimal places for coordinates (0...15), or `nil` to keep each number's source
        /// text (numbers without one are written in their shortest round-trip form).
        public var precision: Int?
        /// Every element on its own line, indented by two spaces. Default: one placemark per
        /// line.
        public var pretty = false
        /// Where styles go. Default: shared styles in the document header.
        public var styles: StyleLayout = .shared
        /// The most shared `Style` and `StyleMap` elements kept for the header (≥ 0); a
        /// distinct style beyond this is written inside its placemark. Bounds the memory the
        /// style table takes.
        public var maximumSharedStyles = 10_000
        /// How property values are written. Default: typed, through schemas in the header.
        public var propertyTypes: PropertyTypes = .schema
        /// The most typed property fields (over all schemas, ≥ 0); a property beyond them is
        /// written as untyped `Data`. Bounds the memory the schemas take.
        public var maximumSchemaFields = 10_000
        /// The folder for the temporary file that holds the placemarks while shared styles
        /// and schemas are collected; `nil` uses `TMPDIR`, else `/tmp`. Pick one on disk, not
        /// in memory, for large outputs (the output file's own folder is a good choice).
        /// With inline styles and text properties there is no temporary file.
        public var temporaryDirectory: String?
        /// When the sink is a file of the writer's own (`ByteSink.isRewindable`): the bytes
        /// of placemarks (≥ 0) held in the temporary file before the header is written with
        /// the styles and schemas known then, and the placemarks after them go straight to
        /// the sink. Should a later placemark add a style or a schema field, or the document's
        /// name or description change by the end, the placemarks move back to a temporary
        /// file and the header is written at the end as usual: the output is the same bytes
        /// either way. Most documents settle their styles and fields early, and then the
        /// placemarks are written once instead of twice.
        public var headerDelayBytes = 1 << 20
        /// Fill line and area style members a feature leaves unset with simplestyle's
        /// defaults (stroke `#555555` opaque, width 2; areas filled `#555555` at 0.6
        /// opacity), as GeoJSON viewers draw them; without it they fall back to KML's own
        /// defaults (white lines 1 pixel wide, opaque white areas). Set it when the source is
        /// GeoJSON (simplestyle), whose unset members mean simplestyle's defaults.
        public var appliesSimplestyleDefaults = false
        /// How circles become polygons. Default: within 1 metre of the true circle.
        public var circleRing: CircleRing = .maximumError(1)

        public init() {}
    }
}
