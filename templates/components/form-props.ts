import type { FormConfig, FormMessages } from '../../client/forms/types.ts';
import { pictureSources } from 'sitegen/site';
import type { PictureImage } from './Picture.tsx';
import { usePage } from './page-context.ts';
import { usePageHref } from './SiteLink.tsx';
import { legalPath } from '../site/urls.ts';

/** The webhook or the lead endpoint, the timeout, captcha settings, the contact email and the messages every lead form island needs. */
export function useFormProps(): { config: FormConfig; messages: FormMessages } {
  const { model } = usePage();
  const { site, forms } = model.data;
  const href = usePageHref();
  return {
    config: {
      webhookUrl: site.formWebhookUrl,
      ...(site.leadEndpoint ? { endpoint: site.leadEndpoint } : {}),
      timeoutSeconds: site.formTimeoutSeconds,
      recaptcha: site.recaptcha,
      ...(site.contact.email ? { contactEmail: site.contact.email } : {}),
    },
    messages: {
      submitting: forms.submitting,
      captcha: forms.captcha,
      failure: forms.failure,
      noScript: forms.noScript,
      honeypotLabel: forms.endpoint.honeypotLabel,
      fieldProblems: forms.fieldProblems,
      privacy: { label: forms.privacyLink, href: href(legalPath('privacy')) },
    },
  };
}

/**
 * An image's props for an island (rendered with Picture): its size from content/images and,
 * for a raster image, its variants with the `sizes` of the place the island shows it in.
 */
export function useSizedImage(): (src: string, alt: string, sizes?: string) => PictureImage {
  const { images } = usePage();
  return (src, alt, sizes) => {
    const entry = images.get(src);
    if (!entry) throw new Error(`image ${src} is not in content/images`);
    return {
      ...pictureSources(src, entry),
      alt,
      width: entry.width,
      height: entry.height,
      ...(entry.variants && sizes ? { sizes } : {}),
    };
  };
}
