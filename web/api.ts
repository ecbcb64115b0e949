// Reads the server's JSON API (same origin; the session cookie goes along by itself).
import type { ErrorResponse } from '../lib/ui/wire.js';

export class ApiError extends Error {}

export async function getJson<T>(
  path: string,
  params: Record<string, string | null | undefined>,
  signal: AbortSignal,
): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const response = await fetch(`${path}?${query.toString()}`, { signal, credentials: 'same-origin' });
  const body = (await response.json()) as T | ErrorResponse;
  if (!response.ok) throw new ApiError((body as ErrorResponse).error ?? `HTTP ${response.status}`);
  return body as T;
}
