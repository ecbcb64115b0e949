// `memory doctor`: prints the installation checks of lib/doctor/doctor.ts as ✓/!/✗ lines with a fix each,
// or as JSON; exits 1 (through MemoryError) when any check failed.
import { writeOut } from '../lib/io/stdout.js';
import type { Command } from 'commander';
import { loadConfig } from '../lib/config/config.js';
import { runDoctor, type Check, type DoctorReport } from '../lib/doctor/doctor.js';
import { MemoryError } from '../lib/errors.js';
import { repairDatabase, type RepairReport } from '../lib/faults/repair.js';
import { loadTeamConfig } from '../lib/team/connection-string.js';
import { colorsFor, type Colors } from './shared/format.js';

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description(
      'check the installation: hooks in settings.json, Node, the database, and each hook on a sample payload',
    )
    .option('--json', 'print the checks as JSON')
    .option(
      '--repair',
      'recover a damaged database: copy every readable row of every table into a new file, keep the damaged one beside it',
    )
    .action(async (options: { json?: boolean; repair?: boolean }) => {
      if (options.repair) {
        const repair = repairDatabase(loadConfig(process.env), process.env);
        writeOut(options.json ? `${JSON.stringify(repair, null, 2)}\n` : renderRepair(repair));
        if (repair.outcome === 'unreadable') throw new MemoryError(`nothing could be recovered from ${repair.dbPath}`);
        return;
      }
      const report = await withTeamChecks(runDoctor(process.env, process.version));
      writeOut(
        options.json ? `${JSON.stringify(report, null, 2)}\n` : render(report, colorsFor(process.stdout, process.env)),
      );
      const failed = report.checks.filter((check) => check.status === 'fail').length;
      if (failed > 0) throw new MemoryError(`doctor found ${failed} problem${failed === 1 ? '' : 's'}`);
    });
}

/** Adds the team server's checks when one is configured (pg is loaded only then). */
async function withTeamChecks(report: DoctorReport): Promise<DoctorReport> {
  if (!loadTeamConfig(process.env).url) return report;
  const checks = [...report.checks, ...(await (await import('../lib/doctor/team.js')).teamChecks(process.env))];
  return { ...report, checks, ok: checks.every((check) => check.status !== 'fail') };
}

function render(report: DoctorReport, pc: Colors): string {
  const MARK: Record<Check['status'], string> = { ok: pc.green('✓'), warn: pc.yellow('!'), fail: pc.red('✗') };
  const out: string[] = [];
  let section = '';
  for (const check of report.checks) {
    if (check.section !== section) {
      section = check.section;
      out.push(pc.bold(section));
    }
    out.push(`  ${MARK[check.status]} ${check.message}`);
    if (check.fix && check.status !== 'ok') out.push(`    ${pc.dim('fix:')} ${check.fix}`);
  }
  const problems = report.checks.filter((check) => check.status === 'fail').length;
  const warnings = report.checks.filter((check) => check.status === 'warn').length;
  out.push(
    '',
    problems === 0
      ? `All good${warnings ? ` (${warnings} note${warnings === 1 ? '' : 's'})` : ''}.`
      : `${problems} problem${problems === 1 ? '' : 's'} found.`,
  );
  return `${out.join('\n')}\n`;
}

function renderRepair(report: RepairReport): string {
  if (report.outcome === 'unreadable') {
    const db = report.dbPath;
    return [
      `Nothing could be read from ${db}: 0 rows recovered (no table can be found in it, even with its header rebuilt).`,
      'The file is left as it is; new memories are kept aside until it is repaired or moved.',
      'Try next:',
      `  1. the sqlite3 shell's own recovery: sqlite3 ${db} .recover | sqlite3 ${db}.recovered`,
      `     look: CLAUDE_MEMORY_DB=${db}.recovered memory search --recent`,
      `     keep it: mv ${db} ${db}.unreadable && mv ${db}.recovered ${db} && memory doctor --repair`,
      `  2. or restore ${db} from a backup, then memory doctor --repair`,
      `  3. or start again: mv ${db} ${db}.unreadable && memory doctor --repair`,
      "     (memory import then brings back what Claude Code's transcripts still hold)",
      '',
    ].join('\n');
  }
  const stored =
    report.stored > 0
      ? `\n${report.stored} event${report.stored === 1 ? '' : 's'} kept while it was damaged ${report.stored === 1 ? 'was' : 'were'} stored.`
      : '';
  if (report.outcome === 'healthy')
    return report.migrated
      ? `The database passes its integrity check; it was migrated from schema v${report.migrated.from} to v${report.migrated.to}: nothing else to repair.${stored}\n`
      : `The database passes its integrity check: nothing to repair.${stored}\n`;
  if (report.outcome === 'started') return `A new, empty database was started.${stored}\n`;
  const width = Math.max(...report.tables.map((table) => table.table.length));
  const tables = report.tables.map(
    (table) =>
      `  ${table.table.padEnd(width)}  ${table.recovered}${table.estimated === null ? ' (how many it held cannot be read)' : ` of ${table.recovered === table.estimated ? '' : 'about '}${table.estimated}`}`,
  );
  const lost = report.estimatedMemories - report.memories;
  return [
    `${report.memories} of about ${report.estimatedMemories} memories recovered${report.headerRebuilt ? ' (the file header was rebuilt to read them)' : ''}. Table by table:`,
    ...tables,
    `The damaged file is kept as ${report.damagedCopy}.${stored}`,
    ...(lost > 0
      ? [
          `${lost} ${lost === 1 ? 'memory' : 'memories'} could not be read: memory import brings back those whose transcripts Claude Code still keeps.`,
        ]
      : []),
    '',
  ].join('\n');
}
