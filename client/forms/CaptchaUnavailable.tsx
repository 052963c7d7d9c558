import { forwardRef } from 'react';
import { mailtoHref } from './mailto.ts';
import type { CaptchaUnavailableText } from './types.ts';

export interface CaptchaUnavailableProps {
  /** The id of the explanation, which the submit button names as its description. */
  id: string;
  text: CaptchaUnavailableText;
  /** The contact email from site.json; without it the notice says to try later, with no link. */
  email?: string;
  /** The email's subject, as the visitor's mail program should prefill it. */
  subject: string;
  /** The script is being loaded again: the retry button waits. */
  retrying: boolean;
  onRetry: () => void;
}

/**
 * Stands where the captcha would be when Google's script cannot load: one calm notice, announced
 * once as it appears, with a way to reach the company anyway. The form focuses its explanation
 * when the visitor tries to submit.
 */
const CaptchaUnavailable = forwardRef<HTMLParagraphElement, CaptchaUnavailableProps>(function CaptchaUnavailable(
  { id, text, email, subject, retrying, onRetry },
  ref,
) {
  return (
    <div className="captcha-unavailable" role="status">
      <p id={id} ref={ref} tabIndex={-1}>
        {text.text}
      </p>
      {email ? (
        <p>
          {text.emailLead} <a href={mailtoHref(email, subject)}>{email}</a>
        </p>
      ) : (
        <p>{text.noEmail}</p>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {text.retry}
      </button>
    </div>
  );
});

export default CaptchaUnavailable;
