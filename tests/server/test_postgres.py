"""The store on a real PostgreSQL server, started for these tests from Debian's
``postgresql`` package (its binaries under /usr/lib/postgresql/*/bin; as root, the
server runs as the ``postgres`` user, or ``nobody``)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator

import pytest

from gamenight.server import Store, create_app

from .conftest import TestClient, hello, seated, send, until

BINARIES = sorted(glob.glob("/usr/lib/postgresql/*/bin"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def as_user() -> list[str]:
    """The command prefix that runs PostgreSQL as a user it accepts (never root)."""
    if os.geteuid() != 0:
        return []
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return ["runuser", "-u", name, "--"]
    pytest.skip("running as root with no user to run PostgreSQL as")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server in a temporary folder; its URL."""
    if not BINARIES:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    bin_dir = BINARIES[-1]
    prefix = as_user()
    folder = tempfile.mkdtemp(prefix="gamenight-pg-")
    if prefix:
        shutil.chown(folder, prefix[2])
    data, port = os.path.join(folder, "data"), free_port()
    run = [*prefix, os.path.join(bin_dir, "initdb"), "-D", data, "-A", "trust", "-U", "gamenight"]
    subprocess.run(run, check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    ctl = [*prefix, os.path.join(bin_dir, "pg_ctl"), "-D", data, "-w"]
    subprocess.run(
        [*ctl, "-o", options, "-l", os.path.join(folder, "log"), "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://gamenight@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*ctl, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_the_schema_is_migrated_and_a_game_of_bots_is_stored(postgres):
    store = Store(postgres)
    with TestClient(create_app(store)) as client:
        body = {"game": "boss-quest", "seats": [{"kind": "bot"}] * 3, "seed": 3, "bot_delay_ms": 0}
        table = client.post("/api/tables", json=body).json()["id"]
        with client.websocket_connect(f"/ws/{table}") as socket:
            hello(socket)
            until(socket, lambda u: u["status"] == "finished")
        record = client.get(f"/api/tables/{table}/record").json()
    assert [[row.seat, row.action] for row in store.actions(table)] == record["actions"]
    store.close()
    Store(postgres).close()  # opening again: the schema is up to date, nothing to do


def test_a_restarted_server_resumes_a_table_from_postgresql(postgres):
    store = Store(postgres)
    with TestClient(create_app(store)) as client:
        table, (token,) = seated(client, "meow-dark-lord", "hb", seed=4)
        with client.websocket_connect(f"/ws/{table}") as socket:
            hello(socket, token)
            update = until(socket, lambda u: u["legal"])
            send(socket, type="act", action=update["legal"][0]["action"])
            before = until(socket, lambda u: u["legal"] or u["status"] == "finished")
    store.close()
    store = Store(postgres)
    with (
        TestClient(create_app(store)) as client,
        client.websocket_connect(f"/ws/{table}") as socket,
    ):
        hello(socket, token)
        assert until(socket, lambda u: True)["view"] == before["view"]
    store.close()
