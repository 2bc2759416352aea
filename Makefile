# Targets mirror the npm scripts; `make ci` is what CI runs (.ci/run).
.PHONY: install generate typecheck build test test-corpus test-upgrade bench lint format ci clean

install:
	npm ci

generate:
	npm run generate

typecheck:
	npm run typecheck

build:
	npm run build

test:
	npm test

# The whole-corpus sweeps (every real schema through load, generation, docs, the protocol layer;
# the snapshot diff; fuzzed schemas; the nested-list read-back sweep over every type): about 90 s of
# CPU, so not part of npm test.
test-corpus:
	npm run test:corpus

# Slow (two provider binaries): upgrading from the older snapshot's provider with the real CLI.
test-upgrade:
	npm run test:upgrade

bench:
	npm run bench

lint:
	npm run lint

format:
	npm run format

# The binary is built before the tests: the end-to-end tests drive it with the real Terraform CLI.
ci: install generate typecheck lint build test test-corpus test-upgrade

clean:
	rm -rf generated dist .cache .test-out-* docs/generated
