# depyf — build, test and demo.  `make` builds build/depyf (B=dir builds elsewhere).
B       ?= build
CC      ?= cc
OPT     ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
CFLAGS  += $(OPT) $(WARN) -Isrc/core
PYENV_ROOT ?= $(shell pyenv root 2>/dev/null || echo $$HOME/.pyenv)
VERSIONS := 3.8 3.9 3.10 3.11 3.12 3.13
py = $(firstword $(wildcard $(PYENV_ROOT)/versions/$(1).*/bin/python$(1)))
PY      ?= $(call py,3.11)

CORE_SRC := $(sort $(wildcard src/core/*.c))
CORE_HDR := $(wildcard src/core/*.h src/core/gen/*.h)
CORE_OBJ := $(CORE_SRC:src/core/%.c=$(B)/obj/%.o)
# The compiled stdlib of every version (built once; see $(STDLIB_PYC)/done below).
STDLIB_PYC := $(B)/stdlib-pyc

.PHONY: all demo test clean gen-opcodes check-opcodes sweep install-all test-deps pytest
all: $(B)/depyf

$(B)/obj/%.o: src/core/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/libdepyf.a: $(CORE_OBJ)
	ar rcs $@ $^

$(B)/depyf: src/cli/main.c $(B)/libdepyf.a
	$(CC) $(CFLAGS) $< $(B)/libdepyf.a -lm -o $@

# Regenerate the opcode tables from every installed interpreter / check them.
gen-opcodes:
	$(PY) tools/gen_opcodes.py --write
check-opcodes:
	$(PY) tools/gen_opcodes.py --check

# The main job on the bundled example: one .pyc per version, any host.
# Decompile and disassemble each (depyf exits 0: both are recovered whole).
demo: $(B)/depyf
	@for f in examples/pyc/*.pyc; do \
	  echo "=== $(B)/depyf $$f"; $(B)/depyf $$f; echo "(exit status $$?)"; echo; \
	  echo "=== $(B)/depyf dis $$f (first lines)"; $(B)/depyf dis $$f | head -12; echo; done

# The full disassembler sweep over the stdlib of every version.
sweep: $(B)/depyf
	$(PY) tests/tools/dis_sweep.py

# Everything the tests need: pytest in the main interpreter, the package in all.
test-deps:
	$(PY) -m pip install -q --disable-pip-version-check pytest
install-all:
	@for v in $(VERSIONS); do \
	  p=$$(ls $(PYENV_ROOT)/versions/$$v.*/bin/python$$v | tail -1); \
	  echo "pip install . into $$p"; \
	  $$p -m pip install -q --disable-pip-version-check --no-warn-script-location . || exit 1; done

pytest: $(B)/depyf test-deps install-all
	$(PY) -m pytest -q tests

# The whole suite: build without warnings, Python tests on all versions,
# then the sanitizer runs (a sample of `make sanitize`).
test:
	$(MAKE) clean-objs
	$(MAKE) OPT="-O2 -g -Werror" $(B)/depyf
	$(MAKE) pytest
	$(MAKE) check-corrupt check-bad-input
	$(MAKE) sanitize-ci

clean-objs:
	rm -rf $(B)/obj $(B)/libdepyf.a $(B)/depyf
clean:
	rm -rf $(B)

# ---- Robustness under AddressSanitizer + UndefinedBehaviorSanitizer -------
# check-corrupt: every truncation of the real .pyc corpus (build/pyc-corpus,
# made once by tests/tools/make_pyc_corpus.py: 6 stdlib modules of each of
# 3.8-3.13), 1000 random single-byte corruptions per file (36,000 in all) and
# the hostile inputs built into tests/c/corrupt.c, all in one process.
# check-bad-input: the command line on hostile files (tests/test_bad_input.py).
# Any sanitizer report aborts the run and fails the target.  LeakSanitizer
# works here (checked: a deliberate leak is reported, exit 23/abort), so
# leaks are checked too; where ptrace is restricted (some containers) LSan
# dies with "LeakSanitizer does not work under ptrace": run with
# ASAN_DETECT_LEAKS=0 there.
.PHONY: check-corrupt check-bad-input asan
ASAN_CC     ?= $(if $(shell command -v clang 2>/dev/null),clang,cc)
ASAN_FLAGS  := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_DETECT_LEAKS ?= 1
ASAN_ENV    := ASAN_OPTIONS=detect_leaks=$(ASAN_DETECT_LEAKS):abort_on_error=1 \
               UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
CORPUS_DIR  := $(B)/pyc-corpus
CORRUPT_ARGS ?= --corruptions 1000 --seed 1 --full-trunc-max 65536

asan: $(B)/asan/corrupt $(B)/asan/depyf

$(B)/asan/corrupt: tests/c/corrupt.c tests/c/slurp.h $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_FLAGS) $(WARN) -Isrc/core tests/c/corrupt.c $(CORE_SRC) -lm -o $@

