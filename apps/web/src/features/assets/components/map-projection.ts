/** Web Mercator, as map tiles use it: longitude/latitude → 0..1 world coordinates. */
const mercator = (latitude: number, longitude: number) => {
  const rad = (latitude * Math.PI) / 180;
  return { x: (longitude + 180) / 360, y: (1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2 };
};

export type MapPoint = { readonly latitude: number; readonly longitude: number };
/** Position in percent of the map box (left, top). */
export type PlacedPoint = { readonly leftPct: number; readonly topPct: number };

/** Share of the box kept free around the markers. */
const PADDING = 0.12;
/** Smallest world span shown, so a single marker sits in a region-sized view. */
const MIN_SPAN = 0.004;

/**
 * Fits points into a box of `aspect` (width / height) with the same scale on both axes, centred:
 * the markers keep their true relative positions without any tile or map library.
 */
export const placePoints = (points: readonly MapPoint[], aspect: number): PlacedPoint[] => {
  if (points.length === 0) return [];
  const world = points.map((point) => mercator(point.latitude, point.longitude));
  const xs = world.map((p) => p.x);
  const ys = world.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(Math.max(...xs) - minX, MIN_SPAN);
  const spanY = Math.max(Math.max(...ys) - minY, MIN_SPAN);
  const usable = 1 - 2 * PADDING;
  // Scale in "box heights": the box is `aspect` wide and 1 high.
  const scale = Math.min((aspect * usable) / spanX, usable / spanY);
  const centerX = minX + (Math.max(...xs) - minX) / 2;
  const centerY = minY + (Math.max(...ys) - minY) / 2;
  return world.map((p) => ({
    leftPct: 50 + (((p.x - centerX) * scale) / aspect) * 100,
    topPct: 50 + (p.y - centerY) * scale * 100,
  }));
};
