"""docs/python.md's Python examples run as written, each after the first (which makes `m`).

The calls, names and line-ups are the docs' own; only the amount of work is scaled down so that the
dev-profile wheel runs them in seconds: `games=` at most 12, `shards=` at most 4, IS-MCTS at 16
iterations a move. A block whose package is missing (Ray, OpenSpiel) is reported as skipped.
"""

import ast
import pathlib
import re

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
CAPS = {"games": 12, "shards": 4}


class ScaleDown(ast.NodeTransformer):
    """Caps the keyword arguments of CAPS and IS-MCTS's iterations in bot names."""

    def visit_keyword(self, node):
        self.generic_visit(node)
        cap = CAPS.get(node.arg)
        if cap is not None and isinstance(node.value, ast.Constant) and isinstance(node.value.value, int):
            node.value = ast.Constant(min(node.value.value, cap))
        return node

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            return ast.Constant(re.sub(r"^ismcts:\d+", "ismcts:16", node.value))
        return node


def run(source, namespace):
    tree = ast.fix_missing_locations(ScaleDown().visit(ast.parse(source)))
    exec(compile(tree, str(DOCS), "exec"), namespace)


def test_the_docs_have_their_examples():
    assert len(BLOCKS) >= 7, f"docs/python.md's ```python blocks: {len(BLOCKS)}"


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_a_documented_example_runs(index, monkeypatch):
    namespace = {}
    try:
        if index > 0:
            run(BLOCKS[0], namespace)
        if "import ray" in BLOCKS[index]:
            ray = pytest.importorskip("ray", reason="ray is not installed: the Ray example did not run")
            real_init = ray.init
            # The example's `ray.init()`, on this machine's two cores and without the dashboard.
            monkeypatch.setattr(
                ray,
                "init",
                lambda *a, **k: real_init(
                    num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False
                ),
            )
        run(BLOCKS[index], namespace)
    except ModuleNotFoundError as missing:
        pytest.skip(f"{missing.name} is not installed: docs/python.md's example {index + 1} did not run")
    finally:
        if "ray" in namespace:
            namespace["ray"].shutdown()
