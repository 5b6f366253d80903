import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UseFormSubscribe } from 'react-hook-form';
import { loadDraft, saveDraft, type RegistrationDraft } from './registration-draft';
import { EMPTY_MEMBER, type RegistrationFormValues } from './registration-schema';

/** The saved draft, with the home page's ?category= and ?type= choices applied over it. */
function initialDraft(params: URLSearchParams): RegistrationDraft {
  const draft = loadDraft();
  const values = { ...draft.values };
  const category = params.get('category');
  const type = params.get('type');
  if (category === 'dance' || category === 'singing') values.category = category;
  if (type === 'solo' || type === 'team') values.participationType = type;
  if (values.participationType === 'team' && values.teamMembers.length === 0)
    values.teamMembers = [{ ...EMPTY_MEMBER }];
  return { id: draft.id, values };
}

/**
 * The registration's draft: read once (with the home page's choices from the address), then
 * saved on every change until success, so a reload or a failure loses nothing.
 */
export function useRegistrationDraft() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [draft] = useState(() => initialDraft(searchParams));

  // The home page's choices are now in the draft: drop them from the address, so a reload keeps
  // what the visitor changed since.
  useEffect(() => {
    if (searchParams.has('category') || searchParams.has('type'))
      setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  return draft;
}

/** Saves the draft now and on every change of the form's values. */
export function useDraftSaving(
  draft: RegistrationDraft,
  subscribe: UseFormSubscribe<RegistrationFormValues>,
) {
  useEffect(() => {
    saveDraft(draft);
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft({ id: draft.id, values }),
    });
  }, [draft, subscribe]);
}
