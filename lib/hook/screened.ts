// A hook in two parts (post-tool-use, user-prompt-submit). Most of their events need nothing, and
// telling so takes a look at the input alone (lib/hook/tool-screen.ts, prompt-screen.ts); the hook's
// own bundle holds only that look (in a runtime, run by its launcher with its V8 code cache). The
// rest (capture, redaction, the database) is a handler bundle beside it, loaded with its code cache
// only when there is work (scripts/build.mjs): a skipped event never reads, compiles nor runs it.
import { join } from 'node:path';
import { guardHook, readHookStdin, type HookInput, type HookStdin } from './io.js';

/** Set (true) by the runtime and plugin builds, whose handlers are bundles; undefined in tsc's output. */
declare const MEMORY_HANDLER_BUNDLES: boolean | undefined;

/** A handler module's whole hook after stdin (lib/hook/run.ts finishHook): prepare, gate, handler. */
export type FinishHook = (parsed: HookStdin) => Promise<void>;

/** Reads stdin; exits when `needsNothing` says so, else hands the parsed input to `finish`. */
export async function runScreenedHook(
  hookName: string,
  needsNothing: (input: HookInput) => boolean,
  finish: () => Promise<FinishHook>,
): Promise<void> {
  await guardHook(hookName, async () => {
    const parsed = await readHookStdin();
    if (parsed.ok && needsNothing({ input: parsed.value, env: process.env })) return;
    await (
      await finish()
    )(parsed);
  });
}

/**
 * The handler module lib/hook/<name>.ts: in a runtime, the bundle dist/hooks/<name>.handler.js
 * with its code cache; in tsc's output (the tests' dist/), the module itself.
 */
export function loadHandler<T>(name: string): Promise<T> {
  // A constant condition the bundler folds, so a runtime's screen holds no import() at all (Node
  // prepares for one in every script that contains it: ~0.7 ms of a stored event).
  return typeof MEMORY_HANDLER_BUNDLES === 'boolean' ? handlerBundle<T>(name) : handlerModule<T>(name);
}

async function handlerBundle<T>(name: string): Promise<T> {
  // Imported here, not above: the loader needs node:vm and node:module, which a skipped event never loads.
  const { loadBundle } = await import('../bundle.js');
  // The handler sits beside this bundle: this bundle's own `require` resolves for it as its own would.
  const file = join(import.meta.dirname, '..', '..', 'hooks', `${name}.handler.js`);
  return loadBundle<T>(file, true, typeof require === 'function' ? require : undefined).exports;
}

async function handlerModule<T>(name: string): Promise<T> {
  return (await import(new URL(`./${name}.js`, import.meta.url).href)) as T;
}
