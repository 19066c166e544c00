import Synchronization

/// How messages spell the settings they name (`Setting.Mention`), for the whole process: by
/// default in library words (`Mention.librarySpelling`, such as `ReadLimits.maximumVertices`).
/// A host with its own names for settings (the `mapbridge` command: options such as
/// `--max-vertices N`; an app: the labels of its preferences) installs a spelling once, before
/// any work, as it would choose a language for its messages.
///
///     SettingSpelling.use { mention in mention.setting == .maximumVertices ? "the vertex limit" : mention.librarySpelling }
public enum SettingSpelling {
    private static let spelling = Mutex<(@Sendable (Setting.Mention) -> String)?>(nil)

    /// Spells every mention made from now on with `spell`; nil goes back to library words.
    public static func use(_ spell: (@Sendable (Setting.Mention) -> String)?) {
        spelling.withLock { $0 = spell }
    }

    /// `mention` as the installed spelling writes it, or in library words.
    public static func spell(_ mention: Setting.Mention) -> String {
        guard let spell = spelling.withLock({ $0 }) else { return mention.librarySpelling }
        return spell(mention)
    }
}
