import MapBridgeModel
import Testing

@Suite("Winding")
struct WindingTests {
    private func ring(_ pairs: [(Double, Double)]) -> [Coordinate] {
        pairs.map { Coordinate(longitude: $0.0, latitude: $0.1) }
    }

    private let ccwSquare: [(Double, Double)] = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]

    @Test("fewer than three coordinates have no area", arguments: [0, 1, 2])
    func tooShort(count: Int) {
        let r = ring(Array([(0.0, 0.0), (5.0, 5.0)].prefix(count)))
        #expect(Winding.signedArea(r) == 0)
        #expect(!Winding.isCounterClockwise(r))
    }

    @Test("a counter-clockwise ring has positive twice-area")
    func counterClockwise() {
        #expect(Winding.signedArea(ring(ccwSquare)) == 2)
        #expect(Winding.isCounterClockwise(ring(ccwSquare)))
        #expect(Winding.signedArea(ring([(0, 0), (2, 0), (0, 2), (0, 0)])) == 4)
    }

    @Test("a clockwise ring has negative twice-area")
    func clockwise() {
        let cw = ring(ccwSquare.reversed())
        #expect(Winding.signedArea(cw) == -2)
        #expect(!Winding.isCounterClockwise(cw))
    }

    @Test("an unclosed ring counts as closed")
    func unclosed() {
        #expect(Winding.signedArea(ring(Array(ccwSquare.dropLast()))) == 2)
        #expect(Winding.signedArea(ring([(0, 1), (1, 1), (1, 0), (0, 0)])) == -2)
    }

    @Test("the sign does not depend on where the ring starts or where it lies")
    func translationAndRotation() {
        let shifted = ring([(-73.8, 40.6), (-73.7, 40.6), (-73.7, 40.7), (-73.8, 40.7), (-73.8, 40.6)])
        #expect(Winding.signedArea(shifted) > 0)
        let rotated = ring([(1, 1), (0, 1), (0, 0), (1, 0), (1, 1)])
        #expect(Winding.signedArea(rotated) == 2)
    }

    @Test("collinear rings have zero area")
    func collinear() {
        #expect(Winding.signedArea(ring([(0, 0), (1, 1), (2, 2), (0, 0)])) == 0)
    }

    @Test("rewinding turns the outer ring counter-clockwise and holes clockwise")
    func rewind() {
        let cwOuter = ring([(0, 0), (0, 10), (10, 10), (10, 0), (0, 0)])
        let ccwHole = ring([(2, 2), (4, 2), (4, 4), (2, 4), (2, 2)])
        let rewound = Polygon(outer: cwOuter, holes: [ccwHole]).rewoundForRFC7946()
        #expect(Array(rewound.outer) == cwOuter.reversed())
        #expect(rewound.holes.map { Array($0) } == [Array(ccwHole.reversed())])
        #expect(Winding.signedArea(rewound.outer) > 0)
        #expect(Winding.signedArea(rewound.holes[0]) < 0)
    }

    @Test("rings already wound the RFC 7946 way are left alone")
    func alreadyRight() {
        let polygon = Polygon(outer: ring([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]),
                              holes: [ring([(2, 2), (2, 4), (4, 4), (4, 2), (2, 2)])])
        #expect(polygon.rewoundForRFC7946() == polygon)
        let empty = Polygon(outer: [])
        #expect(empty.rewoundForRFC7946() == empty)
    }

    @Test("rewinding keeps each vertex's source text")
    func keepsText() {
        let text = ["0.0", "0.00", "1.0", "1.00", "2.0", "2.00"]
        let outer = [(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 0.0)].enumerated().map { index, p in
            Coordinate(longitude: p.0, latitude: p.1, altitude: nil,
                       sourceText: CoordinateText(longitude: text[index % 6], latitude: "\(index)"))
        }
        let rewound = Polygon(outer: outer).rewoundForRFC7946()
        #expect(rewound.outer.map(\.sourceText) == outer.reversed().map(\.sourceText))
    }
}
