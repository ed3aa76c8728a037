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
# Decompile each (the 3.8 file has a try statement of a kind 3.8 support
# does not recover yet: it shows as a marked region, and depyf exits 1).
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
# then the sanitizer runs.
test:
	$(MAKE) clean-objs
	$(MAKE) OPT="-O2 -g -Werror" $(B)/depyf
	$(MAKE) pytest
	$(MAKE) check-corrupt check-bad-input

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

$(B)/asan/corrupt: tests/c/corrupt.c $(CORE_SRC) $(CORE_HDR)
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

check-bad-input: $(B)/asan/depyf
	$(ASAN_ENV) DEPYF=$(B)/asan/depyf $(PY) -m pytest -q tests/test_bad_input.py

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
