import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { codeTheme } from './code-theme.ts';
import type { RenderedMarkdown } from './render-markdown.ts';

/** Bump when the Markdown pipeline's output, or a highlighted block's markup (highlight-store.ts), changes for the same input. */
const pipelineVersion = 8;

/**
 * Rendered Markdown kept between builds, keyed by a hash of the text and where it starts in
 * its file. The key also covers the versions of the packages that shape the output, so an
 * upgrade never serves stale HTML.
 */
export class MarkdownCache {
  private entries = new Map<string, RenderedMarkdown>();
  private readonly used = new Set<string>();
  private dirty = false;

  private constructor(private readonly file: string | undefined, private readonly salt: string) {}

  /** A cache stored in `file` (loaded now), or a memory-only one when `file` is undefined. */
  static async open(file: string | undefined): Promise<MarkdownCache> {
    const cache = new MarkdownCache(file, pipelineSalt());
    if (file) {
      try {
        const stored = JSON.parse(await readFile(file, 'utf8')) as { salt: string; entries: [string, RenderedMarkdown][] };
        if (stored.salt === cache.salt) cache.entries = new Map(stored.entries);
      } catch {
        // No cache yet, or an unreadable one: start empty.
      }
    }
    return cache;
  }

  get size(): number {
    return this.entries.size;
  }

  key(markdown: string, firstLine: number): string {
    return createHash('sha1').update(`${this.salt}\n${firstLine}\n${markdown}`).digest('hex');
  }

  get(key: string): RenderedMarkdown | undefined {
    const hit = this.entries.get(key);
    if (hit) this.used.add(key);
    return hit;
  }

  set(key: string, value: RenderedMarkdown): void {
    this.entries.set(key, value);
    this.used.add(key);
    this.dirty = true;
  }

  /** Writes the entries this build used (dropping the rest) when anything changed. */
  async save(): Promise<void> {
    if (!this.file || (!this.dirty && this.used.size === this.entries.size)) return;
    const entries = [...this.entries].filter(([key]) => this.used.has(key));
    await mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify({ salt: this.salt, entries }));
    // Renaming is atomic, so a build running at the same time never reads half a file.
    await rename(temporary, this.file);
  }
}

/** A dependency's installed version, found from its entry point (many packages do not export package.json). */
export function packageVersion(name: string): string {
  try {
    let dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
    while (dir !== path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (existsSync(manifest)) {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
        if (json.name === name) return json.version ?? 'unknown';
      }
      dir = path.dirname(dir);
    }
  } catch {
    // Unresolvable: the salt still changes with the pipeline version.
  }
  return 'unknown';
}

/** What the cache key is salted with: the pipeline version, the code theme and the installed version of every package that shapes the HTML. */
export function pipelineSalt(): string {
  const packages = [
    'shiki', 'rehype-pretty-code', 'unified', 'remark-parse', 'remark-rehype', 'rehype-slug', 'rehype-stringify',
    'mdast-util-gfm', 'micromark-core-commonmark', 'micromark-extension-gfm-autolink-literal', 'micromark-util-sanitize-uri', 'micromark-extension-gfm-footnote', 'micromark-extension-gfm-strikethrough', 'micromark-extension-gfm-table', 'micromark-extension-gfm-task-list-item',
  ];
  return [pipelineVersion, codeTheme, ...packages.map((name) => `${name}@${packageVersion(name)}`)].join(' ');
}
