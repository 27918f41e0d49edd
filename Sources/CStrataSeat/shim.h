#ifndef STRATA_CSEAT_SHIM_H
#define STRATA_CSEAT_SHIM_H
// libseat: opening DRM devices through seatd or logind, with enable/disable (VT switch) callbacks
// (Debian: libseat-dev, pkg-config libseat).
#include <libseat.h>
#endif
