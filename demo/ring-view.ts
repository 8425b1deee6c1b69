// Draws a RingGeometry and the sample sessions as SVG: each region's arcs in its own colour around
// the ring, a tick per virtual node, and a dot per session at its own position, in the colour of the
// region the router sent it to. Ringed dots moved in the last change.
import type { Arc, RingGeometry } from "./ring-model.js";

const SVG = "http://www.w3.org/2000/svg";
const RING_RADIUS = 220;
const RING_WIDTH = 30;
const MAX_TICKS = 2000;
/** Sessions sit in a band inside the ring; `spread` (0..1) picks the radius, so dots rarely overlap. */
const SESSION_BAND = [140, 192] as const;

/** Distinct, readable colours, handed out to regions in the order they first appear. */
const PALETTE = ["#2f6fde", "#e0662f", "#2a9d5c", "#c23b7a", "#8a5cd6", "#c9a21a", "#1a9fb0", "#7a5230", "#d64545", "#55606e"];
const colours = new Map<string, string>();

export function colourOf(region: string): string {
  let colour = colours.get(region);
  if (!colour) {
    colour = PALETTE[colours.size % PALETTE.length];
    colours.set(region, colour);
  }
  return colour;
}

export interface DrawnSession {
  readonly id: string;
  readonly turn: number;
  readonly spread: number;
  readonly region: string | null;
  readonly moved: boolean;
}

function point(turn: number, radius: number): [number, number] {
  const angle = turn * 2 * Math.PI - Math.PI / 2;
  return [radius * Math.cos(angle), radius * Math.sin(angle)];
}

function element(name: string, attributes: Record<string, string | number>): SVGElement {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

function arcPath({ start, end }: Arc): string {
  const length = end > start ? end - start : 1 - start + end;
  if (length >= 1) {
    // A whole ring: two half arcs, since one SVG arc cannot end where it starts.
    const [x0, y0] = point(0, RING_RADIUS);
    const [x1, y1] = point(0.5, RING_RADIUS);
    return `M ${x0} ${y0} A ${RING_RADIUS} ${RING_RADIUS} 0 1 1 ${x1} ${y1} A ${RING_RADIUS} ${RING_RADIUS} 0 1 1 ${x0} ${y0}`;
  }
  const [x0, y0] = point(start, RING_RADIUS);
  const [x1, y1] = point(end, RING_RADIUS);
  return `M ${x0} ${y0} A ${RING_RADIUS} ${RING_RADIUS} 0 ${length > 0.5 ? 1 : 0} 1 ${x1} ${y1}`;
}

/** Draw the ring, its sessions, and `caption` in the middle (by default, how many positions it has). */
export function drawRing(svg: SVGSVGElement, ring: RingGeometry, sessions: readonly DrawnSession[], caption?: string): void {
  svg.replaceChildren();
  svg.append(element("circle", { r: RING_RADIUS, fill: "none", stroke: "#e4e3dc", "stroke-width": RING_WIDTH }));
  for (const arc of ring.arcs) {
    svg.append(
      element("path", {
        class: "arc",
        d: arcPath(arc),
        fill: "none",
        stroke: colourOf(arc.region),
        "stroke-width": RING_WIDTH,
        "data-region": arc.region,
        "data-start": arc.start,
        "data-end": arc.end,
      }),
    );
  }
  // A tick per virtual node while they stay distinguishable; past that the arcs say it all.
  for (const vnode of ring.vnodes.length <= MAX_TICKS ? ring.vnodes : []) {
    const [x0, y0] = point(vnode.turn, RING_RADIUS + RING_WIDTH / 2);
    const [x1, y1] = point(vnode.turn, RING_RADIUS + RING_WIDTH / 2 + 7);
    svg.append(element("line", { class: "vnode", x1: x0, y1: y0, x2: x1, y2: y1, stroke: colourOf(vnode.region), "stroke-width": 1.5 }));
  }
  for (const session of sessions) {
    const [x, y] = point(session.turn, SESSION_BAND[0] + session.spread * (SESSION_BAND[1] - SESSION_BAND[0]));
    const dot = element("circle", {
      class: session.moved ? "session moved-now" : "session",
      cx: x,
      cy: y,
      r: session.moved ? 4.5 : 3,
      fill: session.region ? colourOf(session.region) : "#999",
      "data-session": session.id,
      "data-region": session.region ?? "",
      "data-turn": session.turn,
    });
    const title = element("title", {});
    title.textContent = `${session.id} → ${session.region ?? "no region"}${session.moved ? " (moved)" : ""}`;
    dot.append(title);
    svg.append(dot);
  }
  const text = element("text", { "text-anchor": "middle", y: 6, "font-size": 16, fill: "#4a5060" });
  text.textContent = ring.vnodes.length === 0 ? "empty ring" : (caption ?? `${ring.vnodes.length} virtual nodes`);
  svg.append(text);
}
