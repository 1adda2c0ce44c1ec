"""Where the games of a simulation, tournament or report run: in this process, on worker
processes, or on a Ray cluster.

The work comes as a *chunk function* ``work(plan, chunk)``, a module-level function that
plays some games and returns their result, and the chunks to run it on. `Backend.open`
starts the workers; `Workers.map` runs the function on every chunk and yields the results
in chunk order (or, with ``ordered=False``, as they finish). Whatever the backend, at most
`Workers.window` chunks are out at a time, submitted and not yet yielded: a run of a
million games never holds a million futures, nor every chunk's result, and a result that
finished early waits in a reorder buffer of that bound for the chunks before it.

Each game is a function of the plan and its index alone, so the same seed gives the same
results on every backend. On Ctrl-C or an error the chunks under way are stopped at once
(worker processes terminated; a Ray the command started shut down, while on a cluster it
joined the chunks under way end on their own), as they are when the consumer stops
iterating.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import multiprocessing
import signal
import socket
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, TypeVar

from gamenight.kernel.errors import N_, InvalidInput
from gamenight.kernel.limits import quote

Plan = TypeVar("Plan")
Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

MAX_WORKERS = 256  # processes; more than the machine's cores only adds overhead
CHUNKS_PER_WORKER = 4  # chunks out per worker: work queued while the slowest chunk ends
STOP_WAIT_S = 1.0  # after Ctrl-C or an error: how long a terminated worker may take to exit
RAY_AUTO = "auto"  # `--ray auto`: join the local Ray instance, or start one
RAY_MISSING = N_("install the ray extra: pip install 'gamenight[ray]'")
RAY_CONNECT_S = 5.0  # how long a cluster's address may take to answer before it is refused


@dataclass(frozen=True)
class Backend:
    """Where the chunks run: `workers` processes (1: this process), or a Ray cluster.

    `ray` is ``"auto"`` (join the Ray instance running on this machine, else start one)
    or a cluster's address (``ray://host:10001`` for Ray Client, ``host:6379`` for the
    head node). Bad settings raise `InvalidInput` (a `ValueError`).
    """

    workers: int = 1
    ray: str | None = None

    def __post_init__(self) -> None:
        check_workers(self.workers)
        if self.ray is not None:
            if not isinstance(self.ray, str) or not self.ray.strip():
                raise InvalidInput(
                    N_("ray must be 'auto' or a cluster's address, got {value}"),
                    value=quote(self.ray),
                )
            if self.workers > 1:
                raise InvalidInput(N_("give workers (--workers) or ray (--ray), not both"))

    @contextlib.contextmanager
    def open(self, tasks: int) -> Iterator[Workers]:
        """Workers for at most `tasks` chunks (no more processes than that), stopped after."""
        if self.ray is not None:
            with _ray_session(self.ray) as ray:
                yield _RayWorkers(ray)
        elif self.workers == 1 or tasks <= 1:
            yield Workers()
        else:
            workers = _PoolWorkers(min(self.workers, tasks))
            try:
                yield workers
            finally:
                workers.close()


def check_workers(workers: int) -> None:
    """Refuse a number of worker processes that is not 1 to `MAX_WORKERS`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise InvalidInput(
            N_("workers must be an integer from 1 to {most}, got {value}"),
            most=MAX_WORKERS,
            value=quote(workers),
        )


class Workers:
    """Runs chunk functions; this base class runs each in this process when its result
    is asked for (one chunk out at a time)."""

    parallel = 1  # chunks that run at once

    @property
    def window(self) -> int:
        """The most chunks out at a time (submitted, not yet yielded by `map`)."""
        return 1 if self.parallel == 1 else CHUNKS_PER_WORKER * self.parallel

    def map(
        self,
        work: Callable[[Plan, Chunk], Result],
        plan: Plan,
        chunks: Iterable[Chunk],
        ordered: bool = True,
    ) -> Generator[Result, None, None]:
        """``work(plan, chunk)`` for every chunk: in chunk order, or as they finish."""
        plan = self._share(plan)
        queue = enumerate(chunks)
        pending: dict[Any, int] = {}  # handle of a chunk under way -> its number
        ready: dict[int, Result] = {}  # the reorder buffer: finished, not yet yielded
        following = 0  # the number of the next chunk to yield, in order
        try:
            while True:
                for number, chunk in itertools.islice(
                    queue, self.window - len(pending) - len(ready)
                ):
                    pending[self._submit(work, plan, chunk)] = number
                if not pending:
                    break
                for handle in self._wait(list(pending)):
                    ready[pending.pop(handle)] = self._result(handle)
                if ordered:
                    while following in ready:
                        yield ready.pop(following)
                        following += 1
                else:
                    while ready:
                        yield ready.pop(min(ready))
        except BaseException:
            # Ctrl-C, an error, or the consumer stopped: end the chunks under way too.
            self._stop(list(pending))
            raise

    def _share(self, plan: Plan) -> Any:
        return plan

    def _submit(self, work: Callable[[Plan, Chunk], Result], plan: Any, chunk: Chunk) -> Any:
        return functools.partial(work, plan, chunk)  # played when its result is asked for

    def _wait(self, handles: list[Any]) -> list[Any]:
        return handles[:1]

    def _result(self, handle: Any) -> Any:
        return handle()

    def _stop(self, handles: list[Any]) -> None:
        """End the chunks `handles` now, without waiting for them."""


