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
#endif
