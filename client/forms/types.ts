/** Form texts from content/data/forms.json, as islands receive them. */
export interface FieldText {
  label: string;
  placeholder: string;
}

/** Where a form posts, how long it waits for an answer and how it proves a human sent it. */
export interface FormConfig {
  webhookUrl: string;
  /** Seconds before an unanswered submission counts as failed (`formTimeoutSeconds` in site.json). */
  timeoutSeconds: number;
  recaptcha: { siteKey: string; enterprise: boolean };
}

/** Messages every form shows (SPEC section 8). */
export interface FormMessages {
  submitting: string;
  captcha: { required: string; error: string; expired: string; label: string };
  failure: string;
}
