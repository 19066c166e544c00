extension String {
    /// The string that the UTF-8 `bytes` spell (invalid UTF-8 repaired, as
    /// `String(decoding:as:)` does). A short ASCII text (15 bytes or fewer, most names,
    /// values and attributes) is copied straight into the string, with no validation pass;
    /// a longer one is made by `String(decoding:as:)`, which is then the cheaper. For the texts
    /// and attribute values the XML parser hands over, which are made into strings one by one.
    ///
    ///     String(xmlText: bytes)   // "Lake Kingsbridge"
    package init(xmlText bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else {
            self = ""
            return
        }
        guard bytes.count <= 15 else {
            self.init(decoding: bytes, as: UTF8.self)
            return
        }
        self.init(unsafeUninitializedCapacity: bytes.count) { room in
            UnsafeMutableRawBufferPointer(room).copyMemory(from: UnsafeRawBufferPointer(bytes))
            return bytes.count
        }
    }
}
