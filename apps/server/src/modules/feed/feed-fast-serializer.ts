import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes a nullable object as `anyOf: [object, null]`; fast-json-stringify would pick the branch by running a
 * validator on every value. The same meaning as `nullable: true` lets it write the object straight away.
 */
function nullableWithoutAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableWithoutAnyOf);
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null')!;
    const { anyOf: _, ...rest } = node;
    return nullableWithoutAnyOf({ ...rest, ...other, nullable: true });
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullableWithoutAnyOf(value)]));
}

/**
 * A route's serializer compiled from its zod response schemas into fast-json-stringify: the same fields as the
 * schema (nothing undeclared leaves), written by generated code instead of a zod pass over the object and then
 * JSON.stringify. For hot routes whose presenter already builds the contract object field by field.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }) {
  const zodSchema = (schema instanceof z.ZodType ? schema : (schema as { properties: unknown }).properties) as z.ZodType;
  const json = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7' });
  return fastJson(nullableWithoutAnyOf(json) as Parameters<typeof fastJson>[0]);
}
