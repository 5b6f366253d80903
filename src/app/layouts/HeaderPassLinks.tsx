import { useSyncExternalStore } from 'react';
import { AppLink } from '@/lib/app-link';
import { useSharedEditionInfo } from '@/components/contact/site-status';
import type { EditionInfo } from '@/data/edition/edition-info';
import { recoverPassPath } from '@/features/reservation/recover-pass-id';
import { useLastPass } from '@/lib/last-pass';
import * as paths from '@/config/route-paths';

/** The rounds are opened during the concert: "Voter" shows from the doors until 6 h after. */
const VOTE_EVENING_MS = 6 * 60 * 60_000;

/** Whether the concert's evening is on now (the public vote's rounds are opened then). */
function voteEvening(info: Pick<EditionInfo, 'doorsOpenAt' | 'concertStartsAt'>, now: number) {
  const doors = Date.parse(info.doorsOpenAt);
  const start = Date.parse(info.concertStartsAt);
  return doors <= now && now < start + VOTE_EVENING_MS;
}

const MINUTE = 60_000;
const everyMinute = (onChange: () => void) => {
  const id = setInterval(onChange, MINUTE);
  return () => clearInterval(id);
};
/** The clock, to the minute: the layout stays mounted for hours while the guest moves around. */
const useMinute = () =>
  useSyncExternalStore(
    everyMinute,
    () => Math.floor(Date.now() / MINUTE) * MINUTE,
    () => 0,
  );

// The navigation's own classes (./PublicLayout.tsx; wrap-anywhere: at 320 px with text at 200 %
// a word breaks rather than push the page sideways), so that the prerendered pages' inlined
// styles grow by one rule only (build/bundle-budget.ts).
const linkClass =
  'flex min-h-11 items-center rounded-md px-3 text-sm wrap-anywhere focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The guest's shortcuts, in the header on every public page and every width
 * (docs/decisions/046-the-pass-comes-first.md): "Mon pass", the last pass this phone opened, or
 * "Retrouver mon pass" when it has none; "Voter" (/vote opens that pass) on the concert's evening.
 * The prerendered page has "Retrouver mon pass": the phone's own pass comes once hydrated.
 */
export default function HeaderPassLinks() {
  const code = useLastPass();
  const info = useSharedEditionInfo();
  const now = useMinute();
  const evening = info && now > 0 ? voteEvening(info, now) : false;
  return (
    <nav aria-label="Accès au pass" className="min-w-0">
      <ul className="flex min-w-0 items-center gap-1">
        {evening && (
          <li className="min-w-0">
            <AppLink
              to={paths.vote}
              className={`${linkClass} font-medium text-blue-50 hover:bg-white/10`}
            >
              Voter
            </AppLink>
          </li>
        )}
        <li className="min-w-0">
          <AppLink
            to={code ? paths.passPath(code) : recoverPassPath}
            className={`${linkClass} font-semibold text-white underline hover:bg-white/10`}
          >
            {code ? (
              'Mon pass'
            ) : (
              <>
                {/* Two lines beside the menu button, one in the desktop bar. */}
                Retrouver <br className="lg:hidden" />
                mon pass
              </>
            )}
          </AppLink>
        </li>
      </ul>
    </nav>
  );
}
