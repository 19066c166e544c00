import MapBridgeModel

extension ByteSink {
    /// Appends the source text of `coordinate`'s number on `axis` (its text as read, e.g.
    /// `-73.7781391`) and returns `true`; appends nothing and returns `false` when that
    /// number has no text.
    @discardableResult @inlinable
    public func write(sourceTextOf coordinate: Coordinate, _ axis: Coordinate.Axis) throws -> Bool {
        if let (value, spelling) = coordinate.fixedPointText(of: axis) {
            try write(fixedPoint: value, fractionDigits: spelling.fractionDigits)
            return true
        }
        return try coordinate.withSourceText(of: axis) { try write(UnsafeRawBufferPointer($0)) } != nil
    }
}
