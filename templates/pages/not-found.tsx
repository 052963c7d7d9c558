import { blogPostPath } from '../../cli/route/urls.ts';
import Layout, { useTitle } from '../components/Layout.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/**
 * The 404 page. Static hosts serve it for every unknown path; under /blog/ a tiny inline script
 * swaps in the 'Post not found' message, since there an unknown path is an unknown post.
 */
export default function NotFoundPage() {
  const { model } = usePage();
  const { ui, blog } = model.data;
  const swap = `if(location.pathname.indexOf('${blogPostPath('')}')===0){var r=document.getElementById('not-found');r.querySelector('h1').textContent=r.dataset.postTitle;r.querySelector('.lead').textContent=r.dataset.postText;r.dataset.kind='post'}`;
  return (
    <Layout meta={{ title: useTitle(ui.notFound.metaTitle), description: ui.notFound.text, noindex: true }}>
      <section className="page-hero not-found" id="not-found" data-kind="page" data-post-title={blog.notFound.title} data-post-text={blog.notFound.text}>
        <div className="container narrow">
          <h1>{ui.notFound.title}</h1>
          <p className="lead">{ui.notFound.text}</p>
          <p className="post-back"><SiteLink link={blog.notFound.button} className="button button-primary" /></p>
          <h2 className="sidebar-heading">{ui.notFound.linksHeading}</h2>
          <ul className="not-found-links">
            {ui.notFound.links.map((link) => <li key={link.href}><SiteLink link={link} /></li>)}
          </ul>
        </div>
      </section>
      <script dangerouslySetInnerHTML={{ __html: swap }} />
    </Layout>
  );
}
