#ifndef STRATA_CAIRO_SHIM_H
#define STRATA_CAIRO_SHIM_H
// Cairo's image surfaces and path painting, used by the client's CGContext.
#include <cairo.h>
#endif
