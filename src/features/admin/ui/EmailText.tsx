import { Fragment } from 'react';

/**
 * An e-mail address, breaking only after its "@" when the column is narrow (never in the middle
 * of a name, as break-all did: issue 40): <wbr> marks where. A part longer than its column still
 * breaks where it must (the caller's break-words).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
