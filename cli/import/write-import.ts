// Writing an import, all or nothing: the posts checked in the staging folder are renamed into
// the collection's folder one by one, and should one rename fail, those done are renamed back,
// so a failure leaves the content folder as it was. The import keeps a manifest beside the posts
// (`.sitegen-import.json`): for each post it wrote, a hash of every file, so that `--update`
// replaces a post an earlier import wrote, as it wrote it, and nothing else.
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import type { ImportPlan } from './import-posts.ts';

/** The manifest's name, in the collection's folder (hidden: the build reads no such file). */
export const manifestName = '.sitegen-import.json';

/** What the manifest records of each post an import wrote. */
export interface ManifestPost {
  /** The source's Markdown file it was made from, from the source folder. */
  source: string;
  /** Every file of its folder, by path inside it, with the SHA-256 of its bytes. */
  files: Record<string, string>;
}

/** The manifest: the posts imports wrote, by slug. */
export interface ImportManifest {
  version: 1;
  posts: Record<string, ManifestPost>;
}

/** The manifest of `folder`, or an empty one; one that cannot be read is an error at it. */
export function readManifest(folder: string): ImportManifest {
  const file = path.join(folder, manifestName);
  let text: string;
  try {
    if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) return { version: 1, posts: {} };
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SiteError({
      code: 'import.bad-manifest',
      message: `the import manifest cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      file,
      cause: error,
    });
  }
  try {
    const value = JSON.parse(text) as Partial<ImportManifest>;
    const posts = value.posts && typeof value.posts === 'object' ? value.posts : {};
    const checked = Object.entries(posts).filter(
      ([, post]) =>
        post &&
        typeof post.source === 'string' &&
        post.files &&
        typeof post.files === 'object' &&
        Object.values(post.files).every((hash) => typeof hash === 'string'),
    );
    return { version: 1, posts: Object.fromEntries(checked) };
  } catch (error) {
    throw new SiteError({
      code: 'import.bad-manifest',
      message: 'the import manifest is not valid JSON',
      hint: `Restore ${manifestName} from version control, or delete it to import anew (the posts an earlier import wrote are then left alone).`,
      file,
      cause: error,
    });
  }
}

/**
 * Which posts of `slugs` an earlier import wrote and nobody changed since: those `--update` may
 * replace. A post changed since (a file edited, added or removed) is an error at its folder:
 * the edit would be lost.
 */
export function replaceablePosts(
  folder: string,
  manifest: ImportManifest,
  slugs: Iterable<string>,
): { replaceable: Set<string>; problems: SiteError[] } {
  const replaceable = new Set<string>();
  const problems: SiteError[] = [];
  for (const slug of slugs) {
    const recorded = manifest.posts[slug];
    const postFolder = path.join(folder, slug);
    if (!recorded || !lstatSync(postFolder, { throwIfNoEntry: false })?.isDirectory()) continue;
    const now = filesOf(postFolder);
    const changed = [...new Set([...Object.keys(recorded.files), ...Object.keys(now)])]
      .filter((file) => recorded.files[file] !== now[file])
      .sort();
    if (changed.length === 0) replaceable.add(slug);
    else
      problems.push(
        new SiteError({
          code: 'import.post-changed',
          message: `this post was changed since an import wrote it (${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}), so --update leaves it as it is`,
          hint: 'Move the edits into the source and remove the post, or give the imported post another slug.',
          file: postFolder,
        }),
      );
  }
  return { replaceable, problems };
}

/** Every file of a folder, by path inside it, with its SHA-256. */
function filesOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file).split(path.sep).join('/')] = entry.isFile()
      ? createHash('sha256').update(readFileSync(file)).digest('hex')
      : 'not a file';
  }
  return files;
}

/**
 * Moves the staged posts into `folder`, replacing the posts of `replaced` (slugs an earlier
 * import wrote), and records them in the manifest. Each rename either happens or is undone: a
 * folder that appeared at a post's place meanwhile stops the commit, everything done is put
 * back, and the error names it.
 */
export async function commitImport(
  plan: ImportPlan,
  staging: string,
  folder: string,
  manifest: ImportManifest,
  replaced: ReadonlySet<string>,
): Promise<void> {
  const aside = `${staging}.replaced`;
  const done: { from: string; to: string }[] = [];
  const move = async (from: string, to: string) => {
    if (lstatSync(to, { throwIfNoEntry: false })) {
      throw new SiteError({
        code: 'import.post-exists',
        message: 'this folder appeared while the import ran, and was left untouched',
        file: to,
        hint: 'Run the import again: nothing of it was written.',
      });
    }
    await rename(from, to);
    done.push({ from, to });
  };
  const recorded: Record<string, ManifestPost> = {};
  for (const post of plan.posts)
    recorded[post.slug] = {
      source: path.relative(plan.source, post.source).split(path.sep).join('/'),
      files: filesOf(path.join(staging, post.slug)),
    };
  try {
    if (replaced.size > 0) await mkdir(aside);
    for (const slug of replaced) await move(path.join(folder, slug), path.join(aside, slug));
    for (const post of plan.posts) await move(path.join(staging, post.slug), path.join(folder, post.slug));
    const next: ImportManifest = { version: 1, posts: { ...manifest.posts, ...recorded } };
    const temporary = path.join(folder, `${manifestName}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { flag: 'wx' });
    await rename(temporary, path.join(folder, manifestName));
  } catch (error) {
    for (const { from, to } of done.reverse()) await rename(to, from).catch(() => undefined);
    await rm(aside, { recursive: true, force: true });
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
  await rm(staging, { recursive: true, force: true });
}
