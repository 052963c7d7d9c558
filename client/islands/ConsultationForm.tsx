import { useEffect } from 'react';
import LeadForm from '../forms/LeadForm.tsx';
import { interestFromHash } from '../offer-interest.ts';
import type { FieldText, FormConfig, FormMessages } from '../forms/types.ts';

export interface ConsultationText {
  name: FieldText;
  email: FieldText;
  company: FieldText;
  message: FieldText;
  interest: { label: string; placeholder: string; options: string[] };
  submit: string;
  /** The line under the button (forms.json). */
  note: string;
  legend: string;
  mailSubject: string;
}

/**
 * The consultation form on /getting-started; success sends the visitor to the scheduling page.
 * Arriving from a button that offers something (`#startup-blueprint`), the offer's interest
 * (`interests`, offer id → interest) is chosen, unless the visitor already chose one.
 */
export default function ConsultationForm({
  text,
  config,
  messages,
  schedulingUrl,
  interests = {},
}: {
  text: ConsultationText;
  config: FormConfig;
  messages: FormMessages;
  schedulingUrl: string;
  interests?: Record<string, string>;
}) {
  useEffect(() => {
    const choose = () => {
      const interest = interestFromHash(window.location.hash, interests, text.interest.options);
      const field = document.querySelector<HTMLSelectElement>('form.consultation-form select[name="interest"]');
      if (interest && field && field.value === '') field.value = interest;
    };
    choose();
    window.addEventListener('hashchange', choose);
    return () => window.removeEventListener('hashchange', choose);
  }, [interests, text.interest.options]);
  return (
    <LeadForm
      name="consultation"
      config={config}
      messages={messages}
      submitLabel={text.submit}
      note={text.note}
      legend={text.legend}
      mailSubject={text.mailSubject}
      fields={[
        { name: 'name', type: 'text', required: true, autoComplete: 'name', ...text.name },
        { name: 'email', type: 'email', required: true, autoComplete: 'email', ...text.email },
        { name: 'company', type: 'text', required: false, autoComplete: 'organization', ...text.company },
        { name: 'message', type: 'textarea', required: true, ...text.message },
        {
          name: 'interest',
          type: 'select',
          required: true,
          label: text.interest.label,
          placeholder: text.interest.placeholder,
          options: text.interest.options,
        },
      ]}
      toBody={(v) => ({
        name: v.name!,
        email: v.email!,
        company: v.company!,
        message: v.message!,
        interest: v.interest!,
      })}
      onSuccess={() => window.location.assign(schedulingUrl)}
      className="consultation-form"
    />
  );
}
