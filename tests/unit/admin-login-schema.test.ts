import { describe, expect, it } from 'vitest';
import { adminLoginSchema } from '@/features/admin/auth/AdminLoginPage';

const messages = (v: unknown) => {
  const r = adminLoginSchema.safeParse(v);
  if (r.success) return [];
  // The form shows the first message of each field.
  const first = new Map<string, string>();
  for (const i of r.error.issues)
    if (!first.has(String(i.path[0]))) first.set(String(i.path[0]), i.message);
  return [...first.values()];
};

describe('admin login schema', () => {
  it('has the French messages of the specification', () => {
    expect(messages({ email: '', password: '' })).toEqual([
      "L'email est requis",
      'Le mot de passe est requis',
    ]);
    expect(messages({ email: 'chef@', password: 'x' })).toEqual(["Format d'email invalide"]);
    expect(messages({ email: '  chef@example.cm ', password: 'x' })).toEqual([]);
  });
});
