import CLibZip

/// libzip's text for one of its error codes (`ZIP_ER_…`), e.g. "Not a zip archive".
func zipErrorText(code: Int32) -> String {
    var error = zip_error_t()
    zip_error_init_with_code(&error, code)
    defer { zip_error_fini(&error) }
    return String(cString: zip_error_strerror(&error))
}

/// libzip's text for the last error on an archive.
func zipErrorText(archive: OpaquePointer) -> String {
    String(cString: zip_strerror(archive))
}

/// libzip's text for the last error on an open entry.
func zipErrorText(file: OpaquePointer) -> String {
    String(cString: zip_file_strerror(file))
}
