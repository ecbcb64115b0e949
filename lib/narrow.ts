// Narrowing of `unknown` values into what the rest of lib/ works with: wire JSON fields and thrown
// errors. Never throws; a value of the wrong shape becomes an empty one.

/** The string, or '' for anything else. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The plain object, or {} for anything else (arrays and null included). */
export function objectOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A JSON text's value when it is a plain object; null for bad JSON, arrays, null and scalars alike. */
export function jsonObject(text: string): Readonly<Record<string, unknown>> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A thrown value as one message, prefixed with its code (`ENOENT: …`) when the message lacks it. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
