/*
 * Loaded into a started server by the benches' --cpu-prof=<dir> (NODE_OPTIONS, which refuses node's own
 * --cpu-prof): profiles the whole process and writes a .cpuprofile into BENCH_CPU_PROF_DIR as it exits.
 * Plain JavaScript: it loads before the TypeScript loader does.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  // The in-process session answers synchronously, so the profile is written before the process ends.
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(join(process.env.BENCH_CPU_PROF_DIR, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
