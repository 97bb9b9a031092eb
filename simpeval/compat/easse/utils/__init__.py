"""EASSE's ``easse.utils``: ``constants``, ``helpers``, ``preprocessing`` and ``resources``."""

__all__ = ["constants", "helpers", "preprocessing", "resources"]
