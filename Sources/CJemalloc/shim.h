#ifndef MAPBRIDGE_CJEMALLOC_SHIM_H
#define MAPBRIDGE_CJEMALLOC_SHIM_H
#include <stddef.h>
#include <jemalloc/jemalloc.h>

/// jemalloc's version ("5.3.0-0-g…"), or NULL when the allocator in use is not jemalloc.
static inline const char *mapbridge_jemalloc_version(void) {
    const char *version = NULL;
    size_t size = sizeof(version);
    if (mallctl("version", &version, &size, NULL, 0) != 0) return NULL;
    return version;
}
#endif
