"""Transactions (CATransaction), per thread: `with strata.transaction(duration=0.4, completion=done): ...`."""
from contextlib import contextmanager

from . import _bindings as b
from ._lib import call
from .loop import destroy, invoke, register


@contextmanager
def transaction(duration=None, disable_actions=None, timing_function=None, completion=None):
    """Opens an explicit transaction for the block and commits it at its end (also when the block raises: Core
    Animation has no rollback). `completion` runs once every animation the block added has finished."""
    call("strata_transaction_begin")
    try:
        if duration is not None:
            call("strata_transaction_set_duration", float(duration))
        if disable_actions is not None:
            call("strata_transaction_set_disable_actions", bool(disable_actions))
        if timing_function is not None:
            call("strata_transaction_set_timing_function", timing_function.encode())
        if completion is not None:
            call("strata_transaction_set_completion", _completion_trampoline, register(completion), destroy)
        yield
    finally:
        call("strata_transaction_commit")


@b.strata_completion_fn
def _completion_trampoline(user_data):
    invoke(user_data)
