"""Speed benchmarks: ``python -m benchmarks [NAME …]`` (``make bench``) prints moves/s."""
