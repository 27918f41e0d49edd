/*
 * The C API's behaviour without a server (docs/c-api.md): handles and ownership, the layer tree, properties
 * of every value kind by key path, and each error with its message. Exits 1 naming the first failed check.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strata/strata.h>

static int failures;

#define CHECK(cond)                                                                                  \
    do {                                                                                             \
        if (!(cond)) {                                                                               \
            fprintf(stderr, "unit.c:%d: %s failed (last error: %s)\n", __LINE__, #cond, strata_last_error()); \
            failures++;                                                                              \
        }                                                                                            \
    } while (0)

/* A call that must fail with `code` and a message containing `words`. */
#define REFUSED(call, code, words)                                                                   \
    do {                                                                                             \
        strata_status s_ = (call);                                                                   \
        if (s_ != (code) || strata_last_error_code() != (code) || !strstr(strata_last_error(), (words))) { \
            fprintf(stderr, "unit.c:%d: %s gave %s \"%s\", expected %s \"...%s...\"\n", __LINE__, #call, \
                    strata_status_name(s_), strata_last_error(), #code, (words));                    \
            failures++;                                                                              \
        }                                                                                            \
    } while (0)

#define OK(call) CHECK((call) == STRATA_OK)

static strata_layer *make(strata_layer_kind kind) {
    strata_layer *l = NULL;
    OK(strata_layer_create(kind, &l));
    return l;
}

static void handles_and_tree(void) {
    strata_layer *root = make(STRATA_LAYER_PLAIN), *a = make(STRATA_LAYER_SHAPE), *b = make(STRATA_LAYER_TEXT);
    strata_layer_kind kind = -1;
    OK(strata_layer_get_kind(a, &kind));
    CHECK(kind == STRATA_LAYER_SHAPE);
    for (strata_layer_kind k = 0; k <= STRATA_LAYER_HOST; k++) {
        strata_layer *l = NULL;
        if (k == STRATA_LAYER_TILED) {
            REFUSED(strata_layer_create(k, &l), STRATA_UNSUPPORTED, "unsupported: CATiledLayer");
            CHECK(l == NULL);
            continue;
        }
        OK(strata_layer_create(k, &l));
        OK(strata_layer_get_kind(l, &kind));
        CHECK(kind == k);
        OK(strata_layer_release(l));
    }
    REFUSED(strata_layer_create(10, &a), STRATA_INVALID_ARGUMENT, "kind 10");
    REFUSED(strata_layer_create(0, NULL), STRATA_INVALID_ARGUMENT, "out is NULL");

    /* A superlayer keeps its sublayers: create, add, release is the idiom. */
    OK(strata_layer_add_sublayer(root, a));
    OK(strata_layer_add_sublayer(root, b));
    OK(strata_layer_set_string(a, "name", "a"));
    OK(strata_layer_release(a));
    REFUSED(strata_layer_get_kind(a, &kind), STRATA_FREED_HANDLE, "layer was released");
    size_t count = 0;
    OK(strata_layer_get_sublayer_count(root, &count));
    CHECK(count == 2);
    strata_layer *first = NULL, *again = NULL;
    OK(strata_layer_copy_sublayer(root, 0, &first));
    const char *name = NULL;
    OK(strata_layer_get_string(first, "name", &name));
    CHECK(name && strcmp(name, "a") == 0);
    OK(strata_layer_copy_sublayer(root, 0, &again));
    CHECK(first == again); /* one live handle per layer */
    OK(strata_layer_release(again));
    REFUSED(strata_layer_copy_sublayer(root, 2, &again), STRATA_INVALID_ARGUMENT, "past the 2 sublayers");

    /* Order: b is on top; move the first above it, then back to the bottom. */
    OK(strata_layer_insert_sublayer_above(root, first, b));
    strata_layer *top = NULL;
    OK(strata_layer_copy_sublayer(root, 1, &top));
    bool same = false;
    OK(strata_layer_is_same(top, first, &same));
    CHECK(same);
    OK(strata_layer_release(top));
    OK(strata_layer_insert_sublayer_at(root, first, 0));
    OK(strata_layer_copy_sublayer(root, 0, &top));
    CHECK(top == first);
    OK(strata_layer_release(top));
    REFUSED(strata_layer_insert_sublayer_at(root, first, 3), STRATA_INVALID_ARGUMENT, "index 3 is past");
    REFUSED(strata_layer_insert_sublayer_at(root, first, (size_t)-1), STRATA_INVALID_ARGUMENT, "is past");

    /* Cycles and siblings. */
    REFUSED(strata_layer_add_sublayer(first, root), STRATA_STATE, "one of its ancestors");
    REFUSED(strata_layer_add_sublayer(root, root), STRATA_STATE, "one of its ancestors");
    strata_layer *stranger = make(STRATA_LAYER_PLAIN);
    REFUSED(strata_layer_insert_sublayer_below(root, stranger, stranger), STRATA_STATE, "not a sublayer");
    REFUSED(strata_layer_replace_sublayer(root, stranger, first), STRATA_STATE, "not a sublayer");
    strata_layer *super = NULL;
    OK(strata_layer_copy_superlayer(first, &super));
    CHECK(super == root);
    OK(strata_layer_release(super));
    OK(strata_layer_copy_superlayer(root, &super));
    CHECK(super == NULL);
    OK(strata_layer_replace_sublayer(root, first, stranger));
    OK(strata_layer_copy_superlayer(first, &super));
    CHECK(super == NULL);

    /* Masks: a mask has no superlayer. */
    REFUSED(strata_layer_set_mask(root, stranger), STRATA_STATE, "no superlayer");
    OK(strata_layer_set_mask(root, first));
    strata_layer *mask = NULL;
    OK(strata_layer_copy_mask(root, &mask));
    CHECK(mask == first);
    OK(strata_layer_release(mask));
    REFUSED(strata_layer_set_mask(stranger, first), STRATA_STATE, "already masks");
    /* A mask is no sublayer, and no tree may hold itself through a mask. */
    REFUSED(strata_layer_add_sublayer(stranger, first), STRATA_STATE, "another layer's mask");
    REFUSED(strata_layer_add_sublayer(first, root), STRATA_STATE, "one of its ancestors");
    strata_layer *inner = make(STRATA_LAYER_PLAIN);
    OK(strata_layer_add_sublayer(first, inner));
    REFUSED(strata_layer_set_mask(inner, root), STRATA_STATE, "hold it");
    OK(strata_layer_release(inner));
    OK(strata_layer_set_mask(root, NULL));
    OK(strata_layer_copy_mask(root, &mask));
    CHECK(mask == NULL);

    OK(strata_layer_remove_from_superlayer(stranger));
    OK(strata_layer_get_sublayer_count(root, &count));
    CHECK(count == 1);

    /* Bad handles: NULL, forged, another kind, over-released. */
    REFUSED(strata_layer_retain(NULL), STRATA_INVALID_HANDLE, "layer is NULL");
    REFUSED(strata_layer_retain((strata_layer *)(uintptr_t)0x1234), STRATA_INVALID_HANDLE, "not a Strata handle");
    strata_layer *other_kind = (strata_layer *)(((uintptr_t)root & ~((uintptr_t)0xFF << 48)) | (uintptr_t)3 << 48);
    REFUSED(strata_layer_retain(other_kind), STRATA_WRONG_KIND, "must be a layer, got an animation");
    OK(strata_layer_release(stranger));
    REFUSED(strata_layer_release(stranger), STRATA_FREED_HANDLE, "released");
    OK(strata_layer_release(first));
    OK(strata_layer_release(b));
    OK(strata_layer_release(root));
}

static void properties(void) {
    strata_layer *l = make(STRATA_LAYER_PLAIN);
    double x = 0;
    OK(strata_layer_set_number(l, "opacity", 0.25));
    OK(strata_layer_get_number(l, "opacity", &x));
    CHECK(x == 0.25);
    OK(strata_layer_set_rect(l, "bounds", (strata_rect){{0, 0}, {50, 40}}));
    OK(strata_layer_set_number(l, "bounds.size.width", 120));
    strata_rect r;
    OK(strata_layer_get_rect(l, "bounds", &r));
    CHECK(r.size.width == 120 && r.size.height == 40);
    strata_size sz;
    OK(strata_layer_get_size(l, "bounds.size", &sz));
    CHECK(sz.width == 120 && sz.height == 40);
    OK(strata_layer_set_point(l, "position", (strata_point){10, 20}));
    OK(strata_layer_set_number(l, "position.y", 30));
    strata_point p;
    OK(strata_layer_get_point(l, "position", &p));
    CHECK(p.x == 10 && p.y == 30);
    OK(strata_layer_set_size(l, "shadowOffset", (strata_size){3, -3}));
    OK(strata_layer_get_size(l, "shadowOffset", &sz));
    CHECK(sz.width == 3 && sz.height == -3);
    OK(strata_layer_set_number(l, "transform.rotation.z", 0.5));
    strata_transform t;
    OK(strata_layer_get_transform(l, "transform", &t));
    CHECK(fabs(t.m11 - cos(0.5)) < 1e-12 && fabs(t.m12 - sin(0.5)) < 1e-12);
    strata_transform scale = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1};
    OK(strata_layer_set_transform(l, "sublayerTransform", &scale));
    OK(strata_layer_get_transform(l, "sublayerTransform", &t));
    CHECK(memcmp(&t, &scale, sizeof t) == 0);
    OK(strata_layer_get_number(l, "sublayerTransform.translation.x", &x));
    CHECK(x == 5);
    bool b = true, has = true;
    OK(strata_layer_get_bool(l, "masksToBounds", &b));
    CHECK(!b);
    OK(strata_layer_set_bool(l, "masksToBounds", true));
    OK(strata_layer_get_bool(l, "masksToBounds", &b));
    CHECK(b);
    OK(strata_layer_has_value(l, "backgroundColor", &has));
    CHECK(!has);
    strata_color c;
    OK(strata_layer_get_color(l, "backgroundColor", &c));
    CHECK(c.red == 0 && c.alpha == 0);
    OK(strata_layer_set_color(l, "backgroundColor", (strata_color){0, 146 / 255.0, 1, 1}));
    OK(strata_layer_get_color(l, "backgroundColor", &c));
    CHECK(c.green == 146 / 255.0 && c.alpha == 1);
    OK(strata_layer_has_value(l, "backgroundColor", &has));
    CHECK(has);
    OK(strata_layer_clear(l, "backgroundColor"));
    OK(strata_layer_has_value(l, "backgroundColor", &has));
    CHECK(!has);
    const char *s = NULL;
    OK(strata_layer_get_string(l, "contentsGravity", &s));
    CHECK(s && strcmp(s, "resize") == 0);
    OK(strata_layer_set_string(l, "contentsGravity", "center"));
    OK(strata_layer_get_string(l, "contentsGravity", &s));
    CHECK(s && strcmp(s, "center") == 0);
    OK(strata_layer_get_string(l, "name", &s));
    CHECK(s == NULL);

    /* Refusals, each with its message. */
    REFUSED(strata_layer_set_number(l, "strokeEnd", 0.5), STRATA_UNKNOWN_KEY, "CALayer has no strokeEnd (a property of CAShapeLayer)");
    REFUSED(strata_layer_set_number(l, "opacitee", 1), STRATA_UNKNOWN_KEY, "opacitee");
    REFUSED(strata_layer_set_number(l, "position.z", 1), STRATA_UNKNOWN_KEY, "position.z");
    REFUSED(strata_layer_set_number(l, "position", 1), STRATA_VALUE_TYPE, "position holds a point, not a number");
    REFUSED(strata_layer_get_bool(l, "opacity", &b), STRATA_VALUE_TYPE, "opacity holds a number, not a bool");
    REFUSED(strata_layer_set_number(l, "contentsGravity", 1), STRATA_VALUE_TYPE, "holds a string");
    REFUSED(strata_layer_set_number(l, "contents", 1), STRATA_VALUE_TYPE, "an image");
    REFUSED(strata_layer_set_number(l, "opacity", NAN), STRATA_INVALID_ARGUMENT, "opacity must be finite");
    REFUSED(strata_layer_set_point(l, "position", (strata_point){INFINITY, 0}), STRATA_INVALID_ARGUMENT, "must be finite");
    REFUSED(strata_layer_set_number(l, "contentsScale", 0), STRATA_INVALID_ARGUMENT, "contentsScale");
    REFUSED(strata_layer_set_string(l, "contentsGravity", "middle"), STRATA_INVALID_ARGUMENT, "takes one of");
    REFUSED(strata_layer_set_string(l, "contentsGravity", "\xff"), STRATA_INVALID_ARGUMENT, "value is not UTF-8");
    REFUSED(strata_layer_set_number(l, NULL, 1), STRATA_INVALID_ARGUMENT, "key is NULL");
    REFUSED(strata_layer_get_number(l, "opacity", NULL), STRATA_INVALID_ARGUMENT, "out is NULL");
    REFUSED(strata_layer_clear(l, "opacity"), STRATA_VALUE_TYPE, "cannot be nil");
    REFUSED(strata_layer_set_transform(l, "transform", NULL), STRATA_INVALID_ARGUMENT, "value is NULL");
    OK(strata_layer_get_number(l, "opacity", &x));
    CHECK(x == 0.25); /* nothing refused changed it */

    /* Shapes: enumerations by name, lists of numbers. */
    strata_layer *shape = make(STRATA_LAYER_SHAPE);
    OK(strata_layer_set_string(shape, "lineCap", "round"));
    OK(strata_layer_get_string(shape, "lineCap", &s));
    CHECK(s && strcmp(s, "round") == 0);
    double dashes[] = {4, 2, 1};
    OK(strata_layer_set_numbers(shape, "lineDashPattern", dashes, 3));
    double back[2] = {0, 0};
    size_t count = 0;
    OK(strata_layer_get_numbers(shape, "lineDashPattern", back, 2, &count));
    CHECK(count == 3 && back[0] == 4 && back[1] == 2);
    OK(strata_layer_get_numbers(shape, "lineDashPattern", NULL, 0, &count));
    CHECK(count == 3);
    REFUSED(strata_layer_set_numbers(shape, "lineDashPattern", dashes, 4097), STRATA_LIMIT, "more than the 4096");
    REFUSED(strata_layer_set_numbers(shape, "lineDashPattern", dashes, (size_t)-1), STRATA_LIMIT, "18446744073709551615");
    REFUSED(strata_layer_set_numbers(shape, "lineDashPattern", NULL, 2), STRATA_INVALID_ARGUMENT, "values is NULL");
    OK(strata_layer_clear(shape, "lineDashPattern"));
    OK(strata_layer_has_value(shape, "lineDashPattern", &has));
    CHECK(!has);
    OK(strata_layer_set_number(shape, "strokeEnd", 0.5));

    /* Gradients: lists of colors; text: strings. */
    strata_layer *gradient = make(STRATA_LAYER_GRADIENT);
    strata_color colors[2] = {{1, 0, 0, 1}, {0, 0, 1, 1}}, colors_back[2];
    OK(strata_layer_set_colors(gradient, "colors", colors, 2));
    OK(strata_layer_get_colors(gradient, "colors", colors_back, 2, &count));
    CHECK(count == 2 && colors_back[1].blue == 1 && colors_back[0].red == 1);
    strata_layer *text = make(STRATA_LAYER_TEXT);
    OK(strata_layer_set_string(text, "string", "Hello, évé"));
    OK(strata_layer_get_string(text, "string", &s));
    CHECK(s && strcmp(s, "Hello, évé") == 0);
    OK(strata_layer_set_string(text, "string", NULL));
    OK(strata_layer_get_string(text, "string", &s));
    CHECK(s == NULL);

    /* The property table. */
    size_t n = strata_property_count();
    CHECK(n > 90);
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        strata_property info;
        OK(strata_property_info(i, &info));
        if (strcmp(info.name, "strokeEnd") == 0) {
            found = true;
            CHECK(info.kind == STRATA_VALUE_NUMBER && info.animatable && !info.optional);
            CHECK(info.layer_kinds == 1u << STRATA_LAYER_SHAPE);
        }
    }
    CHECK(found);
    strata_property info;
    REFUSED(strata_property_info(n, &info), STRATA_INVALID_ARGUMENT, "past the");

    OK(strata_layer_release(l));
    OK(strata_layer_release(shape));
    OK(strata_layer_release(gradient));
    OK(strata_layer_release(text));
}

