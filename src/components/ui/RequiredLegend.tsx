/** The sentence, also read by the tests. */
export const REQUIRED_LEGEND = 'Les champs marqués d’un * sont obligatoires.';

/**
 * What the red * of a label means, said once at the top of every form that has required fields,
 * the same way everywhere. The * itself is hidden from assistive technology: each required
 * control says so with aria-required (Field, RadioGroupField, ChoiceCards, the rules checkbox).
 */
export function RequiredLegend({ className = '' }: { className?: string }) {
  return <p className={`text-sm text-gray-700 ${className}`.trim()}>{REQUIRED_LEGEND}</p>;
}
