"""The store's Lua scripts, read once from the package's ``lua/`` files.

Each file says what its KEYS and ARGV are and what it returns.  A write of a game hash
opens with the compare-and-set of ``cas.lua``, so those scripts are that snippet followed
by their own body; the limits-and-commit script wraps the limiter's and the commit's as
functions of their own keys and arguments, so every rule is written once.
"""

from __future__ import annotations

from importlib.resources import files


def _text(name: str) -> str:
    return files("services.store").joinpath("lua", name).read_text(encoding="utf-8")


#: the compare-and-set every write of a game hash opens with (resends are harmless)
CAS_LUA = _text("cas.lua")
#: a move: the compare-and-set, the state, the log, the events, the notification
COMMIT_LUA = CAS_LUA + _text("commit.lua")
#: a game's hash, or 1 when the caller's copy of it is still the stored one
READ_IF_CHANGED_LUA = _text("read_if_changed.lua")
#: the rate limits' moving windows, and once admitted optionally a game's hash
MOVING_WINDOW_LUA = (
    "local function read(KEYS, ARGV)\n" + READ_IF_CHANGED_LUA + "end\n" + _text("moving_window.lua")
)
#: a move admitted through its limits in the same script (``GameStore.commit``)
LIMITS_AND_COMMIT_LUA = (
    _text("limits_and_commit.lua")
    .replace("--[[moving_window]]", MOVING_WINDOW_LUA)
    .replace("--[[commit]]", COMMIT_LUA)
)
#: a seat change: the compare-and-set, the seats and seating, the event, the notification
SEAT_CHANGE_LUA = CAS_LUA + _text("seat_change.lua")
#: the link from a game to its rematch, set once
REMATCH_LUA = _text("rematch.lua")
#: a game the service ends (a resignation)
END_GAME_LUA = CAS_LUA + _text("end_game.lua")
#: a game's clock timer set for its version (dropped once the game is over)
CLOCK_ARM_LUA = _text("clock_arm.lua")
#: a game's clock timer dropped while it is still for a given version
CLOCK_RELEASE_LUA = _text("clock_release.lua")
#: the due members of a deadlines set, each pushed on to a new deadline as it is claimed
DUE_CLAIM_LUA = _text("due_claim.lua")
#: a bot turn's lease renewed while it still names its job
LEASE_RENEW_LUA = _text("lease_renew.lua")
#: a bot turn's lease dropped while it still names its job
LEASE_RELEASE_LUA = _text("lease_release.lua")
