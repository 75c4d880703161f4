"""Benchmarks and the synthetic archive they build (not part of the published site)."""
