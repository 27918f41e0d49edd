/*
 * A C app over a real server, in its own poll loop (docs/c-api.md): connects, shows a root with a coloured
 * square, waits for the server to present it, then turns the square green from its own loop (outside any
 * callback, so the next strata_dispatch commits it). scripts/check-c-api.sh steps the server's virtual clock
 * and checks the pixels. It prints, one line each: "ready WxH", "presented ID", "changed ID".
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>

#include <strata/strata.h>

static uint64_t first_commit;
static bool first_presented;

static void fail(const char *what) {
    fprintf(stderr, "show: %s: %s (%s)\n", what, strata_status_name(strata_last_error_code()), strata_last_error());
    exit(1);
}

static void on_event(strata_connection *connection, const strata_connection_event *event, void *user_data) {
    (void)connection;
    (void)user_data;
    if (event->kind == STRATA_EVENT_TRANSACTION_PRESENTED && event->transaction_id >= first_commit && !first_presented) {
        first_presented = true;
        printf("presented %llu\n", (unsigned long long)event->transaction_id);
        fflush(stdout);
    }
}

int main(void) {
    strata_connection *connection;
    if (strata_connect(NULL, &connection) != STRATA_OK) fail("connect");
    strata_output output;
    if (strata_connection_get_output(connection, 0, &output) != STRATA_OK) fail("output");
    if (strata_connection_set_event_handler(connection, on_event, NULL, NULL) != STRATA_OK) fail("event handler");

    strata_layer *root, *square;
    if (strata_layer_create(STRATA_LAYER_PLAIN, &root) != STRATA_OK) fail("root");
    if (strata_layer_set_rect(root, "bounds", output.bounds) != STRATA_OK) fail("root bounds");
    strata_layer_set_point(root, "position", (strata_point){output.bounds.size.width / 2, output.bounds.size.height / 2});
    strata_layer_set_color(root, "backgroundColor", (strata_color){0.1, 0.1, 0.1, 1});
    if (strata_layer_create(STRATA_LAYER_PLAIN, &square) != STRATA_OK) fail("square");
    strata_layer_set_rect(square, "bounds", (strata_rect){{0, 0}, {100, 100}});
    strata_layer_set_point(square, "position", (strata_point){output.bounds.size.width / 2, output.bounds.size.height / 2});
    strata_layer_set_number(square, "cornerRadius", 10);
    if (strata_layer_set_color(square, "backgroundColor", (strata_color){0, 146 / 255.0, 1, 1}) != STRATA_OK) fail("color");
    if (strata_layer_add_sublayer(root, square) != STRATA_OK) fail("add");
    if (strata_connection_attach(connection, root, NULL) != STRATA_OK) fail("attach");
    if (strata_flush() != STRATA_OK) fail("flush");
    if (strata_connection_get_last_transaction_id(connection, &first_commit) != STRATA_OK) fail("transaction id");
    printf("ready %dx%d\n", output.width, output.height);
    fflush(stdout);

    int fd;
    if (strata_get_fd(&fd) != STRATA_OK) fail("fd");
    bool changed = false;
    for (;;) {
        struct pollfd ready = {.fd = fd, .events = POLLIN};
        if (poll(&ready, 1, -1) < 0) continue;
        if (strata_dispatch() != STRATA_OK) fail("dispatch");
        if (first_presented && !changed) {
            /* Outside any callback: committed by the strata_dispatch that follows. */
            if (strata_layer_set_color(square, "backgroundColor", (strata_color){0, 0.75, 0.25, 1}) != STRATA_OK) fail("green");
            changed = true;
        } else if (changed) {
            uint64_t id;
            strata_connection_get_last_transaction_id(connection, &id);
            if (id > first_commit) {
                printf("changed %llu\n", (unsigned long long)id);
                fflush(stdout);
                changed = false;
                first_presented = false;
                first_commit = UINT64_MAX; /* done: keep serving until killed */
            }
        }
    }
}
