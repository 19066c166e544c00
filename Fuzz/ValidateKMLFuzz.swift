// libFuzzer entry point: any bytes validated as KML (against the reader's schema, the writer's
// profile or none, by the input's length) must end in findings, never a trap or a thrown error
// (malformed XML is a finding); the findings then go into every report format, which must keep
// its format's rules (ValidationReportChecks.swift). Built by `Fuzz/run SECONDS validate-kml`
// with the sources of the validator and the modules it uses in one module.

/// The schemas, compiled once for the run (they are read-only once built).
nonisolated(unsafe) private let schemas: [KMLSchema?] = {
    do { return [try KMLSchema.reader(), try KMLSchema.profile(), nil] } catch {
        fatalError("the built-in KML schemas do not compile: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidateKML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let options = KMLValidator.Options(schema: schemas[size % 3], checksIDs: size % 2 == 0, chunkSize: 64 + size % 256)
    var findings: [Finding] = []
    do {
        try KMLValidator.validate(source: ByteSource(bytes: bytes, name: "fuzz.kml"), options: options) {
            findings.append($0)
        }
    } catch {
        fatalError("validating bytes in memory threw: \(error)")
    }
    checkReports(of: findings, path: "fuzz.kml")
    return 0
}
