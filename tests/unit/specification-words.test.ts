import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  PARTICIPANT_CSV_COLUMNS,
  participantsFileName,
} from '@/data/participants/participants-csv';
import {
  RESERVATION_CSV_COLUMNS,
  reservationsFileName,
} from '@/data/reservations/reservations-csv';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/app/ToastHost';
import { quotedStrings, SPECIFICATION } from '../setup/specification';

/**
 * The specification's words (issue 27, docs/decisions/021-specification-words.md): every UI string
 * SPEC.md quotes (labels, buttons, messages, toasts, headings) is in the interface's text,
 * verbatim, in the part of src/ that draws the screen the specification puts it on; its files
 * keep exactly their columns; its toast constants hold. A deliberate difference is decided in the
 * design brief and listed here with its reason, never made silently in the code.
 */
const ROOT = join(import.meta.dirname, '..', '..');

/** The quoted strings of SPEC.md that are not the interface's text, each with why. */
const NOT_UI_TEXT: Record<string, string> = {
  'Envoi en cens...':
    'a typo the specification itself corrects: "replaced by the label \'Envoi en cours...\'"',
  "Échec de l'envoi du message. Veuillez réessayer.":
    'the specification calls it "internal text": the visitor reads the toast quoted beside it',
  'Error fetching dashboard data': 'a console log line (English), not shown to anyone',
  'Cette action est irréversible.':
    'the design brief (§5, item 12) replaces it in the delete dialog by the bin’s sentence: a deleted participant is restorable for 30 days',
  'Email de confirmation envoyé':
    'the design brief (§4c, §5 item 11): the confirmation is really sent, by the outbox when the registration is stored, never from the browser; the detail page says so (docs/decisions/038-no-visitor-links-and-outbox-only.md)',
};

/**
 * Where each quoted UI string must be found: a file, or a folder (ending in /), of src/ drawing
 * the screen (or holding the rule, the toast, the error) the specification names.
 */
