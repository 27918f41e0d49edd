/*
 * libstrata: Strata's client library for C, C++ and any language with a foreign-function interface
 * (docs/c-api.md). A thin layer over the Swift client library; every function returns a status (0 is
 * success, errors are negative) and never aborts the process on bad input.
 *
 * The declarations keep a strict form that scripts/c-api.py reads: each starts with STRATA_API and ends
 * at its semicolon, on one line, and names its parameters.
 *
 * Handles are opaque values, never addresses: a freed, forged or wrong-kind handle is an error
 * (STRATA_FREED_HANDLE, STRATA_INVALID_HANDLE, STRATA_WRONG_KIND), not a crash. A handle returned through an
 * out-parameter (create, copy) holds one reference: release it with strata_<type>_release. As in Core
 * Animation, a superlayer keeps its sublayers alive, so create, add_sublayer, release is the idiom. Outputs
 * are written only on success. Strings are UTF-8, copied on input. Handles assume a 64-bit platform.
 */
#ifndef STRATA_STRATA_H
#define STRATA_STRATA_H

#include <stdbool.h>
#include <stddef.h>
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

/* Geometry, in points; a transform is Core Animation's CATransform3D, row by row (m11 m12 m13 m14, m21 ...). */
typedef struct strata_point { double x, y; } strata_point;
typedef struct strata_size { double width, height; } strata_size;
typedef struct strata_rect { strata_point origin; strata_size size; } strata_rect;
typedef struct strata_color { double red, green, blue, alpha; } strata_color;
typedef struct strata_transform {
    double m11, m12, m13, m14;
    double m21, m22, m23, m24;
    double m31, m32, m33, m34;
    double m41, m42, m43, m44;
} strata_transform;

/* A layer (CALayer or one of its subclasses). */
typedef struct strata_layer strata_layer;

/* The layer classes (Core Animation's), by number. */
typedef int32_t strata_layer_kind;
enum {
    STRATA_LAYER_PLAIN = 0,      /* CALayer */
    STRATA_LAYER_TRANSFORM = 1,  /* CATransformLayer */
    STRATA_LAYER_SHAPE = 2,      /* CAShapeLayer */
    STRATA_LAYER_GRADIENT = 3,   /* CAGradientLayer */
    STRATA_LAYER_REPLICATOR = 4, /* CAReplicatorLayer */
    STRATA_LAYER_TEXT = 5,       /* CATextLayer */
    STRATA_LAYER_SCROLL = 6,     /* CAScrollLayer */
    STRATA_LAYER_EMITTER = 7,    /* CAEmitterLayer (strata_layer_set_emitter_cells) */
    STRATA_LAYER_TILED = 8,      /* CATiledLayer: STRATA_UNSUPPORTED (it draws through a Swift callback) */
    STRATA_LAYER_HOST = 9        /* StrataLayerHost (CALayerHost) */
};

/* The kinds of value a property holds, and the strata_layer_set_<kind> function that sets it. */
typedef int32_t strata_value_kind;
enum {
    STRATA_VALUE_OTHER = 0, /* set by its own function (paths, images, emitter cells), or not from C yet (filter lists, vectors) */
    STRATA_VALUE_NUMBER = 1,
    STRATA_VALUE_BOOL = 2,
    STRATA_VALUE_POINT = 3,
    STRATA_VALUE_SIZE = 4,
    STRATA_VALUE_RECT = 5,
    STRATA_VALUE_TRANSFORM = 6,
    STRATA_VALUE_COLOR = 7,
    STRATA_VALUE_STRING = 8, /* text, font names, and enumerations by their Core Animation name ("round") */
    STRATA_VALUE_NUMBERS = 9,
    STRATA_VALUE_COLORS = 10
};

/* A property in Strata's table (strata_property_info). */
typedef struct strata_property {
    const char *name;        /* its key ("cornerRadius"); static storage */
    strata_value_kind kind;
    uint32_t layer_kinds;    /* bit k set: layers of strata_layer_kind k carry it */
    bool animatable;
    bool optional;           /* strata_layer_clear makes it nil (a color, string or list) */
} strata_property;

/* A connection to the render server. */
typedef struct strata_connection strata_connection;

