// `npm run operator -- add <email> [--name …] [--password …]` adds an admin (more people are invited
// from the console's team page); `npm run operator -- reset <email> [--password …]` sets a new password
// and ends their sessions. Without --password it asks (hidden input) on a terminal, or generates one
// and prints it. A chosen password must be at least 12 characters and hard to guess. The audit log
// records each change with the command line as its actor.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { COMMAND_LINE } from '../audit/audit.service.ts';
import { addOperator, resetOperatorPassword } from './auth.service.ts';
import { generatePassword } from './password.ts';
import { passwordSiteOf } from './password-strength.ts';

const USAGE = [
  'Usage: npm run operator -- <add|reset> <email> [--name <name>] [--password <password>]',
  '  add    adds an admin (who can then invite operators from the console)',
  '  reset  sets a new password and signs the operator out everywhere',
  'A password must be at least 12 characters and hard to guess (not made of the company name, the',
  'person’s name or e-mail, a season or the year); leave it out to generate one.',
].join('\n');

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
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, email] = positionals;
  if ((command !== 'add' && command !== 'reset') || !email) {
    console.error(USAGE);
    return 2;
  }
  let password = values.password ?? (await promptPassword());
  const generated = password === undefined;
  password ??= generatePassword();
  const config = loadConfig();
  const site = passwordSiteOf(config);
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    // Recorded in the audit log as done by the command line.
    if (command === 'add') await addOperator(handle.db, site, email, password, values.name, COMMAND_LINE);
    else await resetOperatorPassword(handle.db, site, email, password, COMMAND_LINE);
    console.log(`${command === 'add' ? 'Added the admin' : 'Reset the password of'} ${email.toLowerCase()}.`);
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
