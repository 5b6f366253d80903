import { AUDITION_CITIES_TEXT, EDITION } from '@/config/edition';
import type { EditionInfo } from '@/data/edition/edition-info';
import { concertWhen, finalWhere, registrationWindow } from '@/lib/edition-text';

const { team, prizes, auditionCities, contact } = EDITION;

/**
 * The 15 questions of the FAQ; every lasting figure comes from the edition config. The dates,
 * places and year are the settings' (docs/decisions/024-one-edition-one-source.md): `dated` is the
 * answer with them, shown once the settings answer; `answer` is shown before and if they cannot
 * ('' from `dated` when the settings lack what it names). `contact`: the answer is followed by the
 * organisers' phone, WhatsApp and e-mail links (from the settings).
 */
export const FAQ_ITEMS: readonly {
  question: string;
  answer: string;
  dated?: (info: EditionInfo) => string;
  contact?: true;
}[] = [
  {
    question: 'Qu’est-ce que le Booster Challenge ?',
    answer: `Un concours de talents en danse et en chant, ouvert à tous au Cameroun, avec des auditions dans ${auditionCities.length} villes et une grande finale.`,
    dated: (info) =>
      finalWhere(info) &&
      `Un concours de talents en danse et en chant, ouvert à tous au Cameroun, avec des auditions dans ${auditionCities.length} villes et une grande finale ${finalWhere(info)}.`,
  },
  {
    question: 'Quand peut-on s’inscrire ?',
    answer: 'Pendant la période d’inscription, en ligne sur ce site.',
    dated: (info) =>
      registrationWindow(info) &&
      `Les inscriptions sont ouvertes ${registrationWindow(info)}, en ligne sur ce site.`,
  },
  {
    question: 'L’inscription est-elle payante ?',
    answer: 'Non, l’inscription est entièrement gratuite.',
  },
  {
    question: 'Quel âge faut-il avoir pour participer ?',
    answer: `Il faut avoir au moins ${EDITION.minimumAge} ans. Les participants mineurs doivent avoir l’autorisation d’un parent ou tuteur légal.`,
  },
  {
    question: 'Quelles sont les catégories du concours ?',
    answer: 'Deux catégories : la danse et le chant. Tous les styles sont acceptés.',
  },
  {
    question: 'Peut-on s’inscrire dans les deux catégories ?',
    answer:
      'Non. Chaque participant choisit une seule catégorie (danse ou chant) et un seul mode de participation (solo ou équipe).',
  },
  {
    question: 'Peut-on participer en équipe ?',
    answer: `Oui. Une équipe compte de ${team.min} à ${team.max} personnes, la personne qui inscrit l’équipe comprise. Chaque membre indique son propre numéro de téléphone et ne peut figurer que dans une seule inscription.`,
  },
  {
    question: 'Combien de temps dure une performance aux auditions ?',
    answer: `Votre performance ne doit pas dépasser ${EDITION.auditionMaxMinutes} minutes.`,
  },
  {
    question: 'Où ont lieu les auditions ?',
    answer: `Les auditions se déroulent à ${AUDITION_CITIES_TEXT}.`,
  },
  {
    question: 'Où et quand aura lieu la finale ?',
    answer: 'La date et le lieu de la grande finale sont annoncés sur ce site.',
    dated: (info) => finalWhere(info) && `La grande finale aura lieu ${finalWhere(info)}.`,
  },
  {
    question: 'Comment saurai-je que mon inscription est validée ?',
    answer: `Vous recevrez un e-mail de confirmation dans les ${EDITION.confirmationWithinHours} heures qui suivent votre inscription.`,
  },
  {
    question: 'Que peut-on gagner ?',
    answer: `Dans chaque catégorie : ${prizes.map((p) => `${p.rank} ${p.amount}${p.extra ? ` ${p.extra}` : ''}`).join(', ')}.`,
  },
  {
    question: 'Qu’est-ce que la Booster Night Party ?',
    answer:
      'Un concert gratuit, avec compétitions de chant, clash de danse et DJ contest. L’entrée est gratuite mais la réservation est obligatoire.',
    dated: (info) =>
      concertWhen(info) &&
      `Un concert gratuit le ${concertWhen(info)} (${info.venueName}), avec compétitions de chant, clash de danse et DJ contest. L’entrée est gratuite mais la réservation est obligatoire.`,
  },
  {
    question: 'Faut-il apporter quelque chose à la Night Party ?',
    answer: 'Oui : un smartphone bien chargé. Le public vote en direct pour ses artistes préférés.',
  },
  {
    question: 'Comment contacter l’équipe d’organisation ?',
    answer: `Par le formulaire de contact, par téléphone, sur WhatsApp ou par e-mail. Horaires du support : ${contact.supportHours.join(' ; ')}.`,
    contact: true,
  },
];
