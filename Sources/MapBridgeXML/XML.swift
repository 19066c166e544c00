// The MapBridgeXML module: a streaming XML (SAX2) parser over libxml2 shared by the KML and GPX readers.
