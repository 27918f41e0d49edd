#ifndef STRATA_CGBM_SHIM_H
#define STRATA_CGBM_SHIM_H
// Mesa's generic buffer manager: scanout buffers for EGL window surfaces (Debian: libgbm-dev, pkg-config gbm).
#include <gbm.h>
#include <stdint.h>

// fourcc macros are not imported into Swift; expose the ones the scanout code uses as typed constants.
static const uint32_t STRATA_GBM_FORMAT_XRGB8888 = GBM_FORMAT_XRGB8888;
// drm_fourcc.h's modifiers (this module has no libdrm include path): fourcc_mod_code(NONE, DRM_FORMAT_RESERVED)
// and fourcc_mod_code(NONE, 0).
static const uint64_t STRATA_DRM_FORMAT_MOD_INVALID = (1ULL << 56) - 1;
static const uint64_t STRATA_DRM_FORMAT_MOD_LINEAR = 0;
#endif
