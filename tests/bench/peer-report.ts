// The table bench:peers prints from a results file of the peer benchmark (one JSON object a line,
// the lines of one row merged by name): each row's figures, its ratios to Hugo and to Eleventy +
// Shiki, and whether each build-speed target holds.
import { existsSync, readFileSync } from 'node:fs';

interface Stats {
  min: number;
  median: number;
  max: number;
}
/** A line of the results file; the lines of one row are merged. */
interface Row {
  name: string;
  status?: string;
  flag?: string;
  wall?: Stats;
  cpu?: Stats;
  peakMiB?: Stats;
  /** Share of the machine's CPU other processes used during a run. */
  foreignShare?: Stats;
  check?: { posts: number; expected: number; index: boolean; highlight: string } | null;
  /** One-edit only: whether the edited post's page showed the last edit. */
  fresh?: boolean;
}

/** The table of a results file: every row, its ratios to Hugo and to Eleventy + Shiki, and the targets. */
export function peerReport(jsonl: string, count: number): string {
  const described: Record<string, string> = {
    hugo: 'Hugo (Chroma highlighting)',
    eleventy: 'Eleventy, no highlighting',
    'eleventy-prism': 'Eleventy + Prism',
    'eleventy-shiki': 'Eleventy + Shiki',
    project: 'sitegen cold (--no-cache, link check on)',
    'project-nocheck': 'sitegen cold, no link check',
    'project-cached': 'sitegen, Markdown cache warm, output deleted',
    'project-unchanged': 'sitegen, nothing changed (caches and output warm)',
    'project-one-edit': 'sitegen, one post edited (caches warm)',
  };
  const rows = new Map<string, Row>();
  for (const line of readFileSync(jsonl, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Row;
    rows.set(row.name, { ...rows.get(row.name), ...row });
  }
  const versions = jsonl.replace(/\.jsonl$/, '-versions.txt');
  const built = existsSync(versions)
    ? /^project: .* at ([0-9a-f]{40})/m.exec(readFileSync(versions, 'utf8'))?.[1]
    : undefined;

  const wallOf = (name: string) => rows.get(name)?.wall?.median;
  const cpuOf = (name: string) => rows.get(name)?.cpu?.median;
  const f = (x: number | undefined, digits = 2) => (x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(digits));
  const ratio = (value: number | undefined, base: number | undefined) =>
    value && base ? `${(value / base).toFixed(2)}×` : 'n/a';

  const lines = [`Peer benchmark, ${count} posts, project ${built ?? '(commit not recorded)'}; results ${jsonl}`, ''];
  lines.push(
    '| row | wall s | CPU s | peak RSS MiB | wall × Hugo | wall × Eleventy + Shiki | CPU × Hugo | other load, max | output |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows.values()) {
    const check = row.check ? `${row.check.posts}/${row.check.expected} posts, ${row.check.highlight}` : '';
    const notes = [
      check,
      row.fresh === false ? 'STALE: the edited page lacks the edit' : '',
      row.flag ? 'NOISY' : '',
      row.status && row.status !== 'ok' ? row.status : '',
    ]
      .filter(Boolean)
      .join('; ');
    const wall = row.wall?.median;
    const load = row.foreignShare ? `${(100 * row.foreignShare.max).toFixed(0)}%` : 'n/a';
    lines.push(
      `| ${described[row.name] ?? row.name} | ${f(wall)} | ${f(row.cpu?.median)} | ${f(row.peakMiB?.median, 0)} | ${ratio(wall, wallOf('hugo'))} | ${ratio(wall, wallOf('eleventy-shiki'))} | ${ratio(row.cpu?.median, cpuOf('hugo'))} | ${load} | ${notes} |`,
    );
  }
  lines.push(
    '',
    'Medians over the runs. Other load: the share of the machine other processes used during a run; above a few percent, wall times (and their ratios) mean little.',
  );

  const hugo = wallOf('hugo');
  const within = (name: string, limit: (hugo: number) => number) => {
    const wall = wallOf(name);
    return wall !== undefined && hugo !== undefined ? wall <= limit(hugo) : undefined;
  };
  const cold = wallOf('project');
  const eleventy = wallOf('eleventy-shiki');
  const peaks = [...rows.values()]
    .filter((row) => row.name.startsWith('project') && row.peakMiB)
    .map((row) => row.peakMiB!.median);
  const targets: Array<[string, boolean | undefined]> = [
    ['cold: at most 3× Hugo', within('project', (h) => 3 * h)],
    ['cold: faster than Eleventy + Shiki', cold !== undefined && eleventy !== undefined ? cold < eleventy : undefined],
    ['nothing changed: at most 0.5× Hugo', within('project-unchanged', (h) => 0.5 * h)],
    ['one post edited: at most 0.5× Hugo', within('project-one-edit', (h) => 0.5 * h)],
    ['peak RSS of every sitegen row: at most 400 MiB', peaks.length ? Math.max(...peaks) <= 400 : undefined],
  ];
  lines.push('', `Targets (issue 16; stated for 1,000 posts${count === 1000 ? '' : `, this run has ${count}`}):`);
  for (const [name, holds] of targets)
    lines.push(`- ${name}: ${holds === undefined ? 'not measured' : holds ? 'holds' : 'DOES NOT HOLD'}`);
  return lines.join('\n');
}
