#!/usr/bin/env bash
# The kiosk's install command from a built package (docs/kiosk.md), checked:
# build a wheel of pintas from this checkout, install it with its kiosk extra
# into a fresh virtual environment, start the kiosk from there and play a
# move through its API. Needs the build tools in the current environment
# (README's commands put them there); compiles only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python -m pip wheel --quiet --no-build-isolation --no-deps . -w "$work/dist"
wheel=$(ls "$work"/dist/pintas-*.whl)
python -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$wheel[kiosk]"
cd "$work"   # away from the checkout: the installed package, not the sources
"$work/venv/bin/python" - <<'PY'
import json, socket, subprocess, sys, time, urllib.request

with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([sys.executable, "-m", "pintas", "kiosk", "--port", str(port),
                           "--db", "kiosk.db", "--pace", "0"])
base = f"http://127.0.0.1:{port}"


def call(method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


try:
    for _ in range(300):
        try:
            call("GET", "/api/games")
            break
        except OSError:
            time.sleep(0.1)
    with urllib.request.urlopen(base + "/", timeout=10) as page:
        assert b"kiosk.js" in page.read()
    table = call("POST", "/api/tables", {"game": "farkle", "seats": ["human", "random"]})
    token = table["tokens"]["0"]
    state = call("GET", f"/api/tables/{table['id']}", token=token)
    played = call("POST", f"/api/tables/{table['id']}/moves", {"move": state["legal_moves"][0]},
                  token=token)
    assert played["version"] == 1, played
    import pintas
    print(f"the kiosk from a wheel: ok (pintas {pintas.__version__} at {pintas.__file__})")
finally:
    server.terminate()
    server.wait(10)
PY
