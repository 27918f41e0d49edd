#ifndef STRATA_CUDEV_SHIM_H
#define STRATA_CUDEV_SHIM_H
// libudev: the drm subsystem's hotplug events and device enumeration (Debian: libudev-dev, pkg-config libudev).
#include <libudev.h>
#endif
