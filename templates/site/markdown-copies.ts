import { markdownLink, markdownText, pageHref, type MarkdownCopySpec } from 'sitegen/site';
import type { Post, SiteModel } from './model.ts';
import type { Link, Section } from './schemas/schemas.ts';

// The Markdown copy of each page the site offers answer engines (docs/answer-engines.md): a
// post's is its body as written; a page made from data gets the Markdown of its main content,
// from the same data its template renders, so the copy says what the page says. The engine
// makes every site path in it absolute. The full guide articles are not copied: they are what
// the lead forms give away. Section names and llms.txt's words are in content/data/llms.json.

type Sections = SiteModel['data']['llms']['sections'];
type Audience = SiteModel['data']['audiences'][number];
type Guide = SiteModel['data']['guides'][number];
type Item = Section['items'][number];

/** A blog post's copy: its body as its author wrote it. */
export function postCopy(model: SiteModel, post: Post): MarkdownCopySpec {
  return {
    section: model.data.llms.sections.blog,
    title: post.title,
    description: post.excerpt,
    date: post.date,
    tags: post.tags,
    body: { file: post.file },
  };
}

/** An audience page's copy: its hero, sections and closing call. */
export function audienceCopy(model: SiteModel, audience: Audience): MarkdownCopySpec {
  const { hero, sections, closing } = audience;
  return dataCopy(model.data.llms.sections, 'services', hero.headline, audience.meta.description, [
    paragraph(hero.text),
    links(model, [hero.primary, hero.secondary]),
    ...sections.map((section) => sectionMarkdown(model, section)),
    closingMarkdown(model, closing.heading, closing.text, [closing.primary, closing.secondary]),
  ]);
}

/** A guide overview's copy: what the guide teaches and where its form is; never the guide itself. */
export function guideCopy(model: SiteModel, guide: Guide): MarkdownCopySpec {
  const { overview } = guide;
  return dataCopy(model.data.llms.sections, 'guides', overview.headline, overview.meta.description, [
    paragraph(overview.intro),
    heading(overview.featuresHeading),
    itemList(overview.features),
    heading(overview.formHeading),
    paragraph(overview.formIntro),
    links(model, [{ text: overview.scrollLabel, href: '#guide-form' }]),
  ]);
}

/** The case studies page's copy: its figures, each customer's words with a link to their video, the guide it promotes and its closing call. */
export function caseStudiesCopy(model: SiteModel): MarkdownCopySpec {
  const page = model.data['case-studies'];
  return dataCopy(model.data.llms.sections, 'caseStudies', page.hero.headline, page.meta.description, [
    paragraph(page.hero.text),
    page.stats.map((stat) => `- **${markdownText(stat.value)}** ${markdownText(stat.label)}`).join('\n'),
    heading(page.gridHeading),
    ...page.studies.map((study) =>
      [
        `### ${markdownText(study.company)}`,
        `> ${markdownText(study.quote)}`,
        `${markdownText(`${study.name}, ${study.title}`)}: ${markdownLink(`${page.watchLabel} (${study.company})`, study.videoUrl)}`,
      ].join('\n\n'),
    ),
    closingMarkdown(model, page.promo.heading, page.promo.text, [page.promo.cta]),
    closingMarkdown(model, page.closing.heading, page.closing.text, [page.closing.primary, page.closing.secondary]),
  ]);
}

/** The page about the company's engineers (/humans): hero, sections and closing call. */
export function humansCopy(model: SiteModel): MarkdownCopySpec {
  const page = model.data.humans;
  return dataCopy(model.data.llms.sections, 'company', page.hero.headline, page.meta.description, [
    paragraph(page.hero.text),
    links(model, [page.hero.cta]),
    ...page.sections.map((section) => sectionMarkdown(model, section)),
    ...(page.closing ? [closingMarkdown(model, page.closing.heading, page.closing.text, [page.closing.primary])] : []),
  ]);
}

/** The consultation page's copy: the engagement steps, what the form asks and what happens after it, and why partner. */
export function gettingStartedCopy(model: SiteModel): MarkdownCopySpec {
  const page = model.data['getting-started'];
  const { form } = page;
  return dataCopy(model.data.llms.sections, 'company', page.hero.headline, page.meta.description, [
    paragraph(page.hero.text),
    ...page.sections.slice(0, 1).map((section) => sectionMarkdown(model, section)),
    heading(form.heading),
    paragraph(form.intro),
    links(model, [{ text: page.hero.cta.text, href: `#${form.id}` }]),
    ...(form.aside ? [`### ${markdownText(form.aside.heading)}`, itemList(form.aside.items)] : []),
    ...page.sections.slice(1).map((section) => sectionMarkdown(model, section)),
  ]);
}

function dataCopy(
  sections: Sections,
  section: keyof Sections,
  title: string,
  description: string,
  blocks: string[],
): MarkdownCopySpec {
  return {
    section: sections[section],
    title,
    description,
    body: { markdown: `${blocks.filter((block) => block !== '').join('\n\n')}\n` },
  };
}

function paragraph(text: string): string {
  return markdownText(text);
}

function heading(text: string): string {
  return `## ${markdownText(text)}`;
}

/** Links as the pages write them: a site path under the site's trailing-slash policy (the engine makes it absolute). */
function links(model: SiteModel, list: readonly Link[]): string {
  return list.map((link) => markdownLink(link.text, pageHref(link.href, model.data.site.trailingSlash))).join(' · ');
}

/** A list of items as the page shows them: steps numbered, anything else as points. */
function itemList(items: readonly Item[], numbered = false): string {
  return items
    .map(
      (item, index) =>
        `${numbered ? `${index + 1}.` : '-'} **${markdownText(item.title)}**: ${markdownText(item.description)}`,
    )
    .join('\n');
}

function sectionMarkdown(model: SiteModel, section: Section): string {
  return [
    heading(section.heading),
    ...(section.intro ? [paragraph(section.intro)] : []),
    itemList(section.items, section.layout === 'steps'),
    ...(section.cta ? [links(model, [section.cta])] : []),
  ].join('\n\n');
}

function closingMarkdown(model: SiteModel, title: string, text: string, actions: readonly Link[]): string {
  return [heading(title), paragraph(text), links(model, actions)].join('\n\n');
}
