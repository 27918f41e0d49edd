#ifndef STRATA_CUDEV_SHIM_H
#define STRATA_CUDEV_SHIM_H
// libudev: the drm subsystem's hotplug events and device enumeration (Debian: libudev-dev, pkg-config libudev).
#include <libudev.h>
// The KMS device's event loop (one epoll fd over DRM, udev and the seat; an eventfd and a timerfd for its
// own wake-ups): Swift's Glibc module does not export these headers.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#endif
