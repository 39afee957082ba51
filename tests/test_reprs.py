"""`value_repr` shows what attrs's generated ``__repr__`` shows, for any fields and values."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from politeharvest import Politeness
from politeharvest._reprs import value_repr
from politeharvest.net._flow import RequestFlow, Retry, on_response

NAMES = ("a", "b", "_c", "d", "e_f")
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3),
    max_leaves=6,
)


def angled(value: object) -> str:
    return f"<{value}>"


@st.composite
def specs(draw: st.DrawFn) -> list[tuple[str, Any, bool, bool]]:
    """Fields: (name, repr option, init, set when not in __init__)."""
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=len(NAMES)))
    return [
        (
            name,
            draw(st.sampled_from((True, False, angled))),
            draw(st.booleans()),
            draw(st.booleans()),
        )
        for name in names
    ]


def twins(spec: list[tuple[str, Any, bool, bool]], frozen: bool) -> tuple[type, type]:
    """The same class twice: attrs's own repr, and ours."""
    fields = {name: attrs.field(repr=shown, init=init) for name, shown, init, _ in spec}
    theirs = attrs.make_class("Thing", dict(fields), frozen=frozen)
    ours = attrs.make_class("Thing", dict(fields), frozen=frozen, repr=False)
    ours.__repr__ = value_repr  # type: ignore[method-assign]
    return theirs, ours


@given(spec=specs(), data=st.data(), frozen=st.booleans())
def test_value_repr_never_differs_from_the_repr_attrs_generates(
    spec: list[tuple[str, Any, bool, bool]], data: st.DataObject, frozen: bool
) -> None:
    """Any fields (shown, hidden, a callable's repr, not in __init__, not set), any values."""
    theirs, ours = twins(spec, frozen)
    values = {name: data.draw(VALUES) for name, *_ in spec}
    init = {name.lstrip("_"): values[name] for name, _, given_in_init, _ in spec if given_in_init}
    made = [theirs(**init), ours(**init)]
    for thing in made:
        for name, _, given_in_init, set_later in spec:
            if not given_in_init and set_later:
                object.__setattr__(thing, name, values[name])
    assert repr(made[1]) == repr(made[0])
    # nested: a value that is itself such an object
    if spec and spec[0][2]:
        first = spec[0][0].lstrip("_")
        outer = [theirs(**{**init, first: made[0]}), ours(**{**init, first: made[1]})]
        assert repr(outer[1]) == repr(outer[0])


def test_a_cycle_shows_as_an_ellipsis_as_attrs_shows_it() -> None:
    theirs, ours = twins([("a", True, True, False), ("b", True, True, False)], frozen=False)
    shown = []
    for cls in (theirs, ours):
        thing = cls(a=1, b=None)
        thing.b = [thing]
        shown.append(repr(thing))
    assert shown[0] == shown[1] == "Thing(a=1, b=[...])"


def test_the_package_values_show_their_fields() -> None:
    flow = RequestFlow(("https://x.org/a",))
    assert repr(Retry(2.0, "retry-after", flow)) == (
        f"Retry(delay=2.0, reason='retry-after', flow={flow!r})"
    )
    assert repr(flow).startswith("RequestFlow(chain=('https://x.org/a',), method='GET', ")


def test_a_decision_shows_as_before() -> None:
    """The example of docs/architecture.md prints the same text."""
    policy = Politeness(user_agent="mybot/1.0 (mailto:you@example.org)")
    step = on_response(
        RequestFlow(("https://repo.example.org/oai",)),
        policy=policy,
        status=429,
        headers={"Retry-After": "7"},
        now=0.0,
    )
    assert repr(step).startswith("Retry(delay=7.0, reason=")