/* Called when the library lets go of a callback's user_data (the callback was replaced, cleared or its
 * object freed): on the main thread, inside strata_dispatch. */
typedef void (*strata_destroy_fn)(void *user_data);

/* What a connection tells the app (strata_connection_set_event_handler). */
typedef int32_t strata_connection_event_kind;
enum {
    STRATA_EVENT_SERVER_LOST = 1,          /* the server went away; reconnection begins (reason) */
    STRATA_EVENT_RECONNECTED = 2,          /* a restarted server has the whole scene again */
    STRATA_EVENT_OUTPUTS_CHANGED = 3,      /* outputs came, went or changed (strata_connection_get_output) */
    STRATA_EVENT_ERROR = 4,                /* the server ended the session over what this client sent (reason) */
    STRATA_EVENT_LAYER_ERROR = 5,          /* the server could not do what one layer asked (layer, reason) */
    STRATA_EVENT_TRANSACTION_PRESENTED = 6 /* a committed transaction is on screen (transaction_id, presented_at) */
};

/* Events only gain fields at the end: size is the library's sizeof. */
typedef struct strata_connection_event {
    size_t size;
    strata_connection_event_kind kind;
    const char *reason;      /* UTF-8, valid until the callback returns; NULL when the kind has none */
    strata_layer *layer;     /* borrowed: valid until the callback returns unless retained; NULL when none */
    uint64_t transaction_id; /* see strata_connection_get_last_transaction_id */
    double presented_at;     /* on strata_media_time's clock */
} strata_connection_event;

typedef void (*strata_connection_event_fn)(strata_connection *connection, const strata_connection_event *event, void *user_data);

/* One display output, as the server lit it. */
typedef struct strata_output {
    char name[64];           /* UTF-8, NUL-terminated (cut at 63 bytes) */
    int32_t width, height;   /* pixels */
    double scale;            /* pixels per point */
    double refresh_rate;     /* Hz */
    strata_rect bounds;      /* points: what a root attached there covers */
    double safe_top, safe_left, safe_bottom, safe_right; /* safe-area insets, points */
} strata_output;

/* An animation (CAAnimation and its subclasses). */
typedef struct strata_animation strata_animation;

typedef int32_t strata_animation_kind;
enum {
    STRATA_ANIMATION_BASIC = 1,     /* CABasicAnimation */
    STRATA_ANIMATION_SPRING = 2,    /* CASpringAnimation */
    STRATA_ANIMATION_KEYFRAME = 3,  /* CAKeyframeAnimation */
    STRATA_ANIMATION_GROUP = 4,     /* CAAnimationGroup */
    STRATA_ANIMATION_TRANSITION = 5 /* CATransition */
};

/* What an animation's delegate hears (animationDidStart, animationDidStop). */
typedef int32_t strata_animation_event_kind;
enum {
    STRATA_ANIMATION_STARTED = 1,
    STRATA_ANIMATION_STOPPED = 2 /* finished: true when it ran to its end, false when removed or replaced */
};

/* animation: the layer's copy that ran (borrowed). */
typedef void (*strata_animation_fn)(strata_animation *animation, strata_animation_event_kind kind, bool finished, void *user_data);
/* A transaction's completion: every animation it added has finished or been removed. */
typedef void (*strata_completion_fn)(void *user_data);

/* A display link (CADisplayLink): a callback at the display's frames. */
typedef struct strata_display_link strata_display_link;
/* link: borrowed unless held; timestamp and target_timestamp on strata_media_time's clock. */
typedef void (*strata_display_link_fn)(strata_display_link *link, double timestamp, double target_timestamp, void *user_data);

/* An image (CGImage): pixels in shared memory, sent to the server once. */
typedef struct strata_image strata_image;
/* A path (CGMutablePath): built here, copied into a layer or an animation when set. */
typedef struct strata_path strata_path;

/* A source of particles of an emitter layer (CAEmitterCell). */
typedef struct strata_emitter_cell strata_emitter_cell;