class _PoolWorkers(Workers):
    """Worker processes (``spawn``: fresh ones, safe whatever threads this process runs)."""

    def __init__(self, processes: int) -> None:
        self.parallel = processes
        self._pool = ProcessPoolExecutor(
            max_workers=processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_ignore_ctrl_c,
        )

    def _submit(self, work: Callable[[Plan, Chunk], Result], plan: Any, chunk: Chunk) -> Any:
        return self._pool.submit(work, plan, chunk)

    def _wait(self, handles: list[Future[Any]]) -> list[Future[Any]]:
        return list(wait(handles, return_when=FIRST_COMPLETED).done)

    def _result(self, handle: Future[Any]) -> Any:
        return handle.result()

    def _stop(self, handles: list[Any]) -> None:
        _stop_processes(self._pool)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class _RayWorkers(Workers):
    """Ray tasks: the plan is put in the object store once, each chunk is one task.

    Stopping cancels no task (`Workers._stop` does nothing): Ray's `cancel` of a task that
    is just finishing aborts this process inside Ray ("Tried to complete task that was not
    pending"), with or without `force`. A Ray this command started is shut down right
    after, which ends its tasks; on a cluster it joined, the chunks under way (a few dozen
    games each) run to their end and their results are dropped.
    """

    def __init__(self, ray: Any) -> None:
        self._ray = ray
        self.parallel = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote: dict[Callable[..., Any], Any] = {}

    def _share(self, plan: Plan) -> Any:
        return self._ray.put(plan)

    def _submit(self, work: Callable[[Plan, Chunk], Result], plan: Any, chunk: Chunk) -> Any:
        if work not in self._remote:
            self._remote[work] = self._ray.remote(num_cpus=1, max_retries=0)(work)
        return self._remote[work].remote(plan, chunk)

    def _wait(self, handles: list[Any]) -> list[Any]:
        done, _rest = self._ray.wait(handles, num_returns=1)
        return list(done)

    def _result(self, handle: Any) -> Any:
        return self._ray.get(handle)


@contextlib.contextmanager
def _ray_session(address: str) -> Iterator[Any]:
    """Ray, joined at `address` (or started, for ``auto`` with none running); shut down
    after if this call started it, left running if it was already."""
    try:
        import ray
    except ImportError:
        raise InvalidInput(RAY_MISSING) from None
    started = not ray.is_initialized()
    if started:
        if address != RAY_AUTO:
            _check_answers(address)
        try:
            ray.init(
                address=None if address == RAY_AUTO else address, logging_level=logging.WARNING
            )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise InvalidInput(
                N_("cannot join the Ray cluster at {address}: {reason}"),
                address=address,
                reason=exc,
            ) from None
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


def _check_answers(address: str) -> None:
    """Refuse a cluster address where nothing answers, at once: Ray itself keeps retrying
    such an address for minutes before it gives up."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise InvalidInput(
            N_("a Ray cluster's address is HOST:PORT or ray://HOST:PORT, got {address}"),
            address=quote(address),
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), RAY_CONNECT_S).close()
    except OSError as exc:
        raise InvalidInput(
            N_("cannot join the Ray cluster at {address}: {reason}"),
            address=address,
            reason=exc.strerror or exc,
        ) from None


def _ignore_ctrl_c() -> None:
    """In a worker: Ctrl-C reaches the whole process group; the parent alone handles it
    (it stops the workers), so that a worker never dies halfway with a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_processes(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's worker processes now and reap them (killed if they linger)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes = list((pool._processes or {}).values())  # before 3.14: no public way
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + STOP_WAIT_S
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()
