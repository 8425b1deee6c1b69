// The demo page: a RegionRouter, sample sessions, and controls. Every change goes through the
// router's own API (which validates it: a rejected change shows its error and changes nothing); then
// the ring is redrawn, shares come from router.shares(), the key space that moved from movement(),
// and the sample sessions whose route changed are counted and ringed. The dialect selector and its
// option inputs rebuild the ring as `new RegionRouter({ compatibleWith, ...options })`.
import { movement, RegionRouter, type Movement, type RouterOptions } from "region-router";
import { dialect, DIALECTS, optionRules, type DialectName } from "../src/dialects.js";
import { placeKey, ringGeometry, type PlacedKey } from "./ring-model.js";
import { colourOf, drawRing, type DrawnSession } from "./ring-view.js";

const INITIAL_REGIONS: [string, number][] = [
  ["us-east", 3],
  ["eu-west", 2],
  ["ap-south", 1],
];
const INITIAL_VNODES_PER_WEIGHT = 10;
const MAX_SAMPLES = 2000;

const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T;
const svg = $<SVGSVGElement>("#ring");
const tableBody = $<HTMLTableSectionElement>("#regions tbody");
const movedText = $<HTMLParagraphElement>("#moved");
const errorText = $<HTMLParagraphElement>("#error");
const addForm = $<HTMLFormElement>("#add-region");
const samplesInput = $<HTMLInputElement>("#samples");
const dialectSelect = $<HTMLSelectElement>("#compatible-with");
const optionsBox = $<HTMLDivElement>("#dialect-options");
const dialectNote = $<HTMLParagraphElement>("#dialect-note");

/** Each option's label; its input's id is the option in kebab-case (#vnodes-per-weight, #vnode-count). */
const OPTION_LABELS: Record<string, string> = {
  vnodesPerWeight: "virtual nodes per weight",
  replicas: "replicas",
  vnodes: "vnodes",
  vnodeCount: "vnode count",
};
const idOf = (option: string) => option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

interface Sample extends PlacedKey {
  readonly id: string;
}

let router = new RegionRouter({ vnodesPerWeight: INITIAL_VNODES_PER_WEIGHT });
let samples: Sample[] = [];
let routes = new Map<string, string | null>();
let moved = new Set<string>();

const percent = (fraction: number) => `${(100 * fraction).toFixed(1)}%`;

/** The router's dialect name and options, as its `options` getter gives them. */
function dialectOf(of: RegionRouter): { name: DialectName; options: Record<string, number> } {
  const { compatibleWith, ...options } = of.options as { compatibleWith: DialectName } & Record<string, number>;
  return { name: compatibleWith, options };
}

