/*
 * Tap to grow, in C: seed 003's first demo on libstrata (docs/c-api.md). A blue circle with a grey shadow sits
 * in the middle of the screen; a tap moves it there and grows it to 200 points across with a spring, or
 * shrinks it back to 50. Build: cc -std=c11 tap_to_grow.c $(pkg-config --cflags --libs strata)
 */
#include <stdio.h>
#include <stdlib.h>

#include <strata/strata.h>

#define SMALL 50.0
#define LARGE 200.0

static strata_layer *circle;

static void check(strata_status status, const char *what) {
    if (status == STRATA_OK) return;
    fprintf(stderr, "tap_to_grow: %s: %s\n", what, strata_last_error());
    exit(1);
}

/* Springs key_path to its new model value from what is on screen now (a spring with no from or to value
 * does that, as in Core Animation): damping 12, stiffness 180, over the spring's settling time. */
static void spring(const char *key_path) {
    strata_animation *animation;
    check(strata_animation_create(STRATA_ANIMATION_SPRING, key_path, &animation), "spring");
    check(strata_animation_set_number(animation, "damping", 12), "damping");
    check(strata_animation_set_number(animation, "stiffness", 180), "stiffness");
    double settling;
    check(strata_animation_get_number(animation, "settlingDuration", &settling), "settling duration");
    check(strata_animation_set_number(animation, "duration", settling), "duration");
    check(strata_layer_add_animation(circle, animation, key_path), "add spring");
    check(strata_animation_release(animation), "release spring"); /* the layer runs its own copy */
}

static void on_touch(const strata_input_event *event, void *user_data) {
    (void)user_data;
    if (event->kind != STRATA_INPUT_TOUCH_UP) return;
    strata_rect bounds;
    check(strata_layer_get_rect(circle, "bounds", &bounds), "bounds");
    double width = bounds.size.width == SMALL ? LARGE : SMALL;

    check(strata_transaction_begin(), "begin");
    check(strata_transaction_set_disable_actions(true), "disable actions");
    check(strata_layer_set_rect(circle, "bounds", (strata_rect){{0, 0}, {width, width}}), "set bounds");
    check(strata_layer_set_point(circle, "position", event->location), "set position");
    check(strata_layer_set_number(circle, "cornerRadius", width / 2), "set radius");
    spring("bounds");
    spring("position");
    spring("cornerRadius");
    check(strata_transaction_commit(), "commit");
    check(strata_flush(), "flush"); /* sent now, before the line below says so */
    printf("%s %.0f at %.6f\n", width == LARGE ? "grew" : "shrank", width, strata_media_time());
    fflush(stdout);
}

int main(void) {
    strata_connection *connection;
    check(strata_connect(NULL, &connection), "connect");
    strata_output screen;
    check(strata_connection_get_output(connection, 0, &screen), "screen");
    double w = screen.bounds.size.width, h = screen.bounds.size.height;

    strata_layer *root;
    check(strata_layer_create(STRATA_LAYER_PLAIN, &root), "root");
    check(strata_layer_set_rect(root, "bounds", (strata_rect){{0, 0}, {w, h}}), "root bounds");
    check(strata_layer_set_point(root, "position", (strata_point){w / 2, h / 2}), "root position");
    check(strata_layer_set_color(root, "backgroundColor", (strata_color){1, 1, 1, 1}), "root color");
    check(strata_layer_set_bool(root, "interactive", true), "interactive");
    check(strata_layer_set_input_handler(root, on_touch, NULL, NULL), "input handler");

    check(strata_layer_create(STRATA_LAYER_PLAIN, &circle), "circle");
    check(strata_layer_set_color(circle, "backgroundColor", (strata_color){0, 146 / 255.0, 1, 1}), "color");
    check(strata_layer_set_point(circle, "position", (strata_point){w / 2, h / 2}), "position");
    check(strata_layer_set_rect(circle, "bounds", (strata_rect){{0, 0}, {SMALL, SMALL}}), "bounds");
    check(strata_layer_set_number(circle, "cornerRadius", SMALL / 2), "radius");
    check(strata_layer_set_color(circle, "shadowColor", (strata_color){0.5, 0.5, 0.5, 1}), "shadow color");
    check(strata_layer_set_size(circle, "shadowOffset", (strata_size){2, 2}), "shadow offset");
    check(strata_layer_set_number(circle, "shadowOpacity", 0.9), "shadow opacity");
    check(strata_layer_add_sublayer(root, circle), "add circle"); /* circle keeps its handle: on_touch uses it */

    check(strata_connection_attach(connection, root, NULL), "attach");
    check(strata_flush(), "flush");
    printf("ready %.0fx%.0f\n", w, h);
    fflush(stdout);
    check(strata_run(), "run");
    return 0;
}
