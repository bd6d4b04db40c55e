"""The application layer: create, view and move games, seats, the lobby, rematches and
bot turns to schedule, written against the ports it defines (:mod:`services.play.ports`)
with no Redis, RQ or Flask import.
"""