$(B)/asan/depyf: src/cli/main.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_FLAGS) $(WARN) -Isrc/core src/cli/main.c $(CORE_SRC) -lm -o $@

# Built only when missing (the corpus depends on the installed interpreters).
$(CORPUS_DIR)/manifest.json:
	$(PY) tests/tools/make_pyc_corpus.py $(CORPUS_DIR) --per-version 6

check-corrupt: $(B)/asan/corrupt $(CORPUS_DIR)/manifest.json
	@for v in $(VERSIONS); do ls $(CORPUS_DIR)/$$v/*.pyc >/dev/null 2>&1 || \
	  { echo "check-corrupt: no Python $$v files in $(CORPUS_DIR)"; exit 1; }; done
	@n=$$(ls $(CORPUS_DIR)/3.*/*.pyc | wc -l); [ $$n -ge 20 ] || \
	  { echo "check-corrupt: only $$n files in $(CORPUS_DIR), need 20"; exit 1; }
	@rm -f $(B)/asan/corrupt.stderr $(B)/asan/crash-input.pyc
	@$(ASAN_ENV) $(B)/asan/corrupt $(CORRUPT_ARGS) --save-crash $(B)/asan/crash-input.pyc \
	  $(CORPUS_DIR)/3.*/*.pyc 2>$(B)/asan/corrupt.stderr; rc=$$?; \
	  cat $(B)/asan/corrupt.stderr >&2; \
	  if grep -q -e 'Sanitizer' -e 'runtime error' $(B)/asan/corrupt.stderr; then \
	    echo "check-corrupt: sanitizer report (input in $(B)/asan/crash-input.pyc)"; exit 1; fi; \
	  [ $$rc -eq 0 ] || echo "check-corrupt: failed (exit $$rc)"; exit $$rc

check-bad-input: $(B)/asan/depyf $(B)/asan/replay_fuzz_codemodel
	$(ASAN_ENV) DEPYF=$(B)/asan/depyf $(PY) -m pytest -q tests/test_bad_input.py tests/test_regress.py
	$(ASAN_ENV) $(B)/asan/replay_fuzz_codemodel tests/regress/fuzz_codemodel

# check-oom: tests/c/oom.c under ASan + UBSan, with the core's malloc/calloc/
# realloc wrapped: every system allocation, and every arena allocation (up to
# OOM_POINTS per file and phase, evenly spread past that), made to fail one
# at a time while decompiling and disassembling the example .pyc files and
# OOM_FILES stdlib modules of every version (every OOM_STRIDE-th of
# build/pyc-corpus); each run must end in a clean out-of-memory error.
.PHONY: check-oom
OOM_POINTS ?= 400
OOM_STRIDE ?= 2
$(B)/asan/oom: tests/c/oom.c tests/c/slurp.h $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_FLAGS) $(WARN) -Isrc/core tests/c/oom.c $(CORE_SRC) -lm \
	  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc -o $@

check-oom: $(B)/asan/oom $(CORPUS_DIR)/manifest.json
	@$(ASAN_ENV) $(B)/asan/oom --max-points $(OOM_POINTS) examples/pyc/*.pyc \
	  $$(ls $(CORPUS_DIR)/3.*/*.pyc | awk '(NR - 1) % $(OOM_STRIDE) == 0') 2>$(B)/asan/oom.stderr; rc=$$?; \
	  tail -n 30 $(B)/asan/oom.stderr >&2; \
	  if grep -q -e 'Sanitizer' -e 'runtime error' $(B)/asan/oom.stderr; then \
	    echo "check-oom: sanitizer report (see $(B)/asan/oom.stderr)"; exit 1; fi; \
	  [ $$rc -eq 0 ] || echo "check-oom: failed (exit $$rc)"; exit $$rc

