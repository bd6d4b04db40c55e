"""The request path against the framework: views and moves next to bare Flask endpoints.

One run starts the product (embedded Redis with AOF, gunicorn with the product's serving
settings, rate limits on but never reached) and, with the very same gunicorn settings, a
bare Flask app (``bare_app.py``).  wrk (Debian's ``wrk``, a C load generator) drives each
endpoint in turn at the same number of connections; without wrk, Python client threads do.
Prints requests per second, p50 and p99, and the CPU the servers spent per request (the
gunicorn processes, plus Redis and the forks that rewrite its append-only file for the
product: a figure that other work on the machine disturbs far less than throughput) with
the Redis server's part of it, the load generator's own CPU per request (``client``: it
takes it from the same cores), the ratios to the bare endpoints and, after each round, what
Redis holds and how often it forked.  It asserts nothing.
``request_path_profile.py`` profiles the same requests in-process.

    .venv/bin/python benchmarks/request_path.py [--seconds 8] [--connections 16] [--quick]
    .venv/bin/python benchmarks/request_path.py --rounds 3 --seconds 5   # ratios per round
    .venv/bin/python benchmarks/request_path.py --limits off   # no rate limits
    FAST_PATH=0 .venv/bin/python benchmarks/request_path.py   # every request through Flask
    REDIS_MUX=0 .venv/bin/python benchmarks/request_path.py   # a Redis connection per call

Scenarios:
- ``GET /bare`` and ``POST /echo`` (a small JSON body parsed and echoed): the baselines;
- the view (``GET /v1/games/{id}``) of a solo tour (host token) and of a 2-seat Beat venue
  (seat token);
- Beat moves: one game per connection, its seat 0 plays a card then takes it back;
- tour moves: each connection replays a seeded game's precomputed legal actions on game
  after game (all created up front with that seed), so every move is a real, new move.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from statistics import median

import psutil
import redis
import requests
from _stack import ROOT, percentile, stack

from api.config import Settings
from api.embedded_redis import free_port
from api.local_processes import stop_all, wait_healthy
from api.serve import gunicorn_argv
from services.registry import get_game

WRK = shutil.which("wrk")


def worker_class() -> str:
    """How gunicorn serves both apps: the product's default unless API_WORKER_CLASS says."""
    kind = os.environ.get("API_WORKER_CLASS", "gevent")
    return f"{kind} workers" if kind == "gevent" else f"{kind} workers x threads"


LIMITS = {"RATE_LIMIT_ADDRESS": "100000000/minute", "RATE_LIMIT_TOKEN": "100000000/minute"}
#: ``--limits off``: a deployment that limits elsewhere (at a gateway, say)
NO_LIMITS = {"RATE_LIMIT_ADDRESS": "", "RATE_LIMIT_TOKEN": ""}


