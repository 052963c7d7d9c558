// The footer newsletter form, in plain DOM code: client/site.ts loads this module when a visitor
// first reaches for the form, so pages without islands still load no React.
import { submitLead } from './forms/submit-lead.ts';

type State = 'idle' | 'sending' | 'sent';

/** Disables the form's controls while sending and for good once sent; marks the state. */
function setState(form: HTMLFormElement, state: State): void {
  form.dataset.state = state;
  form.setAttribute('aria-busy', String(state === 'sending'));
  for (const control of form.elements) {
    if (control instanceof HTMLInputElement || control instanceof HTMLButtonElement)
      control.disabled = state !== 'idle';
  }
}

/** The webhook's timeout from the form's data attribute; an unusable value leaves the default. */
function timeoutOf(form: HTMLFormElement): number | undefined {
  const seconds = Number(form.dataset.timeoutSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * Sends the newsletter form's address as a lead, `{ email, source: "newsletter", page }`, with
 * the forms' guarantees (one request per submit, a timeout, no redirect followed), then shows
 * the thank-you (role=status) and keeps the form locked, or the failure (role=alert) and lets
 * the visitor try again. A submit while one is under way or after success does nothing. When
 * the honeypot field is filled, nothing is sent but the thank-you is shown.
 */
export async function submitNewsletter(form: HTMLFormElement): Promise<void> {
  if (form.dataset.state === 'sending' || form.dataset.state === 'sent') return;
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const trap = form.elements.namedItem('website') as HTMLInputElement | null;
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]')!;
  const failure = form.querySelector<HTMLElement>('[data-newsletter-failure]')!;
  const lead = { email: email.value.trim(), source: 'newsletter', page: window.location.pathname };
  const filledByBot = Boolean(trap?.value);
  // Disabling the focused field or button drops focus to the page; a failure gives it back.
  const focused = document.activeElement;
  failure.hidden = true;
  setState(form, 'sending');
  try {
    if (!filledByBot)
      await submitLead(form.dataset.webhookUrl ?? form.action, lead, { timeoutSeconds: timeoutOf(form) });
  } catch (error) {
    console.error(error);
    setState(form, 'idle');
    failure.hidden = false;
    if (focused instanceof HTMLElement && form.contains(focused)) focused.focus();
    return;
  }
  setState(form, 'sent');
  status.textContent = status.dataset.thanks ?? '';
}
