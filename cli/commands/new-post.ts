import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Command } from 'commander';
import type { Archetype } from '../config/archetype-spec.ts';
import type { SiteDefinition } from '../config/site-definition.ts';
import { SiteError } from '../errors.ts';
import { postSlugFromTitle } from '../route/slugs.ts';
import { pageHref } from '../route/trailing-slash.ts';
import { absoluteUrl } from '../route/urls.ts';
import { configFlag } from './command-options.ts';

interface NewPostFlags {
  slug?: string;
  date?: string;
  draft?: boolean;
  content: string;
  [field: string]: unknown;
}

/** The archetype `new-post` writes: the site's `post`, or its only one. */
export function archetypeOf(site: SiteDefinition): Archetype | undefined {
  const archetypes = Object.values(site.archetypes ?? {});
  return site.archetypes?.post ?? (archetypes.length === 1 ? archetypes[0] : undefined);
}

/**
 * `new-post`: scaffolds a new entry (a blog post) with valid front matter in the collection its
 * archetype names; never overwrites. The options beyond title, slug, date and draft are the
 * archetype's fields, so the site is read before the command line is parsed.
 */
export function createNewPostCommand(site: SiteDefinition | undefined): Command {
  const command = new Command('new-post')
    .description('Create a blog post with complete front matter and a body skeleton.')
    .argument('[title]', 'the post title, in quotes')
    .option('--slug <slug>', 'URL slug (default: from the title)');
  const archetype = site && archetypeOf(site);
  for (const field of archetype?.fields ?? []) command.option(field.flag, field.description);
  return command
    .option('--date <YYYY-MM-DD>', 'publication date (default: today)')
    .option('--draft', 'mark as draft: left out of build unless --drafts, always shown by dev')
    .option('--content <dir>', 'content folder', 'content')
    .option(...configFlag)
    .action(async (titleArgument: string | undefined, flags: NewPostFlags) => {
      if (!site || !archetype)
        throw new SiteError({
          code: 'new-post.no-archetype',
          message: 'the site defines no archetype for new-post',
          hint: 'Add `archetypes: { post: … }` to sitegen.config.ts.',
        });
      if (titleArgument === undefined && !(process.stdin.isTTY && process.stdout.isTTY)) {
        throw Object.assign(
          new Error(
            "missing required argument 'title' (pass the title in quotes, or run it on a terminal to be asked)",
          ),
          { usage: true },
        );
      }
      await newPost(site, archetype, titleArgument, flags);
    });
}

async function newPost(
  site: SiteDefinition,
  archetype: Archetype,
  titleArgument: string | undefined,
  flags: NewPostFlags,
): Promise<void> {
  const contentDir = path.resolve(flags.content);
  const collection = site.content.collections[archetype.collection]!;
  // The content loader and the schemas load only when this command runs.
  const [{ loadMarkdownFolder }, entry] = await Promise.all([
    import('../load/load-content.ts'),
    import('../validate/new-entry.ts'),
  ]);
  const folder = entry.checkedFolder(contentDir, collection.folder);
  const existing = await loadMarkdownFolder(folder, undefined, { bundles: collection.bundles !== undefined });
  const suggestions = new Map(
    archetype.fields.map((field) => [field.key, field.suggest?.(existing.map((file) => file.frontMatter)) ?? []]),
  );
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const answers = interactive
    ? await askMissing(titleArgument, flags, archetype, suggestions)
    : { title: titleArgument, fields: {} as Record<string, string | undefined> };
  const title = (answers.title ?? '').trim();
  const values = fieldValues(archetype, flags, answers.fields, suggestions, title);
  const common = {
    title,
    slug: flags.slug ?? slugFromTitle(title),
    date: flags.date ?? entry.today(),
    draft: flags.draft ?? false,
  };
  entry.checkNewEntry(common, entry.existingSlugs(existing));
  for (const field of archetype.fields) {
    const problem = field.check?.(values[field.key]);
    if (problem) throw problem;
  }
  const file = path.join(folder, `${common.slug}.md`);
  // Validated and read back before anything is written: a refused entry leaves no file.
  await writeNewFile(
    file,
    entry.prepareNewEntry(archetype.frontMatter({ ...values, ...common }), archetype.body, collection.schema, file),
  );
  for (const field of archetype.fields) {
    const warning = field.isNew?.(values[field.key], suggestions.get(field.key)!);
    if (warning) console.warn(`warning: ${warning}`);
  }
  console.log(`Created ${path.relative(process.cwd(), file)}`);
  const address = await addressOf(site, contentDir, archetype.path(common.slug));
  console.log(`URL: ${address}${common.draft ? ' (draft: shown by dev, left out of build unless --drafts)' : ''}`);
}

