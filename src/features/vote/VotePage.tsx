import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { passCodeOf } from '@/lib/pass-code';
import { usePageMeta } from '@/lib/use-page-meta';
import { lastPass } from '@/lib/last-pass';
import * as paths from '@/config/route-paths';

const VOTE_CODE_INVALID =
  'Code invalide : il compte 10 caractères (lettres et chiffres), comme sous le QR code de votre pass.';
const VOTE_CODE_REQUIRED = 'Indiquez le code de votre pass.';

/**
 * /vote, where the stage screen's QR code leads: the last pass opened on this phone, at once; or
 * a field for its code. Without scripts yet, the form sends the code in the address (?code=),
 * read once the page runs.
 */
export default function VotePage() {
  usePageMeta('Voter', 'Votez pour vos artistes préférés depuis votre pass Night Party.');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  // A code sent before the scripts ran (?code=), else the last pass opened on this phone.
  useEffect(() => {
    const sent = params.get('code');
    const code = sent ? passCodeOf(sent) : lastPass();
    if (code) navigate(paths.passPath(code), { replace: true });
  }, [params, navigate]);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = passCodeOf(value);
    if (code) navigate(paths.passPath(code));
    else {
      setError(value.trim() ? VOTE_CODE_INVALID : VOTE_CODE_REQUIRED);
      document.getElementById('vote-code')?.focus();
    }
  };

  return (
    <main id="contenu" className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-950">Vote du public</h1>
      <p className="mt-3 text-gray-800">
        Votez depuis votre pass Night Party : indiquez son code pour l’ouvrir, les candidats y
        apparaissent pendant le vote.
      </p>
      <form
        method="get"
        noValidate
        onSubmit={submit}
        className="mt-6 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
      >
        <Field
          label="Code du pass"
          hint="Sous le QR code de votre pass, ex. ABCDE FGHJK."
          error={error}
        >
          <input
            id="vote-code"
            name="code"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(undefined);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={60}
          />
        </Field>
        <Button type="submit" size="block">
          Ouvrir mon pass
        </Button>
      </form>
      <p className="mt-6 text-gray-800">
        Pas encore de pass ?{' '}
        <Link to={paths.nightParty} className="font-semibold text-blue-800 underline">
          Réserver ma place
        </Link>
      </p>
    </main>
  );
}
