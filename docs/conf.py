"""Sphinx configuration of simpeval's documentation (built with ``sphinx-build -W --keep-going -n``)."""

from __future__ import annotations

import importlib
import sys
import types
import typing
from pathlib import Path

from docutils.nodes import Element
from sphinx import addnodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext import napoleon

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import public_api  # noqa: E402  (docs/_ext)

from simpeval import __version__  # noqa: E402  (the checkout's package, not an installed one)

project = "simpeval"
author = "simpeval developers"
copyright = "simpeval developers"
version = release = __version__

extensions = [
    "metric_options",
    "public_api",
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]
templates_path = ["_templates"]
html_theme = "furo"
html_title = f"simpeval {__version__}"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autosummary_generate = True


autosummary_context = {"shadowed_modules": public_api.shadowed_modules(), "public_names": public_api.public_names()}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
python_use_unqualified_type_names = True  # `ConfidenceInterval`, not `simpeval.significance.results.ConfidenceInterval`
autodoc_typehints_format = "fully-qualified"  # "short" leaves a literal ~ in signatures it cannot parse
autodoc_default_options: dict[str, object] = {}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# Nitpicky mode (-n): every cross-reference must resolve. There is no network at build time,
# so intersphinx is off; these are the targets outside simpeval that stay plain text.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(abc|builtins|collections|concurrent|contextlib|dataclasses|difflib|enum|fractions|io|os|pathlib|re|threading"
        r"|types|typing"
        r"|typing_extensions|click|dask|distributed|matplotlib|nltk|np|numba|numpy|pandas|pd|pyarrow|pyspark"
        r"|sacrebleu|scipy)(\..*)?",
    ),
]

_PY_TYPES = (type, types.FunctionType, types.BuiltinFunctionType, types.ModuleType, property, classmethod)


def _import_dotted(name: str) -> object:
    """The object a dotted name reaches by importing its longest importable module prefix."""
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attr in parts[split:]:
            obj = getattr(obj, attr, _MISSING)
        return getattr(obj, "__func__", obj) if isinstance(obj, types.MethodType) else obj  # one id per classmethod
    return _MISSING


_MISSING = object()


def _rank(name: str) -> tuple[bool, int]:
    """Where a reference to an object goes first: not to a copy a class inherits
    (``simpeval.SARI.corpus_score``) but to the class that defines it (``simpeval.Metric.corpus_score``)."""
    owner, _, last = name.rpartition(".")
    parent = _import_dotted(owner) if owner else _MISSING
    return isinstance(parent, type) and last not in vars(parent), len(name)


_DOCUMENTED: dict[int, str] = {}  # filled once per sphinx-build process, after every page is read


def _documented(env: BuildEnvironment) -> dict[int, str]:
    """``id(object) -> documented name`` for every class, function, method, property and module."""
    if not _DOCUMENTED:
        for name in sorted(env.get_domain("py").objects, key=_rank):  # a definition, then the shortest name
            obj = _import_dotted(name)
            if isinstance(obj, _PY_TYPES) or callable(obj):
                _DOCUMENTED.setdefault(id(obj), name)
    return _DOCUMENTED


