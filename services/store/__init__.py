"""The Redis adapters of the play layer's ports: games, seats and the lobby, fan-out,
liveness, tickets, the puzzle archive, the connection plumbing; every key name in
:mod:`services.store.keys`, every Lua script in ``lua/``.
"""
