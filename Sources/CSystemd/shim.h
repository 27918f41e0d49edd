#ifndef STRATA_CSYSTEMD_SHIM_H
#define STRATA_CSYSTEMD_SHIM_H
// sd_notify and sd_watchdog_enabled from libsystemd (Debian: libsystemd-dev, pkg-config libsystemd).
// Both are no-ops returning 0 when the server does not run under systemd (no NOTIFY_SOCKET,
// no WATCHDOG_USEC), so the server calls them unconditionally.
#include <systemd/sd-daemon.h>
#endif
