// Loaded with --import into a real server process by uncaught-errors.test.ts: on SIGUSR2 it fails the
// way a bug would, by a throw from a timer or a rejected promise nobody awaits (FAIL_WITH=throw|reject).
process.on('SIGUSR2', () => {
  if (process.env.FAIL_WITH === 'reject') void Promise.reject(new Error('a rejection nobody handled'));
  else
    setTimeout(() => {
      throw new Error('a throw from a timer');
    });
});
