/**
 * Summaries of timing samples: median with p10/p90 and the interquartile range (linear interpolation
 * between order statistics, as numpy's default). Ratios are ours ÷ peer, so below 1 means Paykit
 * needed less.
 *
 * @example
 *   summarize([1.2, 1.1, 1.4]); // { n: 3, median: 1.2, p10: 1.12, p90: 1.36, q1: 1.15, q3: 1.3, ... }
 */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x) => Math.round(x * 1e4) / 1e4;
  return {
    n: sorted.length,
    median: round(quantile(sorted, 0.5)),
    p10: round(quantile(sorted, 0.1)),
    p90: round(quantile(sorted, 0.9)),
    q1: round(quantile(sorted, 0.25)),
    q3: round(quantile(sorted, 0.75)),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
  };
}

/** ours ÷ peer, 3 significant digits; undefined when either side is missing. */
export function ratio(ours, peer) {
  if (!(ours > 0) || !(peer > 0)) return undefined;
  return Number((ours / peer).toPrecision(3));
}

/**
 * Words for a ratio: "3.9× smaller" / "1.2× slower" / "on par". Within ±10% counts as on par for
 * timings (run-to-run noise on a shared 2-core machine is of that order); sizes are exact.
 */
export function verdict(r, { less = 'smaller', more = 'larger', parBand = 0 } = {}) {
  if (r === undefined) return '';
  const side = compare(r, parBand);
  if (side === 0) return 'on par';
  return side < 0 ? `${fmtTimes(1 / r)} ${less}` : `${fmtTimes(r)} ${more}`;
}

/** -1 when Paykit needed less, 1 when more, 0 within ±parBand (a boundary value counts as par). */
export function compare(r, parBand = 0) {
  if (Math.abs(r - 1) <= parBand + 1e-9) return 0;
  return r < 1 ? -1 : 1;
}

function fmtTimes(x) {
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
}