# ---- make sanitize (issue #5) -------------------------------------------------
# Everything under AddressSanitizer + UndefinedBehaviorSanitizer, leaks
# included; any report fails the target:
#  - sanitize-sweep: the ASan command line decompiles and disassembles every
#    SANITIZE_STRIDE-th .pyc of the whole stdlib of every version ($(STDLIB_PYC));
#  - the C drivers: check-corrupt, check-oom, check-bad-input, printer-test-asan,
#    and asan-threads (tests/c/threads.c: 8 threads over every 10th stdlib file);
#  - sanitize-python: the Python test suite (SANITIZE_PYTEST) with the
#    extension built with -fsanitize=address,undefined into every
#    interpreter, gcc's ASan runtime preloaded into every process the tests
#    start, and DEPYF=$(B)/asan/depyf-gcc (gcc-built, so that the preloaded
#    runtime is its own).  Left out: the suites that run a C compiler, which
#    cannot run with the ASan runtime preloaded (test_threads, test_printer:
#    their drivers run under ASan above; test_repr builds its own sanitized
#    driver in `make test`; test_opcode_tables compiles the tables only).  LeakSanitizer
#    ignores what libpython itself leaves at exit (tests/lsan-python.supp).
#    The normal build is installed back afterwards, whatever the result.
# `make test` runs sanitize-ci: a sample of each that fits CI's time.
.PHONY: sanitize sanitize-ci sanitize-sweep sanitize-python install-all-asan asan-threads
SANITIZE_STRIDE ?= 1
SANITIZE_PYTEST ?= $(filter-out tests/test_threads.py tests/test_printer.py tests/test_repr.py \
                   tests/test_opcode_tables.py,$(wildcard tests/test_*.py))
SAN_LIBASAN  := $(shell $(CC) -print-file-name=libasan.so)
SAN_PY_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g
SAN_PY_ENV   := LD_PRELOAD=$(SAN_LIBASAN) \
                ASAN_OPTIONS=detect_leaks=$(ASAN_DETECT_LEAKS):malloc_context_size=3:abort_on_error=1 \
                LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan-python.supp:print_suppressions=0 \
                UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

sanitize:
	$(MAKE) sanitize-sweep check-corrupt check-oom check-bad-input printer-test-asan asan-threads
	$(MAKE) sanitize-python

sanitize-ci:
	$(MAKE) sanitize-sweep SANITIZE_STRIDE=4
	$(MAKE) check-oom asan-threads
	$(MAKE) sanitize-python SANITIZE_PYTEST="tests/test_api.py tests/test_package.py tests/test_cli.py"

sanitize-sweep: $(B)/asan/depyf $(STDLIB_PYC)/done
	@for v in $(VERSIONS); do \
	  ls $(STDLIB_PYC)/$$v/*.pyc | awk '(NR - 1) % $(SANITIZE_STRIDE) == 0' >$(B)/asan/sweep-$$v.txt; \
	  for mode in decompile dis; do \
	    cmd=$$( [ $$mode = dis ] && echo dis ); \
	    $(ASAN_ENV) $(B)/asan/depyf $$cmd $$(cat $(B)/asan/sweep-$$v.txt) >/dev/null 2>$(B)/asan/sweep.stderr; rc=$$?; \
	    if grep -q -e 'Sanitizer' -e 'runtime error' $(B)/asan/sweep.stderr; then \
	      cat $(B)/asan/sweep.stderr >&2; echo "sanitize-sweep: sanitizer report on $$v ($$mode)"; exit 1; fi; \
	    if [ $$rc -gt 1 ]; then tail -n 20 $(B)/asan/sweep.stderr >&2; \
	      echo "sanitize-sweep: exit $$rc on $$v ($$mode)"; exit 1; fi; \
	    echo "sanitize-sweep: $$v $$mode: $$(wc -l <$(B)/asan/sweep-$$v.txt) files, exit $$rc, no report"; \
	  done; done

$(B)/asan/threads: tests/c/threads.c tests/c/slurp.h $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_FLAGS) $(WARN) -Isrc/core tests/c/threads.c $(CORE_SRC) -lm -pthread -o $@

asan-threads: $(B)/asan/threads $(STDLIB_PYC)/done
	@ls $(STDLIB_PYC)/3.*/*.pyc | awk '(NR - 1) % 10 == 0' >$(B)/asan/threads.txt
	@$(ASAN_ENV) $(B)/asan/threads --threads 8 --rounds 2 @$(B)/asan/threads.txt 2>$(B)/asan/threads.stderr; rc=$$?; \
	  tail -n 5 $(B)/asan/threads.stderr >&2; \
	  if grep -q -e 'Sanitizer' -e 'runtime error' $(B)/asan/threads.stderr; then \
	    echo "asan-threads: sanitizer report (see $(B)/asan/threads.stderr)"; exit 1; fi; \
	  [ $$rc -eq 0 ] || echo "asan-threads: failed (exit $$rc)"; exit $$rc

