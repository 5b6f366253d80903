import * as z from 'zod/mini';
import { email, LINK_IN_NAME, nameText, personName, requiredText } from '@/lib/validation';

/**
 * The contact form; values are trimmed before the required checks. The name and the subject need
 * a letter or digit that shows, and come out as the database stores them (nameText); the name
 * must not look like a link (personName).
 */
export const contactSchema = z.object({
  name: personName(
    'Le nom est obligatoire',
    LINK_IN_NAME.name,
    z.maxLength(100, 'Le nom ne doit pas dépasser 100 caractères'),
  ),
  email: email(
    "L'email est obligatoire",
    'Adresse email invalide',
    z.maxLength(254, 'L’e-mail ne doit pas dépasser 254 caractères'),
  ),
  subject: nameText(
    'Le sujet est obligatoire',
    z.maxLength(150, 'Le sujet ne doit pas dépasser 150 caractères'),
  ),
  message: requiredText(
    'Le message est obligatoire',
    z.minLength(10, 'Le message doit contenir au moins 10 caractères'),
    z.maxLength(5000, 'Le message ne doit pas dépasser 5000 caractères'),
  ),
});

export type ContactFormValues = z.infer<typeof contactSchema>;
