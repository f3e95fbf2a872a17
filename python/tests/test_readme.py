"""The Python examples of the README's "Python" section run as written; so
do those of docs/PYTHON.md (the Spark one runs in test_spark.py, which has a
SparkSession)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
GUIDE = REPO / "docs" / "PYTHON.md"


def python_blocks(path: Path = README) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path == README:
        text = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_readme_has_python_examples():
    assert len(python_blocks()) >= 1


def test_readme_examples_run():
    for block in python_blocks():
        exec(compile(block, str(README), "exec"), {})


def test_guide_examples_run():
    ran = 0
    for block in python_blocks(GUIDE):
        if "robotstxt_exact.spark" in block:
            continue
        exec(compile(block, str(GUIDE), "exec"), {})
        ran += 1
    assert ran >= 1
