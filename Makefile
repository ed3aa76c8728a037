# depyf — build, test and demo.  `make` builds build/depyf.
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
CORE_OBJ := $(CORE_SRC:src/core/%.c=build/obj/%.o)

.PHONY: all demo test clean gen-opcodes check-opcodes sweep install-all test-deps pytest
all: build/depyf

build/obj/%.o: src/core/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

build/libdepyf.a: $(CORE_OBJ)
	ar rcs $@ $^

build/depyf: src/cli/main.c build/libdepyf.a
	$(CC) $(CFLAGS) $< build/libdepyf.a -lm -o $@

# Regenerate the opcode tables from every installed interpreter / check them.
gen-opcodes:
	$(PY) tools/gen_opcodes.py --write
check-opcodes:
	$(PY) tools/gen_opcodes.py --check

# The main job on the bundled example: one .pyc per version, any host.
demo: build/depyf
	@for f in examples/pyc/*.pyc; do \
	  echo "=== build/depyf dis $$f"; build/depyf dis $$f | head -40; echo; done

# The full disassembler sweep over the stdlib of every version.
sweep: build/depyf
	$(PY) tests/tools/dis_sweep.py

# Everything the tests need: pytest in the main interpreter, the package in all.
test-deps:
	$(PY) -m pip install -q --disable-pip-version-check pytest
install-all:
	@for v in $(VERSIONS); do \
	  p=$$(ls $(PYENV_ROOT)/versions/$$v.*/bin/python$$v | tail -1); \
	  echo "pip install . into $$p"; \
	  $$p -m pip install -q --disable-pip-version-check --no-warn-script-location . || exit 1; done

pytest: build/depyf test-deps install-all
	$(PY) -m pytest -q tests

# The whole suite: build without warnings, Python tests on all versions,
# then the sanitizer runs.
test:
	$(MAKE) clean-objs
	$(MAKE) OPT="-O2 -g -Werror" build/depyf
	$(MAKE) pytest
	$(MAKE) check-corrupt check-bad-input

clean-objs:
	rm -rf build/obj build/libdepyf.a build/depyf
clean:
	rm -rf build
