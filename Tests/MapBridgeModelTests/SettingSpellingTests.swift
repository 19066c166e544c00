import MapBridgeModel
import Testing

/// The installed spelling of settings is read once per message, and messages may be made once
/// per feature: reading it must cost the same the millionth time as the first.
@Suite("SettingSpelling")
struct SettingSpellingTests {
    @Test("an installed spelling read many times spells the same and does not grow")
    func manyReads() {
        // Spells as the library does, so messages other tests read at the same time stay the same.
        SettingSpelling.use { $0.librarySpelling }
        defer { SettingSpelling.use(nil) }
        let mention = Setting.maximumVertices.mention()
        let first = SettingSpelling.spell(mention)
        // Each read used to wrap the stored closure in one more thunk: 300,000 reads overflowed
        // the stack (a conversion with a note built per feature crashed at about 50,000).
        for _ in 0..<300_000 { _ = SettingSpelling.spell(mention) }
        #expect(SettingSpelling.spell(mention) == first)
        #expect(first == mention.librarySpelling)
    }
}
