/*
 * The C API's garbage test (docs/c-api.md): random calls of every function in strata.h with hostile
 * arguments (NULL, released, forged and wrong-kind handles; NaN, infinities and huge doubles; counts of 0,
 * 4097, 2^40 and SIZE_MAX; NULL, empty, unknown, invalid UTF-8 and 1 MiB strings). Every call must return,
 * and every failing call must leave a message in strata_last_error. The call table is generated from the
 * header (scripts/c-api.py garbage). Arrays are real buffers of the count they claim, or counts over the
 * limit that the library refuses before reading: no C library can check a wild pointer with a small count.
 *
 *   garbage CALLS SEED      (CALLS split 4:1 between the main thread and a second one)
 */
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <strata/strata.h>

struct garbage {
    uint64_t rng;
    unsigned char *scratch; /* out-parameters and lists */
    size_t scratch_size;
    void *out_handle;       /* where an out handle was written */
    long by_status[32];
    long calls;
    bool main_thread;
};

struct garbage_call {
    const char *name;
    long (*call)(struct garbage *g);
};

/* The current call of each thread, for a crash report. */
static __thread const char *current_name;
static __thread long current_index;
static uint64_t seed;

static void on_crash(int sig) {
    char line[256];
    int n = snprintf(line, sizeof line, "garbage: signal %d in %s (call %ld, seed %" PRIu64 ")\n", sig,
                     current_name ? current_name : "?", current_index, seed);
    if (n > 0) (void)!write(2, line, (size_t)n);
    _exit(70);
}

static uint64_t next(struct garbage *g) {
    g->rng ^= g->rng >> 12;
    g->rng ^= g->rng << 25;
    g->rng ^= g->rng >> 27;
    return g->rng * 2685821657736338717ULL;
}

static unsigned pick(struct garbage *g, unsigned n) { return (unsigned)(next(g) % n); }

/* Handles: live ones from the pool of their type, released ones, ones of other types (real and forged),
 * NULL, random words. A handle's type is its tag: bits 48 to 55. */
#define POOL 64
#define TAGS 8
struct pool {
    void *live[POOL];
    size_t live_count;
    void *released[POOL];
    size_t released_count;
};
static struct pool pools[TAGS];
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static int tag_of(void *h) { return (int)(((uint64_t)(uintptr_t)h >> 48) & 0xFF); }

static strata_status release_handle(void *h) {
    switch (tag_of(h)) {
    case 1: return strata_layer_release((strata_layer *)h);
    case 2: return strata_connection_release((strata_connection *)h);
    case 3: return strata_animation_release((strata_animation *)h);
    case 4: return strata_image_release((strata_image *)h);
    case 5: return strata_path_release((strata_path *)h);
    case 6: return strata_display_link_release((strata_display_link *)h);
    case 7: return strata_emitter_cell_release((strata_emitter_cell *)h);
    default: return STRATA_WRONG_KIND;
    }
}

static strata_status retain_handle(void *h) {
    switch (tag_of(h)) {
    case 1: return strata_layer_retain((strata_layer *)h);
    case 2: return strata_connection_retain((strata_connection *)h);
    case 3: return strata_animation_retain((strata_animation *)h);
    case 4: return strata_image_retain((strata_image *)h);
    case 5: return strata_path_retain((strata_path *)h);
    case 6: return strata_display_link_retain((strata_display_link *)h);
    case 7: return strata_emitter_cell_retain((strata_emitter_cell *)h);
    default: return STRATA_WRONG_KIND;
    }
}

/* Drops every reference the pool held. */
static void release_all(void *h) {
    for (int i = 0; i <= 70 && release_handle(h) == STRATA_OK; i++) {}
}

