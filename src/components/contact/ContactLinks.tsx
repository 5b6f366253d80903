import { EDITION } from '@/config/edition';
import { formatPhone } from '@/lib/phone';
import { mailtoUrl, telUrl, whatsappUrl } from '@/lib/links';
import { useSharedEditionInfo } from './site-status';

/**
 * The organisers' phone and e-mail: the settings' (edition_info), or src/config/edition.ts's until
 * they answer and if they cannot (the same values in a normal deployment, so nothing flickers).
 */
function useContact(): { phone: string; email: string } {
  const info = useSharedEditionInfo();
  return {
    phone: info?.contactPhone || EDITION.contact.phone,
    email: info?.contactEmail || EDITION.contact.email,
  };
}

/** +237 6 99 12 34 56, never broken across lines. */
const displayPhone = (digits: string) =>
  /^\d{9}$/.test(digits) ? `+237\u00a0${formatPhone(digits).replaceAll(' ', '\u00a0')}` : digits;

const TONES = {
  light: {
    label: 'text-gray-600',
    link: 'text-blue-800 hover:text-blue-950 focus-visible:outline-blue-700',
  },
  dark: {
    label: 'text-gray-400',
    link: 'text-white hover:text-yellow-300 focus-visible:outline-white',
  },
} as const;

type Props = {
  /** On a light background (pages) or a dark one (footer). */
  tone?: keyof typeof TONES;
  className?: string;
};

/**
 * How to reach the organisers, the same on every page: call (tel:), write on WhatsApp (wa.me)
 * and e-mail (mailto:). Each link is at least 44 px tall, for a thumb.
 */
export function ContactLinks({ tone = 'light', className = '' }: Props) {
  const { phone, email } = useContact();
  const colours = TONES[tone];
  const call = telUrl(phone);
  const whatsapp = whatsappUrl(phone);
  const link = `inline-flex min-h-11 items-center font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 ${colours.link}`;
  const label = `mr-1 ${colours.label}`;
  return (
    <ul className={className}>
      {call && (
        <li>
          <span className={label}>Téléphone&nbsp;:</span>
          <a href={call} className={link}>
            {displayPhone(phone)}
          </a>
        </li>
      )}
      {whatsapp && (
        <li>
          <span className={label}>WhatsApp&nbsp;:</span>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={link}>
            Écrire sur WhatsApp
            <span className="sr-only"> au {displayPhone(phone)} (nouvelle fenêtre)</span>
          </a>
        </li>
      )}
      <li>
        <span className={label}>E-mail&nbsp;:</span>
        <a href={mailtoUrl(email)} className={`${link} break-all`}>
          {email}
        </a>
      </li>
    </ul>
  );
}
