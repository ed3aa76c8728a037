"""A module under `from __future__ import annotations`: annotations stay
strings, including forward references and expressions that would fail."""
from __future__ import annotations

import typing

LIMIT: int = 10
names: list[str]


class Node:
    value: int
    children: list[Node]
    parent: Node | None = None

    def __init__(self, value: int, *children: Node) -> None:
        self.value = value
        self.children = list(children)

    def total(self) -> int:
        return self.value + sum(c.total() for c in self.children)

    def find(self, value: int, default: Node | None = None) -> Node | None:
        if self.value == value:
            return self
        for c in self.children:
            hit = c.find(value)
            if hit is not None:
                return hit
        return default


def combine(a: undefined_name[int], b: "quoted" = 1, *args: tuple[int, ...], k: dict[str, Node] = None, **kw: float) -> Node:
    return a + b


def test_annotations_are_strings():
    local_x: SomeUndefinedType = 5
    return (combine.__annotations__, Node.__annotations__, Node.__init__.__annotations__,
            Node.find.__annotations__, __annotations__, local_x)


def test_runtime():
    tree = Node(1, Node(2, Node(4)), Node(3))
    hints = typing.get_type_hints(Node.total)
    return tree.total(), tree.find(4).value, tree.find(9), hints, combine(1, 2)
