// @ts-check
// Preloaded (node --import) into every process the benchmark starts: when the benchmark itself
// dies without cleaning up (SIGKILL, a crash), this process is re-parented and stops too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 1000).unref();