/* Two threads change one tree at once; errors stay per thread. */
static strata_layer *shared_root;

static void *writer(void *arg) {
    (void)arg;
    for (int i = 0; i < 2000; i++) {
        strata_layer *l = NULL;
        if (strata_layer_create(STRATA_LAYER_PLAIN, &l) != STRATA_OK) return (void *)1;
        if (strata_layer_add_sublayer(shared_root, l) != STRATA_OK) return (void *)1;
        if (strata_layer_set_number(l, "opacity", i / 2000.0) != STRATA_OK) return (void *)1;
        if (strata_layer_remove_from_superlayer(l) != STRATA_OK) return (void *)1;
        if (strata_layer_release(l) != STRATA_OK) return (void *)1;
    }
    (void)strata_layer_set_number(shared_root, "nope", 1);
    return strata_last_error_code() == STRATA_UNKNOWN_KEY ? NULL : (void *)1;
}

static void threads(void) {
    shared_root = make(STRATA_LAYER_PLAIN);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, writer, NULL) == 0);
    (void)strata_layer_set_number(shared_root, "opacity", NAN);
    for (int i = 0; i < 2000; i++) {
        OK(strata_layer_set_number(shared_root, "cornerRadius", i));
        strata_layer *l = NULL;
        OK(strata_layer_create(STRATA_LAYER_SHAPE, &l));
        OK(strata_layer_insert_sublayer_at(shared_root, l, 0));
        OK(strata_layer_release(l));
    }
    void *result = (void *)1;
    pthread_join(thread, &result);
    CHECK(result == NULL);
    CHECK(strata_last_error_code() == STRATA_INVALID_ARGUMENT); /* the other thread's error is its own */
    size_t count = 0;
    OK(strata_layer_get_sublayer_count(shared_root, &count));
    CHECK(count == 2000);
    OK(strata_layer_release(shared_root));
}

