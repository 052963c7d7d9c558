import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Command } from 'commander';
import { SiteError } from '../errors.ts';
import { contentFolder, datasetFile } from '../project-layout.ts';
import { postSlugFromTitle } from '../route/slugs.ts';
import { defaultTrailingSlash, pageHref } from '../route/trailing-slash.ts';
import { absoluteUrl, blogPostPath, withoutTrailingSlash } from '../route/urls.ts';
import type { NewPostFields } from './new-post-scaffold.ts';

interface NewPostFlags {
  slug?: string;
  category?: string;
  tags?: string;
  excerpt?: string;
  date?: string;
  draft?: boolean;
  content: string;
}

/** `new-post`: scaffolds content/posts/<slug>.md with valid front matter; never overwrites. */
export function createNewPostCommand(): Command {
  return new Command('new-post')
    .description('Create a blog post with complete front matter and a body skeleton.')
    .argument('[title]', 'the post title, in quotes')
    .option('--slug <slug>', 'URL slug (default: from the title)')
    .option('--category <name>', 'category (default: the most used one)')
    .option('--tags <list>', 'comma-separated tags (default: the most used tag)')
    .option('--excerpt <text>', 'one or two sentences for cards and the meta description')
    .option('--date <YYYY-MM-DD>', 'publication date (default: today)')
    .option('--draft', 'mark as draft: left out of build unless --drafts, always shown by dev')
    .option('--content <dir>', 'content folder', 'content')
    .action(async (titleArgument: string | undefined, flags: NewPostFlags) => {
      const contentDir = path.resolve(flags.content);
      // The content loader and the schemas (YAML, front matter, zod) load only when this command
      // runs: every other command starts without them.
      const [{ loadJson, loadMarkdownFolder }, { checkNewPost, existingTaxonomy, prepareNewPost, today }] = await Promise.all([
        import('../load/load-content.ts'),
        import('./new-post-scaffold.ts'),
      ]);
      const posts = await loadMarkdownFolder(contentFolder(contentDir, 'posts'));
      const taxonomy = existingTaxonomy(posts);
      const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
      const answers = interactive ? await askMissing(titleArgument, flags, taxonomy) : { title: titleArgument, category: flags.category, tags: flags.tags };
      const title = (answers.title ?? '').trim();
      const fields: NewPostFields = {
        title,
        slug: flags.slug ?? slugFromTitle(title),
        category: (answers.category ?? taxonomy.categories[0] ?? 'General').trim(),
        tags: splitTags(answers.tags) ?? taxonomy.tags.slice(0, 1),
        excerpt: flags.excerpt ?? `What “${title}” covers, in one or two sentences for the blog list and search results.`,
        date: flags.date ?? today(),
        draft: flags.draft ?? false,
      };
      checkNewPost(fields, taxonomy.slugs);
      const file = path.join(contentFolder(contentDir, 'posts'), `${fields.slug}.md`);
      // Validated and read back before anything is written: a refused post leaves no file.
      const text = prepareNewPost(fields, file);
      try {
        // 'wx' fails if the file exists, even if it appeared since the check above.
        await writeFile(file, text, { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new SiteError({ code: 'new-post.file-exists', message: 'this file already exists and was left untouched', file, hint: 'Choose another title or pass --slug.' });
        }
        throw error;
      }
      if (!taxonomy.categories.includes(fields.category)) {
        console.warn(`warning: "${fields.category}" is a new category (existing: ${taxonomy.categories.join(', ') || 'none'})`);
      }
      const site = await loadJson('site', datasetFile(contentDir, 'site')).catch(() => undefined);
      const siteConfig = site?.value as { siteUrl?: string; trailingSlash?: string } | undefined;
      const siteUrl = withoutTrailingSlash(String(siteConfig?.siteUrl ?? ''));
      const policy = siteConfig?.trailingSlash === 'never' ? 'never' : defaultTrailingSlash;
      console.log(`Created ${path.relative(process.cwd(), file)}`);
      console.log(`URL: ${absoluteUrl(siteUrl, pageHref(blogPostPath(fields.slug), policy))}${fields.draft ? ' (draft: shown by dev, left out of build unless --drafts)' : ''}`);
    });
}

/** Longest slug new-post derives from a title: long titles get their first words, cut at a hyphen. */
const derivedSlugLength = 80;

function slugFromTitle(title: string): string {
  const slug = postSlugFromTitle(title);
  if (slug.length <= derivedSlugLength) return slug;
  const cut = slug.slice(0, derivedSlugLength + 1);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : derivedSlugLength).replace(/-+$/, '');
}

function splitTags(text: string | undefined): string[] | undefined {
  const tags = text?.split(',').map((tag) => tag.trim()).filter(Boolean);
  return tags && tags.length > 0 ? tags : undefined;
}

/** Asks, on a terminal, for the fields not given as arguments. */
async function askMissing(title: string | undefined, flags: NewPostFlags, taxonomy: { categories: string[]; tags: string[] }) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const ask = async (question: string, fallback?: string) => {
      const answer = (await prompt.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)).trim();
      return answer || fallback;
    };
    const answeredTitle = title ?? (await ask('Title'));
    let category = flags.category;
    if (!category) {
      taxonomy.categories.forEach((name, index) => console.log(`  ${index + 1}. ${name}`));
      const choice = await ask('Category (number or a new name)', taxonomy.categories[0]);
      category = /^\d+$/.test(choice ?? '') ? taxonomy.categories[Number(choice) - 1] ?? choice : choice;
    }
    let tags = flags.tags;
    if (!tags) {
      console.log(`  existing tags: ${taxonomy.tags.join(', ')}`);
      tags = await ask('Tags, comma-separated', taxonomy.tags[0]);
    }
    return { title: answeredTitle, category, tags };
  } finally {
    prompt.close();
  }
}
