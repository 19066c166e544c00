import Synchronization

/// How messages spell the settings they name (`Setting.Mention`), for the whole process: by
/// default in library words (`Mention.librarySpelling`, such as `ReadLimits.maximumVertices`).
/// A host with its own names for settings (the `mapbridge` command: options such as
/// `--max-vertices N`; an app: the labels of its preferences) installs a spelling once, before
/// any work, as it would choose a language for its messages.
///
///     SettingSpelling.use { mention in mention.setting == .maximumVertices ? "the vertex limit" : mention.librarySpelling }
public enum SettingSpelling {
    /// The installed spelling, boxed: a closure passed in and out of the generic `Mutex` as
    /// itself came back wrapped in one more reabstraction thunk on every read, so a spelling
    /// read per feature grew a chain of thunks until the stack overflowed. A reference
    /// comes back as it went in.
    private final class Spelling: Sendable {
        let spell: @Sendable (Setting.Mention) -> String
        init(_ spell: @escaping @Sendable (Setting.Mention) -> String) { self.spell = spell }
    }

    private static let installed = Mutex<Spelling?>(nil)

    /// Spells every mention made from now on with `spell`; nil goes back to library words.
    public static func use(_ spell: (@Sendable (Setting.Mention) -> String)?) {
        let spelling = spell.map(Spelling.init)
        installed.withLock { $0 = spelling }
    }

    /// `mention` as the installed spelling writes it, or in library words.
    public static func spell(_ mention: Setting.Mention) -> String {
        guard let spelling = installed.withLock({ $0 }) else { return mention.librarySpelling }
        return spelling.spell(mention)
    }
}
