import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import Captcha, { type CaptchaHandle } from './Captcha.tsx';
import { submitLead } from './submit-lead.ts';
import { checkLeadFields, type FieldProblem, type LeadFormName } from './lead-schema.ts';
import CaptchaUnavailable from './CaptchaUnavailable.tsx';
import { mailtoHref } from './mailto.ts';
import type { FieldText, FormConfig, FormMessages } from './types.ts';
import { readValues, useLeadDraft } from './use-lead-draft.ts';

export interface FieldSpec extends FieldText {
  name: string;
  type: 'text' | 'email' | 'textarea' | 'select';
  required: boolean;
  autoComplete?: string;
  options?: string[];
}

export interface LeadFormProps {
  /** The form, as the lead schema names it; it also names its draft in sessionStorage (one per form name and page). */
  name: LeadFormName;
  fields: FieldSpec[];
  config: FormConfig;
  messages: FormMessages;
  submitLabel: string;
  /** The line under the button: when the company replies, no spam; the privacy link follows it. */
  note: string;
  /** Names the group of fields for screen readers (a visually hidden legend). */
  legend: string;
  /** Subject of the email offered when the captcha cannot load. */
  mailSubject: string;
  /** Turns the field values into the webhook body (SPEC section 7). */
  toBody: (values: Record<string, string>) => Record<string, string>;
  /** Runs after the webhook accepted the lead. */
  onSuccess: () => void;
  /** Fields the body always has (the guide's name): sent as hidden fields when the form posts without JavaScript. */
  fixed?: Record<string, string>;
  className?: string;
}

type Status = 'idle' | 'submitting' | 'success' | 'error';

/**
 * Google's script: loading (its box keeps the widget's height), on screen, unavailable (no box;
 * a notice with the contact email instead), or loading again because the visitor asked to.
 */
type CaptchaState = 'loading' | 'ready' | 'unavailable' | 'retrying';

/**
 * A lead form: idle, submitting (inputs disabled, button reads 'Submitting', further submits
 * ignored), then success or error. Submitting needs a captcha token, which goes in the body
 * with a submission id; a failure (an error status, a redirect, no answer in time) resets the
 * captcha and clears the token. What the visitor typed is kept as a draft until the lead is
 * delivered; after that the form stays locked until the visitor leaves the page.
 *
 * When Google's script cannot load, nothing reserves room for a widget that will not come: one
 * notice says so, offers the contact email (a mailto link with the form's subject) and a retry.
 * The form then sends nothing: the receiving automation discards a lead without a valid token
 * (README, Leads), so one sent without it would be lost unseen. A submit moves focus to the
 * notice instead of adding a message. The SPEC's captcha messages stay for the widget's own
 * situations (required, error, expired); one shown before the script gave up goes with the widget.
 */
