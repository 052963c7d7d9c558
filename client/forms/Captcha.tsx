import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { loadRecaptcha, type RecaptchaApi } from './recaptcha.ts';

export interface CaptchaHandle {
  reset(): void;
}

export interface CaptchaProps {
  siteKey: string;
  enterprise: boolean;
  label: string;
  onToken: (token: string | null) => void;
  onExpired: () => void;
  onError: () => void;
}

/** The reCAPTCHA checkbox; the script loads when this component first mounts in the browser. */
const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha({ siteKey, enterprise, label, onToken, onExpired, onError }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: RecaptchaApi; id: number } | null>(null);
  const callbacks = useRef({ onToken, onExpired, onError });
  callbacks.current = { onToken, onExpired, onError };

  useImperativeHandle(ref, () => ({
    reset() {
      if (widget.current) widget.current.api.reset(widget.current.id);
    },
  }), []);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(enterprise).then((api) => {
      if (cancelled || !container.current || widget.current) return;
      const id = api.render(container.current, {
        sitekey: siteKey,
        callback: (token) => callbacks.current.onToken(token),
        'expired-callback': () => callbacks.current.onExpired(),
        'error-callback': () => callbacks.current.onError(),
      });
      widget.current = { api, id };
    }, () => {
      if (!cancelled) callbacks.current.onError();
    });
    return () => {
      cancelled = true;
    };
  }, [siteKey, enterprise]);

  return <div className="captcha" role="group" aria-label={label} ref={container} />;
});

export default Captcha;