# The command line for sanitize-python, built by gcc against the runtime
# that is preloaded there.
$(B)/asan/depyf-gcc: src/cli/main.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) $(WARN) -Isrc/core src/cli/main.c $(CORE_SRC) -lm -o $@

# The package built from a copy of the sources (setuptools would otherwise
# reuse the objects of the normal build in build/), into every interpreter;
# each interpreter must then load an ASan build.
install-all-asan:
	@rm -rf $(B)/asan/pkgsrc && mkdir -p $(B)/asan/pkgsrc && \
	  cp -r setup.py pyproject.toml MANIFEST.in README.md python src $(B)/asan/pkgsrc/
	@for v in $(VERSIONS); do \
	  p=$$(ls $(PYENV_ROOT)/versions/$$v.*/bin/python$$v | tail -1); \
	  echo "pip install (ASan + UBSan) into $$p"; \
	  (cd $(B)/asan/pkgsrc && CFLAGS="$(SAN_PY_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
	    $$p -m pip install -q --disable-pip-version-check --no-warn-script-location --force-reinstall --no-deps .) || exit 1; \
	  $(SAN_PY_ENV) $$p -c "import depyf._core, sys; f = open(depyf._core.__file__, 'rb').read(); \
	    sys.exit(0 if b'__asan_init' in f else 'not an ASan build: ' + depyf._core.__file__)" || exit 1; done

sanitize-python: $(B)/asan/depyf-gcc $(B)/asan/replay_fuzz_codemodel test-deps
	@$(MAKE) install-all-asan && \
	  $(SAN_PY_ENV) DEPYF=$(B)/asan/depyf-gcc $(PY) -m pytest -q -p no:cacheprovider $(SANITIZE_PYTEST); rc=$$?; \
	  $(MAKE) -s install-all >/dev/null || rc=1; \
	  [ $$rc -eq 0 ] || echo "sanitize-python: failed (exit $$rc)"; exit $$rc

# ---- printer test ----------------------------------------------------------
# print_ast: tests/c/print_ast.c linked with the core library.  It reads the
# syntax trees that tests/tools/ast_to_dp.py serializes from each
# interpreter's own `ast`, prints them with src/core/print.c, and
# tests/test_printer.py checks that each interpreter parses the text back
# into the same tree.  `make printer-test` runs a sample of the stdlib on
# every version; DEPYF_PRINTER_FULL=1 runs all of it; printer-test-asan
# runs the same under AddressSanitizer + UBSan.
.PHONY: printer-test printer-test-asan
$(B)/print_ast: tests/c/print_ast.c $(B)/libdepyf.a
	$(CC) $(CFLAGS) $< $(B)/libdepyf.a -lm -o $@

$(B)/asan/print_ast: tests/c/print_ast.c $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_FLAGS) $(WARN) -Isrc/core tests/c/print_ast.c $(CORE_SRC) -lm -o $@

printer-test: $(B)/print_ast test-deps
	PRINT_AST=$(B)/print_ast $(PY) -m pytest -q tests/test_printer.py

printer-test-asan: $(B)/asan/print_ast test-deps
	$(ASAN_ENV) PRINT_AST=$(B)/asan/print_ast $(PY) -m pytest -q tests/test_printer.py

# ---- round trip ------------------------------------------------------------
# roundtrip: decompile every module of each version's stdlib with $(B)/depyf and
# every function with depyf.decompile (the package installed in each
# interpreter), compile the results back and compare the bytecode
# (tests/tools/roundtrip.py, tests/tools/normalize.py).  Prints the table,
# writes $(B)/roundtrip/<ver>-failures.txt and summary.json, and fails when a
# figure is below the "full" floors of tests/roundtrip_baseline.json.
# ROUNDTRIP_ARGS="--versions 3.12 --sample 50" runs part (against the "sample"
# floors); ROUNDTRIP_ARGS="--stand-in" checks the harness with ast.unparse.
.PHONY: roundtrip
ROUNDTRIP_ARGS ?=
roundtrip: $(B)/depyf install-all
	DEPYF=$(B)/depyf $(PY) tests/tools/roundtrip.py --out $(B)/roundtrip \
	  --baseline tests/roundtrip_baseline.json $(ROUNDTRIP_ARGS)

