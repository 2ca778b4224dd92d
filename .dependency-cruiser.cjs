/**
 * The architecture, as rules `npm test` checks (dependency-cruiser).
 *
 * Layers, lowest first — a layer imports only the ones before it:
 *
 *   src/contract   the HTTP contract and the rules client and server share
 *                  (calls, ids, money, the centre's clock). Imports nothing of ours.
 *   src/engine     the model: config loading and checking, expressions, the
 *                  action runtime, the session store, the JSON-Schema form model.
 *                  No React, no DOM libraries, nothing about this centre.
 *   src/widgets    rendering: React components for the engine's screens and
 *                  forms. No API calls, no app wiring.
 *   src/app        this centre's wiring: router, request layer, effects.
 *   src/server     the reference server. Shares contract and engine with the
 *                  app, never widgets or app code.
 *   src/studio     the admin studio (issue 13, its own page /studio/, its own
 *                  build): the top layer — imports contract, engine, widgets
 *                  and app (the live phone preview renders the app's own code);
 *                  never server; nothing imports it.
 *
 * Plus: no cycles anywhere under src/, and nothing under src/ imports tests/ (the
 * local doubles of WeChat and the SMS gateways are for tests only). (DOM types are kept out of the engine,
 * contract and server by their own tsconfig, tsconfig.node.json.)
 */
const UI_PACKAGES =
  '^node_modules/(react|react-dom|react-router|react-router-dom|react-hook-form|antd-mobile|antd-mobile-icons|signature_pad|qrcode\\.react|dompurify|axios)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes load order matter and splits one concern across files: move the shared part down a layer.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'src/contract is shared by the browser and the server: it imports only itself and plain libraries.',
      from: { path: '^src/contract/' },
      to: { path: '^src/(engine|widgets|app|server)/' },
    },
    {
      name: 'engine-stays-below-rendering',
      severity: 'error',
      comment: 'The engine is the model: no widgets, app or server code.',
      from: { path: '^src/engine/' },
      to: { path: '^src/(widgets|app|server)/' },
    },
    {
      name: 'engine-without-ui-libraries',
      severity: 'error',
      comment: 'The engine runs in Node (server, config checker) as well as the browser: no React, router, UI or DOM libraries.',
      from: { path: '^src/engine/' },
      to: { path: UI_PACKAGES },
    },
    {
      name: 'engine-browser-safe',
      severity: 'error',
      comment:
        'The engine runs in the browser too (the app; the admin studio runs checkConfigFiles as the admin types): only its Node entries ' +
        '(check.ts, load.ts, read-files.ts, screens.ts, repo-root.ts: reading the config from disk) may import Node built-ins.',
      from: { path: '^src/engine/', pathNot: '^src/engine/config/(check|load|read-files|screens|repo-root)\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'widgets-below-app',
      severity: 'error',
      comment: 'Widgets render what they are given; wiring, calls and the server live above them.',
      from: { path: '^src/widgets/' },
      to: { path: '^src/(app|server)/' },
    },
    {
      name: 'widgets-make-no-calls',
      severity: 'error',
      comment: 'Widgets make no API calls: the app passes data and actions in.',
      from: { path: '^src/widgets/' },
      to: { path: '^node_modules/axios/' },
    },
    {
      name: 'app-does-not-import-server',
      severity: 'error',
      comment: 'The app talks to the server over HTTP only, through src/contract.',
      from: { path: '^src/app/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-without-rendering',
      severity: 'error',
      comment: 'The server shares contract and engine with the app, never widgets, app code or UI libraries.',
      from: { path: '^src/server/' },
      to: { path: ['^src/(widgets|app)/', UI_PACKAGES] },
    },
    {
      name: 'studio-is-a-top-layer',
      comment: 'The studio (its own page and build) talks to the server over HTTP through src/contract, runs the engine, renders widgets and, in its live phone preview, the app itself; it never reaches into the server.',
      severity: 'error',
      from: { path: '^src/studio/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'nothing-imports-the-studio',
      comment: 'The studio is a top layer: the examinee app, the widgets, the engine, the contract and the server never depend on it (its code stays out of the app bundle).',
      severity: 'error',
      from: { path: '^src/(?!studio/)' },
      to: { path: '^src/studio/' },
    },
    {
      name: 'product-never-imports-tests',
      comment: 'The test doubles (tests/doubles: WeChat Pay v3, the official account, the SMS gateways) and every other test file stay out of the product: nothing under src/ may import them, so a double can never answer in production.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^tests/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.css$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
