"""The README's Python examples run as written: every ```python block, in order, in one
namespace; a block with `>>>` prompts is a doctest (its shown outputs are checked, `...`
standing for any text), any other block is run as it is."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks() -> list[str]:
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_python_examples():
    assert len(blocks()) >= 3


@pytest.mark.timeout(300)
def test_the_readme_examples_run_as_written():
    namespace: dict = {"__name__": "readme"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    for number, text in enumerate(blocks(), 1):
        if ">>> " in text:
            test = parser.get_doctest(text, namespace, f"README block {number}", str(README), 0)
            runner.run(test, out=report.append, clear_globs=False)
        else:
            exec(compile(text, f"README block {number}", "exec"), namespace)
    assert runner.tries >= 20 and runner.failures == 0, "\n".join(report)
