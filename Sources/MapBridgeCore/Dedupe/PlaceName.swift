/// Place names folded so that spellings of the same name compare equal: letters in lower case,
/// accents and other diacritics removed from Latin letters (`Zürich` → `zurich`,
/// `São Paulo` → `sao paulo`, `Łódź` → `lodz`), ligatures spelled out (`Æ` → `ae`, `ß` → `ss`),
/// punctuation removed (dashes, underscores and slashes part words, so `Saint-Denis` →
/// `saint denis`), runs of white space collapsed to one space and both ends trimmed.
///
///     var folding = PlaceNameFolding()
///     folding.normalise("  Zürich-Flughafen (ZRH) ")  // "zurich flughafen zrh"
///
/// Letters of other scripts are lower-cased and lose their combining marks but are otherwise
/// kept. The base letter of a Latin letter comes from its Unicode character name
/// (`LATIN SMALL LETTER E WITH CIRCUMFLEX AND DOT BELOW` → `e`), so every precomposed Latin
/// letter is covered without a table; results for letters outside ASCII are cached, hence a
/// mutable value.
public struct PlaceNameFolding: Sendable {
    private var cache: [Unicode.Scalar: Folded] = [:]

    public init() {}

    /// How one scalar folds.
    enum Folded: Hashable, Sendable {
        /// Left out (marks, most punctuation, control and format characters).
        case dropped
        /// A word break (white space, dashes, underscores, slashes).
        case space
        /// Replaced by these scalars.
        case text(String)
    }

    /// `name` folded for comparison; empty when nothing but punctuation and spaces remains.
    public mutating func normalise(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace && !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        for scalar in name.unicodeScalars {
            let v = scalar.value
            if (0x61...0x7A).contains(v) || (0x30...0x39).contains(v) {
                emit(scalar)
                continue
            }
            if (0x41...0x5A).contains(v), let lower = Unicode.Scalar(v + 0x20) {
                emit(lower)
                continue
            }
            let folded: Folded
            if let known = cache[scalar] {
                folded = known
            } else {
                folded = Self.fold(scalar)
                cache[scalar] = folded
            }
            switch folded {
            case .dropped: break
            case .space: pendingSpace = true
            case .text(let text): for s in text.unicodeScalars { emit(s) }
            }
        }
        return String(out)
    }

    /// `name` folded, without keeping a cache (for one-off comparisons).
    public static func normalised(_ name: String) -> String {
        var folding = PlaceNameFolding()
        return folding.normalise(name)
    }

    /// How `scalar` folds, from its Unicode properties.
    static func fold(_ scalar: Unicode.Scalar) -> Folded {
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .modifierSymbol:
            return .dropped
        case .dashPunctuation, .connectorPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return .space
        case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation:
            return .dropped
        case .otherPunctuation:
            // Slashes part words ("Biel/Bienne"); the rest (. , ' " ! ? & …) just goes.
            return scalar == "/" || scalar == "\\" ? .space : .dropped
        case .modifierLetter:
            // Spacing modifier letters (ʻokina, ʼ, ˈ) read as apostrophes and accents;
            // modifier letters elsewhere (Japanese ー) are part of the word.
            return (0x02B0...0x02FF).contains(scalar.value) ? .dropped : .text(String(scalar))
        default:
            break
        }
        var text = ""
        for lower in properties.lowercaseMapping.unicodeScalars {
            switch lower.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue  // İ lower-cases to i + ◌̇
            default: text += latinBase(of: lower) ?? String(lower)
            }
        }
        return .text(text)
    }

    /// The plain ASCII letters of a Latin letter outside ASCII, from its character name:
    /// `LATIN SMALL LETTER U WITH DIAERESIS` → `u`, `LATIN SMALL LIGATURE OE` → `oe`;
    /// `nil` for anything else.
    static func latinBase(of scalar: Unicode.Scalar) -> String? {
        guard scalar.value >= 0x80, let name = scalar.properties.name else { return nil }
        var rest: Substring
        if let r = name.dropPrefix("LATIN SMALL LETTER ") ?? name.dropPrefix("LATIN SMALL LIGATURE ")
            ?? name.dropPrefix("LATIN CAPITAL LETTER ") ?? name.dropPrefix("LATIN CAPITAL LIGATURE ")
        {
            rest = r
        } else {
            return nil
        }
        if let with = rest.firstRange(of: " WITH ") { rest = rest[..<with.lowerBound] }
        switch rest {
        case "SHARP S": return "ss"
        case "DOTLESS I", "DOTLESS J": return String(rest.dropFirst(8)).lowercased()
        case "THORN": return "th"
        case "ETH": return "d"
        case "LONG S": return "s"
        default: break
        }
        guard (1...2).contains(rest.count), rest.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        return rest.lowercased()
    }
}

extension String {
    /// The rest after `prefix`, or `nil` when the string does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
