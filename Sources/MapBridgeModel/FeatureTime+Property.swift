extension FeatureTime {
    /// The property a time becomes where a format has no element for it, named as GeoJSON
    /// names it: `timestamp` for an instant, `timespan` for a span.
    public var propertyKey: String {
        switch self {
        case .instant: "timestamp"
        case .span: "timespan"
        }
    }

    /// The time as a property value: an instant's text, or a span as `{"begin", "end"}` with
    /// an open end left out.
    ///
    ///     FeatureTime.span(begin: "2026-01-01", end: nil).propertyValue   // {"begin": "2026-01-01"}
    public var propertyValue: PropertyValue {
        switch self {
        case .instant(let t):
            return .string(t)
        case .span(let begin, let end):
            var span = Properties()
            if let begin { span["begin"] = .string(begin) }
            if let end { span["end"] = .string(end) }
            return .object(span)
        }
    }
}
