#ifndef MAPBRIDGE_CLIBXML2_SHIM_H
#define MAPBRIDGE_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so encoding.h would include ICU's headers. Foundation
   ships its own copy of ICU's headers, and a Swift module that sees both (a test importing
   Foundation and a module built on this one) fails with "UErrorCode has different
   definitions". MapBridge never uses libxml2's ICU converters, nor the encoding handler
   struct whose ICU members this leaves out (only pointers to it), so the ICU part is hidden. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlreader.h>

/// libxml2's version as a number (the macro does not import into Swift).
static inline int mapbridge_xml_parser_version(void) { return LIBXML_VERSION; }

/* libxml2 prints some errors that belong to no parser context (an encoding conversion that
   fails, say) straight to standard error through its generic error function, which is
   variadic and so cannot be written in Swift. MapBridge reports those through the structured
   error function instead, so the generic one says nothing. */
static void mapbridge_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Stops libxml2 printing context-free errors to standard error on the calling thread.
static inline void mapbridge_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, mapbridge_xml_ignore_generic_error);
}
#endif
