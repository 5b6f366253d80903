import { DataError } from '@/lib/errors';

/**
 * A field the database refused (private.invalid: code 22023, hint 'invalid_field', the field's
 * name as detail) with its French message, so a form shows it under that field; null for any
 * other error.
 */
export function fieldRefusal(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof DataError) || error.reason !== 'invalid_field') return null;
  const raw = (error.details ?? {}) as { message?: unknown; details?: unknown };
  if (typeof raw.message !== 'string' || typeof raw.details !== 'string') return null;
  return { field: raw.details, message: raw.message };
}
