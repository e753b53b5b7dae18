"""Many games at once: :func:`~ono99.simulate` and :func:`~ono99.compare_variants`.

Seeds for each game (``_seeds``), the games a worker plays in one chunk
(``_chunks``, with the loop compiled with the engine in ``_batch``), workers
and their progress (``_simulate``, ``_progress``), the results and their
tables (``_results``, ``_report``) and charts (``_plot``). The public names
are exported from :mod:`ono99`.
"""
