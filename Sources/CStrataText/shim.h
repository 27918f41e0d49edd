#ifndef STRATA_TEXT_SHIM_H
#define STRATA_TEXT_SHIM_H
// The Linux text stack CATextLayer is built on: fontconfig (names and per-character fallback), HarfBuzz
// (shaping), FriBiDi (bidirectional order) and FreeType (rasterising).
// Line breaking is ICU's, in CStrataBreak.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_SIZES_H
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#endif
