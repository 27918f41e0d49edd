"""Layers: Core Animation's classes, their properties as Python attributes (snake_case names of the
property table's keys: corner_radius, background_color), any key path through get() and set()."""
import ctypes

from . import _bindings as b
from . import values as v
from ._lib import call, lib
from .handles import Handle
from .loop import invoke, register, destroy


class Layer(Handle):
    """CALayer. `Layer(bounds=(0, 0, 50, 50), corner_radius=25)` sets properties as it makes the layer."""
    _kind = b.STRATA_LAYER_PLAIN
    _retain = "strata_layer_retain"
    _release = "strata_layer_release"

    def __init__(self, **properties):
        handle = ctypes.c_void_p()
        call("strata_layer_create", self._kind, ctypes.byref(handle))
        super().__init__(handle.value)
        for name, value in properties.items():
            setattr(self, name, value)

    @classmethod
    def _wrap(cls, handle, owned):
        if not handle:
            return None
        kind = ctypes.c_int32()
        if lib.strata_layer_get_kind(handle, ctypes.byref(kind)) != b.STRATA_OK:
            return None
        return Handle._wrap.__func__(_CLASSES.get(kind.value, Layer), handle, owned)

    # Properties by attribute.
    def __getattr__(self, name):
        p = v.BY_PYTHON_NAME.get(name)
        if p is None:
            if name == "name":
                return self.get("name")
            raise AttributeError(f"{type(self).__name__} has no property {name!r}")
        return self.get(p.name)

    def __setattr__(self, name, value):
        if name.startswith("_") or hasattr(type(self), name):
            object.__setattr__(self, name, value)
        elif name == "name":
            self.set("name", value)
        elif name in v.BY_PYTHON_NAME:
            self.set(v.BY_PYTHON_NAME[name].name, value)
        else:
            raise AttributeError(f"{type(self).__name__} has no property {name!r}")

    def set(self, key, value):
        """Sets a key path ("opacity", "position.x", "transform.rotation.z"); None makes an optional value nil."""
        k, h = key.encode(), self._handle
        if value is None:
            return call("strata_layer_clear", h, k)
        kind = v.key_kind(key)
        if kind in v.SETTERS:
            suffix, convert = v.SETTERS[kind]
            call(f"strata_layer_set_{suffix}", h, k, convert(value))
        elif kind == b.STRATA_VALUE_STRING:
            call("strata_layer_set_string", h, k, str(value).encode())
        elif kind == b.STRATA_VALUE_NUMBERS:
            values = [float(x) for x in value]
            call("strata_layer_set_numbers", h, k, (ctypes.c_double * len(values))(*values), len(values))
        elif kind == b.STRATA_VALUE_COLORS:
            colors = [v.color(c) for c in value]
            call("strata_layer_set_colors", h, k, (b.strata_color * len(colors))(*colors), len(colors))
        elif key == "contents":
            call("strata_layer_set_contents", h, value._handle)
        elif v.PROPERTIES.get(key) and key in ("path", "shadowPath"):
            call("strata_layer_set_path", h, k, value._handle)
        elif key == "emitterCells":
            cells = [c._handle for c in value]
            call("strata_layer_set_emitter_cells", h, (ctypes.c_void_p * len(cells))(*cells), len(cells))
        else:
            raise TypeError(f"{key} is not settable from Python yet")

    def get(self, key):
        """A key path's model value (None for a nil optional value)."""
        k, h = key.encode(), self._handle
        kind = v.key_kind(key)
        p = v.PROPERTIES.get(key)
        if p is not None and p.optional:
            has = ctypes.c_bool()
            call("strata_layer_has_value", h, k, ctypes.byref(has))
            if not has.value:
                return None
        if kind in v.GETTERS:
            suffix, ctype, make = v.GETTERS[kind]
            out = ctype()
            call(f"strata_layer_get_{suffix}", h, k, ctypes.byref(out))
            return make(out)
        if kind == b.STRATA_VALUE_STRING:
            out = ctypes.c_char_p()
            call("strata_layer_get_string", h, k, ctypes.byref(out))
            return None if out.value is None else out.value.decode()
        if kind in (b.STRATA_VALUE_NUMBERS, b.STRATA_VALUE_COLORS):
            numbers = kind == b.STRATA_VALUE_NUMBERS
            element, function = (ctypes.c_double, "strata_layer_get_numbers") if numbers else (b.strata_color, "strata_layer_get_colors")
            count = ctypes.c_size_t()
            call(function, h, k, None, 0, ctypes.byref(count))
            out = (element * count.value)()
            call(function, h, k, out, count.value, ctypes.byref(count))
            return [x for x in out] if numbers else [v.from_color(c) for c in out]
        raise TypeError(f"{key} is not readable from Python")

    # The tree.
    @property
    def sublayers(self):
        count = ctypes.c_size_t()
        call("strata_layer_get_sublayer_count", self._handle, ctypes.byref(count))
        out = []
        for i in range(count.value):
            handle = ctypes.c_void_p()
            call("strata_layer_copy_sublayer", self._handle, i, ctypes.byref(handle))
            out.append(Layer._wrap(handle.value, owned=True))
        return out

    @property
    def superlayer(self):
        handle = ctypes.c_void_p()
        call("strata_layer_copy_superlayer", self._handle, ctypes.byref(handle))
        return Layer._wrap(handle.value, owned=True)

    @property
    def mask(self):
        handle = ctypes.c_void_p()
        call("strata_layer_copy_mask", self._handle, ctypes.byref(handle))
        return Layer._wrap(handle.value, owned=True)

    @mask.setter
    def mask(self, layer):
        call("strata_layer_set_mask", self._handle, layer._handle if layer is not None else None)

    def add_sublayer(self, layer):
        call("strata_layer_add_sublayer", self._handle, layer._handle)

    def insert_sublayer(self, layer, index=None, below=None, above=None):
        if below is not None:
            call("strata_layer_insert_sublayer_below", self._handle, layer._handle, below._handle)
        elif above is not None:
            call("strata_layer_insert_sublayer_above", self._handle, layer._handle, above._handle)
        else:
            call("strata_layer_insert_sublayer_at", self._handle, layer._handle, 0 if index is None else index)

    def replace_sublayer(self, old, new):
        call("strata_layer_replace_sublayer", self._handle, old._handle, new._handle)

    def remove_from_superlayer(self):
        call("strata_layer_remove_from_superlayer", self._handle)

    # Animations.
    def add_animation(self, animation, key=None):
        """Runs a copy of `animation` (changing it afterwards changes nothing on screen)."""
        call("strata_layer_add_animation", self._handle, animation._handle, key.encode() if key is not None else None)

    def remove_animation(self, key):
        call("strata_layer_remove_animation", self._handle, key.encode())

    def remove_all_animations(self):
        call("strata_layer_remove_all_animations", self._handle)

    def has_animation(self, key):
        out = ctypes.c_bool()
        call("strata_layer_has_animation", self._handle, key.encode(), ctypes.byref(out))
        return out.value

    # Geometry queries.
    def presentation(self):
        """A copy holding the values on screen now (read its attributes), or None before the first commit."""
        handle = ctypes.c_void_p()
        call("strata_layer_copy_presentation", self._handle, ctypes.byref(handle))
        return Layer._wrap(handle.value, owned=True)

    def hit_test(self, point):
        handle = ctypes.c_void_p()
        call("strata_layer_copy_hit_test", self._handle, v.point(point), ctypes.byref(handle))
        return Layer._wrap(handle.value, owned=True)

    def convert_point(self, point, from_layer=None):
        out = b.strata_point()
        call("strata_layer_convert_point", self._handle, v.point(point), from_layer._handle if from_layer else None, ctypes.byref(out))
        return v.from_point(out)

    # Input.
    @property
    def on_input(self):
        return self.__dict__.get("_on_input")

    @on_input.setter
    def on_input(self, function):
        """Called with an InputEvent for each event this layer handles (it must be `interactive`); None removes it.
        A handler that refers to its own layer keeps it alive through libstrata: use event.layer instead."""
        object.__setattr__(self, "_on_input", function)
        if function is None:
            call("strata_layer_set_input_handler", self._handle, None, None, None)
        else:
            call("strata_layer_set_input_handler", self._handle, _input_trampoline, register(function), destroy)


