// Checks values against docs/record.schema.json with a validator for the part of JSON Schema that
// file uses (type, const, enum, minimum, maximum, required, properties, additionalProperties: false,
// items). Any other keyword in the schema fails the check, so the file cannot outgrow the validator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './helpers.js';

type Schema = Readonly<Record<string, unknown>>;

export const RECORD_SCHEMA = JSON.parse(readFileSync(join(ROOT, 'docs', 'record.schema.json'), 'utf8')) as Schema;

const KNOWN = new Set([
  '$schema',
  'title',
  'description',
  'format',
  'type',
  'const',
  'enum',
  'minimum',
  'maximum',
  'required',
  'properties',
  'additionalProperties',
  'items',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Every way `value` breaks `schema`, as `path: problem` lines; empty when it conforms. */
export function schemaErrors(value: unknown, schema: Schema = RECORD_SCHEMA, path = '$'): string[] {
  const errors: string[] = [];
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) errors.push(`${path}: unsupported keyword ${key}`);
  const actual = typeOf(value);
  if (schema['type'] !== undefined) {
    const allowed = ([] as unknown[]).concat(schema['type']);
    if (!allowed.some((type) => type === actual || (type === 'number' && actual === 'integer')))
      errors.push(`${path}: ${actual}, expected ${allowed.join(' or ')}`);
  }
  if ('const' in schema && value !== schema['const']) errors.push(`${path}: not ${JSON.stringify(schema['const'])}`);
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema['enum'])}`);
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) errors.push(`${path}: below minimum`);
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) errors.push(`${path}: above maximum`);
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
    for (const name of (schema['required'] ?? []) as string[])
      if (!Object.hasOwn(object, name)) errors.push(`${path}: missing ${name}`);
    for (const [name, field] of Object.entries(object)) {
      const fieldSchema = properties[name];
      if (fieldSchema) errors.push(...schemaErrors(field, fieldSchema, `${path}.${name}`));
      else if (schema['additionalProperties'] === false) errors.push(`${path}: unexpected field ${name}`);
    }
  }
  if (actual === 'array' && schema['items'] !== undefined)
    (value as unknown[]).forEach((item, index) =>
      errors.push(...schemaErrors(item, schema['items'] as Schema, `${path}[${index}]`)),
    );
  return errors;
}

/** Asserts each value is a record of docs/record.schema.json (and that there is at least one). */
export function expectRecords(values: readonly unknown[]): void {
  expect(values.length).toBeGreaterThan(0);
  expect(values.flatMap((value, index) => schemaErrors(value, RECORD_SCHEMA, `[${index}]`))).toEqual([]);
}

/** What a search hit adds to its record (lib/search/hit.ts, docs/record.md). */
const HIT_SCHEMA: Schema = {
  type: 'object',
  required: ['tier', 'score', 'matched'],
  properties: {
    tier: { enum: ['unicode61', 'trigram', 'like'] },
    score: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    matched: { type: 'array', items: { type: 'string' } },
    bridged: { type: 'array', items: { type: 'string' } },
    summarised: { type: 'array', items: { type: 'string' } },
    fixes: { type: 'integer', minimum: 1 },
  },
};

/** Asserts each value is a search hit: a record of docs/record.schema.json with the hit's fields beside it. */
export function expectHits(values: readonly unknown[]): void {
  expect(values.length).toBeGreaterThan(0);
  const errors = values.flatMap((value, index) => {
    const record: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const added: Record<string, unknown> = {};
    for (const name of Object.keys((HIT_SCHEMA['properties'] ?? {}) as object))
      if (Object.hasOwn(record, name)) {
        added[name] = record[name];
        delete record[name];
      }
    return [...schemaErrors(added, HIT_SCHEMA, `[${index}]`), ...schemaErrors(record, RECORD_SCHEMA, `[${index}]`)];
  });
  expect(errors).toEqual([]);
}
