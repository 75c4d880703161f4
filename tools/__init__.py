"""Tools for maintainers, run by make and CI: tools/compare_builds.py compares two builds of the site."""
