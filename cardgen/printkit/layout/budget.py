"""Limits on what one face's layout expressions may cost, so a hostile or mistaken layout is
refused in a line instead of hanging the build or filling the memory.

Jinja's sandbox keeps a layout away from Python's internals, but not from arithmetic: `'x' *
10**9`, `9**(9**9)`, `'x'.ljust(10**9)` or two nested `range(100000)` loops are each one short
expression that runs for minutes or asks for gigabytes. Three guards close that:
- sizes: operators, method calls and filters that build a value are checked before they run
  (a string, list or number larger than any card could print is refused);
- iterations: `range` counts the items it hands out across one face;
- time: one face's evaluation and drawing get a few seconds of wall time (an alarm on the main
  thread, where builds run), which catches whatever the first two cannot foresee.
"""

from __future__ import annotations

import math
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from jinja2.exceptions import SecurityError

LONGEST_TEXT = 100_000  # characters (or items) a value built by an expression may hold
LARGEST_INT_BITS = 4_096  # about 1,200 digits: far beyond any number a card prints
MOST_ITERATIONS = 200_000  # items `range` hands out to one face, all loops together
FACE_SECONDS = 5.0  # wall time for one face's expressions and drawing

_WIDTH_IN_FORMAT = re.compile(r"\d{6,}")  # a field width of 100,000 or more in a format string


class BudgetExceeded(SecurityError):
    """An expression that would cost more than a face may spend (a Jinja TemplateError, so the
    renderer reports it with the layout file and element)."""


def _size(value: Any) -> int:
    return len(value) if isinstance(value, str | bytes | list | tuple | dict) else 0


def _int_bits(value: Any) -> int:
    return abs(value).bit_length() if isinstance(value, int) and not isinstance(value, bool) else 0


def check_result(value: Any) -> Any:
    """`value`, unless it is larger than any face can use."""
    if _size(value) > LONGEST_TEXT:
        raise BudgetExceeded(f"a value of {_size(value):,} items is over {LONGEST_TEXT:,}")
    if _int_bits(value) > LARGEST_INT_BITS:
        raise BudgetExceeded("a number of over 1,200 digits")
    return value


def check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse an arithmetic step whose result would be huge, before Python spends time on it."""
    if operator == "**" and isinstance(left, int | float) and isinstance(right, int | float):
        base = abs(float(left)) if not isinstance(left, int) else abs(left)
        if base > 1 and right > 0:
            bits = right * math.log2(base)
            if bits > LARGEST_INT_BITS:
                raise BudgetExceeded(f"{left!r} ** {right!r} is too large a number")
    elif operator == "*":
        for sequence, count in ((left, right), (right, left)):
            size = _size(sequence)
            if size and isinstance(count, int) and size * count > LONGEST_TEXT:
                raise BudgetExceeded(f"repeating {size:,} items {count:,} times")
        if _int_bits(left) + _int_bits(right) > LARGEST_INT_BITS:
            raise BudgetExceeded("a product of over 1,200 digits")
    elif operator == "+" and _size(left) + _size(right) > LONGEST_TEXT:
        raise BudgetExceeded(f"joining values of {_size(left) + _size(right):,} items")
    elif operator == "%" and isinstance(left, str) and _WIDTH_IN_FORMAT.search(left):
        raise BudgetExceeded("a format with a field width of 100,000 or more")


# Calls whose count or width argument sets the size of what they build.
SIZED_CALLS = {"ljust", "rjust", "center", "zfill", "expandtabs", "indent", "wordwrap", "slice",
               "batch", "range"}  # fmt: skip
FORMAT_CALLS = {"format", "format_map"}


def check_call(name: str, subject: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse a call handed a count or width no face needs (`ljust(10**9)`, `center`, `zfill`,
    `slice`, `range` ...) or a format string that pads to one (`subject`: the string a method
    belongs to, or the value a filter is applied to)."""
    if name in SIZED_CALLS:
        for value in (*args, *kwargs.values()):
            if isinstance(value, int) and not isinstance(value, bool) and value > LONGEST_TEXT:
                raise BudgetExceeded(f"{name} with a count of {value:,} (at most {LONGEST_TEXT:,})")
    if name in FORMAT_CALLS and isinstance(subject, str) and _WIDTH_IN_FORMAT.search(subject):
        raise BudgetExceeded("a format with a field width of 100,000 or more")


