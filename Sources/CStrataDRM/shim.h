#ifndef STRATA_CDRM_SHIM_H
#define STRATA_CDRM_SHIM_H
// libdrm's core and KMS API (Debian: libdrm-dev, pkg-config libdrm, headers under /usr/include/libdrm).
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#endif
