import Icon from '../components/Icon.tsx';
import { blogPostPath, searchPath } from '../site/urls.ts';
import Layout, { useTitle } from '../components/Layout.tsx';
import PageHero from '../components/PageHero.tsx';
import SiteLink, { usePageHref } from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/**
 * The 404 page. Static hosts serve it for every unknown path, so its first action leads home (a
 * mistyped address wants the home page), then popular pages. Under /blog/ an unknown path is an
 * unknown post: a tiny inline script swaps in 'Post not found' and makes the first action 'Back to Blog'.
 * A search field sends the visitor's words to the search page (`/search/?q=…`).
 */
export default function NotFoundPage() {
  const { model } = usePage();
  const { ui, blog } = model.data;
  const href = usePageHref();
  const swap = `if(location.pathname.indexOf('${blogPostPath('')}')===0){var r=document.getElementById('not-found'),d=r.dataset,b=r.querySelector('.not-found-home');r.querySelector('h1').textContent=d.postTitle;r.querySelector('.lead').textContent=d.postText;b.textContent=d.postButton;b.href=d.postHref;d.kind='post'}`;
  return (
    <Layout meta={{ title: useTitle(ui.notFound.metaTitle), description: ui.notFound.text, noindex: true }}>
      <div
        id="not-found"
        className="not-found"
        data-kind="page"
        data-post-title={blog.notFound.title}
        data-post-text={blog.notFound.text}
        data-post-button={blog.notFound.button.text}
        data-post-href={href(blog.notFound.button.href)}
      >
        <PageHero narrow headline={ui.notFound.title} text={ui.notFound.text}>
          <SiteLink link={ui.notFound.home} className="button button-primary button-large not-found-home" />
        </PageHero>
        <div className="container narrow not-found-more">
          <form role="search" className="not-found-search" action={href(searchPath)} method="get">
            <label htmlFor="not-found-query" className="search-label">
              {ui.notFound.search.label}
            </label>
            <div className="search-field search-field-large">
              <input
                id="not-found-query"
                type="search"
                name="q"
                placeholder={ui.notFound.search.placeholder}
                autoComplete="off"
              />
              <button type="submit" className="search-submit" aria-label={ui.notFound.search.submit}>
                <Icon name="search" size={20} />
              </button>
            </div>
          </form>
          <nav aria-labelledby="not-found-links-heading">
            <h2 id="not-found-links-heading" className="sidebar-heading">
              {ui.notFound.linksHeading}
            </h2>
            <ul className="not-found-links">
              {ui.notFound.links.map((link) => (
                <li key={link.href}>
                  <SiteLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <script dangerouslySetInnerHTML={{ __html: swap }} />
    </Layout>
  );
}
