// The demo page: a RegionRouter, a set of sample sessions, and controls. Every change is applied to
// the router (which validates it: a rejected change shows its error and changes nothing), then the
// ring is redrawn and the sessions whose route changed are counted and ringed.
import { RegionRouter } from "region-router";
import { changedFraction, positionOf, ringGeometry, turnOf, type RingGeometry } from "./ring-model.js";
import { colourOf, drawRing, type DrawnSession } from "./ring-view.js";

const INITIAL_REGIONS: [string, number][] = [
  ["us-east", 30],
  ["eu-west", 20],
  ["ap-south", 10],
];

const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T;
const svg = $<SVGSVGElement>("#ring");
const tableBody = $<HTMLTableSectionElement>("#regions tbody");
const movedText = $<HTMLParagraphElement>("#moved");
const errorText = $<HTMLParagraphElement>("#error");
const addForm = $<HTMLFormElement>("#add-region");
const samplesInput = $<HTMLInputElement>("#samples");

interface Sample {
  readonly id: string;
  readonly turn: number;
  readonly spread: number;
}

const router = new RegionRouter();
let samples: Sample[] = [];
let routes = new Map<string, string | null>();
let moved = new Set<string>();
let ring: RingGeometry = ringGeometry(new Map());

function makeSamples(count: number): Sample[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `session-${i}`;
    const position = positionOf(id);
    return { id, turn: turnOf(position), spread: position[2] / 2 ** 32 };
  });
}

function routeSamples(): Map<string, string | null> {
  return new Map(samples.map(({ id }) => [id, router.route(id)]));
}

function currentRing(): RingGeometry {
  return ringGeometry(router.weights());
}

/**
 * Apply a change to the router. `describe` names it for the movement line. A change the router
 * rejects leaves everything as it was and shows why.
 */
function change(describe: string, apply: () => void): void {
  try {
    apply();
  } catch (error) {
    errorText.textContent = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    render();
    return;
  }
  errorText.textContent = "";
  const before = { routes, ring };
  routes = routeSamples();
  ring = currentRing();
  moved = new Set(samples.filter(({ id }) => before.routes.get(id) !== routes.get(id)).map(({ id }) => id));
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  movedText.textContent =
    `${describe}: ${moved.size} of ${samples.length} sample sessions moved (${percent(moved.size / samples.length)}); ` +
    `${percent(changedFraction(before.ring.arcs, ring.arcs))} of the ring changed owner.`;
  movedText.dataset.moved = String(moved.size);
  render();
}

function render(): void {
  const sessions: DrawnSession[] = samples.map(({ id, turn, spread }) => ({ id, turn, spread, region: routes.get(id) ?? null, moved: moved.has(id) }));
  drawRing(svg, ring, sessions);
  renderTable();
}

function renderTable(): void {
  const weights = router.weights();
  const totalWeight = [...weights.values()].reduce((sum, w) => sum + w, 0);
  const sessionCounts = new Map<string, number>();
  for (const region of routes.values()) if (region !== null) sessionCounts.set(region, (sessionCounts.get(region) ?? 0) + 1);
  const rows = [...weights].map(([region, weight]) => {
    const row = document.createElement("tr");
    row.dataset.region = region;
    const weightShare = totalWeight > 0 ? weight / totalWeight : 0;
    const ringShare = ring.shares.get(region) ?? 0;
    row.innerHTML = `
      <td><span class="swatch" style="background:${colourOf(region)}"></span></td>
      <td class="name"></td>
      <td><input class="weight" type="number" min="0" step="1" aria-label="weight of ${region}" /></td>
      <td class="weight-share">${(100 * weightShare).toFixed(1)}%</td>
      <td class="ring-share">${(100 * ringShare).toFixed(1)}%<span class="bar" style="width:${Math.round(120 * ringShare)}px;background:${colourOf(region)}"></span></td>
      <td class="sessions">${sessionCounts.get(region) ?? 0}</td>
      <td><button class="remove" type="button">Remove</button></td>`;
    row.querySelector(".name")!.textContent = region;
    const input = row.querySelector<HTMLInputElement>(".weight")!;
    input.value = String(weight);
    input.addEventListener("change", () => change(`${region} weight ${weight} → ${input.value}`, () => router.addRegion(region, Number(input.value))));
    row.querySelector(".remove")!.addEventListener("click", () => change(`removed ${region}`, () => router.removeRegion(region)));
    return row;
  });
  tableBody.replaceChildren(...rows);
}

addForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const data = new FormData(addForm);
  const region = String(data.get("region"));
  const weight = Number(data.get("weight"));
  change(`added ${region} (weight ${weight})`, () => router.addRegion(region, weight));
  if (!errorText.textContent) addForm.reset();
});

samplesInput.addEventListener("change", () => {
  const count = Number(samplesInput.value);
  if (!Number.isInteger(count) || count < 1 || count > 2000) {
    errorText.textContent = `sample sessions must be an integer from 1 to 2000, not ${samplesInput.value}`;
    return;
  }
  samples = makeSamples(count);
  routes = routeSamples();
  moved = new Set();
  movedText.textContent = "";
  render();
});

samples = makeSamples(Number(samplesInput.value));
for (const [region, weight] of INITIAL_REGIONS) router.addRegion(region, weight);
routes = routeSamples();
ring = currentRing();
render();
document.body.dataset.ready = "true";
