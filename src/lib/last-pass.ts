/**
 * The last pass opened on this phone, so /vote (the stage screen's QR code) opens it again. Only
 * its code is kept, in this browser alone; a browser that refuses storage simply asks for it.
 */
const KEY = 'booster-last-pass';

export function rememberPass(code: string) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): /vote will ask for the code.
  }
}

export function lastPass(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
