"""One scan of the installed entry points serves the tokenizer and the metric plugin registries."""

from __future__ import annotations

import threading
from importlib import metadata
from typing import Any

import pytest

import simpeval.metrics as metric_registry
from simpeval.tokenizers import _registry


def _points() -> Any:
    return metadata.EntryPoints(
        [
            metadata.EntryPoint("scan-bleu", "simpeval.metrics.bleu:BLEU", metric_registry.ENTRY_POINT_GROUP),
            metadata.EntryPoint(
                "scan-ws", "simpeval.tokenizers.simple:WhitespaceTokenizer", _registry.ENTRY_POINT_GROUP
            ),
        ]
    )


def test_both_registries_share_one_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def scan() -> Any:
        calls.append(1)
        return _points()

    monkeypatch.setattr(metadata, "entry_points", scan)
    monkeypatch.setattr(_registry, "_SCAN", [])
    monkeypatch.setattr(_registry, "_PLUGINS_LOADED", threading.Event())
    monkeypatch.setattr(_registry, "_FACTORIES", dict(_registry._FACTORIES))
    monkeypatch.setattr(metric_registry, "_PLUGINS_LOADED", threading.Event())
    monkeypatch.setattr(metric_registry, "_REGISTRY", dict(metric_registry._REGISTRY))
    assert "scan-ws" in _registry.available_tokenizers()
    assert "scan-bleu" in metric_registry.available_metrics()
    assert len(calls) == 1


def test_a_replaced_scan_is_called_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_registry, "_SCAN", [])
    monkeypatch.setattr(metadata, "entry_points", lambda: metadata.EntryPoints([]))
    assert _registry.entry_points(_registry.ENTRY_POINT_GROUP) == []
    monkeypatch.setattr(metadata, "entry_points", _points)
    assert [p.name for p in _registry.entry_points(_registry.ENTRY_POINT_GROUP)] == ["scan-ws"]
    assert [p.name for p in _registry.entry_points(metric_registry.ENTRY_POINT_GROUP)] == ["scan-bleu"]
