#ifndef OPTA_CPNG_SHIM_H
#define OPTA_CPNG_SHIM_H
#include <png.h>

// Macros built from other macros are not imported into Swift; re-export the ones Opta uses.
static const unsigned int CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int CPNG_IMAGE_FLAG_FAST = PNG_IMAGE_FLAG_FAST;

/// Bytes needed for a whole image in the given format (PNG_IMAGE_SIZE is a macro).
static inline size_t cpng_image_size(png_image image) { return PNG_IMAGE_SIZE(image); }

/// True when the image struct reports a failure (PNG_IMAGE_FAILED is a macro).
static inline int cpng_image_failed(png_image image) { return PNG_IMAGE_FAILED(image); }

#endif
