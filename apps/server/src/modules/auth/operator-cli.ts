// `npm run operator -- add <email> [--password …]` adds an operator;
// `npm run operator -- reset <email> [--password …]` sets a new password and ends their sessions.
// Without --password it asks (hidden input) on a terminal, or generates one and prints it.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { addOperator, resetOperatorPassword } from './auth.service.ts';
import { generatePassword } from './password.ts';

const USAGE = 'Usage: npm run operator -- <add|reset> <email> [--password <password>]';

async function promptPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed: echo nothing after the prompt.
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  const write = output._writeToOutput.bind(rl);
  output._writeToOutput = (text) => {
    if (text.startsWith('Password')) write(text);
  };
  const answer = await rl.question('Password (empty to generate one): ');
  rl.close();
  process.stdout.write('\n');
  return answer.trim() === '' ? undefined : answer;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' } } });
  const [command, email] = positionals;
  if ((command !== 'add' && command !== 'reset') || !email) {
    console.error(USAGE);
    return 2;
  }
  let password = values.password ?? (await promptPassword());
  const generated = password === undefined;
  password ??= generatePassword();
  if (password.length < 8) {
    console.error('The password must be at least 8 characters.');
    return 2;
  }
  const handle = await openDatabase(loadConfig());
  try {
    await handle.migrate();
    if (command === 'add') await addOperator(handle.db, email, password);
    else await resetOperatorPassword(handle.db, email, password);
    console.log(`${command === 'add' ? 'Added operator' : 'Reset the password of'} ${email.toLowerCase()}.`);
    if (generated) console.log(`Generated password (shown once): ${password}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
