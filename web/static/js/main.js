// The page's router: #/ lobby, #/g/{id} table, #/join/{id}/{seat}, #/replay/{id}, #/puzzle.
import { h, fill } from "./dom.js";
import { join, lobby } from "./lobby.js";
import { puzzle } from "./puzzle.js";
import { replay } from "./replay.js";
import { table } from "./table.js";

const main = document.getElementById("main");
let cleanup = null;

function parse(hash) {
  const [path, query = ""] = hash.replace(/^#/, "").split("?");
  return { parts: path.split("/").filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(query) };
}

async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  for (const key of ["version", "status", "game"]) delete main.dataset[key];
  const { parts, params } = parse(location.hash || "#/");
  try {
    if (parts[0] === "g" && parts[1]) cleanup = await table(main, parts[1], params);
    else if (parts[0] === "join" && parts[1]) await join(main, parts[1], Number(parts[2] || 0), params);
    else if (parts[0] === "replay" && parts[1]) await replay(main, parts[1], params);
    else if (parts[0] === "puzzle") await puzzle(main, params);
    else await lobby(main);
  } catch (err) {
    fill(main, h("h1", {}, "Something went wrong"), h("p", { class: "error", role: "alert" }, err.message || String(err)),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
  }
}

// after a navigation, keyboard and screen-reader users start at the new page's heading
window.addEventListener("hashchange", async () => {
  await route();
  const heading = main.querySelector("h1");
  if (heading && !main.contains(document.activeElement)) {
    heading.tabIndex = -1;
    heading.focus();
  }
});
route();
