import MapBridgeKML
import MapBridgeModel
import Testing

/// Styles: KML colours, the substyles, shared styles and their ids, style maps, the inline
/// layout and simplestyle's defaults.
@Suite("KMLWriter styles")
struct KMLWriterStyleTests {
    private static let red = Color(red: 255, green: 0, blue: 0)

    /// The one placemark's inline style.
    private func inlineStyle(_ style: Style, shape: Shape? = nil,
                             options: KMLWriter.Options = inlineStyleOptions()) throws -> String
    {
        let output = try writeKMLDocument([Feature(shape: shape, style: style)], options: options)
        expectSchemaValid(output)
        let line = placemarkLines(output.text).first ?? ""
        guard let start = line.firstRange(of: "<Style>"), let end = line.firstRange(of: "</Style>") else { return "" }
        return String(line[start.lowerBound..<end.upperBound])
    }

    // MARK: Colours

    /// tokml's colour conversion cases (stroke, stroke-opacity → aabbggrr).
    @Test("colours are aabbggrr, alpha rounded down from opacity × 255",
          arguments: [("#ff5500", 1.0, "ff0055ff"), ("#0000ff", 1, "ffff0000"), ("#00ff00", 1, "ff00ff00"),
                      ("#000000", 1, "ff000000"), ("#ffffff", 1, "ffffffff"), ("#ff5500", 0.5, "7f0055ff"),
                      ("#ff5500", 0, "000055ff"), ("#ff5500", 0.01, "020055ff"), ("#ff5500", 0.02, "050055ff"),
                      ("#ff5500", 0.99, "fc0055ff"), ("#f84", 0.8, "cc4488ff"), ("#f84", 0.6, "994488ff")])
    func colours(hex: String, opacity: Double, expected: String) throws {
        let style = Style(strokeColor: Color(hex: hex), strokeOpacity: opacity)
        #expect(try inlineStyle(style) == "<Style><LineStyle><color>\(expected)</color></LineStyle></Style>")
    }

    @Test("no opacity is opaque; an opacity without a colour tints white; out-of-range opacities are clamped")
    func colourDefaults() throws {
        #expect(try inlineStyle(Style(strokeColor: Self.red)) == "<Style><LineStyle><color>ff0000ff</color></LineStyle></Style>")
        #expect(try inlineStyle(Style(fillOpacity: 0.25)) == "<Style><PolyStyle><color>3fffffff</color></PolyStyle></Style>")
        #expect(try inlineStyle(Style(strokeColor: Self.red, strokeOpacity: 7)) == "<Style><LineStyle><color>ff0000ff</color></LineStyle></Style>")
    }

    // MARK: Substyles

