#ifndef STRATA_BREAK_H
#define STRATA_BREAK_H
// UAX #14 line-break opportunities from ICU's line break iterator (Unicode 15 in Debian 12's ICU 72),
// with its dictionaries for the scripts that write no spaces between words (Lao, Khmer, Myanmar), and
// libthai's word boundaries for Thai (Pango's choice, so Thai wraps where it does in Pango and GTK).
// Wrapped in C so ICU's versioned entry points (ubrk_open_72, ...) stay out of Swift.
#include <stdint.h>

enum {
    STRATA_BREAK_NONE = 0,      // no break after this character
    STRATA_BREAK_ALLOWED = 1,   // a line may end after it
    STRATA_BREAK_MANDATORY = 2  // a line must end after it (BK, CR, LF, NL: U+2028, VT, FF, ...)
};

// Writes, for each of `count` Unicode scalars, the break kind after it. Values that are not scalars
// (surrogates, above U+10FFFF) are read as U+FFFD. The last character always gets a mandatory break.
// Returns 0, or -1 when ICU could not be set up or memory ran out (then every kind is NONE but the last).
int strata_line_breaks(const uint32_t *scalars, int32_t count, int8_t *kinds);

// The UAX #14 class ICU gives a scalar (ICU's ULineBreak value), for tests and fuzzers.
int32_t strata_line_break_class(uint32_t scalar);

// "ICU 72.1 (Unicode 15.0), libthai dictionary loaded" (or "... not loaded"), logged when the server starts.
void strata_break_versions(char *out, int32_t size);

#endif
