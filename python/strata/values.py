"""Geometry and colours as Python values, and their C structs; the property table and key-path kinds."""
import ctypes
import re
from collections import namedtuple

from . import _bindings as b
from ._lib import call, lib

Point = namedtuple("Point", "x y")
Size = namedtuple("Size", "width height")
Rect = namedtuple("Rect", "x y width height")
Color = namedtuple("Color", "red green blue alpha")
Color.__new__.__defaults__ = (1.0,)


def point(value):
    x, y = value
    return b.strata_point(float(x), float(y))


def size(value):
    w, h = value
    return b.strata_size(float(w), float(h))


def rect(value):
    """A Rect, (x, y, width, height) or ((x, y), (width, height))."""
    if len(value) == 2:
        (x, y), (w, h) = value
    else:
        x, y, w, h = value
    return b.strata_rect(b.strata_point(float(x), float(y)), b.strata_size(float(w), float(h)))


def color(value):
    """A Color or (red, green, blue[, alpha]), each 0 to 1."""
    r, g, bl, *a = value
    return b.strata_color(float(r), float(g), float(bl), float(a[0]) if a else 1.0)


def transform(value):
    """16 numbers, CATransform3D's order (m11 m12 ... m44)."""
    values = [float(v) for v in value]
    if len(values) != 16:
        raise ValueError(f"a transform has 16 numbers, not {len(values)}")
    return b.strata_transform(*values)


def from_point(p): return Point(p.x, p.y)
def from_size(s): return Size(s.width, s.height)
def from_rect(r): return Rect(r.origin.x, r.origin.y, r.size.width, r.size.height)
def from_color(c): return Color(c.red, c.green, c.blue, c.alpha)
def from_transform(t): return tuple(getattr(t, f) for f, _ in b.strata_transform._fields_)


def snake(name):
    """A Core Animation key's Python name: cornerRadius -> corner_radius."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def camel(name):
    head, *rest = name.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


Property = namedtuple("Property", "name kind layer_kinds animatable optional")


def _table():
    out = {}
    info = b.strata_property()
    for i in range(lib.strata_property_count()):
        call("strata_property_info", i, ctypes.byref(info))
        name = info.name.decode()
        out[name] = Property(name, info.kind, info.layer_kinds, info.animatable, info.optional)
    return out


# Every property Strata carries, by its Core Animation key, and by its Python name.
PROPERTIES = _table()
BY_PYTHON_NAME = {snake(name): p for name, p in PROPERTIES.items()}

# Components of key paths ("position.x", "bounds.size", "transform.translation") and the kinds they hold.
_COMPONENT_KINDS = {"origin": b.STRATA_VALUE_POINT, "size": b.STRATA_VALUE_SIZE, "translation": b.STRATA_VALUE_SIZE}


def key_kind(key):
    """The kind of value a key path holds (STRATA_VALUE_*)."""
    if key == "name":
        return b.STRATA_VALUE_STRING
    prop, _, component = key.partition(".")
    if not component:
        p = PROPERTIES.get(prop)
        return p.kind if p else b.STRATA_VALUE_NUMBER  # an unknown key: the library names it
    if prop in ("emitterCells", "filters", "backgroundFilters"):
        return b.STRATA_VALUE_NUMBER
    return _COMPONENT_KINDS.get(component, b.STRATA_VALUE_NUMBER)


# How a value of each kind goes into libstrata: the setter's suffix (strata_layer_set_SUFFIX,
# strata_animation_set_SUFFIX) and the conversion of the Python value.
SETTERS = {
    b.STRATA_VALUE_NUMBER: ("number", float),
    b.STRATA_VALUE_BOOL: ("bool", bool),
    b.STRATA_VALUE_POINT: ("point", point),
    b.STRATA_VALUE_SIZE: ("size", size),
    b.STRATA_VALUE_RECT: ("rect", rect),
    b.STRATA_VALUE_TRANSFORM: ("transform", lambda value: ctypes.byref(transform(value))),
    b.STRATA_VALUE_COLOR: ("color", color),
}

# How one comes back from a layer: the getter's suffix, the C type it writes, and the Python value made of it.
GETTERS = {
    b.STRATA_VALUE_NUMBER: ("number", ctypes.c_double, lambda out: out.value),
    b.STRATA_VALUE_BOOL: ("bool", ctypes.c_bool, lambda out: out.value),
    b.STRATA_VALUE_POINT: ("point", b.strata_point, from_point),
    b.STRATA_VALUE_SIZE: ("size", b.strata_size, from_size),
    b.STRATA_VALUE_RECT: ("rect", b.strata_rect, from_rect),
    b.STRATA_VALUE_TRANSFORM: ("transform", b.strata_transform, from_transform),
    b.STRATA_VALUE_COLOR: ("color", b.strata_color, from_color),
}
