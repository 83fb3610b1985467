/**
 * Import rules (ADR 0016), checked by `npm run check` (`npm run lint:imports`): no import circle
 * anywhere, and the architecture's import direction (docs/architecture.md). Each rule holds for the
 * code as it is; a rule that should hold but does not yet is not listed here.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Imports run one way: a circle means two modules need a third home for what they share.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/domain is the pure core: no I/O, no other package, no app.',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/(?!domain/)|apps/|e2e/|scripts/)' },
    },
    {
      name: 'contracts-import-only-domain',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(packages/(?!(contracts|domain)/)|apps/|e2e/|scripts/)' },
    },
    {
      name: 'db-imports-only-domain-and-contracts',
      severity: 'error',
      comment: 'The schema stores a few contract shapes as JSON (partner colours, feature flags, intro slides).',
      from: { path: '^packages/db/' },
      to: { path: '^(packages/(?!(db|domain|contracts)/)|apps/|e2e/|scripts/)' },
    },
    {
      name: 'register-imports-only-domain',
      severity: 'error',
      comment:
        'packages/register is the open share-register verifier (ADR 0044): pure, runs in a browser page on its own, so it reaches only the domain.',
      from: { path: '^packages/register/' },
      to: { path: '^(packages/(?!(register|domain)/)|apps/|e2e/|scripts/)' },
    },
    {
      name: 'i18n-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/i18n/' },
      to: { path: '^(packages/(?!i18n/)|apps/|e2e/|scripts/)' },
    },
    {
      name: 'clients-never-import-the-server',
      severity: 'error',
      comment:
        'The web app and the security app talk to the API over HTTP: never its code, never the database package.',
      from: { path: '^apps/(web|security-app)/' },
      to: { path: '^(apps/api/|packages/db/)' },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-shared-code-does-not-import-features-or-app',
      severity: 'error',
      comment: 'Shared code flows shared → features → app, never back (docs/style.md).',
      from: { path: '^apps/web/src/(components|lib|hooks|config|stores)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-do-not-import-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-features-import-only-shared-code-and-their-own-folder',
      severity: 'error',
      comment:
        'A feature imports shared code (components, lib, hooks, config, stores) and its own folder, never another ' +
        'feature: what several features use moves to shared code (issue 36, docs/style.md). The pairs that were ' +
        'there before the rule are listed in .dependency-cruiser-known-violations.json and may only shrink.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'back-office-imports-none-of-the-investor-app-features',
      severity: 'error',
      comment: 'The back office shares the web app’s shared code, not its features or its shell.',
      from: { path: '^apps/web/src/backoffice/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'back-office-shared-code-does-not-import-features-or-app',
      severity: 'error',
      comment: 'As in the investor app: shared → features → app, never back.',
      from: { path: '^apps/web/src/backoffice/(components|lib)/' },
      to: { path: '^apps/web/src/backoffice/(features|app)/' },
    },
    {
      name: 'back-office-features-import-only-shared-code-and-their-own-folder',
      severity: 'error',
      comment:
        'A back-office feature imports shared code (web and back-office components and lib) and its own folder, ' +
        'not another feature and not the back-office shell (issue 36).',
      from: { path: '^apps/web/src/backoffice/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^apps/web/src/backoffice/(features|app)/',
        pathNot: '^apps/web/src/backoffice/features/$1/',
      },
    },
    {
      name: 'only-app-loads-the-development-module',
      severity: 'error',
      comment:
        'app.ts loads modules/dev with a dynamic import outside production only; nothing else may reach it, so production never loads it.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/(app\\.ts$|modules/dev/)' },
      to: { path: '^apps/api/src/modules/dev/' },
    },
    {
      name: 'sandbox-adapters-only-in-the-provider-wiring',
      severity: 'error',
      comment:
        'Product code reaches providers through app.providers (their interfaces); the sandboxes are created in providers/index.ts and driven by modules/dev through app.sandbox.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/(providers/|modules/dev/)' },
      to: { path: '^apps/api/src/providers/.+/sandbox-' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp|data|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
