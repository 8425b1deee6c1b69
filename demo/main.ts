// The demo page: a RegionRouter, sample sessions, and controls. Every change goes through the
// router's own API (which validates it: a rejected change shows its error and changes nothing); then
// the ring is redrawn, shares come from router.shares(), the key space that moved from movement(),
// and the sample sessions whose route changed are counted and ringed.
import { movement, RegionRouter } from "region-router";
import { placeKey, ringGeometry } from "./ring-model.js";
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
const vnodesInput = $<HTMLInputElement>("#vnodes-per-weight");

interface Sample {
  readonly id: string;
  readonly turn: number;
  readonly spread: number;
}

let router = new RegionRouter({ vnodesPerWeight: INITIAL_VNODES_PER_WEIGHT });
let samples: Sample[] = [];
let routes = new Map<string, string | null>();
let moved = new Set<string>();

const percent = (fraction: number) => `${(100 * fraction).toFixed(1)}%`;

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
  const { moved: keySpace, flows } = movement(before.router, router);
  const largest = flows
    .slice(0, 3)
    .map(({ from, to, fraction }) => `${from ?? "nowhere"} → ${to ?? "nowhere"} ${percent(fraction)}`)
    .join(", ");
  movedText.textContent =
    `${describe}: ${moved.size} of ${samples.length} sample sessions moved (${percent(moved.size / samples.length)}); ` +
    `${percent(keySpace)} of the key space moved${largest ? ` (${largest}${flows.length > 3 ? ", …" : ""})` : ""}.`;
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
  const sessions: DrawnSession[] = samples.map(({ id, turn, spread }) => ({ id, turn, spread, region: routes.get(id) ?? null, moved: moved.has(id) }));
  drawRing(svg, ringGeometry(router), sessions);
  renderTable();
  vnodesInput.value = String(router.vnodesPerWeight);
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
      change(`${region} weight ${weight} → ${input.value}`, edited((copy) => copy.addRegion(region, Number(input.value)))),
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
  const weight = Number(data.get("weight"));
  change(`added ${region} (weight ${weight})`, edited((copy) => copy.addRegion(region, weight)));
  if (!errorText.textContent) addForm.reset();
});

vnodesInput.addEventListener("change", () => {
  const vnodesPerWeight = Number(vnodesInput.value);
  change(`virtual nodes per weight ${router.vnodesPerWeight} → ${vnodesInput.value}`, () => {
    const next = new RegionRouter({ vnodesPerWeight });
    for (const [region, weight] of router.weights()) next.addRegion(region, weight);
    return next;
  });
});

samplesInput.addEventListener("change", () => {
  const count = Number(samplesInput.value);
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
