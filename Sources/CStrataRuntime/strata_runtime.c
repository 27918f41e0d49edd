#include "strata_runtime.h"

// The Swift runtime's vtable lookup (exported by libswiftCore for resilient method dispatch).
extern void *swift_lookUpClassMethod(const void *metadata, const void *method, const void *description);

// Method descriptors of the allocating initialisers, and the nominal type descriptors of the classes that
// declare them (CALayer's `init(layer: Any)`; `init()` is declared by Foundation's NSObject, which CALayer
// overrides). The mangled names are checked by LayerConstructionTests: a rename fails the link.
extern const char strata_layer_init_layer_descriptor __asm__("$s6Strata7CALayerC5layerACyp_tcfCTq");
extern const char strata_layer_nominal __asm__("$s6Strata7CALayerCMn");
extern const char strata_object_init_descriptor __asm__("$s10Foundation8NSObjectCACycfCTq");
extern const char strata_object_nominal __asm__("$s10Foundation8NSObjectCMn");

// Allocating initialisers take their arguments, then the metatype in the `self` register, and return +1.
typedef void *AllocatingInitWithArgument(void *argument, const void *__attribute__((swift_context)) metatype)
    __attribute__((swiftcall));
typedef void *AllocatingInit(const void *__attribute__((swift_context)) metatype) __attribute__((swiftcall));

void *_Nonnull strata_layer_make_copy(const void *_Nonnull metadata, void *_Nonnull argument) {
    AllocatingInitWithArgument *init = (AllocatingInitWithArgument *)swift_lookUpClassMethod(
        metadata, &strata_layer_init_layer_descriptor, &strata_layer_nominal);
    return init(argument, metadata);
}

void *_Nonnull strata_layer_make_new(const void *_Nonnull metadata) {
    AllocatingInit *init = (AllocatingInit *)swift_lookUpClassMethod(
        metadata, &strata_object_init_descriptor, &strata_object_nominal);
    return init(metadata);
}
