/// How a coordinate keeps its numbers' text, and how readers hand it over and writers read it.
extension Coordinate {
    /// One of a coordinate's three numbers.
    public enum Axis: Hashable, Sendable {
        case longitude, latitude, altitude
    }

    /// A number as a reader found it: its value and its text, the text kept as a
    /// `FixedPointSpelling` when it has one (no `String` is made then).
    ///
    ///     Coordinate.Number(value: 0.1, text: bytes)   // bytes "0.10": spelled with 2 digits
    public struct Number: Sendable {
        /// The value, as parsed from the text.
        public let value: Double
        @usableFromInline let spelling: FixedPointSpelling?
        @usableFromInline let storedText: String?

        /// Keeps `text`, the bytes `value` was parsed from.
        @inlinable
        public init(value: Double, text: UnsafeBufferPointer<UInt8>) {
            self.value = value
            if let spelling = FixedPointSpelling(text: text, value: value) {
                self.spelling = spelling
                storedText = nil
            } else {
                spelling = nil
                storedText = String(decoding: text, as: UTF8.self)
            }
        }

        /// Keeps `text`, the bytes `value` was parsed from, using what the number's scanner
        /// already found in it (`scanned`) instead of reading the text again: the same number
        /// as `init(value:text:)` makes.
        /// - Parameters:
        ///   - value: the double the text was parsed to.
        ///   - text: the number's bytes as read (a `String` is made of them only when the text
        ///     has no spelling).
        ///   - scanned: the text's digits when it is plain fixed point (no exponent); `nil` for
        ///     any other text (it has no spelling).
        @inlinable
        public init(value: Double, text: UnsafeBufferPointer<UInt8>, scanned: FixedPointSpelling.Digits?) {
            self.value = value
            if let scanned, let spelling = FixedPointSpelling(scanned: scanned, value: value) {
                self.spelling = spelling
                storedText = nil
            } else {
                spelling = nil
                storedText = String(decoding: text, as: UTF8.self)
            }
        }

        /// A number whose text is what `spelling` gives `value` (for a reader that found the
        /// spelling itself, `FixedPointSpelling(scanned:value:)`).
        @inlinable
        public init(value: Double, spelling: FixedPointSpelling) {
            self.value = value
            self.spelling = spelling
            storedText = nil
        }

        /// The text as read.
        public var text: String {
            storedText ?? spelling?.text(of: value) ?? NumberValue.shortestText(value)
        }
    }

    /// Makes a coordinate from plain fixed-point numbers as a scanner read them, each number's
    /// text kept as its spelling: the coordinate `init(longitude:latitude:altitude:)` makes of
    /// `Number(value:text:scanned:)`s, without a `Number` in between (for the hot loop of a
    /// reader). `nil` when a number's digits have no spelling for its value (then keep its
    /// text through `Number`).
    /// - Parameters:
    ///   - longitude, latitude: the values and the facts of their texts.
    ///   - altitude: the altitude's value and the facts of its text, or `nil` for none.
    @inlinable
    public init?(longitude: (value: Double, scanned: FixedPointSpelling.Digits),
                 latitude: (value: Double, scanned: FixedPointSpelling.Digits),
                 altitude: (value: Double, scanned: FixedPointSpelling.Digits)?)
    {
        guard let lon = FixedPointSpelling(scanned: longitude.scanned, value: longitude.value),
              let lat = FixedPointSpelling(scanned: latitude.scanned, value: latitude.value)
        else { return nil }
        var alt: FixedPointSpelling?
        if let altitude {
            guard let spelled = FixedPointSpelling(scanned: altitude.scanned, value: altitude.value) else { return nil }
            alt = spelled
        }
        self.longitude = longitude.value
        self.latitude = latitude.value
        self.storedAltitude = Self.stored(altitude?.value)
        self.spelling = .fixed(Spelling.pack(lon, lat, alt))
    }

    /// Makes a coordinate from values each with its spelling (made by checking the value's
    /// text, `FixedPointSpelling(scanned:value:)` or `init?(text:value:)`): the coordinate
    /// `init(longitude:latitude:altitude:)` makes of `Number`s with these spellings, for the
    /// hot loop of a reader that checked the spellings itself.
    /// - Parameters:
    ///   - longitude, latitude: the values and their texts' spellings.
    ///   - altitude: the altitude's value and its text's spelling, or `nil` for none.
    @inlinable @inline(__always)
    public init(longitude: (value: Double, spelling: FixedPointSpelling),
                latitude: (value: Double, spelling: FixedPointSpelling),
                altitude: (value: Double, spelling: FixedPointSpelling)?)
    {
        self.longitude = longitude.value
        self.latitude = latitude.value
        self.storedAltitude = Self.stored(altitude?.value)
        self.spelling = .fixed(Spelling.pack(longitude.spelling, latitude.spelling, altitude?.spelling))
    }