# -- the bare baseline ---------------------------------------------------------
class BareServer:
    """bare_app under gunicorn with the product's processes, threads and worker class."""

    def __init__(self, processes: int, threads: int):
        self.port = free_port()
        argv = gunicorn_argv(self.port, processes, threads, app="bare_app:app")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "benchmarks")}
        self.proc = subprocess.Popen(argv, env=env, cwd=ROOT, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        wait_healthy(self.base, [self.proc], timeout=30, path="/bare")

    def stop(self) -> None:
        stop_all([self.proc])


# -- one scenario: a URL and what each connection sends ---------------------------
#: one request of a plan: method, path, token (None or "": none), JSON body (None: none)
Planned = tuple[str, str, str | None, str | None]


class Scenario:
    """An endpoint's load: ``lua`` for wrk (with ``data``, Lua chunks it may load, the
    i-th from ``DATA .. i .. '.lua'``), ``plan(i)`` (the requests connection ``i`` sends,
    round and round) for the Python fallback."""

    def __init__(
        self,
        name: str,
        base: str,
        lua: str,
        plan: Callable[[int], list[Planned]],
        data: list[str] | None = None,
    ):
        self.name, self.base, self.lua, self.plan, self.data = name, base, lua, plan, data


def server_processes(base: str, extra: list[int] = ()) -> list[psutil.Process]:
    """The gunicorn processes serving ``base`` (master and workers) and ``extra`` pids,
    each once (a forked worker carries its master's command line, so matching on it finds
    the workers as well as the master's children)."""
    port = base.rsplit(":", 1)[1]
    procs = {p.pid: p for p in map(psutil.Process, extra)}
    for p in psutil.process_iter(["cmdline"]):
        if f"0.0.0.0:{port}" in (p.info["cmdline"] or []):
            procs |= {q.pid: q for q in (p, *p.children())}
    return list(procs.values())


def cpu_s(procs: list[psutil.Process], children: bool = False) -> float:
    """CPU seconds of ``procs``; with ``children``, also of their children that ended (for
    Redis: the forks that rewrite its append-only file, every few seconds under moves)."""
    total = 0.0
    for p in procs:
        t = p.cpu_times()
        total += t.user + t.system
        if children:
            total += t.children_user + t.children_system
    return total


def _lua_str(s: str) -> str:
    return json.dumps(s)  # a JSON string literal is a valid Lua string literal here


def get_scenario(name: str, base: str, path: str, token: str | None) -> Scenario:
    # no request() and no response(): wrk formats the request once per thread and reads
    # no header into Lua, so the client's cost per request is the least wrk can make it
    lua = f"wrk.method = 'GET'\nwrk.path = {_lua_str(path)}\n"
    if token:
        lua += f"wrk.headers['Authorization'] = {_lua_str('Bearer ' + token)}\n"
    return Scenario(name, base, lua, lambda i: [("GET", path, token, None)])


def per_connection_posts(name: str, base: str, conns: list[list[tuple[str, str, str]]]) -> Scenario:
    """Connection i posts ``conns[i]`` ((path, token, body) ...) in order, round and round."""
    data = []
    for reqs in conns:
        items = ",\n".join(
            f"{{{_lua_str(p)}, {_lua_str('Bearer ' + t) if t else 'nil'}, {_lua_str(b)}}}"
            for p, t, b in reqs
        )
        data.append(f"return {{{items}}}\n")
    lua = (
        # wrk loads this script once for itself and once per thread: each thread loads
        # its own plan only, from a file of its own
        "local n = 0\n"
        "function setup(thread) n = n + 1; thread:set('tid', n) end\n"
        # each request formatted once, before the clock starts; request() only hands the
        # next one out.  No response(): wrk would copy every answer's headers and body
        # into Lua, a cost of the client's that grows with the answer (refusals still
        # count in the non-2xx column)
        "function init(args)\n"
        "  reqs = {}\n"
        "  for i, r in ipairs(dofile(DATA .. tid .. '.lua')) do\n"
        "    local h = {['Content-Type'] = 'application/json'}\n"
        "    if r[2] then h['Authorization'] = r[2] end\n"
        "    reqs[i] = wrk.format('POST', r[1], h, r[3])\n"
        "  end\n"
        "  collectgarbage()\n"
        "  at = 0\n"
        # wrk asks its first thread for one request before sending, only to check that
        # it parses: that call must not move the plan on (else a take back goes first)
        "  checked = tid == 1\n"
        "end\n"
        "function request()\n"
        "  if checked then checked = false; return reqs[1] end\n"
        "  at = at % #reqs + 1\n"
        "  return reqs[at]\n"
        "end\n"
    )
    return Scenario(
        name, base, lua, lambda i: [("POST", p, t, b) for p, t, b in conns[i]], data=data
    )


# -- drivers -----------------------------------------------------------------------
_UNIT = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    return float(m.group(1)) * _UNIT[m.group(2)]


def run_wrk(sc: Scenario, connections: int, seconds: float) -> dict[str, float]:
    folder = tempfile.mkdtemp(prefix="wrk-")
    script = os.path.join(folder, "script.lua")
    with open(script, "w") as f:
        if sc.data is not None:
            for i, chunk in enumerate(sc.data, 1):
                with open(os.path.join(folder, f"data{i}.lua"), "w") as d:
                    d.write(chunk)
            f.write(f"DATA = {_lua_str(os.path.join(folder, 'data'))}\n")
        f.write(sc.lua)
    before = _children_cpu_s()
    try:
        done = subprocess.run(
            [
                WRK,
                f"-t{connections}",
                f"-c{connections}",
                f"-d{max(1, round(seconds))}s",  # wrk takes whole seconds
                "--latency",
                "-s",
                script,
                sc.base,
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=seconds + 60,
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    client_s = _children_cpu_s() - before
    sys.stderr.write(done.stderr)
    out = done.stdout
    # wrk pads a latency in whole seconds ("1.14s ") with a trailing space
    lat = dict(re.findall(r"^\s+(50|99)%\s+(\S+)\s*$", out, re.M))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errs = re.search(r"Socket errors: (.*)$", out, re.M)
    if "50" not in lat or "99" not in lat or "Requests/sec" not in out:
        raise RuntimeError(f"wrk printed no latency figures for {sc.name!r}:\n{out}")
    n = int(re.search(r"(\d+) requests in", out).group(1))
    return {
        "per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50_ms": _ms(lat["50"]),
        "p99_ms": _ms(lat["99"]),
        "n": n,
        "errors": int(bad.group(1)) if bad else 0,
        "socket_errors": errs.group(1) if errs else "",
        "client_ms": client_s * 1000 / max(1, n),
    }


def _children_cpu_s() -> float:
    """CPU seconds of this process's children that have ended (wrk, once it is waited for)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_python(sc: Scenario, connections: int, seconds: float) -> dict[str, float]:
    """The fallback without wrk: one client thread per connection, the same requests."""
    import threading

    latencies: list[float] = []
    errors = [0]
    stop = time.monotonic() + seconds

    def client(i: int) -> None:
        session = requests.Session()
        reqs = sc.plan(i)
        at = 0
        while time.monotonic() < stop:
            method, path, token, body = reqs[at % len(reqs)]
            at += 1
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            if body is not None:
                headers["Content-Type"] = "application/json"
            t0 = time.perf_counter()
            r = session.request(method, sc.base + path, headers=headers, data=body)
            latencies.append(time.perf_counter() - t0)
            if r.status_code >= 300:
                errors[0] += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(connections)]
    cpu0 = time.process_time()
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {
        "per_s": len(latencies) / (time.monotonic() - t0),
        "p50_ms": percentile(latencies, 0.5) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "n": len(latencies),
        "errors": errors[0],
        "socket_errors": "",
        "client_ms": (time.process_time() - cpu0) * 1000 / max(1, len(latencies)),
    }


# -- the product's scenarios ---------------------------------------------------------
def create(base: str, game: str, players: int, options: dict, seed: int) -> dict:
    r = requests.post(
        f"{base}/v1/games",
        json={"game": game, "players": players, "options": options, "seed": seed},
    )
    r.raise_for_status()
    return r.json()


def tour_sequence(seed: int) -> list[dict]:
    """A whole seeded solo tour, as the actions a player posts (random legal choices)."""
    game = get_game("tour")
    state = game.new(1, {"mode": "solo"}, seed)
    rng = random.Random(seed)
    seq = []
    while game.outcome(state) is None:
        action = rng.choice(game.legal_actions(state, 0))
        seq.append(action)
        state, _ = game.apply(state, 0, action)
    return seq


def beat_play(base: str, created: dict) -> dict:
    token = created["seat_tokens"][0]
    listing = requests.get(
        f"{base}/v1/games/{created['id']}/actions", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return next(a["action"] for a in listing["actions"] if a["action"]["type"] == "play")


#: each product scenario and the bare endpoint it is compared with
RATIOS = (
    ("view: tour (host)", "bare GET"),
    ("view: beat (seat)", "bare GET"),
    ("move: beat play/take back", "bare POST"),
    ("move: tour (replayed games)", "bare POST"),
)


def take_back_pending(base: str, beats: list[dict]) -> None:
    """Take back the card a connection's last play left on the table, if any, so that a
    round's plan (play, then take back) starts from the same position."""
    for b in beats:
        token = b["seat_tokens"][0]
        requests.post(
            f"{base}/v1/games/{b['id']}/actions",
            json={"action": {"type": "take_back"}},
            headers={"Authorization": f"Bearer {token}"},
        )  # 422 when nothing was left on the table: nothing to do


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="run every scenario this many times in turn; each ratio is taken within a round",
    )
    parser.add_argument("--quick", action="store_true", help="3 s per scenario")
    parser.add_argument(
        "--limits",
        choices=("on", "off"),
        default="on",
        help="the product's rate limits: on (never reached; the default) or off",
    )
    parser.add_argument(
        "--driver",
        choices=("wrk", "python"),
        default="wrk" if WRK else "python",
        help="the load generator (default: wrk where installed)",
    )
    args = parser.parse_args()
    seconds = 3 if args.quick else args.seconds
    conns = args.connections
    driver = run_wrk if args.driver == "wrk" else run_python
    load = os.getloadavg()
    limits = LIMITS if args.limits == "on" else NO_LIMITS
    bare = BareServer(args.processes, args.threads)
    rounds: list[dict[str, dict[str, float]]] = []
    stored: list[str] = []
    try:
        with stack(processes=args.processes, threads=args.threads, env_extra=limits) as (
            base,
            redis_server,
        ):
            # every call of 1 ms or more goes to the slow log, read and emptied each round
            server_client = redis.Redis.from_url(redis_server.url)
            server_client.config_set("slowlog-log-slower-than", 1000)
            tour = create(base, "tour", 1, {"mode": "solo"}, 7)
            beats = [create(base, "beat", 2, {}, 100 + i) for i in range(conns)]
            seq = tour_sequence(11)
            bodies = [json.dumps({"action": a}) for a in seq]
            fixed = [
                get_scenario("bare GET", bare.base, "/bare", None),
                get_scenario(
                    "view: tour (host)", base, f"/v1/games/{tour['id']}", tour["host_token"]
                ),
                get_scenario(
                    "view: beat (seat)",
                    base,
                    f"/v1/games/{beats[0]['id']}",
                    beats[0]["seat_tokens"][0],
                ),
                per_connection_posts(
                    "bare POST",
                    bare.base,
                    [[("/echo", "", json.dumps({"action": {"type": "play", "card": "s0-1b"}}))]]
                    * conns,
                ),
                per_connection_posts(
                    "move: beat play/take back",
                    base,
                    [
                        [
                            (
                                f"/v1/games/{b['id']}/actions",
                                b["seat_tokens"][0],
                                json.dumps({"action": beat_play(base, b)}),
                            ),
                            (
                                f"/v1/games/{b['id']}/actions",
                                b["seat_tokens"][0],
                                json.dumps({"action": {"type": "take_back"}}),
                            ),
                        ]
                        for b in beats
                    ],
                ),
            ]
            redis_proc = [psutil.Process(redis_server.process.pid)]
            product = server_processes(base)
            baseline = server_processes(bare.base)
            # every tour move is a new one: fresh games each round, enough that no
            # connection runs out within it (at 4,000 moves/s, the fast path went past that)
            per_conn = int(seconds * 8000 / conns / len(seq)) + 2
            for _ in range(args.rounds):
                take_back_pending(base, beats)  # each round's Beat plans start in step
                tours = [
                    [create(base, "tour", 1, {"mode": "solo"}, 11) for _ in range(per_conn)]
                    for _ in range(conns)
                ]
                tour_moves = per_connection_posts(
                    "move: tour (replayed games)",
                    base,
                    [
                        [
                            (f"/v1/games/{g['id']}/actions", g["host_token"], body)
                            for g in games
                            for body in bodies
                        ]
                        for games in tours
                    ],
                )
                results: dict[str, dict[str, float]] = {}
                for sc in [*fixed, tour_moves]:
                    procs = baseline if sc.base == bare.base else product
                    before, redis_before = cpu_s(procs), cpu_s(redis_proc, children=True)
                    results[sc.name] = m = driver(sc, conns, seconds)
                    n = max(1, m["n"])
                    m["redis_ms"] = 0.0
                    if sc.base != bare.base:
                        redis_after = cpu_s(redis_proc, children=True)
                        m["redis_ms"] = (redis_after - redis_before) * 1000 / n
                    m["cpu_ms"] = (cpu_s(procs) - before) * 1000 / n + m["redis_ms"]
                rounds.append(results)
                stored.append(_redis_state(server_client))
    finally:
        bare.stop()

    print(
        f"driver: {'wrk' if args.driver == 'wrk' else 'python threads'}; {conns} connections, "
        f"{seconds:.0f} s each; {args.rounds} round(s); gunicorn {args.processes} processes, "
        f"{worker_class()}; load average before the run {load[0]:.2f}; "
        f"fast path {'on' if Settings.from_env().fast_path else 'off'}; rate limits {args.limits}"
    )
    for i, results in enumerate(rounds, 1):
        if len(rounds) > 1:
            print(f"round {i}")
        print_round(results)
        print(f"after it, Redis: {stored[i - 1]}")
    if len(rounds) > 1:
        print(f"over the {len(rounds)} rounds, median (least - most):")
        for name, ref in RATIOS:
            by_rate, by_cpu = zip(*(ratios(r, name, ref) for r in rounds), strict=True)
            p99 = [r[name]["p99_ms"] for r in rounds]
            print(
                f"  {name:<30} {_spread(by_rate)} | {_spread(by_cpu)}  (of {ref});"
                f"  p99 {_spread(p99, 1)} ms"
            )


def _redis_state(client: redis.Redis) -> str:
    """What Redis holds and has done so far: its memory, keys, and forks (each rewrites the
    append-only file; its cost grows with the data held, and the benchmark counts it), and
    the round's slowest call (wall clock: on a busy machine it includes time Redis waited
    for a core), since one long call holds up every client."""
    info = client.info()
    slow = client.slowlog_get(128)
    client.slowlog_reset()
    worst = max(slow, key=lambda e: e["duration"], default=None)
    slowest = "no call took 1 ms"
    if worst is not None:
        name = worst["command"].split(b" ", 1)[0].decode()
        slowest = (
            f"{len(slow)} calls of 1 ms or more, the slowest {name} "
            f"{worst['duration'] / 1000:.1f} ms"
        )
    return (
        f"{info['used_memory'] / 2**20:.0f} MiB in {client.dbsize()} keys; "
        f"{info['total_forks']} forks, the last taking {info['latest_fork_usec'] / 1000:.1f} ms "
        f"and copying {info['aof_last_cow_size'] / 2**20:.0f} MiB on write; append-only file "
        f"{info['aof_current_size'] / 2**20:.0f} MiB; {slowest}"
    )


def ratios(results: dict[str, dict[str, float]], name: str, ref: str) -> tuple[float, float]:
    """``name`` against its bare endpoint ``ref``: by throughput, and by CPU per request."""
    r, b = results[name], results[ref]
    return r["per_s"] / b["per_s"], b["cpu_ms"] / r["cpu_ms"]


def _spread(values: Sequence[float], digits: int = 2) -> str:
    return f"{median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def print_round(results: dict[str, dict[str, float]]) -> None:
    head = f"{'what':<30}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'CPU ms/req':>12}"
    print(head + f"{'of it Redis':>12}{'client':>9}{'count':>9}{'non-2xx':>9}")
    for name, m in results.items():
        print(
            f"{name:<30}{m['per_s']:>9.0f}{m['p50_ms']:>9.2f}{m['p99_ms']:>9.2f}"
            f"{m['cpu_ms']:>12.3f}{m['redis_ms']:>12.3f}{m['client_ms']:>9.3f}{m['n']:>9}"
            f"{m['errors']:>9}  {m['socket_errors']}"
        )
    print("ratio to the bare endpoint: throughput | bare CPU per request / this one's")
    for name, ref in RATIOS:
        by_rate, by_cpu = ratios(results, name, ref)
        print(f"  {name:<30} {by_rate:.2f} | {by_cpu:.2f}  (of {ref})")


if __name__ == "__main__":
    main()
