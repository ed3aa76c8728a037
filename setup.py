"""Builds the C extension depyf._core from the C core plus its Python binding
(_core.c: the module; _codeconv.c: live code objects into the code model)."""
import glob

from setuptools import Extension, setup

core_sources = sorted(glob.glob("src/core/*.c"))
core_headers = sorted(glob.glob("src/core/*.h") + glob.glob("src/core/gen/*.h"))

setup(
    ext_modules=[
        Extension(
            "depyf._core",
            sources=["python/depyf/_core.c", "python/depyf/_codeconv.c"] + core_sources,
            depends=["python/depyf/_codeconv.h"] + core_headers,
            include_dirs=["src/core"],
            extra_compile_args=["-std=c11", "-O2"],
        )
    ],
)
