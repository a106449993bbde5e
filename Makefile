# ClauZ3 — developer entry points. On a fresh machine: `make demo`, `make test`.

# A fresh shell may not have Go on PATH yet.
PATH := /usr/local/go/bin:$(PATH)
export PATH
SHELL := /bin/bash

# `go run` reports every non-zero exit (and a failed build) as 1, so the demo
# builds the CLI once and runs the binary to see the real exit status.
DEMO_BIN := $(or $(TMPDIR),/tmp)/clauz3-make/clauz3
DEMO_PASS := corpus/plans/email_only_bob_pass.py
DEMO_FAIL := corpus/plans/email_only_bob_ann_fail.py

# package:FuzzTarget pairs run by `make fuzz`, each for FUZZTIME.
FUZZ_TARGETS := ./compiler/syntax/:FuzzParse ./compiler/:FuzzCompile ./compiler/layer/:FuzzLoad ./securitymod/pathfloor/:FuzzCheck ./securitymod/egress/:FuzzCheck ./securitymod/redact/:FuzzString ./layers/web_fetch/:FuzzCanonical ./corpus/randplan/:FuzzDifferential
FUZZTIME ?= 60s
# Random contract-shaped plans TestSoundness proves and runs under `make fuzz`
# (30 in `make test`; a quarter as many randplan plans besides): 8,000 and
# 2,000, the 10,000 generated plans issue 12 asks to find 0 unsound verdicts
# in. At about 1.5 s a plan on two cores this takes hours; lower it for a
# quick look (make fuzz SOUNDNESS_PLANS=400).
SOUNDNESS_PLANS ?= 8000
SOUNDNESS_TIMEOUT ?= 12h

.PHONY: help setup demo test bench fuzz fmt
.DEFAULT_GOAL := help

help:
	@echo "make setup  install libz3-dev and Go modules (idempotent)"
	@echo "make demo   prove the bundled email plan, then show a refused variant"
	@echo "make test   go vet + go test on every package"
	@echo "make bench  benchmarks (benchmarks/, prover/z3/)"
	@echo "make fuzz   run each fuzz target for FUZZTIME ($(FUZZTIME)), then the soundness check on SOUNDNESS_PLANS random plans"
	@echo "make fmt    list files gofmt would change (fails if any)"

setup:
	@scripts/setup.sh

demo: setup
	@mkdir -p $(dir $(DEMO_BIN))
	go build -o $(DEMO_BIN) ./cmd/clauz3
	@echo
	@echo "== $(DEMO_PASS): expected to be proved"
	$(DEMO_BIN) prove --import-root corpus $(DEMO_PASS)
	@echo
	@echo "== $(DEMO_FAIL): expected to be refused (exit status 1)"
	@status=0; \
	$(DEMO_BIN) prove --import-root corpus $(DEMO_FAIL) || status=$$?; \
	if [ "$$status" -ne 1 ]; then \
		echo "demo: expected exit status 1 from the refused plan, got $$status" >&2; \
		exit 1; \
	fi; \
	echo "(refused as expected: exit status 1)"

test: setup
	go vet ./...
	go test -timeout 30m ./...

bench: setup
	go test -run '^$$' -bench . -benchtime 3x ./benchmarks/ ./prover/z3/ ./gen/

fuzz: setup
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; fn=$${t##*:}; \
		echo "go test -run '^\$$' -fuzz '^$$fn\$$' -fuzztime $(FUZZTIME) $$pkg"; \
		go test -run '^$$' -fuzz "^$$fn\$$" -fuzztime $(FUZZTIME) $$pkg; \
	done
	@echo "go test -timeout $(SOUNDNESS_TIMEOUT) -run '^TestSoundness\$$' -v ./corpus/ -soundness.plans $(SOUNDNESS_PLANS)"
	@go test -timeout $(SOUNDNESS_TIMEOUT) -run '^TestSoundness$$' -v ./corpus/ -soundness.plans $(SOUNDNESS_PLANS)

fmt:
	@out=$$(gofmt -l .); \
	if [ -n "$$out" ]; then echo "gofmt would reformat:"; echo "$$out"; exit 1; fi
