/**
 * How long a hostile input may take before a test calls it a hang. A guard against inputs that
 * take minutes or never end (backtracking, quadratic parsing, a read that blocks), not a speed
 * target: the machine running the tests may be shared and loaded many times over. How fast
 * things are is measured by the benchmarks (`npm run bench:*`).
 */
export const hangBound = 60_000;