/* Input, as the server routes it (docs/input.md). */
typedef int32_t strata_input_kind;
enum {
    STRATA_INPUT_TOUCH_DOWN = 1,
    STRATA_INPUT_TOUCH_MOVED = 2,
    STRATA_INPUT_TOUCH_UP = 3,
    STRATA_INPUT_TOUCH_CANCELLED = 4,
    STRATA_INPUT_POINTER_MOVED = 5,
    STRATA_INPUT_POINTER_BUTTON = 6,
    STRATA_INPUT_SCROLL = 7,
    STRATA_INPUT_KEY = 8
};

/* Events only gain fields at the end: size is the library's sizeof. Handles are borrowed. */
typedef struct strata_input_event {
    size_t size;
    strata_input_kind kind;
    double timestamp;          /* strata_media_time's clock */
    strata_layer *layer;       /* the interactive layer the event is for (NULL for a key when no layer has the focus) */
    strata_layer *hit_layer;   /* the deepest layer under the point: layer or a sublayer that is not interactive itself */
    strata_point location;     /* in layer's coordinates (model space), where it was on screen when it happened */
    int32_t touch_id;
    int32_t button;            /* Linux input codes: 0x110 left */
    bool pressed;              /* a button or key went down */
    strata_size scroll_delta;  /* points */
    uint32_t keysym;           /* xkbcommon's */
    const char *text;          /* UTF-8 a key typed ("" for none); valid until the handler returns */
    bool observed;             /* a copy for an observing host (docs/hosting.md) */
} strata_input_event;

/* An event goes to the handler of the layer it hit, else of its nearest superlayer with one, else the connection's. */
typedef void (*strata_input_fn)(const strata_input_event *event, void *user_data);

/* The ABI version the library was built with (STRATA_ABI_VERSION of its header). */
STRATA_API int32_t strata_abi_version(void);
/* The calling thread's last failure, in words (UTF-8; "" when none yet). Valid until the thread's next call. */
STRATA_API const char *strata_last_error(void);
/* The calling thread's last failure's status (STRATA_OK when none yet). */
STRATA_API strata_status strata_last_error_code(void);
/* A status's name ("STRATA_INVALID_HANDLE"); "STRATA_UNKNOWN_STATUS" for a value that is none. Static storage. */
STRATA_API const char *strata_status_name(strata_status status);


/* Layers. Any thread may make and change layers; the changes are committed as in Core Animation. */
STRATA_API strata_status strata_layer_create(strata_layer_kind kind, strata_layer **out);
STRATA_API strata_status strata_layer_retain(strata_layer *layer);
STRATA_API strata_status strata_layer_release(strata_layer *layer);
STRATA_API strata_status strata_layer_get_kind(strata_layer *layer, strata_layer_kind *out);
/* Whether two handles name one layer (handles to one layer are equal while either is held). */
STRATA_API strata_status strata_layer_is_same(strata_layer *layer, strata_layer *other, bool *out);

/* The layer tree. A sublayer is kept alive by its superlayer; moving one removes it from its old place. */
STRATA_API strata_status strata_layer_add_sublayer(strata_layer *layer, strata_layer *sublayer);
/* index: 0 is the back; up to the number of sublayers (STRATA_INVALID_ARGUMENT past it). */
STRATA_API strata_status strata_layer_insert_sublayer_at(strata_layer *layer, strata_layer *sublayer, size_t index);
/* sibling: a sublayer of layer, or NULL for the back. */
STRATA_API strata_status strata_layer_insert_sublayer_below(strata_layer *layer, strata_layer *sublayer, strata_layer *sibling);
/* sibling: a sublayer of layer, or NULL for the front. */
STRATA_API strata_status strata_layer_insert_sublayer_above(strata_layer *layer, strata_layer *sublayer, strata_layer *sibling);
STRATA_API strata_status strata_layer_replace_sublayer(strata_layer *layer, strata_layer *old_sublayer, strata_layer *new_sublayer);
STRATA_API strata_status strata_layer_remove_from_superlayer(strata_layer *layer);
STRATA_API strata_status strata_layer_get_sublayer_count(strata_layer *layer, size_t *out);
/* A new reference to the sublayer at index (0 is the back). */
STRATA_API strata_status strata_layer_copy_sublayer(strata_layer *layer, size_t index, strata_layer **out);
/* A new reference to the superlayer; *out is NULL when there is none. */
STRATA_API strata_status strata_layer_copy_superlayer(strata_layer *layer, strata_layer **out);
/* mask: a layer with no superlayer, or NULL to remove the mask. */
STRATA_API strata_status strata_layer_set_mask(strata_layer *layer, strata_layer *mask);
/* A new reference to the mask; *out is NULL when there is none. */
STRATA_API strata_status strata_layer_copy_mask(strata_layer *layer, strata_layer **out);

