"""The load test's server: gunicorn with uvicorn workers and the production settings on a free
loopback port, against a throwaway SQLite database; started in its own session and stopped
whatever happens.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.loadtest_clients import HOST, http_client

ROOT = Path(__file__).resolve().parent.parent
# Production must not inherit a developer's HTTPS settings: this server speaks plain HTTP.
UNSET = (
    "DJANGO_DEBUG",
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_SECURE_COOKIES",
    "DJANGO_HSTS_SECONDS",
    "DJANGO_CSRF_TRUSTED_ORIGINS",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def production_env(db_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=HOST,
        DATABASE_URL=f"sqlite:///{db_path}",
    )
    return env


def process_tree_cpu(pid: int) -> float | None:
    """CPU seconds of a process and its children (gunicorn's master and workers), from /proc."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            # after "pid (comm)": state ppid ... utime is the 12th field, stime the 13th
            if int(stat.parent.name) == pid or int(fields[1]) == pid:
                total += int(fields[11]) + int(fields[12])
        return total / ticks
    except (OSError, ValueError, IndexError):
        return None


@dataclass
class Server:
    process: subprocess.Popen
    url: str
    log: Path

    def tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGTERM to gunicorn's master (it stops its workers), SIGKILL to the group if stuck."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)  # its own session: only gunicorn
            self.process.wait(timeout=5)


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def load_world(env: dict[str, str], folder: str) -> None:
    """A world package into the load test's database (the concurrent taps read its book)."""
    subprocess.run(
        [sys.executable, "manage.py", "load_world", folder],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def start_server(env: dict[str, str], tmp: Path, workers: int) -> Server:
    """gunicorn with uvicorn workers, as `make serve` and docs/deploy.md run it."""
    port = free_port()
    log = tmp / "gunicorn.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.asgi",
                "-k",
                "uvicorn_worker.UvicornWorker",
                "-w",
                str(workers),
                "--bind",
                f"{HOST}:{port}",
                "--graceful-timeout",
                "5",
                # Longer than the 2 s poll interval, so a device's connection stays open.
                "--keep-alive",
                "5",
                # The open streams and the devices' connections: more than 1,000 per worker.
                "--backlog",
                "4096",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Server(process, f"http://{HOST}:{port}", log)


async def wait_ready(server: Server, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    async with http_client(server.url) as client:
        while time.monotonic() < deadline:
            if server.process.poll() is not None:
                raise RuntimeError(
                    f"gunicorn exited ({server.process.returncode}):\n{server.tail()}"
                )
            try:
                if (await client.get("/healthz", timeout=2)).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer /healthz within {timeout:g} s:\n{server.tail()}")