/* Animations, transactions and display links, without a server. */
static void animations(void) {
    strata_animation *a = NULL, *g = NULL, *k = NULL;
    REFUSED(strata_animation_create(STRATA_ANIMATION_BASIC, "opacitee", &a), STRATA_UNKNOWN_KEY, "opacitee");
    REFUSED(strata_animation_create(STRATA_ANIMATION_BASIC, "speed", &a), STRATA_INVALID_ARGUMENT, "speed is not animatable");
    REFUSED(strata_animation_create(STRATA_ANIMATION_GROUP, "opacity", &g), STRATA_INVALID_ARGUMENT, "pass NULL");
    REFUSED(strata_animation_create(9, NULL, &g), STRATA_INVALID_ARGUMENT, "kind 9");
    OK(strata_animation_create(STRATA_ANIMATION_BASIC, "opacity", &a));
    OK(strata_animation_create(STRATA_ANIMATION_GROUP, NULL, &g));
    OK(strata_animation_create(STRATA_ANIMATION_KEYFRAME, "position", &k));
    strata_animation_kind kind = 0;
    OK(strata_animation_get_kind(k, &kind));
    CHECK(kind == STRATA_ANIMATION_KEYFRAME);

    double x = 0;
    OK(strata_animation_set_number(a, "duration", 0.4));
    OK(strata_animation_get_number(a, "duration", &x));
    CHECK(x == 0.4);
    OK(strata_animation_set_number(a, "repeatCount", INFINITY));
    OK(strata_animation_get_number(a, "repeatCount", &x));
    CHECK(isinf(x));
    REFUSED(strata_animation_set_number(a, "duration", NAN), STRATA_INVALID_ARGUMENT, "duration must be finite");
    REFUSED(strata_animation_set_number(a, "beginTime", INFINITY), STRATA_INVALID_ARGUMENT, "must be finite");
    REFUSED(strata_animation_set_number(a, "stiffness", 1), STRATA_UNKNOWN_KEY, "a basic animation has no stiffness");
    REFUSED(strata_animation_set_number(a, "fillMode", 1), STRATA_VALUE_TYPE, "fillMode does not take a number");
    OK(strata_animation_set_bool(a, "autoreverses", true));
    bool b = false;
    OK(strata_animation_get_bool(a, "autoreverses", &b));
    CHECK(b);
    OK(strata_animation_set_string(a, "fillMode", "forwards"));
    const char *s = NULL;
    OK(strata_animation_get_string(a, "fillMode", &s));
    CHECK(s && strcmp(s, "forwards") == 0);
    OK(strata_animation_set_number(a, "toValue", 0.5));
    REFUSED(strata_animation_set_point(a, "toValue", (strata_point){1, 2}), STRATA_VALUE_TYPE, "opacity holds a number, not a point");
    REFUSED(strata_animation_set_number(g, "toValue", 1), STRATA_UNKNOWN_KEY, "an animation group has no toValue");
    REFUSED(strata_animation_set_timing_function(a, "bouncy"), STRATA_INVALID_ARGUMENT, "no timing function");
    OK(strata_animation_set_timing_function(a, "easeInEaseOut"));
    REFUSED(strata_animation_set_timing_points(a, 1.5, 0, 0.5, 1), STRATA_INVALID_ARGUMENT, "x in [0, 1]");
    OK(strata_animation_set_timing_points(a, 0.25, 0.1, 0.25, 1));

    strata_point points[3] = {{0, 0}, {50, 20}, {100, 0}};
    double times[3] = {0, 0.3, 1};
    OK(strata_animation_set_keyframe_points(k, points, 3));
    OK(strata_animation_set_key_times(k, times, 3));
    REFUSED(strata_animation_set_keyframe_numbers(k, times, 3), STRATA_VALUE_TYPE, "position holds a point, not a number");
    REFUSED(strata_animation_set_keyframe_points(a, points, 3), STRATA_WRONG_KIND, "expected a keyframe animation, got a basic animation");
    times[1] = 2;
    REFUSED(strata_animation_set_key_times(k, times, 3), STRATA_INVALID_ARGUMENT, "key time 1 is 2");
    points[2].x = NAN;
    REFUSED(strata_animation_set_keyframe_points(k, points, 3), STRATA_INVALID_ARGUMENT, "value 2 is not finite");

    OK(strata_animation_group_add(g, a));
    OK(strata_animation_group_add(g, k));
    REFUSED(strata_animation_group_add(g, g), STRATA_STATE, "hold itself");
    REFUSED(strata_animation_group_add(a, k), STRATA_WRONG_KIND, "expected an animation group");
    REFUSED(strata_layer_retain((strata_layer *)a), STRATA_WRONG_KIND, "must be a layer, got an animation");

    /* On layers: a copy runs; refusals name why. */
    strata_layer *l = make(STRATA_LAYER_PLAIN);
    OK(strata_layer_add_animation(l, a, "fade"));
    OK(strata_layer_has_animation(l, "fade", &b));
    CHECK(b);
    strata_animation *stroke = NULL;
    OK(strata_animation_create(STRATA_ANIMATION_BASIC, "strokeEnd", &stroke));
    REFUSED(strata_layer_add_animation(l, stroke, "draw"), STRATA_INVALID_ARGUMENT, "strokeEnd");
    OK(strata_layer_remove_animation(l, "fade"));
    OK(strata_layer_has_animation(l, "fade", &b));
    CHECK(!b);
    OK(strata_layer_add_animation(l, g, NULL));
    OK(strata_layer_remove_all_animations(l));
    strata_animation *sp = NULL;
    REFUSED(strata_animation_create_spring("bounds", 0, 0.2, &sp), STRATA_INVALID_ARGUMENT, "perceptual duration");
    OK(strata_animation_create_spring("bounds", 0.5, 0.2, &sp));
    OK(strata_animation_get_kind(sp, &kind));
    CHECK(kind == STRATA_ANIMATION_SPRING);
    OK(strata_animation_get_number(sp, "stiffness", &x));
    CHECK(fabs(x - 4 * 3.14159265358979323846 * 3.14159265358979323846 / 0.25) < 1e-6); /* (2π / 0.5)^2 with mass 1 */

    /* Transactions. */
    REFUSED(strata_transaction_commit(), STRATA_STATE, "no transaction is open");
    OK(strata_transaction_begin());
    OK(strata_transaction_set_duration(0.2));
    REFUSED(strata_transaction_set_duration(-1), STRATA_INVALID_ARGUMENT, "duration");
    OK(strata_transaction_set_disable_actions(true));
    OK(strata_transaction_set_timing_function("linear"));
    OK(strata_transaction_set_completion(NULL, NULL, NULL));
    OK(strata_transaction_commit());

    /* Display links. */
    strata_display_link *link = NULL;
    REFUSED(strata_display_link_create(NULL, NULL, NULL, &link), STRATA_INVALID_ARGUMENT, "fn is NULL");
    REFUSED(strata_display_link_set_paused(NULL, true), STRATA_INVALID_HANDLE, "link is NULL");

    OK(strata_animation_release(stroke));
    OK(strata_animation_release(sp));
    OK(strata_animation_release(a));
    OK(strata_animation_release(k));
    OK(strata_animation_release(g));
    OK(strata_layer_release(l));
}

