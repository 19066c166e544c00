// The MapBridgeGPX module: GPX 1.1 reader and writer.
