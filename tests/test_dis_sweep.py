"""`build/depyf dis` equals each interpreter's own dis.dis, for every module of
every version's stdlib (issue #2).  The whole sweep runs: it takes about a
minute.  Set DEPYF_SWEEP_SAMPLE=N to check N files per version instead."""
import os

import pytest

import corpus
import dis_sweep

SAMPLE = int(os.environ["DEPYF_SWEEP_SAMPLE"]) if os.environ.get("DEPYF_SWEEP_SAMPLE") else None


@pytest.mark.parametrize("version", corpus.VERSIONS)
def test_disassembly_equals_dis(version):
    assert corpus.interpreter(version), "Python %s is not installed" % version
    result = dis_sweep.sweep(version, SAMPLE)
    print("Python %s: %d files, %d compiled, %d equal, %d equal up to None's place in a "
          "frozenset" % (version, result["files"], result["compiled"], result["equal"],
                         len(result["none_order"])))
    assert result["compiled"] >= (SAMPLE or 400) * 0.9
    assert not result["failures"], "\n".join(
        "%s\n%s" % failure for failure in result["failures"][:5])
