"""A bot that joins an open seat and plays random legal actions from the game's stream.

    python examples/random_bot.py http://127.0.0.1:8000 --game beat
    python examples/random_bot.py http://127.0.0.1:8000 --create 3 --game beat \
        --options '{"venue": "garage"}' --seats 0 1      # host a game, play two seats

It never polls: every move is a reaction to a pushed ``view`` event.  When its
seat can act it asks for its legal actions and posts one at random with
``If-Match`` (the version it saw); a 412 or 422 means someone moved first, and
the next pushed view says what to do.  It prints a JSON line once its seats are
claimed (``{"game_id", "joined"}``) and one at the end (``{"game_id", "seats",
"moves", "outcome"}``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading

from greenroom.client import Client, GreenroomError, Player


def play(player: Player, rng: random.Random, moves: list[int], result: dict) -> None:
    """Play ``player``'s seat until the game ends; counts its accepted moves."""
    for event in player.stream():
        if event.event == "end":
            result["outcome"] = event.data.get("outcome")
            result["end"] = event.data
            return
        for _attempt in range(5):
            listing = player.actions()
            if not listing["actions"]:
                break
            step = rng.choice(listing["actions"])
            try:
                player.act(step["action"], version=listing["version"])
                moves[0] += 1
                break
            except GreenroomError as err:
                if err.code in ("version_conflict", "seats_open") or err.status == 412:
                    break  # someone moved first: the stream brings the next view
                if err.status != 422:
                    raise


def find_open_seat(client: Client, game: str | None) -> tuple[str, int]:
    page = client.lobby(game)
    for entry in page["games"]:
        if entry["open_seats"]:
            return entry["id"], entry["open_seats"][0]
    raise SystemExit(f"no listed {game or ''} game has an open seat")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base_url")
    parser.add_argument("--game", help="the kind of game to look for (or to create)")
    parser.add_argument("--game-id", help="join this game instead of one from the lobby")
    parser.add_argument("--create", type=int, metavar="PLAYERS", help="host a listed game")
    parser.add_argument("--options", type=json.loads, default={})
    parser.add_argument("--seed", type=int)
    parser.add_argument("--seats", type=int, nargs="*", help="seats to claim (default: one)")
    parser.add_argument("--name", default="random-bot")
    parser.add_argument("--rng", type=int, default=None, help="seed of the bot's choices")
    args = parser.parse_args(argv)

    client = Client(args.base_url)
    if args.create:
        if not args.game:
            parser.error("--create needs --game")
        created = client.create(
            args.game, args.create, options=args.options, seed=args.seed, open_seats=True,
            listed=True,
        )  # fmt: skip
        game_id = created.id
        seats = args.seats if args.seats else [0]
    elif args.game_id:
        game_id = args.game_id
        seats = args.seats if args.seats else [0]
    else:
        game_id, first = find_open_seat(client, args.game)
        seats = args.seats if args.seats else [first]

    # one connection pool per seat: each seat's thread streams and moves on its own
    players = []
    for s in seats:
        claimed = client.join(game_id, s, f"{args.name}-{s}")
        players.append(Client(args.base_url).player(game_id, claimed.token, s))
    # the seats are taken: whoever reads this line may look for the ones still open
    print(json.dumps({"game_id": game_id, "joined": seats}), flush=True)
    rng = random.Random(args.rng)
    moves = [0]
    results = [{} for _ in players]
    threads = [
        threading.Thread(target=play, args=(p, random.Random(rng.random()), moves, r), daemon=True)
        for p, r in zip(players, results)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcome = next((r.get("outcome") for r in results if "outcome" in r), None)
    print(json.dumps({"game_id": game_id, "seats": seats, "moves": moves[0], "outcome": outcome}))
    for p in players:
        p.client.close()
    client.close()


if __name__ == "__main__":
    sys.exit(main())
