// ESLint's settings for our page and worker scripts (companion/**/*.js) and
// those the benches and browser tests put in a page (bench/harness/*.js,
// tests/browser/*.js); scripts/test.sh runs ESLint on all of them.
'use strict';
const js = require('@eslint/js');
const globals = require('globals');

// Where each script runs: its global scope.
const PAGE = [
  'companion/webclient/pick_language.js',
  'companion/webclient/steady_languages.js',
  'companion/webclient/screen_restart.js',
  'companion/webclient/unreachable_watch.js',
  'companion/webclient/loading_screen.js',
  'companion/webclient/loading_screen_served.js',
  'companion/webclient/service_worker_registration.js',
  'companion/webclient/rive_redirect.js',
  'companion/webclient/rive_stub.js',
  'companion/webclient/peer_link.js',
  'companion/publish/page.js',
  'companion/publish/page_start.js',
  'companion/publish/snapshot_page.js',
  'companion/publish/bootstrap_gate.js',
  'companion/publish/page_channel.js',
  'companion/publish/link_from_address.js',
  'companion/publish/qr_scanner.js',
  'companion/publish/peer_page.js',
];
// Put into a page by a bench or a browser test (Playwright's init scripts).
const TOOL_PAGE = ['bench/harness/*.js', 'tests/browser/*.js'];
const SERVICE_WORKER = [
  'companion/webclient/service_worker.js',
];
const WORKER = [
  'companion/publish/archive_unpack.js',
  'companion/publish/snapshot_digest.js',
  'companion/publish/snapshot_maker.js',
  'companion/publish/python_start.js',
  'companion/publish/early_worker.js',
  'companion/publish/pyodide_private.js',
  'companion/publish/page_channel_worker.js',
];

module.exports = [
  // Third-party files shipped as published (companion/publish/vendor/README.md).
  {ignores: ['companion/publish/vendor/']},
  js.configs.recommended,
  {
    files: ['companion/**/*.js', ...TOOL_PAGE],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'script',
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      eqeqeq: 'error',
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    files: PAGE,
    languageOptions: {
      globals: {...globals.browser, flet: 'writable', _flutter: 'readonly'},
    },
  },
  {
    files: TOOL_PAGE,
    languageOptions: {globals: globals.browser},
  },
  {
    files: SERVICE_WORKER,
    languageOptions: {globals: globals.serviceworker},
  },
  {
    files: WORKER,
    languageOptions: {globals: globals.worker},
  },
  {
    files: ['eslint.config.js'],
    languageOptions: {sourceType: 'commonjs', globals: globals.node},
  },
];
