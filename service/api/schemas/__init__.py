"""Old import paths kept for tests/benchmarks alone, which this reorganisation may not edit:
each module hands on the names those scripts import from where they live now. Delete this
folder (and ``usecases``, ``schemas``) once they import from the resources' packages."""
