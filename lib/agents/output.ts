// How context is handed back to an agent that reads JSON from a hook's stdout. Pure.

/** The envelope Claude Code, Gemini CLI and Codex read: context for the model, a message for the person. */
export function jsonEnvelope(event: string, context: string, notice: string | null = null): string {
  const envelope: Record<string, unknown> = {};
  if (notice) envelope['systemMessage'] = notice;
  if (context) envelope['hookSpecificOutput'] = { hookEventName: event, additionalContext: context };
  return `${JSON.stringify(envelope)}\n`;
}