/* Images, paths, hit testing, conversion, presentation copies and input handlers, without a server. */
static int destroyed;
static void count_destroy(void *user_data) { destroyed += user_data == (void *)&destroyed; }
static void ignore_input(const strata_input_event *event, void *user_data) {
    (void)event;
    (void)user_data;
}

static void images_paths_input(void) {
    uint8_t pixels[2 * 12] = {255, 0, 0, 255, 0, 255, 0, 255, 9, 9, 9, 9, 0, 0, 255, 255, 255, 255, 255, 128, 9, 9, 9, 9};
    strata_image *image = NULL;
    OK(strata_image_create_rgba(2, 2, 12, pixels, false, &image));
    int32_t w = 0, h = 0;
    OK(strata_image_get_size(image, &w, &h));
    CHECK(w == 2 && h == 2);
    strata_image *bad = NULL;
    REFUSED(strata_image_create_rgba(2, 2, 7, pixels, false, &bad), STRATA_INVALID_ARGUMENT, "stride 7 is less than width * 4 (8)");
    REFUSED(strata_image_create_rgba(0, 2, 8, pixels, false, &bad), STRATA_INVALID_ARGUMENT, "width must be 1 to 65535");
    REFUSED(strata_image_create_rgba(2, 2, 8, NULL, false, &bad), STRATA_INVALID_ARGUMENT, "pixels is NULL");
    REFUSED(strata_image_create_rgba(65535, 65535, SIZE_MAX / 2, pixels, false, &bad), STRATA_LIMIT, "bytes");
    REFUSED(strata_image_create_from_file("/nonexistent.png", &bad), STRATA_IO, "/nonexistent.png");
    REFUSED(strata_image_create_from_data(pixels, sizeof pixels, &bad), STRATA_IO, "");
    REFUSED(strata_image_create_from_data(NULL, 0, &bad), STRATA_INVALID_ARGUMENT, "no data");
    strata_image *png = NULL;
    OK(strata_image_create_from_file("docs/getting-started.png", &png));
    OK(strata_image_get_size(png, &w, &h));
    CHECK(w == 800 && h == 480);
    strata_layer *l = make(STRATA_LAYER_PLAIN);
    OK(strata_layer_set_contents(l, image));
    OK(strata_layer_set_contents(l, NULL));
    REFUSED(strata_layer_set_contents(l, (strata_image *)l), STRATA_WRONG_KIND, "must be an image, got a layer");

    strata_path *path = NULL;
    OK(strata_path_create(&path));
    OK(strata_path_move_to(path, (strata_point){10, 10}));
    OK(strata_path_line_to(path, (strata_point){60, 10}));
    OK(strata_path_quad_to(path, (strata_point){70, 30}, (strata_point){60, 50}));
    OK(strata_path_curve_to(path, (strata_point){40, 60}, (strata_point){20, 60}, (strata_point){10, 50}));
    OK(strata_path_close(path));
    OK(strata_path_add_arc(path, (strata_point){100, 100}, 10, 0, 3.14159, true));
    OK(strata_path_add_rounded_rect(path, (strata_rect){{0, 0}, {20, 20}}, 4, 4));
    REFUSED(strata_path_line_to(path, (strata_point){NAN, 0}), STRATA_INVALID_ARGUMENT, "finite");
    REFUSED(strata_path_add_arc(path, (strata_point){0, 0}, -1, 0, 1, false), STRATA_INVALID_ARGUMENT, "radius");
    strata_rect box;
    OK(strata_path_get_bounding_box(path, &box));
    /* The arc turns from 0 down to -π, over the top of its centre: it reaches y 90 to 100. */
    CHECK(fabs(box.origin.x) < 1e-6 && fabs(box.origin.y) < 1e-6 && fabs(box.size.width - 110) < 1e-4 && fabs(box.size.height - 100) < 1e-4);
    strata_layer *shape = make(STRATA_LAYER_SHAPE);
    OK(strata_layer_set_path(shape, "path", path));
    OK(strata_layer_set_path(l, "shadowPath", path));
    OK(strata_layer_set_path(l, "shadowPath", NULL));
    REFUSED(strata_layer_set_path(l, "path", path), STRATA_UNKNOWN_KEY, "CALayer has no path");
    REFUSED(strata_layer_set_path(shape, "fillColor", path), STRATA_VALUE_TYPE, "fillColor holds a color, not a path");
    strata_path *long_path = NULL;
    OK(strata_path_create(&long_path));
    for (int i = 0; i < 4100; i++) OK(strata_path_line_to(long_path, (strata_point){i, i % 7}));
    REFUSED(strata_layer_set_path(shape, "path", long_path), STRATA_INVALID_ARGUMENT, "path elements");
    strata_animation *along = NULL, *morph = NULL;
    OK(strata_animation_create(STRATA_ANIMATION_KEYFRAME, "position", &along));
    OK(strata_animation_set_path(along, "path", path));
    REFUSED(strata_animation_set_path(along, "toValue", path), STRATA_UNKNOWN_KEY, "a keyframe animation has no toValue");
    OK(strata_animation_create(STRATA_ANIMATION_BASIC, "path", &morph));
    OK(strata_animation_set_path(morph, "toValue", path));
    OK(strata_layer_add_animation(shape, morph, "morph"));

    /* Hit testing and conversion: a 10-point child at (20, 20) of a 100-point root at (50, 50). */
    strata_layer *root = make(STRATA_LAYER_PLAIN), *child = make(STRATA_LAYER_PLAIN), *hit = NULL;
    OK(strata_layer_set_rect(root, "bounds", (strata_rect){{0, 0}, {100, 100}}));
    OK(strata_layer_set_point(root, "position", (strata_point){50, 50}));
    OK(strata_layer_set_rect(child, "bounds", (strata_rect){{0, 0}, {10, 10}}));
    OK(strata_layer_set_point(child, "position", (strata_point){20, 20}));
    OK(strata_layer_add_sublayer(root, child));
    OK(strata_layer_copy_hit_test(root, (strata_point){22, 18}, &hit));
    CHECK(hit == child);
    if (hit) OK(strata_layer_release(hit));
    OK(strata_layer_copy_hit_test(root, (strata_point){500, 18}, &hit));
    CHECK(hit == NULL);
    strata_point local;
    OK(strata_layer_convert_point(child, (strata_point){20, 20}, root, &local));
    CHECK(local.x == 5 && local.y == 5);
    strata_layer *shown = NULL;
    OK(strata_layer_copy_presentation(child, &shown));
    if (shown) {
        REFUSED(strata_layer_set_mask(root, shown), STRATA_STATE, "presentation layers");
        OK(strata_layer_release(shown));
    }

    /* A handler's destroy-notify runs on the main thread inside strata_dispatch once it is replaced. */
    destroyed = 0;
    OK(strata_layer_set_input_handler(root, ignore_input, &destroyed, count_destroy));
    OK(strata_layer_set_input_handler(root, NULL, NULL, NULL));
    CHECK(destroyed == 0);
    OK(strata_dispatch());
    CHECK(destroyed == 1);

    OK(strata_animation_release(along));
    OK(strata_animation_release(morph));
    OK(strata_path_release(path));
    OK(strata_path_release(long_path));
    OK(strata_image_release(image));
    OK(strata_image_release(png));
    OK(strata_layer_release(child));
    OK(strata_layer_release(root));
    OK(strata_layer_release(shape));
    OK(strata_layer_release(l));
}