/*
 * Properties by key path, as Core Animation's key-value coding names them: "opacity", "position.x",
 * "transform.rotation.z", "bounds.size.width", "strokeEnd", "name". A key the layer does not carry is
 * STRATA_UNKNOWN_KEY; a key of another value kind STRATA_VALUE_TYPE; a non-finite or out-of-range value
 * STRATA_INVALID_ARGUMENT. Setting runs the property's implicit animation, as in Core Animation.
 */
STRATA_API strata_status strata_layer_set_number(strata_layer *layer, const char *key, double value);
STRATA_API strata_status strata_layer_get_number(strata_layer *layer, const char *key, double *out);
STRATA_API strata_status strata_layer_set_bool(strata_layer *layer, const char *key, bool value);
STRATA_API strata_status strata_layer_get_bool(strata_layer *layer, const char *key, bool *out);
STRATA_API strata_status strata_layer_set_point(strata_layer *layer, const char *key, strata_point value);
STRATA_API strata_status strata_layer_get_point(strata_layer *layer, const char *key, strata_point *out);
STRATA_API strata_status strata_layer_set_size(strata_layer *layer, const char *key, strata_size value);
STRATA_API strata_status strata_layer_get_size(strata_layer *layer, const char *key, strata_size *out);
STRATA_API strata_status strata_layer_set_rect(strata_layer *layer, const char *key, strata_rect value);
STRATA_API strata_status strata_layer_get_rect(strata_layer *layer, const char *key, strata_rect *out);
STRATA_API strata_status strata_layer_set_transform(strata_layer *layer, const char *key, const strata_transform *value);
STRATA_API strata_status strata_layer_get_transform(strata_layer *layer, const char *key, strata_transform *out);
STRATA_API strata_status strata_layer_set_color(strata_layer *layer, const char *key, strata_color value);
/* A nil color reads as transparent black; strata_layer_has_value tells them apart. */
STRATA_API strata_status strata_layer_get_color(strata_layer *layer, const char *key, strata_color *out);
/* value: UTF-8, at most 1 MiB; NULL clears an optional string (as strata_layer_clear). */
STRATA_API strata_status strata_layer_set_string(strata_layer *layer, const char *key, const char *value);
/* *out is NULL for a nil string; otherwise valid until the calling thread's next call that returns a string. */
STRATA_API strata_status strata_layer_get_string(strata_layer *layer, const char *key, const char **out);
/* count: at most 4096 values. */
STRATA_API strata_status strata_layer_set_numbers(strata_layer *layer, const char *key, const double *values, size_t count);
/* Writes up to capacity values; *count is how many the list holds (0 for nil). */
STRATA_API strata_status strata_layer_get_numbers(strata_layer *layer, const char *key, double *out, size_t capacity, size_t *count);
STRATA_API strata_status strata_layer_set_colors(strata_layer *layer, const char *key, const strata_color *values, size_t count);
STRATA_API strata_status strata_layer_get_colors(strata_layer *layer, const char *key, strata_color *out, size_t capacity, size_t *count);
/* Makes an optional property nil (backgroundColor, lineDashPattern, string, ...). */
STRATA_API strata_status strata_layer_clear(strata_layer *layer, const char *key);
/* Whether an optional property holds a value (true for every other property the layer carries). */
STRATA_API strata_status strata_layer_has_value(strata_layer *layer, const char *key, bool *out);

/*
 * The connection. strata_connect makes it the process's connection: layers attached to it show on its
 * outputs, and their changes are committed to it. It reconnects by itself when the server restarts.
 * socket_path: NULL for STRATA_SOCKET, then $XDG_RUNTIME_DIR/strata.sock, then /run/strata/strata.sock.
 * Releasing the last handle does not close it: strata_connection_close does.
 */