static void *g_handle(struct garbage *g, int tag) {
    unsigned r = pick(g, 100);
    void *h = NULL;
    pthread_mutex_lock(&pool_lock);
    struct pool *p = &pools[tag];
    struct pool *other = &pools[1 + pick(g, TAGS - 1)];
    if (r < 70 && p->live_count > 0) h = p->live[pick(g, (unsigned)p->live_count)];
    else if (r < 78 && p->released_count > 0) h = p->released[pick(g, (unsigned)p->released_count)];
    else if (r < 82 && other->live_count > 0) h = other->live[pick(g, (unsigned)other->live_count)];
    else if (r < 86 && p->live_count > 0) {
        uint64_t v = (uint64_t)(uintptr_t)p->live[pick(g, (unsigned)p->live_count)];
        h = (void *)(uintptr_t)((v & ~(0xFFULL << 48)) | (uint64_t)pick(g, 256) << 48);
    }
    pthread_mutex_unlock(&pool_lock);
    if (h) return h;
    if (r < 92) return NULL;
    if (r < 96) return (void *)(uintptr_t)(0xA5ULL << 56 | (uint64_t)tag << 48 | (next(g) & 0xFFFFFFFFFFFFULL));
    return (void *)(uintptr_t)next(g);
}

static void *g_out_handle(struct garbage *g) {
    if (pick(g, 10) == 0) return NULL;
    g->out_handle = g->scratch;
    memset(g->scratch, 0, sizeof(void *));
    return g->scratch;
}

/* References each pooled handle holds, so that the calls' random releases seldom free a pooled handle. */
#define POOL_REFS 64

/* Puts a handle into its type's pool, in place of one that is released for good. */
static void pool_add(struct garbage *g, void *h) {
    int tag = tag_of(h);
    if (tag <= 0 || tag >= TAGS) return;
    for (int i = 0; i < POOL_REFS; i++) (void)retain_handle(h);
    void *dropped = NULL;
    pthread_mutex_lock(&pool_lock);
    struct pool *p = &pools[tag];
    if (p->live_count < POOL) p->live[p->live_count++] = h;
    else {
        size_t i = pick(g, POOL);
        dropped = p->live[i];
        p->live[i] = h;
    }
    pthread_mutex_unlock(&pool_lock);
    if (dropped) {
        release_all(dropped);
        pthread_mutex_lock(&pool_lock);
        p->released[p->released_count < POOL ? p->released_count++ : pick(g, POOL)] = dropped;
        pthread_mutex_unlock(&pool_lock);
    }
}

/* After a call: a handle it wrote goes into the pool. */
static void collect(struct garbage *g) {
    if (!g->out_handle) return;
    void *h;
    memcpy(&h, g->out_handle, sizeof h);
    g->out_handle = NULL;
    if (h) pool_add(g, h);
}

/* Callbacks: they look at what they are given and call back into the library. */
static long events_seen, destroys_seen;

static void on_event(strata_connection *connection, const strata_connection_event *event, void *user_data) {
    (void)user_data;
    __atomic_add_fetch(&events_seen, 1, __ATOMIC_RELAXED);
    bool up;
    (void)strata_connection_is_connected(connection, &up);
    if (event && event->layer) {
        strata_layer_kind kind;
        (void)strata_layer_get_kind(event->layer, &kind);
    }
    (void)strata_dispatch(); /* nested: a no-op */
}

static void on_destroy(void *user_data) {
    (void)user_data;
    __atomic_add_fetch(&destroys_seen, 1, __ATOMIC_RELAXED);
}

static void on_animation(strata_animation *animation, strata_animation_event_kind kind, bool finished, void *user_data) {
    (void)kind;
    (void)finished;
    (void)user_data;
    __atomic_add_fetch(&events_seen, 1, __ATOMIC_RELAXED);
    strata_animation_kind k;
    (void)strata_animation_get_kind(animation, &k);
    double d;
    (void)strata_animation_get_number(animation, "duration", &d);
}

static void on_completion(void *user_data) {
    (void)user_data;
    __atomic_add_fetch(&events_seen, 1, __ATOMIC_RELAXED);
    (void)strata_transaction_begin();
    (void)strata_transaction_commit();
}

static void on_frame(strata_display_link *link, double timestamp, double target, void *user_data) {
    (void)timestamp;
    (void)target;
    (void)user_data;
    __atomic_add_fetch(&events_seen, 1, __ATOMIC_RELAXED);
    if (timestamp > 0 && (uint64_t)(timestamp * 1000) % 7 == 0) (void)strata_display_link_set_paused(link, true);
}

