// The MapBridgeKML module: the KML and KMZ reader and writer.