# audit: after `make roundtrip`, every function that compiles back but is not
# exact is checked for lost effects (fewer calls, stores, raises, ... than the
# original: tests/tools/audit_effects.py), in each interpreter.  Prints the
# suspicious ones for reading; it does not fail.
.PHONY: audit
audit: install-all
	@for v in $(VERSIONS); do \
	  p=$$(ls $(PYENV_ROOT)/versions/$$v.*/bin/python$$v | tail -1); \
	  $$p tests/tools/audit_effects.py $(B)/roundtrip || exit 1; done

# ---- torch -------------------------------------------------------------------
# torch-deps: PyTorch 2.13 (the CPU wheel, pinned) and transformers in 3.11,
# plus the package itself.  torch-test: tests/torch (prepare_debug, debug,
# install on hand-written functions and small transformers models, a scripted
# pdb session, several processes into one dump directory); prints the share
# of transformed code objects decompiled and verified, and writes
# build/torch-report.json.  DEPYF_TORCH_MATRIX=full runs the whole
# {eager, aot_eager, inductor} x grad x dynamic x function/module matrix;
# DEPYF_TORCH_MODELS=bert,gpt2 picks models.  torch-demo: examples/torch_demo.py.
.PHONY: torch-deps torch-test torch-demo
torch-deps: test-deps
	$(PY) -m pip install -q --disable-pip-version-check --no-warn-script-location torch==2.13.0 transformers
	$(PY) -m pip install -q --disable-pip-version-check --no-warn-script-location .

torch-test: torch-deps
	$(PY) -m pytest -q tests/torch

torch-demo: torch-deps
	$(PY) examples/torch_demo.py $(B)/torch_demo_dump

# ---- known gaps ----------------------------------------------------------------
# The behavior tests (tests/test_syntax_suite.py, tests/test_stdlib_behavior.py,
# test_decompiled_result in tests/test_api.py) are held to per-version lists of
# what the decompiler does not recover yet, tests/known_gaps/<suite>-<ver>.json
# (tests/tools/known_gaps.py): they fail on wrong code (differs) always, on a
# gap off the list, and on a listed item that now passes.  update-known-gaps
# reruns the syntax suite, the stdlib behavior run (all modules) and the API
# checks on every version and rewrites the lists; it writes nothing while
# anything differs.  KNOWN_GAPS_ARGS="--suites syntax --versions 3.12" runs
# part; check-known-gaps runs the same without writing.
.PHONY: update-known-gaps check-known-gaps
KNOWN_GAPS_ARGS ?=
update-known-gaps: $(B)/depyf install-all
	DEPYF=$(B)/depyf $(PY) tests/tools/known_gaps.py update $(KNOWN_GAPS_ARGS)

check-known-gaps: $(B)/depyf install-all
	DEPYF=$(B)/depyf $(PY) tests/tools/known_gaps.py check $(KNOWN_GAPS_ARGS)

# ---- fuzzing (issue #5) ------------------------------------------------------
# libFuzzer targets in fuzz/ (clang, -fsanitize=fuzzer,address,undefined):
#   fuzz_marshal    the .pyc header and marshal reader
#   fuzz_decompile  read, decode, normalize, recover, print; and disassemble
#   fuzz_codemodel  a code model built from the bytes as _codeconv.c builds one
#                   from a live code object (fuzz/codemodel.h), decompiled
# fuzz-seeds: seed corpora from the stdlib of every version (fuzz/make_seeds.py:
# whole modules for marshal, one .pyc per code object for decompile, those
# converted by fuzz/cm_seed for codemodel).  `make fuzz` runs each target
# FUZZ_SECONDS (default 60; FUZZ_RUNS=N stops each after N executions
# instead, FUZZ_TARGETS=... picks targets) on its corpus $(B)/fuzz/corpus/<target> (kept
# between runs); a crash leaves $(B)/fuzz/crash-<target>-* and fails the run:
# minimize it (FUZZ_TARGET=... FUZZ_INPUT=... make fuzz-minimize), fix it, and
# keep the minimized input: a .pyc for fuzz_marshal or fuzz_decompile goes in
# tests/regress/fuzz_decompile/, which `make test` replays through build/depyf
# and the ASan build (tests/test_regress.py); an input of fuzz_codemodel goes in
# tests/regress/fuzz_codemodel/, which check-bad-input replays through the
# ASan+UBSan replay build of that target.
.PHONY: fuzz fuzz-build fuzz-seeds fuzz-minimize replay
FUZZ_CC      ?= clang
FUZZ_TARGETS ?= fuzz_marshal fuzz_decompile fuzz_codemodel
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SEED_MODULES ?= 8
FUZZ_MAX_LEN_fuzz_marshal   := 65536
FUZZ_MAX_LEN_fuzz_decompile := 4096
FUZZ_MAX_LEN_fuzz_codemodel := 4096
FUZZ_EXTRA_SRC_fuzz_codemodel := fuzz/codemodel.c
FUZZ_HDR     := fuzz/fuzz_common.h fuzz/codemodel.h

