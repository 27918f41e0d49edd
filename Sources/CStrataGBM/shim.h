#ifndef STRATA_CGBM_SHIM_H
#define STRATA_CGBM_SHIM_H
// Mesa's generic buffer manager: scanout buffers for EGL window surfaces (Debian: libgbm-dev, pkg-config gbm).
#include <gbm.h>
#endif
