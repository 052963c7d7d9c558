// What the lead endpoint needs of the site's content, handed to it by the build
// (`server.data` in sitegen.config.ts): where each form lives and where its success leads, the
// captcha settings, and the words of the page a form sent without JavaScript gets back.
import { pageHref } from 'sitegen/site';
import { isSitePath, type FieldProblem, type LeadFormName } from '../../client/forms/lead-schema.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import {
  gettingStartedPath,
  guideArticlePath,
  guidePath,
  homePath,
  newsletterThanksId,
  toolkitFilesPath,
  toolkitPath,
} from '../../templates/site/urls.ts';

/** One form's place: the page it is on, where a success leads, and its fields' labels. */
export interface FormPlace {
  page: string;
  success: string;
  labels: Record<string, string>;
}

export interface LeadData {
  recaptcha: { siteKey: string; enterprise: boolean };
  consultation: FormPlace;
  toolkit: FormPlace;
  /** A guide form by the guide's name: each guide's page and article. */
  guides: Record<string, FormPlace>;
  /** The footer's newsletter field: on every page, so its place is the home page's until a post names its own. */
  newsletter: FormPlace;
  texts: {
    /** SPEC section 8: what any failure says. */
    failure: string;
    title: string;
    intro: string;
    problems: Record<FieldProblem, string>;
    tooMany: string;
    back: string;
  };
}

/** The endpoint's data, from the site's model. */
export function leadData(model: SiteModel): LeadData {
  const { site, forms, guides, navigation } = model.data;
  const href = (path: string) => pageHref(path, site.trailingSlash);
  const guideLabels = {
    name: forms.guide.name.label,
    email: forms.guide.email.label,
    company: forms.guide.company.label,
  };
  return {
    recaptcha: site.recaptcha,
    consultation: {
      page: href(gettingStartedPath),
      success: site.schedulingUrl,
      labels: {
        name: forms.consultation.name.label,
        email: forms.consultation.email.label,
        company: forms.consultation.company.label,
        message: forms.consultation.message.label,
        interest: forms.consultation.interest.label,
      },
    },
    toolkit: {
      page: href(toolkitPath),
      success: href(toolkitFilesPath),
      labels: {
        name: forms.toolkit.name.label,
        email: forms.toolkit.email.label,
        company: forms.toolkit.organization.label,
      },
    },
    guides: Object.fromEntries(
      guides.map((guide) => [
        guide.guideName,
        { page: href(guidePath(guide.topic)), success: href(guideArticlePath(guide.topic)), labels: guideLabels },
      ]),
    ),
    newsletter: newsletterPlace(href(homePath), { email: navigation.footer.newsletter.label }),
    texts: { failure: forms.failure, ...forms.endpoint },
  };
}

/** The newsletter field on `page`: a success goes back to it, at the thank-you its footer shows then. */
function newsletterPlace(page: string, labels: Record<string, string>): FormPlace {
  return { page, success: `${page}#${newsletterThanksId}`, labels };
}

/**
 * The place of the form a lead came from; undefined for a guide name the site does not have. The
 * newsletter's is the page the post names when that is a path of the site, else the home page's.
 */
export function formPlace(data: LeadData, form: LeadFormName, fields: Record<string, string>): FormPlace | undefined {
  if (form === 'guide')
    return Object.hasOwn(data.guides, fields.guide_name ?? '') ? data.guides[fields.guide_name!] : undefined;
  if (form === 'newsletter') {
    const page = fields.page ?? '';
    return isSitePath(page) ? newsletterPlace(page, data.newsletter.labels) : data.newsletter;
  }
  return data[form];
}
