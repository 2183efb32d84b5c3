// ESLint, flat config: typescript-eslint's recommended rules on the TypeScript, and React's rules of hooks
// on the playground. `npm run lint` runs it; tests/lint.test.ts runs it with `npm test`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Built output and generated code (validators compiled from the packs) are not written by hand.
    ignores: ['dist/**', 'dist-*/**', 'lib/**', '.release/**', '.astro/**', 'node_modules/**', 'src/generated/**', 'public/**', 'bench/results*/**', 'bench/tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // Schema nodes and AJV params are any by nature (types.ts says so where it declares them).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The plain JavaScript files are Node scripts (the CLI's launcher, test servers, configs).
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
  {
    // Scripts the pages load in the browser.
    files: ['**/*.client.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', matchMedia: 'readonly', localStorage: 'readonly', CustomEvent: 'readonly', location: 'readonly', navigator: 'readonly', HTMLElement: 'readonly', requestAnimationFrame: 'readonly', IntersectionObserver: 'readonly', addEventListener: 'readonly', innerHeight: 'readonly', scrollY: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
  },
  {
    // Components, and the playground's hooks in files of their own (use-*.ts).
    files: ['**/*.tsx', 'src/components/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
