"""Every game's renderer draws the states of a whole game, and names every kind of move it
met, without throwing: a renderer that throws falls back to the generic table on the
page, which no other test would notice."""

from __future__ import annotations

import random

import pytest

GAMES = {
    "overdrive": {},
    "composition": {"max_rounds": 2},
    "tempo-muse": {"round_limit": 6},
    "tour": {"mode": "versus"},
    "beat": {},
}
#: replay steps drawn per game (spread over the whole game) and per seat
SAMPLES = 12

DRAW_ALL = """async ([id, token, steps, kinds]) => {
  const {tableFor} = await import('/web/js/tables/index.js');
  const problems = [];
  const labels = {};
  for (const seat of [0, 1]) {
    let prev = null;
    for (const step of steps) {
      const r = await fetch(`/v1/games/${id}/replay/${step}?seat=${seat}`,
                            {headers: {Authorization: 'Bearer ' + token}});
      if (!r.ok) { problems.push(`step ${step}: HTTP ${r.status}`); continue; }
      const view = await r.json();
      const table = tableFor(view.game);
      const ctx = {view, seat, host: false, listing: {actions: [], forms: []}, act: () => {},
                   seatName: (s) => `Seat ${s}`, label: () => '', find: () => undefined};
      try {
        if (table.load) await table.load(view);
        const el = table.render(view, ctx);
        if (!el.classList.contains('table')) problems.push(`step ${step}: no table drawn`);
        for (const [type, action] of Object.entries(kinds)) {
          labels[type] = table.label(action, view);
        }
        // the story between two sampled states, and why a finished game ended
        if (prev && table.story) {
          const lines = table.story(prev, view, {who: (s) => `Seat ${s}`, label: () => ''});
          if (lines.some((l) => typeof l !== 'string' || /undefined|\\[object/.test(l))) {
            problems.push(`step ${step}: a story line is not words: ${lines}`);
          }
        }
        if (view.outcome && table.endText) table.endText(view.outcome, view);
        prev = view;
      } catch (e) {
        problems.push(`seat ${seat} step ${step}: ${e.message}`);
      }
    }
  }
  return {problems, labels};
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_state_of_a_game_is_drawn_and_every_move_named(new_page, client, game):
    created = client.post(
        "/v1/games", json={"game": game, "players": 2, "seed": 11, "options": GAMES[game]}
    ).get_json()
    game_id, token = created["id"], created["host_token"]
    host = {"Authorization": f"Bearer {token}"}
    rng = random.Random(game)
    kinds: dict[str, dict] = {}
    steps = 0
    while steps < 3000:
        listing = client.get(f"/v1/games/{game_id}/actions", headers=host).get_json()
        if not listing["actions"]:
            break
        for sa in listing["actions"]:
            kinds.setdefault(sa["action"]["type"], sa["action"])
        client.post(
            f"/v1/games/{game_id}/actions", json=rng.choice(listing["actions"]), headers=host
        )
        steps += 1
    assert client.get(f"/v1/games/{game_id}", headers=host).get_json()["status"] == "finished"
    sampled = sorted({round(k * steps / (SAMPLES - 1)) for k in range(SAMPLES)})
    page = new_page()
    page.goto("/")
    result = page.evaluate(DRAW_ALL, [game_id, token, sampled, kinds])
    assert result["problems"] == []
    # a move the renderer does not name would show as the generic "type · key value" text
    unnamed = {t: label for t, label in result["labels"].items() if not label or " · " in label}
    assert unnamed == {}
    assert page.js_errors == []
