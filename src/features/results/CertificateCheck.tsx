import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { fieldRefusal } from '@/data/auditions/field-refusal';
import { checkCertificate, type CertificateCheck as Check } from '@/data/final/certificate-check';
import { EDITION } from '@/config/edition';
import { formatEventDay } from '@/lib/dates';
import { toDataError } from '@/lib/errors';
import { CATEGORY_TITLES, at } from './results-text';

const CHECK_ERROR = 'Le code n’a pas pu être vérifié pour le moment. Réessayez plus tard.';

function verdict(c: Check): string {
  if (!c.valid) return 'Ce code ne correspond à aucun certificat publié.';
  if (c.participation)
    return `Attestation de participation authentique\u00a0: ${c.name}, ${CATEGORY_TITLES[c.category]}, ${EDITION.name} ${c.participation.editionYear}, délivrée le ${formatEventDay(c.publishedAt)}.`;
  const what =
    c.laureate && c.rank !== null
      ? `${c.rank === 1 ? '1re' : `${c.rank}e`} place, lauréat`
      : 'finaliste';
  return `Certificat authentique\u00a0: ${c.name}, ${CATEGORY_TITLES[c.category]}, ${what}, résultats publiés le ${at(c.publishedAt)}.`;
}

/**
 * A certificate's code checked against the published results (final_certificate_verify,
 * docs/decisions/049-results-and-certificates.md): the database says whom it certifies; a
 * malformed code is refused under the field, in its words.
 */
export function CertificateCheck() {
  const [params] = useSearchParams();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Check | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const check = async (code: string) => {
    setBusy(true);
    setAnswer(null);
    setFieldError(undefined);
    setFailure(null);
    try {
      setAnswer(await checkCertificate(code));
    } catch (error) {
      const refused = fieldRefusal(error);
      if (refused?.field === 'code') setFieldError(refused.message);
      else setFailure(toDataError(error, CHECK_ERROR).message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void check(code);
  };
  // The link a certificate's holder receives, /resultats?code=… (docs/decisions/057-…): the code
  // is filled in and checked once, after the prerendered page has hydrated.
  const linked = params.get('code');
  const checkedLink = useRef(false);
  useEffect(() => {
    if (!linked || checkedLink.current) return;
    checkedLink.current = true;
    setCode(linked);
    void check(linked);
  }, [linked]);

  return (
    <section
      aria-labelledby="verifier-certificat"
      className="rounded-xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="verifier-certificat" className="text-2xl font-bold text-gray-900">
        Vérifier un certificat
      </h2>
      <form className="mt-3 space-y-3" noValidate onSubmit={submit}>
        <Field
          label="Code de vérification"
          required
          error={fieldError}
          hint="Il figure en bas du certificat, par exemple 3F2A-9C01-B7DE."
        >
          <input
            type="text"
            value={code}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
        <FormAlert message={failure} />
        <Button type="submit" size="lg" busy={busy} busyLabel="Vérification…">
          Vérifier
        </Button>
      </form>
      <p role="status" className="mt-3 font-semibold text-gray-900">
        {answer && verdict(answer)}
      </p>
    </section>
  );
}
