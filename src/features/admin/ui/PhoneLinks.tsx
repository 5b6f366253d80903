import { formatPhone } from '@/lib/phone';
import { telUrl, whatsappUrl } from '@/lib/links';
import { linkClass } from './classes';

// On one line in tables; in a narrow card (text at 200 %, see ListCards' @container) they wrap.
const target =
  'inline-flex min-h-6 max-w-full items-center whitespace-nowrap @max-3xs:whitespace-normal';
/** WhatsApp's green, dark enough for small text on white. */
const whatsappClass = `${target} font-medium text-green-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`;

/**
 * A phone number of the administration: the number as people write it, a tap-to-call link
 * (tel:+237…), and a WhatsApp link (wa.me) beside it. Both names say whose number it is
 * ("Appeler Awa Ngono au 6 90 00 00 01"). A number that is not 9 digits stays plain text.
 */
export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  const shown = formatPhone(phone);
  const tel = telUrl(phone);
  const whatsapp = whatsappUrl(phone);
  if (!tel || !whatsapp) return <span>{shown}</span>;
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-3 wrap-anywhere">
      <a href={tel} className={`${linkClass} ${target}`} aria-label={`Appeler ${name} au ${shown}`}>
        {shown}
      </a>
      <a
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className={whatsappClass}
        aria-label={`Écrire à ${name} sur WhatsApp (nouvel onglet)`}
      >
        WhatsApp
      </a>
    </span>
  );
}
