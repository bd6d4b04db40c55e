// Tour: the band sheet (money, fans, van, crew, dice of the night) and the week's offers.
import { h, show, words } from "../dom.js";
import { card, row } from "./cards.js";
import { panel, stats } from "./generic.js";

export const drawn = ["offers", "sheets", "week", "band", "mode", "difficulty", "players", "finished", "seats_to_act", "you", "rival", "opponent", "headline_done"];

export function label(action, view) {
  switch (action.type) {
    case "choose_offer": {
      const offer = view?.offers?.find((o) => o.index === action.index);
      return `Book ${offer ? offer.name : `offer ${action.index + 1}`}`;
    }
    case "mechanic": return "Fix the van (mechanic)";
    case "restock": return `Restock ${action.pairs * 2} shirts ($${action.pairs})`;
    case "end_shopping": return "Done shopping";
    case "stage": return `Stage dice ${(action.dice || []).map((d) => d + 1).join(" and ")}${action.hype ? ` with ${action.hype} hype` : ""}`;
    case "roll": return "Roll the dice";
    default: return null;
  }
}

function sheet(s, i, ctx) {
  return h("section", { class: "area seat", "aria-label": `${ctx.seatName(i)}: band sheet` },
    h("h3", {}, `${ctx.seatName(i)}: band sheet`),
    stats([["cash", `$${s.cash}`], ["fans", s.fans], ["fame", s.fame], ["hype", s.hype], ["morale", s.morale], ["van", s.van], ["shirts", s.shirts], ["skill", s.skill], ["stars", s.stars], ["albums", s.albums], ["score", s.score], ["phase", s.phase && words(s.phase)]]),
    h("p", {}, "Crew: ", Object.entries(s.crew || {}).map(([k, v]) => h("span", { class: `chip${v ? "" : " off"}` }, `${words(k)}${v ? "" : " (not hired)"}`))),
    s.gig ? h("p", {}, `Tonight: ${words(s.gig)}${s.target !== null && s.target !== undefined ? `, target ${s.target}` : ""}${s.show !== null && s.show !== undefined ? `, show ${s.show}` : ""}${s.won === true ? ", won" : s.won === false ? ", lost" : ""}`) : null,
    (s.dice || []).length ? row(`${ctx.seatName(i)}: dice`, s.dice.map((d, k) => card({ top: String(d), sub: (s.staged || []).includes(k) ? "staged" : `die ${k + 1}`, title: `die ${k + 1} shows ${d}${(s.staged || []).includes(k) ? ", staged" : ""}`, kind: `die${(s.staged || []).includes(k) ? " selected" : ""}` }))) : null);
}

export function render(view, ctx) {
  return h("div", { class: "table tour" },
    panel(`${show(view.band)} on tour`, stats([["week", `${view.week} of 12`], ["mode", view.mode], ["difficulty", view.difficulty]])),
    panel("Offers this week", (view.offers || []).length ? h("div", { class: "offers" }, view.offers.map((o) => {
      const sa = ctx.find((a) => a.type === "choose_offer" && a.index === o.index);
      return card({
        top: o.name, sub: `${o.tier} · target ${o.target} · $${o.cash} · fame ${o.fame} · fans ${o.fans}`,
        title: `${o.name}: ${o.tier}, target ${o.target}, pays $${o.cash}, fame ${o.fame}, fans ${o.fans}${sa ? ", book it" : ""}`,
        kind: "offer", onplay: sa ? () => ctx.act(sa) : undefined,
      });
    })) : h("p", { class: "muted" }, "No offers right now.")),
    h("div", { class: "seats" }, (view.sheets || []).map((s, i) => sheet(s, i, ctx))),
    view.rival ? panel("Rival", stats(Object.entries(view.rival).filter(([, v]) => typeof v !== "object"))) : null);
}

export function turn(view) {
  return Array.isArray(view.seats_to_act) ? view.seats_to_act : [];
}
