#ifndef STRATA_RUNTIME_H
#define STRATA_RUNTIME_H

// Making a layer of a class known only at run time, through that class's own initialiser, as Core Animation
// does with `[[layer class] alloc] initWithLayer:` (docs/architecture.md, "Layers made by class").
//
// Swift only lets code construct through a metatype with a `required` initialiser, and a required
// initialiser is one every subclass must repeat: iOS code declares only `init(layer:)`/`init()` overrides.
// Every designated initialiser has a slot in the class's vtable, so these look the subclass's override up with
// the Swift runtime's `swift_lookUpClassMethod` and call it with Swift's calling convention. A subclass that
// declares initialisers but not the one needed traps in Swift's "Use of unimplemented initializer" stub, as
// the same class does on iOS.

/// A new instance of `metadata` (a subclass of Strata.CALayer), made by its `init(layer:)`. `argument` points
/// at an initialised `Any` that the initialiser consumes (the caller deallocates the memory without
/// deinitialising it). Returns the instance, retained (+1).
void *_Nonnull strata_layer_make_copy(const void *_Nonnull metadata, void *_Nonnull argument);

/// A new instance of `metadata` (a subclass of Strata.CALayer), made by its `init()`. Returns it retained (+1).
void *_Nonnull strata_layer_make_new(const void *_Nonnull metadata);

#endif