/** A number field's value; NaN (which the router rejects) when the field is empty, where Number("") is 0. */
function numberIn(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** A new router of `options` with the current router's regions and weights, in order. */
function rebuilt(options: RouterOptions): () => RegionRouter {
  return () => {
    const next = new RegionRouter(options);
    next.addRegions(router.weights());
    return next;
  };
}

/** movement(before, after) as text; a sampled estimate says so. */
function keySpaceMoved(before: RegionRouter, after: RegionRouter): string {
  const result: Movement & { exact?: boolean; standardError?: number } = movement(before, after);
  const about = result.exact === false ? "≈" : "";
  const largest = result.flows
    .slice(0, 3)
    .map(({ from, to, fraction }) => `${from ?? "nowhere"} → ${to ?? "nowhere"} ${about}${percent(fraction)}`)
    .join(", ");
  return `${about}${percent(result.moved)} of the key space moved${largest ? ` (${largest}${result.flows.length > 3 ? ", …" : ""})` : ""}`;
}

function makeSamples(count: number): Sample[] {
  return Array.from({ length: count }, (_, i) => ({ id: `session-${i}`, ...placeKey(`session-${i}`) }));
}

function routeSamples(): Map<string, string | null> {
  return new Map(samples.map(({ id }) => [id, router.route(id)]));
}

/**
 * Make the next router from a copy of the current one (so a change that throws leaves the current
 * one untouched), then show what moved. `describe` names the change.
 */
function change(describe: string, next: () => RegionRouter): void {
  let after: RegionRouter;
  try {
    after = next();
  } catch (error) {
    errorText.textContent = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    render();
    return;
  }
  errorText.textContent = "";
  const before = { router, routes };
  router = after;
  routes = routeSamples();
  moved = new Set(samples.filter(({ id }) => before.routes.get(id) !== routes.get(id)).map(({ id }) => id));
  movedText.textContent =
    `${describe}: ${moved.size} of ${samples.length} sample sessions moved (${percent(moved.size / samples.length)}); ` +
    `${keySpaceMoved(before.router, router)}.`;
  render();
}

/** A copy of the current router with one edit applied. */
function edited(edit: (copy: RegionRouter) => void): () => RegionRouter {
  return () => {
    const copy = router.clone();
    edit(copy);
    return copy;
  };
}

function render(): void {
  const geometry = ringGeometry(router);
  const sessions: DrawnSession[] = samples.map(({ id, turn, point, spread }) => ({
    id,
    turn: geometry.points ? point : turn,
    spread,
    region: routes.get(id) ?? null,
    moved: moved.has(id),
  }));
  const { name, options } = dialectOf(router);
  const names = dialect(name, options)
    .names([...router.weights().values()])
    .reduce((sum, count) => sum + count, 0);
  drawRing(svg, geometry, sessions, geometry.points ? `${names} virtual nodes, ${geometry.vnodes.length} points` : `${names} virtual nodes`);
  renderTable();
  renderDialect();
}

/** The selector shows the router's dialect; one input per option of it, holding the router's value. */
function renderDialect(): void {
  const { name, options } = dialectOf(router);
  dialectSelect.value = name;
  const rules = optionRules(name);
  const inputs = Object.entries(options).map(([option, value]) => {
    const label = document.createElement("label");
    label.className = "row";
    label.dataset.option = option;
    label.textContent = OPTION_LABELS[option] ?? option;
    label.title = rules[option].doc;
    const input = document.createElement("input");
    input.id = idOf(option);
    input.type = "number";
    input.min = "1";
    input.max = String(rules[option].max);
    input.step = "1";
    input.value = String(value);
    input.addEventListener("change", () =>
      change(`${OPTION_LABELS[option] ?? option} ${value} → ${input.value}`, rebuilt({ ...router.options, [option]: numberIn(input.value) } as RouterOptions)),
    );
    label.append(" ", input);
    return label;
  });
  optionsBox.replaceChildren(...inputs);
  const { scheme } = dialect(name, options);
  const after = scheme.strict ? "after" : "at or after";
  dialectNote.textContent =
    scheme.points === 0
      ? `Each virtual node is one position, its name's MD5; a session goes to the first position ${after} its id's MD5.`
      : `Each virtual node is ${scheme.points} points, 32-bit words of its name's MD5; a session goes to the first point ${after} the first 32 bits of its id's MD5.`;
}

function renderTable(): void {
  const weights = router.weights();
  const shares = router.shares();
  const totalWeight = [...weights.values()].reduce((sum, w) => sum + w, 0);
  const sessionCounts = new Map<string, number>();
  for (const region of routes.values()) if (region !== null) sessionCounts.set(region, (sessionCounts.get(region) ?? 0) + 1);
  const rows = [...weights].map(([region, weight]) => {
    const row = document.createElement("tr");
    row.dataset.region = region;
    const ringShare = shares.get(region) ?? 0;
    row.innerHTML = `
      <td><span class="swatch" style="background:${colourOf(region)}"></span></td>
      <td class="name"></td>
      <td><input class="weight" type="number" min="0" step="1" /></td>
      <td class="weight-share">${percent(totalWeight > 0 ? weight / totalWeight : 0)}</td>
      <td class="ring-share">${percent(ringShare)}<span class="bar" style="width:${Math.round(120 * ringShare)}px;background:${colourOf(region)}"></span></td>
      <td class="sessions">${sessionCounts.get(region) ?? 0}</td>
      <td><button class="remove" type="button">Remove</button></td>`;
    row.querySelector(".name")!.textContent = region;
    const input = row.querySelector<HTMLInputElement>(".weight")!;
    input.value = String(weight);
    input.setAttribute("aria-label", `weight of ${region}`);
    input.addEventListener("change", () =>
      change(`${region} weight ${weight} → ${input.value}`, edited((copy) => copy.addRegion(region, numberIn(input.value)))),
    );
    row.querySelector(".remove")!.addEventListener("click", () => change(`removed ${region}`, edited((copy) => copy.removeRegion(region))));
    return row;
  });
  tableBody.replaceChildren(...rows);
}

addForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const data = new FormData(addForm);
  const region = String(data.get("region"));
  const weight = numberIn(String(data.get("weight") ?? ""));
  change(`added ${region} (weight ${weight})`, edited((copy) => copy.addRegion(region, weight)));
  if (!errorText.textContent) addForm.reset();
});

dialectSelect.replaceChildren(...DIALECTS.map((name) => new Option(name, name)));
dialectSelect.addEventListener("change", () => {
  const name = dialectSelect.value as DialectName;
  // A new dialect starts from its own defaults.
  change(`compatible with ${dialectOf(router).name} → ${name}`, rebuilt({ compatibleWith: name } as RouterOptions));
});

samplesInput.addEventListener("change", () => {
  const count = numberIn(samplesInput.value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_SAMPLES) {
    errorText.textContent = `sample sessions must be an integer from 1 to ${MAX_SAMPLES}, not ${samplesInput.value}`;
    return;
  }
  errorText.textContent = "";
  samples = makeSamples(count);
  routes = routeSamples();
  moved = new Set();
  movedText.textContent = "";
  render();
});

samples = makeSamples(Number(samplesInput.value));
for (const [region, weight] of INITIAL_REGIONS) router.addRegion(region, weight);
routes = routeSamples();
render();
document.body.dataset.ready = "true";
