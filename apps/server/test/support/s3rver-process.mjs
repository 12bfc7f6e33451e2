// s3rver as a process of its own (see test-s3.ts): `node --openssl-legacy-provider s3rver-process.mjs
// PORT DIRECTORY BUCKET` prints "ready" once it listens on 127.0.0.1:PORT with BUCKET in DIRECTORY.
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
await server.run();
process.stdout.write('ready\n');