/* Emitter cells: properties by name, sub-cells, an emitter layer's cells. */
static void emitter_cells(void) {
    strata_emitter_cell *fire = NULL, *smoke = NULL;
    OK(strata_emitter_cell_create(&fire));
    OK(strata_emitter_cell_create(&smoke));
    OK(strata_emitter_cell_set_number(fire, "birthRate", 40));
    OK(strata_emitter_cell_set_number(fire, "lifetime", 2.5));
    OK(strata_emitter_cell_set_number(fire, "repeatCount", 3));
    REFUSED(strata_emitter_cell_set_number(fire, "repeatCount", INFINITY), STRATA_INVALID_ARGUMENT, "repeatCount must be finite");
    double x = 0;
    OK(strata_emitter_cell_get_number(fire, "lifetime", &x));
    CHECK(x == 2.5);
    OK(strata_emitter_cell_set_string(fire, "name", "fire"));
    OK(strata_emitter_cell_set_color(fire, "color", (strata_color){1, 0.5, 0, 1}));
    OK(strata_emitter_cell_set_bool(fire, "enabled", true));
    OK(strata_emitter_cell_set_rect(fire, "contentsRect", (strata_rect){{0, 0}, {0.5, 0.5}}));
    REFUSED(strata_emitter_cell_set_number(fire, "brightness", 1), STRATA_UNKNOWN_KEY, "CAEmitterCell has no brightness");
    REFUSED(strata_emitter_cell_set_number(fire, "lifetime", NAN), STRATA_INVALID_ARGUMENT, "lifetime must be finite");
    REFUSED(strata_emitter_cell_set_bool(fire, "name", true), STRATA_VALUE_TYPE, "name does not take a bool");
    REFUSED(strata_emitter_cell_get_number(fire, "name", &x), STRATA_UNKNOWN_KEY, "no number name");
    uint8_t white[16 * 4];
    memset(white, 255, sizeof white);
    strata_image *dot = NULL;
    OK(strata_image_create_rgba(4, 4, 16, white, false, &dot));
    OK(strata_emitter_cell_set_contents(fire, dot));
    strata_emitter_cell *children[1] = {smoke};
    OK(strata_emitter_cell_set_cells(fire, children, 1));
    strata_emitter_cell *loop[1] = {fire};
    REFUSED(strata_emitter_cell_set_cells(smoke, loop, 1), STRATA_STATE, "hold itself");
    strata_layer *emitter = make(STRATA_LAYER_EMITTER), *plain = make(STRATA_LAYER_PLAIN);
    OK(strata_layer_set_emitter_cells(emitter, loop, 1));
    OK(strata_layer_get_number(emitter, "emitterCells.fire.birthRate", &x));
    CHECK(x == 40);
    REFUSED(strata_layer_set_emitter_cells(plain, loop, 1), STRATA_UNKNOWN_KEY, "CALayer has no emitterCells");
    REFUSED(strata_layer_set_emitter_cells(emitter, loop, 4097), STRATA_LIMIT, "4096");
    REFUSED(strata_layer_set_emitter_cells(emitter, (strata_emitter_cell **)&emitter, 1), STRATA_WRONG_KIND, "cells[0] must be an emitter cell, got a layer");
    OK(strata_layer_set_emitter_cells(emitter, NULL, 0));
    OK(strata_image_release(dot));
    OK(strata_emitter_cell_release(fire));
    OK(strata_emitter_cell_release(smoke));
    OK(strata_layer_release(emitter));
    OK(strata_layer_release(plain));
}

