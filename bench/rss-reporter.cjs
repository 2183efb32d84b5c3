// Preloaded (node --require) into the CLI by bench/cli.ts: writes the process's peak resident memory,
// worker threads included, as the last line of stderr when it exits.
process.on('exit', () => process.stderr.write(`\n{"max_rss_kb":${process.resourceUsage().maxRSS}}\n`));
