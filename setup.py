"""Builds the C extension depyf._core from the C core plus its Python binding."""
import glob

from setuptools import Extension, setup

core_sources = sorted(glob.glob("src/core/*.c"))

setup(
    ext_modules=[
        Extension(
            "depyf._core",
            sources=["python/depyf/_core.c"] + core_sources,
            include_dirs=["src/core"],
            extra_compile_args=["-std=c11", "-O2"],
        )
    ],
)
