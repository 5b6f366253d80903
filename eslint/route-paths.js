/**
 * A lint rule: a route's path is written once, in the route manifest (src/config/route-paths.ts,
 * read by src/config/route-manifest.ts); anywhere else in src/ a string that is one of its paths
 * ('/night-party', '/inscription?type=solo', `/pass/${code}`, the home page's '/' given to a
 * link or to navigate()) is refused, with the name to use instead.
 * docs/decisions/004-first-load-budget-declarative-router.md
 */
import { tsImport } from 'tsx/esm/api';

/** The manifest's paths by name, read from the module itself (tsx compiles it). */
const paths = Object.entries(
  await tsImport('../src/config/route-paths.ts', import.meta.url),
).filter(([, value]) => typeof value === 'string');

/** Where a bare '/' is the home page's path, not a separator: a link, a route, a navigation. */
const LINK_KEYS = new Set(['to', 'href', 'path']);
const NAVIGATE = new Set(['navigate', 'useSiteUrl', 'siteUrl']);

function inLinkPosition(node) {
  const parent = node.parent;
  if (parent?.type === 'JSXExpressionContainer') return inLinkPosition(parent);
  if (parent?.type === 'JSXAttribute') return LINK_KEYS.has(parent.name.name);
  if (parent?.type === 'Property' && parent.value === node)
    return LINK_KEYS.has(parent.key.name ?? parent.key.value);
  if (parent?.type === 'CallExpression' && parent.arguments[0] === node) {
    const callee =
      parent.callee.type === 'MemberExpression' ? parent.callee.property : parent.callee;
    return NAVIGATE.has(callee.name);
  }
  return false;
}

/**
 * The manifest's path that `text` starts with (a literal, or the text before a template's first
 * expression): the path itself, or followed by a query, a fragment or a deeper segment; for a
 * path with a parameter (/pass/:code), its part before the parameter.
 */
function routeOf(text, linkPosition) {
  if (!text.startsWith('/')) return undefined;
  return paths.find(([, path]) => {
    const param = path.indexOf('/:');
    if (param >= 0) return text.startsWith(path.slice(0, param + 1));
    if (path === '/') return linkPosition && /^\/(?:[?#]|$)/.test(text);
    return text === path || (/^[?#/]/.test(text.slice(path.length)) && text.startsWith(path));
  });
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A route path is written in the route manifest only.' },
    messages: {
      literal:
        "'{{text}}' is a route's path: write it from the route manifest (import * as paths from " +
        "'@/config/route-paths', then paths.{{name}}).",
    },
    schema: [],
  },
  create(context) {
    const check = (node, text, linkPosition) => {
      const found = routeOf(text, linkPosition);
      if (found) context.report({ node, messageId: 'literal', data: { text, name: found[0] } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value, inLinkPosition(node));
      },
      TemplateLiteral(node) {
        const linkPosition = inLinkPosition(node);
        for (const quasi of node.quasis) check(quasi, quasi.value.cooked ?? '', linkPosition);
      },
    };
  },
};

export default { rules: { 'no-path-literal': rule } };