fuzz-build: $(FUZZ_TARGETS:%=$(B)/fuzz/%)

$(B)/fuzz/fuzz_%: fuzz/fuzz_%.c fuzz/codemodel.c $(FUZZ_HDR) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(WARN) -Isrc/core -Ifuzz $< $(FUZZ_EXTRA_SRC_fuzz_$*) $(CORE_SRC) -lm -o $@

# Replay builds: each target's LLVMFuzzerTestOneInput behind fuzz/replay_main.c,
# plain (-O2, the default compiler) and under ASan + UBSan.
replay: $(FUZZ_TARGETS:%=$(B)/fuzz/replay_%) $(FUZZ_TARGETS:%=$(B)/asan/replay_%)

$(B)/fuzz/replay_fuzz_%: fuzz/fuzz_%.c fuzz/replay_main.c fuzz/codemodel.c $(FUZZ_HDR) $(B)/libdepyf.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ifuzz $< fuzz/replay_main.c $(FUZZ_EXTRA_SRC_fuzz_$*) $(B)/libdepyf.a -lm -o $@

$(B)/asan/replay_fuzz_%: fuzz/fuzz_%.c fuzz/replay_main.c fuzz/codemodel.c $(FUZZ_HDR) $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(ASAN_CC) $(ASAN_FLAGS) $(WARN) -Isrc/core -Ifuzz $< fuzz/replay_main.c $(FUZZ_EXTRA_SRC_fuzz_$*) $(CORE_SRC) -lm -o $@

$(B)/fuzz/cm_seed: fuzz/cm_seed.c fuzz/codemodel.c fuzz/codemodel.h $(B)/libdepyf.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ifuzz fuzz/cm_seed.c fuzz/codemodel.c $(B)/libdepyf.a -lm -o $@

# The compiled stdlib of every version (tests/tools/compile_stdlib.py): fuzz
# seeds, make sanitize's sweep and make tsan read it.  Built once.
$(STDLIB_PYC)/done:
	$(PY) tests/tools/compile_stdlib.py $(STDLIB_PYC)
	@touch $@

