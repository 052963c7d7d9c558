import { guidePath } from '../../cli/route/urls.ts';
import type { GuideTopic } from '../../cli/site-model/schemas.ts';
import Icon from '../components/Icon.tsx';
import Layout, { useTitle } from '../components/Layout.tsx';
import Prose from '../components/Prose.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** A full guide article (/guides/content/{topic}) rendered from content/guides/{topic}.md. */
export default function GuideArticlePage({ topic }: { topic: GuideTopic }) {
  const { model, markdown } = usePage();
  const article = model.guides.find((g) => g.topic === topic)!;
  const guide = model.data.guides.find((g) => g.topic === topic)!;
  const rendered = markdown.get(article.file)!;
  const sections = rendered.headings.filter((h) => h.depth === 2);
  return (
    <Layout meta={{ title: useTitle(article.title), description: article.description, type: 'article' }}>
      <article className="article">
        <header className="article-header">
          <div className="container narrow">
            <SiteLink href={guidePath(topic)} className="back-link"><Icon name="arrow-left" size={16} />{guide.articleBackLabel}</SiteLink>
            <p className="badge">{guide.name}</p>
            <h1>{article.title}</h1>
            <p className="lead">{article.description}</p>
          </div>
        </header>
        <div className="container article-layout">
          <nav className="toc" aria-labelledby="toc-heading">
            <h2 id="toc-heading" className="sidebar-heading">{model.data.ui.tableOfContents}</h2>
            <ol>
              {sections.map((heading) => <li key={heading.id}><SiteLink href={`#${heading.id}`}>{heading.text}</SiteLink></li>)}
            </ol>
          </nav>
          <Prose body={rendered} />
        </div>
      </article>
    </Layout>
  );
}
