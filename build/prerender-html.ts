/**
 * A prerendered page's HTML (build/prerender.ts): the built index.html with the page rendered
 * into #root, its title, description, stylesheets and the loader that fetches its scripts once
 * it is painted. docs/decisions/011-prerendered-public-pages.md
 */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type PageAssets = {
  /** The stylesheet to link (the whole site's), if any. */
  stylesheet: string | null;
  /** A stylesheet to write into the page (the home page's). */
  inlineStyles?: string;
  /** Extra stylesheets (the page chunk's own CSS). */
  styles: string[];
  /** JavaScript files to fetch with the entry. */
  modules: string[];
  /**
   * The chunks the page imports when it mounts (its form: ContactForm, RegistrationForm,
   * ReservationForm, with what they import), asked for right after the first load rather than
   * once the page is hydrated: on a slow link they arrive without a gap.
   */
  later?: string[];
  /**
   * The reservation sent before the app (src/features/reservation/early-reserve.ts) and its
   * imports, on a page with the reservation form: asked for first, before the entry, and run as
   * soon as it is there (docs/decisions/051-the-reservation-before-the-app.md).
   */
  early?: string[];
};

export type RenderedPage = {
  path: string;
  html: string;
  title: string;
  description: string;
};

/**
 * The script that starts a prerendered page, at the end of its <body>. Once the page's first
 * contentful paint is on screen (the browser's own paint entry; without paint timing, the frame
 * after the one the HTML gave; after 3 seconds at most: a tab opened in the background), it asks
 * for the entry (modulepreload: downloaded, not run) and the page's other modules, runs the entry,
 * then asks for the chunks the page imports when it mounts (its form), so that on a slow link they
 * follow without a gap. No script runs before the first paint. On a link the browser rates 3G or
 * slower (`navigator.connection.effectiveType`) the entry is asked for at once instead, as its
 * download is then what the visitor waits for. A page with the reservation form asks first, in
 * both cases, for the small module that sends a reservation before the app (`data-early`: run as
 * soon as it arrives, its imports preloaded), and for the rest once it has run: on a slow link
 * the rest would otherwise share the bandwidth and the connections with it and delay it by
 * seconds (docs/decisions/051-the-reservation-before-the-app.md).
 * Each of those elements is added in a task of its own: Chromium spends up to a few milliseconds
 * adding one modulepreload link (30 to 45 ms for a page's two dozen on this project's machine,
 * four times that on the phone Lighthouse simulates), and in one task that blocked the page.
 * docs/decisions/011-prerendered-public-pages.md (why the paint entry; the measured trade-off:
 * docs/measurements/prerendered-pages.md)
 */
export function bootLoader(
  entry: string,
  modules: string[],
  later: string[] = [],
  early: string[] = [],
): string {
  const code =
    '(function(b){var d=document,n=0,e=0,x=0,c=navigator.connection,P=window.PerformanceObserver;' +
    "function link(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';" +
    'l.href=h;d.head.appendChild(l)}function entry(){if(!e++)link(b.dataset.entry)}' +
    "function script(h,o){var s=d.createElement('script');s.type='module';s.crossOrigin='';" +
    's.src=h;if(o)s.onload=s.onerror=function(){setTimeout(o)};d.head.appendChild(s)}' +
    'function each(list,add){' +
    'list.split(" ").forEach(function(h){if(h)setTimeout(function(){add(h)})})}' +
    "function early(o){var l=(b.dataset.early||'').split(' ');if(x++||!l[0])return o&&o();" +
    'l.slice(1).forEach(function(h){link(h)});script(l[0],o)}' +
    'function app(){entry();each(b.dataset.modules,link);' +
    'setTimeout(function(){script(b.dataset.entry)});each(b.dataset.later,link)}' +
    'function go(){if(!n++)early(app)}' +
    'if(c&&/2g|3g/.test(c.effectiveType)){if(b.dataset.early)go();else entry()}' +
    "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){" +
    "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}" +
    "}).observe({type:'paint',buffered:true});" +
    'else requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,3000)' +
    '})(document.currentScript)';
  const earlyAttribute = early.length ? ` data-early="${escapeHtml(early.join(' '))}"` : '';
  return `<script data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}" data-later="${escapeHtml(later.join(' '))}"${earlyAttribute}>${code}</script>`;
}

