import { formatEventDateTime } from '@/lib/dates';
import { mailtoUrl } from '@/lib/links';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { Participant } from '@/data/participants/types';
import { PhoneLinks } from '../ui/PhoneLinks';
import { linkClass } from '../ui/classes';
import { ContestSection } from './ContestSection';
import { Item, Section } from './detail-parts';

/** A participant's registration, read-only, and their place in the contest. */
export function ParticipantView({ participant: p }: { participant: Participant }) {
  return (
    <>
      <Section title="Informations personnelles">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Item term="Nom complet">{p.fullName}</Item>
          <Item term="E-mail">
            <a href={mailtoUrl(p.email)} className={linkClass}>
              {p.email}
            </a>
          </Item>
          <Item term="Téléphone">
            <PhoneLinks phone={p.phone} name={p.fullName} />
          </Item>
          <Item term="Ville">{p.city}</Item>
          <Item term="Région">{p.region}</Item>
          <Item term="Catégorie">{CATEGORY_LABELS[p.category]}</Item>
          <Item term="Type de participation">{PARTICIPATION_TYPE_LABELS[p.participationType]}</Item>
        </dl>
      </Section>

      <ContestSection participant={p} />

      {p.participationType === 'team' && (
        <Section title="Informations de l’équipe">
          <dl className="mb-4">
            <Item term="Nom de l’équipe">{p.teamName || '—'}</Item>
          </dl>
          <h3 className="mb-2 font-semibold text-gray-900">
            Membres ({p.teamMembers.length + 1} personnes avec le responsable)
          </h3>
          <ol className="space-y-2">
            {p.teamMembers.map((m, i) => (
              <li key={m.id ?? i} className="rounded-lg bg-gray-50 p-3">
                <p className="font-medium text-gray-900">
                  Membre {i + 1} : {m.fullName}
                </p>
                <p className="text-sm text-gray-700">
                  <PhoneLinks phone={m.phone} name={m.fullName} />
                  {m.email ? ` · ${m.email}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </Section>
      )}

      <Section title="Informations complémentaires">
        {p.linkToWork || p.description ? (
          <dl className="space-y-4">
            {p.linkToWork && (
              <Item term="Lien vers une réalisation">
                <a
                  href={p.linkToWork}
                  target="_blank"
                  rel="noreferrer noopener"
                  className={linkClass}
                >
                  {p.linkToWork}
                </a>
              </Item>
            )}
            {p.description && (
              <Item term="Description">
                <span className="whitespace-pre-line">{p.description}</span>
              </Item>
            )}
          </dl>
        ) : (
          <p className="text-gray-700">Aucune information complémentaire fournie</p>
        )}
      </Section>

      <Section title="Détails de l’inscription">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Item term="Date d’inscription">{formatEventDateTime(p.createdAt)}</Item>
          <Item term="Identifiant">
            <span className="font-mono text-sm">{p.id}</span>
          </Item>
          <Item term="Conditions acceptées">{p.agreeToTerms ? 'Oui' : 'Non'}</Item>
        </dl>
      </Section>
    </>
  );
}
