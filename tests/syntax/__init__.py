"""The construct corpus of the syntax suite (tests/tools/syntax_suite.py).

A package so that the import forms include relative imports.  Each module is
plain Python that runs deterministically; its module-level `test_*` functions
return (or yield) what their construct does on several inputs.
"""
PACKAGE_VALUE = 41
