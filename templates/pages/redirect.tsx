import Layout from '../components/Layout.tsx';
import { usePage } from '../components/page-context.ts';

/** A page left at an old address: refreshes to the new one, which it names as canonical and links. */
export default function RedirectPage({ to }: { to: string }) {
  const { model } = usePage();
  const { ui, site } = model.data;
  const target = site.siteUrl + to;
  return (
    <Layout
      bare
      meta={{
        title: `${ui.redirect.title} | ${site.brand}`,
        description: `${ui.redirect.text} ${to}`,
        canonical: target,
        noindex: true,
        head: <meta httpEquiv="refresh" content={`0; url=${to}`} />,
      }}
    >
      <main id="main" className="container narrow redirect">
        <h1>{ui.redirect.title}</h1>
        <p>
          {ui.redirect.text} <a href={to}>{to}</a>.
        </p>
      </main>
    </Layout>
  );
}
