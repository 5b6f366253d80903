/** Class names shared by the administration pages (buttons: src/components/ui/Button.tsx). */
const focus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const linkClass = `font-medium text-brand-700 underline-offset-2 hover:underline ${focus}`;
export const card = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6';
export const pageTitle = 'text-2xl font-bold text-gray-900 sm:text-3xl';
// relative: a visually hidden header (sr-only is absolute) stays inside the scrolling box.
export const tableWrap =
  'relative overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm';
export const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase';
export const td = 'px-4 py-3 align-top text-sm text-gray-800';
