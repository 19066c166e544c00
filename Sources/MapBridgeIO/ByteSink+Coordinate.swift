import MapBridgeModel

extension ByteSink {
    /// Appends the source text of `coordinate`'s number on `axis` (its text as read, e.g.
    /// `-73.7781391`) and returns `true`; appends nothing and returns `false` when that
    /// number has no text.
    @discardableResult @inlinable
    public func write(sourceTextOf coordinate: Coordinate, _ axis: Coordinate.Axis) throws -> Bool {
        try coordinate.withSourceText(of: axis) { try write(UnsafeRawBufferPointer($0)) } != nil
    }
}
