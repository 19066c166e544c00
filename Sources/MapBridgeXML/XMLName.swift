/// XML name rules the writers need.
public enum XMLName {
    /// Whether `text` is an XML Schema `NCName` (a letter or `_`, then letters, digits, `.`,
    /// `-`, `_`), limited here to ASCII, which every XML version and parser agrees on: usable
    /// as an `id` attribute's value or as an element's local name.
    ///
    ///     XMLName.isNCName("heart_rate")   // true
    ///     XMLName.isNCName("2nd name")     // false
    public static func isNCName(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) || first == UInt8(ascii: "_") else { return false }
        while let c = bytes.next() {
            guard isLetter(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "_")
                || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            else { return false }
        }
        return true
    }

    private static func isLetter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }
}
