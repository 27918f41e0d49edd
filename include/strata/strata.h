/*
 * libstrata: Strata's client library for C, C++ and any language with a foreign-function interface
 * (docs/c-api.md). A thin layer over the Swift client library; every function returns a status (0 is
 * success, errors are negative) and never aborts the process on bad input.
 *
 * The declarations keep a strict form that scripts/c-api.py reads: each starts with STRATA_API and ends
 * at its semicolon, on one line.
 */
#ifndef STRATA_STRATA_H
#define STRATA_STRATA_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STRATA_API __attribute__((visibility("default")))

/* The version of this header's application binary interface. */
#define STRATA_ABI_VERSION 0

/* What a call did: 0 is success, errors are negative. */
typedef int32_t strata_status;
enum {
    STRATA_OK = 0,
    STRATA_INVALID_ARGUMENT = -1,
    STRATA_INVALID_HANDLE = -2,
    STRATA_FREED_HANDLE = -3,
    STRATA_WRONG_KIND = -4,
    STRATA_UNKNOWN_KEY = -5,
    STRATA_VALUE_TYPE = -6,
    STRATA_STATE = -7,
    STRATA_NOT_CONNECTED = -8,
    STRATA_CONNECT_FAILED = -9,
    STRATA_WRONG_THREAD = -10,
    STRATA_IO = -11,
    STRATA_UNSUPPORTED = -12,
    STRATA_LIMIT = -13,
    STRATA_NO_MEMORY = -14,
    STRATA_INTERNAL = -15
};

/* The ABI version the library was built with (STRATA_ABI_VERSION of its header). */
STRATA_API int32_t strata_abi_version(void);
/* The calling thread's last failure, in words (UTF-8; "" when none yet). Valid until the thread's next call. */
STRATA_API const char *strata_last_error(void);
/* The calling thread's last failure's status (STRATA_OK when none yet). */
STRATA_API strata_status strata_last_error_code(void);
/* A status's name ("STRATA_INVALID_HANDLE"); "STRATA_UNKNOWN_STATUS" for a value that is none. Static storage. */
STRATA_API const char *strata_status_name(strata_status status);

#ifdef __cplusplus
}
#endif

#endif
