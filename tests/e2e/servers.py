"""Debian's nginx serving a folder with deploy/nginx/ludeum.conf, as the tests run
it (test_servers.py; test_site_config.py's update and roll-back): the committed file
with its placeholders replaced (the port, the folder), under an nginx.conf like
Debian's, its state in a temporary folder."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import HOSTING, ROOT

NGINX = os.environ.get("LUDEUM_NGINX", "/usr/sbin/nginx")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, said: Path) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"the server did not start:\n{said.read_text(encoding='utf-8')}")
            time.sleep(0.1)


def nginx_site(port: int, root: Path, https: bool = False) -> str:
    """deploy/nginx's file with its placeholders replaced: each must be there."""
    name = "ludeum-https.conf" if https else "ludeum.conf"
    text = (ROOT / "deploy" / "nginx" / name).read_text(encoding="utf-8")
    listen, options = ("443", " ssl http2") if https else ("80", "")
    for old, new in (
        (f"listen {listen}{options};", f"listen 127.0.0.1:{port}{options};"),
        (f"listen [::]:{listen}{options};", ""),
        (HOSTING.EXAMPLE_ROOT + "/", f"{root}/"),
    ):
        assert old in text, f"{name} no longer holds {old!r}"
        text = text.replace(old, new)
    return text


def nginx_main(state: Path, site: Path) -> str:
    """An nginx.conf as Debian's (its modules, its mime.types, gzip on for HTML), with
    its state in ``state`` so that it runs beside any other nginx. The site file's
    `include mime.types` is relative to this file's folder, as /etc/nginx/ is."""
    (state / "mime.types").symlink_to("/etc/nginx/mime.types")
    temp = "\n".join(
        f"\t{kind}_temp_path {state}/{kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                            "uwsgi", "scgi")
    )  # fmt: skip
    # Run as root (CI, a container), nginx's workers would be `nobody`, who cannot
    # read the test's temporary folders: they stay root here.
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""\
{user}daemon off;
pid {state}/nginx.pid;
error_log {state}/error.log;
include /etc/nginx/modules-enabled/*.conf;
events {{}}
http {{
\tinclude /etc/nginx/mime.types;
\tdefault_type application/octet-stream;
\tsendfile on;
\tgzip on;
\taccess_log off;
{temp}
\tinclude {site};
}}
"""


@contextlib.contextmanager
def nginx_serving(folder: Path) -> Iterator[str]:
    """nginx serving ``folder`` at /games/ludeum/ with deploy/nginx/ludeum.conf; yields
    the origin (http://127.0.0.1:PORT)."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail(f"no {NGINX}: run scripts/ensure-browsers.sh (test.sh does)")
    with tempfile.TemporaryDirectory(prefix="ludeum-nginx-") as name:
        state = Path(name)
        port = free_port()
        (state / "ludeum.conf").write_text(nginx_site(port, folder), encoding="utf-8")
        (state / "nginx.conf").write_text(nginx_main(state, state / "ludeum.conf"), "utf-8")
        said = state / "nginx.out"
        # Debian's prefix kept: its modules load from there (modules-enabled/).
        command = [NGINX, "-e", str(state / "error.log"), "-c", str(state / "nginx.conf")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        assert "[warn]" not in checked.stderr, checked.stderr  # no duplicate type, say
        with said.open("w") as out:
            process = subprocess.Popen(command, stdout=out, stderr=out)
        wait_for_port(port, process, said)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(timeout=10)