STRATA_API strata_status strata_connect(const char *socket_path, strata_connection **out);
STRATA_API strata_status strata_connection_retain(strata_connection *connection);
STRATA_API strata_status strata_connection_release(strata_connection *connection);
/* Ends the session for good; later calls that need the server return STRATA_NOT_CONNECTED. */
STRATA_API strata_status strata_connection_close(strata_connection *connection);
/* Whether a session is up now (false while reconnecting and after close). */
STRATA_API strata_status strata_connection_is_connected(strata_connection *connection, bool *out);
/* Whether it reconnects when the server goes away (default true). */
STRATA_API strata_status strata_connection_set_reconnects(strata_connection *connection, bool reconnects);
/* Shows layer, which has no superlayer, on the output named output (NULL or "": the primary), above the roots attached before. */
STRATA_API strata_status strata_connection_attach(strata_connection *connection, strata_layer *layer, const char *output);
/* Stops showing an attached root (nothing for a layer that is not one). */
STRATA_API strata_status strata_connection_detach(strata_connection *connection, strata_layer *layer);
STRATA_API strata_status strata_connection_get_output_count(strata_connection *connection, size_t *out);
/* index 0 is the primary output. */
STRATA_API strata_status strata_connection_get_output(strata_connection *connection, size_t index, strata_output *out);
/* The id of the last transaction committed on it (STRATA_EVENT_TRANSACTION_PRESENTED names it when it shows). */
STRATA_API strata_status strata_connection_get_last_transaction_id(strata_connection *connection, uint64_t *out);
/* handler: NULL removes it. Called on the main thread inside strata_dispatch, with no Strata lock held. */
STRATA_API strata_status strata_connection_set_event_handler(strata_connection *connection, strata_connection_event_fn handler, void *user_data, strata_destroy_fn destroy);
/* CACurrentMediaTime: seconds on the clock animations and events use (a server's virtual clock when it runs one). */
STRATA_API double strata_media_time(void);

/*
 * The run loop, for apps that own their main loop (GLib, libuv, a game loop): poll the descriptor from
 * strata_get_fd for reading, and call strata_dispatch when it is readable. strata_dispatch runs the callbacks
 * that are due (input, display links, completions, connection events), then commits the main thread's
 * changes; it never blocks. Changes made on the main thread outside a callback are committed by the next
 * strata_dispatch; other threads commit theirs with strata_flush. strata_get_fd, strata_dispatch and
 * strata_run work on the main thread only (STRATA_WRONG_THREAD elsewhere), and only when the library was
 * loaded on it (linked, or loaded before the first thread starts).
 */
STRATA_API strata_status strata_get_fd(int *out);
STRATA_API strata_status strata_dispatch(void);
/* Polls and dispatches until strata_quit (blocks). Not from inside a callback (STRATA_STATE). */
STRATA_API strata_status strata_run(void);
/* Makes strata_run return after its current turn; any thread. */
STRATA_API strata_status strata_quit(void);
/* Commits the calling thread's changes now (CATransaction.flush). */
STRATA_API strata_status strata_flush(void);

/*
 * Animations. key_path names the animated property as Core Animation's does ("position", "opacity",
 * "transform.rotation.z"); groups and transitions take NULL. Their own properties are set by name, as with
 * Core Animation's key-value coding: numbers ("duration", "beginTime", "speed", "timeOffset", "repeatCount",
 * "repeatDuration", "mass", "stiffness", "damping", "initialVelocity", "startProgress", "endProgress"), bools
 * ("autoreverses", "removedOnCompletion", "additive", "cumulative") and strings ("fillMode",
 * "calculationMode", "rotationMode", "type", "subtype"). "fromValue", "toValue" and "byValue" take the kind of
 * value the animated property holds (strata_animation_set_point for "position"). A layer runs a copy:
 * changing an animation after strata_layer_add_animation changes nothing on screen.
 */
