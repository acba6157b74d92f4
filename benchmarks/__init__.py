"""pytest-benchmark suites: speed figures for docs/performance.md (see each file)."""
