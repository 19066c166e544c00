import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML reader: styles and ExtendedData")
struct KMLReaderStyleAndDataTests {
    @Test("shared styles resolve through styleUrl, also when defined after the placemark")
    func sharedStyles() throws {
        for late in [false, true] {
            let style = #"<Style id="red"><LineStyle><color>7f0000ff</color><width>3</width></LineStyle></Style>"#
            let placemark = "<Placemark><styleUrl>#red</styleUrl><LineString><coordinates>0,0 1,1</coordinates></LineString></Placemark>"
            let r = try readKML(kml(late ? placemark + style : style + placemark))
            let s = try #require(r.features.first?.style, "late: \(late)")
            #expect(s.strokeColor == Color(red: 255, green: 0, blue: 0))
            #expect(s.strokeWidth == 3)
            #expect(abs((s.strokeOpacity ?? 0) - 127.0 / 255) < 1e-9)
            #expect(s.id == "red")
        }
    }

    @Test("a StyleMap resolves its normal pair and keeps the highlight style")
    func styleMap() throws {
        let r = try readKML(kml("""
            <Style id="n"><IconStyle><scale>1.5</scale><Icon><href>pin.png</href></Icon></IconStyle></Style>
            <Style id="h"><IconStyle><scale>2</scale></IconStyle></Style>
            <StyleMap id="m"><Pair><key>normal</key><styleUrl>#n</styleUrl></Pair><Pair><key>highlight</key><styleUrl>#h</styleUrl></Pair></StyleMap>
            <Placemark><styleUrl>#m</styleUrl><Point><coordinates>1,2</coordinates></Point></Placemark>
            """))
        let f = try #require(r.features.first)
        #expect(f.style?.marker?.href == "pin.png")
        #expect(f.style?.marker?.scale == 1.5)
        #expect(f.highlightStyle?.marker?.scale == 2)
    }

    @Test("an inline style overrides the shared one member by member")
    func inlineOverrides() throws {
        let r = try readKML(kml("""
            <Style id="s"><LineStyle><color>ff00ff00</color><width>2</width></LineStyle><PolyStyle><fill>0</fill></PolyStyle></Style>
            <Placemark><styleUrl>#s</styleUrl><Style><LineStyle><width>5</width></LineStyle></Style></Placemark>
            """))
        let s = try #require(r.features.first?.style)
        #expect(s.strokeColor == Color(red: 0, green: 255, blue: 0))
        #expect(s.strokeWidth == 5)
        #expect(s.fill == false)
    }

    @Test("an inline IconStyle hotSpot overrides the shared style's")
    func inlineHotSpot() throws {
        let r = try readKML(kml("""
            <Style id="s"><IconStyle><scale>2</scale><Icon><href>pin.png</href></Icon></IconStyle></Style>
            <Placemark><styleUrl>#s</styleUrl><Style><IconStyle><hotSpot x="0.5" y="0" xunits="fraction" yunits="fraction"/></IconStyle></Style></Placemark>
            """))
        let m = try #require(r.features.first?.style?.marker)
        #expect(m.href == "pin.png" && m.scale == 2)
        #expect(m.hotSpot == HotSpot(x: 0.5, y: 0))
    }

    @Test("Data values are text; SimpleData is typed by its Schema")
    func extendedData() throws {
        let r = try readKML(kml("""
            <Schema name="S" id="S"><SimpleField name="n" type="int"/><SimpleField name="x" type="double"/>
            <SimpleField name="ok" type="bool"/><SimpleField name="s" type="string"/></Schema>
            <Placemark><ExtendedData><Data name="plain"><value>12</value></Data>
            <SchemaData schemaUrl="#S"><SimpleData name="n">42</SimpleData><SimpleData name="x">1.50</SimpleData>
            <SimpleData name="ok">1</SimpleData><SimpleData name="s">007</SimpleData></SchemaData></ExtendedData></Placemark>
            """))
        let p = try #require(r.features.first?.properties)
        #expect(p.keys == ["plain", "n", "x", "ok", "s"])
        #expect(p["plain"] == "12")
        #expect(p["n"] == .number(NumberValue(text: "42", value: 42)))
        #expect(p["x"] == .number(NumberValue(text: "1.50", value: 1.5)))
        #expect(p["ok"] == .bool(true))
        #expect(p["s"] == "007")
    }

    @Test("a shared Style with nothing MapBridge reads (only a BalloonStyle) keeps its id, so the styleUrl is not lost")
    func balloonOnlyStyleKeepsItsID() throws {
        let r = try readKML(kml("""
            <Style id="balloon"><BalloonStyle><text>$[name]</text></BalloonStyle></Style>
            <Placemark><name>a</name><styleUrl>#balloon</styleUrl></Placemark>
            <Placemark><name>b</name><Style><ListStyle><listItemType>check</listItemType></ListStyle></Style></Placemark>
            """))
        try #require(r.features.count == 2)
        #expect(r.features[0].style?.id == "balloon")
        #expect(r.features[0].style?.isEmpty == true)
        #expect(r.features[1].style == nil)
    }

