#ifndef STRATA_PNG_SHIM_H
#define STRATA_PNG_SHIM_H
#include <png.h>
// Composite macros are not imported into Swift.
static const png_uint_32 STRATA_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 STRATA_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
#endif
