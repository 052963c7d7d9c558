import type { FieldProblem } from './lead-schema.ts';

/** Form texts from content/data/forms.json, as islands receive them. */
export interface FieldText {
  label: string;
  placeholder: string;
}

/** Where a form posts, how long it waits for an answer and how it proves a human sent it. */
export interface FormConfig {
  webhookUrl: string;
  /**
   * The site's own lead endpoint (`leadEndpoint`, `LEAD_ENDPOINT`): when set, the form posts to
   * it instead of the webhook, 202 is its success, and it also works without JavaScript.
   */
  endpoint?: string;
  /** Seconds before an unanswered submission counts as failed (`formTimeoutSeconds` in site.json). */
  timeoutSeconds: number;
  recaptcha: { siteKey: string; enterprise: boolean };
  /** `contact.email` in site.json: where a visitor can write when the captcha cannot load. Absent when unset. */
  contactEmail?: string;
}

/** What a form says when Google's script cannot load (forms.json `captcha.unavailable`). */
export interface CaptchaUnavailableText {
  text: string;
  /** Before the mailto link to the contact email. */
  emailLead: string;
  /** Instead of the link when no contact email is configured. */
  noEmail: string;
  retry: string;
}

/** What a form says in place of its submit button when JavaScript is off (forms.json `noScript`). */
export interface NoScriptText {
  text: string;
  emailLead: string;
  noEmail: string;
}

/** Messages every form shows (SPEC section 8), and the notices for a captcha that cannot load and for a browser without JavaScript. */
export interface FormMessages {
  submitting: string;
  captcha: { required: string; error: string; expired: string; label: string; unavailable: CaptchaUnavailableText };
  failure: string;
  noScript: NoScriptText;
  /** What a field says under itself once the visitor left it wrong (forms.json `fieldProblems`). */
  fieldProblems: Record<FieldProblem, string>;
  /** The privacy policy, linked at the end of the note under each form's button. */
  privacy: { label: string; href: string };
  /** The hidden field people leave empty (forms.json `endpoint.honeypotLabel`). */
  honeypotLabel: string;
}