STRATA_API strata_status strata_animation_create(strata_animation_kind kind, const char *key_path, strata_animation **out);
/* A spring of the given perceptual duration and bounce (CASpringAnimation(perceptualDuration:bounce:)). */
STRATA_API strata_status strata_animation_create_spring(const char *key_path, double perceptual_duration, double bounce, strata_animation **out);
STRATA_API strata_status strata_animation_retain(strata_animation *animation);
STRATA_API strata_status strata_animation_release(strata_animation *animation);
STRATA_API strata_status strata_animation_get_kind(strata_animation *animation, strata_animation_kind *out);
/* Numbers must be finite, but "repeatCount" and "repeatDuration" may be INFINITY (forever). */
STRATA_API strata_status strata_animation_set_number(strata_animation *animation, const char *key, double value);
STRATA_API strata_status strata_animation_get_number(strata_animation *animation, const char *key, double *out);
STRATA_API strata_status strata_animation_set_bool(strata_animation *animation, const char *key, bool value);
STRATA_API strata_status strata_animation_get_bool(strata_animation *animation, const char *key, bool *out);
STRATA_API strata_status strata_animation_set_string(strata_animation *animation, const char *key, const char *value);
/* *out: valid until the calling thread's next call that returns a string. */
STRATA_API strata_status strata_animation_get_string(strata_animation *animation, const char *key, const char **out);
STRATA_API strata_status strata_animation_set_point(strata_animation *animation, const char *key, strata_point value);
STRATA_API strata_status strata_animation_set_size(strata_animation *animation, const char *key, strata_size value);
STRATA_API strata_status strata_animation_set_rect(strata_animation *animation, const char *key, strata_rect value);
STRATA_API strata_status strata_animation_set_color(strata_animation *animation, const char *key, strata_color value);
STRATA_API strata_status strata_animation_set_transform(strata_animation *animation, const char *key, const strata_transform *value);
/* name: "linear", "easeIn", "easeOut", "easeInEaseOut" or "default". */
STRATA_API strata_status strata_animation_set_timing_function(strata_animation *animation, const char *name);
/* A cubic Bézier from (0, 0) to (1, 1); x values in [0, 1]. */
STRATA_API strata_status strata_animation_set_timing_points(strata_animation *animation, double c1x, double c1y, double c2x, double c2y);
/* A keyframe animation's values, of its property's kind; count at most 4096. */
STRATA_API strata_status strata_animation_set_keyframe_numbers(strata_animation *animation, const double *values, size_t count);
STRATA_API strata_status strata_animation_set_keyframe_points(strata_animation *animation, const strata_point *values, size_t count);
STRATA_API strata_status strata_animation_set_keyframe_sizes(strata_animation *animation, const strata_size *values, size_t count);
STRATA_API strata_status strata_animation_set_keyframe_rects(strata_animation *animation, const strata_rect *values, size_t count);
STRATA_API strata_status strata_animation_set_keyframe_colors(strata_animation *animation, const strata_color *values, size_t count);
STRATA_API strata_status strata_animation_set_keyframe_transforms(strata_animation *animation, const strata_transform *values, size_t count);
STRATA_API strata_status strata_animation_set_key_times(strata_animation *animation, const double *values, size_t count);
/* Adds animation to a group's animations (the group holds it; later changes to it show in the group). */
STRATA_API strata_status strata_animation_group_add(strata_animation *group, strata_animation *animation);
/* handler: NULL removes it. Called on the main thread inside strata_dispatch. */
STRATA_API strata_status strata_animation_set_delegate(strata_animation *animation, strata_animation_fn handler, void *user_data, strata_destroy_fn destroy);

/* Runs a copy of animation on layer under key (NULL: a key of its own; a transition's is "transition"), replacing the animation under that key. */
STRATA_API strata_status strata_layer_add_animation(strata_layer *layer, strata_animation *animation, const char *key);
STRATA_API strata_status strata_layer_remove_animation(strata_layer *layer, const char *key);
STRATA_API strata_status strata_layer_remove_all_animations(strata_layer *layer);
STRATA_API strata_status strata_layer_has_animation(strata_layer *layer, const char *key, bool *out);

