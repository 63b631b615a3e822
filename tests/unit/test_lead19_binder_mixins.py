"""The Binder is one class made of many binding mixins: a method two mixins both define is either
cooperative (the one that wins calls `super().<name>`, so the other still runs) or an accident
that silently switches the other mixin's behaviour off (session 19: the pressure binder's
`_around` shadowed the rotation binder's and flipped a rotor's sign)."""

from __future__ import annotations

import inspect

from tasks.plan.bind import Binder


def test_a_method_two_binders_define_is_cooperative():
    owners: dict[str, list[type]] = {}
    for cls in Binder.__mro__[1:]:
        for name, value in vars(cls).items():
            if not name.startswith("__") and callable(value):
                owners.setdefault(name, []).append(cls)
    accidents = []
    for name, classes in owners.items():
        for cls in classes[:-1]:  # every definition but the last must hand on to the next
            if f"super().{name}(" not in inspect.getsource(vars(cls)[name]):
                accidents.append(f"{name}: {cls.__module__}.{cls.__name__} hides "
                                 f"{', '.join(c.__module__ + '.' + c.__name__ for c in classes[classes.index(cls) + 1:])}")
    assert not accidents, accidents
