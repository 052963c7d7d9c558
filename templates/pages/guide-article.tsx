import { guidePath } from '../site/urls.ts';
import type { GuideTopic } from '../site/schemas/schemas.ts';
import Card from '../components/Card.tsx';
import Icon from '../components/Icon.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import NextSteps from '../components/NextSteps.tsx';
import PageHero from '../components/PageHero.tsx';
import Prose from '../components/Prose.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/**
 * A full guide article (/guides/content/{topic}) rendered from content/guides/{topic}.md, then
 * the next step: the other guides and the call to action. Where the guide's form leads: not
 * indexed by search engines or by the site's search.
 */
export default function GuideArticlePage({ topic }: { topic: GuideTopic }) {
  const { model, markdown } = usePage();
  const article = model.guides.find((g) => g.topic === topic)!;
  const guide = model.data.guides.find((g) => g.topic === topic)!;
  const { nextSteps, tableOfContents } = model.data.ui;
  const rendered = markdown.get(article.file)!;
  const sections = rendered.headings.filter((h) => h.depth === 2);
  const others = model.data.guides.filter((g) => g.topic !== topic);
  return (
    // The guide's form leads here: search engines and the site's own search leave the page out
    // (no search marks), so the overview with its form is the way in.
    <Layout meta={{ title: useTitle(article.title), description: article.description, type: 'article', noindex: true }}>
      <article className="article">
        <PageHero
          className="article-header"
          before={
            <>
              <SiteLink href={guidePath(topic)} className="back-link" data-pagefind-ignore="">
                <Icon name="arrow-left" size={16} />
                {guide.articleBackLabel}
              </SiteLink>
              <p className="badge">{guide.name}</p>
            </>
          }
          headline={article.title}
          text={article.description}
        />
        <div className="container article-layout">
          <nav className="toc" aria-labelledby="toc-heading" data-pagefind-ignore="">
            <h2 id="toc-heading" className="sidebar-heading">
              {tableOfContents}
            </h2>
            <ol>
              {sections.map((heading) => (
                <li key={heading.id}>
                  <SiteLink href={`#${heading.id}`}>{heading.text}</SiteLink>
                </li>
              ))}
            </ol>
          </nav>
          <Prose body={rendered} />
        </div>
      </article>
      {others.length > 0 ? (
        <NextSteps heading={nextSteps.moreGuidesHeading} max={4}>
          {others.map((other) => (
            <Card
              key={other.topic}
              title={other.name}
              text={other.navSummary}
              icon={other.icon}
              href={guidePath(other.topic)}
              cue={nextSteps.guideLinkLabel}
            />
          ))}
        </NextSteps>
      ) : null}
    </Layout>
  );
}
