"""The wheel is typed (PEP 561: ``py.typed``, and ``_native.pyi`` for the Rust module), and its
types hold: the stub has every function, class, method and parameter of the built module, by
name, kind and default (``mypy.stubtest``), and the package and the examples type-check against
it, function bodies included (``mypy --check-untyped-defs``).

mypy is a test dependency (requirements-test.txt); without it these tests fail, not skip.
"""

import pathlib
import subprocess
import sys

import pytest

import safehouse

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python"

# pyspiel, ray, gymnasium and pettingzoo have no types of their own.
MYPY = [sys.executable, "-m", "mypy", "--ignore-missing-imports", "--check-untyped-defs"]


@pytest.fixture(scope="module")
def mypy(tmp_path_factory):
    """mypy with a cache of this module's own, so that the second run reuses numpy's types."""
    return [*MYPY, "--cache-dir", str(tmp_path_factory.mktemp("mypy-cache"))]


def run(args):
    done = subprocess.run(args, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def test_the_wheel_carries_its_types():
    package = pathlib.Path(safehouse.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "_native.pyi").is_file()


def test_the_native_stub_matches_the_built_module():
    code, out = run([sys.executable, "-m", "mypy.stubtest", "safehouse._native"])
    assert code == 0, out


def test_the_package_type_checks(mypy):
    code, out = run([*mypy, "-p", "safehouse"])
    assert code == 0, out


def test_the_examples_type_check(mypy):
    code, out = run([*mypy, str(EXAMPLES)])
    assert code == 0, out
