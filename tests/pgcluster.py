"""A throwaway PostgreSQL cluster for the shared-library tests.

``initdb`` in a temporary folder (as the unprivileged ``postgres`` user that Debian's package
creates when the tests run as root: ``initdb`` refuses root), on a free port on 127.0.0.1,
password authentication (scram-sha-256), optionally TLS with a certificate made by
``openssl`` for ``localhost``. ``stop`` ends it (``pg_ctl stop``) and removes the folder.
``tools/setup.sh`` installs ``postgresql`` (and ``openssl``) for development and in CI.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import psycopg
from psycopg import sql


def server_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian's newest version first), or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing_reason() -> str | None:
    """Why no cluster can be started here (None when one can)."""
    if server_bin() is None:
        return "PostgreSQL's server (initdb, pg_ctl) is not installed: run tools/setup.sh"
    if os.geteuid() == 0 and _unprivileged_user() is None:
        return "running as root and no unprivileged user to run initdb as"
    return None


def _unprivileged_user() -> str | None:
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    return None


PREFIX = "refmanager-pg-"


def remove_stale() -> list[Path]:
    """Stop and remove the clusters of test runs that were killed (their ``owner`` process
    is gone, so their teardown never ran); the folders removed."""
    removed: list[Path] = []
    for owner in Path(tempfile.gettempdir()).glob(f"{PREFIX}*/owner"):
        try:
            os.kill(int(owner.read_text()), 0)
            continue  # its test run is still going
        except ProcessLookupError:
            pass
        except (ValueError, OSError):
            continue
        folder = owner.parent
        command = [str(server_bin() or ""), "-D", str(folder / "data"), "-m", "immediate"]
        stop = [str(Path(command[0]) / "pg_ctl"), *command[1:], "stop"]
        user = _unprivileged_user() if os.geteuid() == 0 else None
        if user is not None:
            stop = ["runuser", "-u", user, "--", *stop]
        subprocess.run(stop, capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Cluster:
    """One running cluster. ``superuser`` connects as the cluster's own superuser."""

    def __init__(self, *, tls: bool = False) -> None:
        binary = server_bin()
        if binary is None:
            raise RuntimeError(missing_reason())
        self.bin = binary
        self.tls = tls
        self.port = free_port()
        self.super_name = "rmadmin"
        self.super_password = secrets.token_hex(12)
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        (self.folder / "owner").write_text(str(os.getpid()))  # see remove_stale
        self.data = self.folder / "data"
        self.user = _unprivileged_user() if os.geteuid() == 0 else None
        pwfile = self.folder / "pw"
        pwfile.write_text(self.super_password + "\n")
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for path in (self.folder, pwfile):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self._run(
            "initdb", "-D", str(self.data), "-U", self.super_name, "--pwfile", str(pwfile),
            "-A", "scram-sha-256", "--no-sync", "-E", "UTF8", "--locale", "C",
        )  # fmt: skip
        pwfile.unlink()
        if tls:
            self._make_certificates()
        self.start()

    def _run(self, tool: str, *args: str) -> None:
        command: Sequence[str] = [str(self.bin / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def _make_certificates(self) -> None:
        """A CA and a server certificate for ``localhost`` (what ``verify-full`` checks)."""
        self.ca_cert = self.folder / "ca.crt"
        ca_key = self.folder / "ca.key"
        key, csr, cert = (self.data / n for n in ("server.key", "server.csr", "server.crt"))
        openssl = ["openssl"]

        def run(*args: str) -> None:
            subprocess.run([*openssl, *args], check=True, capture_output=True)

        run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test CA",
            "-keyout", str(ca_key), "-out", str(self.ca_cert))  # fmt: skip
        run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
            "-keyout", str(key), "-out", str(csr))  # fmt: skip
        ext = self.folder / "ext.cnf"
        ext.write_text("subjectAltName=DNS:localhost\n")
        run("x509", "-req", "-in", str(csr), "-CA", str(self.ca_cert), "-CAkey", str(ca_key),
            "-CAcreateserial", "-days", "2", "-extfile", str(ext), "-out", str(cert))  # fmt: skip
        key.chmod(0o600)
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for path in (key, cert, csr):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n")

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            # no fsync (the tests stop the server, never the machine); commits stay
            # synchronous: an immediate stop must keep what a client was told was committed
            f"-c unix_socket_directories={self.folder} -c fsync=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"),
            "-o", options, "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``immediate``: as if its machine lost power)."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", mode, "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # stopped already
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, user: str, password: str | None, database: str, **params: str) -> str:
        """A connection URI (``password`` None leaves it out, for libpq's password file)."""
        auth = f"{user}:{password}" if password is not None else user
        host = "localhost" if self.tls else "127.0.0.1"
        query = "&".join(f"{k}={v}" for k, v in params.items())
        return f"postgresql://{auth}@{host}:{self.port}/{database}" + (f"?{query}" if query else "")

    def superuser(self, database: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host="127.0.0.1",
            port=self.port,
            user=self.super_name,
            password=self.super_password,
            dbname=database,
            autocommit=True,
            sslmode="disable",
        )

    def create_database(self, name: str, owner: str) -> None:
        with self.superuser() as conn:
            conn.execute(
                sql.SQL("CREATE DATABASE {} OWNER {}").format(
                    sql.Identifier(name), sql.Identifier(owner)
                )
            )

    def create_role(self, name: str, password: str, *, createrole: bool = False) -> None:
        with self.superuser() as conn:
            conn.execute(
                sql.SQL(
                    "CREATE ROLE {} LOGIN PASSWORD {}" + (" CREATEROLE" if createrole else "")
                ).format(sql.Identifier(name), sql.Literal(password))
            )
