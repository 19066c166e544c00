#ifndef MAPBRIDGE_CLIBZIP_SHIM_H
#define MAPBRIDGE_CLIBZIP_SHIM_H
#include <zip.h>
#endif
