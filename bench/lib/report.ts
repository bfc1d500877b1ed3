import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const file = join(import.meta.dirname, '..', '..', 'docs', 'benchmarks.md');

/** One line naming the machine, Node and date, written above every result table. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = Math.round(totalmem() / 2 ** 30);
  return `Machine: ${cpus().length} × ${cpu}, ${memory} GiB, Node ${process.version}, ${process.platform}. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
}

/** Replaces (or appends) the section between `<!-- bench:id -->` markers in docs/benchmarks.md. */
export function writeSection(id: string, title: string, body: string): void {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const section = `${start}\n## ${title}\n\n${machineLine()}\n\n${body.trim()}\n${end}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nEach section is written by a script in `bench/` (`npm run bench` runs them all); every figure is measured beside a baseline in the same run.\n';
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** A markdown table from a header row and data rows. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The value at quantile q (0..1) of the numbers, nearest-rank. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
