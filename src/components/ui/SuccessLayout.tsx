import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './Button';
import * as paths from '@/config/route-paths';

type SuccessLayoutProps = {
  /** The page's h1. */
  title: string;
  /** One sentence under the title. */
  lead: ReactNode;
  /** WhatsApp share link (whatsappShareUrl). */
  shareUrl: string;
  /** The share link's text. */
  shareLabel?: string;
  /** What the person should know next. */
  children: ReactNode;
};

/**
 * A confirmation page (registration, reservation): check mark, title and lead, the page's own
 * content, then "Retour à l'accueil" and "Partager sur WhatsApp".
 */
export function SuccessLayout({
  title,
  lead,
  shareUrl,
  shareLabel = 'Partager sur WhatsApp',
  children,
}: SuccessLayoutProps) {
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <div className="text-center">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto size-16 text-green-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.2 3.2L17 9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-gray-700">{lead}</p>
      </div>

      {children}

      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass({ size: 'lg' })}>
          Retour à l’accueil
        </Link>
        <a
          href={shareUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({ variant: 'whatsapp', size: 'lg' })}
        >
          {shareLabel}
          <span className="sr-only"> (nouvelle fenêtre)</span>
        </a>
      </div>
    </main>
  );
}