/** The archetype's fields as given by flag or answer, else the most used value, else its fallback. */
function fieldValues(
  archetype: Archetype,
  flags: NewPostFlags,
  answers: Record<string, string | undefined>,
  suggestions: Map<string, string[]>,
  title: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of archetype.fields) {
    const given = (flags[camelCase(field.key)] as string | undefined) ?? answers[field.key];
    const suggested = suggestions.get(field.key)!;
    if (field.list) {
      // A list with no item in it is no list: the most used value stands in.
      const items = given
        ?.split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      values[field.key] = items && items.length > 0 ? items : suggested.slice(0, 1);
    } else {
      // A value given, even an empty one, is the author's: the checks and the schema judge it.
      values[field.key] = given?.trim() ?? suggested[0] ?? field.fallback?.(title);
    }
  }
  return values;
}

/** Writes the new entry's file, refusing one that exists, even one that appeared since the checks. */
async function writeNewFile(file: string, text: string): Promise<void> {
  try {
    await writeFile(file, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new SiteError({
        code: 'new-post.file-exists',
        message: 'this file already exists and was left untouched',
        file,
        hint: 'Choose another title or pass --slug.',
      });
    }
    throw error;
  }
}

/** The new entry's address under the site's own settings, when the site can be read as it stands; else its path. */
async function addressOf(site: SiteDefinition, contentDir: string, sitePath: string): Promise<string> {
  const [{ loadContent }, { validateContent }] = await Promise.all([
    import('../load/load-content.ts'),
    import('../validate/validate-content.ts'),
  ]);
  try {
    const content = validateContent(await loadContent(contentDir, site.content), site.content, {
      drafts: true,
      future: true,
    });
    const settings = site.settings(site.model(content, { env: process.env, drafts: true, future: true }));
    return absoluteUrl(settings.siteUrl, pageHref(sitePath, settings.trailingSlash));
  } catch {
    // A site that does not build yet: the path is enough.
    return sitePath;
  }
}

/** `--category` → `category`, as commander names an option's value. */
function camelCase(key: string): string {
  return key.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** Longest slug new-post derives from a title: long titles get their first words, cut at a hyphen. */
const derivedSlugLength = 80;

function slugFromTitle(title: string): string {
  const slug = postSlugFromTitle(title);
  if (slug.length <= derivedSlugLength) return slug;
  const cut = slug.slice(0, derivedSlugLength + 1);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : derivedSlugLength).replace(/-+$/, '');
}

/** Asks, on a terminal, for the title and the archetype's fields not given as options. */
async function askMissing(
  title: string | undefined,
  flags: NewPostFlags,
  archetype: Archetype,
  suggestions: Map<string, string[]>,
) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const ask = async (question: string, fallback?: string) => {
      const answer = (await prompt.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)).trim();
      return answer || fallback;
    };
    const answeredTitle = title ?? (await ask('Title'));
    const fields: Record<string, string | undefined> = {};
    for (const field of archetype.fields) {
      if (!field.prompt || flags[camelCase(field.key)] !== undefined) continue;
      const offered = suggestions.get(field.key)!;
      if (field.list) {
        console.log(`  existing ${field.key}: ${offered.join(', ')}`);
        fields[field.key] = await ask(field.prompt, offered[0]);
      } else {
        offered.forEach((name, index) => console.log(`  ${index + 1}. ${name}`));
        const choice = await ask(field.prompt, offered[0]);
        fields[field.key] = /^\d+$/.test(choice ?? '') ? (offered[Number(choice) - 1] ?? choice) : choice;
      }
    }
    return { title: answeredTitle, fields };
  } finally {
    prompt.close();
  }
}