/* The run loop: main thread only; strata_quit from any thread ends strata_run. */
static void *quitter(void *arg) {
    (void)arg;
    int fd;
    if (strata_dispatch() != STRATA_WRONG_THREAD || !strstr(strata_last_error(), "main thread only")) return (void *)1;
    if (strata_get_fd(&fd) != STRATA_WRONG_THREAD) return (void *)1;
    if (strata_run() != STRATA_WRONG_THREAD) return (void *)1;
    if (strata_flush() != STRATA_OK) return (void *)1;
    return strata_quit() == STRATA_OK ? NULL : (void *)1;
}

static void loop(void) {
    int fd = -1;
    OK(strata_get_fd(&fd));
    CHECK(fd >= 0);
    OK(strata_dispatch());
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, quitter, NULL) == 0);
    OK(strata_run()); /* returns once the thread quits it */
    void *result = (void *)1;
    pthread_join(thread, &result);
    CHECK(result == NULL);
}

/* A connection, when a server listens on STRATA_SOCKET. */
static void connected(void) {
    strata_connection *c = NULL;
    REFUSED(strata_connect("/nonexistent/strata.sock", &c), STRATA_CONNECT_FAILED, "/nonexistent/strata.sock");
    OK(strata_connect(NULL, &c));
    size_t outputs = 0;
    OK(strata_connection_get_output_count(c, &outputs));
    CHECK(outputs == 1);
    strata_output o;
    OK(strata_connection_get_output(c, 0, &o));
    CHECK(o.width == 320 && o.height == 240 && o.scale == 1 && o.bounds.size.width == 320 && o.name[0] != 0);
    REFUSED(strata_connection_get_output(c, 1, &o), STRATA_INVALID_ARGUMENT, "past the 1 outputs");
    strata_layer *root = make(STRATA_LAYER_PLAIN), *child = make(STRATA_LAYER_PLAIN);
    OK(strata_layer_add_sublayer(root, child));
    REFUSED(strata_connection_attach(c, child, NULL), STRATA_STATE, "has a superlayer");
    REFUSED(strata_connection_attach(c, root, "\xff"), STRATA_INVALID_ARGUMENT, "output is not UTF-8");
    OK(strata_connection_attach(c, root, NULL));
    OK(strata_flush());
    uint64_t id = 0;
    OK(strata_connection_get_last_transaction_id(c, &id));
    CHECK(id >= 1);
    bool up = false;
    OK(strata_connection_is_connected(c, &up));
    CHECK(up);
    OK(strata_connection_detach(c, root));
    OK(strata_connection_close(c));
    OK(strata_connection_is_connected(c, &up));
    CHECK(!up);
    REFUSED(strata_connection_attach(c, root, NULL), STRATA_NOT_CONNECTED, "closed");
    REFUSED(strata_layer_retain((strata_layer *)c), STRATA_WRONG_KIND, "must be a layer, got a connection");
    OK(strata_connection_release(c));
    REFUSED(strata_connection_close(c), STRATA_FREED_HANDLE, "released");
    OK(strata_layer_release(child));
    OK(strata_layer_release(root));
}

int main(void) {
    CHECK(strata_abi_version() == STRATA_ABI_VERSION);
    CHECK(strata_last_error_code() == STRATA_OK && strcmp(strata_last_error(), "") == 0);
    handles_and_tree();
    properties();
    threads();
    animations();
    images_paths_input();
    emitter_cells();
    loop();
    if (getenv("STRATA_SOCKET")) connected();
    if (failures) {
        fprintf(stderr, "unit.c: %d checks failed\n", failures);
        return 1;
    }
    printf("unit.c: every check passed\n");
    return 0;
}