/* Transactions (CATransaction), per thread, as in Core Animation. */
STRATA_API strata_status strata_transaction_begin(void);
/* STRATA_STATE when no transaction is open on the calling thread. */
STRATA_API strata_status strata_transaction_commit(void);
STRATA_API strata_status strata_transaction_set_duration(double seconds);
STRATA_API strata_status strata_transaction_set_disable_actions(bool disable);
STRATA_API strata_status strata_transaction_set_timing_function(const char *name);
/* Called once on the main thread inside strata_dispatch; fn NULL removes it. */
STRATA_API strata_status strata_transaction_set_completion(strata_completion_fn fn, void *user_data, strata_destroy_fn destroy);

/* Display links. */
STRATA_API strata_status strata_display_link_create(strata_display_link_fn fn, void *user_data, strata_destroy_fn destroy, strata_display_link **out);
STRATA_API strata_status strata_display_link_retain(strata_display_link *link);
STRATA_API strata_status strata_display_link_release(strata_display_link *link);
/* Starts it on connection's frames; the connection holds it until strata_display_link_invalidate. */
STRATA_API strata_status strata_display_link_add(strata_display_link *link, strata_connection *connection);
STRATA_API strata_status strata_display_link_set_paused(strata_display_link *link, bool paused);
/* 0: the display's rate. */
STRATA_API strata_status strata_display_link_set_preferred_fps(strata_display_link *link, int32_t fps);
STRATA_API strata_status strata_display_link_invalidate(strata_display_link *link);

/* Images. Sides from 1 to 65535 pixels. */
/* pixels: RGBA8, rows top to bottom, stride bytes apart (at least width * 4); straight alpha unless premultiplied. Copied. */
STRATA_API strata_status strata_image_create_rgba(int32_t width, int32_t height, size_t stride, const uint8_t *pixels, bool premultiplied, strata_image **out);
/* A PNG or JPEG file (JPEG turned upright by its EXIF orientation). STRATA_IO when it cannot be read or decoded. */
STRATA_API strata_status strata_image_create_from_file(const char *path, strata_image **out);
/* PNG or JPEG bytes (at most 256 MiB). */
STRATA_API strata_status strata_image_create_from_data(const uint8_t *data, size_t size, strata_image **out);
STRATA_API strata_status strata_image_retain(strata_image *image);
STRATA_API strata_status strata_image_release(strata_image *image);
STRATA_API strata_status strata_image_get_size(strata_image *image, int32_t *width, int32_t *height);
/* The layer's contents (CALayer.contents); NULL clears it. The layer holds the image. */
STRATA_API strata_status strata_layer_set_contents(strata_layer *layer, strata_image *image);

/* Paths, in points. Each call adds to the path as CGMutablePath's namesake does; at most 65536 elements. */
STRATA_API strata_status strata_path_create(strata_path **out);
STRATA_API strata_status strata_path_retain(strata_path *path);
STRATA_API strata_status strata_path_release(strata_path *path);
STRATA_API strata_status strata_path_move_to(strata_path *path, strata_point point);
STRATA_API strata_status strata_path_line_to(strata_path *path, strata_point point);
STRATA_API strata_status strata_path_quad_to(strata_path *path, strata_point control, strata_point end);
STRATA_API strata_status strata_path_curve_to(strata_path *path, strata_point control1, strata_point control2, strata_point end);
/* Angles in radians from +x towards +y; clockwise true decreases the angle (CGMutablePath.addArc's rule, which on the y-down screen turns counterclockwise). */
STRATA_API strata_status strata_path_add_arc(strata_path *path, strata_point center, double radius, double start_angle, double end_angle, bool clockwise);
STRATA_API strata_status strata_path_add_rect(strata_path *path, strata_rect rect);
STRATA_API strata_status strata_path_add_ellipse(strata_path *path, strata_rect rect);
STRATA_API strata_status strata_path_add_rounded_rect(strata_path *path, strata_rect rect, double corner_width, double corner_height);
STRATA_API strata_status strata_path_close(strata_path *path);
STRATA_API strata_status strata_path_get_bounding_box(strata_path *path, strata_rect *out);
/* A path property ("path", "shadowPath"): a copy of path; NULL makes it nil. At most 4096 elements (a commit's list). */
STRATA_API strata_status strata_layer_set_path(strata_layer *layer, const char *key, strata_path *path);
/* "fromValue", "toValue", "byValue" of an animation of a path property, or a keyframe animation's "path" (the route it follows). */
STRATA_API strata_status strata_animation_set_path(strata_animation *animation, const char *key, strata_path *path);

