#define _GNU_SOURCE
#include "strata_main_queue.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* libdispatch's entry points for a run loop that serves the main queue (CoreFoundation's, on Linux): the
 * main queue's wake-up handle (an eventfd) and its drain. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static bool loaded_on_main;

/* Runs when the library is loaded: libdispatch binds its main queue to the thread that loads it, and only
 * that thread may drain it. */
__attribute__((constructor)) static void strata_note_loading_thread(void) { loaded_on_main = gettid() == getpid(); }

bool strata_loaded_on_main_thread(void) { return loaded_on_main; }

bool strata_on_main_thread(void) { return gettid() == getpid(); }

int strata_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }

void strata_main_queue_drain(void) {
    struct pollfd ready = {.fd = _dispatch_get_main_queue_handle_4CF(), .events = POLLIN};
    /* Read only when signalled: libdispatch may make the eventfd blocking, and only this thread reads it. */
    if (poll(&ready, 1, 0) == 1 && (ready.revents & POLLIN)) {
        eventfd_t ignored;
        (void)eventfd_read(ready.fd, &ignored);
    }
    _dispatch_main_queue_callback_4CF(0);
}