static void on_input(const strata_input_event *event, void *user_data) {
    (void)user_data;
    __atomic_add_fetch(&events_seen, 1, __ATOMIC_RELAXED);
    if (event->layer) (void)strata_layer_set_number(event->layer, "opacity", 0.5);
}

static strata_input_fn g_input_fn(struct garbage *g) { return pick(g, 4) ? on_input : NULL; }
static strata_connection_event_fn g_event_fn(struct garbage *g) { return pick(g, 4) ? on_event : NULL; }
static strata_animation_fn g_animation_fn(struct garbage *g) { return pick(g, 4) ? on_animation : NULL; }
static strata_completion_fn g_completion_fn(struct garbage *g) { return pick(g, 4) ? on_completion : NULL; }
static strata_display_link_fn g_link_fn(struct garbage *g) { return pick(g, 4) ? on_frame : NULL; }
static strata_destroy_fn g_destroy_fn(struct garbage *g) { return pick(g, 3) ? on_destroy : NULL; }
static void *g_user_data(struct garbage *g) { return (void *)(uintptr_t)next(g); }

static int32_t g_int32(struct garbage *g) {
    static const int32_t picks[] = {0, 1, 2, 5, 7, 8, 9, 10, -1, INT32_MAX, INT32_MIN, -999};
    return pick(g, 2) ? (int32_t)pick(g, 12) : picks[pick(g, sizeof picks / sizeof *picks)];
}

static size_t g_size(struct garbage *g) {
    static const size_t picks[] = {0, 1, 2, 3, 4096, 4097, (size_t)1 << 40, SIZE_MAX, SIZE_MAX / 2 + 1};
    return pick(g, 2) ? pick(g, 6) : picks[pick(g, sizeof picks / sizeof *picks)];
}

static double g_double(struct garbage *g) {
    switch (pick(g, 10)) {
    case 0: return NAN;
    case 1: return pick(g, 2) ? INFINITY : -INFINITY;
    case 2: return pick(g, 2) ? 1e308 : -1e308;
    case 3: return -0.0;
    case 4: return 5e-324;
    default: return (double)(int64_t)(next(g) % 2001) / 10.0 - 100.0;
    }
}

static bool g_bool(struct garbage *g) { return pick(g, 2); }
static strata_point g_point(struct garbage *g) { return (strata_point){g_double(g), g_double(g)}; }
static strata_size g_size2(struct garbage *g) { return (strata_size){g_double(g), g_double(g)}; }
static strata_rect g_rect(struct garbage *g) { return (strata_rect){g_point(g), g_size2(g)}; }
static strata_color g_color(struct garbage *g) { return (strata_color){g_double(g), g_double(g), g_double(g), g_double(g)}; }

static const strata_transform *g_transform(struct garbage *g) {
    if (pick(g, 10) == 0) return NULL;
    double *m = (double *)g->scratch;
    for (int i = 0; i < 16; i++) m[i] = pick(g, 4) ? (i % 5 == 0 ? 1 : 0) : g_double(g);
    return (const strata_transform *)m;
}

/* Keys: every table key, key paths into values, "name", and strings that are no key. */
static const char **keys;
static size_t key_count;
static char *huge;        /* 1 MiB + 1 of 'a' */
static const char invalid_utf8[] = "opac\xff\xfeity";

