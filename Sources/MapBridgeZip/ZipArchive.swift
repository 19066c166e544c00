// The MapBridgeZip module: reading and writing zip archives (KMZ) through libzip.
