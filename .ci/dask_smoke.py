"""The dask extra on its own: simulate on a local Dask cluster, same result as in-process."""

from distributed import Client, LocalCluster

import ono99

if __name__ == "__main__":
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        Client(cluster) as client,
    ):
        spread = ono99.simulate("ono99-2022", games=40, seed=3, executor=client.get_executor())
    local = ono99.simulate("ono99-2022", games=40, seed=3, jobs=1)
    if spread != local:
        raise SystemExit("a Dask cluster played other games than one process")
    print(f"dask: {sum(spread.wins)} games, as in one process")
