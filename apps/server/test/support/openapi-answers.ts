// An operation of the API description, and its answers checked against the document.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestResponse } from './http-client.ts';

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers?: Record<string, { schema: { type?: string } }> }
  >;
}

export const needsSession = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => 'operatorSession' in requirement);
export const needsAccountSession = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => 'accountSession' in requirement);

/** Checks answers against the document with ajv (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export function answerChecker(document: { paths: Record<string, Record<string, Operation>> }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (...pointer: string[]) => {
    const ref = `openapi.json#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };

  /** What is wrong with an answer to `operation`, as readable lines (none when it matches). */
  return (operation: Operation, answer: TestResponse): string[] => {
    const name = `${operation.operationId} → ${answer.status}`;
    const documented = operation.responses[String(answer.status)];
    if (!documented) return [`${name}: status not in the document (${answer.text.slice(0, 200)})`];
    const problems: string[] = [];
    const method = operation.method.toLowerCase();
    const at = ['paths', operation.path, method, 'responses', String(answer.status)];
    // JSON, or a JSON-based type the document names for this answer (application/problem+json).
    const answered = answer.headers.get('content-type')?.split(';')[0] ?? '';
    const jsonType = documented.content?.['application/json']
      ? 'application/json'
      : answered.endsWith('+json') && documented.content?.[answered]
        ? answered
        : undefined;
    if (jsonType) {
      const validate = validatorAt(...at, 'content', jsonType, 'schema');
      if (!validate(answer.body)) problems.push(`${name}: body ${ajv.errorsText(validate.errors)}`);
    } else if (answer.text !== '') {
      // A file answer (a CSV export) names its media type in the document instead of a JSON schema.
      const type = answer.headers.get('content-type')?.split(';')[0] ?? '';
      if (!documented.content?.[type]) problems.push(`${name}: a body the document does not declare`);
    }
    for (const [header, { schema }] of Object.entries(documented.headers ?? {})) {
      const raw = answer.headers.get(header);
      if (raw === null) continue;
      const value = schema.type === 'integer' || schema.type === 'number' ? Number(raw) : raw;
      const validate = validatorAt(...at, 'headers', header, 'schema');
      if (!validate(value)) problems.push(`${name}: header ${header} ${ajv.errorsText(validate.errors)}`);
    }
    return problems;
  };
}