/*
 * Emitter cells (docs/emitter.md). Their properties are set by name, as CAEmitterCell's key-value coding:
 * numbers ("birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "emissionLatitude",
 * "emissionLongitude", "emissionRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale",
 * "scaleRange", "scaleSpeed", "spin", "spinRange", "redRange" ... "alphaSpeed", "contentsScale", and the media
 * timing ones: "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration"), "enabled" and
 * "autoreverses" (bool), "color", "contentsRect" (rect), and "name", "fillMode", "minificationFilter",
 * "magnificationFilter" (string). Numbers must be finite (an emitter layer refuses others, repeat counts too). A layer copies its cells when they are set: change a cell, then set the
 * cells again (or reach a value through the layer's key path "emitterCells.NAME.KEY").
 */
STRATA_API strata_status strata_emitter_cell_create(strata_emitter_cell **out);
STRATA_API strata_status strata_emitter_cell_retain(strata_emitter_cell *cell);
STRATA_API strata_status strata_emitter_cell_release(strata_emitter_cell *cell);
STRATA_API strata_status strata_emitter_cell_set_number(strata_emitter_cell *cell, const char *key, double value);
STRATA_API strata_status strata_emitter_cell_get_number(strata_emitter_cell *cell, const char *key, double *out);
STRATA_API strata_status strata_emitter_cell_set_bool(strata_emitter_cell *cell, const char *key, bool value);
STRATA_API strata_status strata_emitter_cell_set_color(strata_emitter_cell *cell, const char *key, strata_color value);
STRATA_API strata_status strata_emitter_cell_set_rect(strata_emitter_cell *cell, const char *key, strata_rect value);
/* value: NULL makes "name" nil. */
STRATA_API strata_status strata_emitter_cell_set_string(strata_emitter_cell *cell, const char *key, const char *value);
/* The image each particle shows; NULL: none. */
STRATA_API strata_status strata_emitter_cell_set_contents(strata_emitter_cell *cell, strata_image *image);
/* The cell's own cells (particles its particles emit): count cells, at most 4096 (0 removes them). */
STRATA_API strata_status strata_emitter_cell_set_cells(strata_emitter_cell *cell, strata_emitter_cell **cells, size_t count);
/* An emitter layer's cells (CAEmitterLayer.emitterCells), copied: count cells, at most 4096 (0 removes them). */
STRATA_API strata_status strata_layer_set_emitter_cells(strata_layer *layer, strata_emitter_cell **cells, size_t count);

/* Input. A layer gets events once its "interactive" property is true. handler NULL removes it. Called on the main thread inside strata_dispatch. */
STRATA_API strata_status strata_layer_set_input_handler(strata_layer *layer, strata_input_fn handler, void *user_data, strata_destroy_fn destroy);
/* Events no layer's handler took (docs/input.md). */
STRATA_API strata_status strata_connection_set_input_handler(strata_connection *connection, strata_input_fn handler, void *user_data, strata_destroy_fn destroy);
/* The deepest layer under point (in layer's superlayer's coordinates), as CALayer.hitTest; *out NULL when none. A new reference. */
STRATA_API strata_status strata_layer_copy_hit_test(strata_layer *layer, strata_point point, strata_layer **out);
/* point in from's coordinates converted to layer's (from NULL: the screen's, through layer's attached root). */
STRATA_API strata_status strata_layer_convert_point(strata_layer *layer, strata_point point, strata_layer *from, strata_point *out);
/* A presentation copy: the values on screen now (CALayer.presentation()); *out NULL before the layer was committed. Read it with the getters. */
STRATA_API strata_status strata_layer_copy_presentation(strata_layer *layer, strata_layer **out);

/* Strata's property table, for bindings that build their attributes from it. */
STRATA_API size_t strata_property_count(void);
STRATA_API strata_status strata_property_info(size_t index, strata_property *out);

#ifdef __cplusplus
}
#endif

#endif
