const RULES: [RegExp, string][] = [
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/OPR\/(\d+)|Opera\/(\d+)/, 'Opera'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Microsoft Edge'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)|Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari\//, 'Safari'],
];

/** "Chrome 124", "Firefox 126", "Safari 17"… or "Navigateur inconnu". */
export function detectBrowser(userAgent: string): string {
  for (const [pattern, name] of RULES) {
    const match = pattern.exec(userAgent);
    if (match) {
      const version = match.slice(1).find(Boolean);
      return version ? `${name} ${version}` : name;
    }
  }
  return 'Navigateur inconnu';
}
