"""The edition's own fuzzer (``tools/fuzz.py`` is its command line and ``run``).

* ``seen``: what a state holds and what a seat may see (the fuzzer's own accessors,
  written here and not in the engine), fingerprints and deep snapshots of states;
* ``play``: random whole games with checks after every action, illegal and malformed
  actions, misuse of the Python API;
* ``bridge_cases``: random and malformed requests to the JSON bridge;
* ``record_cases``: tampered game records, replayed in-process and by the command line;
* ``sandbox``: a worker process with bounded memory and time for the bridge and
  record cases;
* ``report``: totals and failures, deduplicated by kind.
"""