class TransformLayer(Layer): _kind = b.STRATA_LAYER_TRANSFORM
class ShapeLayer(Layer): _kind = b.STRATA_LAYER_SHAPE
class GradientLayer(Layer): _kind = b.STRATA_LAYER_GRADIENT
class ReplicatorLayer(Layer): _kind = b.STRATA_LAYER_REPLICATOR
class TextLayer(Layer): _kind = b.STRATA_LAYER_TEXT
class ScrollLayer(Layer): _kind = b.STRATA_LAYER_SCROLL
class EmitterLayer(Layer): _kind = b.STRATA_LAYER_EMITTER
class LayerHost(Layer): _kind = b.STRATA_LAYER_HOST


_CLASSES = {c._kind: c for c in (Layer, TransformLayer, ShapeLayer, GradientLayer, ReplicatorLayer, TextLayer, ScrollLayer,
                                 EmitterLayer, LayerHost)}

INPUT_KINDS = {b.STRATA_INPUT_TOUCH_DOWN: "touch_down", b.STRATA_INPUT_TOUCH_MOVED: "touch_moved",
               b.STRATA_INPUT_TOUCH_UP: "touch_up", b.STRATA_INPUT_TOUCH_CANCELLED: "touch_cancelled",
               b.STRATA_INPUT_POINTER_MOVED: "pointer_moved", b.STRATA_INPUT_POINTER_BUTTON: "pointer_button",
               b.STRATA_INPUT_SCROLL: "scroll", b.STRATA_INPUT_KEY: "key"}


class InputEvent:
    """An input event: kind ("touch_down", "touch_up", "key", ...), timestamp, layer, hit_layer, location (in
    layer's coordinates), touch_id, button, pressed, scroll_delta, keysym, text, observed."""

    def __init__(self, e):
        self.kind = INPUT_KINDS.get(e.kind, e.kind)
        self.timestamp = e.timestamp
        self.layer = Layer._wrap(e.layer, owned=False)
        self.hit_layer = Layer._wrap(e.hit_layer, owned=False)
        self.location = v.from_point(e.location)
        self.touch_id = e.touch_id
        self.button = e.button
        self.pressed = e.pressed
        self.scroll_delta = v.from_size(e.scroll_delta)
        self.keysym = e.keysym
        self.text = e.text.decode() if e.text else ""
        self.observed = e.observed

    def __repr__(self):
        return f"InputEvent({self.kind}, location={tuple(self.location)})"


@b.strata_input_fn
def _input_trampoline(event, user_data):
    invoke(user_data, InputEvent(event.contents))
