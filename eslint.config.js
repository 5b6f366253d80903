import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import routePaths from './eslint/route-paths.js';

/**
 * Import direction: shared code (src/lib, src/components, src/config, src/data) -> features
 * (src/features/<name>) -> app (src/app). Shared code imports no feature and not the app; a
 * feature imports no other feature and not the app. Inside, two more walls
 * (docs/decisions/003-feature-folders-and-data-module.md):
 * - a data domain (src/data/<domain>) imports no other domain, only src/data/shared, which
 *   imports no domain;
 * - an admin folder (src/features/admin/<folder>) imports no other admin folder, except the
 *   domain-free ones: the list kit (ui), the app-level state (workspace), the workbook writer.
 */
const foldersOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = foldersOf('./src/features');
const DATA_DOMAINS = foldersOf('./src/data').filter((name) => name !== 'shared');
const ADMIN_FOLDERS = foldersOf('./src/features/admin');
/** The admin folders every other admin folder may import, and what each of them may import. */
const ADMIN_COMMON = { ui: [], workspace: ['ui'], workbook: [] };

const SHARED_CODE = [
  '@/features',
  '@/features/**',
  '@/app',
  '@/app/**',
  '**/features/**',
  '**/app/**',
];
/** An import of a sibling folder (by alias or `../`) other than `allowed`. */
const siblingOtherThan = (alias, allowed) =>
  `^(?:${alias}|\\.\\./)(?!(?:${allowed.join('|')})(?:/|$))[\\w-]+(?:/|$)`;
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const importDirection = [
  {
    files: ['src/{lib,components,config}/**/*.{ts,tsx}'],
    rules: restrict({
      group: SHARED_CODE,
      message: 'Shared code (lib, components, config, data) imports no feature and not the app.',
    }),
  },
  ...['shared', ...DATA_DOMAINS].map((domain) => ({
    files: [`src/data/${domain}/**/*.{ts,tsx}`],
    rules: restrict(
      {
        group: SHARED_CODE,
        message: 'Shared code (lib, components, config, data) imports no feature and not the app.',
      },
      {
        regex: siblingOtherThan('@/data/', domain === 'shared' ? ['shared'] : [domain, 'shared']),
        message:
          domain === 'shared'
            ? 'src/data/shared imports no data domain: the domains import it.'
            : `A data domain imports no other domain: move what ${domain} shares to src/data/shared, or let the page import both.`,
      },
    ),
  })),
  ...FEATURES.filter((name) => name !== 'admin').map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict({
      group: ['@/app', '@/app/**', '@/features/*', `!@/features/${name}`, '**/app/**'],
      message: `A feature imports no other feature and not the app: move what ${name} shares to src/lib or src/components.`,
    }),
  })),
  ...ADMIN_FOLDERS.map((folder) => ({
    files: [`src/features/admin/${folder}/**/*.{ts,tsx}`],
    rules: restrict(
      {
        group: ['@/app', '@/app/**', '@/features/*', '!@/features/admin', '**/app/**'],
        message:
          'A feature imports no other feature and not the app: move what admin shares to src/lib or src/components.',
      },
      {
        regex: siblingOtherThan('@/features/admin/', [
          folder,
          ...(ADMIN_COMMON[folder] ?? Object.keys(ADMIN_COMMON)),
        ]),
        message: `An admin folder imports no other admin folder (only ui, workspace, workbook): move what ${folder} shares to src/data/<domain>, src/config or the ui kit.`,
      },
    ),
  })),
  {
    // TanStack Query is the administration's: a public chunk must not pull it in (ADR 004, 008),
    // so only the admin, the admin layout's nav and the data domains' queries.ts / *mutations.ts
    // import it; a domain's plain calls stay free of it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/features/admin/**',
      'src/app/layouts/admin-nav.tsx',
      'src/data/*/queries.ts',
      'src/data/*/*mutations.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              allowTypeImports: true,
              message:
                'TanStack Query only in the administration and src/data/<domain>/queries.ts or *mutations.ts.',
            },
          ],
          patterns: [
            {
              regex: '^(?:@/data/[\\w-]+/|\\./)(?:queries|[\\w-]*mutations)$',
              allowTypeImports: true,
              message:
                "A data domain's queries and mutations (TanStack Query) are for the administration only.",
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', '.local-db', 'test-artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // French typography puts no-break spaces in text (before : ; ! ?, inside « », "60 %"):
      // allowed in strings, templates and JSX text, still refused in code (docs/glossary.md).
      'no-irregular-whitespace': [
        'error',
        { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: true },
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['tests/component/**/*.{ts,tsx}'], ...testingLibrary.configs['flat/react'] },
  ...importDirection,
  {
    // The data layer checks what the database answers instead of casting through unknown: an
    // answer whose shape the types do not give is narrowed by a guard that looks at it.
    files: ['src/data/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression[typeAnnotation.type="TSUnknownKeyword"]',
          message:
            'No `as unknown as` in src/data: narrow the answer with a type guard that checks it.',
        },
      ],
    },
  },
  {
    // A route's path is written in the route manifest only (./eslint/route-paths.js).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/config/route-paths.ts'],
    plugins: { routes: routePaths },
    rules: { 'routes/no-path-literal': 'error' },
  },
);