/**
 * A prerendered form marked `data-wait-for-code` (the Night Party's) can be filled from the first
 * paint, before its code has arrived; a submission asked for meanwhile would otherwise be the
 * browser's own (a reload of the page with the answers in its address, the visitor's input lost).
 * This guard, written before the page so that it is there before the form can be reached, holds
 * such a submission: it marks the form `data-pending` and shows its `[data-pending-note]`. The
 * form's code, once hydrated, marks it `data-live` (the guard then lets React's handler answer)
 * and sends the held submission, once (src/features/reservation/ReservationForm.tsx).
 * docs/decisions/026-form-ready-before-scripts.md
 */
export function formGuard(): string {
  const code =
    "document.addEventListener('submit',function(e){var f=e.target,n;" +
    "if(!f.hasAttribute('data-wait-for-code')||f.hasAttribute('data-live'))return;" +
    "e.preventDefault();f.setAttribute('data-pending','');" +
    "n=f.querySelector('[data-pending-note]');if(n)n.hidden=false},true)";
  return `<script>${code}</script>`;
}

/**
 * The built index.html (which links no stylesheet) with a page in it (null: the empty shell) and
 * its styles and scripts. A template that lacks what is replaced (title, description, root) is an
 * error, not a page silently left empty.
 */
export function pageHtml(template: string, page: RenderedPage | null, assets: PageAssets): string {
  const replaceOnce = (html: string, pattern: RegExp, by: string, what: string) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${what}`);
    return html.replace(pattern, () => by);
  };
  if (/<link rel="stylesheet"/.test(template))
    throw new Error('index.html links a stylesheet: the pages choose theirs (build/prerender.ts).');
  let html = template;
  // React puts what it hoists (<link rel="preload"> for the page's images) before the page when it
  // renders a part of a document: it belongs in <head>, where the browser finds it first.
  const hoisted = page ? (/^(?:<link [^>]*\/>)+/.exec(page.html)?.[0] ?? '') : '';
  if (page) {
    html = replaceOnce(
      html,
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(page.title)}</title>`,
      '<title>',
    );
    html = replaceOnce(
      html,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
      'meta description',
    );
    html = replaceOnce(
      html,
      /<div id="root"><\/div>/,
      `${page.html.includes(' data-wait-for-code=') ? formGuard() : ''}<div id="root" data-route="${escapeHtml(page.path)}">${page.html.slice(hoisted.length)}</div>`,
      'empty <div id="root">',
    );
  }
  // A prerendered page's scripts are asked for once it is painted (bootLoader): its entry and
  // modulepreloads leave <head>.
  const entries: string[] = [];
  const preloads: string[] = [];
  if (page) {
    html = html
      .replace(
        /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g,
        (_, src: string) => {
          entries.push(src);
          return '';
        },
      )
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
        preloads.push(href);
        return '';
      });
    if (entries.length !== 1) throw new Error('index.html has not exactly one module script');
  }
  const head = [
    ...(hoisted ? [hoisted.replace(/\/>(?=<)/g, '/>\n    ')] : []),
    ...(assets.inlineStyles !== undefined ? [`<style>${assets.inlineStyles.trim()}</style>`] : []),
    ...(assets.stylesheet
      ? [`<link rel="stylesheet" crossorigin href="/${assets.stylesheet}">`]
      : []),
    ...assets.styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...(page
      ? []
      : assets.modules.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)),
  ];
  if (page)
    html = replaceOnce(
      html,
      /<\/body>/,
      `  ${bootLoader(
        entries[0],
        [...preloads, ...assets.modules.map((f) => `/${f}`)],
        (assets.later ?? []).map((f) => `/${f}`),
        (assets.early ?? []).map((f) => `/${f}`),
      )}\n  </body>`,
      '</body>',
    );
  return replaceOnce(html, /<\/head>/, `  ${head.join('\n    ')}\n  </head>`, '</head>');
}
