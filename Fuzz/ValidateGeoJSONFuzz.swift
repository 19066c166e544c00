// libFuzzer entry point: any bytes validated as GeoJSON (a document, or a sequence for inputs
// of odd length) must end in findings, never a trap or a thrown error (malformed JSON is a
// finding); the findings then go into every report format, which must keep its format's rules
// (ValidationReportChecks.swift). Built by `Fuzz/run SECONDS validate-geojson` with the sources
// of the validator and the modules it uses in one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidateGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var findings: [Finding] = []
    do {
        try GeoJSONValidator.validate(source: ByteSource(bytes: bytes, name: "fuzz.geojson"), maximumDepth: 64,
                                      isSequence: size % 2 == 1) { findings.append($0) }
    } catch {
        fatalError("validating bytes in memory threw: \(error)")
    }
    checkReports(of: findings, path: "fuzz.geojson")
    return 0
}
