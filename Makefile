# Natter developer tasks.
.PHONY: bench

# Release-build micro-benchmarks; see BENCHMARKS.md. SUITES="protocol formatting" picks suites.
bench:
	swift build -c release --product natter-bench
	.build/release/natter-bench $(SUITES)
