#ifndef MAPBRIDGE_CLIBXML2_SHIM_H
#define MAPBRIDGE_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlreader.h>

/// libxml2's version as a number (the macro does not import into Swift).
static inline int mapbridge_xml_parser_version(void) { return LIBXML_VERSION; }
#endif
