import { CATEGORY_LABELS, EDITION, PARTICIPATION_TYPE_LABELS } from '@/config/edition';

// Outline icons (Heroicons, MIT): musical note, microphone, user, user group.
const ICONS = {
  dance:
    'm9 9 10.5-3m0 6.553v3.75a2.25 2.25 0 0 1-1.632 2.163l-1.32.377a1.803 1.803 0 1 1-.99-3.467l2.31-.66a2.25 2.25 0 0 0 1.632-2.163Zm0 0V2.25L9 5.25v10.303m0 0v3.75a2.25 2.25 0 0 1-1.632 2.163l-1.32.377a1.803 1.803 0 0 1-.99-3.467l2.31-.66A2.25 2.25 0 0 0 9 15.553Z',
  singing:
    'M12 18.75a6 6 0 0 0 6-6v-1.5m-6 7.5a6 6 0 0 1-6-6v-1.5m6 7.5v3.75m-3.75 0h7.5M12 15.75a3 3 0 0 1-3-3V4.5a3 3 0 1 1 6 0v8.25a3 3 0 0 1-3 3Z',
  solo: 'M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.501 20.118a7.5 7.5 0 0 1 14.998 0A17.933 17.933 0 0 1 12 21.75c-2.676 0-5.216-.584-7.499-1.632Z',
  team: 'M18 18.72a9.094 9.094 0 0 0 3.741-.479 3 3 0 0 0-4.682-2.72m.94 3.198.001.031c0 .225-.012.447-.037.666A11.944 11.944 0 0 1 12 21c-2.17 0-4.207-.576-5.963-1.584A6.062 6.062 0 0 1 6 18.719m12 0a5.971 5.971 0 0 0-.941-3.197m0 0A5.995 5.995 0 0 0 12 12.75a5.995 5.995 0 0 0-5.058 2.772m0 0a3 3 0 0 0-4.681 2.72 8.986 8.986 0 0 0 3.74.477m.94-3.197a5.971 5.971 0 0 0-.94 3.197M15 6.75a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm6 3a2.25 2.25 0 1 1-4.5 0 2.25 2.25 0 0 1 4.5 0Zm-13.5 0a2.25 2.25 0 1 1-4.5 0 2.25 2.25 0 0 1 4.5 0Z',
};

export const CATEGORY_CHOICES = [
  {
    value: 'dance',
    label: CATEGORY_LABELS.dance,
    icon: ICONS.dance,
    description: 'Hip-hop, afro, coupé-décalé, contemporain…',
  },
  {
    value: 'singing',
    label: CATEGORY_LABELS.singing,
    icon: ICONS.singing,
    description: 'Toutes les voix, tous les styles',
  },
];
export const TYPE_CHOICES = [
  {
    value: 'solo',
    label: PARTICIPATION_TYPE_LABELS.solo,
    icon: ICONS.solo,
    description: 'Vous vous présentez seul(e)',
  },
  {
    value: 'team',
    label: PARTICIPATION_TYPE_LABELS.team,
    icon: ICONS.team,
    description: `De ${EDITION.team.min} à ${EDITION.team.max} personnes`,
  },
];