export default function LeadForm({
  name,
  fields,
  config,
  messages,
  submitLabel,
  note,
  legend,
  mailSubject,
  toBody,
  onSuccess,
  fixed = {},
  className,
}: LeadFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [token, setToken] = useState<string | null>(null);
  const [captchaMessage, setCaptchaMessage] = useState<string | null>(null);
  const [captchaState, setCaptchaState] = useState<CaptchaState>('loading');
  const [captchaAttempt, setCaptchaAttempt] = useState(0);
  const notice = useRef<HTMLParagraphElement>(null);
  // Set from the first submit until a failure: while sending, and after delivery for good.
  const locked = useRef(false);
  const captcha = useRef<CaptchaHandle>(null);
  const fieldNames = fields.map((field) => field.name);
  // Problems shown under fields: a field is checked once the visitor leaves it having typed in
  // it, or when the form is sent; from then on it is checked again as they type.
  const [shown, setShown] = useState<Record<string, FieldProblem>>({});
  const checked = useRef(new Set<string>());
  const edited = useRef(new Set<string>());
  const draft = useLeadDraft(name, fieldNames, form);
  // Until the island runs, the form cannot send anything: its button stays disabled (the page
  // without JavaScript shows the email route in its place), so Enter cannot submit the fields
  // into the address, where the lead would be lost.
  const [running, setRunning] = useState(false);
  // When the form became usable: the endpoint counts a form sent faster than a person fills it as spam.
  const readyAt = useRef(0);
  useEffect(() => {
    readyAt.current = performance.now();
    setRunning(true);
  }, []);
  const { endpoint } = config;

  const clearToken = (message: string | null) => {
    setToken(null);
    setCaptchaMessage(message);
  };

  const unlock = () => {
    locked.current = false;
    captcha.current?.reset();
    clearToken(null);
  };
  useUnlockOnReturn(status === 'success', () => {
    form.current?.reset();
    unlock();
    setStatus('idle');
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked.current) return;
    if (!reportProblems(event.currentTarget)) return;
    if (!token) {
      if (captchaState === 'unavailable' || captchaState === 'retrying') notice.current?.focus();
      else setCaptchaMessage(messages.captcha.required);
      return;
    }
    const values = readValues(event.currentTarget, fieldNames);
    const lead = toBody(values);
    const submissionId = draft.beginAttempt(values, lead);
    locked.current = true;
    setStatus('submitting');
    const trap = event.currentTarget.elements.namedItem('website');
    try {
      if (endpoint) {
        const extra = {
          form: name,
          website: trap instanceof HTMLInputElement ? trap.value : '',
          fillMs: Math.round(performance.now() - readyAt.current),
        };
        await submitLead(
          endpoint,
          { ...extra, ...lead, recaptchaToken: token, submissionId },
          { timeoutSeconds: config.timeoutSeconds, endpoint: true },
        );
      } else {
        await submitLead(
          config.webhookUrl,
          { ...lead, recaptchaToken: token, submissionId },
          { timeoutSeconds: config.timeoutSeconds },
        );
      }
    } catch (error) {
      console.error(error);
      setStatus('error');
      unlock();
      return;
    }
    draft.clear();
    setStatus('success');
    onSuccess();
  };

  /**
   * The fields' problems as the lead schema the endpoint checks with sees them: each field's
   * first, by name. A field it refuses also carries the message as its custom validity, so
   * `:user-invalid` and assistive technology agree with the words under it.
   */
  const problemsOf = (element: HTMLFormElement): Record<string, FieldProblem> => {
    const result = checkLeadFields(name, toBody(readValues(element, fieldNames)));
    const problems = result.ok ? [] : result.problems.filter((each) => fieldNames.includes(each.field));
    return Object.fromEntries(problems.map((each) => [each.field, each.problem]));
  };

  /** Shows the problems of the fields already checked (and of `more`), and clears fixed ones. */
  const showProblems = (element: HTMLFormElement, more: string[] = []): Record<string, FieldProblem> => {
    for (const field of more) checked.current.add(field);
    const problems = problemsOf(element);
    const visible = Object.fromEntries(
      Object.entries(problems).filter(([field]) => checked.current.has(field)),
    ) as Record<string, FieldProblem>;
    for (const field of fieldNames) {
      const control = element.elements.namedItem(field);
      if (isControl(control)) control.setCustomValidity(visible[field] ? messages.fieldProblems[visible[field]] : '');
    }
    setShown(visible);
    return visible;
  };

  /** A field left after typing in it is checked (tabbing through an empty one is no mistake). */
  const onFieldLeft = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    if (isControl(target) && fieldNames.includes(target.name) && edited.current.has(target.name))
      showProblems(event.currentTarget, [target.name]);
  };

  /** A field already checked follows what is typed: its message goes as soon as it is right. */
  const onFieldInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!isControl(target) || !fieldNames.includes(target.name)) return;
    edited.current.add(target.name);
    if (checked.current.has(target.name)) showProblems(event.currentTarget);
  };

  /** Checks every field before sending: each problem shows under its field, the first gets focus. */
  const reportProblems = (element: HTMLFormElement): boolean => {
    const problems = showProblems(element, fieldNames);
    const first = fieldNames.find((field) => problems[field]);
    if (!first) return true;
    const control = element.elements.namedItem(first);
    if (isControl(control)) control.focus();
    return false;
  };

  // After success the fields stay disabled and the button busy while the next page loads.
  const busy = status === 'submitting' || status === 'success';
  return (
    <form
      ref={form}
      className={`lead-form${className ? ` ${className}` : ''}`}
      onSubmit={handleSubmit}
      onChange={draft.save}
      onInput={onFieldInput}
      onBlur={onFieldLeft}
      // Once the island runs it checks the fields itself and says what is wrong under each one;
      // without it, the browser's own checks stand.
      noValidate={running || undefined}
      aria-busy={busy}
      // With the site's endpoint the form also posts without JavaScript, form-encoded.
      {...(endpoint ? { action: endpoint, method: 'post' } : {})}
    >
      <fieldset disabled={busy}>
        <legend className="visually-hidden">{legend}</legend>
        {endpoint ? (
          <>
            <input type="hidden" name="form" value={name} />
            {Object.entries(fixed).map(([field, value]) => (
              <input key={field} type="hidden" name={field} value={value} />
            ))}
            <div className="newsletter-trap" aria-hidden="true">
              <label htmlFor={`${id}-website`}>{messages.honeypotLabel}</label>
              <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
          </>
        ) : (
          <p className="lead-form-noscript">
            {messages.noScript.text}{' '}
            {config.contactEmail ? (
              <>
                {messages.noScript.emailLead}{' '}
                <a href={mailtoHref(config.contactEmail, mailSubject)}>{config.contactEmail}</a>
              </>
            ) : (
              messages.noScript.noEmail
            )}
          </p>
        )}
        {fields.map((field) => (
          <Field
            key={field.name}
            field={field}
            id={`${id}-${field.name}`}
            problem={shown[field.name] ? messages.fieldProblems[shown[field.name]!] : undefined}
          />
        ))}
        {captchaState === 'unavailable' ? null : (
          <Captcha
            key={captchaAttempt}
            ref={captcha}
            siteKey={config.recaptcha.siteKey}
            enterprise={config.recaptcha.enterprise}
            label={messages.captcha.label}
            onToken={(value) => {
              setToken(value);
              setCaptchaMessage(null);
            }}
            onExpired={() => clearToken(messages.captcha.expired)}
            onError={() => clearToken(messages.captcha.error)}
            onReady={() => {
              // After a retry the notice (and its button, which had focus) goes away.
              if (captchaState === 'retrying') captcha.current?.focus();
              setCaptchaState('ready');
            }}
            onUnavailable={() => {
              setCaptchaState('unavailable');
              setCaptchaMessage(null);
            }}
          />
        )}
        {captchaState === 'unavailable' || captchaState === 'retrying' ? (
          <CaptchaUnavailable
            ref={notice}
            id={`${id}-captcha-unavailable`}
            text={messages.captcha.unavailable}
            email={config.contactEmail}
            subject={mailSubject}
            retrying={captchaState === 'retrying'}
            onRetry={() => {
              setCaptchaState('retrying');
              setCaptchaAttempt((attempt) => attempt + 1);
            }}
          />
        ) : null}
        {captchaMessage ? (
          <p className="form-message form-message-error" role="alert">
            {captchaMessage}
          </p>
        ) : null}
        {status === 'error' ? (
          <div className="form-message form-message-error" role="alert">
            <p>{messages.failure}</p>
            {/* A webhook that took the lead but answered without CORS headers looks like a failure here: the email route never loses it. */}
            {config.contactEmail ? (
              <p>
                {messages.captcha.unavailable.emailLead}{' '}
                <a href={mailtoHref(config.contactEmail, mailSubject)}>{config.contactEmail}</a>
              </p>
            ) : null}
          </div>
        ) : null}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={(!running && !endpoint) || undefined}
          // Before the island runs there is no captcha to wait for: a form posting to the endpoint is sent as it is.
          aria-disabled={(running && !token) || undefined}
          aria-describedby={
            captchaState === 'unavailable' || captchaState === 'retrying' ? `${id}-captcha-unavailable` : undefined
          }
        >
          {busy ? (
            <>
              <span className="button-spinner" aria-hidden="true" />
              {messages.submitting}
            </>
          ) : (
            submitLabel
          )}
        </button>
        <p className="form-note">
          {note} <a href={messages.privacy.href}>{messages.privacy.label}</a>
        </p>
      </fieldset>
    </form>
  );
}

/**
 * A page restored from the back-forward cache after a delivered lead comes back as it was left:
 * locked. `onReturn` then gives the visitor an empty form again (the lead was already sent).
 */
function useUnlockOnReturn(active: boolean, onReturn: () => void): void {
  const callback = useRef(onReturn);
  callback.current = onReturn;
  useEffect(() => {
    if (!active) return undefined;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) callback.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [active]);
}

/** An input, a text area or a select: the controls a lead form checks. */
function isControl(value: unknown): value is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return (
    value instanceof HTMLInputElement || value instanceof HTMLTextAreaElement || value instanceof HTMLSelectElement
  );
}

function Field({ field, id, problem }: { field: FieldSpec; id: string; problem?: string }) {
  const common = {
    id,
    name: field.name,
    required: field.required,
    autoComplete: field.autoComplete,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="required">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {field.type === 'textarea' ? (
        <textarea {...common} placeholder={field.placeholder} rows={5} />
      ) : field.type === 'select' ? (
        <select {...common} defaultValue="">
          <option value="" disabled>
            {field.placeholder}
          </option>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={field.type} placeholder={field.placeholder} />
      )}
      {problem ? (
        <p className="field-problem" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
