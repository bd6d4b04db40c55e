// A form from an options JSON schema (the catalog's), and the options object it yields.
import { h, words } from "./dom.js";

let uid = 0;

function types(schema) {
  const t = schema.type;
  if (Array.isArray(t)) return t;
  if (t) return [t];
  if (schema.enum) return ["enum"];
  return ["json"];
}

/** One labelled control for a property; returns {el, read()} (read() -> value or undefined). */
function control(name, schema) {
  const id = `opt-${name}-${++uid}`;
  const kinds = types(schema);
  const hint = schema.description ? h("small", { class: "muted", id: `${id}-d` }, schema.description) : null;
  const described = hint ? `${id}-d` : undefined;
  const label = h("label", { for: id }, words(name));
  let input;
  let read;
  if (schema.enum) {
    input = h("select", { id, name, "aria-describedby": described },
      h("option", { value: "" }, schema.default !== undefined ? `default (${schema.default})` : "default"),
      schema.enum.map((v) => h("option", { value: JSON.stringify(v) }, String(v))));
    read = () => (input.value === "" ? undefined : JSON.parse(input.value));
  } else if (kinds.length === 1 && kinds[0] === "boolean") {
    input = h("select", { id, name, "aria-describedby": described },
      h("option", { value: "" }, schema.default !== undefined ? `default (${schema.default ? "yes" : "no"})` : "default"),
      h("option", { value: "true" }, "yes"),
      h("option", { value: "false" }, "no"));
    read = () => (input.value === "" ? undefined : input.value === "true");
  } else if (kinds.length === 1 && kinds[0] === "integer") {
    input = h("input", {
      id, name, type: "number", inputmode: "numeric", step: 1,
      min: schema.minimum, max: schema.maximum, placeholder: schema.default ?? "",
      "aria-describedby": described,
    });
    read = () => (input.value === "" ? undefined : Number.parseInt(input.value, 10));
  } else if (kinds.length === 1 && kinds[0] === "array" && schema.items?.type === "string") {
    input = h("input", { id, name, type: "text", placeholder: "comma-separated", "aria-describedby": described });
    read = () => {
      const parts = input.value.split(",").map((s) => s.trim()).filter(Boolean);
      return parts.length ? parts : undefined;
    };
  } else if (kinds.every((k) => ["string", "integer", "number"].includes(k))) {
    input = h("input", { id, name, type: "text", maxlength: schema.maxLength, "aria-describedby": described });
    read = () => {
      const v = input.value.trim();
      if (v === "") return undefined;
      if (!kinds.includes("string") || (kinds.includes("integer") && /^-?\d+$/.test(v))) return Number(v);
      return v;
    };
  } else {
    // objects, unions with arrays or booleans: JSON typed by the user
    input = h("textarea", { id, name, rows: 2, placeholder: "JSON", "aria-describedby": described });
    read = () => {
      const v = input.value.trim();
      if (v === "") return undefined;
      if (v === "true" || v === "false") return v === "true";
      return JSON.parse(v);
    };
  }
  return { el: h("div", { class: "field" }, label, input, hint), read, input };
}

/** Build the controls of ``schema`` into ``container``; returns read() -> options object. */
export function schemaForm(container, schema) {
  const fields = Object.entries(schema?.properties || {}).map(([name, prop]) => [name, control(name, prop)]);
  for (const [, c] of fields) container.appendChild(c.el);
  return {
    read() {
      const options = {};
      for (const [name, c] of fields) {
        let value;
        try {
          value = c.read();
        } catch {
          throw new Error(`${words(name)}: not valid JSON`);
        }
        if (value !== undefined) options[name] = value;
      }
      return options;
    },
    input(name) {
      return fields.find(([n]) => n === name)?.[1].input;
    },
  };
}
