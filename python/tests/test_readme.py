"""The Python examples of the README's "Python" section run as written (the
Spark one runs in test_spark.py, which has a SparkSession)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_readme_has_python_examples():
    assert len(python_blocks()) >= 4


def test_readme_examples_run():
    ran = 0
    for block in python_blocks():
        if "robotstxt_exact.spark" in block:
            continue
        exec(compile(block, str(README), "exec"), {})
        ran += 1
    assert ran >= 3
