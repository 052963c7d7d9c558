import Brand from './Brand.tsx';
import Icon from './Icon.tsx';
import SiteLink, { usePageHref } from './SiteLink.tsx';
import { usePage } from './page-context.ts';
import { useSharedMarkup } from './shared-markup.tsx';
import { mailtoHref } from '../../client/forms/mailto.ts';
import { newsletterThanksId } from '../site/urls.ts';

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
 * webhook (URL and timeout in data attributes) and shows `thanks` or `failure` in place. A bot
 * that fills the hidden `website` field gets the thank-you and sends nothing.
 *
 * Without JavaScript, with the site's lead endpoint, it posts form-encoded there as the form
 * `newsletter`: kept like the other forms' posts without a captcha (for review), and answered
 * with a 303 back to the page at `#newsletter-thanks`, the thank-you below (shown as the target).
 * Without the endpoint nothing could take such a post but the webhook, whose answer is JSON for
 * a script, a dead end for a visitor: the button stays disabled until the script runs, and the
 * form offers the contact email instead, as the lead forms do.
 */
function NewsletterForm() {
  const { model } = usePage();
  const { site, navigation, forms } = model.data;
  const text = navigation.footer.newsletter;
  const endpoint = site.leadEndpoint;
  return (
    <form
      id={newsletterFormId}
      className="footer-newsletter"
      {...(endpoint ? { method: 'post', action: endpoint } : {})}
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
        <button
          type="submit"
          className="newsletter-submit"
          aria-label={text.buttonLabel}
          // Enabled by client/site.ts: without the endpoint only the script can send it.
          disabled={!endpoint || undefined}
          data-newsletter-submit=""
        >
          <Icon name="arrow-right" size={18} />
        </button>
      </div>
      {endpoint ? (
        <input type="hidden" name="form" value="newsletter" />
      ) : (
        <p className="newsletter-noscript">
          {forms.noScript.text}{' '}
          {site.contact.email ? (
            <>
              {forms.noScript.emailLead}{' '}
              <a href={mailtoHref(site.contact.email, text.mailSubject)}>{site.contact.email}</a>
            </>
          ) : (
            forms.noScript.noEmail
          )}
        </p>
      )}
      <input type="hidden" name="source" value="newsletter" />
      <div className="newsletter-trap" aria-hidden="true">
        <label htmlFor="footer-website">{text.honeypotLabel}</label>
        <input id="footer-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="newsletter-message" role="status" data-newsletter-status="" data-thanks={text.thanks} />
      {endpoint ? (
        <p className="newsletter-message newsletter-thanks" id={newsletterThanksId} tabIndex={-1}>
          {text.thanks}
        </p>
      ) : null}
      <p className="newsletter-message newsletter-message-error" role="alert" data-newsletter-failure="" hidden>
        {text.failure}
      </p>
    </form>
  );
}
