import MapBridgeModel
import Testing

@Suite("Edit distance for did-you-mean hints")
struct EditDistanceTests {
    @Test("empty strings, equal strings, then single edits of each kind", arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("JFK", "JFK", 0),
        ("JKF", "JFK", 1),          // neighbours swapped: one edit
        ("JKF", "JKG", 1),          // substitution
        ("--prety", "--pretty", 1), // insertion
        ("abcd", "acbd", 1), ("ab", "ba", 1),
        ("abc", "ca", 3),           // a swap may not be edited again (optimal string alignment)
        ("kitten", "sitting", 3),
        ("Zürich", "Zrüich", 1),    // characters, not bytes
    ])
    func distances(a: String, b: String, expected: Int) {
        #expect(editDistance(a, b) == expected)
        #expect(editDistance(b, a) == expected)
    }
}
