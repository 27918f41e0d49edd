/*
 * Animations from C over a real server on the virtual clock (docs/c-api.md), driven by
 * scripts/check-c-api.sh, which steps the clock and checks the pixels against the times printed here:
 *   "ready"                       the scene is committed
 *   "animating T0"                once it was presented at T0: position.x 60 -> 200 over 1 s, linear, with a
 *                                 delegate and a transaction completion
 *   "started", "stopped 1", "completed"   the delegate and the completion
 *   "springing T1"                bounds 40 -> 140 points wide with a spring (mass 1, stiffness 100, damping 10)
 *   "ticks N"                     the display link's ticks so far, at the completion
 */
#include <stdio.h>
#include <stdlib.h>

#include <strata/strata.h>

static strata_connection *connection;
static strata_layer *square;
static uint64_t scene_commit;
static bool animating;
static long ticks;

static void check(strata_status s, const char *what) {
    if (s == STRATA_OK) return;
    fprintf(stderr, "animate: %s: %s (%s)\n", what, strata_status_name(s), strata_last_error());
    exit(1);
}

static void say(const char *line, double t) {
    if (t >= 0) printf("%s %.6f\n", line, t);
    else printf("%s\n", line);
    fflush(stdout);
}

static void on_animation(strata_animation *animation, strata_animation_event_kind kind, bool finished, void *user_data) {
    (void)user_data;
    strata_animation_kind k;
    check(strata_animation_get_kind(animation, &k), "the delegate's animation");
    if (kind == STRATA_ANIMATION_STARTED) say("started", -1);
    else say(finished ? "stopped 1" : "stopped 0", -1);
}

static void spring(void) {
    strata_animation *s;
    check(strata_animation_create(STRATA_ANIMATION_SPRING, "bounds", &s), "spring");
    check(strata_animation_set_number(s, "mass", 1), "mass");
    check(strata_animation_set_number(s, "stiffness", 100), "stiffness");
    check(strata_animation_set_number(s, "damping", 10), "damping");
    check(strata_animation_set_rect(s, "fromValue", (strata_rect){{0, 0}, {40, 40}}), "from");
    check(strata_animation_set_rect(s, "toValue", (strata_rect){{0, 0}, {140, 40}}), "to");
    double settling;
    check(strata_animation_get_number(s, "settlingDuration", &settling), "settling");
    check(strata_animation_set_number(s, "duration", settling), "duration");
    check(strata_transaction_begin(), "begin");
    check(strata_transaction_set_disable_actions(true), "disable actions");
    check(strata_layer_set_rect(square, "bounds", (strata_rect){{0, 0}, {140, 40}}), "final bounds");
    check(strata_layer_add_animation(square, s, "grow"), "add spring");
    check(strata_transaction_commit(), "commit");
    check(strata_flush(), "flush");
    check(strata_animation_release(s), "release");
    say("springing", strata_media_time());
}

static void on_completion(void *user_data) {
    (void)user_data;
    say("completed", -1);
    printf("ticks %ld\n", ticks);
    fflush(stdout);
    spring();
}

static void slide(void) {
    strata_animation *a;
    check(strata_animation_create(STRATA_ANIMATION_BASIC, "position.x", &a), "create");
    check(strata_animation_set_number(a, "fromValue", 60), "from");
    check(strata_animation_set_number(a, "toValue", 200), "to");
    check(strata_animation_set_number(a, "duration", 1), "duration");
    check(strata_animation_set_timing_function(a, "linear"), "timing");
    check(strata_animation_set_delegate(a, on_animation, NULL, NULL), "delegate");
    check(strata_transaction_begin(), "begin");
    check(strata_transaction_set_completion(on_completion, NULL, NULL), "completion");
    check(strata_transaction_set_disable_actions(true), "disable actions");
    check(strata_layer_set_number(square, "position.x", 200), "model value");
    check(strata_layer_add_animation(square, a, "slide"), "add");
    check(strata_transaction_commit(), "commit");
    check(strata_flush(), "flush"); /* sent before the line below, which the script waits for */
    check(strata_animation_release(a), "release");
    say("animating", strata_media_time());
}

static void on_event(strata_connection *c, const strata_connection_event *event, void *user_data) {
    (void)c;
    (void)user_data;
    if (event->kind == STRATA_EVENT_TRANSACTION_PRESENTED && event->transaction_id >= scene_commit && !animating) {
        animating = true;
        slide();
    }
}

static void on_frame(strata_display_link *link, double timestamp, double target, void *user_data) {
    (void)link;
    (void)user_data;
    if (target >= timestamp) ticks++;
}

int main(void) {
    check(strata_connect(NULL, &connection), "connect");
    check(strata_connection_set_event_handler(connection, on_event, NULL, NULL), "events");
    strata_layer *root;
    check(strata_layer_create(STRATA_LAYER_PLAIN, &root), "root");
    check(strata_layer_set_rect(root, "bounds", (strata_rect){{0, 0}, {320, 240}}), "root bounds");
    check(strata_layer_set_point(root, "position", (strata_point){160, 120}), "root position");
    check(strata_layer_set_color(root, "backgroundColor", (strata_color){0.1, 0.1, 0.1, 1}), "root color");
    check(strata_layer_create(STRATA_LAYER_PLAIN, &square), "square");
    check(strata_layer_set_rect(square, "bounds", (strata_rect){{0, 0}, {40, 40}}), "bounds");
    check(strata_layer_set_point(square, "position", (strata_point){60, 120}), "position");
    check(strata_layer_set_color(square, "backgroundColor", (strata_color){0, 146 / 255.0, 1, 1}), "color");
    check(strata_layer_add_sublayer(root, square), "add");
    check(strata_connection_attach(connection, root, NULL), "attach");
    strata_display_link *link;
    check(strata_display_link_create(on_frame, NULL, NULL, &link), "display link");
    check(strata_display_link_add(link, connection), "display link add");
    check(strata_flush(), "flush");
    check(strata_connection_get_last_transaction_id(connection, &scene_commit), "transaction id");
    say("ready", -1);
    check(strata_run(), "run");
    return 0;
}
