// One lint setup for the whole workspace. The import rules keep the layers pointing one way:
// client -> shared and server -> shared, never client <-> server, and shared never reaches for I/O.
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint ignores what git ignores, at any depth as git does: generated folders such as an interrupted journey run's
 * e2e/test-results/.playwright-artifacts-*, a data/ folder or a build are never linted (scripts/lint-ignores.test.mjs).
 */
export function gitIgnoredGlobs(gitignore) {
  return gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .flatMap((line) => {
      const folderOnly = line.endsWith('/');
      const name = line.replace(/\/$/, '');
      // A pattern with a slash before its end is relative to the root; any other matches at every depth.
      const glob = name.startsWith('/') ? name.slice(1) : name.includes('/') ? name : `**/${name}`;
      return folderOnly ? [`${glob}/**`] : [glob, `${glob}/**`];
    });
}

export default tseslint.config(
  { ignores: gitIgnoredGlobs(fs.readFileSync(new URL('.gitignore', import.meta.url), 'utf8')) },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http'], message: 'shared/ holds pure rules: no I/O. Pass data in as arguments.' },
            { group: ['@shop/client', '@shop/server', '**/client/**', '**/server/**'], message: 'shared/ is the bottom layer: it imports nothing from client or server.' },
          ],
          paths: [{ name: 'zod', message: 'Use zod/mini in shared/: the browser bundle pays ~4 kB for it instead of ~24 kB.' }],
        },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'shared/ takes the time as an argument.' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'shared/ takes randomness as an argument.' },
        { object: 'Date', property: 'now', message: 'shared/ takes the time as an argument.' },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@shop/server', '**/server/**'], message: 'The client talks to the server over HTTP only; share code through @shop/shared.' },
            { group: ['elkjs', 'elkjs/**', '**/devtools/machine-*'], message: 'The statechart drawing belongs to the devtools: a shopper page loads none of it.' },
            { group: ['**/app/network-faults*'], message: "The fault switches are the visualizer's: a shopper page loads none of them (the agent imports devtools/network-faults.ts)." },
          ],
        },
      ],
    },
  },
  {
    // The visualizer alone may load the machine catalogue, its graphs and the layout engine.
    files: ['client/src/features/devtools/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@shop/server', '**/server/**'], message: 'The client talks to the server over HTTP only; share code through @shop/shared.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'client/scripts/**/*.{js,mjs}', 'server/scripts/**/*.{js,mjs}', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@shop/client', '**/client/src/**'], message: 'The server never imports the client; share code through @shop/shared.' }] },
      ],
    },
  },
  {
    // Every journey watches the browser for errors (e2e/tests/fixtures.ts).
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@shop/client', '**/client/src/**'], message: 'The server never imports the client; share code through @shop/shared.' }],
          paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Journeys take test and expect from './fixtures.ts', which fails a journey on unexpected browser errors." }],
        },
      ],
    },
  },
  {
    files: ['server/src/server.ts', 'server/bench/**/*.ts', 'server/chaos/run.ts', 'server/src/storage/seed/cli.ts', 'scripts/**', 'client/scripts/**', 'server/scripts/**', 'e2e/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
