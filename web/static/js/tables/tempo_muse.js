// Tempo Muse: each seat's Studio (the Muses played, their tokens and values) and the hand.
import { h, words } from "../dom.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export const drawn = ["studios", "hand", "hand_counts", "deck_count", "discard", "round", "round_limit", "phase", "to_act", "first_player", "cycled", "cycle_pending", "offsets_allowed"];

export function label(action) {
  switch (action.type) {
    case "play": return `Play ${action.card}${action.payment ? `, paying ${[].concat(action.payment).join(" + ")}` : ""}`;
    case "discard": return `Discard ${action.card}`;
    case "cycle": return `Cycle ${action.count} card${action.count > 1 ? "s" : ""}`;
    case "pass": return "Pass";
    default: return null;
  }
}

export function render(view, ctx) {
  const studios = view.studios || [];
  const hand = Array.isArray(view.hand) ? view.hand : null;
  return h("div", { class: "table tempo" },
    panel("Round", stats([["round", `${view.round} of ${view.round_limit}`], ["phase", view.phase && words(view.phase)], ["deck", view.deck_count], ["discard", (view.discard || []).join(", ") || "empty"]])),
    h("div", { class: "seats" }, studios.map((studio, seat) => h("section", { class: "area seat", "aria-label": `${ctx.seatName(seat)}: Studio` },
      h("h3", {}, `${ctx.seatName(seat)}: Studio`),
      row(`${ctx.seatName(seat)}: Studio`, studio.map((m) => card({
        top: String(m.value), sub: m.name, kind: `muse${m.duplex ? " duplex" : ""}`,
        title: `position ${m.position}: ${m.name}, value ${m.value}, now ${m.current_value}, ${m.tokens} tokens`,
      }))),
      stats([["cards in hand", view.hand_counts?.[seat]]])))),
    hand ? panel("Your hand", row("Your hand", hand.map((v) => {
      const sa = ctx.find((a) => a.type === "play" && a.card === v);
      return card({ top: String(v), title: `Muse ${v}${sa ? ", play it" : ""}`, kind: "muse", onplay: sa ? () => ctx.act(sa) : undefined });
    }))) : null);
}

export function turn(view) {
  return Number.isInteger(view.to_act) ? [view.to_act] : [];
}