def _resolve(app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element) -> Element | None:
    """Resolve a reference to simpeval code by the object it names, not by the path it spells.

    A docstring may name an object as its module sees it (``Score`` in ``simpeval.api``) or by a
    public re-export (``simpeval.significance.PairedResult``); the reference pages document each
    object once, where it is defined or under its public name (``simpeval.SARI``). A reference is
    looked up as Python would (in the class, then the module of the docstring, then where the
    documented object is defined: an inherited method's docstring names what its own module
    imports, then as a dotted path) and sent to where that object is
    documented. A name its module does not import (``SARI.explain`` where the explanation is
    built) is looked up from the one documented object whose name ends with its first part. A
    constant without a doc comment links to its module. A name that reaches no object (code
    that moved) stays unresolved and fails the strict build; a private name, a TypeVar or a
    type alias, which have no page of their own, show as text.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    module, cls = node.get("py:module"), node.get("py:class")
    candidates = [f"{module}.{cls}.{target}"] if module and cls else []
    candidates += [f"{module}.{target}"] if module else []
    candidates += [f"{scope}.{target}" for scope in _defining_scopes(node)]
    candidates.append(target)
    domain = env.get_domain("py")
    for candidate in candidates:
        found = _lookup(env, candidate)
        if found is not None:
            return _link(app, env, node, contnode, found)
    if not (module or "").startswith("simpeval"):
        return None
    first, _, rest = target.partition(".")
    prefixes = [name for name in domain.objects if name.startswith("simpeval") and name.endswith("." + first)]
    found_all = {found for name in prefixes if (found := _lookup(env, f"{name}.{rest}" if rest else name))}
    return _link(app, env, node, contnode, found_all.pop()) if len(found_all) == 1 else None


def _defining_scopes(node: Element) -> list[str]:
    """The class and module that define the object whose description holds ``node``
    (``simpeval.metrics.base.Metric`` and its module for ``simpeval.SARI.corpus_score``)."""
    desc = node.parent
    while desc is not None and not isinstance(desc, addnodes.desc):
        desc = desc.parent
    signatures = [child for child in desc.children if isinstance(child, addnodes.desc_signature)] if desc else []
    if not signatures or not signatures[0].get("module"):
        return []
    obj = _import_dotted(f"{signatures[0]['module']}.{signatures[0]['fullname']}")
    if isinstance(obj, type):
        return [f(klass) for klass in obj.__mro__ if klass.__module__.startswith("simpeval") for f in _SCOPES]
    obj = getattr(obj, "fget", obj)
    module, owner = getattr(obj, "__module__", None), getattr(obj, "__qualname__", "").rpartition(".")[0]
    if not isinstance(module, str):
        return []
    return [f"{module}.{owner}", module] if owner else [module]


_SCOPES = (lambda klass: f"{klass.__module__}.{klass.__qualname__}", lambda klass: klass.__module__)


def _lookup(env: BuildEnvironment, candidate: str) -> str | None:
    """Where the object ``candidate`` reaches is documented: a name, ``""`` to show it as text, or None."""
    if not candidate.startswith("simpeval"):
        return None
    obj = _import_dotted(candidate)
    if obj is _MISSING:
        return None
    name = _documented(env).get(id(obj)) or _documented_data(env, candidate, obj)
    if name is not None:
        return name
    if any(part.startswith("_") for part in candidate.split(".")) or isinstance(obj, typing.TypeVar) or _is_alias(obj):
        return ""
    owner = candidate.rsplit(".", 1)[0]
    return owner if owner in env.get_domain("py").modules else None


def _link(app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element, name: str) -> Element | None:
    if not name:
        return contnode
    return env.get_domain("py").resolve_xref(env, node["refdoc"], app.builder, "obj", name, node, contnode)


def _documented_data(env: BuildEnvironment, candidate: str, obj: object) -> str | None:
    """The documented name of a module-level constant: the same object under the same last name."""
    last = candidate.rsplit(".", 1)[-1]
    names = [name for name in env.get_domain("py").objects if name.rsplit(".", 1)[-1] == last]
    found = [name for name in names if _import_dotted(name) is obj]
    return found[0] if len(found) == 1 else None


def _skip_tuple_field(app: Sphinx, what: str, name: str, obj: object, skip: bool, options: object) -> bool | None:
    """Leave out a NamedTuple's field accessors: the class's ``Attributes:`` section describes the fields."""
    return True if type(obj).__name__ == "_tuplegetter" else None


def _is_alias(obj: object) -> bool:
    return type(obj).__module__ in ("typing", "types") and not isinstance(obj, _PY_TYPES)


def _google_docstring_unless_attribute(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Napoleon, except on attributes: their first line (``"The demo files: ..."``) is prose,
    which napoleon would read as ``type: description``."""
    if what not in ("attribute", "data", "property"):
        napoleon._process_docstring(app, what, name, obj, options, lines)


def setup(app: Sphinx) -> None:
    listeners = app.events.listeners["autodoc-process-docstring"]
    for listener in list(listeners):
        if listener.handler is napoleon._process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _google_docstring_unless_attribute)
    app.connect("missing-reference", _resolve)
    app.connect("autodoc-skip-member", _skip_tuple_field)