$(B)/fuzz/seeds/done: $(STDLIB_PYC)/done $(B)/fuzz/cm_seed fuzz/make_seeds.py
	$(PY) fuzz/make_seeds.py $(STDLIB_PYC) $(B)/fuzz/seeds --modules $(FUZZ_SEED_MODULES)
	$(B)/fuzz/cm_seed $(B)/fuzz/seeds/codemodel $(B)/fuzz/seeds/decompile/*.pyc
	@touch $@

fuzz-seeds: $(B)/fuzz/seeds/done

FUZZ_SEEDS_fuzz_marshal   := $(B)/fuzz/seeds/marshal $(B)/fuzz/seeds/decompile
FUZZ_SEEDS_fuzz_decompile := $(B)/fuzz/seeds/decompile
FUZZ_SEEDS_fuzz_codemodel := $(B)/fuzz/seeds/codemodel
FUZZ_OPTS ?=

fuzz: fuzz-build fuzz-seeds
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(B)/fuzz/corpus/$$t; \
	  case $$t in fuzz_marshal) ml=$(FUZZ_MAX_LEN_fuzz_marshal); s="$(FUZZ_SEEDS_fuzz_marshal)";; \
	    fuzz_decompile) ml=$(FUZZ_MAX_LEN_fuzz_decompile); s="$(FUZZ_SEEDS_fuzz_decompile)";; \
	    *) ml=$(FUZZ_MAX_LEN_fuzz_codemodel); s="$(FUZZ_SEEDS_fuzz_codemodel)";; esac; \
	  echo "== $$t: $(FUZZ_SECONDS) s, -max_len=$$ml"; \
	  nice $(B)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS)) \
	    -max_len=$$ml -timeout=10 -rss_limit_mb=4096 \
	    -artifact_prefix=$(B)/fuzz/crash-$$t- -print_final_stats=1 $(FUZZ_OPTS) \
	    $(B)/fuzz/corpus/$$t $$s 2>$(B)/fuzz/$$t.log; rc=$$?; \
	  grep -E '^(stat::|#[0-9]+ *DONE|==[0-9]+==|SUMMARY)' $(B)/fuzz/$$t.log; \
	  [ $$rc -eq 0 ] || { echo "fuzz: $$t failed (exit $$rc), see $(B)/fuzz/$$t.log"; exit 1; }; done

# Minimize a crash: FUZZ_TARGET=fuzz_decompile FUZZ_INPUT=build/fuzz/crash-... make fuzz-minimize
fuzz-minimize: fuzz-build
	$(B)/fuzz/$(FUZZ_TARGET) -minimize_crash=1 -runs=20000 -exact_artifact_path=$(FUZZ_INPUT).min $(FUZZ_INPUT)

# ThreadSanitizer: tests/c/threads.c built with clang -fsanitize=thread
# -O1 -g against the core sources and run over every $(TSAN_STRIDE)th file of
# $(STDLIB_PYC) (all versions): each file is decompiled and disassembled
# once on the main thread, then $(TSAN_THREADS) threads do the same over all
# files at once (2 rounds, overlapping start points) and must get the same
# results.  Any ThreadSanitizer report stops the run (halt_on_error) and
# fails the target, as does a differing result.
# TSAN_ARGS="--stack-size 524288" runs the threads on 512 KiB stacks.
.PHONY: tsan
TSAN_CC      ?= clang
TSAN_FLAGS   := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
TSAN_THREADS ?= 8
TSAN_STRIDE  ?= 25
TSAN_ARGS    ?=
TSAN_ENV     := TSAN_OPTIONS=halt_on_error=1:exitcode=66:second_deadlock_stack=1

$(B)/tsan/threads: tests/c/threads.c tests/c/slurp.h $(CORE_SRC) $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(TSAN_CC) $(TSAN_FLAGS) $(WARN) -Isrc/core tests/c/threads.c $(CORE_SRC) -lm -pthread -o $@

tsan: $(B)/tsan/threads $(STDLIB_PYC)/done
	@ls $(STDLIB_PYC)/3.*/*.pyc | awk 'NR % $(TSAN_STRIDE) == 1' >$(B)/tsan/sample.txt
	@echo "tsan: $(TSAN_THREADS) threads on $$(wc -l <$(B)/tsan/sample.txt) files of $(STDLIB_PYC)"
	@$(TSAN_ENV) nice $(B)/tsan/threads --threads $(TSAN_THREADS) $(TSAN_ARGS) \
	    @$(B)/tsan/sample.txt 2>$(B)/tsan/threads.stderr; rc=$$?; \
	  cat $(B)/tsan/threads.stderr >&2; \
	  if grep -q 'ThreadSanitizer' $(B)/tsan/threads.stderr; then \
	    echo "tsan: ThreadSanitizer report (see $(B)/tsan/threads.stderr)"; exit 1; fi; \
	  [ $$rc -eq 0 ] || echo "tsan: failed (exit $$rc)"; exit $$rc

# ---- benchmarks (issue #6) ------------------------------------------------------
# bench: the benchmark suite (bench/README.md): in-memory decompile throughput
# against the original depyf 0.20.0 and a marshal+dis floor, the command line
# over whole stdlib trees, torch.compile overhead of prepare_debug, scaling
# series.  Sets up what it needs (build/depyf, install-all, torch-deps, the
# original in build/bench-venv-orig), writes bench/results.md and bench/*.svg.
# BENCH_ARGS="--skip-torch" leaves the torch part out; "--quick" is a smoke run.
.PHONY: bench
BENCH_ARGS ?=
bench:
	bench/run $(BENCH_ARGS)
