@testable import MapBridgeCLI
import MapBridgeModel
import Testing

/// The command line's one table from library settings to options (`flag(for:)`): library
/// messages name a `Setting`, and `mapbridge` spells it as the option its users type.
@Suite("Every library setting has an option of mapbridge")
struct SettingFlagTests {
    static let declared = Set((commands.flatMap(\.options) + commonOptions).map(\.name))

    @Test("the setting's option is one a command declares", arguments: Setting.allCases)
    func declared(setting: Setting) {
        #expect(Self.declared.contains(flag(for: setting)), "\(setting.name) → \(flag(for: setting))")
    }

    @Test("a mention is spelled as the option with its argument as typed, or the option alone")
    func spelling() {
        #expect(commandLineSpelling(Setting.maximumVertices.mention(argument: "N")) == "--max-vertices N")
        #expect(commandLineSpelling(Setting.csvGeometry.mention(value: ".wkt", argument: "wkt")) == "--geometry wkt")
        #expect(commandLineSpelling(Setting.overwritesReadOnly.mention(value: "true")) == "--force")
        #expect(commandLineSpelling(Setting.cutsAtAntimeridian.mention(value: "false")) == "--no-antimeridian-cut")
    }
}
