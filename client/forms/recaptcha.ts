/** The part of the reCAPTCHA v2 API the forms use (classic and Enterprise share it). */
export interface RecaptchaApi {
  render(container: HTMLElement, parameters: {
    sitekey: string;
    callback: (token: string) => void;
    'expired-callback': () => void;
    'error-callback': () => void;
  }): number;
  reset(widgetId?: number): void;
  ready?(callback: () => void): void;
}

declare global {
  interface Window {
    grecaptcha?: RecaptchaApi & { enterprise?: RecaptchaApi };
    __onRecaptchaLoad?: () => void;
  }
}

let loading: Promise<RecaptchaApi> | undefined;

/**
 * Loads the reCAPTCHA script once, on demand (the first form that needs it), and resolves with
 * the API: `grecaptcha` or, for Enterprise keys, `grecaptcha.enterprise`. Browser-only.
 */
export function loadRecaptcha(enterprise: boolean): Promise<RecaptchaApi> {
  loading ??= new Promise<RecaptchaApi>((resolve, reject) => {
    const api = () => (enterprise ? window.grecaptcha?.enterprise : window.grecaptcha);
    window.__onRecaptchaLoad = () => {
      const loaded = api();
      if (loaded) resolve(loaded);
      else reject(new Error('reCAPTCHA loaded without its API'));
    };
    const script = document.createElement('script');
    const file = enterprise ? 'enterprise.js' : 'api.js';
    script.src = `https://www.google.com/recaptcha/${file}?onload=__onRecaptchaLoad&render=explicit`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}
