/** Levenshtein distance between two strings (two-row dynamic programming). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

const segmentsOf = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/**
 * The last segment of a path as a page's slug: lowercase, without an `.html` or `.htm` ending,
 * so an old address `/2019/05/launch.html` names the same slug as `/blog/launch/`.
 */
function slugOf(path: string): string | undefined {
  return segmentsOf(path)
    .at(-1)
    ?.replace(/\.html?$/, '');
}

/** Character distance of two segments as a share of the longer, ignoring a shared extension. */
function segmentDistance(a: string, b: string): number {
  const dot = a.lastIndexOf('.');
  if (dot > 0 && a.length - dot <= 6 && b.endsWith(a.slice(dot)) && b.length > a.length - dot) {
    const extension = a.length - dot;
    a = a.slice(0, -extension);
    b = b.slice(0, -extension);
  }
  return editDistance(a, b) / Math.max(a.length, b.length, 1);
}

/**
 * Distance between two paths counted in segments: inserting or dropping a segment costs 1,
 * swapping one costs its normalized character distance, so `dev-shops` → `devshops` is cheap.
 */
export function pathDistance(a: string, b: string): number {
  const x = segmentsOf(a);
  const y = segmentsOf(b);
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const swap = segmentDistance(x[i - 1], y[j - 1]);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + swap);
    }
    previous = current;
  }
  return previous[y.length];
}

/** Whether a distance is still a likely typo: about a third of a segment per segment. */
const closeEnough = (score: number, size: number) => score <= Math.max(0.5, size * 0.34);

/**
 * Finds the existing path closest to a missing one. A path whose last segment is the missing
 * one's (a page's slug: `/launch/` or `/2019/05/launch.html` → `/blog/launch/`) is preferred,
 * however far the rest is: a moved page keeps its slug. Otherwise, paths that differ in one
 * segment (changed, added or dropped) come from a hash index, so a query costs little however
 * large the site; a full scan, for typos spread over several segments, runs for the first
 * `fullScans` queries only.
 */
export class PathSuggester {
  private readonly index = new Map<string, string[]>();

  constructor(
    private readonly paths: readonly string[],
    private fullScans = 50,
  ) {
    for (const path of paths) {
      const slug = slugOf(path);
      if (slug) this.push(`#${slug}`, path);
      const s = segmentsOf(path);
      this.push(`=${s.join('/')}`, path);
      for (let i = 0; i < s.length; i++) {
        this.push(`~${s.length}:${s.map((seg, j) => (j === i ? '\u0000' : seg)).join('/')}`, path);
        this.push(`-${s.filter((_, j) => j !== i).join('/')}`, path);
      }
    }
  }

  /** The closest existing path, or `undefined` when none is close enough to be a typo. */
  closest(missing: string): string | undefined {
    const slug = slugOf(missing);
    const sameSlug = slug ? pickSameSlug(missing, this.index.get(`#${slug}`) ?? []) : undefined;
    if (sameSlug) return sameSlug;
    const q = segmentsOf(missing);
    const candidates = new Set<string>([...(this.index.get(`-${q.join('/')}`) ?? [])]);
    for (let i = 0; i < q.length; i++) {
      for (const path of this.index.get(`~${q.length}:${q.map((seg, j) => (j === i ? '\u0000' : seg)).join('/')}`) ??
        [])
        candidates.add(path);
      for (const path of this.index.get(`=${q.filter((_, j) => j !== i).join('/')}`) ?? []) candidates.add(path);
    }
    const best = pickClosest(missing, q.length, candidates);
    if (best !== undefined || this.fullScans <= 0) return best;
    this.fullScans--;
    return pickClosest(missing, q.length, this.paths);
  }

  private push(key: string, path: string): void {
    const list = this.index.get(key);
    if (list) list.push(path);
    else this.index.set(key, [path]);
  }
}

function pickClosest(missing: string, size: number, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate === missing || Math.abs(segmentsOf(candidate).length - size) > 1) continue;
    const score = pathDistance(missing, candidate);
    if (score < bestScore || (score === bestScore && best !== undefined && candidate < best)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best !== undefined && closeEnough(bestScore, size) ? best : undefined;
}

/** Of the paths that end in the missing path's slug, the one closest to it as a whole (then the first by name). */
function pickSameSlug(missing: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    if (candidate === missing) continue;
    const score = pathDistance(missing, candidate);
    if (score < bestScore || (score === bestScore && best !== undefined && candidate < best)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** The existing path closest to a missing one, scanning every candidate (small sets, tests); see `PathSuggester`. */
export function closestPath(missing: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  const slug = slugOf(missing);
  return (
    (slug
      ? pickSameSlug(
          missing,
          list.filter((candidate) => slugOf(candidate) === slug),
        )
      : undefined) ?? pickClosest(missing, segmentsOf(missing).length, list)
  );
}

/** Longest fragment or id compared for a suggestion. */
const idLimit = 128;

/**
 * The id closest to a missing fragment: within a third of its length (at least 2 edits), or
 * one that contains it or is contained in it (`#contact` → `#contact-form`).
 */
export function closestId(missing: string, ids: Iterable<string>): string | undefined {
  // Comparing costs the product of the lengths: a page's long made-up fragments and ids get no suggestion.
  if (missing.length > idLimit) return undefined;
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = missing.toLowerCase();
  const allowed = Math.max(2, Math.floor(missing.length / 3));
  for (const id of ids) {
    if (id.length > idLimit) continue;
    const other = id.toLowerCase();
    const contains = lower.length >= 3 && other.length >= 3 && (other.includes(lower) || lower.includes(other));
    // The edit distance is at least the difference in length: skip what cannot be close enough.
    if (!contains && Math.abs(other.length - lower.length) > allowed) continue;
    const score = editDistance(lower, other) - (contains ? 1000 : 0);
    if (score < bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best !== undefined && bestScore <= allowed ? best : undefined;
}
