/* The C API's run loop (docs/c-api.md): the main queue drained from the app's own loop, as CoreFoundation's
 * run loop drains it on Linux. Private to the library; not part of strata.h. */
#ifndef STRATA_MAIN_QUEUE_H
#define STRATA_MAIN_QUEUE_H

#include <stdbool.h>

/* The eventfd libdispatch signals whenever the main queue gets work. */
int strata_main_queue_fd(void);
/* Clears the eventfd and runs what is queued on the main queue (on the main thread only). */
void strata_main_queue_drain(void);
/* Whether the library was loaded on the process's main thread (where libdispatch bound its main queue). */
bool strata_loaded_on_main_thread(void);
/* Whether the calling thread is the process's main thread. */
bool strata_on_main_thread(void);

#endif
