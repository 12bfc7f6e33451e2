import path from 'node:path';

/**
 * The FILE of `npm run backup|restore -- FILE`, resolved against the folder the command was typed in:
 * npm runs a workspace's script in the workspace's folder and names the original one in INIT_CWD.
 */
export function backupFileArgument(command: 'backup' | 'restore'): string {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('-')) {
    console.error(`Usage: npm run ${command} -- FILE`);
    process.exit(2);
  }
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