static const char *g_key(struct garbage *g) {
    static const char *extra[] = {"position.x", "transform.rotation.z", "transform.scale", "bounds.size.width",
                                  "bounds.origin", "shadowOffset.height", "name", "emitterCells.fire.birthRate",
                                  "filters.blur.inputRadius", "position.z", "", "nope", "transform.", ".",
                                  "duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration",
                                  "autoreverses", "fillMode", "removedOnCompletion", "fromValue", "toValue", "byValue",
                                  "mass", "stiffness", "damping", "initialVelocity", "additive", "cumulative",
                                  "calculationMode", "rotationMode", "type", "subtype", "startProgress", "endProgress",
                                  "keyPath", "values", "delegate", "timingFunction", "settlingDuration", "path",
                                  "shadowPath", "contents", "interactive", "capturesInput", "birthRate", "lifetime",
                                  "velocity", "scale", "color", "enabled", "emissionRange", "spin", "contentsRect",
                                  "magnificationFilter", "alphaSpeed"};
    unsigned r = pick(g, 100);
    if (r < 60) return keys[pick(g, (unsigned)key_count)];
    if (r < 90) return extra[pick(g, sizeof extra / sizeof *extra)];
    if (r < 94) return NULL;
    if (r < 97) return invalid_utf8;
    return huge;
}

static const char *g_text(struct garbage *g) {
    static const char *picks[] = {"", "round", "butt", "center", "Hello, world", "kCAFillModeForwards", "évé 😀",
                                  "forwards", "axial", "conic", "linear", "easeIn", "easeInEaseOut", "default", "paced",
                                  "cubic", "auto", "fade", "push", "fromLeft", "both", "backwards", "opacity", "position",
                                  "transform.scale", "bounds"};
    unsigned r = pick(g, 100);
    if (r < 70) return picks[pick(g, sizeof picks / sizeof *picks)];
    if (r < 85) return NULL;
    if (r < 93) return invalid_utf8;
    return huge;
}

static void *g_out(struct garbage *g) { return pick(g, 10) == 0 ? NULL : g->scratch; }

/* A list in: a real buffer of the count claimed (with garbage values), or a count over the limit. */
static const void *g_list(struct garbage *g, size_t element, size_t *count) {
    size_t n = g_size(g);
    if (n <= 4097 && n * element <= g->scratch_size) {
        double *d = (double *)g->scratch;
        for (size_t i = 0; i < n * element / sizeof(double); i++) d[i] = g_double(g);
        *count = n;
        return pick(g, 20) == 0 ? NULL : g->scratch;
    }
    *count = n;
    return pick(g, 2) ? NULL : g->scratch; /* refused before any read */
}

/* A list of handles: a real buffer of the count claimed, each handle as g_handle picks it, or a count over the
 * limit that the library refuses before reading. */
static void *g_handle_list(struct garbage *g, int tag, size_t *count) {
    size_t n = g_size(g);
    *count = n;
    if (n > 4097 || n * sizeof(void *) > g->scratch_size) return pick(g, 2) ? NULL : g->scratch;
    void **list = (void **)g->scratch;
    for (size_t i = 0; i < n; i++) list[i] = g_handle(g, tag);
    return pick(g, 20) == 0 ? NULL : list;
}

/* A list out: a real buffer and a capacity it holds, or NULL. */
static void *g_out_list(struct garbage *g, size_t element, size_t *capacity) {
    size_t fits = g->scratch_size / element;
    *capacity = pick(g, 3) ? pick(g, 8) : fits;
    if (pick(g, 8) == 0) {
        *capacity = pick(g, 2) ? 0 : 3;
        return NULL;
    }
    return g->scratch;
}

/* Image pixels: sides mostly small (the buffer holds stride * height whenever the library would read it),
 * sometimes out of range, strides short, padded or absurd. */
static long custom_strata_image_create_rgba(struct garbage *g) {
    static const int32_t sides[] = {0, -1, 65536, 70000, INT32_MIN};
    int32_t w = pick(g, 5) ? (int32_t)(1 + pick(g, 64)) : sides[pick(g, 5)];
    int32_t h = pick(g, 5) ? (int32_t)(1 + pick(g, 64)) : sides[pick(g, 5)];
    size_t row = w > 0 ? (size_t)w * 4 : 4;
    static const size_t odd[] = {0, 3, SIZE_MAX, (size_t)1 << 40};
    size_t stride = pick(g, 4) ? row + 8 * pick(g, 2) : pick(g, 2) ? row - 1 : odd[pick(g, 4)];
    const uint8_t *pixels = pick(g, 10) ? g->scratch : NULL;
    return (long)strata_image_create_rgba(w, h, stride, pixels, g_bool(g), (strata_image **)g_out_handle(g));
}