    @Test("a Data name repeated in one placemark keeps every value: k, k_2, k_3, with a located warning")
    func repeatedData() throws {
        let r = try readKML(kml("""
            <Placemark><ExtendedData><Data name="k"><value>one</value></Data>
            <Data name="k"><value>two</value></Data><Data name="other"><value>x</value></Data>
            <SchemaData><SimpleData name="k">three</SimpleData></SchemaData></ExtendedData></Placemark>
            <Placemark><ExtendedData><Data name="k"><value>alone</value></Data></ExtendedData></Placemark>
            """))
        let p = try #require(r.features.first?.properties)
        #expect(p.keys == ["k", "k_2", "other", "k_3"])
        #expect(p["k"] == "one" && p["k_2"] == "two" && p["k_3"] == "three")
        #expect(r.features.last?.properties.keys == ["k"])
        let repeated = r.warnings.filter { $0.code == "data-repeated" }
        #expect(repeated.count == 2)
        #expect(repeated.first?.location?.line == 5, "\(repeated)")  // kml() adds three lines before the body
        #expect(repeated.first?.message.contains("kept as 'k_2'") == true)
    }

    @Test("a repeated Data name is found whether the properties are scanned or not: names met in earlier placemarks, spelt with a character reference, or too long to keep")
    func repeatedDataAcrossPlacemarks() throws {
        let long = String(repeating: "n", count: 40)
        let r = try readKML(kml("""
            <Placemark><ExtendedData><Data name="a"><value>1</value></Data><Data name="b"><value>2</value></Data></ExtendedData></Placemark>
            <Placemark><ExtendedData><Data name="b"><value>3</value></Data><Data name="a"><value>4</value></Data>
            <Data name="a"><value>5</value></Data></ExtendedData></Placemark>
            <Placemark><ExtendedData><Data name="&#97;"><value>6</value></Data><Data name="a"><value>7</value></Data></ExtendedData></Placemark>
            <Placemark><ExtendedData><Data name="\(long)"><value>8</value></Data><Data name="\(long)"><value>9</value></Data>
            <Data name="b"><value>10</value></Data></ExtendedData></Placemark>
            <Placemark><ExtendedData><Data name="a"><value>11</value></Data><Data name="a_2"><value>12</value></Data>
            <Data name="a"><value>13</value></Data></ExtendedData></Placemark>
            """))
        try #require(r.features.count == 5)
        // Names met before, each once in this placemark: no repeat (the scan is left out).
        #expect(r.features[0].properties.keys == ["a", "b"])
        #expect(r.features[1].properties.keys == ["b", "a", "a_2"])
        #expect(r.features[1].properties["a_2"] == "5")
        // A name expanded from a character reference is not kept: the next one looks.
        #expect(r.features[2].properties.keys == ["a", "a_2"])
        #expect(r.features[2].properties["a_2"] == "7")
        #expect(r.features[3].properties.keys == [long, long + "_2", "b"])
        // A renamed key and a name spelt like it.
        #expect(r.features[4].properties.keys == ["a", "a_2", "a_3"])
        #expect(r.features[4].properties["a_2"] == "12" && r.features[4].properties["a_3"] == "13")
    }

    @Test("Data named like a property an element filled (snippet) takes its place once; a repeat of the data is kept apart")
    func dataAfterElementProperty() throws {
        let r = try readKML(kml("""
            <Placemark><Snippet>short</Snippet><ExtendedData><Data name="snippet"><value>one</value></Data>
            <Data name="snippet"><value>two</value></Data></ExtendedData></Placemark>
            <GroundOverlay><ExtendedData><Data name="icon"><value>data.png</value></Data></ExtendedData>
            <Icon><href>image.png</href></Icon></GroundOverlay>
            """))
        try #require(r.features.count == 2)
        #expect(r.features[0].properties.keys == ["snippet", "snippet_2"])
        #expect(r.features[0].properties["snippet"] == "one" && r.features[0].properties["snippet_2"] == "two")
        // An element after the data replaces its value, as before.
        #expect(r.features[1].properties["icon"] == "image.png")
        #expect(r.warnings.filter { $0.code == "data-repeated" }.count == 1)
    }

    @Test("colours in IconStyle, LabelStyle, LineStyle and PolyStyle: eight digits aabbggrr, six rrggbb, '#' and spaces allowed, others ignored")
    func styleColoursInPlace() throws {
        let r = try readKML(kml("""
            <Placemark><Style><IconStyle><color> #ff0000ff </color><scale>2</scale><heading>90</heading>
            <hotSpot x="0.5" y="1" xunits="fraction" yunits="fraction"/><Icon><href>pin.png</href></Icon></IconStyle>
            <LabelStyle><scale>0.5</scale><color>80ff0000</color></LabelStyle>
            <LineStyle><color>00ff00</color><width>2.5</width></LineStyle><PolyStyle><color>zz00ff00</color><fill>0</fill></PolyStyle>
            </Style><Point><coordinates>1,2</coordinates></Point></Placemark>
            """))
        let s = try #require(r.features.first?.style)
        #expect(s.marker?.color == Color(red: 255, green: 0, blue: 0) && s.marker?.opacity == 1)
        #expect(s.marker?.scale == 2 && s.marker?.heading == 90 && s.marker?.href == "pin.png")
        #expect(s.marker?.hotSpot?.x == 0.5 && s.marker?.hotSpot?.y == 1)
        #expect(s.label?.scale == 0.5 && s.label?.color == Color(red: 0, green: 0, blue: 255))
        #expect(abs((s.label?.opacity ?? 0) - 128.0 / 255) < 1e-9)
        #expect(s.strokeColor == Color(red: 0, green: 255, blue: 0) && s.strokeOpacity == nil && s.strokeWidth == 2.5)
        #expect(s.fillColor == nil && s.fill == false)
        #expect(r.warnings.contains { $0.code == "bad-color" })
    }
}
