import MapBridgeIO

extension ByteSource {
    /// A source of `bytes` named `name` that hands out at most `step` bytes (1 or more) a read,
    /// as a slow pipe does, so that a reader refilling its buffer meets the end of the buffer at
    /// every position of the input.
    public static func trickling(_ bytes: [UInt8], step: Int, name: String = "t") -> ByteSource {
        precondition(step > 0, "a read hands out at least one byte")
        var offset = 0
        return ByteSource(name: name, totalBytes: Int64(bytes.count)) { buffer, count in
            let n = min(count, step, bytes.count - offset)
            bytes.withUnsafeBytes { source in
                if let base = source.baseAddress, n > 0 { buffer.copyMemory(from: base + offset, byteCount: n) }
            }
            offset += n
            return n
        }
    }
}
