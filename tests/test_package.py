"""The Python package on every supported interpreter (issue #2): it is
installed by `make install-all`, imports, has a version, and its C extension
disassembles exactly like the interpreter's own dis."""
import subprocess

import pytest

import corpus

CHECK = r'''
import dis, importlib.util, io, marshal, re, sys
import depyf
assert isinstance(depyf.__version__, str) and depyf.__version__
assert callable(depyf.decompile) and hasattr(depyf, "Decompiler")
import depyf._core
assert "site-packages" in depyf._core.__file__, depyf._core.__file__
src = open(dis.__file__).read()
code = compile(src, "dis.py", "exec")
data = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
expected = io.StringIO()
dis.dis(marshal.loads(data[16:]), file=expected)
mask = lambda s: re.sub(r"0x[0-9a-f]+", "0x", s)
assert mask(depyf.disassemble_pyc(data)) == mask(expected.getvalue())
try:
    depyf.disassemble_pyc(data[:40])
except ValueError as e:
    assert "too short" in str(e), e
else:
    raise AssertionError("truncated data was accepted")
print("ok", sys.version_info[:2])
'''


@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_installed_package(version, tmp_path):
    python = corpus.interpreter(version)
    assert python, "Python %s is not installed" % version
    # Run from an empty directory so the installed package is the one imported.
    r = subprocess.run([python, "-c", CHECK], capture_output=True, text=True, cwd=tmp_path,
                       env=corpus.child_env({"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok")
