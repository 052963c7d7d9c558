import Brand from './Brand.tsx';
import Icon from './Icon.tsx';
import SiteLink from './SiteLink.tsx';
import { usePage } from './page-context.ts';
import { useSharedMarkup } from './shared-markup.tsx';

/** The site footer: tagline, link columns, social names, newsletter field and copyright. */
export default function Footer() {
  // The same on every page: rendered once per build (see useSharedMarkup).
  const html = useSharedMarkup('footer', <FooterContents />);
  return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />;
}

function FooterContents() {
  const { model, navigation } = usePage();
  const { site, navigation: nav } = model.data;
  const year = new Date().getUTCFullYear();
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-about">
          <Brand />
          <p>{site.footerTagline}</p>
          <ul className="footer-social">
            {nav.footer.social.map((name) => (
              // The SPEC names these networks without addresses; they stay placeholders.
              <li key={name}><a href="#">{name}</a></li>
            ))}
          </ul>
        </div>
        {navigation.footerColumns.map((column) => (
          <nav className="footer-column" key={column.title} aria-label={column.title}>
            <h2 className="footer-heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}><SiteLink link={link} /></li>
              ))}
            </ul>
          </nav>
        ))}
        <form className="footer-newsletter" data-newsletter="" aria-label={nav.footer.newsletter.label}>
          <label htmlFor="footer-email" className="footer-heading">{nav.footer.newsletter.label}</label>
          <div className="newsletter-row">
            <input id="footer-email" name="email" type="email" placeholder={nav.footer.newsletter.placeholder} autoComplete="email" />
            <button type="submit" className="newsletter-submit" aria-label={nav.footer.newsletter.buttonLabel}>
              <Icon name="arrow-right" size={18} />
            </button>
          </div>
        </form>
      </div>
      <div className="container footer-bottom">
        <p>© {year} {site.brand}. {site.copyright}</p>
      </div>
    </>
  );
}