    /// The text of the coordinate's numbers: none, digit counts, or the text itself.
    @usableFromInline enum Spelling: Sendable {
        /// Made from values.
        case none
        /// Each number in fixed point: byte 0 the longitude's fraction digits, byte 1 the
        /// latitude's, byte 2 the altitude's plus one (0: no altitude text).
        case fixed(UInt32)
        /// Text that has no fixed-point spelling (rare: `1e-7`, 18 digits, text that does not
        /// match the value), shared by the copies of the coordinate.
        case text(Box)

        @usableFromInline final class Box: Sendable {
            @usableFromInline let text: CoordinateText
            @usableFromInline init(_ text: CoordinateText) { self.text = text }
        }

        /// Each spelling's fraction digits (0...22, as every spelling is made) fit their byte.
        @inlinable @inline(__always)
        static func pack(_ lon: FixedPointSpelling, _ lat: FixedPointSpelling, _ alt: FixedPointSpelling?) -> UInt32 {
            UInt32(truncatingIfNeeded: lon.fractionDigits) | UInt32(truncatingIfNeeded: lat.fractionDigits) << 8
                | UInt32(truncatingIfNeeded: alt.map { $0.fractionDigits &+ 1 } ?? 0) << 16
        }

        /// The compact form of `text` when every number in it has a spelling for its value.
        init(_ text: CoordinateText, _ longitude: Double, _ latitude: Double, _ altitude: Double?) {
            if let lon = FixedPointSpelling(text: text.longitude, value: longitude),
               let lat = FixedPointSpelling(text: text.latitude, value: latitude)
            {
                switch (text.altitude, altitude) {
                case (nil, _):
                    self = .fixed(Self.pack(lon, lat, nil))
                    return
                case (let t?, let value?):
                    if let alt = FixedPointSpelling(text: t, value: value) {
                        self = .fixed(Self.pack(lon, lat, alt))
                        return
                    }
                default:
                    break
                }
            }
            self = .text(Box(text))
        }
    }

    /// Whether the coordinate has text for its longitude and latitude (read from a file).
    @inlinable public var hasSourceText: Bool {
        if case .none = spelling { return false }
        return true
    }

    /// Whether the number on `axis` has text; an altitude may have none when the others do.
    @inlinable
    public func hasSourceText(_ axis: Axis) -> Bool {
        switch spelling {
        case .none: return false
        case .fixed(let code): return axis != .altitude || code >> 16 != 0
        case .text(let box): return axis != .altitude || box.text.altitude != nil
        }
    }

    /// The value on `axis` and its spelling when that number's text is kept as a
    /// `FixedPointSpelling` (`spelling.text(of: value)` is the text); `nil` otherwise.
    @inlinable
    public func fixedPointText(of axis: Axis) -> (value: Double, spelling: FixedPointSpelling)? {
        guard case .fixed(let code) = spelling else { return nil }
        switch axis {
        case .longitude:
            return (longitude, FixedPointSpelling(uncheckedFractionDigits: Int(code & 0xFF)))
        case .latitude:
            return (latitude, FixedPointSpelling(uncheckedFractionDigits: Int(code >> 8 & 0xFF)))
        case .altitude:
            guard code >> 16 != 0 else { return nil }
            return (storedAltitude, FixedPointSpelling(uncheckedFractionDigits: Int(code >> 16) - 1))
        }
    }

    /// Calls `body` with the UTF-8 text of the number on `axis` (valid only inside), or
    /// returns `nil` when it has none.
    @inlinable
    public func withSourceText<R>(of axis: Axis, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        switch spelling {
        case .none:
            return nil
        case .fixed:
            guard let (value, spelling) = fixedPointText(of: axis) else { return nil }
            return try spelling.withText(of: value, body)
        case .text(let box):
            let text: String?
            switch axis {
            case .longitude: text = box.text.longitude
            case .latitude: text = box.text.latitude
            case .altitude: text = box.text.altitude
            }
            guard var s = text else { return nil }
            return try s.withUTF8 { try body($0) }
        }
    }

    /// The text of the number on `axis`, or `nil` when it has none.
    public func sourceText(of axis: Axis) -> String? {
        withSourceText(of: axis) { String(decoding: $0, as: UTF8.self) }
    }

    /// The numbers' text as read, valid for exactly these values; `nil` for a coordinate made
    /// from values.
    public var sourceText: CoordinateText? {
        switch spelling {
        case .none: return nil
        case .text(let box): return box.text
        case .fixed:
            return CoordinateText(longitude: sourceText(of: .longitude) ?? "", latitude: sourceText(of: .latitude) ?? "",
                                  altitude: sourceText(of: .altitude))
        }
    }
}
