import { CATEGORY_LABELS, EDITION, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { EditionInfo } from '@/data/edition/edition-info';
import { finalWhere, registrationWindow } from '@/lib/edition-text';

/**
 * The contest's rules, written from the edition's lasting facts (src/config/edition.ts) and, for
 * its dates, places and year, from the settings (docs/decisions/024-one-edition-one-source.md):
 * a paragraph that names them is a `dated` one, which the page writes once the settings answer.
 * Only what the site and the database actually apply is stated here (age declared on
 * registration, team size, one registration per person...).
 */
const {
  name,
  registration,
  minimumAge,
  team,
  auditionMaxMinutes,
  auditionCities,
  confirmationWithinHours,
  prizes,
} = EDITION;

const categories = Object.values(CATEGORY_LABELS).map((label) => label.toLowerCase());
const cityList = (cities: readonly string[]) =>
  `${cities.slice(0, -1).join(', ')} et ${cities[cities.length - 1]}`;

/** A paragraph written from the settings: '' when they do not hold what it needs. */
type DatedParagraph = (info: EditionInfo) => string;

export type RuleArticle = {
  title: string;
  paragraphs: string[];
  dated?: DatedParagraph;
  list?: string[];
};

export const RULE_ARTICLES: RuleArticle[] = [
  {
    title: 'Le concours',
    paragraphs: [
      `Le ${name} est un concours de talents en ${categories.join(' et en ')}, ouvert à toutes et à tous au Cameroun. Il comprend des auditions dans ${auditionCities.length} villes puis une grande finale.`,
    ],
  },
  {
    title: 'Conditions de participation',
    paragraphs: [
      `Chaque participant doit avoir au moins ${minimumAge} ans. En équipe, cette condition s’applique à chaque membre.`,
      'Les participants mineurs doivent avoir l’accord d’un parent ou d’un tuteur légal, qu’ils confirment en s’inscrivant.',
    ],
  },
  {
    title: 'Catégories et modes de participation',
    paragraphs: [
      `Deux catégories\u00a0: ${Object.values(CATEGORY_LABELS).join(' et ')}. Tous les styles sont acceptés.`,
      `Deux modes\u00a0: ${PARTICIPATION_TYPE_LABELS.solo} ou ${PARTICIPATION_TYPE_LABELS.team}. Une équipe compte de ${team.min} à ${team.max} personnes, la personne qui l’inscrit comprise.`,
      'Chaque participant choisit une seule catégorie et un seul mode. Une personne ne figure que dans une seule inscription\u00a0: une adresse e-mail ou un numéro de téléphone ne sert qu’une fois, membres des équipes compris.',
    ],
  },
  {
    title: 'Inscription',
    paragraphs: [
      `L’inscription est ${registration.free ? 'gratuite' : 'payante'} et se fait en ligne sur ce site. Elle peut être close plus tôt si le nombre maximum de participants est atteint.`,
      `Un e-mail de confirmation est envoyé dans les ${confirmationWithinHours} heures qui suivent l’inscription.`,
    ],
    dated: (info) =>
      registrationWindow(info) && `Les inscriptions sont ouvertes ${registrationWindow(info)}.`,
  },
  {
    title: 'Auditions',
    paragraphs: [
      `Les auditions ont lieu à ${cityList(auditionCities)}. Le lieu et l’heure de chaque audition sont communiqués aux participants par e-mail.`,
      `Une performance ne doit pas dépasser ${auditionMaxMinutes} minutes.`,
    ],
  },
  {
    title: 'Finale',
    paragraphs: ['La grande finale réunit les participants retenus aux auditions.'],
    dated: (info) => finalWhere(info) && `Elle a lieu ${finalWhere(info)}.`,
  },
  {
    title: 'Prix',
    paragraphs: ['Dans chaque catégorie\u00a0:'],
    list: prizes.map((p) => `${p.rank}\u00a0: ${p.amount}${p.extra ? ` ${p.extra}` : ''}`),
  },
  {
    title: 'Données personnelles',
    paragraphs: [
      'Les informations données à l’inscription servent uniquement à l’organisation du concours. Elles sont effacées après l’édition, à la date fixée par les organisateurs.',
    ],
  },
];
