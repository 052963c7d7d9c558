import { z } from 'zod';
import { externalUrl, href, imagePath, lineText, link, text } from './fields.ts';
import { defaultTrailingSlash, redirectSource, siteOrigin, sitePath } from 'sitegen/site';

// The datasets every page uses: site settings, header and footer, redirects.

/** A reCAPTCHA site key: it goes into the page and Google's script URL, so only the characters keys use. */
export const recaptchaSiteKey = z
  .string()
  .regex(/^[\w-]{1,100}$/, 'expected a reCAPTCHA site key of letters, digits, "-" and "_"');

/**
 * An email address as it goes into a `mailto:` link and into page text: one `@`, a local part of
 * the characters addresses commonly use (no spaces, quotes, angle brackets or `%`), and a domain
 * of at least two dot-separated labels.
 */
export const emailAddressPattern =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._+-]{1,64}(?<!\.)@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** An email address field (see `emailAddressPattern`). */
export const emailAddress = z
  .string()
  .regex(emailAddressPattern, 'expected an email address such as hello@your-domain.com');

/**
 * How visitors reach the company besides the forms: the legal pages print both (see
 * cli/render/config-placeholders.ts) and a form whose captcha cannot load offers the email. Either
 * may be left out while the site is being prepared; `build --production` refuses that.
 */
export const contactSchema = z
  .object({
    email: emailAddress.optional(),
    /** One line: street, suite, city, state and postal code, country, separated by commas. */
    postalAddress: lineText(200).optional(),
  })
  .strict();

/** content/data/site.json: brand, URLs of the services the site talks to, footer text. */
export const siteSchema = z
  .object({
    brand: text,
    description: text,
    siteUrl: siteOrigin,
    locale: text,
    chatPersonaUrl: externalUrl,
    schedulingUrl: externalUrl,
    formWebhookUrl: externalUrl,
    /**
     * The site's own lead endpoint the forms post to (server/leads/, docs/receiving-leads.md):
     * `/api/leads`. Without it they post to formWebhookUrl as they always have.
     */
    leadEndpoint: z
      .string()
      .regex(/^\/[a-z0-9/_-]*$/, "expected the path of the site's lead endpoint, /api/leads")
      .optional(),
    /** Seconds a form waits for the webhook before it shows the failure message. */
    formTimeoutSeconds: z.number().int().min(1).max(120).default(15),
    recaptcha: z.object({ siteKey: recaptchaSiteKey, enterprise: z.boolean() }).strict(),
    contact: contactSchema.default({}),
    footerTagline: text,
    copyright: text,
    socialImage: imagePath,
    /** Whether page addresses end in `/` (see cli/route/trailing-slash.ts); files are written to match. */
    trailingSlash: z.enum(['always', 'never']).default(defaultTrailingSlash),
  })
  .strict();

const menu = z
  .object({
    id: z.enum(['services', 'guides']),
    label: text,
    /** Where the menu's overview link goes; on the home page it scrolls to that section. */
    anchor: href,
    overviewLabel: text,
  })
  .strict();

/** content/data/navigation.json: the header menus and links, and the footer. */
export const navigationSchema = z
  .object({
    header: z
      .object({
        menus: z.array(menu).length(2),
        links: z.array(link).min(1),
        cta: link,
        openMenuLabel: text,
        closeMenuLabel: text,
      })
      .strict(),
    footer: z
      .object({
        servicesTitle: text,
        columns: z.array(z.object({ title: text, links: z.array(link).min(1) }).strict()).min(1),
        /**
         * The company's profiles elsewhere, each a link in the footer (in the same tab, as the SPEC
         * has them). A network the company is not on is left out of the list.
         */
        social: z.array(z.object({ name: text, href: externalUrl }).strict()),
        /** The footer's email field; `thanks` and `failure` are shown in place after a submit. */
        newsletter: z
          .object({
            label: text,
            placeholder: text,
            buttonLabel: text,
            thanks: text,
            failure: text,
            honeypotLabel: text,
            /** The subject of the email offered in its place when it cannot be sent (no JavaScript, no endpoint). */
            mailSubject: lineText(120),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

/** content/data/redirects.json: old paths and where they now lead. */
export const redirectsSchema = z.array(
  z
    .object({
      from: redirectSource,
      to: sitePath,
    })
    .strict(),
);