const WHERE: Record<string, string[]> = {
  // Public pages
  'Inscriptions Clôturées': ['features/registration/RegistrationClosed.tsx'],
  'Inscription réussie !': ['features/registration/RegistrationSuccessPage.tsx'],
  'Oops! Une erreur est survenue': ['features/errors/ErrorPage.tsx'],
  // Contact form
  'Envoi en cours...': ['features/contact/ContactForm.tsx'],
  'Le nom est obligatoire': [
    'features/contact/contact-schema.ts',
    'features/reservation/reservation-schema.ts',
  ],
  "L'email est obligatoire": ['features/contact/contact-schema.ts'],
  'Adresse email invalide': ['features/contact/contact-schema.ts'],
  'Le sujet est obligatoire': ['features/contact/contact-schema.ts'],
  'Le message est obligatoire': ['features/contact/contact-schema.ts'],
  'Le message doit contenir au moins 10 caractères': ['features/contact/contact-schema.ts'],
  'Votre message a été envoyé avec succès !': ['features/contact/ContactForm.tsx'],
  "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer.": [
    'data/inbox/send-contact-message.ts',
  ],
  // Reservation form (the phone rule is the one shared rule of every form: src/lib/validation.ts)
  'Réservation en cours...': ['features/reservation/ReservationForm.tsx'],
  'Le nom doit contenir au moins 3 caractères': ['features/reservation/reservation-schema.ts'],
  'Le numéro de téléphone est obligatoire': ['lib/validation.ts'],
  "Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)": ['lib/validation.ts'],
  'La ville est obligatoire': ['features/reservation/reservation-schema.ts'],
  'Veuillez confirmer votre présence': ['features/reservation/reservation-schema.ts'],
  'Veuillez sélectionner une option': ['features/reservation/reservation-schema.ts'],
  'Réservation enregistrée avec succès !': ['features/reservation/ReservationForm.tsx'],
  'Une erreur est survenue lors de la réservation. Veuillez réessayer.': [
    'data/reservations/sent-reservation.ts',
  ],
  // Administration: sign-in and sign-out
  'Connexion Administrateur': ['features/admin/auth/AdminLoginPage.tsx'],
  'Connexion en cours...': ['features/admin/auth/AdminLoginPage.tsx'],
  "L'email est requis": ['features/admin/auth/AdminLoginPage.tsx'],
  "Format d'email invalide": ['features/admin/auth/AdminLoginPage.tsx'],
  'Le mot de passe est requis': ['features/admin/auth/AdminLoginPage.tsx'],
  'Connexion réussie!': ['features/admin/auth/AdminLoginPage.tsx'],
  'Email ou mot de passe incorrect': ['data/staff/admin-auth.ts'],
  'Une erreur est survenue lors de la connexion': ['data/staff/admin-auth.ts'],
  'Déconnexion réussie': ['app/layouts/AdminLayout.tsx'],
  // Dashboard, participants, detail
  'Aucune inscription pour le moment': ['features/admin/dashboard/DashboardPage.tsx'],
  'Erreur lors du chargement des données': ['features/admin/dashboard/DashboardPage.tsx'],
  'Erreur lors du chargement des participants': ['data/participants/list-participants.ts'],
  'Aucune information complémentaire fournie': ['features/admin/participants/ParticipantView.tsx'],
  'Participant non trouvé': ['features/admin/participants/ParticipantDetailPage.tsx'],
  'Retour à la liste': ['features/admin/participants/ParticipantDetailPage.tsx'],
  // The question of both delete dialogs (list and detail page: one dialog component).
  'Êtes-vous sûr de vouloir supprimer ce participant ?': [
    'features/admin/participants/ParticipantActions.tsx',
  ],
  'Erreur lors de la suppression du participant': [
    'features/admin/participants/ParticipantsPage.tsx',
    'features/admin/participants/ParticipantDetailPage.tsx',
  ],
  'Participant supprimé avec succès': [
    'features/admin/participants/ParticipantsPage.tsx',
    'features/admin/participants/ParticipantDetailPage.tsx',
  ],
  'Erreur lors de la mise à jour du participant': [
    'features/admin/participants/ParticipantEditForm.tsx',
  ],
  'Participant mis à jour avec succès': ['features/admin/participants/ParticipantEditForm.tsx'],
  // Exports (each domain's file and its workbook; one runner for the toasts)
  'Aucun participant à exporter': [
    'data/participants/participants-csv.ts',
    'features/admin/participants/participant-exports.ts',
  ],
  'Aucune réservation à exporter': [
    'data/reservations/reservations-csv.ts',
    'features/admin/reservations/reservation-exports.ts',
  ],
  "Erreur lors de l'exportation des données": ['features/admin/ui/export-file.ts'],
  'Données exportées avec succès': ['features/admin/ui/export-file.ts'],
  // Stats and reservations
  'Pas assez de données pour afficher la tendance': ['features/admin/stats/StatsPage.tsx'],
  'Aucune donnée régionale disponible': ['features/admin/stats/StatsPage.tsx'],
  'Aucune statistique disponible': ['features/admin/stats/StatsPage.tsx'],
  'Erreur lors du chargement des statistiques': ['data/participants/get-participant-stats.ts'],
  'Erreur lors du chargement des réservations': ['data/reservations/list-reservations.ts'],
};

/** The labels the specification gives unquoted, after a route or a screen's name. */
const headerLabels = SPECIFICATION.headerLinks.map((link) => link.label);
const footerAdminLink = SPECIFICATION.footerAdminLink;
const detailButtons = SPECIFICATION.participantDetailButtons;
const regionExportButton = SPECIFICATION.regionExportButton;

