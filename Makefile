# Targets mirror the npm scripts; `make ci` is what CI runs (.ci/run).
.PHONY: install generate typecheck test bench lint format ci clean

install:
	npm ci

generate:
	npm run generate

typecheck:
	npm run typecheck

test:
	npm test

bench:
	npm run bench

lint:
	npm run lint

format:
	npm run format

ci: install generate typecheck test

clean:
	rm -rf generated dist .cache .test-out-*