#include "garbage_calls.h"

#define CALL_COUNT (sizeof garbage_calls / sizeof *garbage_calls)

static void run(struct garbage *g, long calls) {
    for (long i = 0; i < calls; i++) {
        const struct garbage_call *c = &garbage_calls[pick(g, (unsigned)CALL_COUNT)];
        current_name = c->name;
        current_index = i;
        long status = c->call(g);
        if (status < 0 && strncmp(c->name, "strata_", 7) == 0 && status > -32) {
            const char *message = strata_last_error();
            if (!message || !*message) {
                fprintf(stderr, "garbage: %s returned %ld with no message (call %ld, seed %" PRIu64 ")\n", c->name, status, i, seed);
                exit(1);
            }
            if (strata_last_error_code() != (strata_status)status) {
                fprintf(stderr, "garbage: %s returned %ld but strata_last_error_code says %d\n", c->name, status, strata_last_error_code());
                exit(1);
            }
        }
        if (status <= 0 && status > -32) g->by_status[-status]++;
        if (g->main_thread && pick(g, 4) == 0) (void)strata_dispatch(); /* callbacks run between calls */
        collect(g);
        g->calls++;
    }
}

static struct garbage *make(uint64_t s) {
    struct garbage *g = calloc(1, sizeof *g);
    if (!g) exit(1);
    g->rng = s ? s : 1;
    g->scratch_size = 4097 * sizeof(strata_color);
    g->scratch = aligned_alloc(64, g->scratch_size);
    if (!g->scratch) exit(1);
    return g;
}

static long thread_calls;

static void *second_thread(void *arg) {
    run((struct garbage *)arg, thread_calls);
    return NULL;
}

int main(int argc, char **argv) {
    long calls = argc > 1 ? atol(argv[1]) : 10000;
    seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    signal(SIGILL, on_crash);
    signal(SIGABRT, on_crash);
    signal(SIGTRAP, on_crash);
    signal(SIGFPE, on_crash);

    huge = malloc((1 << 20) + 2);
    if (!huge) return 1;
    memset(huge, 'a', (1 << 20) + 1);
    huge[(1 << 20) + 1] = 0;
    key_count = strata_property_count();
    keys = calloc(key_count, sizeof *keys);
    if (!keys) return 1;
    for (size_t i = 0; i < key_count; i++) {
        strata_property p;
        if (strata_property_info(i, &p) != STRATA_OK) return 1;
        keys[i] = p.name;
    }
    struct garbage *main_g = make(seed), *other_g = make(seed * 7919 + 1);
    main_g->main_thread = true;
    /* A layer of each class, and a connection when a server listens (STRATA_SOCKET), to start the pools. */
    for (int32_t kind = 0; kind <= 9; kind++) {
        strata_layer *l;
        if (strata_layer_create(kind, &l) != STRATA_OK) continue;
        pool_add(main_g, l);
        (void)strata_layer_release(l);
    }
    strata_connection *connection = NULL;
    if (getenv("STRATA_SOCKET") && strata_connect(NULL, &connection) == STRATA_OK) {
        pool_add(main_g, connection);
        (void)strata_connection_release(connection);
    }

    thread_calls = calls / 5;
    pthread_t thread;
    if (pthread_create(&thread, NULL, second_thread, other_g) != 0) return 1;
    run(main_g, calls - thread_calls);
    pthread_join(thread, NULL);
    for (int i = 0; i < 20; i++) (void)strata_dispatch(); /* the callbacks and destroy-notifies queued last */

    printf("garbage: %ld calls (seed %" PRIu64 "), 0 crashes, %ld events, %ld destroy-notifies; by status:",
           main_g->calls + other_g->calls, seed, events_seen, destroys_seen);
    for (int i = 0; i < 32; i++) {
        long n = main_g->by_status[i] + other_g->by_status[i];
        if (n) printf(" %s %ld", strata_status_name(-i), n);
    }
    printf("\n");
    return 0;
}
