// The MapBridgeCSV module: CSV reader and writer.
