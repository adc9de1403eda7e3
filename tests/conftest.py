"""Fixtures every test folder shares: a throwaway PostgreSQL cluster for the shared library.

One cluster per test session (``tests/pgcluster.py``), stopped at its end; each test that
asks for ``pg_lab`` gets a fresh database owned by ``alice`` (who may create roles), and the
login roles ``bob`` and ``carol``. Without PostgreSQL's server the tests that need it are
skipped saying why, except in CI (``CI`` set), where ``tools/setup.sh`` installs it and a
missing server is a failure.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.pgcluster import Cluster, missing_reason, remove_stale

PASSWORDS = {"alice": "alice-secret-1", "bob": "bob-secret-2", "carol": "carol-secret-3"}
_databases = itertools.count(1)


@dataclass(slots=True)
class Lab:
    """A fresh database on the test cluster, and how each member connects to it."""

    cluster: Cluster
    database: str

    def url(self, user: str, *, password: bool = True, **params: str) -> str:
        return self.cluster.url(
            user, PASSWORDS[user] if password else None, self.database, **params
        )


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    reason = missing_reason()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
        pytest.skip(reason)
    remove_stale()  # clusters of killed runs (their teardown never ran)
    cluster = Cluster(tls=True)
    try:
        cluster.create_role("alice", PASSWORDS["alice"], createrole=True)
        cluster.create_role("bob", PASSWORDS["bob"])
        cluster.create_role("carol", PASSWORDS["carol"])
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture
def pg_lab(pg_cluster: Cluster) -> Lab:
    name = f"lab{os.getpid()}_{next(_databases)}"
    pg_cluster.create_database(name, "alice")
    return Lab(pg_cluster, name)