    @Test("every substyle in KML's order: IconStyle, LabelStyle, LineStyle, PolyStyle")
    func allSubstyles() throws {
        let style = Style(
            strokeColor: Color(red: 1, green: 2, blue: 3), strokeOpacity: 0.5, strokeWidth: 2.5,
            fillColor: Color(red: 4, green: 5, blue: 6), fill: false, outline: true,
            marker: MarkerStyle(href: "icons/plane.png?a=1&b=2", color: Color(red: 7, green: 8, blue: 9), scale: 1.5, heading: 90),
            label: LabelStyle(color: Color(red: 10, green: 11, blue: 12), opacity: 0, scale: 0.75))
        #expect(try inlineStyle(style) == "<Style>"
            + "<IconStyle><color>ff090807</color><scale>1.5</scale><heading>90</heading><Icon><href>icons/plane.png?a=1&amp;b=2</href></Icon></IconStyle>"
            + "<LabelStyle><color>000c0b0a</color><scale>0.75</scale></LabelStyle>"
            + "<LineStyle><color>7f030201</color><width>2.5</width></LineStyle>"
            + "<PolyStyle><color>ff060504</color><fill>0</fill><outline>1</outline></PolyStyle>"
            + "</Style>")
    }

    @Test("a hot spot follows the Icon; one in units KML lacks is left out and reported")
    func hotSpot() throws {
        let spot = MarkerStyle(href: "a.png", hotSpot: HotSpot(x: 0.5, y: 12, xUnits: "fraction", yUnits: "pixels"))
        #expect(try inlineStyle(Style(marker: spot)) == "<Style><IconStyle><Icon><href>a.png</href></Icon>"
            + #"<hotSpot x="0.5" y="12" xunits="fraction" yunits="pixels"/></IconStyle></Style>"#)
        let output = try writeKMLDocument([Feature(style: Style(marker: MarkerStyle(scale: 2, hotSpot: HotSpot(x: 1, y: 1, xUnits: "cm"))))])
        #expect(!output.text.contains("hotSpot"))
        #expect(output.codes == ["hotspot"])
    }

    @Test("a heading beyond ±360° is brought within it")
    func heading() throws {
        #expect(try inlineStyle(Style(marker: MarkerStyle(heading: 725))) == "<Style><IconStyle><heading>5</heading></IconStyle></Style>")
    }

    @Test("a style KML can say nothing of (symbol and size only) writes no Style")
    func inexpressible() throws {
        let output = try writeKMLDocument([Feature(style: Style(marker: MarkerStyle(symbol: "bus", size: .small)))])
        #expect(!output.text.contains("Style"))
        #expect(!output.text.contains("styleUrl"))
    }

    // MARK: Shared styles

    @Test("equal styles share one Style; different ones get the next id")
    func deduplication() throws {
        let a = Style(strokeWidth: 1), b = Style(strokeWidth: 2)
        let features = [Feature(style: a), Feature(style: b), Feature(style: a), Feature(title: "plain")]
        let output = try writeKMLDocument(features)
        #expect(output.text == expectedKML(
            #"<Style id="style-1"><LineStyle><width>1</width></LineStyle></Style>"#,
            #"<Style id="style-2"><LineStyle><width>2</width></LineStyle></Style>"#,
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-2</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
            "<Placemark><name>plain</name></Placemark>"))
        expectSchemaValid(output)
    }

    @Test("a style's own id is used when it is an XML name not taken; otherwise the next style-N")
    func ownIDs() throws {
        let features = [
            Feature(style: Style(id: "red", strokeColor: Self.red)),
            Feature(style: Style(id: "red", strokeWidth: 3)),  // same id, different style
            Feature(style: Style(id: "1 bad", strokeWidth: 4)),
            Feature(id: .string("style-3")),
            Feature(style: Style(strokeWidth: 5)),
            Feature(style: Style(id: "red", strokeColor: Self.red)),
        ]
        let output = try writeKMLDocument(features)
        #expect(output.text.contains(#"<Style id="red">"#))
        #expect(placemarkLines(output.text) == [
            "<Placemark><styleUrl>#red</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-2</styleUrl></Placemark>",
            #"<Placemark id="style-3"></Placemark>"#,
            "<Placemark><styleUrl>#style-4</styleUrl></Placemark>",
            "<Placemark><styleUrl>#red</styleUrl></Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("a style that is only an id is kept as an empty shared Style")
    func idOnlyStyle() throws {
        let output = try writeKMLDocument([Feature(style: Style(id: "plain"))])
        #expect(output.text.contains(#"<Style id="plain"></Style>"#))
        #expect(output.text.contains("<styleUrl>#plain</styleUrl>"))
        expectSchemaValid(output)
    }

    @Test("a highlight style makes a shared StyleMap of two shared styles")
    func styleMap() throws {
        let normal = Style(strokeWidth: 1), highlight = Style(strokeWidth: 4)
        let features = [Feature(style: normal, highlightStyle: highlight), Feature(style: normal, highlightStyle: highlight),
                        Feature(style: normal), Feature(highlightStyle: highlight)]
        let output = try writeKMLDocument(features)
        #expect(output.text == expectedKML(
            #"<Style id="style-1"><LineStyle><width>1</width></LineStyle></Style>"#,
            #"<Style id="style-2"><LineStyle><width>4</width></LineStyle></Style>"#,
            #"<Style id="style-3"></Style>"#,
            #"<StyleMap id="stylemap-1"><Pair><key>normal</key><styleUrl>#style-1</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#style-2</styleUrl></Pair></StyleMap>"#,
            #"<StyleMap id="stylemap-2"><Pair><key>normal</key><styleUrl>#style-3</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#style-2</styleUrl></Pair></StyleMap>"#,
            "<Placemark><styleUrl>#stylemap-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#stylemap-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#stylemap-2</styleUrl></Placemark>"))
        expectSchemaValid(output)
    }

    @Test("many distinct styles, past each growth of the lookup table, keep their ids when they come again")
    func manyStyles() throws {
        let widths = (1...300).map(Double.init)
        let features = widths.map { Feature(style: Style(strokeWidth: $0)) }
            + widths.reversed().map { Feature(style: Style(strokeWidth: $0)) }
        let output = try writeKMLDocument(features)
        let expected = (1...300).map { "<Placemark><styleUrl>#style-\($0)</styleUrl></Placemark>" }
        #expect(placemarkLines(output.text) == expected + expected.reversed())
        #expect(output.text.contains(#"<Style id="style-300"><LineStyle><width>300</width></LineStyle></Style>"#))
    }

    @Test("a map whose highlight equals its new normal style adds that style once; a new pair of known styles adds only a map")
    func styleMapOfEqualAndKnownStyles() throws {
        let a = Style(strokeWidth: 1), b = Style(strokeWidth: 2)
        let features = [Feature(style: a, highlightStyle: Style(strokeWidth: 1)), Feature(style: b),
                        Feature(style: b, highlightStyle: a), Feature(style: a, highlightStyle: a)]
        let output = try writeKMLDocument(features)
        #expect(output.text == expectedKML(
            #"<Style id="style-1"><LineStyle><width>1</width></LineStyle></Style>"#,
            #"<Style id="style-2"><LineStyle><width>2</width></LineStyle></Style>"#,
            #"<StyleMap id="stylemap-1"><Pair><key>normal</key><styleUrl>#style-1</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#style-1</styleUrl></Pair></StyleMap>"#,
            #"<StyleMap id="stylemap-2"><Pair><key>normal</key><styleUrl>#style-2</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#style-1</styleUrl></Pair></StyleMap>"#,
            "<Placemark><styleUrl>#stylemap-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-2</styleUrl></Placemark>",
            "<Placemark><styleUrl>#stylemap-2</styleUrl></Placemark>",
            "<Placemark><styleUrl>#stylemap-1</styleUrl></Placemark>"))
    }

    @Test("a StyleMap read from KML is written back under its own id, its normal style as <id>-normal")
    func styleMapKeepsItsID() throws {
        let read = try readKML(kml("""
            <Style id="pin-n"><IconStyle><scale>1</scale></IconStyle></Style>
            <Style id="pin-h"><IconStyle><scale>1.3</scale></IconStyle></Style>
            <StyleMap id="pin"><Pair><key>normal</key><styleUrl>#pin-n</styleUrl></Pair>
            <Pair><key>highlight</key><styleUrl>#pin-h</styleUrl></Pair></StyleMap>
            <Placemark><name>a</name><styleUrl>#pin</styleUrl></Placemark>
            <Placemark><name>b</name><styleUrl>#pin</styleUrl></Placemark>
            <Placemark><name>c</name><styleUrl>#pin-h</styleUrl></Placemark>
            """))
        let output = try writeKMLDocument(read.features)
        #expect(output.text.contains(#"<StyleMap id="pin"><Pair><key>normal</key><styleUrl>#pin-normal</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#pin-h</styleUrl></Pair></StyleMap>"#))
        #expect(output.text.contains(#"<Style id="pin-normal"><IconStyle><scale>1</scale></IconStyle></Style>"#))
        #expect(placemarkLines(output.text).filter { $0.contains("<styleUrl>#pin</styleUrl>") }.count == 2)
        #expect(placemarkLines(output.text).filter { $0.contains("<styleUrl>#pin-h</styleUrl>") }.count == 1)
        expectSchemaValid(output)
    }

    @Test("a StyleMap whose id another style already took gets stylemap-N")
    func styleMapIDTaken() throws {
        let taken = Style(id: "pin", strokeWidth: 2)
        let normal = Style(id: "pin", strokeWidth: 1)
        let output = try writeKMLDocument([Feature(style: taken), Feature(style: normal, highlightStyle: Style(strokeWidth: 4))])
        #expect(output.text.contains(#"<Style id="pin"><LineStyle><width>2</width></LineStyle></Style>"#))
        #expect(output.text.contains(#"<StyleMap id="stylemap-1">"#))
        expectSchemaValid(output)
    }

    @Test("beyond the cap, new styles are inline and reported once; known ones stay shared")
    func cap() throws {
        var options = KMLWriter.Options()
        options.maximumSharedStyles = 2
        let features = (1...4).map { Feature(style: Style(strokeWidth: Double($0))) } + [Feature(style: Style(strokeWidth: 1))]
        let output = try writeKMLDocument(features, options: options)
        #expect(placemarkLines(output.text) == [
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
            "<Placemark><styleUrl>#style-2</styleUrl></Placemark>",
            "<Placemark><Style><LineStyle><width>3</width></LineStyle></Style></Placemark>",
            "<Placemark><Style><LineStyle><width>4</width></LineStyle></Style></Placemark>",
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
        ])
        #expect(output.codes == ["style-limit"])
        expectSchemaValid(output)
    }

    @Test("a style map that does not fit under the cap is inline as a whole")
    func capWithStyleMap() throws {
        var options = KMLWriter.Options()
        options.maximumSharedStyles = 2
        let output = try writeKMLDocument([Feature(style: Style(strokeWidth: 1), highlightStyle: Style(strokeWidth: 2))],
                                          options: options)
        #expect(!output.text.contains("<Style id="))
        #expect(placemarkLines(output.text) == [
            "<Placemark><StyleMap><Pair><key>normal</key><Style><LineStyle><width>1</width></LineStyle></Style></Pair>"
                + "<Pair><key>highlight</key><Style><LineStyle><width>2</width></LineStyle></Style></Pair></StyleMap></Placemark>",
        ])
        expectSchemaValid(output)
    }

    // MARK: Inline layout

    @Test("inline styles repeat in each placemark, without ids (reported once)")
    func inline() throws {
        let style = Style(id: "mine", strokeWidth: 1)
        let output = try writeKMLDocument([Feature(style: style), Feature(style: style)], options: inlineStyleOptions())
        let line = "<Placemark><Style><LineStyle><width>1</width></LineStyle></Style></Placemark>"
        #expect(output.text == expectedKML(line, line))
        #expect(output.codes == ["style-id"])
        expectSchemaValid(output)
    }

    @Test("an inline style map holds both styles")
    func inlineStyleMap() throws {
        let output = try writeKMLDocument([Feature(highlightStyle: Style(strokeWidth: 4))], options: inlineStyleOptions())
        #expect(placemarkLines(output.text) == [
            "<Placemark><StyleMap><Pair><key>normal</key><Style></Style></Pair>"
                + "<Pair><key>highlight</key><Style><LineStyle><width>4</width></LineStyle></Style></Pair></StyleMap></Placemark>",
        ])
        expectSchemaValid(output)
    }

    // MARK: simplestyle defaults

    private static let square: Shape = .polygon(Polygon(outer: [wpt(0, 0), wpt(1, 0), wpt(1, 1), wpt(0, 0)]))

    @Test("simplestyle defaults fill the line colour and width; areas also get the default fill")
    func simplestyleDefaults() throws {
        let options = inlineStyleOptions { $0.appliesSimplestyleDefaults = true }
        let line: Shape = .polyline(Polyline([wpt(0, 0), wpt(1, 1)]))
        #expect(try inlineStyle(Style(strokeColor: Color(hex: "#f84")), shape: line, options: options)
            == "<Style><LineStyle><color>ff4488ff</color><width>2</width></LineStyle></Style>")
        #expect(try inlineStyle(Style(strokeWidth: 10), shape: Self.square, options: options)
            == "<Style><LineStyle><color>ff555555</color><width>10</width></LineStyle><PolyStyle><color>99555555</color></PolyStyle></Style>")
        #expect(try inlineStyle(Style(fillOpacity: 0.5), shape: Self.square, options: options)
            == "<Style><LineStyle><color>ff555555</color><width>2</width></LineStyle><PolyStyle><color>7f555555</color></PolyStyle></Style>")
    }

    @Test("simplestyle defaults leave marker-only styles and the KML defaults alone")
    func simplestyleDefaultsLeaveOthers() throws {
        let options = inlineStyleOptions { $0.appliesSimplestyleDefaults = true }
        let marker = Style(marker: MarkerStyle(color: Self.red))
        #expect(try inlineStyle(marker, shape: .annotation(wpt(0, 0)), options: options)
            == "<Style><IconStyle><color>ff0000ff</color></IconStyle></Style>")
        #expect(try inlineStyle(Style(strokeWidth: 10), shape: Self.square)
            == "<Style><LineStyle><width>10</width></LineStyle></Style>")
    }
}
