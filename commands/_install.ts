// Internal: the installer install.sh hands over to after its bootstrap (Node check, npm ci, build);
// the installed runtime's copy of it does --uninstall with no checkout at all. Prints the steps of
// lib/install/ as ✓ lines, warnings as `! …` on stderr, and a refusal as one line with exit 1.
import { writeOut } from '../lib/io/stdout.js';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { UsageError } from '../lib/errors.js';
import { BACKFILL_HINT, needsBackfill } from '../lib/install/backfill.js';
import { failWith } from '../lib/runtime/exit.js';
import { install } from '../lib/install/install.js';
import { cliPath } from '../lib/install/layout.js';
import { parseInstallArgs } from '../lib/install/options.js';
import type { Reporter } from '../lib/install/steps.js';
import { uninstall } from '../lib/install/uninstall.js';
import { ownRoot } from '../lib/runtime/own-files.js';
import { NODE_FLAGS } from '../lib/runtime/executables.js';

/**
 * The checkout an install copies from: ./install.sh runs this from the checkout's dist/runtime/. (An
 * installed copy runs it only to uninstall, which copies nothing.)
 */
const source = resolve(ownRoot(), '..', '..');

const report: Reporter = {
  step: (text) => writeOut(`✓ ${text}\n`),
  info: (text) => writeOut(`${text}\n`),
  warn: (text) => process.stderr.write(`! ${text}\n`),
};

try {
  const options = parseInstallArgs(process.argv.slice(2));
  const context = { env: process.env, report };
  if (options.mode === 'uninstall') {
    uninstall(options, context);
  } else {
    const layout = install(source, options, context);
    if (options.runImport) {
      report.info('Running memory import (backfills past sessions from transcripts)…');
      const result = spawnSync(process.execPath, [...NODE_FLAGS, cliPath(layout.runtime), 'import'], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (result.status !== 0) {
        report.warn(
          `memory import failed (exit ${result.status ?? result.signal}); the installation itself is complete — run 'memory import' again later`,
        );
      }
    } else if (needsBackfill(process.env)) {
      report.info(BACKFILL_HINT);
    }
  }
} catch (error) {
  failWith('install.sh', error, error instanceof UsageError ? "Run './install.sh --help' for the options." : undefined);
}
