// The one-line progress bar `memory import` redraws on a terminal: files, tool calls, rate, ETA.
// Pure text; the command decides whether and where to draw it.
import type { ImportProgress } from './importer.js';

const BAR_WIDTH = 20;

export function renderProgress(progress: ImportProgress, elapsedMs: number, columns = 80): string {
  const fraction = progress.bytesTotal > 0 ? Math.min(1, progress.bytesDone / progress.bytesTotal) : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(progress.toolCalls / seconds) : 0;
  // ETA from bytes, not calls: the number of calls left is unknown, the bytes left are not.
  const eta = fraction > 0 && fraction < 1 && seconds >= 1 ? `ETA ${clock((seconds / fraction) * (1 - fraction))}` : '';
  const parts = [
    `${bar} ${String(Math.floor(fraction * 100)).padStart(3)}%`,
    `${progress.filesDone}/${progress.filesTotal} files`,
    `${progress.toolCalls.toLocaleString('en-US')} calls`,
    `${rate.toLocaleString('en-US')}/s`,
    eta,
  ].filter(Boolean);
  const line = parts.join('  ');
  return line.length > columns - 1 ? line.slice(0, Math.max(0, columns - 1)) : line;
}

function clock(totalSeconds: number): string {
  const whole = Math.round(totalSeconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
