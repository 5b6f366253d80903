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
 * feature imports no other feature and not the app.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const restrict = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});
const importDirection = [
  {
    files: ['src/{lib,components,config,data}/**/*.{ts,tsx}'],
    rules: restrict(
      ['@/features', '@/features/**', '@/app', '@/app/**', '**/features/**', '**/app/**'],
      'Shared code (lib, components, config, data) imports no feature and not the app.',
    ),
  },
  ...FEATURES.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict(
      ['@/app', '@/app/**', '@/features/*', `!@/features/${name}`, '**/app/**'],
      `A feature imports no other feature and not the app: move what ${name} shares to src/lib or src/components.`,
    ),
  })),
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
    // A route's path is written in the route manifest only (./eslint/route-paths.js).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/config/route-paths.ts'],
    plugins: { routes: routePaths },
    rules: { 'routes/no-path-literal': 'error' },
  },
);
