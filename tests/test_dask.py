"""simulate() on a Dask cluster's executor: the optional 'dask' extra."""

from __future__ import annotations

import json
import sys

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


def test_analyse_on_a_local_dask_cluster() -> None:
    """A design profile played on a cluster is the profile played in one process:
    the same seed, the same figures (card importance's paired games included)."""
    options = {
        "players": 3,
        "games": 40,
        "search_games": 3,
        "importance_games": 30,
        "seed": 2,
    }
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_cluster = ono99.analyse(
            "ono99-1980",
            executor=client.get_executor(),
            **options,  # type: ignore[arg-type]
        )
    assert on_cluster == ono99.analyse("ono99-1980", jobs=1, **options)  # type: ignore[arg-type]
    assert any(card.changed for card in on_cluster.importance)


def test_the_scheduler_option_plays_on_the_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    """``--scheduler ADDRESS``: ``ono99 simulate`` and ``ono99 analyse`` play on the
    cluster there, and print what they print in one process."""
    from ono99.cli._main import main  # noqa: PLC0415

    simulate = ["simulate", "ono99-1980", "--players", "2", "--games", "20", "--seed", "3"]
    analyse = ["analyse", "ono99-2022", "--players", "2", "--games", "10", "--search-games",
               "2", "--importance-games", "6", "--seed", "3"]  # fmt: skip
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
    ):
        address = cluster.scheduler_address
        for argv in (simulate, analyse):
            assert main([*argv, "--json", "--scheduler", address]) == 0
            there = json.loads(capsys.readouterr().out)
            assert main([*argv, "--json", "--jobs", "1"]) == 0
            here = json.loads(capsys.readouterr().out)
            there.pop("seconds")
            here.pop("seconds")
            assert there == here


def test_the_scheduler_option_without_dask_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ono99.cli._main import main  # noqa: PLC0415

    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "ono99-1980", "--scheduler", "tcp://localhost:1"]) == 2
    assert "pip install 'ono99[dask]'" in capsys.readouterr().err
