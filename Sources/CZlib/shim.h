#ifndef HEALTHEXPORTER_CZLIB_SHIM_H
#define HEALTHEXPORTER_CZLIB_SHIM_H

#include <zlib.h>

// zlib's init calls are macros, which Swift cannot call; these wrap them as functions.

/// inflateInit2 for a raw deflate stream (negative windowBits) or any other window size.
static inline int czlib_inflateInit2(z_streamp stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}

/// deflateInit2 with the given level, window size, memory level and strategy.
static inline int czlib_deflateInit2(
    z_streamp stream, int level, int windowBits, int memLevel, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, strategy);
}

#endif
