"""Optional compiled kernels (issue 34): ``westfront/core/_kernels.pyx`` built as a C extension when possible.

Everything else is in pyproject.toml. The extension is optional: without Cython, without a C compiler, when the
compilation fails, or with ``WESTFRONT_PURE_BUILD=1``, the install goes on without it and the package runs its
pure-Python code (``westfront/core/kernels.py`` finds no ``_kernels``). docs/performance.md, "Compiled kernels".
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing: a missing compiler leaves a working pure-Python install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any build failure (no compiler, no headers) means "pure"
            self._skip(e)

    def build_extension(self, ext):  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001
            self._skip(e)

    @staticmethod
    def _skip(e: Exception) -> None:
        print(f"westfront: compiled kernels not built ({e.__class__.__name__}: {e}); "
              "running the pure-Python code", file=sys.stderr)


def extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get("WESTFRONT_PURE_BUILD", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    from setuptools import Extension

    try:
        return cythonize([Extension("westfront.core._kernels", ["westfront/core/_kernels.pyx"])],
                         compiler_directives={"language_level": "3"}, quiet=True)
    except Exception as e:  # noqa: BLE001 - a Cython error must not stop the install either
        print(f"westfront: kernels not cythonized ({e}); running the pure-Python code", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
