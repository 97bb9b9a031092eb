"""The shape of the command line: every command takes a few frozen option objects, and the
cluster, session and shard code lives in simpeval.distributed, not under simpeval/cli."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import simpeval.cli
from simpeval.cli import COMMANDS, main
from simpeval.cli.groups import DataOptions, OutputOptions, option_object, param_names

CLI = Path(simpeval.cli.__file__).resolve().parent
MAX_PARAMETERS = 10
#: What only simpeval.distributed may touch: the engines' packages and the shard readers.
CLUSTER_MODULES = ("dask", "distributed", "pyspark", "py4j")
SHARD_CODE = ("read_shard", "iter_shard_rows", "shards_frame_dask", "shards_frame_spark", "check_shard_columns")


def _commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(main)
    found = []
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None
        found.append((name, command))
        if isinstance(command, click.Group):
            found += [(f"{name} {sub}", command.get_command(ctx, sub)) for sub in command.list_commands(ctx)]
    return found


@pytest.mark.parametrize(("name", "command"), _commands(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_command_function_has_at_most_ten_parameters(name: str, command: click.Command) -> None:
    assert command.callback is not None
    function = inspect.unwrap(command.callback)
    parameters = inspect.signature(function).parameters
    assert len(parameters) <= MAX_PARAMETERS, f"{name}: {list(parameters)}"
    assert not any(p.kind is p.VAR_KEYWORD for p in parameters.values()), f"{name} takes **kwargs"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda p: p.name)
def test_no_cluster_or_shard_code_under_cli(path: Path) -> None:
    assert not _imports(path) & set(CLUSTER_MODULES)
    names = {node.id for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.Name)}
    names |= {
        node.attr for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.Attribute)
    }
    assert not names & set(SHARD_CODE)


def test_a_group_hands_one_frozen_object() -> None:
    seen = []

    def build(ctx: click.Context, values: dict) -> OutputOptions:
        return OutputOptions(**values)

    group = option_object(
        "output", build, click.option("--fmt", default="text"), click.option("--width", type=int, default=2)
    )

    @click.command()
    @group
    @click.option("--quiet", is_flag=True)
    def command(output: OutputOptions, quiet: bool) -> None:
        seen.append((output, quiet))

    result = CliRunner().invoke(command, ["--width", "4", "--quiet"])
    assert result.exit_code == 0, result.output
    assert seen == [(OutputOptions("text", 4), True)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen[0][0].width = 3  # type: ignore[misc]
    assert param_names(click.option("--fmt"), click.option("--width")) == ("fmt", "width")


def test_data_options_merge_positional_references() -> None:
    seen = []
    from simpeval.cli.groups import data_group
    from simpeval.cli.options import MultiValueCommand

    @click.command(cls=MultiValueCommand)
    @data_group("outputs", stdin=True)
    def command(data: DataOptions) -> None:
        seen.append(data)

    assert CliRunner().invoke(command, ["r1.txt", "r2.txt"]).exit_code == 0
    assert seen[0].references == ("r1.txt", "r2.txt") and seen[0].inputs == ("-",)
    twice = CliRunner().invoke(command, ["r1.txt", "-r", "r2.txt"])
    assert twice.exit_code == 2 and "give them one way" in twice.output
