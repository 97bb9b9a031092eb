"""The API reference's layout: public names first, the whole package documented, nothing missed.

* ``docs/api/simpeval.md`` documents every name of :data:`simpeval.__all__` under its public
  name (``simpeval.SARI``); each module's page (``docs/_templates/autosummary/module.rst``)
  points to that page instead of documenting the object a second time (:func:`public_names`).
* A metric's page shows what a user calls (:data:`METRIC_USER_API`, inherited from
  :class:`~simpeval.metrics.base.Metric`) and its own public members; the hooks a metric author
  implements are documented once, on ``Metric``'s page (:func:`skip_member`).
* Search ranks the public names above the modules of the same name: a search for "SARI" lands
  on ``simpeval.SARI`` (:class:`PublicFirstPythonDomain`), one for "corpus_score" on
  ``simpeval.Metric.corpus_score``; private modules rank last.
* The build warns (and the strict build fails) when a name of ``simpeval.__all__`` or a module of
  the package is documented nowhere (:func:`check_coverage`).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types
from collections.abc import Iterator

from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

import simpeval
from simpeval.metrics.base import Metric

logger = logging.getLogger(__name__)

#: What a user calls on a metric, shown on each metric's page; the other public members that
#: ``Metric`` defines are the hooks of ``docs/guide/extending.md``, documented on its page only.
METRIC_USER_API = frozenset(
    {"corpus_score", "sentence_score", "sentence_scores", "corpus_score_iter", "corpus_stats", "get_signature"}
)
METRIC_HOOKS = frozenset(name for name in vars(Metric) if not name.startswith("_")) - METRIC_USER_API

#: Search priorities (Sphinx's: 0 important, 1 default, 2 unimportant).
IMPORTANT, DEFAULT, UNIMPORTANT = 0, 1, 2


def public_names() -> dict[str, str]:
    """``defining module.qualified name -> simpeval.NAME`` for every class and function of ``__all__``."""
    found = {}
    for name in simpeval.__all__:
        obj = getattr(simpeval, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            found[f"{obj.__module__}.{obj.__qualname__}"] = f"simpeval.{name}"
    return found


def all_modules() -> Iterator[str]:
    """Every module of the package, ``simpeval`` included."""
    yield "simpeval"
    for info in pkgutil.walk_packages(simpeval.__path__, "simpeval."):
        yield info.name


def is_private(name: str) -> bool:
    """Whether a dotted name has a private part (``simpeval._arith``, ``simpeval.metrics._sacrebleu.X``)."""
    return any(part.startswith("_") and not part.startswith("__init") for part in name.split("."))


def shadowed_modules() -> list[str]:
    """Submodules a package attribute of the same name hides (``simpeval.metaeval.correlation`` is
    also a function): autosummary would document the function under the module's name, so
    ``api/metaeval-modules.md`` documents these modules instead."""
    shadowed = []
    for name in all_modules():
        parent, _, child = name.rpartition(".")
        if not parent:
            continue
        importlib.import_module(name)
        if not isinstance(getattr(importlib.import_module(parent), child, None), types.ModuleType):
            shadowed.append(name)
    return shadowed


def private_modules() -> list[str]:
    """The private modules (``api/private.md`` lists them, outside the navigation)."""
    return [name for name in all_modules() if is_private(name)]


class PublicFirstPythonDomain(PythonDomain):
    """The Python domain, with search priorities that put the public API first.

    Sphinx ranks every module above every other object (priority 0 against 1), so a search for
    "SARI" listed the modules ``simpeval.metrics.sari`` and ``simpeval.compat.easse.sari`` and the
    engines before the class. Here the names of ``simpeval.__all__`` and their members are the
    important ones, modules and other objects the default, and private ones unimportant.
    """

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        public = {f"simpeval.{name}" for name in simpeval.__all__}
        for name, dispname, objtype, docname, anchor, priority in super().get_objects():
            if priority >= 0:  # -1: not searchable (aliases), kept as is
                if name in public or (name.rpartition(".")[0] in public and not _inherited(name)):
                    priority = IMPORTANT
                elif is_private(name):
                    priority = UNIMPORTANT
                else:
                    priority = DEFAULT
            yield name, dispname, objtype, docname, anchor, priority


def _inherited(name: str) -> bool:
    """Whether ``simpeval.SARI.corpus_score`` is a class's copy of a method it inherits: the search
    ranks the definition (``simpeval.Metric.corpus_score``) first."""
    owner, _, last = name.rpartition(".")
    cls = getattr(simpeval, owner.removeprefix("simpeval."), None)
    return isinstance(cls, type) and last not in vars(cls)


def skip_member(app: Sphinx, what: str, name: str, obj: object, skip: bool, options: object) -> bool | None:
    """Leave out a metric's author hooks (on pages other than ``Metric``'s) and what a class inherits
    from outside simpeval (``Exception.add_note``, ``Sequence.index``)."""
    if what != "class" or skip:
        return None
    owner = _owner(app)
    if isinstance(owner, type) and issubclass(owner, Metric) and owner is not Metric and name in METRIC_HOOKS:
        return True
    if isinstance(owner, type) and name not in vars(owner):
        defined_in = next((cls for cls in owner.__mro__ if name in vars(cls)), None)
        if defined_in is not None and not defined_in.__module__.startswith("simpeval"):
            return True
    return None


def _owner(app: Sphinx) -> object:
    """The class whose members autodoc is documenting (the current ``autoclass``)."""
    return app.env.temp_data.get("public_api_owner")


def remember_owner(app: Sphinx, name: str, obj: object, options: object, bases: list[object]) -> None:
    """``autodoc-process-bases`` runs once per ``autoclass``, before its members: note the class."""
    app.env.temp_data["public_api_owner"] = obj


def check_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about a public name or a module that no page documents (``-W`` makes it an error)."""
    domain = env.get_domain("py")
    objects, modules = set(domain.objects), set(domain.modules)  # type: ignore[attr-defined]
    for name in simpeval.__all__:
        if f"simpeval.{name}" not in objects:
            logger.warning("simpeval.%s (in simpeval.__all__) is not documented: add it to docs/api/simpeval.md", name)
    for name in all_modules():
        if name not in modules:
            logger.warning("module %s is documented on no page (docs/api/index.md, docs/api/private.md)", name)


def setup(app: Sphinx) -> dict[str, object]:
    app.setup_extension("sphinx.ext.autodoc")
    app.add_domain(PublicFirstPythonDomain, override=True)
    app.connect("autodoc-process-bases", remember_owner)
    app.connect("autodoc-skip-member", skip_member)
    app.connect("env-check-consistency", check_coverage)
    return {"parallel_read_safe": False}
