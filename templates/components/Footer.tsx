import Brand from './Brand.tsx';
import Icon from './Icon.tsx';
import SiteLink, { usePageHref } from './SiteLink.tsx';
import { usePage } from './page-context.ts';
import { useSharedMarkup } from './shared-markup.tsx';

/** The id of the footer's newsletter form. */
const newsletterFormId = 'footer-newsletter';

/** The site footer: tagline, link columns, social names, newsletter field and copyright. */
export default function Footer() {
  const { route } = usePage();
  const href = usePageHref();
  // The same on every page: rendered once per build (see useSharedMarkup).
  const html = useSharedMarkup('footer', <FooterContents />);
  return (
    <>
      <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />
      {/* The one per-page part of the newsletter form, for a post without JavaScript (the
          script sends location.pathname instead); it joins the form through its form attribute. */}
      <input type="hidden" name="page" value={href(route.path)} form={newsletterFormId} />
    </>
  );
}

function FooterContents() {
  const { model, navigation } = usePage();
  const { site, navigation: nav } = model.data;
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-about">
          <Brand />
          <p>{site.footerTagline}</p>
          {nav.footer.social.length > 0 ? (
            <ul className="footer-social">
              {/* In the same tab, as the SPEC has them; rel="me": the company's own profiles. */}
              {nav.footer.social.map((profile) => (
                <li key={profile.name}>
                  <a href={profile.href} rel="me">
                    {profile.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {navigation.footerColumns.map((column) => (
          <nav className="footer-column" key={column.title} aria-label={column.title}>
            <h2 className="footer-heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <SiteLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <NewsletterForm />
      </div>
      <div className="container footer-bottom">
        <p>
          © {model.year} {site.brand}. {site.copyright}
        </p>
      </div>
    </>
  );
}

/**
 * The newsletter field, a lead like the forms: client/site.ts posts it as JSON to the form
 * webhook (URL and timeout in data attributes) and shows `thanks` or `failure` in place.
 * Without JavaScript it posts form-encoded to the same webhook. A bot that fills the hidden
 * `website` field gets the thank-you and sends nothing.
 */
function NewsletterForm() {
  const { model } = usePage();
  const { site, navigation } = model.data;
  const text = navigation.footer.newsletter;
  return (
    <form
      id={newsletterFormId}
      className="footer-newsletter"
      method="post"
      action={site.formWebhookUrl}
      aria-label={text.label}
      data-newsletter=""
      data-webhook-url={site.formWebhookUrl}
      data-timeout-seconds={site.formTimeoutSeconds}
    >
      <label htmlFor="footer-email" className="footer-heading">
        {text.label}
      </label>
      <div className="newsletter-row">
        <input
          id="footer-email"
          name="email"
          type="email"
          required
          placeholder={text.placeholder}
          autoComplete="email"
        />
        <button type="submit" className="newsletter-submit" aria-label={text.buttonLabel}>
          <Icon name="arrow-right" size={18} />
        </button>
      </div>
      <input type="hidden" name="source" value="newsletter" />
      <div className="newsletter-trap" aria-hidden="true">
        <label htmlFor="footer-website">{text.honeypotLabel}</label>
        <input id="footer-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="newsletter-message" role="status" data-newsletter-status="" data-thanks={text.thanks} />
      <p className="newsletter-message newsletter-message-error" role="alert" data-newsletter-failure="" hidden>
        {text.failure}
      </p>
    </form>
  );
}
