import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { loadRecaptcha, type RecaptchaApi } from './recaptcha.ts';

export interface CaptchaHandle {
  reset(): void;
  /** Moves focus to the widget's group (after the visitor asked to load it again). */
  focus(): void;
}

export interface CaptchaProps {
  siteKey: string;
  enterprise: boolean;
  label: string;
  onToken: (token: string | null) => void;
  onExpired: () => void;
  /** The widget reported an error (Google's `error-callback`). */
  onError: () => void;
  /** The widget is on screen. */
  onReady: () => void;
  /** Google's script could not load (blocked, offline, no answer in time): no widget will come. */
  onUnavailable: () => void;
}

/**
 * The reCAPTCHA checkbox; the script loads when this component first mounts in the browser.
 * Its box keeps the widget's height while the script loads (so the page does not jump when it
 * arrives); a form unmounts it when the script cannot load.
 */
const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { siteKey, enterprise, label, onToken, onExpired, onError, onReady, onUnavailable },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: RecaptchaApi; id: number } | null>(null);
  const callbacks = useRef({ onToken, onExpired, onError, onReady, onUnavailable });
  callbacks.current = { onToken, onExpired, onError, onReady, onUnavailable };

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        if (widget.current) widget.current.api.reset(widget.current.id);
      },
      focus() {
        container.current?.focus();
      },
    }),
    [],
  );

  useEffect(() => fitWidget(container.current), []);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(enterprise).then(
      (api) => {
        if (cancelled || !container.current || widget.current) return;
        let id: number;
        try {
          id = api.render(container.current, {
            sitekey: siteKey,
            callback: (token) => callbacks.current.onToken(token),
            'expired-callback': () => callbacks.current.onExpired(),
            'error-callback': () => callbacks.current.onError(),
          });
        } catch (error) {
          // A half-loaded library (its second file blocked) throws here rather than failing to load.
          console.warn(error);
          callbacks.current.onUnavailable();
          return;
        }
        widget.current = { api, id };
        callbacks.current.onReady();
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn(error);
        callbacks.current.onUnavailable();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey, enterprise]);

  return <div className="captcha" role="group" aria-label={label} ref={container} tabIndex={-1} />;
});

export default Captcha;

/** Google's checkbox widget is this wide and high, whatever room its box has. */
const widgetWidth = 304;

/**
 * Scales the widget down to the width of its box (a form card on a 320 px screen leaves about
 * 240 px), so it never sticks out of the card and scrolls the page sideways.
 */
function fitWidget(box: HTMLDivElement | null): (() => void) | undefined {
  if (!box || typeof ResizeObserver === 'undefined') return undefined;
  const fit = () => {
    const scale = Math.min(1, box.clientWidth / widgetWidth);
    if (scale < 1) box.style.setProperty('--captcha-scale', scale.toFixed(3));
    else box.style.removeProperty('--captcha-scale');
  };
  const observer = new ResizeObserver(fit);
  observer.observe(box);
  fit();
  return () => observer.disconnect();
}
