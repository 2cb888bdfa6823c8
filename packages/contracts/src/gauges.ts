/**
 * Gauge bounds, free of zod: the game bundle imports the engine, which clamps
 * with these, and must not carry the schemas' library.
 */

/** Gauges are kept within these bounds by the game. */
export const GAUGE_MIN = 0;
export const GAUGE_MAX = 100;
