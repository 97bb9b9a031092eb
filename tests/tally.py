"""How often a property test's calls gave a result rather than a clean error.

A property "a valid result or a :class:`~simpeval.exceptions.SimpevalError` with a message" holds
too when every call raises: a bug that refuses every input would pass. :class:`Tally` counts the
examples that gave a result and :meth:`Tally.check` asserts a minimum share of them, so a test
built on it fails when (almost) every call raises.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Tally:
    """Counts of the examples of one test that gave a result and that ended in a clean error."""

    what: str
    results: int = 0
    errors: int = 0

    def record(self, gave_a_result: bool) -> bool:
        """Count one example; returns ``gave_a_result``."""
        if gave_a_result:
            self.results += 1
        else:
            self.errors += 1
        return gave_a_result

    @property
    def share(self) -> float:
        """The share of the examples that gave a result (0 before any example)."""
        total = self.results + self.errors
        return self.results / total if total else 0.0

    def check(self, minimum: float) -> None:
        """Assert that at least ``minimum`` (0-1) of the examples gave a result."""
        total = self.results + self.errors
        assert total, f"{self.what}: no example ran"
        assert self.share >= minimum, (
            f"{self.what}: {self.results} of {total} examples gave a result ({self.share:.0%}), fewer than "
            f"{minimum:.0%}: the test would pass if every call raised a clean error"
        )
