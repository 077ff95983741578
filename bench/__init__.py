"""Benchmarks (`make bench`, i.e. `python -m bench` inside a throwaway PostgreSQL): pages, the money
path, job pickup and the front end, each reported against a baseline measured in the same run.
Figures go to the terminal and to bench/RESULTS.md."""
