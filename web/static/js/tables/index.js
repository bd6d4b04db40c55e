// Which table renders which game; unknown games get the generic one.
import * as beat from "./beat.js";
import * as composition from "./composition.js";
import * as generic from "./generic.js";
import * as overdrive from "./overdrive.js";
import * as tempoMuse from "./tempo_muse.js";
import * as tour from "./tour.js";

const TABLES = { beat, composition, overdrive, "tempo-muse": tempoMuse, tour };

/** {render(view, ctx), label?(action, view), turn?(view)} for a game id. */
export function tableFor(game) {
  return TABLES[game] || generic;
}