def checked_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A Jinja filter whose arguments and result are held to the same limits."""

    def filtered(*args: Any, **kwargs: Any) -> Any:
        passed = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0
        value, rest = (args[passed], args[passed + 1 :]) if len(args) > passed else (None, ())
        check_call(name, value, rest, kwargs)
        return check_result(function(*args, **kwargs))

    if hasattr(function, "jinja_pass_arg"):  # pass_context / pass_environment / pass_eval_context
        filtered.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    filtered.__name__ = name
    return filtered


_iterations: ContextVar[list[int] | None] = ContextVar("layout_iterations", default=None)


def counted_range(*args: int) -> Iterator[int]:
    """`range`, counting what it hands out against the face's budget."""
    check_call("range", None, args, {})
    numbers = range(*args)
    counter = _iterations.get()
    if counter is None:
        yield from numbers
        return
    for number in numbers:
        counter[0] += 1
        if counter[0] > MOST_ITERATIONS:
            raise BudgetExceeded(f"loops over more than {MOST_ITERATIONS:,} numbers for one face")
        yield number


class _Clock:
    """The face being made (when it started, its limit) and whether a build's alarm is ticking."""

    started: float | None = None
    seconds: float = FACE_SECONDS
    ticking: bool = False  # a repeating alarm armed by `build_budget`


TICK = 0.25  # seconds between a build's alarm rings: a face overruns by at most this much


def _expired(_signum: int, _frame: Any) -> None:
    """The alarm's handler: raises only when the face being made is past its time."""
    started = _Clock.started
    if started is not None and time.monotonic() - started > _Clock.seconds:
        _Clock.started = None  # ring once per face
        raise BudgetExceeded(f"the layout took over {_Clock.seconds:g} s for one face")


def _take_alarm(seconds: float, interval: float = 0.0) -> bool:
    """Arm the alarm for us, unless another part of the program owns it (its handler or its
    timer), or this is not the main thread (signals reach only that one)."""
    if threading.current_thread() is not threading.main_thread():
        return False
    if not hasattr(signal, "setitimer"):
        return False
    handler = signal.getsignal(signal.SIGALRM)
    if handler is not _expired:
        if handler not in (signal.SIG_DFL, signal.SIG_IGN, None):
            return False
        signal.signal(signal.SIGALRM, _expired)  # stays installed: inert outside a face
    previous = signal.setitimer(signal.ITIMER_REAL, seconds, interval)
    if previous[0] != 0:  # someone else's timer was running: give it back
        signal.setitimer(signal.ITIMER_REAL, *previous)
        return False
    return True


@contextmanager
def build_budget() -> Iterator[None]:
    """A repeating alarm for a whole run of faces, so that each face pays only for reading the
    clock (arming a timer costs a system call or two: a tenth of a simple face)."""
    if _Clock.ticking or not _take_alarm(TICK, TICK):
        yield
        return
    _Clock.ticking = True
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _Clock.ticking = False


@contextmanager
def face_budget(seconds: float = FACE_SECONDS) -> Iterator[None]:
    """One face's budget: its own `range` count, and `seconds` of wall time on the main thread
    (checked by the build's alarm, or by one armed for this face alone)."""
    token = _iterations.set([0])
    own_alarm = not _Clock.ticking and _take_alarm(seconds + TICK)
    outer = _Clock.started, _Clock.seconds
    _Clock.started, _Clock.seconds = time.monotonic(), seconds
    try:
        yield
    finally:
        _Clock.started, _Clock.seconds = outer
        if own_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
        _iterations.reset(token)
