import MapBridgeCSV
import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// A CSV in the writer's own layout survives CSV → model → CSV, and CSV → GeoJSON → CSV,
/// byte for byte.
@Suite("CSV round trips")
struct CSVRoundTripTests {
    static let ownLayout: [String] = [
        // points, with every kind of value
        #"""
        lon,lat,name,description,pop,ratio,capital,code,note,tags
        2.3522,48.8566,Paris,"France's capital, on the Seine",2102650,0.10,true,"75",,"[1,""a""]"
        -73.7781391,40.6399257,JFK,"",8804190,1e3,false,007,"line 1
        line 2",
        139.6917,35.6895,東京,\N?,13960000,-0.5,false,"\N","say ""hi""",

        """#,
        // points with altitude
        #"""
        lon,lat,alt,name
        -73.7781391,40.6399257,4,JFK
        103.994003,1.35019,,SIN

        """#,
        // any shape, as WKT
        #"""
        wkt,name
        POINT (1 2),a
        POINT Z (1 2 3),b
        "LINESTRING (0 0, 1 1, 2 0.5)",c
        "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))",d
        "MULTIPOINT ((1 2), (3 4))",e
        "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",f
        "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",g
        "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))",h
        LINESTRING EMPTY,i
        ,j

        """#,
        // no geometry at all
        #"""
        from,to,stops
        AER,KZN,0
        ASF,MRV,1

        """#,
    ]

    @Test("CSV → model → CSV is identical", arguments: ownLayout)
    func csvModelCSV(text: String) throws {
        let out = try rewrite(text)
        #expect(out.text == text)
    }

    @Test("CSV → GeoJSON → CSV is identical", arguments: ownLayout)
    func csvGeoJSONCSV(text: String) throws {
        let features = try readAll(text).features
        let geojsonSink = ByteSink(collectingInMemoryNamed: "mid.geojson")
        let geojsonWriter = GeoJSONWriter(sink: geojsonSink, options: { var o = GeoJSONWriter.Options(); o.keepsWinding = true; return o }())
        try geojsonWriter.begin(DocumentInfo())
        for f in features { try geojsonWriter.write(f) }
        try geojsonWriter.finish(DocumentInfo())
        try geojsonSink.flush()
        let reader = GeoJSONReader(source: ByteSource(bytes: geojsonSink.collectedBytes, name: "mid.geojson"))
        var back: [Feature] = []
        while let f = try reader.next() { back.append(f) }
        #expect(try writeAll(back).text == text)
    }

    @Test("a file longer than the look-ahead round-trips through the temporary file")
    func longFile() throws {
        var text = "lon,lat,id,name\n"
        for k in 0..<2500 { text += "\(Double(k) / 100),\(Double(k % 180) - 89.5),\(k),\"place, \(k)\"\n" }
        #expect(try rewrite(text).text == text)
    }

    @Test("a file in another layout is rewritten in the writer's: geometry first, spelled as JSON numbers")
    func otherLayout() throws {
        let out = try rewrite("name;Latitude;Longitude\r\nA;+1,5;2\r\n")
        #expect(out.text == "lon,lat,name\n2,1.5,A\n")
    }
}
