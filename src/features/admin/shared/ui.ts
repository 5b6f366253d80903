/** Class names shared by the administration pages (one look for every button and card). */
const focus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const base = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${focus}`;

export const btnPrimary = `${base} bg-brand-700 text-white hover:bg-brand-900`;
export const btnSecondary = `${base} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
export const btnDanger = `${base} bg-red-700 text-white hover:bg-red-800`;
export const btnDangerOutline = `${base} border border-red-300 bg-white text-red-800 hover:bg-red-50`;
export const linkClass = `font-medium text-brand-700 underline-offset-2 hover:underline ${focus}`;
export const card = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6';
export const pageTitle = 'text-2xl font-bold text-gray-900 sm:text-3xl';
export const tableWrap = 'overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm';
export const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase';
export const td = 'px-4 py-3 align-top text-sm text-gray-800';
