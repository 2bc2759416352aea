# Targets mirror the npm scripts; `make ci` is what CI runs (.ci/run).
.PHONY: install generate proto typecheck build test test-corpus test-upgrade test-release release registry bench lint format ci clean

install:
	npm ci

generate:
	npm run generate

# The protocol's static message codecs from protocol/proto/*.proto (committed; run after changing them).
proto:
	npm run proto

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

# Slow (two provider binaries): upgrading from the older snapshot's provider with the real CLI
# (also part of test-release).
test-upgrade:
	npm run test:upgrade

# The slower suite: a release of every platform (twice, to compare the zips), linux_arm64 under
# qemu-aarch64-static, terraform init through the local registry, and the upgrade test.
test-release:
	npm run test:release

# make release VERSION=1.2.3 [PLATFORMS=linux_amd64,linux_arm64] [SIGNING_KEY=key.asc] [OUT=dir] [SCHEMAS=dir]
release:
	npm run release -- --version "$(VERSION)" $(if $(PLATFORMS),--platforms "$(PLATFORMS)") $(if $(SIGNING_KEY),--signing-key "$(SIGNING_KEY)") $(if $(OUT),--out "$(OUT)") $(if $(SCHEMAS),--schemas "$(SCHEMAS)")

# make registry DIR=dist/release [PORT=8443]
registry:
	npm run registry -- --dir "$(DIR)" $(if $(PORT),--port "$(PORT)")

bench:
	npm run bench

lint:
	npm run lint

format:
	npm run format

# The binary is built before the tests: the end-to-end tests drive it with the real Terraform CLI.
ci: install generate typecheck lint build test test-corpus test-release

clean:
	rm -rf generated dist .cache .test-out-* docs/generated
