/** WhatsApp share links (wa.me): open the app, or WhatsApp Web, with a pre-written message. */
export function whatsappShareUrl(text: string, link?: string): string {
  const message = link ? `${text} ${link}` : text;
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** Absolute URL of a path of this site (for links shared outside it). */
export function siteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}
