import { useEffect, useRef, type RefObject } from 'react';
import { draftKey, prepareAttempt } from './lead-draft.ts';
import { draftStore, type DraftStore } from './session-draft.ts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The form's control named `name`, if it is a single input, textarea or select. */
function controlOf(form: HTMLFormElement, name: string): Control | undefined {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
    ? element
    : undefined;
}

/** The current values of the named fields (read from the controls, so disabled ones count too). */
export function readValues(form: HTMLFormElement, fieldNames: readonly string[]): Record<string, string> {
  return Object.fromEntries(fieldNames.map((name) => [name, controlOf(form, name)?.value ?? '']));
}

/** Puts stored values into the fields the visitor has not filled yet. */
function restoreValues(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const control = controlOf(form, name);
    // A select keeps '' when the stored value is not one of its options.
    if (control && control.value === '' && value !== '') control.value = value;
  }
}

/** What a lead form does with its draft. */
export interface LeadDraftHandle {
  /** Stores the fields' current values (on every change). */
  save(): void;
  /** Stores the values being sent and returns the submission id for `body` (kept for a retry of the same lead). */
  beginAttempt(values: Record<string, string>, body: Record<string, string>): string;
  /** Forgets the draft once the lead was delivered. */
  clear(): void;
}

/**
 * Keeps what the visitor types into `form` in sessionStorage under one key per form and page,
 * and puts it back into the empty fields once the form has hydrated (the server rendered them
 * empty). Only the named fields are stored, never the captcha token.
 */
export function useLeadDraft(
  formName: string,
  fieldNames: readonly string[],
  form: RefObject<HTMLFormElement | null>,
): LeadDraftHandle {
  const store = useRef<DraftStore | null>(null);
  const names = useRef(fieldNames);
  names.current = fieldNames;
  const storeOf = () => (store.current ??= draftStore(draftKey(formName, window.location.pathname)));

  useEffect(() => {
    if (form.current) restoreValues(form.current, storeOf().load(names.current).values);
    // Restores once, after hydration; later renders must not overwrite what the visitor types.
  }, []);

  return {
    save() {
      if (!form.current) return;
      const drafts = storeOf();
      drafts.save({ ...drafts.load(names.current), values: readValues(form.current, names.current) });
    },
    beginAttempt(values, body) {
      const drafts = storeOf();
      const { id, draft } = prepareAttempt(drafts.load(names.current), values, body);
      drafts.save(draft);
      return id;
    },
    clear: () => storeOf().clear(),
  };
}
