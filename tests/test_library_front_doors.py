"""The service uses its libraries through their public API only: no private attribute of an
object it did not define, no override of a library's private or name-mangled method, no class
swapped at run time. Marshmallow's ``_deserialize`` and ``_serialize`` are the documented way to
write a field (https://marshmallow.readthedocs.io, "Creating a field class"), so they are the
one exception, listed below."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import marshmallow as ma

import service

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "service").rglob("*.py"))
# Library hooks documented for overriding, by the class that documents them.
DOCUMENTED_HOOKS = {(ma.fields.Field, "_deserialize"), (ma.fields.Field, "_serialize")}


def private(name: str) -> bool:
    """A private name: one leading underscore, not a dunder."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in SOURCES:
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def defined_names() -> set[str]:
    """Every private name the project defines: functions, classes, attributes it assigns
    (``self._x = ...``, class-level ``_x = ...``), slots, module-level names."""
    names: set[str] = set()
    for _, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names.add(node.value)  # __slots__ entries
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.rsplit(".", 1)[-1])
    return {name for name in names if private(name)}


def private_reads(tree: ast.Module, ours: set[str]) -> list[tuple[int, str]]:
    """Private attributes the code reads or writes that the project does not define."""
    return [
        (node.lineno, f".{node.attr}")
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in ours
    ]


def mangled_or_swapped(tree: ast.Module) -> list[tuple[int, str]]:
    """Methods named as another class's name-mangled ones, and classes swapped at run time."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and "__" in node.name.strip("_"):
            found.append((node.lineno, f"def {node.name}"))
        swapped = isinstance(node, ast.Attribute) and node.attr == "__class__"
        if swapped and isinstance(node.ctx, ast.Store):
            found.append((node.lineno, "__class__ ="))
    return found


def test_no_private_attribute_of_a_library_object_is_read_or_written() -> None:
    ours = defined_names()
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path, tree in trees()
        for line, what in private_reads(tree, ours)
    ]
    assert found == []


def test_no_name_mangled_method_is_overridden_and_no_class_is_swapped() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path, tree in trees()
        for line, what in mangled_or_swapped(tree)
    ]
    assert found == []


def project_classes() -> Iterator[type]:
    for module in pkgutil.walk_packages(service.__path__, "service."):
        loaded = importlib.import_module(module.name)
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == loaded.__name__:
                yield cls


def test_no_private_method_of_a_library_class_is_overridden() -> None:
    found = []
    for cls in project_classes():
        libraries = [b for b in cls.__mro__[1:] if not b.__module__.startswith("service.")]
        for name, value in vars(cls).items():
            # Methods the class defines (an enum's or a dataclass's generated names are not).
            defined = getattr(value, "__func__", value)
            if not private(name) or getattr(defined, "__module__", None) != cls.__module__:
                continue
            owners = [b for b in libraries if name in vars(b)]
            documented = any((owner, name) in DOCUMENTED_HOOKS for owner in owners)
            if owners and not documented:
                found.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    assert found == []


# What the service did before these checks, each a line the checks must catch.
FORBIDDEN = (
    "current = request._get_current_object()",
    "func._apidoc = documented._apidoc",
    "self.spec.__class__ = ContractSpec",
    "class S(MemoryStorage):\n    def _MemoryStorage__schedule_expiry(self): ...",
    "found.extend(ma.Schema._default_error_messages.values())",
)


def test_the_checks_catch_what_the_service_once_did() -> None:
    ours = defined_names()
    for code in FORBIDDEN:
        tree = ast.parse(code)
        assert private_reads(tree, ours) or mangled_or_swapped(tree), code
