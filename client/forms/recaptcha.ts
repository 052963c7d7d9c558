/** The part of the reCAPTCHA v2 API the forms use (classic and Enterprise share it). */
export interface RecaptchaApi {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
  ready?(callback: () => void): void;
}

declare global {
  interface Window {
    grecaptcha?: RecaptchaApi & { enterprise?: RecaptchaApi };
    __onRecaptchaLoad?: () => void;
  }
}

/**
 * How long Google's script may take to load and report ready. A blocker that drops the request
 * fails it at once; one that lets api.js through but blocks what it loads next (gstatic.com)
 * leaves it hanging, which this turns into the same "unavailable" answer.
 */
export const recaptchaLoadTimeoutMs = 10_000;

let loading: Promise<RecaptchaApi> | undefined;

/**
 * Loads the reCAPTCHA script once, on demand (the first form that needs it), and resolves with
 * the API: `grecaptcha` or, for Enterprise keys, `grecaptcha.enterprise`. It rejects when the
 * script fails to load, loads without the API, or does not report ready within the time
 * allowed; the next call then tries again. Browser-only.
 */
export function loadRecaptcha(enterprise: boolean, timeoutMs = recaptchaLoadTimeoutMs): Promise<RecaptchaApi> {
  loading ??= new Promise<RecaptchaApi>((resolve, reject) => {
    const api = () => (enterprise ? window.grecaptcha?.enterprise : window.grecaptcha);
    // A script that finished loading after an earlier attempt gave up on it.
    const present = api();
    if (typeof present?.render === 'function') {
      resolve(present);
      return;
    }
    const fail = (reason: string) => {
      clearTimeout(timer);
      loading = undefined;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail(`reCAPTCHA did not load within ${timeoutMs / 1000} s`), timeoutMs);
    window.__onRecaptchaLoad = () => {
      clearTimeout(timer);
      const loaded = api();
      if (loaded) resolve(loaded);
      else fail('reCAPTCHA loaded without its API');
    };
    const script = document.createElement('script');
    const file = enterprise ? 'enterprise.js' : 'api.js';
    script.src = `https://www.google.com/recaptcha/${file}?onload=__onRecaptchaLoad&render=explicit`;
    script.async = true;
    script.defer = true;
    script.onerror = () => fail('reCAPTCHA script failed to load');
    document.head.append(script);
  });
  return loading;
}
