"""The installed package is typed and abi3: py.typed and the stubs ship in
it, the stubs match the compiled module (mypy's stubtest), mypy accepts the
pure-Python modules, and the extension is built for the stable ABI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import robotstxt_exact
from robotstxt_exact import _native

PACKAGE = Path(robotstxt_exact.__file__).parent


def test_package_ships_stubs_and_marker():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_native.pyi").is_file()


def test_extension_is_abi3():
    # maturin names an abi3 extension module `*.abi3.so` on Linux and macOS.
    assert Path(_native.__file__).name.startswith("_native.abi3."), _native.__file__


def run_mypy(*args: str) -> None:
    pytest.importorskip("mypy", reason="mypy is installed by scripts/test-python.sh")
    run = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_stubs_match_the_compiled_module():
    run_mypy("mypy.stubtest", "robotstxt_exact._native")


def test_mypy_accepts_the_package():
    run_mypy("mypy", "--ignore-missing-imports", "--no-incremental", "-p", "robotstxt_exact")
