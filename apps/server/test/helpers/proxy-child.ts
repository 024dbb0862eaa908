// The round-robin proxy in a process of its own (bench/load's two-instance mode: the proxy's CPU is
// not the load client's, as nginx's would not be). Backends are the arguments; prints its address.
import { startRoundRobinProxy } from './two-instances.ts';

const proxy = await startRoundRobinProxy(process.argv.slice(2));
process.stdout.write(`proxy on ${proxy.url}\n`);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
