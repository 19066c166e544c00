#ifndef MAPBRIDGE_CPROJ_SHIM_H
#define MAPBRIDGE_CPROJ_SHIM_H
#include <geodesic.h>
#endif
