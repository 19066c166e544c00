// The MapBridgeGeodesy module: geodesics on the WGS 84 ellipsoid through PROJ's geodesic.h.
