"""Two bots in separate processes find each other through the lobby and play whole games
from their streams alone (examples/random_bot.py over real HTTP, two API processes).

The host bot creates a listed game with every seat open and claims some seats; the
other lists the lobby, claims the seat left and both play random legal actions,
moving only when a pushed view says something changed.  The game must finish, both
must see the same outcome, and their moves together must be the whole log.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest
from live_stack import ROOT, api_servers

from greenroom.client import Client

BOT = str(ROOT / "examples" / "random_bot.py")


@pytest.fixture(scope="module")
def lobby_servers(settings, app):
    # a key prefix of its own, so the lobby holds only this module's games
    own = dataclasses.replace(settings, prefix=f"{settings.prefix}e2e:")
    with api_servers(own, 2) as bases:
        yield bases


def bot(base: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, BOT, base, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize(
    ("game", "players", "options", "host_seats"),
    [
        ("beat", 3, {"venue": "garage"}, ["0", "2"]),
        ("composition", 2, {}, ["0"]),
    ],
)
def test_two_bot_processes_list_join_and_play_to_the_end(
    lobby_servers, game, players, options, host_seats
):
    a_base, b_base = lobby_servers
    host = bot(a_base, "--create", str(players), "--game", game, "--options", json.dumps(options),
               "--seed", "21", "--seats", *host_seats, "--rng", "1", "--name", "host")  # fmt: skip
    joined = json.loads(host.stdout.readline())
    listed = Client(b_base).lobby(game)
    (entry,) = [e for e in listed["games"] if e["id"] == joined["game_id"]]
    assert entry["open_seats"] == [s for s in range(players) if str(s) not in host_seats]
    guest = bot(b_base, "--game", game, "--rng", "2", "--name", "guest")
    guest_result, host_result = finish(guest), finish(host)

    gid = joined["game_id"]
    assert guest_result["game_id"] == gid
    assert host_result["outcome"] is not None
    assert guest_result["outcome"] == host_result["outcome"]
    spectator = Client(a_base).view(gid)
    assert spectator["status"] == "finished"
    assert spectator["outcome"] == host_result["outcome"]
    log = Client(a_base).log(gid)["entries"]
    # every accepted move came from one of the two bots, reacting to its stream
    assert host_result["moves"] + guest_result["moves"] == len(log)
    assert {e["seat"] for e in log} == set(range(players))
