import type { FormConfig, FormMessages } from '../../client/forms/types.ts';
import { usePage } from './page-context.ts';

/** The webhook, captcha settings and messages every lead form island needs. */
export function useFormProps(): { config: FormConfig; messages: FormMessages } {
  const { model } = usePage();
  const { site, forms } = model.data;
  return {
    config: { webhookUrl: site.formWebhookUrl, recaptcha: site.recaptcha },
    messages: { submitting: forms.submitting, captcha: forms.captcha, failure: forms.failure },
  };
}

/** An image's props for an island, with its size from content/images. */
export function useSizedImage(): (src: string, alt: string) => { src: string; alt: string; width: number; height: number } {
  const { images } = usePage();
  return (src, alt) => {
    const size = images.get(src);
    if (!size) throw new Error(`image ${src} is not in content/images`);
    return { src, alt, ...size };
  };
}
