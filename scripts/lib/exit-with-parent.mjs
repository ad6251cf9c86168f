// @ts-check
// Preloaded (node --import) into every server startStandaloneServer starts: when what started it
// dies without cleaning up (SIGKILL, a crash), the server is re-parented and stops too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 1000).unref();
