"""Where a view's and a move's CPU goes: the WSGI app called in-process, no HTTP client.

Builds the product's app on a private key prefix of the Redis at ``REDIS_URL`` (default
127.0.0.1:6379), rate limits on (set far above the load), and calls the WSGI callable
directly with a ready environ, so only the server side is measured.  Prints the CPU per
request (``time.process_time``) of a bare Flask GET and POST (``bare_app.py``), a tour view
(host token), a Beat view (seat token) and Beat moves (play, take back), and the ratio of
each to its bare baseline.  With ``--profile NAME`` it runs that scenario under cProfile
(CPU clock) and prints the top of the profile by package and by function.  The Redis
server's own CPU is not counted here (``request_path.py`` counts it).  It asserts nothing;
its keys are deleted at the end.

    .venv/bin/python benchmarks/request_path_profile.py [--n 5000] [--rounds 5] [--profile move]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import orjson
import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from api.app import create_app  # noqa: E402
from api.config import Settings  # noqa: E402

Call = Callable[[], bytes]


def wsgi_caller(app, method: str, path: str, token: str | None, body: bytes = b"") -> Call:
    """A function that sends one request to ``app`` and returns its status line."""
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    if body:
        headers |= {"CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body))}

    def call() -> bytes:
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "10.1.2.3",
            "HTTP_HOST": "127.0.0.1:8000",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            **headers,
        }
        status = []
        out = b"".join(app(environ, lambda s, h, e=None: status.append(s)))
        if not status[0].startswith(("200", "201", "304")):
            raise RuntimeError(f"{method} {path}: {status[0]} {out[:300]!r}")
        return out

    return call


def alternate(*calls: Call) -> Call:
    at = [0]

    def call() -> bytes:
        at[0] += 1
        return calls[(at[0] - 1) % len(calls)]()

    return call


def cpu_ms_per_call(call: Call, n: int) -> float:
    for _ in range(min(100, n)):
        call()
    t0 = time.process_time()
    for _ in range(n):
        call()
    return (time.process_time() - t0) * 1000 / n


def by_package(stats: pstats.Stats) -> list[tuple[str, float]]:
    """Self time per package (the first folder under site-packages, or ours)."""
    total: dict[str, float] = defaultdict(float)
    for (path, _, _), (_, _, tt, _, _) in stats.stats.items():
        if "site-packages/" in path:
            name = path.split("site-packages/")[1].split("/")[0].removesuffix(".py")
        elif path.startswith(str(ROOT)):
            name = "ours: " + Path(path).relative_to(ROOT).parts[0]
        elif path == "~":
            name = "C built-ins"
        else:
            name = "stdlib"
        total[name] += tt
    whole = sum(total.values())
    return sorted(((k, v / whole) for k, v in total.items()), key=lambda kv: -kv[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000, help="requests per scenario")
    parser.add_argument("--profile", help="profile this scenario (a name printed below)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()

    tag = uuid.uuid4().hex[:8]
    settings = Settings(
        redis_url=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        prefix=f"bench-profile-{tag}:",
        queue=f"bench-profile-{tag}",
        rate_limit_address="100000000/minute",
        rate_limit_token="100000000/minute",
        fast_path=Settings.from_env().fast_path,  # FAST_PATH=0: every request through Flask
    )
    print(f"fast path {'on' if settings.fast_path else 'off'}")
    app = create_app(settings)
    import bare_app

    bare = bare_app.app

    def create(game: str, players: int, options: dict, seed: int) -> dict:
        body = orjson.dumps({"game": game, "players": players, "options": options, "seed": seed})
        return orjson.loads(wsgi_caller(app, "POST", "/v1/games", None, body)())

    try:
        tour = create("tour", 1, {"mode": "solo"}, 7)
        beat = create("beat", 2, {}, 100)
        bpath = f"/v1/games/{beat['id']}"
        btoken = beat["seat_tokens"][0]
        listing = orjson.loads(wsgi_caller(app, "GET", bpath + "/actions", btoken)())
        play = next(a["action"] for a in listing["actions"] if a["action"]["type"] == "play")
        echo = orjson.dumps({"action": {"type": "play", "card": "s0-1b"}})
        scenarios: dict[str, Call] = {
            "bare GET": wsgi_caller(bare, "GET", "/bare", None),
            "bare POST": wsgi_caller(bare, "POST", "/echo", None, echo),
            "view": wsgi_caller(app, "GET", f"/v1/games/{tour['id']}", tour["host_token"]),
            "view beat": wsgi_caller(app, "GET", bpath, btoken),
            "move": alternate(
                wsgi_caller(
                    app, "POST", bpath + "/actions", btoken, orjson.dumps({"action": play})
                ),
                wsgi_caller(
                    app,
                    "POST",
                    bpath + "/actions",
                    btoken,
                    orjson.dumps({"action": {"type": "take_back"}}),
                ),
            ),
        }
        if args.profile:
            call = scenarios[args.profile]
            for _ in range(200):
                call()
            prof = cProfile.Profile(time.process_time)
            prof.enable()
            for _ in range(args.n):
                call()
            prof.disable()
            stats = pstats.Stats(prof)
            calls = stats.total_calls / args.n
            print(f"{args.profile}: {calls:.0f} Python function calls per request")
            print(f"{args.profile}: share of CPU (self time) by package")
            for name, share in by_package(stats):
                if share >= 0.005:
                    print(f"  {share:6.1%}  {name}")
            if os.environ.get("PROFILE_CALLERS"):
                stats.print_callers(os.environ["PROFILE_CALLERS"])
            stats.sort_stats("cumulative").print_stats(args.top)
            stats.sort_stats("tottime").print_stats(args.top)
            return
        # rounds of every scenario in turn; the least CPU of a round is the figure (other
        # work on a shared machine only ever adds to it)
        rounds: dict[str, list[float]] = defaultdict(list)
        for _ in range(args.rounds):
            for name, call in scenarios.items():
                rounds[name].append(cpu_ms_per_call(call, args.n // args.rounds))
        results = {name: min(v) for name, v in rounds.items()}
        print(
            f"in-process CPU per request, least of {args.rounds} rounds of "
            f"{args.n // args.rounds} requests (Redis server not counted)"
        )
        for name, ms in results.items():
            ref = "bare POST" if name == "move" else "bare GET"
            ratio = "" if name.startswith("bare") else f"  bare/this {results[ref] / ms:.2f}"
            print(f"  {name:<12}{ms:8.3f} ms{ratio}")
    finally:
        client = redis.Redis.from_url(settings.redis_url)
        for key in client.scan_iter(match=f"{settings.prefix}*", count=1000):
            client.delete(key)


if __name__ == "__main__":
    main()
