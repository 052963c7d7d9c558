// The marketing site, as the engine builds it: its content and schemas, its model, routes and
// redirects, its pages and islands, its share card, what it adds to the headers, the checks a
// production build makes, the new-post archetype and what it adds to the dev server.
import { defineSite } from 'sitegen/site';
import { islands } from './client/islands/index.ts';
import { parseVideoUrl, videoFrameSources } from './client/video-url.ts';
import { renderSitePage, templateFileOf } from './templates/pages/index.tsx';
import { postArchetype } from './templates/site/archetypes.ts';
import { siteDevSetup } from './templates/site/dev-setup.ts';
import { siteErrors } from './templates/site/errors.ts';
import { buildSiteModel, postSlugOf } from './templates/site/model.ts';
import { siteEnvOverrides, siteOverridesFromEnv } from './templates/site/overrides.ts';
import { productionConfigProblems } from './templates/site/production.ts';
import { siteRedirects, siteRoutes, type SitePage } from './templates/site/routes.ts';
import { isPlaceholderTag } from './templates/site/legal-placeholders.ts';
import { dataSchemas, legalFrontMatterSchema, postFrontMatterSchema } from './templates/site/schemas/schemas.ts';
import { guideArticleFrontMatterSchema } from './templates/site/schemas/articles.ts';
import { shareCard } from './templates/site/share-card.ts';
import { blogPostPath, blogPostsIndexPath, leadEndpointPath, searchPath } from './templates/site/urls.ts';
import { postsIndex } from './templates/site/blog-list.ts';
import { blogFeeds } from './templates/site/feeds.ts';
import { leadData } from './server/leads/lead-data.ts';
import { leadVariables } from './server/leads/lead-variables.ts';
import { checkFormsLead } from './server/leads/check-forms-lead.ts';

/** Where Google documents reCAPTCHA's script and frames (classic and Enterprise share them). */
const recaptchaScripts = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const recaptchaFrames = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** The origin of a service URL as a CSP source; none for one that is not absolute. */
function originOf(url: string): string[] {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}

export default defineSite({
  name: 'Checkpoint QA website',
  errors: siteErrors,
  content: {
    collections: {
      // A post is content/posts/<slug>.md, or a page bundle content/posts/<slug>/index.md with its images and files beside it.
      posts: {
        folder: 'posts',
        schema: postFrontMatterSchema,
        dated: true,
        bundles: { page: (entry) => blogPostPath(postSlugOf(entry)) },
      },
      guides: { folder: 'guides', schema: guideArticleFrontMatterSchema },
      // The legal pages' {{siteUrl}} and the like are filled in from site.json (legal-placeholders.ts).
      legal: { folder: 'legal', schema: legalFrontMatterSchema, placeholders: isPlaceholderTag },
      // The toolkit texts /pom-files shows once its form is sent: shown as written.
      toolkit: { folder: 'toolkit' },
    },
    data: dataSchemas,
    images: 'images',
  },
  // The captcha secret and verification address are read only to refuse a production build without them (production.ts).
  env: [...Object.keys(siteEnvOverrides), 'RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL'],
  model: buildSiteModel,
  settings: (model) => ({
    siteUrl: model.data.site.siteUrl,
    trailingSlash: model.data.site.trailingSlash,
    language: model.data.site.locale,
  }),
  routes: siteRoutes,
  redirects: siteRedirects,
  render: renderSitePage,
  redirectPage: (to): SitePage => ({ kind: 'redirect', to }),
  templateFile: templateFileOf,
  client: {
    styles: 'templates/styles/site.css',
    script: 'client/site.ts',
    hydrate: 'client/hydrate.ts',
    islands: Object.fromEntries(Object.keys(islands).map((name) => [name, `client/islands/${name}.tsx`])),
  },
  shareCard,
  feeds: blogFeeds,
  // The summaries the blog's explorer filters over, fetched when a visitor first filters.
  files: (model, { images }) => [{ path: blogPostsIndexPath, contents: JSON.stringify(postsIndex(model, images)) }],
  csp: (model) => ({
    'script-src': recaptchaScripts,
    'frame-src': [...recaptchaFrames, ...videoFrameSources],
    // Forms post to the webhook with fetch, and the footer form without JavaScript. A lead form
    // sent to the site's own endpoint without JavaScript is redirected to the scheduling page,
    // and form-action governs where a form's redirects may lead too.
    'connect-src': originOf(model.data.site.formWebhookUrl),
    'form-action': [
      ...originOf(model.data.site.formWebhookUrl),
      ...(model.data.site.leadEndpoint ? originOf(model.data.site.schedulingUrl) : []),
    ],
  }),
  // Posts, guide overviews, service pages and case studies mark themselves (Layout.tsx); /search
  // runs it. Code blocks make poor excerpts: search leaves them out.
  search: { page: searchPath, ignore: ['pre'] },
  // The index of the pages' Markdown copies (templates/site/markdown-copies.ts), in the order of content/data/llms.json.
  llms: (model) => {
    const { llms, site } = model.data;
    return { title: site.brand, summary: llms.summary, sections: Object.values(llms.sections), full: llms.full };
  },
  // An iframe in a post or guide is shown when it is a video the site plays, as the same click-to-load player (Prose.tsx).
  markdown: {
    theme: 'github-dark-default',
    embeds: { accepts: (src) => parseVideoUrl(src) !== null, description: 'videos from YouTube and Wistia' },
  },
  productionProblems: (model, content, options) =>
    productionConfigProblems(model.data.site, {
      siteJson: content.raw.data.get('site'),
      overrides: siteOverridesFromEnv(options.env),
      siteUrlFlag: Boolean(options.siteUrl),
      env: options.env,
    }),
  archetypes: { post: postArchetype },
  // The three forms post to one webhook (SPEC section 7), or to the site's lead endpoint when the
  // build names it; a test lead, marked as one, checks it (signed for the endpoint: server/leads/).
  forms: (model) => [
    model.data.site.leadEndpoint
      ? {
          name: 'lead endpoint',
          url: `${model.data.site.siteUrl}${model.data.site.leadEndpoint}`,
          body: checkFormsLead(process.env.RECAPTCHA_SECRET_KEY),
        }
      : {
          name: 'lead webhook',
          url: model.data.site.formWebhookUrl,
          body: {
            name: 'sitegen check-forms',
            email: 'check-forms@example.com',
            company: '',
            message: 'A test lead sent by sitegen check-forms: discard it.',
            interest: 'Unsure / Other',
            test: 'true',
            submissionId: 'check-forms',
          },
        },
  ],
  dev: siteDevSetup,
  // The lead endpoint the forms post to when the build names it (leadEndpoint, LEAD_ENDPOINT):
  // docs/receiving-leads.md. Its leads live in one SQL database: D1 on Cloudflare, a SQLite file
  // (LEADS_DB) in dev and preview; Netlify Blobs on Netlify.
  server: {
    name: 'checkpoint-site',
    routes: { [leadEndpointPath]: 'server/leads/lead-handler.ts' },
    env: leadVariables,
    data: leadData,
    databases: {
      LEADS: {
        migrations: 'server/migrations',
        file: { variable: 'LEADS_DB', default: '.sitegen/leads.sqlite' },
        d1: {
          databaseName: 'checkpoint-leads',
          ...(process.env.LEADS_D1_DATABASE_ID ? { databaseId: process.env.LEADS_D1_DATABASE_ID } : {}),
        },
      },
    },
    bindings: { netlify: 'server/netlify-bindings.ts' },
    commands: { leads: 'server/leads-command.ts' },
  },
});
