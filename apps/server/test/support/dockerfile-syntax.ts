// How a Dockerfile reads: its instructions (comments dropped, continuations joined), the words and
// variables of an instruction's text as Docker splits and expands them, its flags and JSON forms, and
// HEALTHCHECK's durations. Only the instructions listed in INSTRUCTIONS are understood; any other
// stops the reading, so the Dockerfile cannot use something this reading would silently get wrong.

export interface Instruction {
  keyword: string;
  /** The text after the keyword, continuation lines joined. */
  text: string;
  line: number;
}

const INSTRUCTIONS = new Set([
  'FROM',
  'WORKDIR',
  'COPY',
  'RUN',
  'ENV',
  'ARG',
  'USER',
  'EXPOSE',
  'VOLUME',
  'HEALTHCHECK',
  'CMD',
]);

export class DockerfileError extends Error {
  constructor(instruction: Pick<Instruction, 'line' | 'keyword'> | undefined, message: string) {
    super(instruction ? `Dockerfile line ${instruction.line} (${instruction.keyword}): ${message}` : message);
    this.name = 'DockerfileError';
  }
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';

/** The instructions of a Dockerfile: comments dropped, `\` continuations joined. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!.replace('\r', '');
    const trimmed = raw.trim();
    if (trimmed.startsWith('#')) {
      // Parser directives would change how the rest reads; only `syntax` (which frontend) is harmless.
      if (!pending && instructions.length === 0 && trimmed.slice(1).trim().toLowerCase().startsWith('escape')) {
        throw new DockerfileError(undefined, `line ${index + 1}: the escape directive is not supported`);
      }
      continue;
    }
    if (trimmed === '' && !pending) continue;
    const continued = trimmed.endsWith('\\');
    const body = continued ? trimmed.slice(0, -1) : trimmed;
    pending = pending
      ? { text: `${pending.text} ${body.trim()}`, line: pending.line }
      : { text: body, line: index + 1 };
    if (continued) continue;
    const space = [...pending.text].findIndex((char) => isSpace(char));
    const keyword = (space < 0 ? pending.text : pending.text.slice(0, space)).toUpperCase();
    const rest = space < 0 ? '' : pending.text.slice(space).trim();
    if (!INSTRUCTIONS.has(keyword)) {
      throw new DockerfileError({ line: pending.line, keyword }, 'instruction not understood by this test');
    }
    instructions.push({ keyword, text: rest, line: pending.line });
    pending = undefined;
  }
  if (pending) throw new DockerfileError(undefined, `line ${pending.line}: continuation at the end of the file`);
  return instructions;
}

/** Words split at blanks outside quotes; quotes removed, a backslash keeps the next character. */
export function words(text: string): string[] {
  const result: string[] = [];
  let current = '';
  let started = false;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && quote !== "'" && index + 1 < text.length) {
      current += text[++index];
      started = true;
    } else if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (isSpace(char)) {
      if (started) result.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (quote) throw new Error(`unclosed quote in: ${text}`);
  if (started) result.push(current);
  return result;
}

const isNameChar = (char: string | undefined) =>
  char !== undefined &&
  ((char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9') || char === '_');

/** `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME:+alternative}` and `${NAME:?error}`, as Docker expands them. */
export function expand(text: string, variables: Record<string, string>): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && text[index + 1] === '$') {
      result += '$';
      index++;
    } else if (char === '$' && text[index + 1] === '{') {
      const end = text.indexOf('}', index);
      if (end < 0) throw new Error(`unclosed \${ in: ${text}`);
      const inner = text.slice(index + 2, end);
      const colon = inner.indexOf(':');
      const name = colon < 0 ? inner : inner.slice(0, colon);
      const value = variables[name];
      if (colon < 0) result += value ?? '';
      else if (inner[colon + 1] === '-') result += value ? value : inner.slice(colon + 2);
      else if (inner[colon + 1] === '+') result += value ? inner.slice(colon + 2) : '';
      else if (inner[colon + 1] === '?') {
        if (!value) throw new Error(`${name}: ${inner.slice(colon + 2) || 'must be set'}`);
        result += value;
      } else throw new Error(`unsupported expansion \${${inner}}`);
      index = end;
    } else if (char === '$' && isNameChar(text[index + 1])) {
      let end = index + 1;
      while (isNameChar(text[end])) end++;
      result += variables[text.slice(index + 1, end)] ?? '';
      index = end - 1;
    } else {
      result += char;
    }
  }
  return result;
}

export function flags(instruction: Instruction, allowed: string[]): { flags: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let rest = instruction.text;
  while (rest.startsWith('--')) {
    const end = [...rest].findIndex((char) => isSpace(char));
    const flag = end < 0 ? rest : rest.slice(0, end);
    const equals = flag.indexOf('=');
    const name = equals < 0 ? flag.slice(2) : flag.slice(2, equals);
    if (!allowed.includes(name)) throw new DockerfileError(instruction, `flag --${name} not understood by this test`);
    found[name] = equals < 0 ? 'true' : flag.slice(equals + 1);
    rest = end < 0 ? '' : rest.slice(end).trim();
  }
  return { flags: found, rest };
}

export function execForm(instruction: Instruction, text: string, why = 'a JSON list of strings'): string[] {
  let parsed: unknown;
  try {
    parsed = text.startsWith('[') ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((part) => typeof part !== 'string')) {
    throw new DockerfileError(instruction, `use the JSON form: ${why}`);
  }
  return parsed as string[];
}

/** `ARG NAME[=default]`: the name and the default, if any. */
export function argument(instruction: Instruction): [string, string | undefined] {
  const equals = instruction.text.indexOf('=');
  const name = (equals < 0 ? instruction.text : instruction.text.slice(0, equals)).trim();
  if (!isNameChar(name[0]) || words(instruction.text).length !== 1) {
    throw new DockerfileError(instruction, 'one ARG NAME[=default] per line');
  }
  return [name, equals < 0 ? undefined : instruction.text.slice(equals + 1)];
}

/** HEALTHCHECK durations such as 30s, 2m, 1m30s, 500ms, in milliseconds. */
export function durationMs(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let digits = '';
  let unit = '';
  const flush = () => {
    if (digits === '' || units[unit] === undefined) throw new Error(`not a duration: ${text}`);
    total += Number(digits) * units[unit]!;
    digits = '';
    unit = '';
  };
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (unit !== '') flush();
      digits += char;
    } else {
      unit += char;
    }
  }
  flush();
  return total;
}
