// Imports name their `.ts` file: src/cli/settings-docs.ts runs this module with plain Node (no bundler).
import { SETTING_GROUPS, SETTINGS, type Setting } from './settings.ts';

/** Where the table is written, from the repository's root. */
export const SETTINGS_DOC = 'docs/settings.md';

const INTRO = `# Settings

<!-- Generated from apps/api/src/settings.ts by \`pnpm --filter @kadr/api settings:docs\`: edit the list there, then run it. -->

Every environment variable the api server and its operator commands read. \`apps/api/src/env.ts\` reads
them once, at start, through the list in \`apps/api/src/settings.ts\` this page is generated from (a
variable cannot be read without a row here; \`settings.test.ts\` fails when this page is stale). A wrong
value, or a missing one that production requires, stops the start with a message naming every problem.

Production mode is \`NODE_ENV=production\` or \`KADR_PRODUCTION=on\`. In the Production column,
*required*: production does not start without it. Production never runs the sandbox providers: it
refuses to start with \`SANDBOX_PROVIDERS\` on. Flags take \`on\` or \`off\` (also \`true\`/\`false\`,
\`1\`/\`0\`, \`yes\`/\`no\`); lists are comma-separated.

Running it in production (nginx, PostgreSQL, Redis, media, health, scaling out) is
[deployment.md](deployment.md); the secrets and how to rotate them are its
[Secrets](deployment.md#secrets) section.
`;

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');

function row(name: string, setting: Setting): string {
  const production = setting.production ?? '';
  return `| \`${name}\` | ${cell(setting.default)} | ${production} | ${cell(setting.meaning)} |`;
}

/** docs/settings.md as the list in settings.ts describes the settings now. */
export function settingsMarkdown(): string {
  const entries = Object.entries(SETTINGS) as [string, Setting][];
  const parts = [INTRO.trimEnd()];
  for (const group of SETTING_GROUPS) {
    const rows = entries.filter(([, setting]) => setting.group === group).map(([name, s]) => row(name, s));
    if (rows.length === 0) continue;
    parts.push(
      [
        `## ${group}`,
        '',
        '| Setting | Default | Production | Meaning |',
        '| --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
