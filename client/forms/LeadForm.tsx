import { useId, useRef, useState, type FormEvent } from 'react';
import Captcha, { type CaptchaHandle } from './Captcha.tsx';
import { submitLead } from './submit-lead.ts';
import type { FieldText, FormConfig, FormMessages } from './types.ts';

export interface FieldSpec extends FieldText {
  name: string;
  type: 'text' | 'email' | 'textarea' | 'select';
  required: boolean;
  autoComplete?: string;
  options?: string[];
}

export interface LeadFormProps {
  fields: FieldSpec[];
  config: FormConfig;
  messages: FormMessages;
  submitLabel: string;
  /** Turns the field values into the webhook body (SPEC section 7). */
  toBody: (values: Record<string, string>) => Record<string, string>;
  /** Runs after the webhook accepted the lead. */
  onSuccess: () => void;
  className?: string;
}

type Status = 'idle' | 'submitting' | 'success' | 'error';

/**
 * A lead form: idle, submitting (inputs disabled, button reads 'Submitting', further submits
 * ignored), then success or error. Submitting needs a captcha token; a failure resets the
 * captcha and clears the token.
 */
export default function LeadForm({ fields, config, messages, submitLabel, toBody, onSuccess, className }: LeadFormProps) {
  const id = useId();
  const [status, setStatus] = useState<Status>('idle');
  const [token, setToken] = useState<string | null>(null);
  const [captchaMessage, setCaptchaMessage] = useState<string | null>(null);
  const inFlight = useRef(false);
  const captcha = useRef<CaptchaHandle>(null);

  const clearToken = (message: string | null) => {
    setToken(null);
    setCaptchaMessage(message);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!token) {
      setCaptchaMessage(messages.captcha.required);
      return;
    }
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? '')]));
    inFlight.current = true;
    setStatus('submitting');
    try {
      await submitLead(config.webhookUrl, toBody(values));
      setStatus('success');
      onSuccess();
    } catch (error) {
      console.error(error);
      setStatus('error');
      captcha.current?.reset();
      clearToken(null);
    } finally {
      inFlight.current = false;
    }
  };

  const submitting = status === 'submitting';
  return (
    <form className={`lead-form${className ? ` ${className}` : ''}`} onSubmit={handleSubmit} aria-busy={submitting}>
      <fieldset disabled={submitting}>
        {fields.map((field) => <Field key={field.name} field={field} id={`${id}-${field.name}`} />)}
        <Captcha
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
        />
        {captchaMessage ? <p className="form-message form-message-error" role="alert">{captchaMessage}</p> : null}
        {status === 'error' ? <p className="form-message form-message-error" role="alert">{messages.failure}</p> : null}
        <button type="submit" className="button button-primary button-block" aria-disabled={!token || undefined}>
          {submitting ? messages.submitting : submitLabel}
        </button>
      </fieldset>
    </form>
  );
}

function Field({ field, id }: { field: FieldSpec; id: string }) {
  const common = { id, name: field.name, required: field.required, autoComplete: field.autoComplete };
  return (
    <div className="form-field">
      <label htmlFor={id}>{field.label}{field.required ? <span aria-hidden="true" className="required"> *</span> : null}</label>
      {field.type === 'textarea' ? (
        <textarea {...common} placeholder={field.placeholder} rows={5} />
      ) : field.type === 'select' ? (
        <select {...common} defaultValue="">
          <option value="" disabled>{field.placeholder}</option>
          {field.options?.map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      ) : (
        <input {...common} type={field.type} placeholder={field.placeholder} />
      )}
    </div>
  );
}