/** Labels (the whole text of a link or a button, not a part of a longer one) and their place. */
const LABELS: [string[], string][] = [
  [headerLabels, 'app/layouts/'],
  [[footerAdminLink], 'app/layouts/PublicFooter.tsx'],
  [detailButtons, 'features/admin/participants/'],
  [[regionExportButton], 'features/admin/stats/StatsPage.tsx'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text a file can show: its string literals, template parts and JSX text (no comments). */
function textsOf(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) out.push(node.text.replace(/\s+/g, ' ').trim());
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      out.push(node.text);
    else if (ts.isTemplateExpression(node))
      out.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const SRC = join(ROOT, 'src');
const TEXTS = new Map(sourceFiles(SRC).map((f) => [relative(SRC, f), textsOf(f)]));
/** The texts of the files at `place` (a file, or a folder ending in /). */
const textsAt = (place: string): string[] =>
  [...TEXTS]
    .filter(([file]) => (place.endsWith('/') ? file.startsWith(place) : file === place))
    .flatMap(([, texts]) => texts);

describe('the specification’s words (SPEC.md, every quoted UI string)', () => {
  const quoted = quotedStrings();
  const uiText = quoted.filter((q) => !(q in NOT_UI_TEXT));

  it('reads the quoted strings of SPEC.md', () => {
    expect(quoted.length).toBeGreaterThan(50);
    expect(quoted).toContain('Êtes-vous sûr de vouloir supprimer ce participant ?');
    expect(quoted).toContain("Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)");
  });

  it('keeps its list of exceptions true: each is a quoted string of the specification', () => {
    for (const exception of Object.keys(NOT_UI_TEXT)) expect(quoted).toContain(exception);
  });

  it('knows where each one belongs (a new quoted string needs a place here)', () => {
    expect(uiText.filter((q) => !(q in WHERE))).toEqual([]);
    expect(Object.keys(WHERE).filter((w) => !quoted.includes(w))).toEqual([]);
  });

  it('finds each one verbatim in the interface’s text where the specification puts it', () => {
    const missing = uiText.flatMap((q) =>
      (WHERE[q] ?? [])
        .filter((place) => !textsAt(place).some((t) => t.includes(q)))
        .map((place) => `${JSON.stringify(q)} not in src/${place}`),
    );
    expect(missing).toEqual([]);
  });

  it('uses its labels: header, footer, the detail page’s buttons, the regions’ export', () => {
    expect(headerLabels).toEqual([
      'Accueil',
      'Inscription Challenge',
      'Pré-inscription Concert',
      'Contact',
    ]);
    expect(footerAdminLink).toBe('Espace Administration');
    expect(detailButtons).toEqual(['Modifier', 'Enregistrer', 'Annuler', 'Supprimer']);
    expect(regionExportButton).toBe('Exporter');
    const missing = LABELS.flatMap(([labels, place]) =>
      labels
        .filter((label) => !textsAt(place).some((t) => t.trim() === label))
        .map((label) => `${JSON.stringify(label)} not a whole label in src/${place}`),
    );
    expect(missing).toEqual([]);
  });

  it('replaces "Cette action est irréversible." only by the bin’s sentence, after the question', () => {
    expect(
      textsAt('features/admin/participants/').filter((t) =>
        t.includes('Cette action est irréversible.'),
      ),
    ).toEqual([]);
  });
});

describe('the specification’s files and constants (SPEC.md §7, §9)', () => {
  it('writes the participants CSV with exactly its columns, as participants_{date}.csv', () => {
    const { columns, fileName } = SPECIFICATION.participantsCsv;
    expect(columns).toHaveLength(13);
    expect([...PARTICIPANT_CSV_COLUMNS]).toEqual(columns);
    expect(fileName).toBe('participants_{date}.csv');
    expect(participantsFileName(new Date(2025, 5, 15))).toBe('participants_2025-06-15.csv');
  });

  it('writes the reservations CSV with exactly its columns, as reservations_{date}.csv', () => {
    const { columns, fileName } = SPECIFICATION.reservationsCsv;
    expect(columns).toHaveLength(10);
    expect([...RESERVATION_CSV_COLUMNS]).toEqual(columns);
    expect(fileName).toBe('reservations_{date}.csv');
    expect(reservationsFileName(new Date(2025, 3, 2))).toBe('reservations_2025-04-02.csv');
  });

  it('closes toasts after its 5000 ms, top-right', () => {
    expect(SPECIFICATION.toast).toEqual({ autoCloseMs: 5000, position: 'top-right' });
    expect(TOAST_AUTO_CLOSE_MS).toBe(SPECIFICATION.toast.autoCloseMs);
    expect(TOAST_POSITION).toBe(SPECIFICATION.toast.position);
  });
});
