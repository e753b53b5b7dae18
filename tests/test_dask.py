"""simulate() on a Dask cluster's executor: the optional 'dask' extra."""

from __future__ import annotations

import pytest

import ono99

distributed = pytest.importorskip("distributed")


def test_simulate_on_a_local_dask_cluster() -> None:
    """The same seed gives the same result on a cluster as in one process."""
    options = {
        "players": 3,
        "games": 30,
        "seed": 4,
        "strategies": ["cautious", "random", "reckless"],
    }
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        seen: list[int] = []
        on_cluster = ono99.simulate(
            "ono99-1980",
            executor=client.get_executor(),
            chunk_size=5,
            progress=lambda done, total: seen.append(done),
            **options,  # type: ignore[arg-type]
        )
    assert on_cluster == ono99.simulate("ono99-1980", jobs=1, **options)  # type: ignore[arg-type]
    assert sorted(seen) == seen
    assert seen[-1] == 30
